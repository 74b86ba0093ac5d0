//! The tokenizer: turns buffered bytes into [`Token`]s and finds where games begin and end.
//!
//! A dispatcher on the first byte plus one function per token. Token spans index the buffer and
//! stay valid until the next call of [`Lexer::next`].

use std::{collections::VecDeque, io::Read};

use crate::{
    buffer::{Buffer, BufferError, ErrorAt, Mark},
    scan::{self, BraceScan, Resync, Word, BOM},
    tag_line, BraceNesting, CommentKind, OddityKind, Outcome, ReadErrorKind, ReadOptions,
};

/// Bytes kept available ahead of each token, enough for any ordinary token.
const LOOKAHEAD: usize = 128;
/// How far a paragraph before a game without tags is examined.
const PARAGRAPH_MAX: usize = 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    BeginGame,
    /// The token spans the tag pair; the name and value spans are [`Lexer::tag_name`] and
    /// [`Lexer::tag_value`].
    Tag,
    EndTags,
    San,
    Nag(u16),
    /// The token spans the opening `{` or `;` and the text.
    Comment(CommentKind),
    Open,
    Close,
    Outcome(Option<Outcome>),
    Oddity(OddityKind),
    EndGame,
    Eof,
}

/// A token: kind plus span in the buffer, small enough to pass in registers. Its position is
/// computed only when asked, by [`Lexer::mark_of`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub kind: Kind,
    start: u32,
    end: u32,
}

impl Token {
    /// Buffer indexes fit in `u32`: the buffer never grows past twice the game limit.
    #[inline]
    fn new(kind: Kind, start: usize, end: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: end as u32,
        }
    }

    /// Buffer index of the first byte.
    #[inline]
    pub fn start(self) -> usize {
        self.start as usize
    }

    /// Buffer index after the last byte.
    #[inline]
    pub fn end(self) -> usize {
        self.end as usize
    }
}

/// A token waiting to be handed out, with its position if it is not on the line of the last
/// token.
type Pending = (Token, Option<Mark>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Between,
    Tags,
    /// Movetext before the game's first move token.
    MovetextStart,
    Movetext,
    /// After the result marker, until the end of its line.
    ResultLine,
}

#[derive(Debug)]
pub(crate) struct Lexer<R> {
    pub buffer: Buffer<R>,
    state: State,
    pending: VecDeque<Pending>,
    /// The position of the last token handed out, if it came with one.
    popped_mark: Option<Mark>,
    /// Whether tokens are pending, a line count is deferred (see `Buffer::settle`) or the last
    /// token came with its position: the slow start of [`Lexer::next`].
    unsettled: bool,
    /// The name span of the last [`Kind::Tag`].
    pub tag_name: (usize, usize),
    /// The value span of the last [`Kind::Tag`].
    pub tag_value: (usize, usize),
    counted: bool,
    started: bool,
    /// Whether the rest of the current line is to be skipped (after a long `%` line).
    skip_line: bool,
    /// Whether a move on the result's line starts the next game: not after the forfeit marker
    /// `+--`.
    next_game_after_result: bool,
    /// Whether each game's bytes are kept in the buffer (`ReadOptions::keep_game_bytes`).
    keep_games: bool,
    /// Where the last skipping after a game given up stood, if it reached the end of the input.
    resync_end: Option<Resync>,
}

impl<R: Read> Lexer<R> {
    pub fn new(src: R, options: ReadOptions) -> Lexer<R> {
        Lexer::over(Buffer::new(src, options.max_game_bytes), options)
    }

    /// A lexer of the bytes `buffer` holds and reads.
    pub fn over(buffer: Buffer<R>, options: ReadOptions) -> Lexer<R> {
        Lexer {
            buffer,
            state: State::Between,
            pending: VecDeque::with_capacity(8),
            popped_mark: None,
            unsettled: false,
            tag_name: (0, 0),
            tag_value: (0, 0),
            counted: options.brace_nesting == BraceNesting::Counted,
            started: false,
            skip_line: false,
            next_game_after_result: true,
            keep_games: options.keep_game_bytes,
            resync_end: None,
        }
    }

    /// Whether the current game has had no move token yet.
    pub fn before_first_move(&self) -> bool {
        self.state == State::MovetextStart
    }

    /// Hands a token back, to be returned by the next call of [`Lexer::next`].
    pub fn push_front(&mut self, token: Token) {
        self.unsettled = true;
        self.pending.push_front((token, None));
    }

    /// Where `token`, the last token handed out, starts.
    #[inline]
    pub fn mark_of(&self, token: Token) -> Mark {
        match self.popped_mark {
            Some(mark) => mark,
            None => self.buffer.mark_at(token.start()),
        }
    }

    fn push_back(&mut self, token: Token) {
        self.unsettled = true;
        self.pending.push_back((token, None));
    }

    /// The bytes of a span.
    #[inline]
    pub fn bytes(&self, start: usize, end: usize) -> &[u8] {
        &self.buffer.buf[start..end]
    }

    /// The next token.
    #[inline(always)]
    pub fn next(&mut self) -> Result<Token, BufferError> {
        if self.unsettled {
            if let Some((token, mark)) = self.pending.pop_front() {
                self.popped_mark = mark;
                return self.check_size(token);
            }
            self.popped_mark = None;
            self.buffer.settle();
            self.unsettled = false;
        }
        let token = match self.state {
            State::Movetext | State::MovetextStart | State::ResultLine => self.next_movetext()?,
            State::Between => self.next_between()?,
            State::Tags => self.next_tag()?,
        };
        self.check_size(token)
    }

    /// Fails once a game's tokens reach past the size limit.
    #[inline]
    fn check_size(&self, token: Token) -> Result<Token, BufferError> {
        if self.buffer.offset_of(token.end()) <= self.buffer.game_limit() {
            return Ok(token);
        }
        let kind = ReadErrorKind::GameTooLarge {
            limit: self.buffer.max_game,
        };
        Err(Box::new(ErrorAt {
            kind,
            mark: self.mark_of(token),
        }))
    }

    fn token(&self, kind: Kind, len: usize) -> Token {
        let start = self.buffer.pos;
        Token::new(kind, start, start + len)
    }

    fn oddity(&self, kind: OddityKind, len: usize) -> Token {
        self.token(Kind::Oddity(kind), len)
    }

    /// A token of `len` bytes without line breaks, consumed.
    fn take(&mut self, kind: Kind, len: usize) -> Token {
        let token = self.token(kind, len);
        self.buffer.bump(len);
        token
    }

    fn peek(&self) -> Option<u8> {
        self.buffer.data().first().copied()
    }

    fn at_line_start(&self) -> bool {
        self.buffer.mark().column == 1
    }

    /// Skips a line starting with `%` (up to its line break) and reports it.
    fn escaped_line(&mut self) -> Result<Token, BufferError> {
        let len = self.buffer.line_end(0)?;
        Ok(self.take(Kind::Oddity(OddityKind::EscapedLine), len))
    }

    // Between games.

    /// A `%` line between games, where no game size limit applies: the first
    /// [`PARAGRAPH_MAX`] bytes are reported, the rest of a longer line is skipped without
    /// buffering at the next call.
    fn escaped_line_between(&mut self) -> Result<Token, BufferError> {
        self.buffer.ensure(PARAGRAPH_MAX)?;
        let data = self.buffer.data();
        let window = &data[..data.len().min(PARAGRAPH_MAX)];
        let len = memchr::memchr2(b'\n', b'\r', window).unwrap_or(window.len());
        self.skip_line = len == PARAGRAPH_MAX;
        Ok(self.take(Kind::Oddity(OddityKind::EscapedLine), len))
    }

    /// Skips the rest of a long line without buffering it (up to its line break).
    fn skip_line(&mut self) -> Result<(), BufferError> {
        self.skip_line = false;
        loop {
            if let Some(len) = memchr::memchr2(b'\n', b'\r', self.buffer.data()) {
                self.buffer.bump(len);
                return Ok(());
            }
            self.buffer.bump(self.buffer.data().len());
            if !self.buffer.fill()? {
                return Ok(());
            }
        }
    }

    #[inline(never)]
    fn next_between(&mut self) -> Result<Token, BufferError> {
        self.buffer.set_in_game(false);
        self.buffer.stop_recording();
        if self.skip_line {
            self.skip_line()?;
        }
        loop {
            self.buffer.ensure(LOOKAHEAD)?;
            if !self.started {
                self.started = true;
                self.byte_order_mark()?;
                self.binary()?;
            }
            match self.peek() {
                None => return Ok(self.token(Kind::Eof, 0)),
                Some(b' ' | b'\t' | b'\x0b' | b'\x0c') => self.buffer.bump(1),
                Some(b'\n' | b'\r') => self.buffer.newline()?,
                Some(b'%') if self.at_line_start() => return self.escaped_line_between(),
                Some(b'[') => return self.bracket_between(),
                Some(0xef) if self.buffer.data().starts_with(BOM) => return Ok(self.bom()),
                Some(_) => return self.paragraph(),
            }
        }
    }

    fn byte_order_mark(&mut self) -> Result<(), BufferError> {
        let data = self.buffer.data();
        if data.starts_with(b"\xef\xbb\xbf") {
            self.buffer.consume(3);
            self.buffer.start_line_here();
        } else if data.starts_with(b"\xff\xfe") || data.starts_with(b"\xfe\xff") {
            let mark = self.buffer.mark();
            return Err(Box::new(ErrorAt {
                kind: ReadErrorKind::Utf16,
                mark,
            }));
        }
        Ok(())
    }

    /// Refuses an input with a NUL byte among its first bytes ([`scan::binary_at`]): binary,
    /// not PGN text.
    fn binary(&mut self) -> Result<(), BufferError> {
        self.buffer.ensure(scan::BINARY_WINDOW)?;
        let data = self.buffer.data();
        let Some(at) = scan::binary_at(data) else {
            return Ok(());
        };
        let start = self.buffer.mark();
        let mut mark = Mark {
            byte: start.byte + at as u64,
            line: start.line,
            column: start.column + at as u64,
        };
        let before = &data[..at];
        for i in memchr::memchr2_iter(b'\n', b'\r', before) {
            if before[i] == b'\n' || before.get(i + 1) != Some(&b'\n') {
                mark.line += 1;
                mark.column = (at - i) as u64;
            }
        }
        Err(Box::new(ErrorAt {
            kind: ReadErrorKind::Binary,
            mark,
        }))
    }

    /// For a reader of a part of the input that does not start it (a chunk of the parallel
    /// reader): no byte order mark or binary check at its start.
    pub fn within_input(&mut self) {
        self.started = true;
    }

    /// A byte order mark at `pos`: skipped and reported. At the start of a line, the line then
    /// starts after it.
    fn bom(&mut self) -> Token {
        let at_line_start = self.at_line_start();
        let token = self.take(Kind::Oddity(OddityKind::ByteOrderMark), BOM.len());
        if at_line_start {
            self.buffer.start_line_here();
        }
        token
    }

    /// `[` between games: a tag section, or a line holding only a bracketed word (`[pgn]`).
    /// A `[` between games: a lone bracketed word on its line (`[pgn]`, forum markup) is no
    /// game; anything else starts a game's tags. The line is looked at up to
    /// [`PARAGRAPH_MAX`] bytes (a longer word is a tag's), whatever the reads brought in.
    fn bracket_between(&mut self) -> Result<Token, BufferError> {
        let mut bare = scan::bare_bracket_line(self.buffer.data(), self.buffer.eof);
        if bare.is_none() {
            // The buffer ended within the line: decided on the same window every time.
            self.buffer.ensure(PARAGRAPH_MAX)?;
            let data = self.buffer.data();
            let window = &data[..data.len().min(PARAGRAPH_MAX)];
            let at_end = self.buffer.eof || window.len() < data.len();
            bare = scan::bare_bracket_line(window, at_end);
        }
        if bare == Some(true) {
            let data = self.buffer.data();
            let len = memchr::memchr2(b'\n', b'\r', data).unwrap_or(data.len());
            return Ok(self.take(Kind::Oddity(OddityKind::NotAGame), len));
        }
        Ok(self.begin_game(State::Tags))
    }

    fn begin_game(&mut self, state: State) -> Token {
        self.state = state;
        self.buffer.set_in_game(true);
        if self.keep_games {
            self.buffer.record_here();
        }
        if state == State::Tags {
            // Kept in the buffer up to the end of the tags, for `tag_line_break`.
            self.buffer.pin_here();
        }
        let token = self.token(Kind::BeginGame, 0);
        if state == State::MovetextStart {
            self.push_back(self.token(Kind::EndTags, 0));
        }
        token
    }

    /// Text that starts a game without tags: the game, or skipped text before a game.
    fn paragraph(&mut self) -> Result<Token, BufferError> {
        let data = self.buffer.data();
        match data[0] {
            b'{' | b';' => return self.comments_paragraph(),
            b'(' => return Ok(self.begin_game(State::MovetextStart)),
            _ => {}
        }
        let first = scan::word_len(data);
        if (first < data.len() || self.buffer.eof) && scan::starts_movetext(&data[..first]) {
            return Ok(self.begin_game(State::MovetextStart));
        }
        self.buffer.ensure(PARAGRAPH_MAX)?;
        let data = self.buffer.data();
        let window = &data[..data.len().min(PARAGRAPH_MAX)];
        let at_eof = self.buffer.eof || window.len() < data.len();
        match scan::paragraph_len(window, at_eof) {
            Some(len) if !scan::looks_like_movetext(&window[..len]) => {
                let token = self.oddity(OddityKind::TextBeforeGame, len);
                self.buffer.consume_token(len);
                self.unsettled = true;
                Ok(token)
            }
            _ => Ok(self.begin_game(State::MovetextStart)),
        }
    }

    /// Comments between games: the start of a game if moves follow them, else skipped.
    fn comments_paragraph(&mut self) -> Result<Token, BufferError> {
        self.buffer.ensure(PARAGRAPH_MAX)?;
        let data = self.buffer.data();
        let window = &data[..data.len().min(PARAGRAPH_MAX)];
        let at_eof = self.buffer.eof && window.len() == data.len();
        match scan::comments_only(window, at_eof, self.counted) {
            Some(len) if len > 0 => {
                let token = self.oddity(OddityKind::NotAGame, len);
                self.buffer.consume_token(len);
                self.unsettled = true;
                Ok(token)
            }
            _ => Ok(self.begin_game(State::MovetextStart)),
        }
    }

    // Tags.

    #[inline(never)]
    fn next_tag(&mut self) -> Result<Token, BufferError> {
        if let Some(token) = self.fast_tag() {
            return Ok(token);
        }
        loop {
            self.buffer.ensure(LOOKAHEAD)?;
            match self.peek() {
                Some(b' ' | b'\t' | b'\x0b' | b'\x0c') => self.buffer.bump(1),
                Some(b'\n' | b'\r') => {
                    if let Some(token) = self.tag_line_break()? {
                        return Ok(token);
                    }
                }
                Some(b'[') => return self.tag(),
                Some(b'%') if self.at_line_start() => return self.escaped_line(),
                Some(0xef) if self.buffer.data().starts_with(BOM) => return Ok(self.bom()),
                _ => return Ok(self.end_tags()),
            }
        }
    }

    /// The common tag line, read straight from the buffered bytes while more than
    /// [`LOOKAHEAD`] of them are ahead (so that the general loop would read nothing more
    /// either): a `\n`, then a line starting with a simple tag ([`tag_line::parse_simple`]).
    /// `None`: the general loop goes on from where this stopped (after the `\n`, if taken).
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn fast_tag(&mut self) -> Option<Token> {
        let data = self.buffer.data();
        if data.len() <= LOOKAHEAD || data[0] != b'\n' || data[1] != b'[' {
            return None;
        }
        let parsed = tag_line::parse_simple(&data[1..]);
        self.buffer.newline_lf();
        let parsed = parsed?;
        let pos = self.buffer.pos;
        self.tag_name = (pos + parsed.name.0, pos + parsed.name.1);
        self.tag_value = (pos + parsed.value.0, pos + parsed.value.1);
        self.buffer.bump(parsed.len);
        Some(Token::new(Kind::Tag, pos, pos + parsed.len))
    }

    fn end_tags(&mut self) -> Token {
        self.buffer.unpin();
        self.state = State::MovetextStart;
        self.token(Kind::EndTags, 0)
    }

    /// After a line break in the tags: blank lines followed by a tag whose name the section
    /// already holds end the game (it has no movetext); blank lines followed by another tag are
    /// reported; blank lines followed by anything else end the tags.
    fn tag_line_break(&mut self) -> Result<Option<Token>, BufferError> {
        self.buffer.newline()?;
        if self.peek() == Some(b'[') {
            return Ok(None);
        }
        let mut blank = false;
        loop {
            self.buffer.ensure(LOOKAHEAD)?;
            let blanks = self
                .buffer
                .data()
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t');
            let blanks = blanks.count();
            match self.buffer.data().get(blanks) {
                Some(b'\n' | b'\r') => {
                    self.buffer.bump(blanks);
                    self.buffer.newline()?;
                    blank = true;
                }
                Some(b'[') if blank => {
                    let line = &self.buffer.data()[blanks..];
                    let name = tag_line::name(line);
                    if !tag_line::section_has_name(self.buffer.pinned(), name) {
                        return Ok(Some(self.oddity(OddityKind::BlankLineInTags, 0)));
                    }
                    let end_tags = self.end_tags();
                    self.push_back(self.token(Kind::EndGame, 0));
                    self.state = State::Between;
                    return Ok(Some(end_tags));
                }
                Some(b'[' | b'%') => return Ok(None),
                _ if blank => return Ok(Some(self.end_tags())),
                _ => return Ok(None),
            }
        }
    }

    fn tag(&mut self) -> Result<Token, BufferError> {
        let parsed = match tag_line::parse_simple(self.buffer.data()) {
            Some(parsed) => parsed,
            None => {
                let line_len = self.buffer.line_end(0)?;
                tag_line::parse(&self.buffer.data()[..line_len])
            }
        };
        let pos = self.buffer.pos;
        self.tag_name = (pos + parsed.name.0, pos + parsed.name.1);
        self.tag_value = (pos + parsed.value.0, pos + parsed.value.1);
        if parsed.oddities != [None; 3] {
            for kind in parsed.oddities.into_iter().flatten() {
                self.push_back(Token::new(Kind::Oddity(kind), pos, pos + parsed.len));
            }
        }
        self.buffer.bump(parsed.len);
        Ok(Token::new(Kind::Tag, pos, pos + parsed.len))
    }

    // Movetext.

    #[inline(always)]
    fn next_movetext(&mut self) -> Result<Token, BufferError> {
        if self.state == State::Movetext {
            if let Some(token) = self.fast_movetext() {
                return token;
            }
        }
        loop {
            self.spaces();
            if self.buffer.end - self.buffer.pos < LOOKAHEAD {
                self.buffer.ensure(LOOKAHEAD)?;
            }
            let Some(b) = self.peek() else {
                return Ok(self.end_game());
            };
            let token = match b {
                b' ' | b'\t' | b'\x0b' | b'\x0c' => {
                    self.blanks();
                    None
                }
                b'1'..=b'9' if self.state == State::Movetext => self.number()?,
                b'a'..=b'z' | b'A'..=b'Z' if self.state == State::Movetext => {
                    return match self.plain_move() {
                        Some(token) => Ok(token),
                        None => self.move_word(),
                    };
                }
                b'\n' | b'\r' => self.line_break()?,
                b'{' => Some(self.brace_comment()?),
                b';' => Some(self.line_comment()?),
                b'[' => Some(self.bracket()?),
                b'(' | b')' | b'}' | b']' | b'$' => Some(self.punctuation(b)),
                0xc2 if self.buffer.data().get(1) == Some(&0xa0) => {
                    Some(self.take(Kind::Oddity(OddityKind::NonAsciiWhitespace), 2))
                }
                0..=0x1f | 0x7f => Some(self.control()),
                _ => self.word()?,
            };
            if let Some(token) = token {
                return Ok(self.after_result(token));
            }
        }
    }

    /// The common tokens of movetext after the first move, read straight from the buffered
    /// bytes while at least [`LOOKAHEAD`] of them are ahead (so that the general loop would read
    /// nothing more either): spaces and standard move numbers are skipped, then a plain move
    /// ([`Lexer::plain_move`]) or a brace comment is taken. `None`: the general loop goes on
    /// from where this stopped.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn fast_movetext(&mut self) -> Option<Result<Token, BufferError>> {
        let pos = self.buffer.pos;
        let data = &self.buffer.buf[pos..self.buffer.end];
        let mut i = 0;
        let len = loop {
            while i < data.len() && data[i] == b' ' {
                i += 1;
            }
            if data.len() - i < LOOKAHEAD {
                break None;
            }
            match data[i] {
                b'1'..=b'9' => match scan::move_number(&data[i..]) {
                    Some(len) => i += len,
                    None => break None,
                },
                b'a'..=b'z' | b'A'..=b'Z' => break scan::plain_move_len(&data[i..]),
                b'{' => {
                    let close = scan::one_line_comment(&data[i + 1..]);
                    self.buffer.bump(i);
                    return Some(match close {
                        Some(close) => Ok(self.one_line_comment(close)),
                        None => self.brace_comment(),
                    });
                }
                _ => break None,
            }
        };
        let start = pos + i;
        let len = len.unwrap_or_default();
        self.buffer.pos = start + len;
        (len > 0).then(|| Ok(Token::new(Kind::San, start, start + len)))
    }

    /// A word starting with a digit, outside the result line: a standard move number is
    /// skipped (`None`), anything else is a word.
    #[inline(always)]
    fn number(&mut self) -> Result<Option<Token>, BufferError> {
        match scan::move_number(self.buffer.data()) {
            Some(len) => {
                self.buffer.bump(len);
                Ok(None)
            }
            None => self.word(),
        }
    }

    /// Skips spaces.
    #[inline(always)]
    fn spaces(&mut self) {
        let data = self.buffer.data();
        let mut i = 0;
        while i < data.len() && data[i] == b' ' {
            i += 1;
        }
        self.buffer.bump(i);
    }

    /// Skips blanks (there is at least one at `pos`).
    #[inline]
    fn blanks(&mut self) {
        let data = self.buffer.data();
        let mut i = 1;
        while i < data.len() && matches!(data[i], b' ' | b'\t' | b'\x0b' | b'\x0c') {
            i += 1;
        }
        self.buffer.bump(i);
    }

    /// On the result's line only comments are read; anything else is skipped.
    fn after_result(&self, token: Token) -> Token {
        match (self.state, token.kind) {
            (State::ResultLine, Kind::Nag(_) | Kind::Open | Kind::Close) => Token {
                kind: Kind::Oddity(OddityKind::AfterResult),
                ..token
            },
            _ => token,
        }
    }

    fn end_game(&mut self) -> Token {
        self.state = State::Between;
        self.token(Kind::EndGame, 0)
    }

    /// A line break in movetext. The game ends after its result line, at a line starting with
    /// `[`, and, once it has a move, at a blank line followed by a line starting with move
    /// number 1 or a move.
    #[inline(never)]
    fn line_break(&mut self) -> Result<Option<Token>, BufferError> {
        self.buffer.newline()?;
        if self.state == State::ResultLine {
            return Ok(Some(self.end_game()));
        }
        let mut blank = false;
        loop {
            self.buffer.ensure(LOOKAHEAD)?;
            if self.peek() == Some(b'%') {
                return self.escaped_line().map(Some);
            }
            let blanks = self
                .buffer
                .data()
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t');
            self.buffer.bump(blanks.count());
            match self.peek() {
                Some(b'\n' | b'\r') => {
                    self.buffer.newline()?;
                    blank = true;
                }
                Some(b'[') => return Ok(Some(self.end_game())),
                Some(b'0'..=b'9') if blank && self.state == State::Movetext => {
                    let first = scan::is_first_move_number(self.buffer.data());
                    return Ok(first.then(|| self.end_game()));
                }
                Some(b'A'..=b'Z' | b'a'..=b'z') if blank && self.state == State::Movetext => {
                    let data = self.buffer.data();
                    let word = &data[..scan::word_len(data)];
                    return Ok(scan::looks_like_move(word).then(|| self.end_game()));
                }
                _ => return Ok(None),
            }
        }
    }

    fn punctuation(&mut self, b: u8) -> Token {
        match b {
            b'(' => self.take(Kind::Open, 1),
            b')' => self.take(Kind::Close, 1),
            b'}' => self.take(Kind::Oddity(OddityKind::StrayCloseBrace), 1),
            b']' => self.take(Kind::Oddity(OddityKind::UnknownToken), 1),
            _ => self.nag(),
        }
    }

    fn nag(&mut self) -> Token {
        let after = &self.buffer.data()[1..];
        match scan::nag_digits(after) {
            Some((nag, digits)) => self.take(Kind::Nag(nag), 1 + digits),
            None => {
                let len = 1 + scan::word_len(after);
                self.take(Kind::Oddity(OddityKind::UnknownGlyph), len)
            }
        }
    }

    fn control(&mut self) -> Token {
        let is_control = |b: u8| (b < 0x20 && !b"\t\n\r\x0b\x0c".contains(&b)) || b == 0x7f;
        let len = self
            .buffer
            .data()
            .iter()
            .take_while(|&&b| is_control(b))
            .count();
        self.take(Kind::Oddity(OddityKind::UnknownToken), len.max(1))
    }

    /// `[` inside movetext: after a result or at the start of a line (after a byte order mark)
    /// it starts the next game; else `[...]` on this line is skipped.
    fn bracket(&mut self) -> Result<Token, BufferError> {
        if self.state == State::ResultLine || self.at_line_start() {
            return Ok(self.end_game());
        }
        let line_len = self.buffer.line_end(0)?;
        let line = &self.buffer.data()[..line_len];
        let len = memchr::memchr(b']', line).map_or(1, |i| i + 1);
        Ok(self.take(Kind::Oddity(OddityKind::BracketInMovetext), len))
    }

    fn line_comment(&mut self) -> Result<Token, BufferError> {
        let len = self.buffer.line_end(1)?;
        let start = self.buffer.pos;
        self.buffer.bump(len);
        Ok(Token::new(
            Kind::Comment(CommentKind::Line),
            start,
            start + len,
        ))
    }
}

// Brace comments and words.
impl<R: Read> Lexer<R> {
    #[inline(never)]
    fn brace_comment(&mut self) -> Result<Token, BufferError> {
        let counted = self.counted;
        let mut scan = BraceScan::new();
        let close = self
            .buffer
            .scan(|data, _| scan.find_end(&data[1..], counted))?;
        let Some(close) = close else {
            return Err(self.unterminated_comment(&scan, None));
        };
        if scan.cut {
            return Err(self.unterminated_comment(&scan, Some(close)));
        }
        let junk = if scan.nested && !counted {
            self.junk_len(close + 2, scan.depth)?
        } else {
            0
        };
        let pos = self.buffer.pos;
        let comment = Token::new(Kind::Comment(CommentKind::Brace), pos, pos + 1 + close);
        if scan.nested {
            let kind = Kind::Oddity(OddityKind::NestedComment);
            self.push_back(Token::new(kind, pos, pos + close + 2));
        }
        let line_start = scan.line_start.map(|start| start + 1);
        self.buffer
            .consume_counted(close + 2, scan.lines, line_start);
        // A line count deferred to the next token (a pushed token set it already).
        self.unsettled |= line_start.is_some();
        if junk > 0 {
            let token = self.oddity(OddityKind::JunkAfterNestedComment, junk);
            let mark = self.buffer.mark();
            self.pending.push_back((token, Some(mark)));
            self.unsettled = true;
            self.buffer.bump(junk);
        }
        Ok(comment)
    }

    /// A brace comment at `pos` whose `}` is at `close` in its body (after the `{`), with no
    /// `{` or `\n` before it ([`scan::one_line_comment`]): what [`Lexer::brace_comment`] makes
    /// of it (no line to count, nothing nested), without its general scan.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn one_line_comment(&mut self, close: usize) -> Token {
        let pos = self.buffer.pos;
        self.buffer.bump(close + 2);
        Token::new(Kind::Comment(CommentKind::Brace), pos, pos + 1 + close)
    }

    /// The length of text after a nested comment's first `}` (at `from`) that balances it on the
    /// same line, or 0.
    fn junk_len(&mut self, from: usize, depth: u32) -> Result<usize, BufferError> {
        let line_end = self.buffer.line_end(from)?;
        Ok(scan::nested_junk(&self.buffer.data()[from..line_end], depth).unwrap_or(0))
    }

    /// A brace comment without `}`: cut before the line break at `cut` (before a blank line and
    /// a tag line) or at the end of the input (`None`). Ends the game with an error at its `{`;
    /// the next game starts after the comment.
    /// A comment past the game size limit is [`ReadErrorKind::GameTooLarge`] (left to
    /// [`Lexer::resync`]).
    fn unterminated_comment(&mut self, scan: &BraceScan, cut: Option<usize>) -> BufferError {
        let mark = self.buffer.mark();
        let len = match cut {
            Some(close) => 1 + close,
            None => self.buffer.end - self.buffer.pos,
        };
        if self.buffer.offset_of(self.buffer.pos + len) > self.buffer.game_limit() {
            let kind = ReadErrorKind::GameTooLarge {
                limit: self.buffer.max_game,
            };
            return Box::new(ErrorAt { kind, mark });
        }
        let line_start = scan.line_start.map(|start| start + 1);
        self.buffer.consume_counted(len, scan.lines, line_start);
        self.buffer.settle();
        self.state = State::Between;
        Box::new(ErrorAt {
            kind: ReadErrorKind::UnterminatedComment,
            mark,
        })
    }

    /// The length of the word at `pos`, reading more if it reaches the end of the buffer.
    fn word_extent(&mut self) -> Result<usize, BufferError> {
        let mut len = scan::word_len(self.buffer.data());
        while len == self.buffer.data().len() && self.buffer.fill()? {
            let back = len.saturating_sub(1);
            len = back + scan::word_len(&self.buffer.data()[back..]);
        }
        Ok(len)
    }

    /// A word: move number (consumed silently unless odd), result, glyph, move or unknown. On
    /// the result's line, a move number or move starts the next game.
    fn word(&mut self) -> Result<Option<Token>, BufferError> {
        if self.buffer.data().starts_with(BOM) {
            return Ok(Some(self.bom()));
        }
        let len = self.word_extent()?.max(1);
        let word = &self.buffer.data()[..len];
        if self.state == State::ResultLine {
            if self.next_game_after_result && scan::starts_next_game(word) {
                return Ok(Some(self.end_game()));
            }
            return Ok(Some(self.take(Kind::Oddity(OddityKind::AfterResult), len)));
        }
        Ok(match scan::classify(word) {
            Word::Number { len, odd: false } => {
                self.buffer.bump(len);
                None
            }
            Word::Number { len, odd: true } => {
                Some(self.take(Kind::Oddity(OddityKind::MoveNumberForm), len))
            }
            Word::Outcome { outcome, len, odd } => Some(self.outcome(outcome, len, odd)),
            Word::Glyph { nag, len, unicode } => {
                if unicode {
                    self.push_back(self.oddity(OddityKind::UnicodeGlyph, len));
                }
                Some(self.take(Kind::Nag(nag), len))
            }
            Word::Move => {
                self.state = State::Movetext;
                Some(self.move_token(len))
            }
            Word::Unknown { kind, len } => Some(self.take(Kind::Oddity(kind), len)),
        })
    }

    /// The common move token: a word ending in a letter, digit or `#` (so without glyphs),
    /// wholly in the buffer.
    #[inline(always)]
    fn plain_move(&mut self) -> Option<Token> {
        let data = self.buffer.data();
        let len = scan::word_len(data);
        if len == data.len() || !scan::ends_plain_move(data[len - 1]) {
            return None;
        }
        let start = self.buffer.pos;
        self.buffer.bump(len);
        Some(Token::new(Kind::San, start, start + len))
    }

    /// A word starting with a letter, outside the result line: a move token.
    #[inline(never)]
    fn move_word(&mut self) -> Result<Token, BufferError> {
        let data = self.buffer.data();
        let len = scan::word_len(data);
        if len < data.len() {
            return Ok(self.move_token(len));
        }
        let len = self.word_extent()?;
        Ok(self.move_token(len))
    }

    fn outcome(&mut self, outcome: Option<Outcome>, len: usize, odd: bool) -> Token {
        if odd {
            self.push_back(self.oddity(OddityKind::NonstandardResult, len));
        }
        let marker = &self.buffer.data()[..len];
        self.next_game_after_result = marker != b"+--";
        let token = self.take(Kind::Outcome(outcome), len);
        self.state = State::ResultLine;
        token
    }

    fn move_token(&mut self, len: usize) -> Token {
        let data = self.buffer.data();
        if data[len - 1].is_ascii_alphanumeric() || data[len - 1] == b'#' {
            return self.take(Kind::San, len);
        }
        let (move_len, suffixes) = scan::split_suffix(&data[..len]);
        let token = self.token(Kind::San, move_len);
        for (nag, start, end) in suffixes.into_iter().flatten() {
            let pos = self.buffer.pos;
            self.push_back(Token::new(Kind::Nag(nag), pos + start, pos + end));
        }
        self.buffer.bump(len);
        token
    }

    /// After an error inside a game: skips raw bytes, without buffering, to the next line whose
    /// first byte other than whitespace is `[` ([`Resync`], the one statement of that rule), or
    /// to the end of the input; the whitespace before that `[` is skipped too.
    pub fn resync(&mut self) -> Result<(), BufferError> {
        self.pending.clear();
        self.buffer.settle();
        self.unsettled = true;
        self.state = State::Between;
        self.buffer.set_in_game(false);
        self.buffer.stop_recording();
        self.resync_end = None;
        let mut skip = Resync::new();
        loop {
            let data = self.buffer.data();
            if let Some(at) = skip.find(data) {
                self.buffer.consume(at);
                return Ok(());
            }
            // A `\r` at the end stays, so that a `\r\n` split between reads is one line break.
            let keep_cr = !self.buffer.eof && data.last() == Some(&b'\r');
            self.buffer.consume(data.len() - usize::from(keep_cr));
            if !self.buffer.fill()? && self.buffer.data().is_empty() {
                self.resync_end = Some(skip);
                return Ok(());
            }
        }
    }

    /// Where the skipping after a game given up stood when it reached the end of the input
    /// (for the parallel cutter, which skips the rest of the game from there).
    pub fn resync_end(&self) -> Option<Resync> {
        self.resync_end
    }
}

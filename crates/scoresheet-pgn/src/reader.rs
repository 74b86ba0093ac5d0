//! The streaming [`Reader`]: reads games one at a time and pushes them into a
//! [`Visitor`].
//!
//! # Game boundaries
//!
//! The rules, in the words of the files people write; each is tested in
//! `tests/integration/boundaries.rs`.
//!
//! 1. **A game is an optional tag section plus movetext.** Between games the reader skips
//!    whitespace and `%` lines; a game starts at a line starting with `[` (its tags) or at text
//!    that starts movetext (rule 2).
//! 2. **Movetext without tags, move numbers or result is a game.** A paragraph without tags (up
//!    to a blank line or a line starting with `[`) is movetext if it starts with `{`, `(` or
//!    `;` (but see rule 5), if its first word looks like a move by its shape alone (SAN `Nf3`,
//!    LAN `e2-e4`, UCI `e2e4`, castling `O-O` or `0-0`, null `--` or `Z0`), or if it holds a move
//!    number (`1.`, `1.e4`; not `2.1`) or a result marker. Other text is skipped
//!    ([`OddityKind::TextBeforeGame`]). Once a game has a move, a blank line followed by a line
//!    starting with White's move number 1 (`1.`) or a move ends it: paragraphs of bare moves separated by
//!    blank lines are one game each. Any other line (a later move number such as `8. ... Nxd4`,
//!    a variation, a comment, a result) continues the game, as annotating engines write it.
//! 3. **A tag section without movetext is a game with no moves.** A blank line followed by a tag
//!    whose name the section already holds ends the game (with an empty movetext): a file of
//!    results, one tag section per game, is one game per section. A blank line followed by a
//!    new name keeps the section going ([`OddityKind::BlankLineInTags`]), and so do repeated
//!    names without a blank line.
//! 4. **Comments between the tags and the moves belong to the game.** Until the game's first
//!    move, blank lines do not end it (only a tag line or the end of the input does): tags,
//!    blank line, `{ comment }`, blank line, `1. e4 ...` is one game.
//! 5. **Text that is not a game is reported, never a game.** A line holding only a bracketed
//!    word (forum markup `[pgn]`, `[/pgn]`), and comments between games followed by nothing but
//!    the next tag line or the end of the input (`;` lines or `{ }` after a result's line), are
//!    skipped ([`OddityKind::NotAGame`]); comments followed by moves start a game (rule 4). The
//!    look-ahead reaches 64 KiB: longer runs of comments start a game.
//! 6. **A game ends at its result marker** (`1-0`, `0-1`, `1/2-1/2`, `*` and the forms of
//!    [`OddityKind::NonstandardResult`]), at the end of the marker's line: comments after it on
//!    that line belong to the game, a move number or move there starts the next game (one line
//!    may hold many games), other tokens are skipped ([`OddityKind::AfterResult`]). After the
//!    forfeit marker `+--` nothing starts on its line. `--+` and `--#` are null moves with a
//!    check or mate sign, not results (as `--`, `Z0`, `Z0+` and `Z0#` are null moves).
//!    Without a result marker a game ends at a line starting with `[`, by rule 2 or 3, or at the
//!    end of the input ([`OddityKind::MissingResult`]).
//! 7. **A byte order mark** (U+FEFF) at the start of the input is skipped silently; anywhere
//!    else at a line start, or inside movetext, it is skipped and reported
//!    ([`OddityKind::ByteOrderMark`]), and the line is read from after it (a tag line stays a
//!    tag line).
//! 8. **An unterminated `{` ends its game with an error.** A brace comment that reaches a blank
//!    line followed by a line starting with `[`, or the end of the input, without its `}` is
//!    [`ReadErrorKind::UnterminatedComment`] at the `{`; reading goes on at that tag line.
//!    Blank lines inside a comment are fine when no tag line follows them.
//! 9. **No variation before the first move.** A `(` before the game's first move has nothing to
//!    vary from: it is skipped ([`OddityKind::VariationBeforeFirstMove`]), so `((( 1. c4 *` has
//!    `c4` in its mainline. After a move, variations nest as written; any left open are closed
//!    at the end of the game ([`OddityKind::UnclosedVariation`]).
//! 10. **Lenient repairs, each reported:** a result written with a Unicode dash (`1–0`, `½–½`,
//!     [`OddityKind::NonstandardResult`]); a NAG above 255 (`$256`) is skipped
//!     ([`OddityKind::UnknownGlyph`]), never handed to the visitor; a tag value ending in a
//!     backslash (`[TimeControl "5400+30\"]`) ends at that quote and the backslash is dropped
//!     (`5400+30`, [`OddityKind::BackslashEndsTagValue`]).
//!
//! Every [`Visitor::begin_game`] is answered by exactly one result of
//! [`read_game`](Reader::read_game): the game or its error.
//!
//! # After an error
//!
//! Errors concern one game ([`ReadError::is_recoverable`]). After
//! [`ReadErrorKind::VariationTooDeep`] the rest of the game is skipped by the rules above.
//! After [`ReadErrorKind::UnterminatedComment`] reading goes on at the tag line that cut the
//! comment.
//! After [`ReadErrorKind::GameTooLarge`] the reader skips raw lines, without buffering and
//! without looking at comments, to the next line that starts with `[` (after blanks), blank
//! line before it or not: a game right after an oversized one is read, never lost. A game is
//! too large once its bytes reach past [`ReadOptions::max_game_bytes`]; the reader finds out by
//! 128 KiB past the limit at most, so it never holds more of a game than the limit and that
//! much (whatever the thread count: the parallel reader skips the rest of such a game by the
//! same rule, without keeping it).
//!
//! # Before the first game
//!
//! The input is refused as a whole ([`ReadErrorKind::Utf16`], [`ReadErrorKind::Binary`], after
//! which reading does not go on) when it starts with a UTF-16 byte order mark, or when a NUL
//! byte is among its first 8 KiB: no PGN text holds one (an image, an archive, random bytes
//! do). The parallel reader has a reader check the input's start before it cuts any chunk.
//!
//! # After an I/O error
//!
//! A game the error cut off (its result marker not read) is the error, never a game: the
//! visitor's [`end_game`](Visitor::end_game) is not called for it, so that no output is made
//! of its tags and moves.
//!
//! ```
//! use scoresheet_pgn::{ReadErrorKind, ReadOptions, Reader};
//!
//! let pgn = b"[Event \"big\"]\n\n1. e4 { a very long comment } *\n\n[Event \"small\"]\n\n1. d4 *\n";
//! let mut reader = Reader::with_options(&pgn[..], ReadOptions::new().max_game_bytes(40));
//! let err = reader.skip_game().expect_err("first game too large");
//! assert!(matches!(err.kind(), ReadErrorKind::GameTooLarge { limit: 40 }));
//! assert!(reader.skip_game()?);
//! assert!(!reader.skip_game()?);
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

use std::{io::Read, ops::ControlFlow};

use crate::{
    buffer::{Buffer, ErrorAt, Mark},
    lexer::{Kind, Lexer, Token},
    visitor::SkipGame as SkipAll,
    Location, Oddity, OddityKind, RawComment, RawTag, RawToken, ReadError, ReadErrorKind, Skip,
    Visitor,
};

/// How a `{` inside a brace comment is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BraceNesting {
    /// As the PGN standard says: the comment ends at the first `}`. Text after it that balances
    /// the inner braces on the same line is skipped ([`OddityKind::JunkAfterNestedComment`]).
    #[default]
    FirstCloses,
    /// Braces nest: the comment ends at the `}` balancing its `{`.
    Counted,
}

/// The default of [`ReadOptions::max_game_bytes`]: 64 MiB, about 500 times lichess's longest
/// annotated games.
pub const DEFAULT_MAX_GAME_BYTES: usize = 64 << 20;

/// Settings of a [`Reader`], with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    pub(crate) max_game_bytes: usize,
    pub(crate) max_variation_depth: u32,
    pub(crate) brace_nesting: BraceNesting,
    pub(crate) keep_game_bytes: bool,
}

impl ReadOptions {
    /// The defaults: games up to 64 MiB, variations nested up to 256 deep, standard comments.
    pub const fn new() -> ReadOptions {
        ReadOptions {
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            max_variation_depth: 256,
            brace_nesting: BraceNesting::FirstCloses,
            keep_game_bytes: false,
        }
    }

    /// The largest game, in bytes (at most 1 GiB: larger values are treated as 1 GiB); a larger
    /// game is an error and is skipped without buffering. The reader holds at most this and
    /// 192 KiB of a game, at any thread count (see the [module docs](self)).
    pub const fn max_game_bytes(mut self, bytes: usize) -> ReadOptions {
        self.max_game_bytes = bytes;
        self
    }

    /// The largest game in bytes, as the reader applies it (at most 1 GiB).
    pub(crate) const fn game_cap(&self) -> usize {
        if self.max_game_bytes < crate::buffer::MAX_GAME {
            self.max_game_bytes
        } else {
            crate::buffer::MAX_GAME
        }
    }

    /// The deepest nesting of variations; a deeper one is an error for its game.
    pub const fn max_variation_depth(mut self, depth: u32) -> ReadOptions {
        self.max_variation_depth = depth;
        self
    }

    /// How braces inside comments are read.
    pub const fn brace_nesting(mut self, nesting: BraceNesting) -> ReadOptions {
        self.brace_nesting = nesting;
        self
    }

    /// Whether the reader keeps each game's bytes until the next game is read, for
    /// [`Reader::game_bytes`] (a game's bytes are in the buffer anyway, unless it is longer
    /// than the buffer; off by default).
    pub const fn keep_game_bytes(mut self, keep: bool) -> ReadOptions {
        self.keep_game_bytes = keep;
        self
    }
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::new()
    }
}

/// Reads PGN games from an [`io::Read`](std::io::Read) and pushes them into a [`Visitor`].
///
/// Buffers internally (one buffer, growing only for tokens longer than 64 KiB): do not wrap the
/// input in a `BufReader`.
#[derive(Debug)]
pub struct Reader<R> {
    lexer: Lexer<R>,
    max_depth: u32,
    game_index: u64,
    game_first_line: u64,
    fatal: bool,
    /// Whether the last game's movetext had a result marker.
    ended_with_outcome: bool,
    /// The games to read, by their tags (see `Reader::select_where`).
    pub(crate) selection: Option<Box<crate::pump::Selection>>,
    /// Where the last game read ended (absolute offset), for `game_bytes`.
    game_end: u64,
}

impl Reader<&'static [u8]> {
    /// A reader of `bytes`, the whole input (a chunk of the parallel reader), read where they
    /// are rather than copied into a buffer of the reader's: what a reader of `&bytes[..]`
    /// reads, holding the bytes once. [`Reader::into_bytes`] gives them back unchanged.
    pub(crate) fn in_memory(bytes: Vec<u8>, options: ReadOptions) -> Reader<&'static [u8]> {
        let buffer = Buffer::in_memory(bytes, options.max_game_bytes);
        Reader::of(Lexer::over(buffer, options), options)
    }

    /// The bytes of a reader made by [`Reader::in_memory`], unchanged.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.lexer.buffer.into_bytes()
    }
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`ReadOptions`].
    pub fn new(src: R) -> Reader<R> {
        Reader::with_options(src, ReadOptions::new())
    }

    /// A reader with the given options.
    pub fn with_options(src: R, options: ReadOptions) -> Reader<R> {
        Reader::of(Lexer::new(src, options), options)
    }

    fn of(lexer: Lexer<R>, options: ReadOptions) -> Reader<R> {
        Reader {
            lexer,
            max_depth: options.max_variation_depth,
            game_index: 0,
            game_first_line: 1,
            fatal: false,
            ended_with_outcome: false,
            selection: None,
            game_end: 0,
        }
    }

    /// A reader of a part of an input that does not start it (a chunk of the parallel
    /// reader): the checks of the input's start (byte order mark, binary) are not made.
    pub(crate) fn within_input(mut self) -> Reader<R> {
        self.lexer.within_input();
        self
    }

    /// Reads the next game into `visitor`. `Ok(None)` at the end of the input.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] for the game; if [recoverable](ReadError::is_recoverable) the next call
    /// reads the next game, else every later call returns `Ok(None)`.
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, ReadError> {
        if self.fatal {
            return Ok(None);
        }
        let begin = loop {
            let token = self.next()?;
            match token.kind {
                Kind::BeginGame => break self.lexer.mark_of(token),
                Kind::Oddity(kind) => self.report(visitor, kind, token),
                Kind::Eof => return self.end_of_input().map(|()| None),
                _ => {}
            }
        };
        self.game_first_line = begin.line;
        self.ended_with_outcome = false;
        let mut result = self.game(visitor, begin);
        self.game_end = self.lexer.buffer.offset();
        if self.cut_short(result.is_ok() && self.ended_with_outcome) {
            result = Err(self.broken_off());
        }
        if let Err(err) = &result {
            self.recover(err);
        }
        self.game_index += 1;
        result.map(Some)
    }

    /// Skips the next game. Returns whether there was one.
    ///
    /// # Errors
    ///
    /// As [`read_game`](Reader::read_game).
    pub fn skip_game(&mut self) -> Result<bool, ReadError> {
        self.read_game(&mut SkipAll).map(|game| game.is_some())
    }

    /// An iterator reading one game per item with `visitor`; it ends after the last game or
    /// after an error that is not [recoverable](ReadError::is_recoverable).
    pub fn games<'a, V: Visitor>(&'a mut self, visitor: &'a mut V) -> Games<'a, R, V> {
        Games {
            reader: self,
            visitor,
        }
    }

    /// Where the reader is now (the game index is that of the next game once one has ended).
    pub fn location(&self) -> Location {
        self.position_of(self.lexer.buffer.mark())
    }

    /// The bytes of the game read last, as the input has them: from its first byte (its
    /// first tag, or its first move without tags) to where it ended (after its result's line,
    /// or where the next game starts). Empty unless [`ReadOptions::keep_game_bytes`].
    ///
    /// ```
    /// use scoresheet_pgn::{ReadOptions, Reader};
    ///
    /// let pgn = b"\n[Event \"a\"]\n\n1. e4 {!} e5 *\n\n1. d4 *\n";
    /// let mut reader = Reader::with_options(&pgn[..], ReadOptions::new().keep_game_bytes(true));
    /// reader.skip_game()?;
    /// assert_eq!(reader.game_bytes(), b"[Event \"a\"]\n\n1. e4 {!} e5 *\n");
    /// reader.skip_game()?;
    /// assert_eq!(reader.game_bytes(), b"1. d4 *\n");
    /// # Ok::<_, scoresheet_pgn::ReadError>(())
    /// ```
    pub fn game_bytes(&self) -> &[u8] {
        self.lexer.buffer.recorded(self.game_end)
    }

    /// Whether the last game read had a result marker.
    pub(crate) fn last_game_had_result(&self) -> bool {
        self.ended_with_outcome
    }

    /// Where the skipping after a game given up stood, if it reached the end of the input.
    pub(crate) fn resync_end(&self) -> Option<crate::scan::Resync> {
        self.lexer.resync_end()
    }

    /// The size of the reader's buffer in bytes. It starts at 64 KiB and grows only for a game
    /// larger than that, up to [`ReadOptions::max_game_bytes`] and 192 KiB.
    pub fn buffer_capacity(&self) -> usize {
        self.lexer.buffer.capacity()
    }

    /// The underlying reader (buffered bytes are lost).
    pub fn into_inner(self) -> R {
        self.lexer.buffer.into_inner()
    }

    fn position_of(&self, mark: Mark) -> Location {
        Location {
            game_index: self.game_index,
            game_first_line: self.game_first_line,
            line: mark.line,
            column: mark.column,
            byte: mark.byte,
        }
    }

    #[inline(always)]
    fn next(&mut self) -> Result<Token, ReadError> {
        match self.lexer.next() {
            Ok(token) => Ok(token),
            Err(err) => Err(self.error(*err)),
        }
    }

    #[cold]
    #[inline(never)]
    fn error(&self, err: ErrorAt) -> ReadError {
        ReadError::new(err.kind, self.position_of(err.mark))
    }

    fn report<V: Visitor>(&self, visitor: &mut V, kind: OddityKind, token: Token) {
        let token = self.raw(token);
        visitor.oddity(Oddity { kind, token });
    }

    /// The bytes and position of `token`, the last token from the lexer.
    #[inline]
    fn raw(&self, token: Token) -> RawToken<'_> {
        RawToken {
            bytes: self.lexer.bytes(token.start(), token.end()),
            position: self.token_position(token),
        }
    }

    /// Where `token`, the last token from the lexer, starts.
    #[inline]
    fn token_position(&self, token: Token) -> Location {
        self.position_of(self.lexer.mark_of(token))
    }

    /// The end of the input between games, or the I/O error that ended it early.
    fn end_of_input(&mut self) -> Result<(), ReadError> {
        if self.lexer.buffer.io_error.is_none() {
            return Ok(());
        }
        self.fatal = true;
        Err(self.broken_off())
    }

    /// Whether the game being read was cut short by an I/O error: it reached the last byte read
    /// before the error and is not `whole` (a game whose result marker was read is whole).
    fn cut_short(&self, whole: bool) -> bool {
        let buffer = &self.lexer.buffer;
        buffer.io_error.is_some() && buffer.at_end() && !whole
    }

    /// The I/O error that ended the input, located after the last byte read.
    fn broken_off(&mut self) -> ReadError {
        let mark = self.lexer.buffer.mark();
        let (err, byte) = self
            .lexer
            .buffer
            .io_error
            .take()
            .unwrap_or_else(|| (std::io::Error::other("input ended early"), mark.byte));
        let at = Location {
            byte,
            ..self.position_of(mark)
        };
        ReadError::new(ReadErrorKind::Io(err), at)
    }

    /// After an error in a game: skip the rest of it (or stop for good).
    fn recover(&mut self, err: &ReadError) {
        let done = match err.kind() {
            ReadErrorKind::VariationTooDeep { .. } => match self.skip_rest() {
                Ok(()) => true,
                Err(err) => self.resume(err.kind()),
            },
            kind => self.resume(kind),
        };
        self.fatal |= !done;
    }

    /// After an error that ends a game in the lexer: go on to the next game. Returns whether
    /// reading can go on.
    fn resume(&mut self, kind: &ReadErrorKind) -> bool {
        match kind {
            // The lexer stopped before the next game.
            ReadErrorKind::UnterminatedComment => true,
            ReadErrorKind::GameTooLarge { .. } | ReadErrorKind::VariationTooDeep { .. } => {
                self.lexer.resync().is_ok()
            }
            _ => false,
        }
    }

    /// Skips tokens to the end of the game.
    fn skip_rest(&mut self) -> Result<(), ReadError> {
        loop {
            if matches!(self.next()?.kind, Kind::EndGame | Kind::Eof) {
                return Ok(());
            }
        }
    }

    fn skipped<O>(&mut self, output: O) -> Result<O, ReadError> {
        self.skip_rest()?;
        Ok(output)
    }

    fn game<V: Visitor>(&mut self, visitor: &mut V, begin: Mark) -> Result<V::Output, ReadError> {
        let tags = match visitor.begin_game(self.position_of(begin)) {
            ControlFlow::Continue(tags) => tags,
            ControlFlow::Break(output) => return self.skipped(output),
        };
        let (tags, at) = match self.tags(visitor, tags)? {
            ControlFlow::Continue(found) => found,
            ControlFlow::Break(output) => return self.skipped(output),
        };
        match visitor.begin_movetext(tags, self.position_of(at)) {
            ControlFlow::Continue(movetext) => self.movetext(visitor, movetext),
            ControlFlow::Break(output) => self.skipped(output),
        }
    }

    /// Reads tags up to the movetext; returns the tag state and where the movetext starts.
    fn tags<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut tags: V::Tags,
    ) -> Result<TagsRead<V>, ReadError> {
        loop {
            let token = self.next()?;
            match token.kind {
                Kind::Tag => {
                    let (start, end) = self.lexer.tag_value;
                    let value = RawTag {
                        bytes: self.lexer.bytes(start, end),
                        position: self.token_position(token),
                    };
                    let (start, end) = self.lexer.tag_name;
                    let name = self.lexer.bytes(start, end);
                    if let ControlFlow::Break(output) = visitor.tag(&mut tags, name, value) {
                        return Ok(ControlFlow::Break(output));
                    }
                }
                Kind::Oddity(kind) => self.report(visitor, kind, token),
                _ => return Ok(ControlFlow::Continue((tags, self.lexer.mark_of(token)))),
            }
        }
    }
}

/// The tag state and where the movetext starts, or the visitor's output.
type TagsRead<V> = ControlFlow<<V as Visitor>::Output, (<V as Visitor>::Tags, Mark)>;

/// What became of a pending `(`.
enum Flushed<O> {
    /// Reported to the visitor (or there was none): go on with the token after it.
    Reported,
    /// Skipped at the visitor's wish, the token after it included.
    Skipped(ControlFlow<O>),
}

/// The state of the movetext walk: open variations and one `(` not yet reported (to drop empty
/// variations).
struct Walk<M> {
    movetext: M,
    depth: u32,
    pending: Option<Mark>,
    outcome: bool,
    /// A skipped variation ran to the end of the game without its `)`.
    skipped_unclosed: bool,
}

impl<R: Read> Reader<R> {
    fn movetext<V: Visitor>(
        &mut self,
        visitor: &mut V,
        movetext: V::Movetext,
    ) -> Result<V::Output, ReadError> {
        let mut walk = Walk {
            movetext,
            depth: 0,
            pending: None,
            outcome: false,
            skipped_unclosed: false,
        };
        let mut token = self.next()?;
        loop {
            let flow = match token.kind {
                // A game cut off by an I/O error never reaches the visitor's `end_game`, so
                // that no output is made of it.
                Kind::EndGame | Kind::Eof if self.cut_short(walk.outcome) => {
                    return Err(self.broken_off())
                }
                Kind::EndGame | Kind::Eof => return Ok(self.end_game(visitor, walk, token)),
                Kind::Oddity(kind) => {
                    self.report(visitor, kind, token);
                    ControlFlow::Continue(())
                }
                Kind::Open => self.open(visitor, &mut walk, token)?,
                Kind::Close => self.close(visitor, &mut walk, token),
                _ if walk.pending.is_none() => self.item(visitor, &mut walk, token),
                _ => match self.flush(visitor, &mut walk, token)? {
                    Flushed::Reported => self.item(visitor, &mut walk, token),
                    Flushed::Skipped(flow) => flow,
                },
            };
            if let ControlFlow::Break(output) = flow {
                return self.skipped(output);
            }
            token = self.next()?;
        }
    }

    /// A move, NAG, comment or result.
    #[inline]
    fn item<V: Visitor>(
        &self,
        visitor: &mut V,
        walk: &mut Walk<V::Movetext>,
        token: Token,
    ) -> ControlFlow<V::Output> {
        let movetext = &mut walk.movetext;
        match token.kind {
            Kind::San => visitor.san(movetext, self.raw(token)),
            Kind::Nag(nag) => visitor.nag(movetext, nag, self.raw(token)),
            Kind::Comment(kind) => {
                let raw = self.raw(token);
                let comment = RawComment {
                    // Without the opening `{` or `;`.
                    bytes: raw.bytes.get(1..).unwrap_or_default(),
                    kind,
                    position: raw.position,
                };
                visitor.comment(movetext, comment)
            }
            Kind::Outcome(outcome) => {
                walk.outcome = true;
                visitor.outcome(movetext, outcome, self.token_position(token))
            }
            _ => ControlFlow::Continue(()),
        }
    }

    fn open<V: Visitor>(
        &mut self,
        visitor: &mut V,
        walk: &mut Walk<V::Movetext>,
        token: Token,
    ) -> Result<ControlFlow<V::Output>, ReadError> {
        if self.lexer.before_first_move() {
            self.report(visitor, OddityKind::VariationBeforeFirstMove, token);
            return Ok(ControlFlow::Continue(()));
        }
        match self.flush(visitor, walk, token)? {
            Flushed::Reported => {}
            Flushed::Skipped(flow) => return Ok(flow),
        }
        if walk.depth >= self.max_depth {
            let kind = ReadErrorKind::VariationTooDeep {
                limit: self.max_depth,
            };
            return Err(ReadError::new(kind, self.token_position(token)));
        }
        walk.pending = Some(self.lexer.mark_of(token));
        Ok(ControlFlow::Continue(()))
    }

    /// Reports the pending `(`, now known not to be empty because of `first`, the token after
    /// it.
    fn flush<V: Visitor>(
        &mut self,
        visitor: &mut V,
        walk: &mut Walk<V::Movetext>,
        first: Token,
    ) -> Result<Flushed<V::Output>, ReadError> {
        let Some(mark) = walk.pending.take() else {
            return Ok(Flushed::Reported);
        };
        match visitor.begin_variation(&mut walk.movetext, self.position_of(mark)) {
            ControlFlow::Continue(Skip(false)) => {
                walk.depth += 1;
                Ok(Flushed::Reported)
            }
            ControlFlow::Continue(Skip(true)) => self
                .skip_variation(visitor, walk, first)
                .map(Flushed::Skipped),
            ControlFlow::Break(output) => Ok(Flushed::Skipped(ControlFlow::Break(output))),
        }
    }

    /// Skips a variation the visitor does not want, from its first token `first` up to its
    /// matching `)`. Oddities inside are still reported; a result marker inside ends the
    /// skipping and is reported. A variation that the game ends inside is reported at the end
    /// of the game as one that is not skipped would be ([`OddityKind::UnclosedVariation`]).
    fn skip_variation<V: Visitor>(
        &mut self,
        visitor: &mut V,
        walk: &mut Walk<V::Movetext>,
        first: Token,
    ) -> Result<ControlFlow<V::Output>, ReadError> {
        let mut depth = 0u32;
        let mut token = first;
        loop {
            match token.kind {
                Kind::Open => depth += 1,
                Kind::Close if depth == 0 => return Ok(ControlFlow::Continue(())),
                Kind::Close => depth -= 1,
                Kind::Oddity(kind) => self.report(visitor, kind, token),
                Kind::Outcome(_) => {
                    walk.skipped_unclosed = true;
                    return Ok(self.item(visitor, walk, token));
                }
                Kind::EndGame | Kind::Eof => {
                    walk.skipped_unclosed = true;
                    self.lexer.push_front(token);
                    return Ok(ControlFlow::Continue(()));
                }
                _ => {}
            }
            token = self.next()?;
        }
    }

    fn close<V: Visitor>(
        &mut self,
        visitor: &mut V,
        walk: &mut Walk<V::Movetext>,
        token: Token,
    ) -> ControlFlow<V::Output> {
        if let Some(mark) = walk.pending.take() {
            let position = self.position_of(mark);
            visitor.oddity(Oddity {
                kind: OddityKind::EmptyVariation,
                token: RawToken {
                    bytes: b"",
                    position,
                },
            });
            ControlFlow::Continue(())
        } else if walk.depth == 0 {
            self.report(visitor, OddityKind::UnmatchedCloseParen, token);
            ControlFlow::Continue(())
        } else {
            walk.depth -= 1;
            visitor.end_variation(&mut walk.movetext, self.token_position(token))
        }
    }

    fn end_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut walk: Walk<V::Movetext>,
        token: Token,
    ) -> V::Output {
        let position = self.token_position(token);
        let empty = RawToken {
            bytes: b"",
            position,
        };
        if walk.pending.take().is_some() || walk.depth > 0 || walk.skipped_unclosed {
            visitor.oddity(Oddity {
                kind: OddityKind::UnclosedVariation,
                token: empty,
            });
        }
        for _ in 0..walk.depth {
            if let ControlFlow::Break(output) = visitor.end_variation(&mut walk.movetext, position)
            {
                return output;
            }
        }
        self.ended_with_outcome = walk.outcome;
        if !walk.outcome {
            visitor.oddity(Oddity {
                kind: OddityKind::MissingResult,
                token: empty,
            });
        }
        visitor.end_game(walk.movetext)
    }
}

/// Iterator over the games of a [`Reader`], from [`Reader::games`].
#[derive(Debug)]
pub struct Games<'a, R, V> {
    reader: &'a mut Reader<R>,
    visitor: &'a mut V,
}

impl<R: Read, V: Visitor> Iterator for Games<'_, R, V> {
    type Item = Result<V::Output, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.read_game(self.visitor).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records `san@line:column` and outcomes; breaks at `begin_movetext` for games whose first
    /// tag is `[Skip "1"]`.
    struct Events;

    impl Visitor for Events {
        type Tags = bool;
        type Movetext = Vec<String>;
        type Output = Vec<String>;

        fn begin_game(&mut self, _at: Location) -> ControlFlow<Vec<String>, bool> {
            ControlFlow::Continue(false)
        }
        fn tag(&mut self, skip: &mut bool, name: &[u8], _: RawTag<'_>) -> ControlFlow<Vec<String>> {
            *skip |= name == b"Skip";
            ControlFlow::Continue(())
        }
        fn begin_movetext(
            &mut self,
            skip: bool,
            _: Location,
        ) -> ControlFlow<Vec<String>, Vec<String>> {
            if skip {
                return ControlFlow::Break(vec!["skipped".into()]);
            }
            ControlFlow::Continue(Vec::new())
        }
        fn san(&mut self, events: &mut Vec<String>, san: RawToken<'_>) -> ControlFlow<Vec<String>> {
            let at = san.location();
            events.push(format!("{}@{}:{}", san.decode(), at.line, at.column));
            ControlFlow::Continue(())
        }
        fn begin_variation(
            &mut self,
            events: &mut Vec<String>,
            _: Location,
        ) -> ControlFlow<Vec<String>, Skip> {
            events.push("(".into());
            ControlFlow::Continue(Skip(false))
        }
        fn end_variation(
            &mut self,
            events: &mut Vec<String>,
            _: Location,
        ) -> ControlFlow<Vec<String>> {
            events.push(")".into());
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, events: Vec<String>) -> Vec<String> {
            events
        }
    }

    fn events(pgn: &[u8], options: ReadOptions) -> Vec<Result<String, String>> {
        let mut reader = Reader::with_options(pgn, options);
        let mut visitor = Events;
        let games = reader.games(&mut visitor);
        games
            .map(|game| game.map(|e| e.join(" ")).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn ok_read() {
        let cases: [(&[u8], &[&str]); 6] = [
            (b"1. e4 e5 *", &["e4@1:4 e5@1:7"]),
            (b"[A \"1\"]\r\n\r\n1. e4\r\n1... e5 *", &["e4@3:4 e5@4:6"]),
            (
                b"1. e4 (1. d4 (1. c4)) *\n\n1. f4",
                &["e4@1:4 ( d4@1:11 ( c4@1:18 ) )", "f4@3:4"],
            ),
            (
                b"[Skip \"1\"]\n\n1. e4 *\n\n[A \"\"]\n1. d4 *",
                &["skipped", "d4@6:4"],
            ),
            (b"Some notes\n\n1. e4 *", &["e4@3:4"]),
            (b"1. e4 { x\ny } e5 *", &["e4@1:4 e5@2:5"]),
        ];
        for (pgn, want) in cases {
            let got = events(pgn, ReadOptions::new());
            let want: Vec<_> = want.iter().map(|w| Ok(w.to_string())).collect();
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(pgn));
        }
    }

    #[test]
    fn ok_long_lines_between_games_not_buffered() {
        let options = ReadOptions::new().max_game_bytes(1000);
        for start in [&b"%"[..], b"some text "] {
            let mut pgn = start.to_vec();
            pgn.resize(4 << 20, b'x');
            pgn.extend_from_slice(b"\n\n1. e4 *\n");
            let mut reader = Reader::with_options(&pgn[..], options);
            let games: Vec<_> = reader.games(&mut Events).collect();
            assert_eq!(games.len(), 1, "{start:?}");
            assert!(reader.buffer_capacity() <= 128 << 10, "{start:?}");
        }
    }

    /// Issue 38: a game over the cap is given up by 128 KiB past it, whatever the read sizes,
    /// at the same place (the start of the token that crosses the limit); the buffer holds no
    /// more than the cap, that and a read; the game after it is read.
    #[test]
    fn err_oversized_game_bounded_buffer() {
        struct Reads<'a>(&'a [u8], usize);
        impl std::io::Read for Reads<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(out.len()).min(self.1);
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let limit = 100_000;
        let options = ReadOptions::new().max_game_bytes(limit);
        let after = "\n[Event \"after\"]\n\n1. d4 *\n";
        let bodies = [
            format!("1. e4 {}", "x".repeat(3 << 20)),
            format!("1. e4 {{{}}} *", "y".repeat(3 << 20)),
            format!("[Event \"{}\"]\n\n1. e4 *", "z".repeat(3 << 20)),
            format!("1. e4 {}", "e5 Nf3 ".repeat(500_000)),
            format!("1. e4 {}", "{ a }\n".repeat(500_000)),
        ];
        for body in &bodies {
            let pgn = format!("{body}{after}");
            let mut first = None;
            for read in [1 << 10, 7 << 10, 64 << 10, 1 << 20, usize::MAX] {
                let mut reader = Reader::with_options(Reads(pgn.as_bytes(), read), options);
                let got: Vec<_> = reader.games(&mut Events).collect();
                let cap = reader.buffer_capacity();
                assert!(cap <= limit + (192 << 10), "{read}: {cap}");
                assert_eq!(got.len(), 2, "{read}: {got:?}");
                let err = got[0].as_ref().expect_err("too large").to_string();
                assert!(err.contains("at most 100000 bytes"), "{err}");
                let next = got[1].as_ref().map(|e| e.join(" ")).unwrap_or_default();
                assert!(next.starts_with("d4@"), "{read}: {next}");
                assert_eq!(first.get_or_insert_with(|| err.clone()), &err, "{read}");
            }
        }
    }

    #[test]
    fn err_read() {
        let small = ReadOptions::new().max_variation_depth(1).max_game_bytes(30);
        type Case = (&'static [u8], &'static [Result<&'static str, &'static str>]);
        let cases: [Case; 2] = [
            (
                b"1. e4 ((1. d4)) *\n\n1. c4 *",
                &[
                    Err("pgn: game 1 (from line 1), line 1, column 8: expected at most 1 nested variations"),
                    Ok("c4@3:4"),
                ],
            ),
            (
                b"1. e4 {0123456789012345678901234567890} *\n\n[A \"\"]\n\n1. d4 *",
                &[
                    Err("pgn: game 1 (from line 1), line 1, column 7: expected a game of at most 30 bytes"),
                    Ok("d4@5:4"),
                ],
            ),
        ];
        for (pgn, want) in cases {
            let got = events(pgn, small);
            let want: Vec<_> = want
                .iter()
                .map(|w| w.map(str::to_string).map_err(str::to_string))
                .collect();
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(pgn));
        }
    }
}

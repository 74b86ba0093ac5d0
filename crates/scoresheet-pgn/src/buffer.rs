//! The reader's one growable buffer, with line counting.
//!
//! Holds the bytes from the start of the current token to what has been read so far. It grows
//! only for a token longer than itself (a long comment or tag line), and never beyond the
//! per-game limit plus one read.

use std::io::{self, Read};

use crate::ReadErrorKind;

/// Initial size, and the size of each read.
const CHUNK: usize = 64 * 1024;

/// The largest game limit: buffer indexes fit in `u32`.
pub(crate) const MAX_GAME: usize = 1 << 30;

/// How far past a game's size limit the buffer reads before the game is too large: more than
/// the lexer ever looks ahead of a token (so that where the error is does not depend on how much
/// was read, nor on where a chunk of the parallel reader ends), and the bound on what the buffer
/// holds beyond the limit.
pub(crate) const PAST_LIMIT: usize = 2 * CHUNK;

/// A game's buffer larger than this is given its room up to the cap in one allocation.
pub(crate) const BIG: usize = 8 << 20;

/// Where a token starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Mark {
    pub byte: u64,
    pub line: u64,
    pub column: u64,
}

/// An error of the buffer, with where it happened.
#[derive(Debug)]
pub(crate) struct ErrorAt {
    pub kind: ReadErrorKind,
    pub mark: Mark,
}

/// Boxed, to keep the `Result`s of the tokenizer small.
pub(crate) type BufferError = Box<ErrorAt>;

#[derive(Debug)]
pub(crate) struct Buffer<R> {
    src: R,
    pub buf: Vec<u8>,
    /// Start of unconsumed bytes.
    pub pos: usize,
    /// End of valid bytes.
    pub end: usize,
    pub eof: bool,
    /// Absolute offset of `buf[0]`.
    base: u64,
    line: u64,
    /// Absolute offset of the current line's first byte.
    line_start: u64,
    /// Line and line start after a token spanning lines, applied by [`Buffer::settle`] once
    /// the token has been handed out, so that its position is still computed from its first line.
    deferred: Option<(u64, u64)>,
    /// Absolute offset where the current game started, for the size limit.
    game_start: Option<u64>,
    /// `game_start + max_game`, or `u64::MAX` between games.
    game_limit: u64,
    /// Absolute offset from which bytes are kept when reading more (a game's tag section, in
    /// it), if any: see [`Buffer::pinned`].
    pin: Option<u64>,
    /// Absolute offset from which bytes are kept until [`Buffer::stop_recording`] (a game's
    /// first byte, when the reader keeps each game's bytes): see [`Buffer::recorded`].
    record: Option<u64>,
    pub max_game: usize,
    /// Whether `buf` holds the whole input (see [`Buffer::in_memory`]): nothing is read, moved
    /// or given back.
    in_memory: bool,
    /// An I/O error met while reading, with the offset of the byte after the last one read:
    /// the input counts as ended there ([`Buffer::eof`]), so that the bytes read before it are
    /// still read; the reader then decides what of them is whole.
    pub io_error: Option<(io::Error, u64)>,
}

impl Buffer<&'static [u8]> {
    /// A buffer holding the whole input already, `bytes`, read in place: the same tokens,
    /// errors and locations as a buffer reading them from a source (as if one read returned
    /// them all), without a copy. The bytes stay as they are ([`Buffer::into_bytes`]).
    pub fn in_memory(bytes: Vec<u8>, max_game: usize) -> Buffer<&'static [u8]> {
        let end = bytes.len();
        Buffer {
            in_memory: true,
            ..Buffer::holding(&[][..], bytes, end, max_game)
        }
    }
}

impl<R: Read> Buffer<R> {
    pub fn new(src: R, max_game: usize) -> Buffer<R> {
        Buffer::holding(src, vec![0; CHUNK], 0, max_game)
    }

    /// A buffer over `src` whose first `end` bytes of `buf` are the input's first.
    fn holding(src: R, buf: Vec<u8>, end: usize, max_game: usize) -> Buffer<R> {
        Buffer {
            src,
            buf,
            pos: 0,
            end,
            eof: false,
            base: 0,
            line: 1,
            line_start: 0,
            deferred: None,
            game_start: None,
            game_limit: u64::MAX,
            pin: None,
            record: None,
            max_game: max_game.min(MAX_GAME),
            in_memory: false,
            io_error: None,
        }
    }

    /// The bytes it holds, handed back unchanged (for a buffer made by [`Buffer::in_memory`]).
    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }

    /// The buffer's size in bytes.
    pub fn capacity(&self) -> usize {
        self.buf.len()
    }

    pub fn into_inner(self) -> R {
        self.src
    }

    /// The unconsumed bytes.
    #[inline]
    pub fn data(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// The absolute offset a token of the current game may reach: `u64::MAX` between games.
    #[inline]
    pub fn game_limit(&self) -> u64 {
        self.game_limit
    }

    /// Keeps the bytes from `pos` on in the buffer (within the current game's size limit) until
    /// [`Buffer::unpin`] or the end of the game.
    pub fn pin_here(&mut self) {
        self.pin = Some(self.offset());
    }

    pub fn unpin(&mut self) {
        self.pin = None;
    }

    /// The bytes from the pin to `pos` (empty without a pin).
    pub fn pinned(&self) -> &[u8] {
        let start = self.pin.map_or(self.pos, |pin| {
            usize::try_from(pin.saturating_sub(self.base)).map_or(self.pos, |i| i.min(self.pos))
        });
        &self.buf[start..self.pos]
    }

    /// Keeps the bytes from `pos` on in the buffer until [`Buffer::stop_recording`] (within
    /// the game's size limit, which the caller sets).
    pub fn record_here(&mut self) {
        self.record = Some(self.offset());
    }

    pub fn stop_recording(&mut self) {
        self.record = None;
    }

    /// The bytes from the recording's start to absolute offset `end` (empty without a
    /// recording, or when `end` is not in the buffer).
    pub fn recorded(&self, end: u64) -> &[u8] {
        let index = |at: u64| usize::try_from(at.checked_sub(self.base)?).ok();
        let (Some(start), Some(end)) = (self.record.and_then(index), index(end)) else {
            return &[];
        };
        self.buf.get(start..end.min(self.end)).unwrap_or_default()
    }

    /// Starts a game at `pos` (for the size limit), or ends it (`false`, which also unpins).
    pub fn set_in_game(&mut self, in_game: bool) {
        if !in_game {
            self.pin = None;
        }
        self.game_start = in_game.then(|| self.offset());
        self.game_limit = self
            .game_start
            .map_or(u64::MAX, |start| start.saturating_add(self.max_game as u64));
    }

    /// Whether every byte read has been consumed and the input has ended (or broke off).
    pub fn at_end(&self) -> bool {
        self.eof && self.pos == self.end
    }

    /// Absolute offset of `pos`.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// Where the byte at `pos` is.
    #[inline]
    pub fn mark(&self) -> Mark {
        let byte = self.offset();
        let (line, line_start) = self.deferred.unwrap_or((self.line, self.line_start));
        Mark {
            byte,
            line,
            column: byte - line_start + 1,
        }
    }

    /// Where the byte at buffer index `index` is, on the line of the last token handed out.
    #[inline]
    pub fn mark_at(&self, index: usize) -> Mark {
        let byte = self.base + index as u64;
        Mark {
            byte,
            line: self.line,
            column: byte.saturating_sub(self.line_start) + 1,
        }
    }

    /// Absolute offset of buffer index `index`.
    #[inline]
    pub fn offset_of(&self, index: usize) -> u64 {
        self.base + index as u64
    }

    /// Applies the line count of a token spanning lines (see `deferred`).
    #[inline]
    pub fn settle(&mut self) {
        if let Some((line, line_start)) = self.deferred.take() {
            self.line = line;
            self.line_start = line_start;
        }
    }

    fn error(&self, kind: ReadErrorKind) -> BufferError {
        Box::new(ErrorAt {
            kind,
            mark: self.mark(),
        })
    }

    /// Reads more bytes, keeping those from `pos` on (they may move to the front). Returns
    /// whether any were read.
    pub fn fill(&mut self) -> Result<bool, BufferError> {
        if self.eof {
            // At the end too: the room of a long token is not held while the last games are
            // written (a 50 MB tag in the input's last chunk).
            if self.buf.len() > BIG && !self.in_memory {
                self.compact();
                self.give_back_room();
            }
            return Ok(false);
        }
        if self.game_start.is_some() && self.past_limit() {
            return Err(self.error(ReadErrorKind::GameTooLarge {
                limit: self.max_game,
            }));
        }
        if self.in_memory {
            // The input's end: what a read past the last byte says.
            self.eof = true;
            return Ok(false);
        }
        self.compact();
        self.give_back_room();
        if self.end == self.buf.len() {
            let grown = self.grown();
            if self.game_start.is_some() && grown > BIG {
                // Room up to the cap at once: growing by doubling would copy the game's bytes
                // each time, holding the old and the new buffer together.
                let cap = self.max_game + PAST_LIMIT + CHUNK;
                self.buf.reserve_exact(cap.saturating_sub(self.buf.len()));
            }
            self.buf.resize(grown, 0);
        }
        self.read_some()
    }

    /// Moves the bytes still wanted (from `pos`, or from the pin or the record when earlier)
    /// to the front.
    fn compact(&mut self) {
        let kept_from = |at: Option<u64>| {
            at.map_or(self.pos, |at| {
                usize::try_from(at.saturating_sub(self.base)).map_or(self.pos, |i| i.min(self.pos))
            })
        };
        let keep = kept_from(self.pin).min(kept_from(self.record));
        if keep > 0 {
            self.buf.copy_within(keep..self.end, 0);
            self.base += keep as u64;
            self.end -= keep;
            self.pos -= keep;
        }
    }

    /// Gives back the room a long token took (a 50 MB tag) once what is held is small again,
    /// rather than holding it for the rest of the input (or, at its end, while the last games
    /// are written).
    fn give_back_room(&mut self) {
        if self.buf.len() > BIG && self.end < self.buf.len() / 8 {
            self.buf.truncate(self.end.max(4 * CHUNK));
            self.buf.shrink_to_fit();
        }
    }

    /// Whether the current game is too large, when more bytes are wanted: the position is past
    /// its limit, more than the limit is buffered ahead of it, or bytes past the limit and
    /// [`PAST_LIMIT`] are buffered (and the token or look-ahead at `pos` wants more).
    fn past_limit(&self) -> bool {
        self.offset() > self.game_limit
            || self.end - self.pos > self.max_game
            || self.offset_of(self.end) > self.game_limit.saturating_add(PAST_LIMIT as u64)
    }

    /// The buffer's next size: doubled, but in a game no more than a game's bytes up to
    /// [`PAST_LIMIT`] past its limit need, plus a read (whatever is kept from before `pos`
    /// belongs to the game).
    fn grown(&self) -> usize {
        let doubled = self.buf.len() * 2;
        match self.game_start {
            Some(_) => doubled
                .min(self.max_game + PAST_LIMIT + CHUNK)
                .max(self.buf.len() + CHUNK),
            None => doubled,
        }
    }

    fn read_some(&mut self) -> Result<bool, BufferError> {
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    self.io_error = Some((err, self.offset_of(self.end)));
                    self.eof = true;
                    return Ok(false);
                }
            }
        }
    }

    /// Makes at least `n` bytes available unless the input ends first.
    #[inline]
    pub fn ensure(&mut self, n: usize) -> Result<(), BufferError> {
        while self.end - self.pos < n {
            if !self.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Consumes `n` bytes that hold no line break.
    #[inline]
    pub fn bump(&mut self, n: usize) {
        self.pos += n;
    }

    /// Consumes `n` bytes, counting the line breaks among them (`\n`, and `\r` not followed by
    /// `\n`).
    pub fn consume(&mut self, n: usize) {
        let range = self.pos..self.pos + n;
        for i in memchr::memchr2_iter(b'\n', b'\r', &self.buf[range.clone()]) {
            let at = range.start + i;
            let lone_cr = at + 1 >= self.end || self.buf[at + 1] != b'\n';
            if self.buf[at] == b'\n' || lone_cr {
                self.line += 1;
                self.line_start = self.base + at as u64 + 1;
            }
        }
        self.pos += n;
    }

    /// Consumes the `n` bytes of a token holding `lines` line breaks, the last ending just
    /// before `pos + line_start` (counted by the caller while scanning them). The new line
    /// takes effect at [`Buffer::settle`].
    #[inline]
    pub fn consume_counted(&mut self, n: usize, lines: u64, line_start: Option<usize>) {
        if let Some(start) = line_start {
            let start = self.base + (self.pos + start) as u64;
            self.deferred = Some((self.line + lines, start));
        }
        self.pos += n;
    }

    /// Consumes the `n` bytes of a token, counting its line breaks like [`Buffer::consume`];
    /// the new line takes effect at [`Buffer::settle`].
    pub fn consume_token(&mut self, n: usize) {
        let (line, line_start) = (self.line, self.line_start);
        self.consume(n);
        if self.line != line {
            self.deferred = Some((self.line, self.line_start));
            (self.line, self.line_start) = (line, line_start);
        }
    }

    /// Consumes the `\n` at `pos`, as [`Buffer::newline`] does.
    #[inline]
    pub fn newline_lf(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.offset();
    }

    /// Consumes one line break at `pos`: `\r\n`, `\n`, `\r`, or `\r\r\n` (a CRLF converted
    /// twice, common in old files).
    pub fn newline(&mut self) -> Result<(), BufferError> {
        if self.buf[self.pos] == b'\r' {
            self.ensure(3)?;
            match self.data() {
                [b'\r', b'\n', ..] => self.pos += 1,
                [b'\r', b'\r', b'\n', ..] => self.pos += 2,
                _ => {}
            }
        }
        self.pos += 1;
        self.line += 1;
        self.line_start = self.offset();
        Ok(())
    }

    /// Scans the unconsumed bytes with `find`, reading more until it succeeds or the input ends.
    /// `find` gets the bytes from `pos` and where the previous try stopped; it returns an index
    /// relative to `pos`. At the end of input returns `None`.
    pub fn scan<F>(&mut self, mut find: F) -> Result<Option<usize>, BufferError>
    where
        F: FnMut(&[u8], usize) -> Option<usize>,
    {
        let mut searched = 0;
        loop {
            if let Some(found) = find(self.data(), searched) {
                return Ok(Some(found));
            }
            searched = self.end - self.pos;
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Index (relative to `pos`) of the next `\n` or `\r` at or after `from`, or of the end of
    /// the input.
    pub fn line_end(&mut self, from: usize) -> Result<usize, BufferError> {
        let found = self.scan(|data, searched| {
            let start = searched.max(from).min(data.len());
            memchr::memchr2(b'\n', b'\r', &data[start..]).map(|i| start + i)
        })?;
        Ok(found.unwrap_or(self.end - self.pos))
    }

    /// Makes `pos` the first column of the current line (after a byte order mark).
    pub fn start_line_here(&mut self) {
        self.line_start = self.offset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that returns one byte per read, to exercise refills.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), out.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn ok_consume_counts_lines() {
        let cases: [(&[u8], u64, u64); 5] = [
            (b"abc", 1, 4),
            (b"a\nbc", 2, 3),
            (b"a\r\nbc", 2, 3),
            (b"a\rbc", 2, 3),
            (b"\n\n\r\r\nx", 5, 2),
        ];
        for (input, line, column) in cases {
            let mut buffer = Buffer::new(input, 100);
            buffer.ensure(100).expect("in memory");
            buffer.consume(input.len());
            let mark = buffer.mark();
            assert_eq!((mark.line, mark.column), (line, column), "{input:?}");
        }
    }

    /// Issue 38: the room of a long token is given back at the end of the input too.
    #[test]
    fn ok_issue_38_long_token_room_given_back_at_end() {
        let text = vec![b'x'; 2 * BIG];
        let mut buffer = Buffer::new(&text[..], MAX_GAME);
        let found = buffer.scan(|data, from| memchr::memchr(b'}', &data[from..]).map(|i| from + i));
        assert_eq!(found.expect("in memory"), None);
        assert!(buffer.capacity() >= 2 * BIG, "{}", buffer.capacity());
        buffer.consume(2 * BIG);
        assert!(!buffer.fill().expect("in memory"));
        assert!(buffer.capacity() <= 4 * CHUNK, "{}", buffer.capacity());
    }

    #[test]
    fn ok_scan_refills() {
        let mut buffer = Buffer::new(Trickle(b"{ long comment }"), 100);
        let found = buffer.scan(|data, from| memchr::memchr(b'}', &data[from..]).map(|i| from + i));
        assert_eq!(found.expect("in memory"), Some(15));
        let mut buffer = Buffer::new(Trickle(b"{ open"), 100);
        let found = buffer.scan(|data, from| memchr::memchr(b'}', &data[from..]).map(|i| from + i));
        assert_eq!(found.expect("in memory"), None);
    }

    #[test]
    fn ok_pin_keeps_bytes_across_refills() {
        let mut buffer = Buffer::new(Trickle(b"[A \"1\"]\n[B \"2\"]\n\nrest"), 100);
        buffer.set_in_game(true);
        buffer.ensure(1).expect("in memory");
        buffer.pin_here();
        for _ in 0..17 {
            buffer.ensure(1).expect("in memory");
            buffer.bump(1);
        }
        assert_eq!(buffer.pinned(), b"[A \"1\"]\n[B \"2\"]\n\n");
        buffer.unpin();
        assert_eq!(buffer.pinned(), b"");
        buffer.pin_here();
        buffer.set_in_game(false);
        assert_eq!(buffer.pinned(), b"");
    }

    #[test]
    fn ok_record_keeps_bytes_across_refills() {
        let mut buffer = Buffer::new(Trickle(b"junk\n[A \"1\"]\n\n1. e4 *\n\nrest"), 100);
        buffer.ensure(5).expect("in memory");
        buffer.consume(5);
        buffer.set_in_game(true);
        buffer.record_here();
        for _ in 0..17 {
            buffer.ensure(1).expect("in memory");
            buffer.consume(1);
        }
        assert_eq!(buffer.recorded(buffer.offset()), b"[A \"1\"]\n\n1. e4 *\n");
        assert_eq!(buffer.recorded(buffer.offset() - 3), b"[A \"1\"]\n\n1. e4");
        buffer.stop_recording();
        assert_eq!(buffer.recorded(buffer.offset()), b"");
    }

    #[test]
    fn err_game_too_large() {
        let mut buffer = Buffer::new(Trickle(&[b'x'; 50]), 10);
        buffer.set_in_game(true);
        let err = buffer.ensure(40).expect_err("over the limit");
        assert!(matches!(
            err.kind,
            ReadErrorKind::GameTooLarge { limit: 10 }
        ));
    }
}

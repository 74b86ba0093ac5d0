//! The PGN [`Writer`]: writes games in the PGN export format to an [`io::Write`].
//!
//! ```
//! use scoresheet_pgn::{Outcome, Writer};
//!
//! let mut writer = Writer::new(Vec::new());
//! writer.begin_game()?;
//! writer.tag("White", "Deep Blue")?;
//! writer.tag("Black", "Kasparov, Garry")?;
//! writer.tag("ECO", "B17")?;
//! writer.san("e4")?;
//! writer.san("c6")?;
//! writer.comment("the Caro-Kann")?;
//! writer.san("d4")?;
//! writer.nag(1)?;
//! writer.begin_variation()?;
//! writer.san("Nc3")?;
//! writer.end_variation()?;
//! writer.san("d5")?;
//! writer.end_game(Some(Outcome::WhiteWins))?;
//! let pgn = String::from_utf8(writer.into_inner()?)?;
//! assert_eq!(
//!     pgn,
//!     r#"[Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "Deep Blue"]
//! [Black "Kasparov, Garry"]
//! [Result "1-0"]
//! [ECO "B17"]
//!
//! 1. e4 c6 {the Caro-Kann} 2. d4 $1 (2. Nc3) 2... d5 1-0
//!
//! "#
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Export format
//!
//! - Tags: the seven-tag roster first, in its order (`Event`, `Site`, `Date`, `Round`, `White`,
//!   `Black`, `Result`), with the defaults `?`, `????.??.??` for `Date`, and for `Result` the
//!   game's result marker; then the other tags in the order given. A roster tag given twice keeps
//!   its last value. Values are escaped (`\"`, `\\`); line breaks and other control characters in
//!   values become spaces.
//! - Movetext: tokens separated by single spaces, lines wrapped before 80 columns (a token longer
//!   than a line gets a line of its own). White's moves are numbered `12.`; Black's are numbered
//!   `12...` at the start of the movetext and of a variation and after a comment or a variation.
//!   Move numbers count from the `FEN` tag's move number and side to move, if there is one.
//! - Comments are written `{like this}`, with runs of whitespace collapsed to one space (and
//!   broken across lines like tokens). A `}` cannot be written inside a brace comment, so a
//!   comment holding one is written as a `;` comment, which runs to the end of its line: it is
//!   not wrapped, and the next token starts a new line.
//! - NAGs are written `$n`, variations `(...)`, and the result marker ends the movetext. Games
//!   are separated by a blank line.
//!
//! The writer knows no chess: it writes move tokens as given (checking only that they are one
//! token) and counts plies for the move numbers.
//!
//! # Buffering
//!
//! The writer keeps each game in memory until [`Writer::end_game`] and collects finished games in
//! an internal buffer, written to the underlying writer once it holds 64 KiB, on
//! [`Writer::flush`], on [`Writer::into_inner`], and (ignoring errors) on drop. Do not wrap the
//! output in a `BufWriter`.

use std::{fmt::Write as _, io};

use crate::Outcome;

/// Output gathered before it is written to the underlying writer.
const BUFFER: usize = 64 * 1024;

/// The seven-tag roster of PGN's export format, in its order, with each tag's value when it
/// is unknown (the writer gives `Result` the game's result instead).
pub const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Settings of a [`Writer`], with chaining setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    line_width: usize,
    words_in_moves: bool,
}

impl WriteOptions {
    /// The defaults: lines of at most 80 columns, as the PGN export format asks.
    pub const fn new() -> WriteOptions {
        WriteOptions {
            line_width: 80,
            words_in_moves: false,
        }
    }

    /// The longest movetext line, in bytes (at least 1).
    pub const fn line_width(mut self, width: usize) -> WriteOptions {
        self.line_width = if width == 0 { 1 } else { width };
        self
    }

    /// Whether a move token may hold words separated by single spaces, as ERAN's
    /// `Pawn e2-e4` does (default: no). Such a move is kept on one line, but PGN readers,
    /// this crate's included, read its words as separate tokens: the output is for people
    /// and for tools that know the notation.
    pub const fn words_in_moves(mut self, yes: bool) -> WriteOptions {
        self.words_in_moves = yes;
        self
    }
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions::new()
    }
}

/// The game being written.
#[derive(Debug, Default)]
struct GameBeingWritten {
    /// Values of the seven-tag roster.
    roster: [Option<String>; 7],
    /// Other tags, in order.
    tags: Vec<(String, String)>,
    /// Movetext written so far.
    movetext: String,
    /// Bytes on the current movetext line.
    column: usize,
    /// `(` waiting to be written before the next token.
    open: usize,
    /// Half-moves from the start of the game (0: White's first move).
    ply: u32,
    /// Whether Black's next move needs a number.
    number_black: bool,
    /// The ply to return to at the end of each open variation.
    variations: Vec<u32>,
}

/// Writes PGN games to an [`io::Write`]; see the [module docs](self).
///
/// Calls for one game: [`begin_game`](Writer::begin_game), [`tag`](Writer::tag)s, then
/// [`san`](Writer::san), [`nag`](Writer::nag), [`comment`](Writer::comment),
/// [`begin_variation`](Writer::begin_variation) and [`end_variation`](Writer::end_variation) in
/// order, then [`end_game`](Writer::end_game).
#[derive(Debug)]
pub struct Writer<W: io::Write> {
    inner: Option<W>,
    out: Vec<u8>,
    game: Option<GameBeingWritten>,
    options: WriteOptions,
}

/// An error for a call the writer cannot follow.
fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

impl<W: io::Write> Writer<W> {
    /// A writer with the default [`WriteOptions`].
    pub fn new(inner: W) -> Writer<W> {
        Writer::with_options(inner, WriteOptions::new())
    }

    /// A writer with the given options.
    pub fn with_options(inner: W, options: WriteOptions) -> Writer<W> {
        Writer {
            inner: Some(inner),
            out: Vec::with_capacity(BUFFER),
            game: None,
            options,
        }
    }

    /// Starts a game. A game still open is ended first, with result `*`.
    ///
    /// # Errors
    ///
    /// Writing to the underlying writer failed.
    pub fn begin_game(&mut self) -> io::Result<()> {
        if self.game.is_some() {
            self.end_game(None)?;
        }
        self.game = Some(GameBeingWritten {
            number_black: true,
            ..GameBeingWritten::default()
        });
        Ok(())
    }

    /// Adds a tag pair. The name must be non-empty and free of whitespace, control characters,
    /// `"`, `[` and `]`.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] for a name that cannot be written, for a tag after the
    /// movetext started, or outside a game.
    pub fn tag(&mut self, name: &str, value: &str) -> io::Result<()> {
        let bad_name = |c: char| c.is_whitespace() || c.is_control() || "\"[]".contains(c);
        if name.is_empty() || name.contains(bad_name) {
            return Err(invalid(format!("pgn: tag name {name:?} cannot be written")));
        }
        let game = self.game_mut("tag")?;
        if !game.movetext.is_empty() || game.open > 0 {
            return Err(invalid(format!("pgn: tag {name:?} after the movetext")));
        }
        if name == "FEN" {
            game.ply = start_ply(value);
        }
        match ROSTER.iter().position(|(roster, _)| *roster == name) {
            Some(i) => game.roster[i] = Some(value.to_string()),
            None => game.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Writes a move token as given (`Nf3`, `e2e4`, `O-O`), numbered as needed.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] for an empty token, one holding whitespace (but single
    /// spaces between words with [`WriteOptions::words_in_moves`]), control characters or PGN
    /// delimiters (`{ } ( ) [ ] ; $ "`) or starting with a digit followed by `.`, or a call
    /// outside a game.
    pub fn san(&mut self, token: &str) -> io::Result<()> {
        let delimiter = |c: char| c.is_whitespace() || c.is_control() || "{}()[];$\"".contains(c);
        let bad_word = |word: &str| word.is_empty() || word.contains(delimiter);
        let bad = match self.options.words_in_moves {
            true => token.split(' ').any(bad_word),
            false => bad_word(token),
        };
        if bad || looks_numbered(token) {
            return Err(invalid(format!(
                "pgn: move token {token:?} cannot be written"
            )));
        }
        let game = self.game_mut("move")?;
        let number = u64::from(game.ply / 2) + 1;
        let mut text = String::with_capacity(token.len() + 8);
        if game.ply % 2 == 0 {
            let _ = write!(text, "{number}. ");
        } else if game.number_black {
            let _ = write!(text, "{number}... ");
        }
        text.push_str(token);
        game.ply = game.ply.saturating_add(1);
        game.number_black = false;
        self.push(&text)
    }

    /// Writes a NAG as `$n`.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] outside a game.
    pub fn nag(&mut self, nag: u16) -> io::Result<()> {
        self.game_mut("nag")?;
        self.push(&format!("${nag}"))
    }

    /// Writes a comment (see the [module docs](self) for whitespace and `}`).
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] outside a game.
    pub fn comment(&mut self, text: &str) -> io::Result<()> {
        let game = self.game_mut("comment")?;
        game.number_black = true;
        if text.contains('}') {
            return self.line_comment(text);
        }
        let mut words = text.split_whitespace().peekable();
        if words.peek().is_none() {
            return self.push("{}");
        }
        let mut first = true;
        while let Some(word) = words.next() {
            let open = if first { "{" } else { "" };
            let close = if words.peek().is_none() { "}" } else { "" };
            self.push(&format!("{open}{word}{close}"))?;
            first = false;
        }
        Ok(())
    }

    /// A comment holding `}`, as `;` comment: the line ends after it.
    fn line_comment(&mut self, text: &str) -> io::Result<()> {
        let words: Vec<&str> = text.split_whitespace().collect();
        self.push(&format!(";{}", words.join(" ")))?;
        let game = self.game_mut("comment")?;
        game.movetext.push('\n');
        game.column = 0;
        Ok(())
    }

    /// Opens a variation: an alternative to the last move written.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] outside a game.
    pub fn begin_variation(&mut self) -> io::Result<()> {
        let game = self.game_mut("variation")?;
        game.variations.push(game.ply);
        game.ply = game.ply.saturating_sub(1);
        game.number_black = true;
        game.open += 1;
        Ok(())
    }

    /// Closes the innermost open variation.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] without an open variation, or outside a game.
    pub fn end_variation(&mut self) -> io::Result<()> {
        let game = self.game_mut("variation")?;
        let Some(ply) = game.variations.pop() else {
            return Err(invalid("pgn: end of variation without variation".into()));
        };
        game.ply = ply;
        game.number_black = true;
        if game.open > 0 {
            // `( )`: nothing was written inside, so neither parenthesis is.
            game.open -= 1;
            return Ok(());
        }
        self.close_paren();
        Ok(())
    }

    /// Writes `)` right after the last token, or on a new line if it does not fit.
    fn close_paren(&mut self) {
        let width = self.options.line_width;
        if let Some(game) = self.game.as_mut() {
            if game.column + 1 > width && game.column > 0 {
                game.movetext.push('\n');
                game.column = 0;
            }
            game.movetext.push(')');
            game.column += 1;
        }
    }

    /// Ends the game with its result marker (`None`: `*`), closing open variations, and writes
    /// it to the internal buffer.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidInput`] outside a game, or writing to the underlying writer
    /// failed.
    pub fn end_game(&mut self, outcome: Option<Outcome>) -> io::Result<()> {
        while self.game.as_ref().is_some_and(|g| !g.variations.is_empty()) {
            self.end_variation()?;
        }
        let marker = outcome.map_or("*", Outcome::as_str);
        self.game_mut("end of game")?.open = 0;
        self.push(marker)?;
        let Some(game) = self.game.take() else {
            return Err(invalid("pgn: end of game outside a game".into()));
        };
        write_tags(&mut self.out, &game, marker);
        self.out.extend_from_slice(b"\n");
        self.out.extend_from_slice(game.movetext.as_bytes());
        self.out.extend_from_slice(b"\n\n");
        if self.out.len() >= BUFFER {
            self.write_out()?;
        }
        Ok(())
    }

    /// Writes everything buffered (finished games) and flushes the underlying writer.
    ///
    /// # Errors
    ///
    /// Writing or flushing failed.
    pub fn flush(&mut self) -> io::Result<()> {
        self.write_out()?;
        match self.inner.as_mut() {
            Some(inner) => inner.flush(),
            None => Ok(()),
        }
    }

    /// Bytes of finished games not yet written to the underlying writer.
    pub fn buffered(&self) -> usize {
        self.out.len()
    }

    /// The underlying writer (`None` only after a failed [`into_inner`](Writer::into_inner)).
    pub fn get_ref(&self) -> Option<&W> {
        self.inner.as_ref()
    }

    /// Writes everything buffered (finished games) into the underlying writer, then puts
    /// `spare` in its place and returns it: a writer into a `Vec<u8>` hands over what it wrote
    /// in runs, reusing their memory.
    ///
    /// # Errors
    ///
    /// Writing failed.
    pub fn replace_inner(&mut self, spare: W) -> io::Result<W> {
        self.write_out()?;
        match self.inner.replace(spare) {
            Some(inner) => Ok(inner),
            None => Err(invalid("pgn: the writer has no output".into())),
        }
    }

    /// Flushes (a game still open is ended with result `*`) and returns the underlying writer.
    ///
    /// # Errors
    ///
    /// Writing or flushing failed; the writer is lost.
    pub fn into_inner(mut self) -> io::Result<W> {
        if self.game.is_some() {
            self.end_game(None)?;
        }
        self.flush()?;
        self.inner
            .take()
            .ok_or_else(|| io::Error::other("pgn: writer already taken"))
    }

    fn write_out(&mut self) -> io::Result<()> {
        if let Some(inner) = self.inner.as_mut() {
            inner.write_all(&self.out)?;
        }
        self.out.clear();
        Ok(())
    }

    fn game_mut(&mut self, what: &str) -> io::Result<&mut GameBeingWritten> {
        self.game
            .as_mut()
            .ok_or_else(|| invalid(format!("pgn: {what} outside a game")))
    }

    /// Appends one token to the movetext, after pending `(`, wrapping the line as needed.
    fn push(&mut self, token: &str) -> io::Result<()> {
        let width = self.options.line_width;
        let game = self.game_mut("token")?;
        let len = game.open + token.len();
        if game.column > 0 {
            if game.column + 1 + len > width {
                game.movetext.push('\n');
                game.column = 0;
            } else {
                game.movetext.push(' ');
                game.column += 1;
            }
        }
        for _ in 0..game.open {
            game.movetext.push('(');
        }
        game.open = 0;
        game.movetext.push_str(token);
        game.column += len;
        Ok(())
    }
}

impl<W: io::Write> Drop for Writer<W> {
    fn drop(&mut self) {
        if self.inner.is_some() {
            let _ = self.flush();
        }
    }
}

/// Whether a move token would read back as a move number (`12.`), which the reader drops.
fn looks_numbered(token: &str) -> bool {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && token.as_bytes().get(digits) == Some(&b'.')
}

/// The ply of the first move of a game starting from `fen`: from its side to move and move
/// number fields, else 0.
fn start_ply(fen: &str) -> u32 {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    number.max(1).saturating_sub(1).saturating_mul(2) + u32::from(black)
}

fn write_tags(out: &mut Vec<u8>, game: &GameBeingWritten, result: &str) {
    for (i, (name, default)) in ROSTER.iter().enumerate() {
        let default = if *name == "Result" { result } else { default };
        let value = game.roster[i].as_deref().unwrap_or(default);
        write_tag(out, name, value);
    }
    for (name, value) in &game.tags {
        write_tag(out, name, value);
    }
}

/// Appends the tag line `[name "value"]` and its line break to `out`, the value escaped by the
/// export format's rule (`\"`, `\\`; line breaks and other control characters as spaces).
/// The name is written as given.
pub fn write_tag(out: &mut Vec<u8>, name: &str, value: &str) {
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push(b'\\');
                out.push(c as u8);
            }
            c if c.is_control() => out.push(b' '),
            c => {
                let mut utf8 = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            }
        }
    }
    out.extend_from_slice(b"\"]\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One call on a [`Writer`].
    #[derive(Debug, Clone, Copy)]
    enum Call {
        Tag(&'static str, &'static str),
        San(&'static str),
        Nag(u16),
        Comment(&'static str),
        Begin,
        End,
    }

    fn write(calls: &[Call], outcome: Option<Outcome>, width: usize) -> String {
        let options = WriteOptions::new().line_width(width);
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.begin_game().expect("in memory");
        for call in calls {
            match *call {
                Call::Tag(name, value) => writer.tag(name, value),
                Call::San(san) => writer.san(san),
                Call::Nag(nag) => writer.nag(nag),
                Call::Comment(text) => writer.comment(text),
                Call::Begin => writer.begin_variation(),
                Call::End => writer.end_variation(),
            }
            .expect("valid call");
        }
        writer.end_game(outcome).expect("in memory");
        let bytes = writer.into_inner().expect("in memory");
        String::from_utf8(bytes).expect("utf-8 in, utf-8 out")
    }

    /// The movetext line(s) of a written game.
    fn movetext(calls: &[Call], width: usize) -> String {
        let pgn = write(calls, None, width);
        let (_, movetext) = pgn.split_once("\n\n").expect("tags, blank line, movetext");
        movetext.trim_end().to_string()
    }

    #[test]
    fn ok_movetext() {
        use Call::*;
        let cases: [(&[Call], &str); 7] = [
            (&[San("e4"), San("e5")], "1. e4 e5 *"),
            (
                &[San("e4"), Comment("best"), San("e5")],
                "1. e4 {best} 1... e5 *",
            ),
            (
                &[San("e4"), San("e5"), Begin, San("c5"), End, San("Nf3")],
                "1. e4 e5 (1... c5) 2. Nf3 *",
            ),
            (
                &[
                    San("e4"),
                    Begin,
                    San("d4"),
                    Begin,
                    San("c4"),
                    End,
                    End,
                    San("e5"),
                ],
                "1. e4 (1. d4 (1. c4)) 1... e5 *",
            ),
            (
                &[San("d4"), Nag(1), Nag(14), San("d5")],
                "1. d4 $1 $14 d5 *",
            ),
            (&[Comment("  a \n  b\t"), San("e4")], "{a b} 1. e4 *"),
            (&[San("e4"), Begin, End, San("e5")], "1. e4 1... e5 *"),
        ];
        for (calls, want) in cases {
            assert_eq!(movetext(calls, 80), want, "{calls:?}");
        }
    }

    #[test]
    fn ok_close_brace_in_comment() {
        use Call::*;
        let got = movetext(&[San("e4"), Comment("a } b"), San("e5")], 80);
        assert_eq!(got, "1. e4 ;a } b\n1... e5 *");
    }

    #[test]
    fn ok_wrapping() {
        use Call::*;
        let calls = [
            San("e4"),
            San("e5"),
            San("Nf3"),
            Comment("one two three"),
            San("Nc6"),
        ];
        assert_eq!(
            movetext(&calls, 16),
            "1. e4 e5 2. Nf3\n{one two three}\n2... Nc6 *"
        );
        assert_eq!(
            movetext(&calls, 12),
            "1. e4 e5\n2. Nf3 {one\ntwo three}\n2... Nc6 *"
        );
        let long = [San("Nf3"), Comment("abcdefghijklmnop")];
        assert_eq!(movetext(&long, 8), "1. Nf3\n{abcdefghijklmnop}\n*");
    }

    #[test]
    fn ok_tags() {
        use Call::*;
        let calls = [
            Tag("ECO", "C20"),
            Tag("White", "Say \"hi\" \\o/"),
            Tag("FEN", "8/8/8/8/8/8/4k3/4K3 b - - 0 40"),
            Tag("Result", "1-0"),
            Tag("Event", "Line\nbreak"),
            San("Kd3"),
            San("Kd1"),
        ];
        let want = "[Event \"Line break\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
            [Round \"?\"]\n[White \"Say \\\"hi\\\" \\\\o/\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\
            [ECO \"C20\"]\n[FEN \"8/8/8/8/8/8/4k3/4K3 b - - 0 40\"]\n\n40... Kd3 41. Kd1 *\n\n";
        assert_eq!(write(&calls, None, 80), want);
    }

    #[test]
    fn ok_games_separated() {
        let mut writer = Writer::new(Vec::new());
        for outcome in [Some(Outcome::Draw), None] {
            writer.begin_game().expect("in memory");
            writer.san("e4").expect("valid");
            writer.end_game(outcome).expect("in memory");
        }
        let pgn = String::from_utf8(writer.into_inner().expect("in memory")).expect("utf-8");
        assert!(pgn.contains("[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n[Event"));
        assert!(pgn.ends_with("[Result \"*\"]\n\n1. e4 *\n\n"));
    }

    #[test]
    fn err_invalid_calls() {
        let mut writer = Writer::new(Vec::new());
        assert!(writer.san("e4").is_err(), "outside a game");
        writer.begin_game().expect("in memory");
        for token in ["", "e4 e5", "{x}", "12.", "e4)"] {
            let err = writer.san(token).expect_err("not one move token");
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{token:?}");
        }
        assert!(writer.tag("Bad Name", "x").is_err());
        assert!(writer.end_variation().is_err());
        writer.san("e4").expect("valid");
        assert!(writer.tag("Late", "x").is_err());
        assert_eq!(
            writer.san("e4)").expect_err("paren").to_string(),
            "pgn: move token \"e4)\" cannot be written"
        );
    }

    #[test]
    fn ok_words_in_moves() {
        let options = WriteOptions::new().line_width(24).words_in_moves(true);
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.begin_game().expect("in memory");
        for token in ["P e2-e4", "P e7-e5", "N g1-f3", "N b8-c6", "ck"] {
            writer.san(token).expect("words are fine");
        }
        for token in [" P e2-e4", "P  e2-e4", "P e2-e4 ", "P\te2-e4", "P {e2-e4"] {
            let err = writer
                .san(token)
                .expect_err("not words separated by one space");
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{token:?}");
        }
        writer.end_game(None).expect("in memory");
        let pgn = String::from_utf8(writer.into_inner().expect("in memory")).expect("utf-8");
        let movetext = pgn.split("\n\n").nth(1).expect("movetext");
        assert_eq!(movetext, "1. P e2-e4 P e7-e5\n2. N g1-f3 N b8-c6 3. ck\n*");
    }
}

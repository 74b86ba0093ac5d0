//! The check behind the `read` fuzz target, shared with the corpus replay test: reads every
//! game of the input with a visitor that takes every callback and decodes everything, copies
//! each game to a `Writer`, and asserts that the reader's buffer stays within its bound and that
//! games in are games returned: every `begin_game` is answered by exactly one result of
//! `read_game` (the game or a recoverable error; an unrecoverable error may come before any
//! game begins).

use std::ops::ControlFlow;

use scoresheet_pgn::{
    BraceNesting, Location, Oddity, Outcome, RawComment, RawTag, RawToken, ReadOptions, Reader,
    Skip, Visitor, Writer,
};

/// The game size limit used: small, so that the limit is reached.
pub const MAX_GAME_BYTES: usize = 1 << 20;
/// The most the reader's buffer may hold: the game limit, the 128 KiB past it that the reader
/// reads before it calls a game too large, and one read of 64 KiB.
pub const MAX_BUFFER: usize = MAX_GAME_BYTES + (192 << 10);

/// Reads `data` as PGN (its first byte also picks the options); panics on a broken promise.
pub fn check(data: &[u8]) {
    let mut reader = Reader::with_options(data, options(data));
    let mut visitor = Touch::new();
    loop {
        let begins = visitor.begins;
        let game = reader.read_game(&mut visitor);
        let begun = visitor.begins - begins;
        let want = match &game {
            Ok(Some(())) => 1..=1,
            Ok(None) => 0..=0,
            Err(err) if err.is_recoverable() => 1..=1,
            Err(_) => 0..=1,
        };
        assert!(want.contains(&begun), "{begun} games begun for {game:?}");
        assert!(
            reader.buffer_capacity() <= MAX_BUFFER,
            "buffer of {} bytes",
            reader.buffer_capacity()
        );
        match game {
            Ok(Some(())) => {}
            Ok(None) => break,
            Err(err) => {
                let _ = (err.to_string(), err.location(), err.kind());
                if !err.is_recoverable() {
                    break;
                }
            }
        }
    }
    let _ = reader.location();
    let written = visitor.writer.into_inner().expect("writing to memory");
    let mut again = Reader::new(&written[..]);
    while let Ok(Some(())) = again.read_game(&mut Touch::new()) {}
}

fn options(data: &[u8]) -> ReadOptions {
    let first = data.first().copied().unwrap_or(0);
    let nesting = if first & 1 == 0 {
        BraceNesting::FirstCloses
    } else {
        BraceNesting::Counted
    };
    let depth = u32::from(first >> 1) % 8 + 1;
    ReadOptions::new()
        .max_game_bytes(MAX_GAME_BYTES)
        .max_variation_depth(depth)
        .brace_nesting(nesting)
}

/// Takes every callback, decodes every value, and copies the game to the writer (which may
/// refuse tokens it cannot write; it must not panic).
struct Touch {
    writer: Writer<Vec<u8>>,
    calls: u64,
    /// `begin_game` calls so far.
    begins: u64,
}

impl Touch {
    fn new() -> Touch {
        Touch {
            writer: Writer::new(Vec::new()),
            calls: 0,
            begins: 0,
        }
    }
}

fn at(position: Location) {
    let _ = position.to_string();
}

impl Visitor for Touch {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, position: Location) -> ControlFlow<()> {
        at(position);
        self.begins += 1;
        let _ = self.writer.begin_game();
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        at(value.location());
        let _ = (value.as_bytes(), value.unescape());
        let name = String::from_utf8_lossy(name);
        let _ = self.writer.tag(&name, &value.decode());
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: (), position: Location) -> ControlFlow<()> {
        at(position);
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<()> {
        at(san.location());
        let _ = self.writer.san(&san.decode());
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), nag: u16, token: RawToken<'_>) -> ControlFlow<()> {
        at(token.location());
        let _ = (token.decode(), self.writer.nag(nag));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        at(comment.location());
        let _ = (comment.kind(), comment.as_bytes());
        let _ = self.writer.comment(&comment.decode());
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut (), position: Location) -> ControlFlow<(), Skip> {
        at(position);
        self.calls += 1;
        // Skip every third variation, to run the skipping path too.
        let skip = self.calls % 3 == 0;
        if !skip {
            let _ = self.writer.begin_variation();
        }
        ControlFlow::Continue(Skip(skip))
    }
    fn end_variation(&mut self, _: &mut (), position: Location) -> ControlFlow<()> {
        at(position);
        let _ = self.writer.end_variation();
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        _: &mut (),
        outcome: Option<Outcome>,
        position: Location,
    ) -> ControlFlow<()> {
        at(position);
        let _ = outcome.map(|o| o.to_string());
        ControlFlow::Continue(())
    }
    fn oddity(&mut self, oddity: Oddity<'_>) {
        let _ = (oddity.to_string(), oddity.kind(), oddity.as_bytes());
    }
    fn end_game(&mut self, _: ()) {
        let _ = self.writer.end_game(None);
    }
}

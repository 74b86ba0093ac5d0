//! Encodings and line breaks: Latin-1, UTF-8 with BOM, CRLF, lone CR.

use std::fs;

use scoresheet_pgn::{decode, Reader};

use crate::common::{data_dir, games, Recorder};

#[test]
fn ok_latin1_crlf_file() {
    let bytes = fs::read(data_dir().join("sources/pychess_dortmund_first3.pgn")).expect("data");
    assert!(!decode::is_utf8(&bytes), "the excerpt is Latin-1");
    let games = games(&bytes);
    assert_eq!(games.len(), 3);
    // Black of game 1 is "Van N\xfcss, Alfred" in the file.
    assert_eq!(games[0].tag("Black"), Some("Van Nüss, Alfred"));
    assert!(games
        .iter()
        .all(|g| g.outcome.is_some() && !g.moves.is_empty()));
}

#[test]
fn ok_line_breaks_agree() {
    let unix = "[Event \"A\"]\n\n1. e4 {a\ncomment} e5\n2. Nf3 *\n\n1. d4 *\n";
    let want = games(unix.as_bytes());
    for text in [
        unix.replace('\n', "\r\n"),
        unix.replace('\n', "\r"),
        unix.replace('\n', "\r\r\n"),
    ] {
        let got = games(text.as_bytes());
        assert_eq!(got.len(), want.len(), "{text:?}");
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g.summary(), w.summary(), "{text:?}");
        }
    }
}

#[test]
fn ok_bom_and_positions() {
    let mut reader = Reader::new(&b"\xef\xbb\xbf[Event \"A\"]\n\n1. e4 *\n"[..]);
    assert_eq!(
        reader
            .read_game(&mut Recorder::default())
            .expect("ok")
            .map(|g| g.summary()),
        Some("tags=1 [e4] *".into())
    );
    let mut reader = Reader::new(&b"\xef\xbb\xbf1. e4 *\n2. zz"[..]);
    let mut oddity_column = None;
    struct Column<'a>(&'a mut Option<u64>);
    impl scoresheet_pgn::Visitor for Column<'_> {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_game(&mut self, at: scoresheet_pgn::Location) -> std::ops::ControlFlow<()> {
            if self.0.is_none() {
                *self.0 = Some(at.column);
            }
            std::ops::ControlFlow::Continue(())
        }
        fn begin_movetext(
            &mut self,
            _: (),
            _: scoresheet_pgn::Location,
        ) -> std::ops::ControlFlow<()> {
            std::ops::ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) {}
    }
    reader
        .read_game(&mut Column(&mut oddity_column))
        .expect("ok");
    assert_eq!(
        oddity_column,
        Some(1),
        "the byte order mark takes no column"
    );
}

//! `scoresheet vocab`, `tokenize` and `detokenize` (issue 5): counts, first and last lines,
//! witness lines, and the tokenize → detokenize round trip over `real_clean.pgn`.

mod common;
use common::run;

use std::ops::ControlFlow;

use scoresheet::san::SanPlus;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, Position};
use scoresheet_pgn::{RawTag, RawToken, Reader, Skip, Visitor};

fn stdout_of(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

#[test]
fn ok_vocab_counts_and_ends() {
    let cases: &[(&[&str], usize, &str, &str)] = &[
        (&["vocab", "san"], 9_758, "a2", "hxg8=R"),
        (&["vocab", "san", "--with-symbols"], 28_938, "a2", "hxg8=R+"),
        (&["vocab", "uci"], 1_968, "a1a2", "h7h8r"),
        (&["vocab", "lan"], 7_750, "O-O", "h7xg8=R"),
        (
            &["vocab", "lan", "--with-symbols"],
            22_994,
            "O-O",
            "h7xg8=R+",
        ),
    ];
    for (args, count, first, last) in cases {
        let text = stdout_of(args, b"");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), *count, "{args:?}");
        assert_eq!(lines.first(), Some(first), "{args:?}");
        assert_eq!(lines.last(), Some(last), "{args:?}");
    }
}

#[test]
fn ok_vocab_witness_lines_check_out() {
    let text = stdout_of(&["vocab", "san", "--with-symbols", "--witness"], b"");
    let mut n = 0;
    for line in text.lines().step_by(97) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [s, fen, uci] = fields[..] else {
            panic!("three tab-separated fields: {line}");
        };
        let pos = Position::from_fen(fen, CastlingMode::Standard).expect("witness FEN is legal");
        let mv = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        assert_eq!(SanPlus::from_move(&pos, mv).to_string(), s, "{line}");
        n += 1;
    }
    assert!(n > 250);
}

#[test]
fn err_vocab_uci_with_symbols() {
    let out = run(&["vocab", "uci", "--with-symbols"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn err_detokenize_bad_id() {
    let out = run(&["detokenize", "--vocab", "uci"], b"0 1968\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1968"));
}

/// The mainline SAN tokens (as written) and start FEN of each game.
struct Games;

impl Visitor for Games {
    type Tags = Option<String>;
    type Movetext = (Option<String>, Vec<String>);
    type Output = (Option<String>, Vec<String>);

    fn begin_game(&mut self, _: scoresheet_pgn::Location) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }
    fn tag(
        &mut self,
        fen: &mut Option<String>,
        name: &[u8],
        v: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *fen = Some(v.decode().into_owned());
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(
        &mut self,
        fen: Option<String>,
        _: scoresheet_pgn::Location,
    ) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((fen, Vec::new()))
    }
    fn san(&mut self, game: &mut Self::Movetext, san: RawToken<'_>) -> ControlFlow<Self::Output> {
        game.1.push(san.decode().into_owned());
        ControlFlow::Continue(())
    }
    fn begin_variation(
        &mut self,
        _: &mut Self::Movetext,
        _: scoresheet_pgn::Location,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

fn pgn() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scoresheet/tests/data/real_clean.pgn"
    );
    std::fs::read(path).expect("real_clean.pgn (scoresheet tests/data)")
}

fn start(fen: Option<&String>) -> Position {
    fen.map_or_else(Position::new, |f| {
        let setup = scoresheet::fen::Fen::from_ascii_lenient(f.as_bytes())
            .expect("FEN tag")
            .into_setup();
        Position::from_setup(&setup, CastlingMode::detect(&setup)).expect("legal FEN tag")
    })
}

#[test]
fn ok_tokenize_detokenize_round_trip_real_games() {
    let pgn = pgn();
    let games: Vec<_> = Reader::new(&pgn[..])
        .games(&mut Games)
        .collect::<Result<_, _>>()
        .expect("real_clean.pgn reads");
    assert_eq!(games.len(), 3_970);
    for vocab in ["san", "uci"] {
        let ids = stdout_of(&["tokenize", "--vocab", vocab], &pgn);
        let back = stdout_of(&["detokenize", "--vocab", vocab], ids.as_bytes());
        let lines: Vec<&str> = back.lines().collect();
        assert_eq!(lines.len(), games.len(), "{vocab}: one line per game");
        for (i, ((fen, sans), line)) in games.iter().zip(&lines).enumerate() {
            let mut pos = start(fen.as_ref());
            let got: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(got.len(), sans.len(), "{vocab}: game {}", i + 1);
            for (san, text) in sans.iter().zip(got) {
                let mv = SanPlus::from_ascii_lenient(san.as_bytes())
                    .expect("san")
                    .san
                    .to_move(&pos)
                    .expect("legal");
                let want = match vocab {
                    "san" => scoresheet::san::San::from_move(&pos, mv).to_string(),
                    _ => UciMove::from_move_in(CastlingMode::Standard, mv).to_string(),
                };
                assert_eq!(text, want, "{vocab}: game {}", i + 1);
                pos.play_unchecked(mv);
            }
        }
    }
}

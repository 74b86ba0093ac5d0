//! Every legal move of positions reached in `real_clean.pgn` converts to ERAN (verbose and
//! short, en passant both ways), to quantum notation, to figurine SAN (each glyph choice), to
//! localized SAN and LAN (the language rotating over the table, move by move), to ICCF numeric,
//! to Smith and to English descriptive notation, and parses back (strictly) to itself. The
//! default run samples every 25th game (every game with `SCORESHEET_FULL_TESTS=1`); the full
//! run (332,315 positions) is also the `#[ignore]`d test.

use scoresheet::descriptive::DescriptivePlus;
use scoresheet::eran::{EnPassantForm, Eran, EranForm, EranPrinter};
use scoresheet::figurine::{FigurineSan, GlyphChoice};
use scoresheet::iccf::IccfMove;
use scoresheet::localized::{Lang, LocalizedLan, LocalizedSan};
use scoresheet::quantum::QuantumMove;
use scoresheet::san::SanPlus;
use scoresheet::smith::SmithMove;
use scoresheet::{Move, Position};

use crate::support::{clean_games, read, stride};

const PRINTERS: [EranPrinter; 4] = [
    EranPrinter::new(),
    EranPrinter::new().form(EranForm::Short),
    EranPrinter::new().en_passant(EnPassantForm::Capture),
    EranPrinter::new()
        .form(EranForm::Short)
        .en_passant(EnPassantForm::Capture),
];

/// Figurine, localized (in `lang`), ICCF and Smith: written, read strictly, resolved.
fn assert_issue_13_round_trips(pos: &Position, mv: Move, lang: Lang) {
    for choice in [
        GlyphChoice::White,
        GlyphChoice::Black,
        GlyphChoice::SideToMove,
    ] {
        let text = FigurineSan::from_move(pos, mv, choice).to_string();
        let fan = FigurineSan::from_ascii(text.as_bytes()).expect("own figurine parses");
        assert_eq!(fan.to_move_strict(pos), Ok(mv), "figurine {text}");
    }
    let text = LocalizedSan::from_move(pos, mv, lang).to_string();
    let san = LocalizedSan::from_ascii(lang, text.as_bytes()).expect("own localized san parses");
    assert_eq!(san.to_move_strict(pos), Ok(mv), "{lang} {text}");
    let text = LocalizedLan::from_move(pos, mv, lang).to_string();
    let lan = LocalizedLan::from_ascii(lang, text.as_bytes()).expect("own localized lan parses");
    assert_eq!(lan.to_move(pos), Ok(mv), "{lang} {text}");
    let text = IccfMove::from_move(mv).to_string();
    let iccf = IccfMove::from_ascii(text.as_bytes()).expect("own iccf parses");
    assert_eq!(iccf.to_move(pos), Ok(mv), "iccf {text}");
    let text = SmithMove::from_move(mv).to_string();
    let smith = SmithMove::from_ascii(text.as_bytes()).expect("own smith parses");
    assert_eq!(smith.to_move_strict(pos), Ok(mv), "smith {text}");
    let text = DescriptivePlus::from_move(pos, mv).to_string();
    let descriptive = DescriptivePlus::from_ascii(text.as_bytes()).expect("own descriptive parses");
    assert_eq!(
        descriptive.to_move_strict(pos),
        Ok(mv),
        "descriptive {text}"
    );
}

fn assert_round_trips(pos: &Position, mv: Move) {
    for printer in PRINTERS {
        let text = printer.move_to_string(pos, mv);
        let eran = Eran::from_ascii(text.as_bytes()).expect("own eran parses");
        assert_eq!(eran.to_move(pos), Ok(mv), "eran {text}");
    }
    let text = QuantumMove::from_move(pos, mv).to_string();
    let quantum = QuantumMove::from_ascii(text.as_bytes()).expect("own quantum move parses");
    assert_eq!(quantum.to_move(pos), Ok(mv), "quantum {text}");
}

/// Plays the games whose index `keep` selects; returns (positions, moves checked).
fn run(keep: impl Fn(usize) -> bool) -> (usize, usize) {
    let games = clean_games(&read("real_clean.pgn"));
    let (mut positions, mut moves) = (0, 0);
    for (index, game) in games.iter().enumerate().filter(|(i, _)| keep(*i)) {
        let mut pos = game.start();
        for token in &game.moves {
            let legal = pos.legal_moves();
            for (i, &mv) in legal.iter().enumerate() {
                assert_round_trips(&pos, mv);
                let lang = Lang::ALL[(moves + i) % Lang::ALL.len()];
                assert_issue_13_round_trips(&pos, mv, lang);
            }
            moves += legal.len();
            positions += 1;
            let san = SanPlus::from_ascii(token.as_bytes())
                .unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            let mv =
                (san.san.to_move(&pos)).unwrap_or_else(|e| panic!("game {index}: {token}: {e}"));
            pos.play(mv).expect("resolved move is legal");
        }
    }
    (positions, moves)
}

#[test]
fn ok_sampled_games_round_trip_eran_and_quantum() {
    let every = stride(25);
    let (positions, moves) = run(|i| i % every == 0);
    // 332,315 positions and over 5 million moves in all; a sample about its share.
    assert!(
        positions * every > 300_000,
        "{positions} (every {every}th game)"
    );
    assert!(moves * every > 4_500_000, "{moves} (every {every}th game)");
}

#[test]
#[ignore = "full corpus: about four minutes in debug builds"]
fn ok_all_games_round_trip_eran_and_quantum() {
    let (positions, moves) = run(|_| true);
    assert_eq!(positions, 332_315);
    assert!(moves > 5_000_000, "{moves}");
}

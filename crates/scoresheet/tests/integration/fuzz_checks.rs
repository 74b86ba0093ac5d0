//! Properties the fuzz targets in `fuzz/` check, shared with the stable corpus replay below:
//! no panic on any input, and parse → print → parse gives back the same value.

#![allow(dead_code)]

use scoresheet::fen::Fen;
use scoresheet::lan::Lan;
use scoresheet::san::SanPlus;
use scoresheet::uci::UciMove;
use scoresheet::{CastlingMode, EnPassantMode, Position};

/// SAN, strict and lenient; and against the start position.
pub fn san(data: &[u8]) {
    if let Ok(san) = SanPlus::from_ascii(data) {
        let printed = san.to_string();
        assert_eq!(
            SanPlus::from_ascii(printed.as_bytes()),
            Ok(san),
            "strict {printed}"
        );
    }
    if let Ok(san) = SanPlus::from_ascii_lenient(data) {
        let printed = san.to_string();
        assert_eq!(
            SanPlus::from_ascii_lenient(printed.as_bytes()),
            Ok(san),
            "lenient {printed}"
        );
        let pos = Position::new();
        if let Ok(mv) = san.san.to_move(&pos) {
            assert!(pos.is_legal(mv));
        }
    }
}

/// LAN, strict and lenient.
pub fn lan(data: &[u8]) {
    for parse in [Lan::from_ascii, Lan::from_ascii_lenient] {
        if let Ok(lan) = parse(data) {
            let printed = lan.to_string();
            assert_eq!(Lan::from_ascii(printed.as_bytes()), Ok(lan), "{printed}");
        }
    }
}

/// UCI, strict and lenient.
pub fn uci(data: &[u8]) {
    for parse in [UciMove::from_ascii, UciMove::from_ascii_lenient] {
        if let Ok(uci) = parse(data) {
            let printed = uci.to_string();
            assert_eq!(
                UciMove::from_ascii(printed.as_bytes()),
                Ok(uci),
                "{printed}"
            );
        }
    }
}

/// FEN, strict and lenient; legal positions print a FEN that loads back to the same position.
pub fn fen(data: &[u8]) {
    for parse in [Fen::from_ascii, Fen::from_ascii_lenient] {
        let Ok(fen) = parse(data) else { continue };
        let printed = fen.to_string();
        assert_eq!(
            Fen::from_ascii(printed.as_bytes()).as_ref(),
            Ok(&fen),
            "{printed}"
        );
        let mode = CastlingMode::detect(&fen.0);
        if let Ok(pos) = Position::from_setup(&fen.0, mode) {
            let again = pos.fen(EnPassantMode::Always);
            let reloaded = Position::from_fen(&again, mode).expect("own fen loads");
            assert_eq!(reloaded, pos, "{again}");
        }
    }
}

/// Figurine SAN, strict and lenient: what parses prints (in its glyphs) and parses back
/// strictly to the same value; resolving must not panic.
pub fn figurine(data: &[u8]) {
    use scoresheet::figurine::FigurineSan;
    for parse in [FigurineSan::from_ascii, FigurineSan::from_ascii_lenient] {
        let Ok(fan) = parse(data) else { continue };
        let printed = fan.to_string();
        let strict = FigurineSan::from_ascii(printed.as_bytes());
        // A lenient null move (`--`) or pawn letter prints as SAN that only reads leniently.
        let back = strict.or_else(|_| FigurineSan::from_ascii_lenient(printed.as_bytes()));
        // The glyph set shows only through a glyph: a pawn figurine read leniently (`♟c6`)
        // prints none (`c6`), which reads back in the default set.
        let want = if printed.is_ascii() {
            FigurineSan {
                glyphs: Default::default(),
                ..fan
            }
        } else {
            fan
        };
        assert_eq!(back, Ok(want), "{printed}");
        let _ = fan.to_move(&Position::new());
    }
}

/// Localized SAN and LAN in the language the first byte picks, strict and lenient; what
/// parses prints and parses back to the same value.
pub fn localized(data: &[u8]) {
    use scoresheet::localized::{Lang, LocalizedLan, LocalizedSan};
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let lang = Lang::ALL[usize::from(pick) % Lang::ALL.len()];
    for lenient in [false, true] {
        let san = if lenient {
            LocalizedSan::from_ascii_lenient(lang, text)
        } else {
            LocalizedSan::from_ascii(lang, text)
        };
        if let Ok(san) = san {
            let printed = san.to_string();
            let back = LocalizedSan::from_ascii_lenient(lang, printed.as_bytes());
            assert_eq!(back, Ok(san), "{lang} {printed}");
            let _ = san.to_move(&Position::new());
        }
        let lan = if lenient {
            LocalizedLan::from_ascii_lenient(lang, text)
        } else {
            LocalizedLan::from_ascii(lang, text)
        };
        if let Ok(lan) = lan {
            let printed = lan.to_string();
            let back = LocalizedLan::from_ascii(lang, printed.as_bytes());
            assert_eq!(back, Ok(lan), "{lang} {printed}");
        }
    }
}

/// ICCF numeric notation, strict and lenient.
pub fn iccf(data: &[u8]) {
    use scoresheet::iccf::IccfMove;
    for parse in [IccfMove::from_ascii, IccfMove::from_ascii_lenient] {
        if let Ok(m) = parse(data) {
            let printed = m.to_string();
            assert_eq!(IccfMove::from_ascii(printed.as_bytes()), Ok(m), "{printed}");
            let _ = m.to_move(&Position::new());
        }
    }
}

/// Smith notation, strict and lenient.
pub fn smith(data: &[u8]) {
    use scoresheet::smith::SmithMove;
    for parse in [SmithMove::from_ascii, SmithMove::from_ascii_lenient] {
        if let Ok(m) = parse(data) {
            let printed = m.to_string();
            assert_eq!(
                SmithMove::from_ascii(printed.as_bytes()),
                Ok(m),
                "{printed}"
            );
            let _ = m.to_move_strict(&Position::new());
        }
    }
}

/// ReCirq's quantum chess notation, strict and lenient: printed and parsed back; resolving
/// against the start position; the `quantum` dialect's spelling parses there, and a split or
/// merge comes back from it with its squares and measurement.
pub fn quantum_recirq(data: &[u8]) {
    use scoresheet::quantum::QuantumMove;
    use scoresheet::quantum_recirq::{RecirqMove, RecirqSquares};
    for parse in [RecirqMove::from_ascii, RecirqMove::from_ascii_lenient] {
        let Ok(m) = parse(data) else {
            continue;
        };
        let printed = m.to_string();
        assert_eq!(
            RecirqMove::from_ascii(printed.as_bytes()),
            Ok(m),
            "{printed}"
        );
        let _ = m.to_move(&Position::new());
        let _ = m.to_move_strict(&Position::new());
        let quantum = m.to_quantum();
        let written = quantum.to_string();
        assert_eq!(
            QuantumMove::from_ascii(written.as_bytes()),
            Ok(quantum),
            "{printed} as {written}"
        );
        if !matches!(m.squares, RecirqSquares::Standard { .. }) {
            let back = RecirqMove::from_quantum(&quantum).expect("a split or merge converts");
            assert_eq!((back.squares, back.measurement), (m.squares, m.measurement));
        }
    }
}

/// English descriptive notation, strict and lenient; against the start position, and written
/// back from the move it resolves to.
pub fn descriptive(data: &[u8]) {
    use scoresheet::descriptive::DescriptivePlus;
    if let Ok(d) = DescriptivePlus::from_ascii(data) {
        let printed = d.to_string();
        assert_eq!(
            DescriptivePlus::from_ascii(printed.as_bytes()),
            Ok(d),
            "strict {printed}"
        );
    }
    if let Ok(d) = DescriptivePlus::from_ascii_lenient(data) {
        let printed = d.to_string();
        assert_eq!(
            DescriptivePlus::from_ascii_lenient(printed.as_bytes()),
            Ok(d),
            "lenient {printed}"
        );
        let pos = Position::new();
        if let Ok(mv) = d.to_move(&pos) {
            assert!(pos.is_legal(mv));
            let written = DescriptivePlus::from_move(&pos, mv).to_string();
            let back = DescriptivePlus::from_ascii(written.as_bytes()).expect("own form parses");
            assert_eq!(back.to_move_strict(&pos), Ok(mv), "{written}");
        }
    }
}

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

//! The checks the fuzz targets run on every input, shared with the stable replay test
//! (`crates/scoresheet/tests/integration/fuzz_corpus.rs`): no panic, and whatever parses
//! prints in every form and parses back to the same value.

use scoresheet::eran::{Eran, EranForm, EranPrinter};
use scoresheet::quantum::QuantumMove;
use scoresheet::Position;

/// ERAN: parse, print verbose and short, parse back; resolving must not panic.
pub fn eran(data: &[u8]) {
    let Ok(eran) = Eran::from_ascii(data) else {
        return;
    };
    for form in [EranForm::Verbose, EranForm::Short] {
        let printed = EranPrinter::new().form(form).display(&eran).to_string();
        assert_eq!(Eran::from_ascii(printed.as_bytes()), Ok(eran), "{printed}");
    }
    let _ = eran.to_move(&Position::new());
}

/// Quantum notation: parse (strict and lenient), print, parse back strictly; resolving must
/// not panic.
pub fn quantum(data: &[u8]) {
    for parsed in [
        QuantumMove::from_ascii(data),
        QuantumMove::from_ascii_lenient(data),
    ] {
        let Ok(quantum) = parsed else {
            continue;
        };
        let printed = quantum.to_string();
        assert_eq!(
            QuantumMove::from_ascii(printed.as_bytes()),
            Ok(quantum),
            "{printed}"
        );
        let _ = quantum.to_move(&Position::new());
    }
}

//! The corpus both benchmarks read.

use std::path::PathBuf;

/// The corpus's bytes, from `SCORESHEET_BENCH_PGN`, by default the shared `real.pgn`
/// (`../../../shared/data/pgn/real.pgn` from the crate directory); `None` (the benchmark is
/// skipped, and says so) when it cannot be read.
pub fn corpus() -> Option<Vec<u8>> {
    let path = std::env::var_os("SCORESHEET_BENCH_PGN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn/real.pgn")
        });
    match std::fs::read(&path) {
        Ok(bytes) => {
            eprintln!("corpus: {}", path.display());
            Some(bytes)
        }
        Err(e) => {
            eprintln!(
                "skipped: no corpus at {} ({e}); set SCORESHEET_BENCH_PGN",
                path.display()
            );
            None
        }
    }
}

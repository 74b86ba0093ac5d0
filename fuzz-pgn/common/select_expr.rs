//! The check behind the `select_expr` fuzz target, shared with the corpus replay test: reads
//! the input as a tag expression (`scoresheet_pgn::select::TagExpr`) and asserts the module's
//! promises.
//!
//! - Reading never panics; an error's offset lies within the input.
//! - An expression prints as text that reads back to an equal expression, and prints the same
//!   again.
//! - Evaluating it on a few tag sets never panics.

use scoresheet_pgn::select::TagExpr;

/// Tags every expression is evaluated on.
const TAGS: [(&str, &str); 8] = [
    ("White", "Carlsen, Magnus"),
    ("WhiteElo", "2862"),
    ("BlackElo", "?"),
    ("Date", "2020.??.??"),
    ("UTCDate", "2021.03.04"),
    ("TimeControl", "180+2"),
    ("Result", "1-0"),
    ("ECO", "B90"),
];

/// Reads `data` as an expression; panics on a broken promise.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let expr = match TagExpr::parse(text) {
        Ok(expr) => expr,
        Err(e) => {
            assert!(
                e.offset() <= text.len(),
                "offset {} past the end",
                e.offset()
            );
            let _ = e.to_string();
            return;
        }
    };
    let printed = expr.to_string();
    let again = TagExpr::parse(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(again, expr, "printed as {printed:?}");
    assert_eq!(again.to_string(), printed, "printed twice");
    let tags: Vec<(String, String)> = TAGS
        .iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect();
    let _ = expr.matches(&tags);
    let _ = expr.matches(&[]);
}

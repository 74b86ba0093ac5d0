//! The repository's documents and set-up tell the truth. The documents that list the
//! notations list them all: the crate docs, the crate's description, the README's opening
//! paragraph and DESIGN.md's table of rules (a notation added to `Notation::ALL` fails here
//! until they, and `WRITTEN_AS`, name it). The benchmark history is kept out of the user
//! documentation; one command runs the tests; the release profile builds quickly.

use scoresheet::notation::Notation;

/// How the documents write each notation's name (`Notation::name` of `Notation::ALL`; the
/// figurine glyph choices are one notation).
const WRITTEN_AS: [(&str, &str); 13] = [
    ("san", "SAN"),
    ("lan", "LAN"),
    ("uci", "UCI"),
    ("eran", "ERAN"),
    ("eran-short", "ERAN"),
    ("quantum", "quantum"),
    ("quantum-recirq", "ReCirq"),
    ("figurine", "figurine"),
    ("figurine-black", "figurine"),
    ("figurine-side", "figurine"),
    ("iccf", "ICCF"),
    ("smith", "Smith"),
    ("descriptive", "descriptive"),
];

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text up to the first blank line (after the title, for Markdown).
fn first_paragraph(text: &str) -> String {
    let body = text.trim_start_matches(|c| c != '\n').trim_start();
    body.split("\n\n").next().unwrap_or_default().to_owned()
}

#[test]
fn ok_every_notation_named_where_they_are_listed() {
    let lib = read("crates/scoresheet/src/lib.rs");
    let lib_docs: String = lib
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .take_while(|l| *l != "//!")
        .collect::<Vec<_>>()
        .join("\n");
    let manifest = read("crates/scoresheet/Cargo.toml");
    let description = manifest
        .lines()
        .find(|l| l.starts_with("description"))
        .expect("a description")
        .to_owned();
    let readme = first_paragraph(&read("README.md"));
    let design = read("DESIGN.md");
    let design_row = design
        .lines()
        .find(|l| l.contains("`scoresheet::notation::*`"))
        .expect("DESIGN.md's row for the notations")
        .to_owned();
    let places = [
        ("lib.rs docs", lib_docs),
        ("Cargo.toml description", description),
        ("README's first paragraph", readme),
        ("DESIGN.md's rule table", design_row),
    ];
    for notation in Notation::ALL {
        let Some((_, written)) = WRITTEN_AS.iter().find(|(n, _)| *n == notation.name()) else {
            panic!(
                "{}: say how the documents name it in WRITTEN_AS",
                notation.name()
            );
        };
        for (place, text) in &places {
            assert!(
                text.contains(written) && text.contains("FEN"),
                "{place} does not name {} ({written}) and FEN:\n{text}",
                notation.name()
            );
        }
    }
    for (place, text) in &places {
        assert!(
            text.contains("localized") || text.contains("languages"),
            "{place}: {text}"
        );
    }
}

/// `docs/export.md` is user documentation: the dated measurements live in
/// `docs/benchmarks.md`, which it links to.
#[test]
fn ok_benchmark_history_kept_apart() {
    let export = read("docs/export.md");
    assert!(
        !export.contains("**2026-"),
        "a dated entry in docs/export.md"
    );
    assert!(
        export.contains("(benchmarks.md"),
        "docs/export.md links to benchmarks.md"
    );
    let benchmarks = read("docs/benchmarks.md");
    assert!(
        benchmarks.matches("**2026-11-2").count() >= 8,
        "the moved entries"
    );
}

/// The README's test command is the one CI runs, and the release profile is the quick one.
#[test]
fn ok_one_test_command_and_a_quick_release_profile() {
    let readme = read("README.md");
    assert!(
        readme.contains("\nscripts/test.sh "),
        "README gives scripts/test.sh"
    );
    assert!(!readme.contains("pip install -r tests/python/requirements.txt"));
    let ci = read(".ci/run");
    // One command line runs it (as a timed step, `step LABEL bash scripts/test.sh`); another
    // may have its set-up of the Python dependencies done early (`--requirements-only`), by the
    // script itself.
    let (setup, tests): (Vec<&str>, Vec<&str>) = ci
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && l.contains("scripts/test.sh"))
        .partition(|l| l.contains("scripts/test.sh --requirements-only "));
    assert!(setup.len() <= 1, "{setup:?}");
    assert_eq!(
        tests.len(),
        1,
        ".ci/run runs the README's command once: {tests:?}"
    );
    assert!(
        tests[0] == "bash scripts/test.sh" || tests[0].ends_with(" bash scripts/test.sh"),
        ".ci/run runs the README's command: {tests:?}"
    );
    assert!(
        !ci.contains("pip install"),
        ".ci/run leaves the set-up to scripts/test.sh"
    );
    let manifest = read("Cargo.toml");
    let section = |name: &str| {
        let start = manifest
            .find(&format!("[profile.{name}]"))
            .expect("profile");
        let rest = &manifest[start + 1..];
        rest[..rest.find("\n[").unwrap_or(rest.len())].to_owned()
    };
    assert!(!section("release").contains("lto = \"fat\""));
    assert!(!section("release").contains("codegen-units = 1"));
    assert!(section("dist").contains("lto = \"fat\""));
    for script in [
        "bench-core.sh",
        "bench-egd.sh",
        "bench-export.sh",
        "bench-load.sh",
    ] {
        let text = read(&format!("scripts/{script}"));
        assert!(
            text.contains("--profile dist"),
            "{script} builds the dist profile"
        );
        assert!(!text.contains("--release -q -p scoresheet"), "{script}");
    }
}

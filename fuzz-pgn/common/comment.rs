//! The check behind the `comment` fuzz target, shared with the corpus replay test: reads the
//! input as a comment's text with `annotation::parse_comment` and asserts the module's
//! promises.
//!
//! - Spans (commands, issues) lie inside the comment, commands in order and apart, each one
//!   alone a single well-formed command.
//! - The text plus the commands account for the whole comment: the comment's bytes outside
//!   the commands, whitespace aside, are the text's bytes.
//! - The text holds no recognised command: parsing it again gives it back, with no value.
//! - The values re-rendered (`Display`) and parsed again give the same text and values.

use scoresheet_pgn::annotation::{parse_comment, CommentIssueKind, ParsedComment};

/// Parses `data` as a comment; panics on a broken promise.
pub fn check(data: &[u8]) {
    let parsed = parse_comment(data);
    check_spans(data, &parsed);
    check_accounting(data, &parsed);

    let again = parse_comment(parsed.text_bytes());
    assert!(!again.has_commands(), "a command left in the text");
    assert_eq!(again.text_bytes(), parsed.text_bytes(), "text not stable");

    let shown = parsed.to_string();
    let shown = parse_comment(shown.as_bytes());
    assert_eq!(shown.text(), parsed.text(), "rendered text");
    assert_eq!(values(&shown), values(&parsed), "rendered values");
    let repeated = |p: &ParsedComment| {
        p.issues()
            .iter()
            .any(|i| i.kind() == CommentIssueKind::Repeated)
    };
    assert!(!repeated(&shown), "a rendered command repeated");
}

fn check_spans(data: &[u8], parsed: &ParsedComment) {
    let mut end = 0;
    for (name, span) in parsed.commands() {
        assert!(end <= span.start && span.start < span.end && span.end <= data.len());
        end = span.end;
        let alone = parse_comment(&data[span.clone()]);
        assert_eq!(
            alone.commands().len(),
            1,
            "a command span holds one command"
        );
        assert_eq!(alone.commands()[0].0, *name);
        assert!(alone.text_bytes().is_empty() && alone.issues().is_empty());
    }
    for issue in parsed.issues() {
        let _ = (issue.to_string(), issue.command(), issue.kind());
        let span = issue.span();
        assert!(
            span.start < span.end && span.end <= data.len(),
            "issue span"
        );
        match issue.kind() {
            CommentIssueKind::Repeated => assert_eq!(issue.offset(), span.start),
            _ => assert!(span.start < issue.offset() && issue.offset() <= span.end),
        }
    }
}

/// The comment outside the commands and the text, both without whitespace, are equal.
fn check_accounting(data: &[u8], parsed: &ParsedComment) {
    let mut outside = Vec::new();
    let mut at = 0;
    for (_, span) in parsed.commands() {
        outside.extend_from_slice(&data[at..span.start]);
        at = span.end;
    }
    outside.extend_from_slice(&data[at..]);
    let solid = |bytes: &[u8]| -> Vec<u8> {
        bytes
            .iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect()
    };
    assert_eq!(
        solid(&outside),
        solid(parsed.text_bytes()),
        "text and commands"
    );
}

type Values = (
    Option<u64>,
    Option<u64>,
    Option<String>,
    Vec<String>,
    Vec<String>,
);

fn values(p: &ParsedComment) -> Values {
    (
        p.clock().map(|t| t.as_millis()),
        p.emt().map(|t| t.as_millis()),
        p.eval().map(|e| format!("{e:?}")),
        p.squares().iter().map(|s| format!("{s:?}")).collect(),
        p.arrows().iter().map(|a| format!("{a:?}")).collect(),
    )
}

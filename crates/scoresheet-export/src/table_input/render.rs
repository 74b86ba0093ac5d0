//! One row as one game of PGN text (the rules are in the [module docs](super)).

use std::io;
use std::ops::ControlFlow;

use arrow_array::{Array, RecordBatch};
use arrow_schema::Schema;
use scoresheet_pgn::writer::{write_tag, ROSTER};
use scoresheet_pgn::{Location, Reader, Visitor};

use super::{values, TableOptions};

/// The most bytes of a row's text after its first game kept in the `;` comment line that
/// replaces it (the reader looks that far ahead for the next tag line).
pub const MAX_REST_BYTES: usize = 60_000;

/// Where a batch's columns go.
struct Layout<'a> {
    movetext: Option<&'a dyn Array>,
    /// The roster's columns, in roster order.
    roster: [Option<&'a dyn Array>; 7],
    /// Every other column but the movetext: name, values, written with a sign.
    others: Vec<(&'a str, &'a dyn Array, bool)>,
}

/// Checks that every column of `schema` can be read (see the module docs).
///
/// # Errors
///
/// `InvalidInput` naming the column: the movetext column missing or not text, a name that is
/// not a tag name, a type that cannot be a tag value.
pub(super) fn check_schema(schema: &Schema, options: &TableOptions) -> io::Result<()> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidInput, message);
    let movetext = options.movetext_column_name();
    let Some(field) = schema.fields().iter().find(|f| f.name() == movetext) else {
        let names: Vec<_> = schema.fields().iter().map(|f| f.name().as_str()).collect();
        return Err(invalid(format!(
            "table input: no movetext column {movetext:?} (the columns are {names:?})"
        )));
    };
    if !values::readable(field.data_type(), true) {
        return Err(invalid(format!(
            "table input: the movetext column {movetext:?} is {}, not text",
            field.data_type()
        )));
    }
    for field in schema.fields().iter().filter(|f| f.name() != movetext) {
        let name = field.name();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(invalid(format!(
                "table input: column {name:?} is not a PGN tag name (letters, digits and _)"
            )));
        }
        if !values::readable(field.data_type(), false) {
            return Err(invalid(format!(
                "table input: column {name:?} is {}: a tag value is text, an integer, \
                 date32 or a time of day",
                field.data_type()
            )));
        }
    }
    Ok(())
}

/// Appends the PGN text of every row of `batch` to `out`.
///
/// # Errors
///
/// As [`check_schema`].
pub(super) fn batch(
    batch: &RecordBatch,
    options: &TableOptions,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    check_schema(batch.schema_ref(), options)?;
    let movetext_name = options.movetext_column_name();
    let mut layout = Layout {
        movetext: None,
        roster: [None; 7],
        others: Vec::new(),
    };
    for (field, column) in batch.schema_ref().fields().iter().zip(batch.columns()) {
        let name = field.name().as_str();
        if name == movetext_name {
            layout.movetext = Some(column.as_ref());
        } else if let Some(i) = ROSTER.iter().position(|(tag, _)| *tag == name) {
            layout.roster[i] = Some(column.as_ref());
        } else {
            layout
                .others
                .push((name, column.as_ref(), name.ends_with("RatingDiff")));
        }
    }
    let mut scratch = String::new();
    for row in 0..batch.num_rows() {
        write_row(&layout, row, &mut scratch, out);
    }
    Ok(())
}

/// Appends one row's game.
fn write_row(layout: &Layout<'_>, row: usize, scratch: &mut String, out: &mut Vec<u8>) {
    let start = out.len();
    let text = layout
        .movetext
        .and_then(|column| values::text(column, row))
        .unwrap_or("");
    let (tag_lines, movetext) = text_tags(text);
    write_tags(layout, row, &tag_lines, scratch, out);
    out.push(b'\n');
    for line in lines(movetext) {
        write_movetext_line(line, out);
    }
    if may_hold_more_games(movetext) {
        keep_one_game(out, start);
    }
    out.push(b'\n');
}

/// A row's tag lines: the roster (`Event` first, always: a row without moves then ends at the
/// next row's `Event`), the other columns, then the text's own tag lines.
fn write_tags(
    layout: &Layout<'_>,
    row: usize,
    tag_lines: &[&str],
    scratch: &mut String,
    out: &mut Vec<u8>,
) {
    let mut event_line = None;
    for (i, ((name, default), column)) in ROSTER.iter().zip(layout.roster).enumerate() {
        scratch.clear();
        if column.is_some_and(|column| values::write(column, row, false, scratch)) {
            write_tag(out, name, scratch);
            continue;
        }
        match tag_lines.iter().position(|line| tag_name(line) == *name) {
            Some(at) if i == 0 => {
                event_line = Some(at);
                write_line(tag_lines[at], out);
            }
            Some(_) => {}
            None => write_tag(out, name, default),
        }
    }
    for &(name, column, signed) in &layout.others {
        scratch.clear();
        if values::write(column, row, signed, scratch) {
            write_tag(out, name, scratch);
        }
    }
    for (i, line) in tag_lines.iter().enumerate() {
        if Some(i) != event_line {
            write_line(line, out);
        }
    }
}

fn write_line(line: &str, out: &mut Vec<u8>) {
    out.extend_from_slice(line.as_bytes());
    out.push(b'\n');
}

/// The leading tag lines of a row's text (blank lines between them skipped) and the rest.
fn text_tags(text: &str) -> (Vec<&str>, &str) {
    let mut tags = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let trimmed = line.trim_start_matches([' ', '\t']);
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            break;
        }
        if !trimmed.is_empty() {
            tags.push(line);
        }
        rest = rest[end..].strip_prefix('\r').unwrap_or(&rest[end..]);
        rest = rest.strip_prefix('\n').unwrap_or(rest);
    }
    (tags, rest)
}

/// The name of a tag line (`[Name "value"]`).
fn tag_name(line: &str) -> &str {
    let name = line.trim_start_matches([' ', '\t']);
    let name = name.strip_prefix('[').unwrap_or(name);
    let name = name.trim_start_matches([' ', '\t']);
    let len = name
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    &name[..len]
}

/// The lines of `text`: `\n`, `\r\n` and `\r` end a line.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|line| line.split('\r'))
        .filter(|line| !line.is_empty())
}

/// A movetext line, unless blank; a form feed first when it would start a tag line (also
/// after a byte order mark, which the reader skips at a line's start).
fn write_movetext_line(line: &str, out: &mut Vec<u8>) {
    let rest = line.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\u{feff}');
    if rest.is_empty() {
        return;
    }
    if rest.starts_with('[') {
        out.push(b'\x0c');
    }
    out.extend_from_slice(line.as_bytes());
    out.push(b'\n');
}

/// Whether a result marker may come before the movetext's last word (quick test; the reader
/// decides).
fn may_hold_more_games(movetext: &str) -> bool {
    let body = movetext.trim_end();
    let body = &body[..body.rfind(|c: char| c.is_whitespace()).unwrap_or(0)];
    let markers = ["1-0", "0-1", "1/2", "*", "+--", "½"];
    markers.iter().any(|m| body.contains(m))
        || body
            .as_bytes()
            .windows(2)
            .any(|w| matches!(w[0], b'0' | b'1') && w[1] >= 0x80)
}

/// When the reader would read the row from `start` as more than one game, replaces the text
/// from the second game on by a `;` comment line (see the module docs).
fn keep_one_game(out: &mut Vec<u8>, start: usize) {
    let mut starts = GameStarts(Vec::new());
    let mut reader = Reader::new(&out[start..]);
    while starts.0.len() < 2 {
        match reader.read_game(&mut starts) {
            Ok(Some(())) => {}
            Ok(None) => return,
            Err(e) if !e.is_recoverable() => return,
            Err(_) => {}
        }
    }
    let Some(cut) = usize::try_from(starts.0[1]).ok().map(|at| start + at) else {
        return;
    };
    let rest = String::from_utf8_lossy(&out[cut..]).into_owned();
    out.truncate(cut);
    if out.last() != Some(&b'\n') {
        out.push(b'\n');
    }
    out.push(b';');
    let mut kept = 0;
    for word in rest.split_whitespace() {
        if kept + word.len() + 1 > MAX_REST_BYTES {
            break;
        }
        out.push(b' ');
        out.extend_from_slice(word.as_bytes());
        kept += word.len() + 1;
    }
    out.push(b'\n');
}

/// A visitor that notes where each game starts and skips it.
struct GameStarts(Vec<u64>);

impl Visitor for GameStarts {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, at: Location) -> ControlFlow<()> {
        self.0.push(at.byte);
        ControlFlow::Break(())
    }

    fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<()> {
        ControlFlow::Break(())
    }

    fn end_game(&mut self, _movetext: ()) {}
}

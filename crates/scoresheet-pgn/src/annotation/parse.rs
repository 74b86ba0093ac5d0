//! The comment scanner and the value parsers (the grammar is in the module docs).

use std::ops::Range;

use scoresheet::{File, Rank, Square};

use super::{
    Arrow, ClockTime, CommandName, CommentIssue, CommentIssueKind, Eval, EvalScore, ParsedComment,
    ShapeColor, SquareHighlight,
};

/// Reads the commands of a comment's text (the bytes between `{` and `}`, or after `;`).
///
/// Never fails: what is wrong is in [`ParsedComment::issues`]. See the [module
/// docs](super) for the grammar and the rules.
pub fn parse_comment(comment: &[u8]) -> ParsedComment {
    let mut out = ParsedComment {
        text: Vec::with_capacity(comment.len()),
        ..ParsedComment::default()
    };
    let mut kept = 0;
    let mut at = 0;
    while let Some(start) = find_command(comment, at) {
        let close = memchr::memchr(b']', &comment[start..]).map(|i| start + i);
        let end = close.map_or(comment.len(), |close| close + 1);
        if let Some(command) = read_command(comment, start, close, &mut out) {
            cut(comment, &mut kept, start..end, &mut out.text);
            out.commands.push((command, start..end));
        }
        at = end;
    }
    out.text.extend_from_slice(&comment[kept..]);
    trim(&mut out.text);
    out
}

/// The values of a comment that holds well-formed `clk`, `emt` and `eval` commands and
/// nothing else (whitespace aside), each at most once: the common comment of lichess and
/// chess.com games, read without building a [`ParsedComment`]. `None` for any other comment
/// (text, another command, a repeat, a malformed value, no command at all): then
/// [`parse_comment`] reads it, and for a comment this accepts, gives the same values, no
/// issue and no text.
pub(crate) fn commands_only(comment: &[u8]) -> Option<CommandValues> {
    let mut values = CommandValues::default();
    let mut at = 0;
    loop {
        at += leading_space(&comment[at..]);
        let [b'[', b'%', body @ ..] = &comment[at..] else {
            return (at == comment.len() && values != CommandValues::default()).then_some(values);
        };
        // The command ends at its `]`; a `[` before it is for the general reader to report.
        // Comments are short: a plain loop is cheaper here than a vector search's set-up.
        let close = body.iter().position(|&b| b == b']' || b == b'[')?;
        if body[close] != b']' {
            return None;
        }
        let body = &body[..close];
        let name_len = body.iter().take_while(|&&b| is_name_byte(b)).count();
        let command = CommandName::from_ascii(&body[..name_len])?;
        // The value, as `locate_value` finds it: after whitespace, before trailing whitespace.
        let inside = &body[name_len..];
        let lead = leading_space(inside);
        let value = &inside[lead..];
        let trail = value
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let value = &value[..value.len() - trail];
        if lead == 0 || value.is_empty() {
            return None;
        }
        let free = match command {
            CommandName::Clk => values.clock.replace(parse_time(value).ok()?).is_none(),
            CommandName::Emt => values.emt.replace(parse_time(value).ok()?).is_none(),
            CommandName::Eval => values.eval.replace(parse_eval(value).ok()?).is_none(),
            CommandName::Csl | CommandName::Cal => false,
        };
        if !free {
            return None;
        }
        at += 2 + close + 1;
    }
}

/// How many whitespace bytes `bytes` starts with.
fn leading_space(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|b| b.is_ascii_whitespace()).count()
}

/// What [`commands_only`] reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CommandValues {
    pub(crate) clock: Option<ClockTime>,
    pub(crate) emt: Option<ClockTime>,
    pub(crate) eval: Option<Eval>,
}

/// The offset of the next `[%` at or after `at`.
fn find_command(comment: &[u8], mut at: usize) -> Option<usize> {
    while let Some(i) = memchr::memchr(b'[', &comment[at..]) {
        let open = at + i;
        if comment.get(open + 1) == Some(&b'%') {
            return Some(open);
        }
        at = open + 1;
    }
    None
}

/// Copies the text before a recognised command and skips the command (see the module docs
/// for the whitespace rule).
fn cut(comment: &[u8], kept: &mut usize, command: Range<usize>, text: &mut Vec<u8>) {
    text.extend_from_slice(&comment[*kept..command.start]);
    let rest = &comment[command.end..];
    let spaces = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let after_space = text.last().is_none_or(u8::is_ascii_whitespace);
    *kept = command.end;
    if after_space {
        *kept += spaces;
    } else if spaces == 0 && !rest.is_empty() {
        text.push(b' ');
    }
}

/// Removes ASCII whitespace at both ends.
fn trim(text: &mut Vec<u8>) {
    let tail = text.iter().rev().take_while(|b| b.is_ascii_whitespace());
    text.truncate(text.len() - tail.count());
    let head = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    text.drain(..head);
}

/// Reads the command at `start` (`[%`) whose first `]` is at `close`. Returns the command
/// when it is known and well-formed, now stored in `out`; records an issue when it is known
/// but malformed.
fn read_command(
    comment: &[u8],
    start: usize,
    close: Option<usize>,
    out: &mut ParsedComment,
) -> Option<CommandName> {
    let stop = close.unwrap_or(comment.len());
    let body = &comment[start + 2..stop];
    let name_len = body.iter().take_while(|&&b| is_name_byte(b)).count();
    let command = CommandName::from_ascii(&body[..name_len])?;
    let span = start..close.map_or(stop, |close| close + 1);
    match locate_value(comment, start + 2, name_len, close) {
        Ok(value) => match store(command, &comment[value.clone()], span.clone(), out) {
            Ok(()) => Some(command),
            Err((kind, at)) => {
                out.issues
                    .push(issue(command, kind, value.start + at, span));
                None
            }
        },
        Err((kind, offset)) => {
            out.issues.push(issue(command, kind, offset, span));
            None
        }
    }
}

fn issue(
    command: CommandName,
    kind: CommentIssueKind,
    offset: usize,
    span: Range<usize>,
) -> CommentIssue {
    CommentIssue {
        command,
        kind,
        offset,
        span,
    }
}

const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Where the value of a known command is: after the name and whitespace, before trailing
/// whitespace and `]`. Errors are a kind and an offset in the comment.
fn locate_value(
    comment: &[u8],
    body_start: usize,
    name_len: usize,
    close: Option<usize>,
) -> Result<Range<usize>, (CommentIssueKind, usize)> {
    let body = &comment[body_start..close.unwrap_or(comment.len())];
    if let Some(inner) = memchr::memchr(b'[', body) {
        return Err((CommentIssueKind::Unterminated, body_start + inner));
    }
    let Some(close) = close else {
        return Err((CommentIssueKind::Unterminated, comment.len()));
    };
    let after_name = body_start + name_len;
    let inside = &comment[after_name..close];
    let lead = inside
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let trail = inside[lead..]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let value = after_name + lead..close - trail;
    if lead == 0 || value.is_empty() {
        return Err((CommentIssueKind::Malformed, value.start));
    }
    Ok(value)
}

/// A failure: what, and the offset within the value.
type Fail = (CommentIssueKind, usize);

/// Parses a value and stores it; errors leave `out`'s values as they were.
fn store(
    command: CommandName,
    value: &[u8],
    span: Range<usize>,
    out: &mut ParsedComment,
) -> Result<(), Fail> {
    let repeated = match command {
        CommandName::Clk => replace(&mut out.clock, parse_time(value)?),
        CommandName::Emt => replace(&mut out.emt, parse_time(value)?),
        CommandName::Eval => replace(&mut out.eval, parse_eval(value)?),
        CommandName::Csl => parse_list(value, &mut out.squares, highlight).map(|()| false)?,
        CommandName::Cal => parse_list(value, &mut out.arrows, arrow).map(|()| false)?,
    };
    if repeated {
        let issue = issue(command, CommentIssueKind::Repeated, span.start, span);
        out.issues.push(issue);
    }
    Ok(())
}

/// Sets the slot; whether it held a value already.
fn replace<T>(slot: &mut Option<T>, value: T) -> bool {
    slot.replace(value).is_some()
}

/// A value being read.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn new(bytes: &[u8]) -> Cursor<'_> {
        Cursor { bytes, pos: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let yes = self.peek() == Some(byte);
        self.pos += usize::from(yes);
        yes
    }

    fn expect(&mut self, byte: u8) -> Result<(), Fail> {
        match self.eat(byte) {
            true => Ok(()),
            false => Err(self.malformed()),
        }
    }

    fn malformed(&self) -> Fail {
        (CommentIssueKind::Malformed, self.pos)
    }

    fn end(&self) -> Result<(), Fail> {
        match self.pos == self.bytes.len() {
            true => Ok(()),
            false => Err(self.malformed()),
        }
    }

    /// `-` is -1, `+` or nothing 1.
    fn sign(&mut self) -> i64 {
        match self.eat(b'-') {
            true => -1,
            false => {
                self.eat(b'+');
                1
            }
        }
    }

    /// A run of digits: its value (`None` past `u64`) and length.
    fn digits(&mut self) -> (Option<u64>, usize) {
        let start = self.pos;
        let mut value = Some(0u64);
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d - b'0')));
            self.pos += 1;
        }
        (value, self.pos - start)
    }

    /// A number of `digits` digits, at most `max`.
    fn field(&mut self, digits: Range<usize>, max: u64) -> Result<u64, Fail> {
        let start = self.pos;
        let (value, len) = self.digits();
        if !digits.contains(&len) {
            return Err((CommentIssueKind::Malformed, start));
        }
        value
            .filter(|&v| v <= max)
            .ok_or((CommentIssueKind::OutOfRange, start))
    }
}

/// The most hours of a clock: seconds with three decimals stay exact as an `f64`.
const MAX_HOURS: u64 = 999_999;

/// `H:MM:SS[.fff]`.
fn parse_time(value: &[u8]) -> Result<ClockTime, Fail> {
    common_time(value).map_or_else(|| general_time(value), Ok)
}

/// [`parse_time`] by the grammar, for any shape.
fn general_time(value: &[u8]) -> Result<ClockTime, Fail> {
    let mut c = Cursor::new(value);
    let hours = c.field(1..usize::MAX, MAX_HOURS)?;
    c.expect(b':')?;
    let minutes = c.field(1..3, 59)?;
    c.expect(b':')?;
    let seconds = c.field(1..3, 59)?;
    let mut millis = ((hours * 60 + minutes) * 60 + seconds) * 1000;
    if c.eat(b'.') {
        let (fraction, len) = c.digits();
        if len > 3 {
            return Err((CommentIssueKind::Malformed, c.pos - len + 3));
        }
        millis += fraction.unwrap_or(0) * 10u64.pow(3 - len as u32);
    }
    c.end()?;
    Ok(ClockTime::from_millis(millis))
}

/// The clock lichess and chess.com write, `H:MM:SS` with one digit of hours and an optional
/// tenth (`0:02:59.9`), read directly; `None` for any other shape (then the general reader
/// decides: [`general_time`], which gives the same value for these, as
/// `ok_common_time_as_the_general_reader` checks).
fn common_time(value: &[u8]) -> Option<ClockTime> {
    let (clock, tenths) = match value {
        [clock @ .., b'.', t @ b'0'..=b'9'] => (clock, u64::from(t - b'0')),
        clock => (clock, 0),
    };
    let [h, b':', m1, m2, b':', s1, s2] = *clock else {
        return None;
    };
    let digit = |d: u8| d.is_ascii_digit().then(|| u64::from(d - b'0'));
    let (minutes, seconds) = (digit(m1)? * 10 + digit(m2)?, digit(s1)? * 10 + digit(s2)?);
    if minutes > 59 || seconds > 59 {
        return None;
    }
    let millis = ((digit(h)? * 60 + minutes) * 60 + seconds) * 1000 + tenths * 100;
    Some(ClockTime::from_millis(millis))
}

/// `0.17`, `-1.5`, `#-3`, with an optional `,depth`.
fn parse_eval(value: &[u8]) -> Result<Eval, Fail> {
    let mut c = Cursor::new(value);
    let score = match c.eat(b'#') {
        true => {
            let sign = c.sign();
            let moves = c.field(1..usize::MAX, i32::MAX as u64)?;
            EvalScore::Mate((sign * moves as i64) as i32)
        }
        false => EvalScore::Centipawns(centipawns(&mut c)?),
    };
    let depth = match c.eat(b',') {
        true => Some(c.field(1..usize::MAX, u64::from(u32::MAX))? as u32),
        false => None,
    };
    c.end()?;
    Ok(Eval { score, depth })
}

/// Pawns as centipawns, rounded half away from zero past two decimals.
fn centipawns(c: &mut Cursor<'_>) -> Result<i32, Fail> {
    let start = c.pos;
    let sign = c.sign();
    let (pawns, int_len) = c.digits();
    let mut hundredths = 0;
    let mut frac_len = 0;
    if c.eat(b'.') {
        while let Some(d @ b'0'..=b'9') = c.peek() {
            let d = u64::from(d - b'0');
            hundredths += match frac_len {
                0 => d * 10,
                1 => d,
                2 => u64::from(d >= 5),
                _ => 0,
            };
            frac_len += 1;
            c.pos += 1;
        }
    }
    if int_len + frac_len == 0 {
        return Err(c.malformed());
    }
    let cp = pawns
        .and_then(|p| p.checked_mul(100)?.checked_add(hundredths))
        .filter(|&cp| cp <= i32::MAX as u64)
        .ok_or((CommentIssueKind::OutOfRange, start))?;
    Ok((sign * cp as i64) as i32)
}

/// Comma-separated items; on error the list is as it was.
fn parse_list<T>(
    value: &[u8],
    list: &mut Vec<T>,
    item: fn(&mut Cursor<'_>) -> Result<T, Fail>,
) -> Result<(), Fail> {
    let before = list.len();
    let mut c = Cursor::new(value);
    let result = loop {
        match item(&mut c) {
            Ok(one) => list.push(one),
            Err(fail) => break Err(fail),
        }
        if !c.eat(b',') {
            break c.end();
        }
    };
    if result.is_err() {
        list.truncate(before);
    }
    result
}

/// `Ra1`.
fn highlight(c: &mut Cursor<'_>) -> Result<SquareHighlight, Fail> {
    Ok(SquareHighlight {
        color: color(c)?,
        square: square(c)?,
    })
}

/// `Ge2e4`.
fn arrow(c: &mut Cursor<'_>) -> Result<Arrow, Fail> {
    Ok(Arrow {
        color: color(c)?,
        from: square(c)?,
        to: square(c)?,
    })
}

fn color(c: &mut Cursor<'_>) -> Result<ShapeColor, Fail> {
    let color = c.peek().and_then(ShapeColor::from_ascii);
    let color = color.ok_or(c.malformed())?;
    c.pos += 1;
    Ok(color)
}

fn square(c: &mut Cursor<'_>) -> Result<Square, Fail> {
    let file = c.peek().filter(|b| (b'a'..=b'h').contains(b));
    let file = file.ok_or(c.malformed())?;
    c.pos += 1;
    let rank = c.peek().filter(|b| (b'1'..=b'8').contains(b));
    let rank = rank.ok_or(c.malformed())?;
    c.pos += 1;
    Ok(Square::new(
        File::index_const(usize::from(file - b'a')),
        Rank::index_const(usize::from(rank - b'1')),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotation::CommentIssueKind::{Malformed, OutOfRange, Repeated, Unterminated};

    /// The values of a comment in one line: `text|clk|emt|eval|squares|arrows`, empty parts
    /// for none.
    fn summary(comment: &[u8]) -> String {
        let p = parse_comment(comment);
        let show = |v: Option<String>| v.unwrap_or_default();
        let list = |items: Vec<String>| items.join(",");
        format!(
            "{}|{}|{}|{}|{}|{}",
            p.text(),
            show(p.clock().map(|t| t.as_millis().to_string())),
            show(p.emt().map(|t| t.as_millis().to_string())),
            show(p.eval().map(|e| format!("{:?}/{:?}", e.score, e.depth))),
            list(p.squares().iter().map(|s| s.to_string()).collect()),
            list(p.arrows().iter().map(|a| a.to_string()).collect()),
        )
    }

    /// Comments `commands_only` reads (the values as `parse_comment` gives them, and no text or
    /// issue there) and comments it leaves to `parse_comment`.
    #[test]
    fn ok_commands_only_agrees_with_the_parser() {
        let read: &[&[u8]] = &[
            b" [%clk 0:03:00] ",
            b"[%eval 0.17] [%clk 0:02:59.9]",
            b"[%eval #-3,20][%clk 1:2:3]",
            b"\n[%emt 0:00:05]\t[%clk 0:01:00] [%eval -1.5]",
        ];
        for comment in read {
            let values = commands_only(comment).expect("commands only");
            let parsed = parse_comment(comment);
            assert_eq!(values.clock, parsed.clock(), "{comment:?}");
            assert_eq!(values.emt, parsed.emt(), "{comment:?}");
            assert_eq!(values.eval, parsed.eval(), "{comment:?}");
            assert!(parsed.issues().is_empty() && parsed.text().is_empty());
        }
        let left: &[&[u8]] = &[
            b"",
            b"  ",
            b"Good move [%clk 0:03:00]",
            b"[%clk 0:03:00] Good move",
            b"[%clk 0:03:00] [%clk 0:02:00]",
            b"[%clk 0:3:00:00]",
            b"[%clk 0:03:00",
            b"[%clk  ]",
            b"[%clk0:03:00]",
            b"[%csl Ra1] [%clk 0:03:00]",
            b"[%timestamp 5]",
            b"[%CLK 0:03:00]",
            b"[%eval 0.1 [%clk 0:03:00]",
            b"[ %clk 0:03:00]",
        ];
        for comment in left {
            assert_eq!(commands_only(comment), None, "{comment:?}");
        }
    }

    /// Every brace comment of the crate's test games: where `commands_only` reads one, the
    /// full parser gives the same values, no text and no issue.
    #[test]
    fn ok_commands_only_on_test_games() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut files = vec![std::path::PathBuf::from(dir)];
        let (mut read, mut comments) = (0, 0);
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(
                    std::fs::read_dir(&path)
                        .expect("dir")
                        .map(|e| e.expect("entry").path()),
                );
                continue;
            }
            let bytes = std::fs::read(&path).expect("file");
            for part in bytes.split(|&b| b == b'{').skip(1) {
                let Some(end) = memchr::memchr(b'}', part) else {
                    continue;
                };
                let comment = &part[..end];
                comments += 1;
                let Some(values) = commands_only(comment) else {
                    continue;
                };
                read += 1;
                let parsed = parse_comment(comment);
                let at = format!("{} {:?}", path.display(), String::from_utf8_lossy(comment));
                assert_eq!(
                    (values.clock, values.emt, values.eval),
                    (parsed.clock(), parsed.emt(), parsed.eval()),
                    "{at}"
                );
                assert!(
                    parsed.issues().is_empty() && parsed.text().is_empty(),
                    "{at}"
                );
            }
        }
        assert!(
            read > 1000 && comments > read,
            "{read} of {comments} comments read"
        );
    }

    /// The direct reading of common clocks agrees with the general reader on every value of
    /// its shapes and near misses.
    #[test]
    fn ok_common_time_as_the_general_reader() {
        let mut values: Vec<String> = Vec::new();
        for h in ["0", "1", "9", "x"] {
            for m in ["00", "07", "59", "60", "99", "5", "a0"] {
                for s in ["00", "30", "59", "60", "7"] {
                    for tail in ["", ".0", ".9", ".", ".12", ".x"] {
                        values.push(format!("{h}:{m}:{s}{tail}"));
                    }
                }
            }
        }
        let mut direct = 0;
        for value in &values {
            let bytes = value.as_bytes();
            let general = general_time(bytes).ok();
            if let Some(time) = common_time(bytes) {
                direct += 1;
                assert_eq!(Some(time), general, "{value}");
            }
            assert_eq!(parse_time(bytes).ok(), general, "{value}");
        }
        assert!(direct > 50, "{direct}");
    }

    #[test]
    fn ok_commands() {
        let cases: &[(&[u8], &str)] = &[
            (b"[%clk 1:02:03.4]", "|3723400||||"),
            (b" [%clk 0:03:00] ", "|180000||||"),
            (b"[%clk 0:02:59.9]", "|179900||||"),
            (b"[%clk 0:00:00.123]", "|123||||"),
            (b"[%clk 0:00:07.05]", "|7050||||"),
            (b"[%clk 0:00:07.]", "|7000||||"),
            (b"[%clk 1:2:3]", "|3723000||||"),
            (b"[%clk 168:00:00]", "|604800000||||"),
            (b"[%clk 999999:59:59.999]", "|3599999999999||||"),
            (b"[%emt 0:00:05]", "||5000|||"),
            (b"[%eval 0.17]", "|||Centipawns(17)/None||"),
            (b"[%eval -0.35]", "|||Centipawns(-35)/None||"),
            (b"[%eval -1.5]", "|||Centipawns(-150)/None||"),
            (b"[%eval +3]", "|||Centipawns(300)/None||"),
            (b"[%eval .5]", "|||Centipawns(50)/None||"),
            (b"[%eval 2.]", "|||Centipawns(200)/None||"),
            (b"[%eval -0.00]", "|||Centipawns(0)/None||"),
            (b"[%eval 0.125]", "|||Centipawns(13)/None||"),
            (b"[%eval -0.125]", "|||Centipawns(-13)/None||"),
            (b"[%eval 0.1249]", "|||Centipawns(12)/None||"),
            (b"[%eval 0.995]", "|||Centipawns(100)/None||"),
            (b"[%eval 21474836.47]", "|||Centipawns(2147483647)/None||"),
            (b"[%eval #-3]", "|||Mate(-3)/None||"),
            (b"[%eval #+2]", "|||Mate(2)/None||"),
            (b"[%eval #0]", "|||Mate(0)/None||"),
            (b"[%eval 0.17,20]", "|||Centipawns(17)/Some(20)||"),
            (b"[%eval #7,0]", "|||Mate(7)/Some(0)||"),
            (b"[%csl Ra1,Gb2]", "||||Ra1,Gb2|"),
            (b"[%csl Yh8,Bd4]", "||||Yh8,Bd4|"),
            (b"[%cal Ge2e4,Rd7d5]", "|||||Ge2e4,Rd7d5"),
            (b"[%cal Ge2e2]", "|||||Ge2e2"),
            (b"[%clk\t0:00:01\n]", "|1000||||"),
            (b"[%clk   0:00:01  ]", "|1000||||"),
        ];
        for &(comment, want) in cases {
            let parsed = parse_comment(comment);
            assert_eq!(parsed.issues(), &[], "{}", String::from_utf8_lossy(comment));
            assert_eq!(
                summary(comment),
                want,
                "{}",
                String::from_utf8_lossy(comment)
            );
        }
    }

    #[test]
    fn ok_text_around() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "|||||"),
            (b"   ", "|||||"),
            (b"  plain text  ", "plain text|||||"),
            (
                b"Good move. [%eval 0.24] [%clk 0:01:59]",
                "Good move.|119000||Centipawns(24)/None||",
            ),
            (
                b" [%eval 0.24] Good move. [%clk 0:01:59] ",
                "Good move.|119000||Centipawns(24)/None||",
            ),
            (b"a [%clk 0:00:01] b", "a b|1000||||"),
            (b"a[%clk 0:00:01]b", "a b|1000||||"),
            (b"a [%clk 0:00:01]b", "a b|1000||||"),
            (b"a[%clk 0:00:01] b", "a b|1000||||"),
            (b"a  [%clk 0:00:01]  b", "a  b|1000||||"),
            (b"a[%clk 0:00:01][%emt 0:00:02]b", "a b|1000|2000|||"),
            (
                b"line one\n[%clk 0:00:01]\nline two",
                "line one\nline two|1000||||",
            ),
            (
                b"[%csl Ra1][%cal Gb1c3] [%csl Gd4] [%cal Ra8a1]",
                "||||Ra1,Gd4|Gb1c3,Ra8a1",
            ),
            (b"[%timestamp 5] [%clk 0:00:01]", "[%timestamp 5]|1000||||"),
            (b"[%foo bar] x", "[%foo bar] x|||||"),
            (b"[%CLK 0:00:01]", "[%CLK 0:00:01]|||||"),
            (b"[%clkx 0:00:01]", "[%clkx 0:00:01]|||||"),
            (b"[% clk 0:00:01]", "[% clk 0:00:01]|||||"),
            (b"[%foo [%clk 0:00:01]]", "[%foo [%clk 0:00:01]]|||||"),
            (b"[clk 0:00:01] [x]", "[clk 0:00:01] [x]|||||"),
            ("Müller [%clk 0:00:01]".as_bytes(), "Müller|1000||||"),
            (b"M\xfcller [%clk 0:00:01] \xe9", "Müller é|1000||||"),
        ];
        for &(comment, want) in cases {
            assert_eq!(
                summary(comment),
                want,
                "{}",
                String::from_utf8_lossy(comment)
            );
        }
    }

    #[test]
    fn err_commands() {
        let cases: &[(&[u8], CommentIssueKind, usize)] = &[
            (b"[%clk abc]", Malformed, 6),
            (b"[%clk]", Malformed, 5),
            (b"[%clk ]", Malformed, 6),
            (b"[%clk:0:00:01]", Malformed, 5),
            (b"[%clk 0:00]", Malformed, 10),
            (b"[%clk 0:0:0:0]", Malformed, 11),
            (b"[%clk 0:000:00]", Malformed, 8),
            (b"[%clk 0:60:00]", OutOfRange, 8),
            (b"[%clk 0:00:60]", OutOfRange, 11),
            (b"[%clk 0:00:01.1234]", Malformed, 17),
            (b"[%clk -0:00:01]", Malformed, 6),
            (b"[%clk 1000000:00:00]", OutOfRange, 6),
            (b"[%clk 99999999999999999999999:00:00]", OutOfRange, 6),
            (b"[%clk 1:00", Unterminated, 10),
            (b"[%clk 1:00 [%eval 0.1]", Unterminated, 11),
            (b"[%emt x]", Malformed, 6),
            (b"[%eval]", Malformed, 6),
            (b"[%eval 99999999999]", OutOfRange, 7),
            (b"[%eval 21474836.48]", OutOfRange, 7),
            (b"[%eval -21474836.48]", OutOfRange, 7),
            (b"[%eval #2147483648]", OutOfRange, 8),
            (b"[%eval #]", Malformed, 8),
            (b"[%eval -]", Malformed, 8),
            (b"[%eval .]", Malformed, 8),
            (b"[%eval 1.5.]", Malformed, 10),
            (b"[%eval 0.17,]", Malformed, 12),
            (b"[%eval 0.17,x]", Malformed, 12),
            (b"[%eval 0.17,4294967296]", OutOfRange, 12),
            (b"[%eval 0.17 ,20]", Malformed, 11),
            (b"[%eval M3]", Malformed, 7),
            (b"[%csl Zz9]", Malformed, 6),
            (b"[%csl ra1]", Malformed, 6),
            (b"[%csl Ri1]", Malformed, 7),
            (b"[%csl Ra9]", Malformed, 8),
            (b"[%csl Ra1,]", Malformed, 10),
            (b"[%csl Ra1, Gb2]", Malformed, 10),
            (b"[%csl Ge2e4]", Malformed, 9),
            (b"[%cal Ge2]", Malformed, 9),
            (b"[%cal Ge2e4,Zz9]", Malformed, 12),
        ];
        for &(comment, kind, offset) in cases {
            let name = String::from_utf8_lossy(comment);
            let parsed = parse_comment(comment);
            let issues = parsed.issues();
            assert_eq!(issues.len(), 1, "{name}: {issues:?}");
            assert_eq!(
                (issues[0].kind(), issues[0].offset()),
                (kind, offset),
                "{name}"
            );
            assert_eq!(issues[0].span().start, 0, "{name}");
            assert_eq!(
                parsed.text_bytes(),
                comment.trim_ascii(),
                "{name}: kept whole"
            );
            assert!(!parsed.has_commands(), "{name}");
            assert_eq!(summary(comment).split('|').skip(1).collect::<String>(), "");
        }
    }

    #[test]
    fn err_repeated_last_wins() {
        let parsed = parse_comment(b"[%clk 0:00:01] x [%clk 0:00:02] [%eval 1] [%eval #3]");
        assert_eq!(parsed.text(), "x");
        assert_eq!(parsed.clock(), Some(ClockTime::from_millis(2000)));
        assert_eq!(parsed.eval().map(|e| e.score), Some(EvalScore::Mate(3)));
        let issues: Vec<_> = parsed
            .issues()
            .iter()
            .map(|i| (i.command(), i.kind(), i.offset()))
            .collect();
        assert_eq!(
            issues,
            [
                (CommandName::Clk, Repeated, 17),
                (CommandName::Eval, Repeated, 42)
            ]
        );
        assert_eq!(parsed.issues()[0].span(), 17..31);
    }

    #[test]
    fn err_malformed_beside_good() {
        let parsed = parse_comment(b"[%csl Ra1] [%csl Ra1,Zz9] [%clk abc] [%clk 0:00:03]");
        assert_eq!(parsed.text(), "[%csl Ra1,Zz9] [%clk abc]");
        assert_eq!(parsed.squares().len(), 1);
        assert_eq!(parsed.clock(), Some(ClockTime::from_millis(3000)));
        let issues: Vec<_> = parsed
            .issues()
            .iter()
            .map(|i| (i.command(), i.kind()))
            .collect();
        assert_eq!(
            issues,
            [(CommandName::Csl, Malformed), (CommandName::Clk, Malformed)]
        );
        assert_eq!(
            parsed.commands(),
            &[(CommandName::Csl, 0..10), (CommandName::Clk, 37..51)]
        );
    }

    #[test]
    fn ok_no_new_command_from_a_cut() {
        let cases: &[&[u8]] = &[
            b"[[%clk 0:00:01]%clk 0:00:02]",
            b"[%c[%clk 0:00:01]lk 0:00:02]",
            b"[%clk [%eval 0.1]0:00:02]",
            b"[%clk [%eval 0.1] 0:00:02]",
        ];
        for &comment in cases {
            let parsed = parse_comment(comment);
            let again = parse_comment(parsed.text_bytes());
            assert!(!again.has_commands(), "{}", parsed.text());
            assert_eq!(again.text(), parsed.text());
        }
    }

    #[test]
    fn ok_display_round_trip() {
        let cases: &[(&[u8], &str)] = &[
            (b"[%clk 0:02:59.90]", "[%clk 0:02:59.9]"),
            (b"[%clk 1:2:3.05]", "[%clk 1:02:03.05]"),
            (b"[%emt 0:00:00.001]", "[%emt 0:00:00.001]"),
            (b"x [%eval -0.05,3] y", "[%eval -0.05,3] x y"),
            (b"[%eval -1.5]", "[%eval -1.50]"),
            (b"[%eval #-3]", "[%eval #-3]"),
            (
                b"[%cal Ge2e4] [%csl Ra1] [%csl Bb2]",
                "[%csl Ra1,Bb2] [%cal Ge2e4]",
            ),
            (b"x [%eval 1] [%clk 1", "[%eval 1.00] x [%clk 1"),
            (b"  x  ", "x"),
        ];
        for &(comment, want) in cases {
            let parsed = parse_comment(comment);
            let shown = parsed.to_string();
            assert_eq!(shown, want);
            let mut again = parse_comment(shown.as_bytes());
            // Where the commands and issues are differs; the text and values do not.
            again.commands.clone_from(&parsed.commands);
            again.issues.clone_from(&parsed.issues);
            assert_eq!(again, parsed);
        }
    }
}

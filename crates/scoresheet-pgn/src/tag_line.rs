//! Parsing one tag pair from a line starting with `[`, leniently: see the tag kinds of
//! [`OddityKind`] for what is accepted and reported.

use crate::OddityKind;

/// One tag pair parsed from a line starting with `[` (the line excludes its line break).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TagLine {
    pub name: (usize, usize),
    pub value: (usize, usize),
    /// Bytes consumed: up to and including `]`, or the whole line.
    pub len: usize,
    pub oddities: [Option<OddityKind>; 3],
}

fn skip_blanks(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
        i += 1;
    }
    i
}

fn is_standard_name(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Bytes that end a simple tag value: quote, backslash, line breaks.
static VALUE_STOP: [bool; 256] = {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table
};

/// Bytes of a standard tag name: letters, digits, `_`.
static NAME: [bool; 256] = crate::scan::alphanumeric_or(b'_');

/// The common case `[Name "value"]`, read straight from `bytes` (which start with `[`; the
/// line may go on): a standard name, one space, a value without `\` or `"`, and `"]`. Gives
/// the same result as [`parse`] for such tags, without oddities; `None` for anything else,
/// including a tag that reaches past `bytes`.
#[inline]
pub(crate) fn parse_simple(bytes: &[u8]) -> Option<TagLine> {
    let mut name_end = 1;
    while name_end < bytes.len() && NAME[usize::from(bytes[name_end])] {
        name_end += 1;
    }
    let name_len = name_end - 1;
    if name_len == 0 || !bytes[1].is_ascii_alphabetic() {
        return None;
    }
    let value_start = name_len + 3;
    if bytes.get(name_len + 1..value_start)? != b" \"" {
        return None;
    }
    let value_end = value_end(bytes, value_start);
    if bytes.get(value_end..value_end + 2)? != b"\"]" {
        return None;
    }
    Some(TagLine {
        name: (1, 1 + name_len),
        value: (value_start, value_end),
        len: value_end + 2,
        oddities: [None; 3],
    })
}

/// The first byte from `i` on that ends a simple tag value ([`VALUE_STOP`]), or the end of
/// `bytes`. Eight bytes at a time first: a word without a quote, a backslash or a byte below
/// `0x0e` (line breaks among them) is skipped whole; from a word with one, byte by byte.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn value_end(bytes: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES * 0x80;
    // Whether a byte of `word` is below `n` (at most 0x80): exact as a whole.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH;
    let has = |word: u64, b: u8| below(word ^ (ONES * u64::from(b)), 1);
    while let Some(chunk) = bytes.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        if (below(word, 0x0e) | has(word, b'"') | has(word, b'\\')) != 0 {
            break;
        }
        i += 8;
    }
    while i < bytes.len() && !VALUE_STOP[usize::from(bytes[i])] {
        i += 1;
    }
    i
}

/// The name of the tag at the start of `bytes` (which start with `[`), as [`parse`] reads it.
pub(crate) fn name(bytes: &[u8]) -> &[u8] {
    let start = skip_blanks(bytes, 1);
    let len = bytes[start..]
        .iter()
        .take_while(|&&b| !matches!(b, b' ' | b'\t' | b'"' | b']' | b'\n' | b'\r'))
        .count();
    &bytes[start..start + len]
}

/// Whether a tag section (its lines, from the first `[`) has a tag named `name`.
pub(crate) fn section_has_name(section: &[u8], name: &[u8]) -> bool {
    section
        .split(|&b| b == b'\n' || b == b'\r')
        .any(|mut line| loop {
            line = &line[skip_blanks(line, 0)..];
            if line.first() != Some(&b'[') {
                return false;
            }
            let tag = parse(line);
            if &line[tag.name.0..tag.name.1] == name {
                return true;
            }
            line = &line[tag.len..];
        })
}

/// Parses the tag at the start of `line` (which starts with `[`); see [`TagLine`].
pub(crate) fn parse(line: &[u8]) -> TagLine {
    let name_start = skip_blanks(line, 1);
    let name_len = line[name_start..]
        .iter()
        .take_while(|&&b| !matches!(b, b' ' | b'\t' | b'"' | b']'))
        .count();
    let name = (name_start, name_start + name_len);
    let value_start = skip_blanks(line, name.1);
    let spacing_ok = name_start == 1 && value_start == name.1 + 1;
    let mut tag = if line.get(value_start) == Some(&b'"') {
        quoted_value(line, value_start + 1)
    } else {
        unquoted_value(line, value_start)
    };
    tag.name = name;
    if !is_standard_name(&line[name.0..name.1]) {
        tag.oddities[1] = Some(OddityKind::NonstandardTagName);
    }
    if !spacing_ok && tag.oddities[0].is_none() {
        tag.oddities[2] = Some(OddityKind::TagSpacing);
    }
    tag
}

fn close_bracket(line: &[u8], from: usize) -> Option<usize> {
    let i = skip_blanks(line, from);
    (line.get(i) == Some(&b']')).then_some(i)
}

/// `start` is just after the opening quote.
fn quoted_value(line: &[u8], start: usize) -> TagLine {
    let mut unescaped = false;
    let mut i = start;
    while let Some(offset) = memchr::memchr2(b'\\', b'"', line.get(i..).unwrap_or_default()) {
        i += offset;
        match line[i] {
            b'\\' if backslash_ends_value(line, i) => {
                let bracket = close_bracket(line, i + 2).unwrap_or(i + 2);
                let oddity = Some(OddityKind::BackslashEndsTagValue);
                return new_tag((start, i), bracket + 1, oddity);
            }
            b'\\' => i += 2,
            _ => {
                if let Some(bracket) = close_bracket(line, i + 1) {
                    let mut tag = new_tag((start, i), bracket + 1, None);
                    if unescaped {
                        tag.oddities[0] = Some(OddityKind::UnescapedQuoteInTag);
                    } else if bracket != i + 1 {
                        tag.oddities[2] = Some(OddityKind::TagSpacing);
                    }
                    return tag;
                }
                unescaped = true;
                i += 1;
            }
        }
    }
    let end = trim_end_bracket(line, start);
    new_tag(
        (start, end),
        line.len(),
        Some(OddityKind::UnterminatedTagValue),
    )
}

/// Whether the backslash at `i` ends the value (`[Event "C:\"]`): it is followed by `"`, `]`
/// and no other `"` on the line.
fn backslash_ends_value(line: &[u8], i: usize) -> bool {
    if line.get(i + 1) != Some(&b'"') {
        return false;
    }
    close_bracket(line, i + 2)
        .is_some_and(|bracket| memchr::memchr(b'"', &line[bracket + 1..]).is_none())
}

/// Value end after trimming blanks, one `]` and blanks again from the end of the line.
fn trim_end_bracket(line: &[u8], start: usize) -> usize {
    let trim = |mut end: usize| {
        while end > start && matches!(line[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        end
    };
    let mut end = trim(line.len());
    if end > start && line[end - 1] == b']' {
        end = trim(end - 1);
    }
    end
}

fn unquoted_value(line: &[u8], start: usize) -> TagLine {
    match memchr::memchr(b']', &line[start..]) {
        Some(offset) => {
            let bracket = start + offset;
            let mut end = bracket;
            while end > start && matches!(line[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            new_tag(
                (start, end),
                bracket + 1,
                Some(OddityKind::UnquotedTagValue),
            )
        }
        None => {
            let end = trim_end_bracket(line, start);
            new_tag((start, end), line.len(), Some(OddityKind::UnterminatedTag))
        }
    }
}

fn new_tag(value: (usize, usize), len: usize, oddity: Option<OddityKind>) -> TagLine {
    TagLine {
        name: (0, 0),
        value,
        len,
        oddities: [oddity, None, None],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OddityKind as K;

    fn tag(line: &str) -> (String, String, usize, Vec<OddityKind>) {
        let line = line.as_bytes();
        let t = parse(line);
        let text = |(a, b): (usize, usize)| String::from_utf8_lossy(&line[a..b]).into_owned();
        (
            text(t.name),
            text(t.value),
            t.len,
            t.oddities.into_iter().flatten().collect(),
        )
    }

    #[test]
    fn ok_tag_line() {
        let cases: [(&str, &str, &str, usize, &[OddityKind]); 14] = [
            (r#"[Event "A"]"#, "Event", "A", 11, &[]),
            (r#"[Event "a]b"] x"#, "Event", "a]b", 13, &[]),
            (
                r#"[White "hello\" \\ world"]"#,
                "White",
                r#"hello\" \\ world"#,
                26,
                &[],
            ),
            (
                r#"[Event "NII - Lille]"#,
                "Event",
                "NII - Lille",
                20,
                &[K::UnterminatedTagValue],
            ),
            (
                r#"[Event "5th "Mikis" Intl"]"#,
                "Event",
                r#"5th "Mikis" Intl"#,
                26,
                &[K::UnescapedQuoteInTag],
            ),
            (
                r#"[BlackType: "p"]"#,
                "BlackType:",
                "p",
                16,
                &[K::NonstandardTagName],
            ),
            (r#"[123 "x"]"#, "123", "x", 9, &[K::NonstandardTagName]),
            (
                r#"[Event"x"][ Site "y" ]"#,
                "Event",
                "x",
                10,
                &[K::TagSpacing],
            ),
            (r#"[ Site "y" ]"#, "Site", "y", 12, &[K::TagSpacing]),
            ("[Event S ]", "Event", "S", 10, &[K::UnquotedTagValue]),
            ("[pgn]", "pgn", "", 5, &[K::UnquotedTagValue]),
            (
                r#"[Event "C:\"]"#,
                "Event",
                r"C:",
                13,
                &[K::BackslashEndsTagValue],
            ),
            (r#"[Event "a\"b"]"#, "Event", r#"a\"b"#, 14, &[]),
            (r#"[Event "a\"] x"]"#, "Event", r#"a\"] x"#, 16, &[]),
        ];
        for (line, name, value, len, oddities) in cases {
            assert_eq!(
                tag(line),
                (name.into(), value.into(), len, oddities.to_vec()),
                "{line}"
            );
        }
    }

    #[test]
    fn ok_parse_simple_agrees() {
        let lines: [&[u8]; 9] = [
            br#"[Event "A"]"#,
            br#"[Event "A"] x"#,
            br#"[Event ""]"#,
            br#"[White_2 "M\xfcller, J."]"#,
            br#"[Event "a\"b"]"#,
            br#"[Event  "A"]"#,
            br#"[1x "A"]"#,
            br#"[Event "A" ]"#,
            b"[Event \"A\rB\"]",
        ];
        for line in lines {
            if let Some(simple) = parse_simple(line) {
                assert_eq!(simple, parse(line), "{line:?}");
            }
        }
        assert!(parse_simple(br#"[Event "A"]"#).is_some());
        assert!(parse_simple(br#"[Event "a\"b"]"#).is_none());
        assert!(parse_simple(br#"[Event "A"#).is_none());
    }

    /// The word-at-a-time value scan stops where a byte-at-a-time one does, wherever the stop
    /// falls in a word (and at the end without one), whatever the other bytes.
    #[test]
    fn ok_value_end_as_bytewise() {
        let stops = [b'"', b'\\', b'\n', b'\r'];
        let fillers = [
            b'a', b'\t', b'\x0b', 0x0e, 0x7f, 0x80, 0xc3, 0xff, b'!', b'#',
        ];
        for len in 0..20 {
            for filler in fillers {
                let mut bytes = vec![filler; len];
                for at in 0..=len {
                    for stop in stops {
                        bytes.truncate(len);
                        bytes.fill(filler);
                        if at < len {
                            bytes[at] = stop;
                        }
                        for from in 0..=len.min(3) {
                            let want = (from..bytes.len())
                                .find(|&i| VALUE_STOP[usize::from(bytes[i])])
                                .unwrap_or(bytes.len());
                            assert_eq!(value_end(&bytes, from), want, "{bytes:?} {from}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn err_tag_line_unterminated() {
        assert_eq!(
            tag("[Event x"),
            ("Event".into(), "x".into(), 8, vec![K::UnterminatedTag])
        );
        assert_eq!(
            tag("["),
            (
                "".into(),
                "".into(),
                1,
                vec![K::UnterminatedTag, K::NonstandardTagName]
            )
        );
    }
}

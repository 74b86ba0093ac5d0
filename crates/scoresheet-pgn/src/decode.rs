//! Turning raw PGN bytes into text.
//!
//! The reader hands out bytes as they are in the file. PGN files in the wild are UTF-8 (the
//! modern default), ASCII, or Latin-1 (ISO 8859-1, old Windows and ChessBase exports). [`decode`]
//! returns UTF-8 input as it is (borrowed) and reads anything that is not valid UTF-8 as Latin-1,
//! where every byte is the Unicode scalar of the same number.
//!
//! ```
//! use scoresheet_pgn::decode::{decode, is_utf8, unescape_tag};
//!
//! assert_eq!(decode(b"Nepomniachtchi"), "Nepomniachtchi");
//! assert_eq!(decode("Müller".as_bytes()), "Müller");
//! assert_eq!(decode(b"M\xfcller"), "Müller"); // Latin-1
//! assert!(!is_utf8(b"M\xfcller"));
//! assert_eq!(&*unescape_tag(br#"say \"hi\" \\o/"#), br#"say "hi" \o/"#);
//! ```

use std::borrow::Cow;

/// Whether `bytes` are valid UTF-8.
pub fn is_utf8(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok()
}

/// Decodes `bytes` as UTF-8 if they are valid UTF-8, else as Latin-1 (never fails).
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Removes the PGN tag value escapes: `\"` becomes `"` and `\\` becomes `\`.
///
/// Any other backslash is kept as it is, as is a backslash at the very end.
pub fn unescape_tag(raw: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', raw).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        match (raw[i], raw.get(i + 1)) {
            (b'\\', Some(&next @ (b'"' | b'\\'))) => {
                out.push(next);
                i += 2;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_decode() {
        let cases: [(&[u8], &str, bool); 6] = [
            (b"", "", true),
            (b"Nf3", "Nf3", true),
            ("Ljubojević".as_bytes(), "Ljubojević", true),
            (b"M\xfcller", "Müller", false),
            (b"\xe9\xe8\xa0", "éè\u{a0}", false),
            (b"\xc3", "Ã", false),
        ];
        for (input, want, borrowed) in cases {
            let got = decode(input);
            assert_eq!(got, want, "{input:?}");
            assert_eq!(matches!(got, Cow::Borrowed(_)), borrowed, "{input:?}");
        }
    }

    #[test]
    fn ok_unescape_tag() {
        let cases: [(&[u8], &[u8]); 6] = [
            (b"plain", b"plain"),
            (br#"hello\" \\ world"#, br#"hello" \ world"#),
            (br#"\"The Terminator\""#, br#""The Terminator""#),
            (br"C:\path", br"C:\path"),
            (br"end\", br"end\"),
            (br"\\\\", br"\\"),
        ];
        for (input, want) in cases {
            assert_eq!(&*unescape_tag(input), want, "{input:?}");
        }
    }
}

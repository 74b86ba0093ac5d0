//! SAN output into a byte buffer: [`San::write_to`], [`SanPlus::write_to`].

use super::{San, SanPlus, Suffix};
use crate::types::{CastlingSide, Role};

impl San {
    /// Appends the SAN to `out`: the same text as `Display`, without formatting machinery.
    ///
    /// ```
    /// use scoresheet::san::San;
    /// let mut out = Vec::new();
    /// "exd8=Q".parse::<San>()?.write_to(&mut out);
    /// assert_eq!(out, b"exd8=Q");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to(&self, out: &mut Vec<u8>) {
        self.write_with_castle_char(out, b'O');
    }

    /// Appends the SAN, writing castling with `castle` (`O` or `0`).
    pub(super) fn write_with_castle_char(&self, out: &mut Vec<u8>, castle: u8) {
        append(out, self.bytes(castle, None));
    }

    /// Appends the SAN and its check or mate `suffix` (`Nf3+`): [`SanPlus::write_to`]
    /// without an annotation, for a caller that holds the two apart (a game's content hash).
    ///
    /// ```
    /// use scoresheet::san::{San, Suffix};
    /// let mut out = Vec::new();
    /// "Qh4".parse::<San>()?.write_with_suffix_to(Some(Suffix::Checkmate), &mut out);
    /// assert_eq!(out, b"Qh4#");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_with_suffix_to(&self, suffix: Option<Suffix>, out: &mut Vec<u8>) {
        append(out, self.bytes(b'O', suffix));
    }

    /// The SAN and its `suffix` as bytes, built on the stack and appended once (pushing byte
    /// by byte was two thirds of hashing a game's moves for its `game_id`): at most ten
    /// bytes (`Qh4xe1=Q+` is nine).
    fn bytes(&self, castle: u8, suffix: Option<Suffix>) -> ([u8; 16], usize) {
        let mut bytes = [0u8; 16];
        let mut len = 0;
        // The index masked: no bounds check (a SAN is at most ten bytes).
        let mut push = |b: u8| {
            bytes[len & 15] = b;
            len += 1;
        };
        match *self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    push(role.upper_char() as u8);
                }
                if let Some(file) = file {
                    push(b'a' + file as u8);
                }
                if let Some(rank) = rank {
                    push(b'1' + rank as u8);
                }
                if capture {
                    push(b'x');
                }
                push(b'a' + to.file() as u8);
                push(b'1' + to.rank() as u8);
                if let Some(role) = promotion {
                    push(b'=');
                    push(role.upper_char() as u8);
                }
            }
            San::Castle(side) => {
                push(castle);
                push(b'-');
                push(castle);
                if side == CastlingSide::QueenSide {
                    push(b'-');
                    push(castle);
                }
            }
            San::Null => {
                push(b'-');
                push(b'-');
            }
        }
        match suffix {
            Some(Suffix::Check) => push(b'+'),
            Some(Suffix::Checkmate) => push(b'#'),
            None => {}
        }
        (bytes, len)
    }
}

/// Appends the first `len` of `bytes`: all sixteen stored at once and the rest cut off,
/// cheaper than copying a length known only at run time (a call to `memcpy`).
fn append(out: &mut Vec<u8>, (bytes, len): ([u8; 16], usize)) {
    let end = out.len() + len.min(16);
    out.extend_from_slice(&bytes);
    out.truncate(end);
}

impl SanPlus {
    /// Appends the SAN with its suffix and annotation to `out`: the same text as `Display`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        append(out, self.san.bytes(b'O', self.suffix));
        if let Some(annotation) = self.annotation {
            out.extend_from_slice(annotation.as_str().as_bytes());
        }
    }

    /// Appends the suffix and annotation.
    pub(super) fn write_rest_to(&self, out: &mut Vec<u8>) {
        match self.suffix {
            Some(Suffix::Check) => out.push(b'+'),
            Some(Suffix::Checkmate) => out.push(b'#'),
            None => {}
        }
        if let Some(annotation) = self.annotation {
            out.extend_from_slice(annotation.as_str().as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_same_as_display() {
        for text in [
            "e4", "Nbd7", "R1a3", "Qh4xe1", "exd8=Q+", "O-O-O#", "O-O!?", "--",
        ] {
            let san = SanPlus::from_ascii_lenient(text.as_bytes()).expect("test san");
            let mut out = Vec::new();
            san.write_to(&mut out);
            assert_eq!(
                String::from_utf8(out).expect("ascii"),
                san.to_string(),
                "{text}"
            );
        }
    }
}

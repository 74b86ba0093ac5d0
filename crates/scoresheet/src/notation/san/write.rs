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
                    out.push(role.upper_char() as u8);
                }
                if let Some(file) = file {
                    out.push(b'a' + file as u8);
                }
                if let Some(rank) = rank {
                    out.push(b'1' + rank as u8);
                }
                if capture {
                    out.push(b'x');
                }
                out.extend_from_slice(&[b'a' + to.file() as u8, b'1' + to.rank() as u8]);
                if let Some(role) = promotion {
                    out.extend_from_slice(&[b'=', role.upper_char() as u8]);
                }
            }
            San::Castle(CastlingSide::KingSide) => out.extend_from_slice(b"O-O"),
            San::Castle(CastlingSide::QueenSide) => out.extend_from_slice(b"O-O-O"),
            San::Null => out.extend_from_slice(b"--"),
        }
    }
}

impl SanPlus {
    /// Appends the SAN with its suffix and annotation to `out`: the same text as `Display`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        self.san.write_to(out);
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

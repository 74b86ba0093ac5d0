//! Material signatures (`KRP vs KR`) and the material of a position, kept up to date by moves.

use std::{error, fmt};

use scoresheet::{Color, Move, Position, Role, Square};

/// How many pieces of each role each side has: `[colour][role]`, colours White then Black,
/// roles in [`Role::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Material {
    counts: [[u8; 6]; 2],
}

fn side(color: Color) -> usize {
    usize::from(color == Color::Black)
}

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        let mut material = Material::default();
        for square in Square::ALL {
            if let Some(piece) = pos.piece_at(square) {
                material.add(piece.color, piece.role, 1);
            }
        }
        material
    }

    fn add(&mut self, color: Color, role: Role, n: i8) {
        let count = &mut self.counts[side(color)][role as usize];
        *count = count.saturating_add_signed(n);
    }

    /// Updates the material for `mv`, played by `mover`: captures and promotions.
    pub fn play(&mut self, mover: Color, mv: Move) {
        match mv {
            Move::Normal {
                capture, promotion, ..
            } => {
                if let Some(taken) = capture {
                    self.add(!mover, taken, -1);
                }
                if let Some(role) = promotion {
                    self.add(mover, Role::Pawn, -1);
                    self.add(mover, role, 1);
                }
            }
            Move::EnPassant { .. } => self.add(!mover, Role::Pawn, -1),
            Move::Castle { .. } => {}
        }
    }
}

/// A material signature: the pieces of each side, such as `KRP vs KR`, matched by a position
/// whose sides have exactly these pieces, either side being White.
///
/// Written as two groups of piece letters (`K`, `Q`, `R`, `B`, `N`, `P`, in any order and
/// case; the king may be left out) separated by `vs`, `v` or `-`, with optional spaces:
/// `KRP vs KR`, `KRPvKR`, `krp-kr`, `RP v R`. A letter may repeat (`KRR vs KQ`).
///
/// The counts are exact (`KRP vs KR` does not match `KRPP vs KR`), and one position is
/// enough ([`MaterialWhen`](super::MaterialWhen) says which): a balance passed through in a
/// sequence of exchanges counts. pgn-extract's `-z` asks by default that the balance stand for
/// two more half-moves; its stability `0` is this rule.
///
/// ```
/// use scoresheet::{CastlingMode, Position};
/// use scoresheet_pgn::select::{Material, MaterialSignature};
///
/// let sig: MaterialSignature = "KRP vs KR".parse()?;
/// let pos = Position::from_fen("8/8/4k3/8/2R5/4Pr2/8/3K4 w - - 0 1", CastlingMode::Standard)?;
/// assert!(sig.matches(&Material::of(&pos)));
/// let flipped = Position::from_fen("3k4/8/4pR2/2r5/8/4K3/8/8 b - - 0 1", CastlingMode::Standard)?;
/// assert!(sig.matches(&Material::of(&flipped)));
/// assert!(!sig.matches(&Material::of(&Position::new())));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaterialSignature {
    /// The two sides' pieces (kings included).
    sides: [[u8; 6]; 2],
}

impl MaterialSignature {
    /// Whether the material has these pieces, either side being White.
    pub fn matches(&self, material: &Material) -> bool {
        let [a, b] = self.sides;
        material.counts == [a, b] || material.counts == [b, a]
    }

    /// Reads a signature.
    ///
    /// # Errors
    ///
    /// A [`ParseMaterialError`] with the byte offset of the first character that is not a
    /// piece letter or separator.
    pub fn parse(text: &str) -> Result<MaterialSignature, ParseMaterialError> {
        let bytes = text.as_bytes();
        let lower = text.to_ascii_lowercase();
        let split = ["vs", "v", "-"]
            .iter()
            .filter_map(|sep| lower.find(sep).map(|at| (at, sep.len())))
            .min_by_key(|&(at, _)| at);
        let Some((at, len)) = split else {
            return Err(ParseMaterialError { offset: text.len() });
        };
        let white = side_pieces(&bytes[..at], 0)?;
        let black = side_pieces(&bytes[at + len..], at + len)?;
        Ok(MaterialSignature {
            sides: [white, black],
        })
    }
}

/// The pieces of one side, from letters (`offset`: where `bytes` start in the signature).
fn side_pieces(bytes: &[u8], offset: usize) -> Result<[u8; 6], ParseMaterialError> {
    let mut counts = [0u8; 6];
    for (i, &b) in bytes.iter().enumerate() {
        let role = match b.to_ascii_uppercase() {
            b'P' => Role::Pawn,
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            b'K' => Role::King,
            b' ' | b'\t' => continue,
            _ => return Err(ParseMaterialError { offset: offset + i }),
        };
        let count = &mut counts[role as usize];
        *count = count.saturating_add(1);
    }
    if counts[Role::King as usize] > 1 {
        return Err(ParseMaterialError { offset });
    }
    counts[Role::King as usize] = 1;
    Ok(counts)
}

impl std::str::FromStr for MaterialSignature {
    type Err = ParseMaterialError;

    fn from_str(text: &str) -> Result<MaterialSignature, ParseMaterialError> {
        MaterialSignature::parse(text)
    }
}

/// A material signature that does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMaterialError {
    offset: usize,
}

impl ParseMaterialError {
    /// The byte offset where reading stopped.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseMaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid material signature at byte {}: expected piece letters (KQRBNP, one king a side) on each side of `vs`",
            self.offset
        )
    }
}

impl error::Error for ParseMaterialError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_signature() {
        let krp_kr = MaterialSignature::parse("KRP vs KR").expect("valid");
        for text in ["KRPvKR", "krp-kr", "RP v R", "PKR vs RK", " K R P  vs K R "] {
            assert_eq!(MaterialSignature::parse(text), Ok(krp_kr), "{text}");
        }
    }

    #[test]
    fn err_signature() {
        let cases = [
            ("KRP KR", 6),
            ("KXP vs K", 1),
            ("KK vs K", 0),
            ("K vs K+", 6),
        ];
        for (text, offset) in cases {
            let err = MaterialSignature::parse(text).expect_err(text);
            assert_eq!(err.offset(), offset, "{text}");
        }
    }

    #[test]
    fn ok_material_play() {
        let mut pos = Position::new();
        let mut material = Material::of(&pos);
        for uci in ["e2e4", "d7d5", "e4d5", "d8d5"] {
            let mv = uci
                .parse::<scoresheet::uci::UciMove>()
                .expect("uci")
                .to_move(&pos)
                .expect("legal");
            material.play(pos.turn(), mv);
            pos.play(mv).expect("legal");
        }
        assert_eq!(material, Material::of(&pos));
    }
}

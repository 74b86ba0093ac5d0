//! The codes of a ply as every output spells them (EGD JSON, datasets, databases, the
//! bindings): [`PieceCode`] and [`MoveType`], each written by `as_str` and read back by
//! [`FromStr`] from that one spelling, and the move in LRAN ([`write_lran`]).

use std::fmt;
use std::str::FromStr;

use scoresheet::san::San;
use scoresheet::{is_light_square, CastlingSide, Move, Role, Square};

/// A piece as EGD writes it: not coloured, and bishops by the colour of their square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceCode {
    /// `p`
    Pawn,
    /// `N`
    Knight,
    /// `Bl`: a bishop on a light square (a8 and h1 are light).
    LightBishop,
    /// `Bd`: a bishop on a dark square.
    DarkBishop,
    /// `R`
    Rook,
    /// `Q`
    Queen,
    /// `K`
    King,
}

impl PieceCode {
    /// Every code, in the order of the dictionaries of the datasets.
    pub const ALL: [PieceCode; 7] = [
        PieceCode::Pawn,
        PieceCode::Knight,
        PieceCode::LightBishop,
        PieceCode::DarkBishop,
        PieceCode::Rook,
        PieceCode::Queen,
        PieceCode::King,
    ];

    /// The code of a role standing on a square.
    #[inline]
    pub const fn new(role: Role, square: Square) -> PieceCode {
        match role {
            Role::Pawn => PieceCode::Pawn,
            Role::Knight => PieceCode::Knight,
            Role::Bishop if is_light_square(square) => PieceCode::LightBishop,
            Role::Bishop => PieceCode::DarkBishop,
            Role::Rook => PieceCode::Rook,
            Role::Queen => PieceCode::Queen,
            Role::King => PieceCode::King,
        }
    }

    /// The role the code names (a bishop of either square colour is a bishop).
    pub const fn role(self) -> Role {
        match self {
            PieceCode::Pawn => Role::Pawn,
            PieceCode::Knight => Role::Knight,
            PieceCode::LightBishop | PieceCode::DarkBishop => Role::Bishop,
            PieceCode::Rook => Role::Rook,
            PieceCode::Queen => Role::Queen,
            PieceCode::King => Role::King,
        }
    }

    /// The code as written: `p`, `N`, `Bl`, `Bd`, `R`, `Q`, `K`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PieceCode::Pawn => "p",
            PieceCode::Knight => "N",
            PieceCode::LightBishop => "Bl",
            PieceCode::DarkBishop => "Bd",
            PieceCode::Rook => "R",
            PieceCode::Queen => "Q",
            PieceCode::King => "K",
        }
    }
}

/// The kind of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveType {
    /// `move`: no capture, promotion or castling.
    Move,
    /// `capture`
    Capture,
    /// `ep_capture`: en passant.
    EpCapture,
    /// `promotion` without capture.
    Promotion,
    /// `promotion_capture`
    PromotionCapture,
    /// `short_castle`
    ShortCastle,
    /// `long_castle`
    LongCastle,
}

impl MoveType {
    /// Every type, in the order of the dictionaries of the datasets.
    pub const ALL: [MoveType; 7] = [
        MoveType::Move,
        MoveType::Capture,
        MoveType::EpCapture,
        MoveType::Promotion,
        MoveType::PromotionCapture,
        MoveType::ShortCastle,
        MoveType::LongCastle,
    ];

    /// The type of a move.
    #[inline]
    pub fn of(mv: Move) -> MoveType {
        match (mv, mv.promotion(), mv.is_capture()) {
            (Move::EnPassant { .. }, _, _) => MoveType::EpCapture,
            (Move::Castle { .. }, _, _) => match mv.castling_side() {
                Some(CastlingSide::QueenSide) => MoveType::LongCastle,
                _ => MoveType::ShortCastle,
            },
            (_, Some(_), true) => MoveType::PromotionCapture,
            (_, Some(_), false) => MoveType::Promotion,
            (_, None, true) => MoveType::Capture,
            (_, None, false) => MoveType::Move,
        }
    }

    /// The type as written: `move`, `capture`, `ep_capture`, ...
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveType::Move => "move",
            MoveType::Capture => "capture",
            MoveType::EpCapture => "ep_capture",
            MoveType::Promotion => "promotion",
            MoveType::PromotionCapture => "promotion_capture",
            MoveType::ShortCastle => "short_castle",
            MoveType::LongCastle => "long_castle",
        }
    }
}

/// A text that is no code of its kind (the kind's name and the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCode {
    /// `piece code` or `move type`.
    pub kind: &'static str,
    /// The text given.
    pub text: String,
}

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no {} is written {:?}", self.kind, self.text)
    }
}

impl std::error::Error for UnknownCode {}

/// `Display` writes `as_str`, `FromStr` reads it back (and nothing else), `ALL` lists them.
macro_rules! spelled {
    ($type:ty, $kind:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $type {
            type Err = UnknownCode;

            fn from_str(text: &str) -> Result<Self, UnknownCode> {
                <$type>::ALL
                    .into_iter()
                    .find(|code| code.as_str() == text)
                    .ok_or_else(|| UnknownCode {
                        kind: $kind,
                        text: text.to_string(),
                    })
            }
        }

        #[cfg(feature = "json")]
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        #[cfg(feature = "json")]
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

spelled!(PieceCode, "piece code");
spelled!(MoveType, "move type");

/// Appends a move in LRAN, EGD's long reversible algebraic notation: castling as in SAN
/// (`O-O`, no suffix), else the piece letter (none for a pawn), the from square, `-` or `x`
/// with the captured piece's letter (none for a pawn), the to square, and `=` with the piece
/// promoted to: `Ng1-f3`, `Bb5xNc6`, `e5xd6`, `e7-e8=Q`.
pub fn write_lran(out: &mut Vec<u8>, san: &San, (from, to): (Square, Square), codes: Codes) {
    if let San::Castle(_) = san {
        return san.write_to(out);
    }
    let letter = |code: PieceCode| code.role().upper_char() as u8;
    if codes.piece != PieceCode::Pawn {
        out.push(letter(codes.piece));
    }
    push_square(out, from);
    match codes.captured {
        Some(PieceCode::Pawn) => out.push(b'x'),
        Some(code) => out.extend_from_slice(&[b'x', letter(code)]),
        None => out.push(b'-'),
    }
    push_square(out, to);
    if let Some(code) = codes.promotion {
        out.extend_from_slice(&[b'=', letter(code)]);
    }
}

/// The pieces of a move, as codes: the one moving, the one captured, the one promoted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Codes {
    /// The moving piece.
    pub piece: PieceCode,
    /// The piece captured.
    pub captured: Option<PieceCode>,
    /// The piece promoted to.
    pub promotion: Option<PieceCode>,
}

impl Codes {
    /// The pieces of `mv` (the captured and promoted pieces coded on the move's square).
    #[inline]
    pub fn of(mv: Move) -> Codes {
        let to = mv.to();
        Codes {
            piece: PieceCode::new(mv.role(), mv.from()),
            captured: mv.capture().map(|role| PieceCode::new(role, to)),
            promotion: mv.promotion().map(|role| PieceCode::new(role, to)),
        }
    }
}

/// Appends a square's name.
pub(crate) fn push_square(out: &mut Vec<u8>, sq: Square) {
    out.extend_from_slice(&[b'a' + sq.file() as u8, b'1' + sq.rank() as u8]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_codes_read_back_what_they_write() {
        let pieces = ["p", "N", "Bl", "Bd", "R", "Q", "K"];
        let written: Vec<_> = PieceCode::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(written, pieces);
        let types = [
            "move",
            "capture",
            "ep_capture",
            "promotion",
            "promotion_capture",
            "short_castle",
            "long_castle",
        ];
        let written: Vec<_> = MoveType::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(written, types);
        for (code, text) in PieceCode::ALL.into_iter().zip(pieces) {
            assert_eq!(text.parse::<PieceCode>(), Ok(code));
        }
        for (code, text) in MoveType::ALL.into_iter().zip(types) {
            assert_eq!(text.parse::<MoveType>(), Ok(code));
        }
        for bad in ["", "B", "n", "P", "castle", "Move"] {
            assert!(bad.parse::<PieceCode>().is_err() && bad.parse::<MoveType>().is_err());
        }
        let err = "B".parse::<PieceCode>().unwrap_err().to_string();
        assert_eq!(err, "no piece code is written \"B\"");
    }
}

//! Fast FEN output into a byte buffer: [`Position::write_fen_to`].
//!
//! [`Position::fen`] builds a [`Setup`](crate::Setup) and formats it through `fmt::Write`; this
//! writer reads the bitboards directly and appends bytes, without allocating (beyond growing the
//! buffer). It writes the same text as [`Position::fen`].

use super::{CastlingMode, EnPassantMode, Position};
use crate::types::{Color, Role, Square};

/// FEN letters indexed by `role as usize` (pawn first), White then Black.
const LETTERS: [[u8; 6]; 2] = [*b"PNBRQK", *b"pnbrqk"];

impl Position {
    /// Appends the FEN of the position to `out`: the same text as [`Position::fen`].
    ///
    /// ```
    /// use scoresheet::{EnPassantMode, Position};
    /// let mut out = Vec::new();
    /// Position::new().write_fen_to(EnPassantMode::Always, &mut out);
    /// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn write_fen_to(&self, ep: EnPassantMode, out: &mut Vec<u8>) {
        if self.mode != CastlingMode::Standard {
            out.extend_from_slice(self.fen(ep).as_bytes());
            return;
        }
        let mut placement = Placement::default();
        self.write_placement(&mut placement);
        out.extend_from_slice(&placement.bytes[..placement.len]);
        out.extend_from_slice(match self.turn() {
            Color::White => b" w ",
            Color::Black => b" b ",
        });
        self.write_castling(out);
        match self.ep_square(ep) {
            Some(sq) => out.extend_from_slice(&[b' ', square_file(sq), square_rank(sq), b' ']),
            None => out.extend_from_slice(b" - "),
        }
        write_u32(out, self.halfmove_clock);
        out.push(b' ');
        write_u32(out, self.fullmove_number);
    }

    /// The board as 64 FEN letters (0 for empty), a1 first.
    fn mailbox(&self) -> [u8; 64] {
        let mut squares = [0u8; 64];
        let board = &self.board;
        for color in Color::ALL {
            let ours = board.colors(color);
            for role in Role::ALL {
                let letter = LETTERS[color as usize][role as usize];
                for sq in board.pieces(role.to_cozy()) & ours {
                    squares[sq as usize] = letter;
                }
            }
        }
        squares
    }

    /// Writes the piece placement rank by rank. A rank's occupancy selects its layout in
    /// [`RANK_LAYOUTS`]; all eight output bytes are then copied without branches, and only the
    /// layout's length is kept (the digit-counting loop mispredicted on most squares).
    fn write_placement(&self, out: &mut Placement) {
        let squares = self.mailbox();
        let occupied = self.board.occupied().0;
        let mut len = 0usize;
        for rank in (0..8).rev() {
            let layout = &RANK_LAYOUTS[usize::from((occupied >> (rank * 8)) as u8)];
            let mut source = *b"........12345678";
            source[..8].copy_from_slice(&squares[rank * 8..rank * 8 + 8]);
            for (i, &from) in layout[..8].iter().enumerate() {
                out.bytes[(len + i) % PLACEMENT_MAX] = source[usize::from(from) % 16];
            }
            len += usize::from(layout[8]);
            out.bytes[len % PLACEMENT_MAX] = b'/';
            len += 1;
        }
        // No slash after the first rank.
        out.len = len - 1;
    }

    /// Standard chess only: the castling rook is always the outermost one, so `KQkq`.
    fn write_castling(&self, out: &mut Vec<u8>) {
        let start = out.len();
        for (color, letters) in [(Color::White, *b"KQ"), (Color::Black, *b"kq")] {
            let rights = self.castle_rights(color);
            if rights.short.is_some() {
                out.push(letters[0]);
            }
            if rights.long.is_some() {
                out.push(letters[1]);
            }
        }
        if out.len() == start {
            out.push(b'-');
        }
    }
}

fn square_file(sq: Square) -> u8 {
    b'a' + sq.file() as u8
}

fn square_rank(sq: Square) -> u8 {
    b'1' + sq.rank() as u8
}

/// How to write one rank, for each occupancy byte (bit `f` set when file `f` is occupied):
/// bytes `0..8` name where each output byte comes from (`0..8`: the letter on that file,
/// `8..16`: the digit `1..8`), byte 8 is the length of the rank's text.
static RANK_LAYOUTS: [[u8; 9]; 256] = rank_layouts();

const fn rank_layouts() -> [[u8; 9]; 256] {
    let mut table = [[0u8; 9]; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let layout = &mut table[occupancy];
        let (mut len, mut empty, mut file) = (0, 0u8, 0u8);
        while file < 8 {
            if occupancy >> file & 1 == 1 {
                if empty > 0 {
                    layout[len] = 7 + empty;
                    len += 1;
                    empty = 0;
                }
                layout[len] = file;
                len += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            layout[len] = 7 + empty;
            len += 1;
        }
        layout[8] = len as u8;
        occupancy += 1;
    }
    table
}

/// The size of [`Placement`]'s buffer: a power of two above the longest placement (64 letters
/// and 8 slashes), so that `len % PLACEMENT_MAX` needs no bounds check and never wraps.
const PLACEMENT_MAX: usize = 128;

/// A stack buffer for the piece placement.
struct Placement {
    bytes: [u8; PLACEMENT_MAX],
    len: usize,
}

impl Default for Placement {
    fn default() -> Placement {
        Placement {
            bytes: [0; PLACEMENT_MAX],
            len: 0,
        }
    }
}

/// Appends a number in decimal.
fn write_u32(out: &mut Vec<u8>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_same_as_fen() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 123 4567",
            "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1",
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        ];
        for fen in fens {
            let setup = crate::fen::Fen::from_ascii(fen.as_bytes()).expect("test fen");
            let mode = CastlingMode::detect(&setup.0);
            let pos = Position::from_setup(&setup.0, mode).expect("legal test fen");
            for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                let mut out = Vec::new();
                pos.write_fen_to(ep, &mut out);
                assert_eq!(String::from_utf8(out).expect("ascii"), pos.fen(ep), "{fen}");
            }
        }
    }
}

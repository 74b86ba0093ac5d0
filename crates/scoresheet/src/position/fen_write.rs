//! Fast FEN output into a byte buffer: [`Position::write_fen_to`] and [`FenWriter`].
//!
//! [`Position::fen`] builds a [`Setup`](crate::Setup) and formats it through `fmt::Write`; these
//! writers read the bitboards directly and append bytes, without allocating (beyond growing the
//! buffer). They write the same text as [`Position::fen`]. A [`FenWriter`] also remembers the
//! text of each rank, so that writing the FENs of a game, move after move, rewrites only the one
//! to three ranks each move changes.

use super::{CastlingMode, EnPassantMode, Position};
use crate::types::{Color, Role, Square};

/// Black's FEN letters indexed by `role as usize` (pawn first); White's are the capitals.
const LETTERS: [u8; 6] = *b"pnbrqk";

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
        FenWriter::new().write(self, ep, out);
    }

    /// The FEN after the placement (side to move, castling, en passant, clocks).
    fn write_fen_fields(&self, ep: EnPassantMode, out: &mut Vec<u8>) {
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

/// Writes FENs like [`Position::write_fen_to`], remembering the text of each rank of the last
/// position written: the next position of the same game differs on one to three ranks, and
/// only those are written anew. Any position may follow any other; the cache only saves work.
///
/// ```
/// use scoresheet::{EnPassantMode, FenWriter, Position, uci::UciMove};
/// let mut pos = Position::new();
/// let mut writer = FenWriter::new();
/// let mut out = Vec::new();
/// writer.write(&pos, EnPassantMode::Always, &mut out);
/// pos.play("e2e4".parse::<UciMove>()?.to_move(&pos)?)?;
/// out.clear();
/// writer.write(&pos, EnPassantMode::Always, &mut out);
/// assert_eq!(out, b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FenWriter {
    /// The bitboards of the last position written: the six roles, then White's pieces.
    boards: [u64; 7],
    /// Indexed by rank, the first rank first.
    ranks: [RankText; 8],
}

impl Default for FenWriter {
    fn default() -> FenWriter {
        FenWriter::new()
    }
}

impl FenWriter {
    /// A writer that remembers nothing yet (an empty board).
    pub fn new() -> FenWriter {
        FenWriter {
            boards: [0; 7],
            ranks: [RankText::EMPTY; 8],
        }
    }

    /// Appends the FEN of `pos` to `out`: the same text as [`Position::fen`].
    pub fn write(&mut self, pos: &Position, ep: EnPassantMode, out: &mut Vec<u8>) {
        if pos.mode != CastlingMode::Standard {
            out.extend_from_slice(pos.fen(ep).as_bytes());
            return;
        }
        let board = &pos.board;
        let mut boards = [0u64; 7];
        for (slot, role) in boards.iter_mut().zip(Role::ALL) {
            *slot = board.pieces(role.to_cozy()).0;
        }
        boards[6] = board.colors(Color::White).0;
        let changed = boards
            .iter()
            .zip(&self.boards)
            .fold(0, |diff, (new, old)| diff | (new ^ old));
        self.boards = boards;
        let mut placement = [0u8; 8 * 9];
        let mut len = 0;
        for (rank, cached) in self.ranks.iter_mut().enumerate().rev() {
            if (changed >> (rank * 8)) as u8 != 0 {
                *cached = RankText::new(&boards, rank);
            }
            placement[len..len + 8].copy_from_slice(&cached.text);
            len += usize::from(cached.len);
            placement[len] = b'/';
            len += 1;
        }
        // No slash after the first rank.
        out.extend_from_slice(&placement[..len - 1]);
        pos.write_fen_fields(ep, out);
    }
}

/// One rank's FEN text.
#[derive(Debug, Clone, Copy)]
struct RankText {
    text: [u8; 8],
    len: u8,
}

impl RankText {
    const EMPTY: RankText = RankText {
        text: *b"8.......",
        len: 1,
    };

    /// The text of a rank from the bitboards (as in [`FenWriter`]), without a branch: the
    /// letters come from spreading each role's byte of the rank over eight bytes, and the
    /// text through the occupancy's layout in [`RANK_LAYOUTS`] (a digit-counting loop
    /// mispredicts on most squares).
    fn new(boards: &[u64; 7], rank: usize) -> RankText {
        let byte = |board: u64| usize::from((board >> (rank * 8)) as u8);
        let mut letters = 0u64;
        let mut occupancy = 0;
        for (&board, &letter) in boards[..6].iter().zip(LETTERS.iter()) {
            letters += SPREAD[byte(board)] * u64::from(letter);
            occupancy |= byte(board);
        }
        // White's letters are the capitals, 32 lower.
        letters -= SPREAD[byte(boards[6])] * 32;
        let layout = &RANK_LAYOUTS[occupancy];
        let mut source = *b"........12345678";
        source[..8].copy_from_slice(&letters.to_le_bytes());
        let mut text = [0u8; 8];
        for (out, &from) in text.iter_mut().zip(&layout[..8]) {
            *out = source[usize::from(from) % 16];
        }
        RankText {
            text,
            len: layout[8],
        }
    }
}

/// For each byte, a `u64` whose byte `i` is 1 when bit `i` is set.
static SPREAD: [u64; 256] = spread_table();

const fn spread_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte] |= 1 << (bit * 8);
            }
            bit += 1;
        }
        byte += 1;
    }
    table
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

/// Appends a number in decimal (clocks and move numbers: one or two digits are the rule).
fn write_u32(out: &mut Vec<u8>, mut n: u32) {
    if n < 10 {
        return out.push(b'0' + n as u8);
    }
    if n < 100 {
        return out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    }
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

    /// One writer through a game: every FEN equals [`Position::fen`], whichever ranks changed
    /// (castling, en passant, promotion, captures).
    #[test]
    fn ok_writer_through_a_game() {
        let moves = "e2e4 d7d5 e4d5 c7c5 d5c6 g8f6 c6b7 e7e6 b7a8q f8e7 g1f3 e8g8 a8b8 c8a6 \
                     f1c4 d8b8 e1g1 b8b2 c4a6 b2a1";
        let mut pos = Position::new();
        let mut writer = FenWriter::new();
        for uci in moves.split_whitespace() {
            let mv = uci
                .parse::<crate::uci::UciMove>()
                .expect("test move")
                .to_move(&pos)
                .expect("legal test move");
            pos.play(mv).expect("legal test move");
            for ep in [EnPassantMode::Always, EnPassantMode::Legal] {
                let mut out = Vec::new();
                writer.write(&pos, ep, &mut out);
                assert_eq!(String::from_utf8(out).expect("ascii"), pos.fen(ep), "{uci}");
            }
        }
    }
}

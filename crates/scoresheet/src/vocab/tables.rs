//! The sorted string tables, built once on first use.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use cozy_chess::{get_bishop_rays, get_knight_moves, get_rook_rays};

#[cfg(any(test, target_arch = "wasm32"))]
use super::geometry::san_specs;
use super::geometry::{lan_specs, last_rank, may_check};
use super::Vocabulary;
use crate::san::{San, SanPlus, Suffix};
use crate::types::{BitBoard, CastlingSide, Color, File, Rank, Role, Square};

/// A sorted list of strings stored back to back.
#[derive(Debug)]
pub(crate) struct Table {
    text: String,
    ends: Vec<u32>,
    /// The id of each string of at most eight bytes, by its bytes packed into a number
    /// ([`packed`]): every SAN and UCI string, so that a replayed move's id costs one lookup
    /// instead of a binary search (an export looks up two per ply).
    short: HashMap<u64, u32, BuildHasherDefault<PackedHasher>>,
}

/// The bytes of a string of at most eight bytes as one number (little-endian, zero past the
/// end: no vocabulary string holds a zero byte, so two strings never share a number), or
/// `None` for a longer one.
fn packed(s: &[u8]) -> Option<u64> {
    let mut bytes = [0u8; 8];
    bytes.get_mut(..s.len())?.copy_from_slice(s);
    Some(u64::from_le_bytes(bytes))
}

/// The vocabulary order of strings of at most eight bytes as one number: the length, then
/// the bytes big-endian (zero past the end sorts before any byte), as [`by_len_then_bytes`].
fn short_order(s: &[u8]) -> u128 {
    let mut bytes = [0u8; 8];
    let n = s.len().min(8);
    bytes[..n].copy_from_slice(&s[..n]);
    (s.len() as u128) << 64 | u128::from(u64::from_be_bytes(bytes))
}

/// A hasher of [`packed`] strings: one multiplication (the high bits, which every byte
/// reaches, pick the bucket).
#[derive(Debug, Default)]
struct PackedHasher(u64);

impl Hasher for PackedHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

impl Table {
    fn new(mut strings: Vec<String>) -> Table {
        // SAN and UCI strings (at most eight bytes) by one integer each: comparing the strings
        // themselves was most of building the tables (2026-11-27: 78 M instructions of 124 M).
        match strings.iter().all(|s| s.len() <= 8) {
            true => strings.sort_by_cached_key(|s| short_order(s.as_bytes())),
            false => strings.sort_unstable_by(|a, b| by_len_then_bytes(a, b)),
        }
        strings.dedup();
        let mut text = String::new();
        let mut ends = Vec::with_capacity(strings.len());
        for s in &strings {
            text.push_str(s);
            ends.push(u32::try_from(text.len()).unwrap_or(u32::MAX));
        }
        Table::sorted(text, ends)
    }

    /// The table of strings stored back to back in `text`, each ending where `ends` says,
    /// already in the vocabulary order and distinct.
    fn sorted(text: String, ends: Vec<u32>) -> Table {
        let mut table = Table {
            text,
            ends,
            short: HashMap::default(),
        };
        let mut short = HashMap::default();
        short.reserve(table.len());
        for id in 0..table.len() {
            let key = table.get(id).map(str::as_bytes).and_then(packed);
            if let (Some(key), Ok(id)) = (key, u32::try_from(id)) {
                short.insert(key, id);
            }
        }
        table.short = short;
        table
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn get(&self, id: usize) -> Option<&str> {
        let end = *self.ends.get(id)? as usize;
        let start = match id {
            0 => 0,
            _ => self.ends[id - 1] as usize,
        };
        self.text.get(start..end)
    }

    /// The index of `s`: looked up by its bytes if at most eight, else by binary search in
    /// (length, bytes) order.
    pub(crate) fn find(&self, s: &str) -> Option<usize> {
        self.find_bytes(s.as_bytes())
    }

    /// [`find`](Self::find) for a string given as bytes.
    pub(crate) fn find_bytes(&self, s: &[u8]) -> Option<usize> {
        match packed(s) {
            Some(key) => self.short.get(&key).map(|&id| id as usize),
            None => self.search(std::str::from_utf8(s).ok()?),
        }
    }

    fn search(&self, s: &str) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match by_len_then_bytes(self.get(mid)?, s) {
                Ordering::Less => lo = mid + 1,
                Ordering::Greater => hi = mid,
                Ordering::Equal => return Some(mid),
            }
        }
        None
    }
}

/// The vocabulary order: shorter strings first, then byte order.
pub(crate) fn by_len_then_bytes(a: &str, b: &str) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

/// The table of a vocabulary, built on first use.
pub(crate) fn table(vocab: Vocabulary) -> &'static Table {
    static TABLES: [OnceLock<Table>; 7] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    TABLES[vocab as usize].get_or_init(|| build(vocab))
}

/// The table of `vocab`: SAN's from the shipped keys, written straight into one text in
/// token-id order (no string of its own each, nothing to sort: 2026-11-29, 51 M instructions
/// of a first call's 67 M of one-time work went to `to_string` and sorting), the others from
/// their strings.
#[cfg(not(target_arch = "wasm32"))]
fn build(vocab: Vocabulary) -> Table {
    match vocab {
        Vocabulary::San => shipped_san_table(false),
        Vocabulary::SanWithSymbols => shipped_san_table(true),
        _ => Table::new(strings(vocab)),
    }
}

/// The same in WebAssembly, where the SAN strings come from the geometry.
#[cfg(target_arch = "wasm32")]
fn build(vocab: Vocabulary) -> Table {
    Table::new(strings(vocab))
}

/// The table of [`Vocabulary::SanWithSymbols`] (`symbols`) or [`Vocabulary::San`] from the
/// shipped keys, which are in token-id order.
#[cfg(not(target_arch = "wasm32"))]
fn shipped_san_table(symbols: bool) -> Table {
    let mut text = Vec::with_capacity(SAN_PLUS_KEYS.len() * 2);
    let mut ends = Vec::with_capacity(SAN_PLUS_KEYS.len() / 4);
    for plus in shipped_keys().filter_map(san_of_key) {
        if symbols || plus.suffix.is_none() {
            plus.write_to(&mut text);
            ends.push(u32::try_from(text.len()).unwrap_or(u32::MAX));
        }
    }
    // SAN is ASCII: never the replacement.
    let text = String::from_utf8(text).unwrap_or_default();
    Table::sorted(text, ends)
}

fn strings(vocab: Vocabulary) -> Vec<String> {
    match vocab {
        Vocabulary::San => san_table_strings(false),
        Vocabulary::SanWithSymbols => san_table_strings(true),
        Vocabulary::Uci => uci_strings(),
        Vocabulary::Lan => lan_strings(),
        Vocabulary::LanWithSymbols => with_symbols(lan_strings(), lan_may_check),
        Vocabulary::Eran => super::eran::strings(crate::eran::EranForm::Verbose, lan_strings()),
        Vocabulary::EranShort => super::eran::strings(crate::eran::EranForm::Short, lan_strings()),
    }
}

/// The strings of [`Vocabulary::SanWithSymbols`] (`symbols`) or [`Vocabulary::San`]: from the
/// shipped keys ([`SAN_PLUS_KEYS`]).
#[cfg(not(target_arch = "wasm32"))]
fn san_table_strings(symbols: bool) -> Vec<String> {
    shipped_san(symbols)
}

/// The same from the geometry in WebAssembly, where the shipped keys would take 115 KB of the
/// package's size budget (a page builds them once).
#[cfg(target_arch = "wasm32")]
fn san_table_strings(symbols: bool) -> Vec<String> {
    match symbols {
        true => with_symbols(san_strings(), san_may_check),
        false => san_strings(),
    }
}

/// The moves of [`Vocabulary::SanWithSymbols`] as [`san_key`]s in token-id order, four bytes
/// each, little-endian: what `san_strings` and [`with_symbols`] compute from the geometry
/// (about 130 M instructions, once a process), computed once and shipped, so that the first
/// export of a process does not pay for it. `ok_shipped_san_keys_are_the_computed_ones`
/// checks the file against the computation (and writes it with `SCORESHEET_BLESS=1`).
#[cfg(not(target_arch = "wasm32"))]
static SAN_PLUS_KEYS: &[u8] = include_bytes!("san_plus_keys.bin");

/// The shipped keys ([`SAN_PLUS_KEYS`]) in token-id order.
#[cfg(not(target_arch = "wasm32"))]
fn shipped_keys() -> impl Iterator<Item = u32> {
    SAN_PLUS_KEYS
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The strings of [`Vocabulary::SanWithSymbols`] (`symbols`) or [`Vocabulary::San`] (the
/// moves without a suffix): those of [`shipped_san_table`].
#[cfg(not(target_arch = "wasm32"))]
fn shipped_san(symbols: bool) -> Vec<String> {
    let table = shipped_san_table(symbols);
    (0..table.len())
        .filter_map(|id| table.get(id).map(str::to_owned))
        .collect()
}

/// The move of a [`san_key`] (`None` for no move's key).
#[cfg(not(target_arch = "wasm32"))]
fn san_of_key(key: u32) -> Option<SanPlus> {
    let suffix = match key & 3 {
        0 => None,
        1 => Some(Suffix::Check),
        2 => Some(Suffix::Checkmate),
        _ => return None,
    };
    let body = key >> 2;
    let field = |shift: u32, bits: u32| ((body >> shift) & ((1 << bits) - 1)) as usize;
    let san = match body {
        0 => San::Null,
        1 => San::Castle(CastlingSide::KingSide),
        2 => San::Castle(CastlingSide::QueenSide),
        _ => San::Normal {
            role: *Role::ALL.get(field(2, 3).checked_sub(1)?)?,
            file: optional(&File::ALL, field(5, 4))?,
            rank: optional(&Rank::ALL, field(9, 4))?,
            capture: field(13, 1) == 1,
            to: Square::try_index(field(14, 6))?,
            promotion: optional(&Role::ALL, field(20, 3))?,
        },
    };
    Some(SanPlus {
        san,
        suffix,
        annotation: None,
    })
}

/// A [`san_key`] field that is 0 for none, else one more than an index of `all`: `None` for an
/// index past `all`.
#[cfg(not(target_arch = "wasm32"))]
fn optional<T: Copy>(all: &[T], n: usize) -> Option<Option<T>> {
    match n.checked_sub(1) {
        None => Some(None),
        Some(i) => all.get(i).copied().map(Some),
    }
}

/// Each string, and, when the move can give check, each with `+` and with `#` (the witnesses
/// show that every move that can check can also mate).
fn with_symbols(base: Vec<String>, may_check: fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::with_capacity(base.len() * 3);
    for s in base {
        if may_check(&s) {
            out.push(format!("{s}+"));
            out.push(format!("{s}#"));
        }
        out.push(s);
    }
    out
}

/// Whether some way to play this SAN can give check ([`may_check`]).
#[cfg(any(test, target_arch = "wasm32"))]
pub(crate) fn san_may_check(s: &str) -> bool {
    match s.parse::<San>() {
        Ok(San::Castle(_)) => true,
        Ok(san) => san_specs(&san).iter().any(may_check),
        Err(_) => false,
    }
}

/// Whether some way to play this LAN can give check ([`may_check`]).
pub(crate) fn lan_may_check(s: &str) -> bool {
    match s.parse::<crate::lan::Lan>() {
        Ok(lan) if matches!(lan.kind, crate::lan::LanKind::Castle(_)) => true,
        Ok(lan) => lan_specs(&lan).iter().any(may_check),
        Err(_) => false,
    }
}

/// Every well-formed SAN move in canonical shape (disambiguation only on N, B, R, Q; pawn
/// file only on captures), whether it can occur or not.
#[cfg(any(test, target_arch = "wasm32"))]
pub(crate) fn san_candidates() -> Vec<San> {
    let mut out = vec![
        San::Castle(CastlingSide::KingSide),
        San::Castle(CastlingSide::QueenSide),
    ];
    let files = std::iter::once(None).chain(File::ALL.map(Some));
    let ranks: Vec<Option<Rank>> = std::iter::once(None).chain(Rank::ALL.map(Some)).collect();
    let promotions = [
        None,
        Some(Role::Knight),
        Some(Role::Bishop),
        Some(Role::Rook),
        Some(Role::Queen),
    ];
    for to in Square::ALL {
        for capture in [false, true] {
            let normal = |role, file, rank, promotion| San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            };
            out.push(normal(Role::King, None, None, None));
            for file in files.clone() {
                for &rank in &ranks {
                    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                        out.push(normal(role, file, rank, None));
                    }
                }
                if file.is_some() == capture {
                    for promotion in promotions {
                        out.push(normal(Role::Pawn, file, None, promotion));
                    }
                }
            }
        }
    }
    out
}

/// The SAN vocabulary computed from the geometry: what `SAN_PLUS_KEYS` ships.
#[cfg(any(test, target_arch = "wasm32"))]
fn san_strings() -> Vec<String> {
    san_candidates()
        .into_iter()
        .filter(|san| matches!(san, San::Castle(_)) || !san_specs(san).is_empty())
        .map(|san| san.to_string())
        .collect()
}

/// The squares a queen or a knight reaches from `from`.
fn queen_or_knight(from: Square) -> BitBoard {
    get_rook_rays(from) | get_bishop_rays(from) | get_knight_moves(from)
}

fn uci_strings() -> Vec<String> {
    let mut out = Vec::new();
    for from in Square::ALL {
        for to in queen_or_knight(from) {
            out.push(format!("{from}{to}"));
        }
    }
    for_each_promotion(|from, to| {
        for role in Role::PROMOTIONS {
            out.push(format!("{from}{to}{}", role.char()));
        }
    });
    out
}

/// Calls `f` with the origin and destination of every promotion, push or capture, either
/// colour.
fn for_each_promotion(mut f: impl FnMut(Square, Square)) {
    for color in Color::ALL {
        let to_rank = last_rank(color);
        let from_rank = Rank::Seventh.relative_to(color);
        for file in File::ALL {
            let from = Square::new(file, from_rank);
            for df in [-1, 0, 1] {
                if let Some(to) = Square::new(file, to_rank).try_offset(df, 0) {
                    f(from, to);
                }
            }
        }
    }
}

fn lan_strings() -> Vec<String> {
    let mut out = vec!["O-O".to_string(), "O-O-O".to_string()];
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        for from in Square::ALL {
            for to in super::geometry::reach(role, from) {
                for sep in ['-', 'x'] {
                    out.push(format!("{}{from}{sep}{to}", role.upper_char()));
                }
            }
        }
    }
    for_each_pawn_move(|from, to, capture| {
        let sep = if capture { 'x' } else { '-' };
        if matches!(to.rank(), Rank::First | Rank::Eighth) {
            for role in Role::PROMOTIONS {
                out.push(format!("{from}{sep}{to}={}", role.upper_char()));
            }
        } else {
            out.push(format!("{from}{sep}{to}"));
        }
    });
    out
}

/// Calls `f` with every pawn move of either colour: origin, destination, capture.
pub(crate) fn for_each_pawn_move(mut f: impl FnMut(Square, Square, bool)) {
    for color in Color::ALL {
        let up: i8 = if color == Color::White { 1 } else { -1 };
        for from in Square::ALL {
            let rank = from.rank().relative_to(color);
            if matches!(rank, Rank::First | Rank::Eighth) {
                continue;
            }
            f(from, from.offset(0, up), false);
            if rank == Rank::Second {
                f(from, from.offset(0, 2 * up), false);
            }
            for df in [-1, 1] {
                if let Some(to) = from.try_offset(df, up) {
                    f(from, to, true);
                }
            }
        }
    }
}

/// The lexicographic rank of a square's name (`a1` 0, `a2` 1, ..., `h8` 63).
const fn lex(sq: Square) -> usize {
    sq.file() as usize * 8 + sq.rank() as usize
}

const fn queen_or_knight_const(from: Square) -> BitBoard {
    BitBoard(get_rook_rays(from).0 | get_bishop_rays(from).0 | get_knight_moves(from).0)
}

/// For each square in name order, how many four-letter UCI strings start before it.
const UCI_PREFIX: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut acc = 0u16;
    let mut i = 0;
    while i < 64 {
        table[i] = acc;
        let sq = Square::new(File::index_const(i / 8), Rank::index_const(i % 8));
        acc += queen_or_knight_const(sq).len() as u16;
        i += 1;
    }
    table
};

/// The number of four-letter UCI strings (queen and knight moves).
const UCI_PLAIN: usize = UCI_PREFIX[63] as usize + queen_or_knight_const(Square::H8).len() as usize;

/// The UCI token id, computed from the squares: four-letter strings are counted with
/// [`UCI_PREFIX`] plus the destinations before `to`; promotions follow, by origin (`a2`,
/// `a7`, `b2`, ...), destination file and piece letter (`b`, `n`, `q`, `r`).
pub(crate) fn uci_id(s: &[u8]) -> Option<usize> {
    uci_move_id(crate::uci::UciMove::from_ascii(s).ok()?)
}

/// [`uci_id`] of a parsed move (`None` for a null move).
pub(crate) fn uci_move_id(uci: crate::uci::UciMove) -> Option<usize> {
    let crate::uci::UciMove::Normal {
        from,
        to,
        promotion,
    } = uci
    else {
        return None;
    };
    let Some(role) = promotion else {
        let targets = queen_or_knight(from);
        if !targets.has(to) {
            return None;
        }
        let before = (targets.0 & before_in_name_order(to)).count_ones() as usize;
        return Some(usize::from(UCI_PREFIX[lex(from)]) + before);
    };
    promotion_id(from, to, role)
}

/// The squares whose names sort before `sq`'s ([`lex`]): every square of the files before
/// its file, and the squares of its file below it.
const fn before_in_name_order(sq: Square) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (file, rank) = (sq.file() as u32, sq.rank() as u32);
    let files_before = ((1u64 << file) - 1) * FILE_A;
    let below = (1u64 << (8 * rank)) - 1;
    files_before | ((FILE_A << file) & below)
}

fn promotion_id(from: Square, to: Square, role: Role) -> Option<usize> {
    let white = from.rank() == Rank::Seventh && to.rank() == Rank::Eighth;
    let black = from.rank() == Rank::Second && to.rank() == Rank::First;
    let df = to.file() as i8 - from.file() as i8;
    if !(white || black) || df.abs() > 1 {
        return None;
    }
    let targets = |f: usize| 3 - usize::from(f == 0) - usize::from(f == 7);
    let file = from.file() as usize;
    let mut before: usize = (0..file).map(|f| 2 * 4 * targets(f)).sum();
    if white {
        before += 4 * targets(file);
    }
    let to_index = (to.file() as usize).checked_sub(file.saturating_sub(1))?;
    let role_index = b"bnqr".iter().position(|c| char::from(*c) == role.char())?;
    Some(UCI_PLAIN + before + 4 * to_index + role_index)
}

/// The token id in [`Vocabulary::SanWithSymbols`] of a SAN move with its suffix (its
/// annotation ignored), found by the move's fields ([`san_key`]) without writing it as text:
/// a replayed move's SAN is typed already, and writing it was most of finding its id.
pub(crate) fn san_move_id(san: &SanPlus) -> Option<usize> {
    static IDS: OnceLock<Ids> = OnceLock::new();
    let ids = IDS.get_or_init(|| san_ids(Vocabulary::SanWithSymbols));
    ids.get(&san_key(san)).map(|&id| id as usize)
}

/// The token id in [`Vocabulary::San`] of a SAN move (no suffix), found by its fields as
/// [`san_move_id`] finds a move with its suffix.
pub(crate) fn plain_san_move_id(san: &San) -> Option<usize> {
    static IDS: OnceLock<Ids> = OnceLock::new();
    let ids = IDS.get_or_init(|| san_ids(Vocabulary::San));
    let plus = SanPlus {
        san: *san,
        suffix: None,
        annotation: None,
    };
    ids.get(&san_key(&plus)).map(|&id| id as usize)
}

/// Token ids by [`san_key`].
type Ids = HashMap<u32, u32, BuildHasherDefault<PackedHasher>>;

/// The id of each [`san_key`] in `vocab` ([`Vocabulary::SanWithSymbols`], or
/// [`Vocabulary::San`], whose moves are those without a suffix): the shipped keys in order.
#[cfg(not(target_arch = "wasm32"))]
fn san_ids(vocab: Vocabulary) -> Ids {
    let symbols = vocab == Vocabulary::SanWithSymbols;
    shipped_keys()
        .filter(|key| symbols || key & 3 == 0)
        .zip(0..)
        .collect()
}

/// The same from the table's strings in WebAssembly (no shipped keys there).
#[cfg(target_arch = "wasm32")]
fn san_ids(vocab: Vocabulary) -> Ids {
    let table = table(vocab);
    (0..table.len())
        .filter_map(|id| {
            let plus = SanPlus::from_ascii(table.get(id)?.as_bytes()).ok()?;
            Some((san_key(&plus), u32::try_from(id).ok()?))
        })
        .collect()
}

/// A SAN move and its suffix as one number, one field in each group of bits: the suffix (2
/// bits), the kind (null, castling side, or a move), then for a move the role, origin file
/// and rank (0 when not written), capture, target square and promotion.
fn san_key(san: &SanPlus) -> u32 {
    let suffix = match san.suffix {
        None => 0,
        Some(Suffix::Check) => 1,
        Some(Suffix::Checkmate) => 2,
    };
    let role = |role: Role| role as u32 + 1;
    let body = match san.san {
        San::Null => 0,
        San::Castle(CastlingSide::KingSide) => 1,
        San::Castle(CastlingSide::QueenSide) => 2,
        San::Normal {
            role: moved,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            3 | role(moved) << 2
                | file.map_or(0, |f| f as u32 + 1) << 5
                | rank.map_or(0, |r| r as u32 + 1) << 9
                | u32::from(capture) << 13
                | (to as u32) << 14
                | promotion.map_or(0, role) << 20
        }
    };
    body << 2 | suffix
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of the SAN vocabularies has the id of its text by its fields too.
    #[test]
    fn ok_move_ids_are_the_text_ids() {
        for vocab in [Vocabulary::San, Vocabulary::SanWithSymbols] {
            let table = table(vocab);
            for id in 0..table.len() {
                let text = table.get(id).expect("in range");
                let plus = SanPlus::from_ascii(text.as_bytes()).expect("a vocabulary string");
                let found = match vocab {
                    Vocabulary::San => plain_san_move_id(&plus.san),
                    _ => san_move_id(&plus),
                };
                assert_eq!(found, Some(id), "{text}");
            }
        }
    }

    /// The shipped keys are those of the strings the geometry gives, in token-id order; with
    /// `SCORESHEET_BLESS=1` the file is written from the computation instead.
    #[test]
    fn ok_shipped_san_keys_are_the_computed_ones() {
        let computed = Table::new(with_symbols(san_strings(), san_may_check));
        let keys: Vec<u8> = (0..computed.len())
            .filter_map(|id| SanPlus::from_ascii(computed.get(id)?.as_bytes()).ok())
            .flat_map(|plus| san_key(&plus).to_le_bytes())
            .collect();
        assert_eq!(keys.len(), 4 * computed.len(), "every string parses");
        if std::env::var_os("SCORESHEET_BLESS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/vocab/san_plus_keys.bin");
            std::fs::write(path, &keys).expect("writes the shipped keys");
            return;
        }
        assert!(keys == SAN_PLUS_KEYS, "src/vocab/san_plus_keys.bin differs from the geometry's keys: run this test with SCORESHEET_BLESS=1");
        let plain = Table::new(san_strings());
        let shipped = shipped_san(false);
        assert_eq!(shipped.len(), plain.len());
        assert!(shipped
            .iter()
            .enumerate()
            .all(|(id, s)| plain.get(id) == Some(s.as_str())));
        let with_symbols = shipped_san_table(true);
        assert_eq!(with_symbols.len(), computed.len());
        for id in 0..computed.len() {
            let text = computed.get(id).expect("in range");
            assert_eq!(with_symbols.get(id), Some(text));
            assert_eq!(with_symbols.find(text), Some(id), "{text}");
        }
        for (id, key) in shipped_keys().enumerate() {
            let plus = san_of_key(key).expect("a move's key");
            assert_eq!(san_key(&plus), key);
            assert_eq!(computed.get(id), Some(plus.to_string().as_str()));
        }
    }
}

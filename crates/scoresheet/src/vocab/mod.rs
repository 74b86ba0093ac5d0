//! Move vocabularies: every string a notation can write for a legal move, each with a proof.
//!
//! ```
//! use scoresheet::vocab::{self, Vocabulary};
//! assert_eq!(Vocabulary::San.len(), 9_758);
//! let first: Vec<&str> = Vocabulary::San.strings().take(3).collect();
//! assert_eq!(first, ["a2", "a3", "a4"]);
//! // Dense token ids in the sorted order, and back.
//! let id = vocab::token_id(Vocabulary::San, "Nbd7").expect("in the vocabulary");
//! assert_eq!(vocab::token_str(Vocabulary::San, id), Some("Nbd7"));
//! // A proof that the string occurs: a legal position and the move.
//! let w = Vocabulary::SanWithSymbols.witness("Qa1b2#").expect("Qa1b2# occurs");
//! assert_eq!(scoresheet::san::SanPlus::from_move(w.position(), w.mv()).to_string(), "Qa1b2#");
//! // And a reason for strings that never occur.
//! let never: scoresheet::san::San = "Q1b8".parse()?;
//! assert_eq!(vocab::impossibility(&never), Some(vocab::Impossible::NoRivalOnFile));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! A vocabulary is the exact set of strings that are the notation of a legal move in some
//! legal position (standard chess, positions accepted by [`Position::from_setup`](crate::Position::from_setup): one king
//! each, no pawn on the first or last rank, piece counts reachable by promotion, the side not
//! to move not in check). Each is sorted by length, then byte order, and that order defines
//! the token ids (dense, from 0; stable: they change only if the rules of chess do).
//!
//! | vocabulary | strings | first | last |
//! |---|---:|---|---|
//! | [`Vocabulary::San`] | 9,758 | `a2` | `hxg8=R` |
//! | [`Vocabulary::SanWithSymbols`] | 28,938 | `a2` | `hxg8=R+` |
//! | [`Vocabulary::Uci`] | 1,968 | `a1a2` | `h7h8r` |
//! | [`Vocabulary::Lan`] | 7,750 | `O-O` | `h7xg8=R` |
//! | [`Vocabulary::LanWithSymbols`] | 22,994 | `O-O` | `h7xg8=R+` |
//!
//! | [`Vocabulary::Eran`] | 7,751 | `King a1-a2` | `Pawn h7xg8 ->Knight` |
//! | [`Vocabulary::EranShort`] | 7,751 | `ck` | `P h7xg8 >R` |
//!
//! ERAN names what LAN names (piece, both squares, capture, promotion), so its vocabularies
//! are the LAN moves rewritten, plus the en-passant capture (`en-passant`, `ep`).
//!
//! # SAN: how the set is derived
//! Castling (`O-O`, `O-O-O`), king moves to any square with or without capture (128), pawn
//! pushes to ranks 2–7 (48, White up, Black down), pawn captures from an adjacent file to
//! ranks 2–7 (84), and promotions on ranks 1 and 8, pushed or capturing, to N, B, R or Q
//! (64 + 112). The rest (9,320) are knight, bishop, rook and queen moves, with or without
//! `x`, and with the disambiguation canonical SAN writes: the file if no other piece that can
//! legally reach the destination shares the mover's file, else the rank if none shares its
//! rank, else the full square.
//!
//! A rival is another piece of the mover's role and colour that can legally move to the
//! destination. On an empty board the candidates are the squares that reach the destination
//! (the geometry of the piece), minus the mover's own ray: a piece between the mover and the
//! destination would make the move illegal, one behind the mover is blocked by it. Rivals on
//! different rays do not interfere, so any set of candidates, one per ray, can be placed.
//! Pins never add a string: a pinned piece is simply not a rival, so every rival set a pin
//! produces is also produced by leaving the pinned piece off the board. Hence, for a mover
//! on `from`:
//! - no disambiguation: always possible;
//! - file (`Nbd2`): some candidate off the mover's file;
//! - rank (`N1d2`): some candidate on the mover's file;
//! - square (`Qa1b2`): a candidate on its file and one on its rank, on different rays (three
//!   queens where file and rank alone do not disambiguate).
//!
//! Every string so derived comes with a witness ([`Vocabulary::witness`]), which the tests
//! check with [`Position::from_setup`](crate::Position::from_setup) and [`SanPlus::from_move`](crate::san::SanPlus).
//!
//! # SAN: comparison with the published lists
//! The list of `jacksonthall22/SAN-strings` (`san_strings.txt`, 9,758 strings) is exactly
//! this vocabulary, in the same order. Its earlier version (10,158, the counts of the seed
//! document) also held 400 queen moves that can never occur. Each is a queen moving along a
//! file or a rank: every other square of that line that reaches the destination is on the
//! mover's own ray (between it and the destination, or behind it), so no rival can share
//! that line and one coordinate always suffices.
//! - 48 with a rank ([`Impossible::NoRivalOnFile`]): `Q1b8`, `Q6d1`, `Q8xg1`. The only
//!   queens on rank 1 that reach b8 stand on b1; no second queen on the b-file can reach b8,
//!   so canonical SAN writes `Qbb8` (a rival elsewhere) or `Qb8`, never `Q1b8`.
//! - 352 with a full square ([`Impossible::NoRivalPair`]): `Qa1a8` (no rival on the a-file,
//!   so `Qaa8`), `Qa1h1` (no rival on rank 1, so `Q1h1`).
//!
//! The rook and bishop versions were never in either list.
//!
//! # Check and mate
//! The published `san_strings_with_symbols.txt` (29,274) assumes every move can give check
//! ("at least via a discovery"). 168 cannot, so [`Vocabulary::SanWithSymbols`] has 28,938 =
//! 3 × 9,758 − 2 × 168. A check comes either from the moved piece on its destination or
//! from a slider whose line to the king passes the origin (castling and en passant aside).
//! A queen never discovers check (it would attack the king through the same line before
//! moving), a rook only along a diagonal, a bishop only along a file or rank, and an origin
//! on the edge lies between two squares only along that edge. The vocabulary's
//! `may_check` tests exactly these necessary conditions, allowing any extra blocker that the rays of the
//! move and its rivals leave room for. The 168:
//! - 56 rook moves `Raa1`...`Rhh8` and 32 captures `Raxa1`...`Rhxh8` (file-disambiguated,
//!   to a1, a8, h1 or h8, or along the a- or h-file): the disambiguation forces the rival
//!   onto the edge line the rook lands on, which shuts that line; the rook moves along the
//!   other edge line, where it already attacked every square it attacks afterwards; and its
//!   origin on the edge discovers nothing.
//! - 12 bishop moves from a corner along the long diagonal with a square disambiguation
//!   (`Ba1b2`, `Bh8e5`, ...): the two rivals shut the destination's other diagonal, along
//!   the long diagonal the bishop already attacked everything, and a corner discovers
//!   nothing.
//! - 68 queen moves with a square disambiguation (`Qd4a1`, `Qc4a2`, `Qa1h8`, ...): the two
//!   rivals shut the destination's file and rank, and the diagonal the queen arrives on was
//!   already attacked before the move.
//!
//! Every other string occurs with `+` and with `#`; the witnesses prove it string by string.
//! They use a discovered check (the enemy king on a line through the origin, a slider behind
//! it), else a direct check from the destination; for mate the king's other squares are
//! attacked or filled with enemy pieces that can neither block nor capture; for a plain
//! check a knight that can take the checker keeps it from being mate. Castling witnesses are
//! fixed positions.
//!
//! # UCI
//! Every pair of squares a queen or a knight connects (1,456 + 336) and every promotion,
//! pushed or capturing, on either side, to `q`, `r`, `b` or `n` (44 × 4): 1,968. This is
//! the same set as the 1,968-move action space of published chess transformers (DeepMind's
//! searchless chess builds it the same way: queen and knight moves from every square plus
//! promotions with all four pieces); only the order differs (theirs is by origin square
//! index). Castling is the king's two-square move (`e1g1`), already a queen move; the
//! Chess960 form (`e1h1`, king takes rook) is also a queen move, so it adds nothing. Encodings
//! that fold queen promotion into the plain move (Leela's 1,858 = 1,792 + 66 underpromotions)
//! are smaller because `a7a8` then doubles as `a7a8q`; here `a7a8` is a rook or queen move.
//! A non-promoting `a7a8` by a pawn is not legal, so pawn-specific strings are exactly the
//! promotions.
//!
//! # LAN
//! The [`Lan`](crate::lan::Lan) form `Ng1-f3`, `e7xd8=Q`, `O-O`: every (role, origin,
//! destination) a knight, bishop, rook, queen or king connects, with `-` or `x` (2 × 3,668);
//! pawn pushes (96, double steps included), pawn captures (140, en passant included) and
//! promotions (64 + 112); castling (2): 7,750. A king's two-square move is always castling
//! and written `O-O`, so `Ke1-g1` never occurs. With symbols: 22,994, since 128 moves never
//! give check: 120 king moves along an edge or out of a corner (a king never checks, and an
//! origin on the edge discovers only along the edge it moves on) and the 8 bishop moves
//! between opposite corners.
//!
//! # Token ids
//! [`token_id`] and [`token_str`] map strings to dense ids in the order above. The tables
//! are computed at first use ([`OnceLock`](std::sync::OnceLock), a few milliseconds) rather
//! than generated into committed code: the code that derives them is the proof, and a
//! generated copy of 70,000 strings would add nothing but a second place to keep in sync.
//! SAN and LAN ids are found by binary search over the sorted table; UCI ids are computed
//! arithmetically from the squares.

mod eran;
mod geometry;
mod tables;
mod witness;

use crate::san::{San, Suffix};

pub use geometry::Impossible;
pub use witness::Witness;

use geometry::Spec;
use witness::{Format, Goal};

/// A move vocabulary: the strings of one notation, with or without check symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    /// SAN without `+`/`#`: 9,758 strings.
    San,
    /// SAN, and each string that can give check also with `+` and with `#`: 28,938 strings.
    SanWithSymbols,
    /// UCI in standard chess: 1,968 strings.
    Uci,
    /// LAN without `+`/`#`: 7,750 strings.
    Lan,
    /// LAN, and each string that can give check also with `+` and with `#`: 22,994 strings.
    LanWithSymbols,
    /// ERAN, verbose (`Pawn e2-e4`, `castling-kingside`, `en-passant`): 7,751 strings.
    Eran,
    /// ERAN, short (`P e2-e4`, `ck`, `ep`): 7,751 strings.
    EranShort,
}

impl Vocabulary {
    /// All vocabularies.
    pub const ALL: [Vocabulary; 7] = [
        Vocabulary::San,
        Vocabulary::SanWithSymbols,
        Vocabulary::Uci,
        Vocabulary::Lan,
        Vocabulary::LanWithSymbols,
        Vocabulary::Eran,
        Vocabulary::EranShort,
    ];

    /// A short name: `san`, `san+`, `uci`, `lan`, `lan+`, `eran`, `eran-short`.
    pub const fn name(self) -> &'static str {
        match self {
            Vocabulary::San => "san",
            Vocabulary::SanWithSymbols => "san+",
            Vocabulary::Uci => "uci",
            Vocabulary::Lan => "lan",
            Vocabulary::LanWithSymbols => "lan+",
            Vocabulary::Eran => "eran",
            Vocabulary::EranShort => "eran-short",
        }
    }

    /// The vocabulary of a [`name`](Vocabulary::name) (`san`, `san+`, `uci`, `lan`, `lan+`,
    /// `eran`, `eran-short`): the names the command-line tool and the Python package take.
    ///
    /// ```
    /// use scoresheet::vocab::Vocabulary;
    /// assert_eq!(Vocabulary::from_name("san+"), Some(Vocabulary::SanWithSymbols));
    /// assert_eq!(Vocabulary::from_name("san").and_then(Vocabulary::with_symbols), Some(Vocabulary::SanWithSymbols));
    /// assert_eq!(Vocabulary::Uci.with_symbols(), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Vocabulary> {
        Vocabulary::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The same notation with `+`/`#` (itself if it has them already); `None` for the
    /// notations that write no check symbols (UCI, ERAN).
    pub const fn with_symbols(self) -> Option<Vocabulary> {
        match self {
            Vocabulary::San | Vocabulary::SanWithSymbols => Some(Vocabulary::SanWithSymbols),
            Vocabulary::Lan | Vocabulary::LanWithSymbols => Some(Vocabulary::LanWithSymbols),
            Vocabulary::Uci | Vocabulary::Eran | Vocabulary::EranShort => None,
        }
    }

    /// The number of strings.
    pub fn len(self) -> usize {
        tables::table(self).len()
    }

    /// Always false: every vocabulary has strings.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The strings in token-id order (length, then bytes). Lazy: the table is built on first
    /// use and the iterator walks it.
    pub fn strings(self) -> Strings {
        let table = tables::table(self);
        Strings {
            table,
            next: 0,
            end: table.len(),
        }
    }

    /// The token id of a string, or `None` if it is not in the vocabulary.
    pub fn token_id(self, s: &str) -> Option<u32> {
        let id = match self {
            Vocabulary::Uci => tables::uci_id(s.as_bytes())?,
            _ => tables::table(self).find(s)?,
        };
        u32::try_from(id).ok()
    }

    /// [`token_id`](Self::token_id) of a string given as bytes (what a writer of SAN
    /// produces), without checking UTF-8 first.
    pub fn token_id_of_bytes(self, s: &[u8]) -> Option<u32> {
        let id = match self {
            Vocabulary::Uci => tables::uci_id(s)?,
            _ => tables::table(self).find_bytes(s)?,
        };
        u32::try_from(id).ok()
    }

    /// The token id in [`Vocabulary::SanWithSymbols`] of a SAN move with its `+`/`#` suffix
    /// (its annotation ignored), found from the move's fields: the same id as
    /// [`token_id`](Self::token_id) of the move written out, without writing it (`None` for
    /// a move the vocabulary lacks).
    ///
    /// ```
    /// use scoresheet::{san::SanPlus, vocab::Vocabulary};
    /// for text in ["Nf3", "exd8=Q#", "O-O+", "R1a3"] {
    ///     let san = SanPlus::from_ascii(text.as_bytes())?;
    ///     let id = Vocabulary::san_move_id(&san);
    ///     assert_eq!(id, Vocabulary::SanWithSymbols.token_id(text));
    /// }
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn san_move_id(san: &crate::san::SanPlus) -> Option<u32> {
        u32::try_from(tables::san_move_id(san)?).ok()
    }

    /// The token id in [`Vocabulary::San`] of a SAN move (no suffix), from its fields: the
    /// same id as [`token_id`](Self::token_id) of the move written out, without writing it.
    ///
    /// ```
    /// use scoresheet::{san::San, vocab::Vocabulary};
    /// let san: San = "Nbd7".parse()?;
    /// assert_eq!(Vocabulary::plain_san_move_id(&san), Vocabulary::San.token_id("Nbd7"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn plain_san_move_id(san: &crate::san::San) -> Option<u32> {
        u32::try_from(tables::plain_san_move_id(san)?).ok()
    }

    /// The token id in [`Vocabulary::Uci`] of a UCI move, computed from its squares and
    /// promotion (`None` for the null move `0000`, and for a pair of squares no move joins).
    ///
    /// ```
    /// use scoresheet::{uci::UciMove, vocab::Vocabulary};
    /// let mv: UciMove = "g1f3".parse()?;
    /// assert_eq!(Vocabulary::uci_move_id(mv), Vocabulary::Uci.token_id("g1f3"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn uci_move_id(uci: crate::uci::UciMove) -> Option<u32> {
        u32::try_from(tables::uci_move_id(uci)?).ok()
    }

    /// The string of a token id.
    pub fn token_str(self, id: u32) -> Option<&'static str> {
        tables::table(self).get(usize::try_from(id).ok()?)
    }

    /// A legal position and a move in it that this notation writes as `s`, or `None` if `s`
    /// is not in the vocabulary.
    pub fn witness(self, s: &str) -> Option<Witness> {
        self.token_id(s)?;
        if let Some(form) = eran::form(self) {
            return eran::witness(form, s);
        }
        let (base, suffix) = split_suffix(s);
        let (format, specs) = match self {
            Vocabulary::San | Vocabulary::SanWithSymbols => {
                let san: San = base.parse().ok()?;
                if let San::Castle(side) = san {
                    return witness::castle(side, suffix);
                }
                (Format::San, geometry::san_specs(&san))
            }
            Vocabulary::Lan | Vocabulary::LanWithSymbols => {
                let lan: crate::lan::Lan = base.parse().ok()?;
                if let crate::lan::LanKind::Castle(side) = lan.kind {
                    return witness::castle(side, suffix);
                }
                (Format::Lan, geometry::lan_specs(&lan))
            }
            Vocabulary::Uci => (Format::Uci, geometry::uci_specs(base.parse().ok()?)),
            Vocabulary::Eran | Vocabulary::EranShort => return None,
        };
        let goal = Goal {
            format,
            suffix,
            expected: s,
        };
        specs
            .iter()
            .find_map(|spec: &Spec| witness::build(spec, goal))
    }
}

/// The string without a trailing `+` or `#`, and that suffix.
fn split_suffix(s: &str) -> (&str, Option<Suffix>) {
    if let Some(base) = s.strip_suffix('+') {
        (base, Some(Suffix::Check))
    } else if let Some(base) = s.strip_suffix('#') {
        (base, Some(Suffix::Checkmate))
    } else {
        (s, None)
    }
}

/// The token id of `s` in a vocabulary (see [`Vocabulary::token_id`]).
pub fn token_id(vocab: Vocabulary, s: &str) -> Option<u32> {
    vocab.token_id(s)
}

/// The string of a token id in a vocabulary (see [`Vocabulary::token_str`]).
pub fn token_str(vocab: Vocabulary, id: u32) -> Option<&'static str> {
    vocab.token_str(id)
}

/// Why a well-formed SAN move (its suffix ignored) is never the canonical SAN of a legal
/// move, or `None` if it is one (then [`Vocabulary::San`] holds it).
pub fn impossibility(san: &San) -> Option<Impossible> {
    geometry::impossibility(san)
}

/// The strings of a vocabulary in token-id order; see [`Vocabulary::strings`].
#[derive(Debug, Clone)]
pub struct Strings {
    table: &'static tables::Table,
    next: usize,
    end: usize,
}

impl Iterator for Strings {
    type Item = &'static str;

    fn next(&mut self) -> Option<&'static str> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.table.get(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Strings {
    fn next_back(&mut self) -> Option<&'static str> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.table.get(self.end)
    }
}

impl ExactSizeIterator for Strings {}

impl std::iter::FusedIterator for Strings {}

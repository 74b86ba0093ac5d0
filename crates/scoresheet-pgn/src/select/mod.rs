//! Choosing games: tag criteria ([`TagExpr`]), game criteria ([`GameCriteria`]), opening
//! classification ([`openings`]), the mainline identity behind duplicate detection, and the
//! repairs a selection may make ([`repair`]).
//!
//! Tag criteria decide from the tags alone, so a game they reject (or, without game criteria,
//! accept) need not be replayed. Game criteria look at the replayed mainline: the
//! [`FactsSink`] is the [`ReplaySink`] that checks them, classifies the opening and hashes the
//! mainline in one pass. A game that can no longer meet them ([`FactsSink::is_hopeless`]: a
//! wanted position out of reach, a left move prefix, past the ply bound) need not be replayed
//! further.
//!
//! A classified game's tags are [`openings::tags_with_opening`]'s: its `ECO` and `Opening`
//! replaced by the classification's. The command line's `select --classify` writes those, and
//! its `--where` reads them when the expression names `ECO` or `Opening` (deciding after the
//! replay); without `--classify`, and on every other reader, `--where` reads the tags as
//! written.
//!
//! ```
//! use scoresheet_pgn::replay::Replayer;
//! use scoresheet_pgn::select::{Ending, FactsSink, GameCriteria};
//! use scoresheet_pgn::Reader;
//!
//! let pgn = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. d4 d5 *\n";
//! let criteria = GameCriteria::new().ends_in(Ending::Checkmate);
//! let mut replayer = Replayer::new(FactsSink::new(criteria).classify(true));
//! let mut reader = Reader::new(pgn.as_bytes());
//! let first = reader.read_game(&mut replayer)?.expect("a game").expect("legal");
//! assert!(first.selected);
//! assert_eq!(first.opening.map(|o| o.eco), Some("C23"));
//! let second = reader.read_game(&mut replayer)?.expect("a game").expect("legal");
//! assert!(!second.selected);
//! assert_eq!(second.opening.map(|o| o.name), Some("Queen's Pawn Game"));
//! # Ok::<_, scoresheet_pgn::ReadError>(())
//! ```

mod criteria;
pub mod expr;
mod material;
pub mod openings;
mod reach;
pub mod repair;

pub use criteria::{
    CriteriaCheck, Ending, GameCriteria, MaterialWhen, MoveSequence, ParseMovesError,
};
pub use expr::{Op, ParseExprError, ParseExprErrorKind, TagExpr};
pub use material::{Material, MaterialSignature, ParseMaterialError};
pub use openings::{Classifier, Opening, OpeningTable};
pub use repair::{Repairs, TagsToRepair};

use scoresheet::Position;
use twox_hash::XxHash3_128;

use crate::replay::{Ply, ReplaySink};

/// What [`FactsSink`] found out about one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameFacts<'t> {
    /// Whether the game meets the game criteria.
    pub selected: bool,
    /// Its opening, when classification was asked for and a named position was reached.
    pub opening: Option<Opening<'t>>,
    /// A 128-bit hash of its start position and mainline (the Polyglot key of each position):
    /// games with equal mainlines from equal starts have equal hashes, whatever their tags.
    pub mainline: u128,
    /// Its mainline plies.
    pub plies: u32,
}

/// The [`ReplaySink`] of selection: checks [`GameCriteria`], classifies the opening (when
/// asked, with the table of `'t`) and hashes the mainline, for each game. Null moves are
/// accepted.
pub struct FactsSink<'t> {
    criteria: GameCriteria,
    check: CriteriaCheck,
    classify: bool,
    table: &'t OpeningTable,
    classifier: Option<Classifier<'t>>,
    start: Position,
    /// Whether to hash the mainline (else [`GameFacts::mainline`] is 0).
    hashes: bool,
    hash: XxHash3_128,
    plies: u32,
}

impl std::fmt::Debug for FactsSink<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FactsSink")
            .field("criteria", &self.criteria)
            .field("classify", &self.classify)
            .field("plies", &self.plies)
            .finish_non_exhaustive()
    }
}

impl<'t> FactsSink<'t> {
    /// A sink checking `criteria`, not classifying (when asked to, with the shipped table).
    pub fn new(criteria: GameCriteria) -> FactsSink<'t> {
        FactsSink {
            criteria,
            check: CriteriaCheck::default(),
            classify: false,
            table: OpeningTable::shipped(),
            classifier: None,
            start: Position::new(),
            hashes: true,
            hash: XxHash3_128::new(),
            plies: 0,
        }
    }

    /// Whether to classify each game's opening.
    pub fn classify(mut self, classify: bool) -> FactsSink<'t> {
        self.classify = classify;
        self
    }

    /// The table to classify with (else the shipped one, [`OpeningTable::shipped`]).
    pub fn openings(mut self, table: &'t OpeningTable) -> FactsSink<'t> {
        self.table = table;
        self
    }

    /// Whether to hash each game's mainline ([`GameFacts::mainline`], for duplicates; on by
    /// default). Off, the hash is 0 and the replay a little faster.
    pub fn hash_mainline(mut self, hashes: bool) -> FactsSink<'t> {
        self.hashes = hashes;
        self
    }

    /// Whether the current game can no longer meet the criteria, whatever its remaining
    /// moves ([`CriteriaCheck::is_hopeless`]): a caller may stop replaying it, as not
    /// selected.
    pub fn is_hopeless(&self) -> bool {
        self.check.is_hopeless(&self.criteria)
    }

    fn mainline_ply(&mut self, ply: &Ply<'_>) {
        self.plies = self.plies.saturating_add(1);
        self.check.ply(&self.criteria, ply);
        if let Some(classifier) = &mut self.classifier {
            classifier.ply(ply.before, ply.mv, ply.after);
        }
        if self.hashes {
            self.hash.write(&self.check.key().to_le_bytes());
        }
    }
}

impl<'t> ReplaySink for FactsSink<'t> {
    type Game = GameFacts<'t>;

    fn start(&mut self, start: &Position) {
        self.start.clone_from(start);
        self.check.start(&self.criteria, start);
        self.classifier = self
            .classify
            .then(|| Classifier::with_table(self.table, start));
        if self.hashes {
            self.hash = XxHash3_128::new();
            self.hash.write(&self.check.key().to_le_bytes());
        }
        self.plies = 0;
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.depth == 0 {
            self.mainline_ply(ply);
        }
    }

    fn null_move(&mut self, ply: &Ply<'_>) -> Result<(), &'static str> {
        if ply.depth == 0 {
            self.mainline_ply(ply);
        }
        Ok(())
    }

    fn end_game(&mut self) -> GameFacts<'t> {
        GameFacts {
            selected: self.check.finish(&self.criteria, &self.start),
            opening: self.classifier.as_ref().and_then(Classifier::opening),
            mainline: match self.hashes {
                true => self.hash.finish_128(),
                false => 0,
            },
            plies: self.plies,
        }
    }
}

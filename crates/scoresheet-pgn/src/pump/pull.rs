//! The pump pulled by its caller ([`Pull`]): an iterator of what became of each game, one game
//! at a time, for callers that take games as they want them (an iterator of the Python
//! package, [`ReplayedGames`](crate::replay::ReplayedGames)) instead of being handed batches.

use std::collections::VecDeque;
use std::io::Read;

use super::policy::Convert;
use super::serial::Serial;
use super::tally::Tally;
use super::Pump;
use crate::parallel::Event;
use crate::replay::GameError;
use crate::{Location, ReadError, Reader};

/// What [`Pull`] gives, in input order: each game read (converted or rejected) and each
/// oddity the converter keeps to be shown (before the game it was met in).
#[derive(Debug)]
pub enum Pulled<T> {
    /// A converted game: the converter's batch holding only it.
    Game(T),
    /// A rejected game: its error, with its location; its `Display` is the message every
    /// front end reports (`game 2 (from line 4), line 5, column 4: ...`).
    Rejected(GameError),
    /// An oddity kept to be shown (`--warnings`, [`Convert::take_kept`]): where, and what.
    Oddity(Location, String),
}

impl<T> Pulled<T> {
    /// The same item with a converted game's batch mapped by `f`.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Pulled<U> {
        match self {
            Pulled::Game(game) => Pulled::Game(f(game)),
            Pulled::Rejected(e) => Pulled::Rejected(e),
            Pulled::Oddity(at, what) => Pulled::Oddity(at, what),
        }
    }
}

/// One input's games pulled one at a time ([`Pump::pull`]): an iterator of [`Pulled`] items,
/// read by one reader on the caller's thread with the pump's policy and counts, those of
/// [`Pump::run`] (the same games converted and rejected, the same messages, the same
/// [`Tally`]). Memory is bounded by a game: nothing is read ahead of the game pulled.
///
/// The iterator ends at the end of the input, or after an error that ends the input
/// ([`ReadError::is_recoverable`] false: an I/O error, a UTF-16 input), which is its last
/// item, the games before it given.
///
/// ```
/// use scoresheet_pgn::egd::{EgdOptions, JsonVisitor};
/// use scoresheet_pgn::pump::{Pulled, Pump};
///
/// let pgn = b"1. e4 e5 *\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n";
/// let mut pull = Pump::new(1).pull(&pgn[..], JsonVisitor::new(EgdOptions::new()));
/// let mut out = Vec::new();
/// for item in &mut pull {
///     out.push(match item? {
///         Pulled::Game(json) => format!("{} bytes of JSON", json.len()),
///         Pulled::Rejected(e) => format!("rejected: {e}"),
///         Pulled::Oddity(at, what) => format!("{at}: {what}"),
///     });
/// }
/// assert!(out[1].starts_with("rejected: game 2 (from line 3), line 3, column 7: "));
/// assert_eq!(out.len(), 3);
/// let tally = pull.tally();
/// assert_eq!((tally.games_in(), tally.converted(), tally.rejected()), (3, 2, 1));
/// # Ok::<_, scoresheet_pgn::ReadError>(())
/// ```
pub struct Pull<R, C: Convert> {
    serial: Serial<R, C>,
    batch: C::Batch,
    /// The items of the last game read not yet given (its kept oddities, then the game or its
    /// rejection, then the error that ended the input).
    pending: VecDeque<Result<Pulled<C::Batch>, ReadError>>,
    tally: Tally,
}

impl<R, C: Convert> std::fmt::Debug for Pull<R, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pull")
            .field("pending", &self.pending.len())
            .field("tally", &self.tally)
            .finish_non_exhaustive()
    }
}

impl Pump {
    /// The games of `src` pulled one at a time with `converter`: see [`Pull`]. Read with this
    /// pump's reader settings and selection, on the caller's thread (the thread count is not
    /// used).
    pub fn pull<R: Read, C: Convert>(&self, src: R, converter: C) -> Pull<R, C> {
        let reader = Reader::with_options(src, self.options.read());
        Pull::new(reader.select_where(self.selection.clone()), converter)
    }
}

impl<R: Read, C: Convert> Pull<R, C> {
    /// The games of `reader` (with its settings and selection) pulled with `converter`.
    pub fn new(reader: Reader<R>, converter: C) -> Pull<R, C> {
        let mut batch = C::Batch::default();
        Pull {
            serial: Serial::new(reader, converter, &mut batch),
            batch,
            pending: VecDeque::new(),
            tally: Tally::default(),
        }
    }

    /// The counts of the games pulled so far (games read, converted, rejected, not selected,
    /// plies, oddities), added up as [`Pump::run`]'s deliveries are.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The converter.
    pub fn converter(&self) -> &C {
        self.serial.converter()
    }

    /// Reads the next game (with the games a selection leaves out before it) and queues what
    /// became of it; false once the input ended.
    fn read_one(&mut self) -> bool {
        let Some(mut log) = self.serial.next_run(&mut self.batch, |_, _, _| true) else {
            return false;
        };
        self.tally.add(&log);
        for event in log.take_events() {
            self.pending.push_back(Ok(match event {
                Event::Rejected(e) => Pulled::Rejected(e),
                Event::Warning(at, what) => Pulled::Oddity(at, what),
            }));
        }
        if log.converted_games() > 0 {
            let game = std::mem::take(&mut self.batch);
            self.pending.push_back(Ok(Pulled::Game(game)));
        }
        if let Some(e) = log.take_fatal() {
            self.pending.push_back(Err(e));
        }
        true
    }
}

impl<R: Read, C: Convert> Iterator for Pull<R, C> {
    type Item = Result<Pulled<C::Batch>, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.pending.pop_front() {
                return Some(item);
            }
            if !self.read_one() {
                return None;
            }
        }
    }
}

//! One reader's games read in runs on the caller's thread: the loop of [`Pump::run`] with one
//! thread and of [`Pull`], so that both read, sort and count games alike.
//!
//! [`Pump::run`]: super::Pump::run
//! [`Pull`]: super::Pull

use std::io::Read;

use super::policy::{self, Convert};
use crate::parallel::ChunkLog;
use crate::Reader;

/// A reader and its converter, read a run at a time until the input ends.
pub(super) struct Serial<R, C> {
    reader: Reader<R>,
    converter: C,
    ended: bool,
}

impl<R: Read, C: Convert> Serial<R, C> {
    /// Begins the one run of the whole input (from byte 0) into `batch`.
    pub(super) fn new(reader: Reader<R>, mut converter: C, batch: &mut C::Batch) -> Self {
        converter.begin_run(0, batch);
        Serial {
            reader,
            converter,
            ended: false,
        }
    }

    /// Reads games into `batch` until the input ends, an error ends it, or `pause` says to
    /// stop after a game, and gives what became of them (`None` once the input ended: its
    /// end, or an error that ends it, recorded in the last log).
    pub(super) fn next_run(
        &mut self,
        batch: &mut C::Batch,
        pause: impl FnMut(&C, &C::Batch, &ChunkLog) -> bool,
    ) -> Option<ChunkLog> {
        if self.ended {
            return None;
        }
        let mut log = ChunkLog::default();
        let converter = &mut self.converter;
        self.ended = policy::read_run(converter, &mut self.reader, &mut log, batch, pause);
        converter.end_run(batch);
        Some(log)
    }

    /// The converter.
    pub(super) fn converter(&self) -> &C {
        &self.converter
    }
}

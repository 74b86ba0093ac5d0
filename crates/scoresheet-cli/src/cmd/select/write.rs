//! Where `select`'s chosen games go, decided in input order as the pump delivers each batch:
//! duplicates (`--unique`: the first of equal mainlines kept, the others to `--duplicates`)
//! and the outputs.

use std::collections::HashSet;
use std::io::{self, Write};

use super::convert::Chosen;
use super::split::{GameFiles, TagFiles};
use crate::args::SelectArgs;
use crate::output_file::Destination;

/// Where the chosen games go: one output, or files of a directory.
enum Target {
    One(Destination),
    Games(GameFiles),
    Tags(TagFiles),
}

impl Target {
    fn open(args: &SelectArgs) -> anyhow::Result<Target> {
        Ok(match (&args.out_dir, args.split_games, &args.split_by) {
            (Some(dir), Some(n), _) => Target::Games(GameFiles::new(dir, n)?),
            (Some(dir), None, _) => Target::Tags(TagFiles::new(dir)?),
            (None, ..) => Target::One(Destination::open(args.output.as_deref())?),
        })
    }

    fn write_game(&mut self, split: Option<&str>, game: &[u8]) -> io::Result<()> {
        match self {
            Target::One(out) => out.write_all(game),
            Target::Games(files) => files.write_game(game),
            Target::Tags(files) => files.write_game(split, game),
        }
    }

    fn finish(self) -> anyhow::Result<()> {
        match self {
            Target::One(out) => out.finish(),
            Target::Games(files) => files.finish(),
            Target::Tags(files) => files.finish(),
        }
    }
}

/// Games chosen, left out by the game criteria, and duplicates, over every input.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    pub chosen: u64,
    pub dropped: u64,
    pub duplicates: u64,
}

/// The outputs of a run and the mainlines seen.
pub struct Outputs {
    chosen: Target,
    duplicates: Option<Destination>,
    /// The mainline hashes of the games chosen so far (with `--unique`).
    seen: HashSet<u128>,
    unique: bool,
    totals: Totals,
}

impl Outputs {
    /// Opens the outputs the flags name.
    pub fn open(args: &SelectArgs, unique: bool) -> anyhow::Result<Outputs> {
        let chosen = Target::open(args)?;
        let duplicates = match &args.duplicates {
            Some(path) => Some(Destination::open(Some(path))?),
            None => None,
        };
        Ok(Outputs {
            chosen,
            duplicates,
            seen: HashSet::new(),
            unique,
            totals: Totals::default(),
        })
    }

    /// Writes a batch's games where they go, in order, and empties it.
    pub fn deliver(&mut self, batch: &mut Chosen) -> io::Result<()> {
        let written = self.write_batch(batch);
        batch.clear();
        written
    }

    fn write_batch(&mut self, batch: &Chosen) -> io::Result<()> {
        self.totals.dropped += batch.dropped;
        let mut start = 0;
        for game in &batch.games {
            let text = &batch.text[start..game.end];
            start = game.end;
            let duplicate = self.unique && game.mainline.is_some_and(|m| !self.seen.insert(m));
            if duplicate {
                self.totals.duplicates += 1;
                if let Some(out) = &mut self.duplicates {
                    out.write_all(text)?;
                }
                continue;
            }
            self.totals.chosen += 1;
            self.chosen.write_game(game.split.as_deref(), text)?;
        }
        Ok(())
    }

    /// Flushes and names the files; the totals.
    pub fn finish(self) -> (Totals, anyhow::Result<()>) {
        let chosen = self.chosen.finish();
        let duplicates = self.duplicates.map_or(Ok(()), Destination::finish);
        (self.totals, chosen.and(duplicates))
    }
}

//! `--threads N`: the library's parallel reading ([`scoresheet_pgn::parallel`]) with one EGD
//! JSON visitor per worker; chunks' JSON is written in input order, with their reports.

use std::io::{Read, Write};

use scoresheet_pgn::egd::JsonVisitor;
use scoresheet_pgn::parallel::{read_parallel, ChunkLog, Event, ParallelError, ParallelOptions};
use scoresheet_pgn::Reader;

use super::{read_options, Job};

/// Converts one input with `threads` workers.
pub fn convert(
    src: impl Read + Send,
    job: &Job<'_>,
    threads: usize,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let options = ParallelOptions::new(threads).read_options(read_options());
    let new_worker = || {
        let mut visitor = JsonVisitor::new(job.options);
        visitor.keep_oddities(job.warnings);
        visitor
    };
    let deliver = |json: &mut Vec<u8>, log: ChunkLog| {
        for event in log.events() {
            match event {
                Event::Warning(at, what) => job.print_warning(*at, what),
                Event::Rejected(e) => job.print_error(&e.to_string()),
            }
        }
        job.counters.add_oddities(log.oddities());
        job.counters
            .add(log.converted_games(), log.rejected_games(), log.plies());
        let written = out.write_all(json);
        json.clear();
        written
    };
    match read_parallel(src, &options, new_worker, convert_chunk, deliver) {
        Ok(()) => Ok(()),
        Err(ParallelError::Read { byte, error }) => {
            Err(anyhow::Error::new(error).context(format!("pgn: i/o error after byte {byte}")))
        }
        Err(ParallelError::Fatal(e)) => Err(super::fatal(e)),
        Err(e @ ParallelError::Deliver(_)) => Err(anyhow::Error::new(e)),
    }
}

/// Converts the games of one chunk into `json`.
fn convert_chunk(
    visitor: &mut JsonVisitor,
    mut reader: Reader<&[u8]>,
    log: &mut ChunkLog,
    json: &mut Vec<u8>,
) {
    let before = visitor.oddities().clone();
    loop {
        let game = reader.read_game(visitor);
        for (at, what) in visitor.take_kept() {
            log.warning(at, what);
        }
        match game {
            Ok(None) => break,
            Ok(Some(Ok(plies))) => log.converted(u64::from(plies)),
            Ok(Some(Err(e))) => log.rejected(e),
            Err(e) if e.is_recoverable() => log.rejected(e),
            Err(e) => {
                log.fatal(e);
                break;
            }
        }
    }
    log.add_oddities(&visitor.oddities().since(&before));
    let spare = std::mem::take(json);
    *json = visitor.replace_output(spare);
}

//! Reads a PGN file into the export's tables in memory, keeps them to the end and drops them: what Python's
//! `read_tables` does, without Python, for profilers (`valgrind --tool=callgrind`, `perf`).
//!
//! ```text
//! cargo run --release -p scoresheet-export --example tables -- FILE [THREADS [CHUNK_BYTES [BATCH_GAMES]]]
//! ```
//!
//! `COLUMNS=game_id,ply,board` in the environment reads only those columns, as
//! `read_tables(columns=[...])` does; without it, the default columns.

use std::sync::Arc;

use scoresheet_export::{export_parallel, Columns, ExportOptions, ParallelExport};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: tables FILE [THREADS [CHUNK_BYTES [BATCH_GAMES]]]")?;
    let threads = match args.next() {
        Some(n) => n.parse()?,
        None => 1,
    };
    let chunk: usize = match args.next() {
        Some(n) => n.parse()?,
        None => scoresheet_export::CHUNK_BYTES,
    };
    // Games per batch with one thread (with several, a chunk is a batch).
    let batch: usize = match args.next() {
        Some(n) => n.parse()?,
        None => scoresheet_export::BATCH_GAMES,
    };
    let columns = match std::env::var("COLUMNS") {
        Ok(names) => Columns::named(names.split(','))?,
        Err(_) => Columns::DEFAULT,
    };
    let file = std::fs::File::open(&path)?;
    // As `read_tables` does: the file's size sizes the chunks of a small input.
    let len = file.metadata()?.len();
    let (mut games, mut moves, mut bytes) = (0, 0, 0);
    // Kept to the end, as `read_tables` keeps them: the memory is new for every batch.
    let mut kept = Vec::new();
    export_parallel(
        file,
        Arc::from(path.as_str()),
        ParallelExport::new(threads)
            .chunk_bytes(chunk)
            .input_len(Some(len))
            .export(ExportOptions::new().columns(columns).batch_games(batch)),
        |batches, _log| {
            games += batches.games.num_rows();
            moves += batches.moves.num_rows();
            bytes += batches.moves.get_array_memory_size();
            kept.push(batches);
            Ok(())
        },
    )?;
    drop(kept);
    println!("{games} games, {moves} moves, moves table {bytes} bytes in memory");
    Ok(())
}

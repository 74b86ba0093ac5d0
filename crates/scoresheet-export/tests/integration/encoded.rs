//! Row groups encoded by the workers ([`export_parallel_encoded`]) and appended by the
//! writer: the files read back equal, part by part and table by table, to those one thread
//! writes with the writer's own encoding, and every part but the last holds exactly the
//! games per file asked for.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_select::concat::concat_batches;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use scoresheet_export::{
    export_parallel_encoded, DatasetOptions, DatasetWriter, ExportOptions, ParallelExport,
};

/// The rows of one Parquet file, in one batch, and its number of row groups.
fn read(path: &Path) -> (RecordBatch, usize) {
    let file = File::open(path).expect("a written part");
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).expect("a Parquet file");
    let groups = builder.metadata().num_row_groups();
    let schema = Arc::clone(builder.schema());
    let batches: Vec<RecordBatch> = builder
        .build()
        .expect("a reader")
        .map(|b| b.expect("readable"))
        .collect();
    (
        concat_batches(&schema, &batches).expect("one schema"),
        groups,
    )
}

/// The part files of one table, in order.
fn parts(dir: &Path, table: &str) -> Vec<PathBuf> {
    let mut names: Vec<PathBuf> = fs::read_dir(dir.join(table))
        .expect("the table's folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    names.sort();
    names
}

/// What one export wrote: its dataset directory, and how many chunks came encoded.
struct Written {
    dir: PathBuf,
    encoded: usize,
}

/// How to cut the input, the rows and the files.
#[derive(Clone, Copy)]
struct Cuts {
    /// Bytes of input a chunk.
    chunk: usize,
    /// Games a batch (with encoding, games whose moves are added to a row group at once).
    batch: usize,
    /// Games a part file.
    per_file: u64,
}

/// Exports `pgn` with `threads` threads, the workers encoding when they can.
fn export(pgn: &[u8], name: &str, threads: usize, cuts: Cuts, fen: bool) -> Written {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-export-encoded-{name}-{threads}-{fen}-{}",
        std::process::id()
    ));
    let options = ExportOptions::new().fen(fen).batch_games(cuts.batch);
    let dataset = DatasetOptions::new()
        .games_per_file(cuts.per_file)
        .replace(true)
        .export(options);
    let mut writer = DatasetWriter::create(&dir, dataset).expect("a new directory");
    let settings = ParallelExport::new(threads)
        .chunk_bytes(cuts.chunk)
        .export(options)
        .encode_parquet(true);
    let mut encoded = 0;
    export_parallel_encoded(pgn, Arc::from(name), settings, |chunk, _log| {
        encoded += usize::from(chunk.is_encoded());
        writer.write_encoded(chunk).map_err(std::io::Error::other)?;
        Ok(())
    })
    .expect("the games read");
    writer.finish().expect("completes");
    Written { dir, encoded }
}

/// Compares two datasets part by part; returns the row groups of the second's `moves`.
fn assert_same_rows(one: &Path, two: &Path, per_file: usize, what: &str) -> usize {
    let mut groups = 0;
    for table in ["games", "moves"] {
        let (a, b) = (parts(one, table), parts(two, table));
        assert_eq!(a.len(), b.len(), "{what}: parts of {table}");
        assert!(a.len() > 1, "{what}: several parts");
        let last = b.len() - 1;
        for (i, (a, b)) in a.iter().zip(&b).enumerate() {
            let ((rows_a, _), (rows_b, groups_b)) = (read(a), read(b));
            if table == "games" && i < last {
                assert_eq!(rows_b.num_rows(), per_file, "{what}: {}", b.display());
            }
            assert_eq!(rows_a, rows_b, "{what}: {table} part {i}");
            if table == "moves" {
                groups += groups_b;
            }
        }
    }
    groups
}

fn check(pgn: &[u8], name: &str, cuts: Cuts) {
    for fen in [false, true] {
        let serial = export(pgn, name, 1, cuts, fen);
        let parallel = export(pgn, name, 2, cuts, fen);
        let what = format!("{name}, fen {fen}");
        assert_eq!(
            serial.encoded, 0,
            "{what}: one thread encodes in the writer"
        );
        assert!(
            parallel.encoded > 2,
            "{what}: {} chunks encoded",
            parallel.encoded
        );
        let per_file = cuts.per_file as usize;
        let groups = assert_same_rows(&serial.dir, &parallel.dir, per_file, &what);
        // One row group a chunk (a chunk crossing a part's end is cut and encoded again).
        assert!(groups >= parallel.encoded, "{what}: {groups} row groups");
        let _ = fs::remove_dir_all(&serial.dir);
        let _ = fs::remove_dir_all(&parallel.dir);
    }
}

/// [`check`] on the file at `path` (from this crate's directory), named by its file name.
fn check_file(path: &str, cuts: Cuts) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let pgn = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().expect("a file").to_string_lossy();
    check(&pgn, &name, cuts);
}

/// 200 real games (clocks, evals, promotions, castles), the CLI's test copy: chunks of about
/// 10 games whose moves are encoded 3 games at a time, parts of 70 (two of them end inside a
/// chunk).
#[test]
fn ok_encoded_row_groups_read_back_as_one_thread_writes() {
    let cuts = Cuts {
        chunk: 8 * 1024,
        batch: 3,
        per_file: 70,
    };
    check_file("../scoresheet-cli/tests/data/real_200.pgn", cuts);
}

/// The same on the whole `real.pgn` (3,970 games) kept beside the repository, in chunks of
/// 1 MiB encoded 100 games at a time, and parts of 1,000 games.
#[test]
#[ignore = "needs ../shared/data/pgn/real.pgn (5 MB, outside the repository): run with --ignored"]
fn ok_encoded_row_groups_read_back_as_one_thread_writes_real_pgn() {
    let cuts = Cuts {
        chunk: 1 << 20,
        batch: 100,
        per_file: 1000,
    };
    check_file("../../../shared/data/pgn/real.pgn", cuts);
}

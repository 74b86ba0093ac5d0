//! Batches handed back to a [`Recycler`] have their buffers filled again by the next batches:
//! the rows must be the same as without one, whatever the earlier batches held there.

use std::sync::Arc;

use arrow_array::{RecordBatch, UInt32Array};
use arrow_select::concat::concat_batches;
use arrow_select::take::take_record_batch;
use scoresheet_export::{export_parallel, ExportOptions, ParallelExport, Recycler};

/// 200 real games (clocks, evals, promotions, castles), the CLI's test copy.
fn games() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scoresheet-cli/tests/data/real_200.pgn"
    );
    std::fs::read(path).expect("the CLI's test data")
}

/// Every row of both tables, copied out of the batches (so that nothing else holds their
/// buffers when they are handed back).
fn export(pgn: &[u8], settings: ParallelExport, recycler: Option<&Recycler>) -> [RecordBatch; 2] {
    let mut games = Vec::new();
    let mut moves = Vec::new();
    // A copy of each row (`concat_batches` of one batch would share its buffers).
    let copy = |batch: &RecordBatch| {
        let rows = UInt32Array::from_iter_values(0..batch.num_rows() as u32);
        take_record_batch(batch, &rows).expect("rows in range")
    };
    export_parallel(pgn, Arc::from("real_200.pgn"), settings, |batches, _log| {
        games.push(copy(&batches.games));
        moves.push(copy(&batches.moves));
        if let Some(recycler) = recycler {
            recycler.give_back(batches);
        }
        Ok(())
    })
    .expect("the games read");
    let all = |batches: Vec<RecordBatch>| {
        let schema = batches[0].schema();
        concat_batches(&schema, &batches).expect("one schema")
    };
    [all(games), all(moves)]
}

#[test]
fn ok_recycled_batches_give_the_same_rows() {
    let pgn = games();
    for (threads, fen) in [(1, false), (2, false), (2, true)] {
        // Small chunks: many batches, each reusing the buffers of an earlier one.
        let settings = || {
            ParallelExport::new(threads)
                .chunk_bytes(8 * 1024)
                .export(ExportOptions::new().fen(fen))
        };
        let plain = export(&pgn, settings(), None);
        let recycler = Recycler::new();
        let recycled = export(&pgn, settings().recycler(recycler.clone()), Some(&recycler));
        assert_eq!(plain[0].num_rows(), 200);
        assert!(plain[1].num_rows() > 10_000, "{}", plain[1].num_rows());
        assert_eq!(plain, recycled, "threads {threads}, fen {fen}");
    }
}

//! Parse-only throughput of the PGN reader, comparable with the peer harness
//! (`peers pgn parse FILE RUNS`): mainline move tokens are counted, variations skipped.
//!
//! Usage: `cargo run --release -p scoresheet-pgn --example parse -- FILE [RUNS]`
//! (FILE may be gzip, zstd or bzip2 compressed; it is decompressed into memory first).

use std::{io::Read, ops::ControlFlow, time::Instant};

use scoresheet_pgn::{input, Location, Oddity, RawToken, Reader, Skip, Visitor};

#[derive(Default)]
struct Count {
    games: u64,
    plies: u64,
    oddities: u64,
}

impl Visitor for Count {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _at: Location) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: (), _at: Location) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _san: RawToken<'_>) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut (), _at: Location) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn oddity(&mut self, _oddity: Oddity<'_>) {
        self.oddities += 1;
    }
    fn end_game(&mut self, _: ()) {
        self.games += 1;
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: parse FILE [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.get(2).map_or(Ok(5), |r| r.parse())?;
    let mut data = Vec::new();
    input::open_input(path)?.read_to_end(&mut data)?;
    let mut times = Vec::new();
    let mut count = Count::default();
    let mut errors = 0;
    for _ in 0..runs.max(1) {
        count = Count::default();
        errors = 0;
        let start = Instant::now();
        let mut reader = Reader::new(&data[..]);
        for game in reader.games(&mut count) {
            errors += u64::from(game.is_err());
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "scoresheet-pgn mode=parse file={path} bytes={} games={} plies={} errors={errors} oddities={} median={median:.4}s min={:.4}s MB/s={:.1} runs={}",
        data.len(),
        count.games,
        count.plies,
        count.oddities,
        times[0],
        data.len() as f64 / median / 1e6,
        times.len()
    );
    Ok(())
}

//! The pump pulled one game at a time (`Pump::pull`, what `ReplayedGames` and the Python
//! package's iterators run on) reads what the pump pushes (`Pump::run`, one thread and two):
//! the same games in the same order, the same rejections with the same messages, the same kept
//! oddities, the same counts, and the same error that ends the input. On small inputs the
//! counts are also the ones read off the text by hand.

use std::sync::Arc;

use scoresheet_pgn::pump::{Event, Pulled, Pump, Tally};
use scoresheet_pgn::replay::{Game, GameBuilder, ReplayedGames, Replayer};
use scoresheet_pgn::select::TagExpr;
use scoresheet_pgn::{Noted, ReadOptions, Reader};

use crate::common::data_dir;

/// The converter both paths use: replayed games, oddities counted and kept.
fn games() -> Replayer<Noted<GameBuilder>> {
    Replayer::new(Noted::new(GameBuilder::new()).keep(true))
}

/// What a path gives, in input order: `game: <SAN moves>`, `rejected: <message>`,
/// `oddity: <location>: <what>`; the counts (games in, converted, rejected, not selected,
/// plies, oddities); the error that ended the input.
#[derive(Debug, PartialEq, Eq)]
struct Read {
    items: Vec<String>,
    counts: [u64; 6],
    fatal: Option<String>,
}

fn game(g: &Game) -> String {
    let sans: Vec<_> = g.plies.iter().map(|p| p.san.to_string()).collect();
    format!("game: {}", sans.join(" "))
}

fn counts(t: &Tally) -> [u64; 6] {
    [
        t.games_in(),
        t.converted(),
        t.rejected(),
        t.not_selected(),
        t.plies(),
        t.oddities().total(),
    ]
}

/// With one thread a run is one game of this converter (`Convert::batch_ready`'s default), so
/// a run's events then its game are the pull's order; with more, the chunks' runs hold many
/// games, and only the games' order and the events' order are compared.
fn pushed(data: &[u8], pump: &Pump) -> Read {
    let (mut items, mut tally) = (Vec::new(), Tally::default());
    let result = pump.run(data, games, |batch: &mut Vec<Game>, log| {
        items.extend(log.events().iter().map(|e| match e {
            Event::Rejected(e) => format!("rejected: {e}"),
            Event::Warning(at, what) => format!("oddity: {at}: {what}"),
        }));
        items.extend(batch.drain(..).map(|g| game(&g)));
        tally.add(&log);
        Ok(())
    });
    Read {
        items,
        counts: counts(&tally),
        fatal: result.err().map(|e| e.to_string()),
    }
}

/// The games in order, then the events in order.
fn apart(read: &Read) -> (Vec<&String>, Vec<&String>) {
    read.items.iter().partition(|i| i.starts_with("game: "))
}

fn pulled(data: &[u8], pump: &Pump) -> Read {
    let mut pull = pump.pull(data, games());
    let (mut items, mut fatal) = (Vec::new(), None);
    for item in &mut pull {
        items.push(match item {
            Ok(Pulled::Game(mut batch)) => {
                assert_eq!(batch.len(), 1, "one game an item");
                game(&batch.remove(0))
            }
            Ok(Pulled::Rejected(e)) => format!("rejected: {e}"),
            Ok(Pulled::Oddity(at, what)) => format!("oddity: {at}: {what}"),
            Err(e) => {
                assert!(
                    fatal.is_none(),
                    "an item after the error that ended the input"
                );
                fatal = Some(e.to_string());
                continue;
            }
        });
    }
    Read {
        items,
        counts: counts(pull.tally()),
        fatal,
    }
}

fn utf16(text: &str) -> Vec<u8> {
    [0xff, 0xfe]
        .into_iter()
        .chain(text.bytes().flat_map(|b| [b, 0]))
        .collect()
}

/// An input, its reader settings and tag criteria, the counts read off the text (games in,
/// converted, rejected, not selected, oddities) and whether an error ends the input.
struct Case {
    data: Vec<u8>,
    read: ReadOptions,
    select: Option<&'static str>,
    want: [u64; 5],
    ends: bool,
}

impl Case {
    fn new(data: &[u8], want: [u64; 5]) -> Case {
        Case {
            data: data.to_vec(),
            read: ReadOptions::new(),
            select: None,
            want,
            ends: false,
        }
    }

    fn selection(&self) -> Option<Arc<TagExpr>> {
        let expr = |text| TagExpr::parse(text).expect("an expression");
        self.select.map(|text| Arc::new(expr(text)))
    }

    fn pump(&self, threads: usize) -> Pump {
        Pump::new(threads)
            .chunk_bytes(16)
            .read_options(self.read)
            .select_where(self.selection())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.data[..self.data.len().min(60)]).into_owned()
    }
}

fn cases() -> Vec<Case> {
    let mut big = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"big\"]\n\n".to_vec();
    big.extend(b"1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(1000));
    big.extend(b"*\n\n[Event \"c\"]\n\n1. d4 *\n");
    let good = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n";
    let bad = b"1. e4 e5 *\n\n1. d4 Qxd8 *\n\n[Event \"c\"]\n\n1. c4 *\n";
    let odd = b"% an escaped line\n1. e4 e5\n\n[Event \"x\"]\n\n1. d4 $999999 *\n";
    let bad_and_odd = b"[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 $999999 *\n";
    let three =
        b"[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 *\n\n[White \"A\"]\n\n1. c4 *\n";
    vec![
        Case::new(b"", [0, 0, 0, 0, 0]),
        Case::new(good, [2, 2, 0, 0, 0]),
        // an illegal move in the second game
        Case::new(bad, [3, 2, 1, 0, 0]),
        // an escaped line, a game without result marker, an unknown glyph
        Case::new(odd, [2, 2, 0, 0, 3]),
        // a FEN that does not read, then an unknown glyph in a good game
        Case::new(bad_and_odd, [2, 1, 1, 0, 1]),
        // a game over the size cap, rejected and skipped; the games around it read
        Case {
            read: ReadOptions::new().max_game_bytes(4096),
            ..Case::new(&big, [3, 2, 1, 0, 0])
        },
        // the game whose White is not A left out before its movetext
        Case {
            select: Some("White = \"A\""),
            ..Case::new(three, [3, 2, 0, 1, 0])
        },
        // an input that cannot be read on
        Case {
            ends: true,
            ..Case::new(&utf16("[Event \"x\"]\n\n1. e4 *\n"), [0, 0, 0, 0, 0])
        },
    ]
}

#[test]
fn ok_pull_reads_what_the_pump_pushes_on_good_bad_and_odd_inputs() {
    for case in cases() {
        let text = case.text();
        let pull = pulled(&case.data, &case.pump(1));
        let [games_in, converted, rejected, not_selected, oddities] = case.want;
        let got = pull.counts;
        assert_eq!(
            [got[0], got[1], got[2], got[3], got[5]],
            [games_in, converted, rejected, not_selected, oddities],
            "{text:?}"
        );
        assert_eq!(pull.fatal.is_some(), case.ends, "{text:?}");
        let rejections = pull.items.iter().filter(|i| i.starts_with("rejected: "));
        assert_eq!(rejections.count() as u64, rejected, "{text:?}");
        let kept = pull.items.iter().filter(|i| i.starts_with("oddity: "));
        assert_eq!(kept.count() as u64, oddities, "{text:?}");
        assert_eq!(pull, pushed(&case.data, &case.pump(1)), "{text:?}");
        let two = pushed(&case.data, &case.pump(2));
        assert_eq!(
            (apart(&pull), pull.counts),
            (apart(&two), two.counts),
            "{text:?}"
        );
        assert_eq!(pull.fatal, two.fatal, "{text:?}");
    }
}

#[test]
fn ok_pull_reads_what_the_pump_pushes_on_real_games() {
    let data = std::fs::read(data_dir().join("real_slice.pgn")).expect("real_slice.pgn");
    let pull = pulled(&data, &Pump::new(1));
    assert!(pull.counts[1] > 50, "{} games", pull.counts[1]);
    assert_eq!(pull, pushed(&data, &Pump::new(1)));
    let two = pushed(&data, &Pump::new(2).chunk_bytes(32 << 10));
    assert_eq!((apart(&pull), pull.counts), (apart(&two), two.counts));
}

/// `ReplayedGames` is the pull: the same games and rejections, and its tally is the pull's.
#[test]
fn ok_replayed_games_is_the_pull() {
    for case in cases() {
        let reader = Reader::with_options(&case.data[..], case.read).select_where(case.selection());
        let mut replayed = ReplayedGames::from_reader(reader);
        let mut items = Vec::new();
        for item in replayed.by_ref() {
            items.push(match item {
                Ok(g) => game(&g),
                Err(e) if e.ends_input() => "ended".to_owned(),
                Err(e) => format!("rejected: {e}"),
            });
        }
        let pull = pulled(&case.data, &case.pump(1));
        let mut want: Vec<String> = pull
            .items
            .iter()
            .filter(|i| !i.starts_with("oddity: "))
            .cloned()
            .collect();
        if case.ends {
            want.push("ended".to_owned());
        }
        assert_eq!(items, want, "{}", case.text());
        assert_eq!(counts(replayed.tally()), pull.counts, "{}", case.text());
        assert_eq!(replayed.not_selected(), case.want[3], "{}", case.text());
    }
}

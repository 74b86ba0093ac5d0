//! The check behind the `egd` fuzz target, shared with the corpus replay test: converts every
//! game of the input to EGD three times and compares.
//!
//! 1. [`JsonVisitor`], output taken at the end: must not panic; the output is UTF-8 and holds
//!    one JSON object per converted game (one line each, or an indented object in pretty
//!    mode) with the keys `game_tags` (`Result` first) and `moves` (one member per ply).
//! 2. [`EgdVisitor`]: the same games convert, fail or are unreadable, in the same order, with
//!    the same ply counts; each record serializes with `serde_json` to the same JSON value, and
//!    reads back from the visitor's JSON to itself.
//! 0. Games in = games converted + games reported: the games a visitor that only counts
//!    `begin_game` sees are as many as the results of run 1 (converted, failed or unreadable).
//! 3. [`JsonVisitor`] again, the output emptied after every game (`clear_output`,
//!    `take_output`, `replace_output` in turn): a converted game adds exactly its object, a game
//!    that fails (even part-way, after plies were written) adds nothing, and the pieces put
//!    together are the bytes of run 1. Each piece is also byte for byte what `serde_json`
//!    writes for the record (`to_string` or `to_string_pretty`, then `\n`), as the `egd::json`
//!    module docs promise (key order, escapes, indentation).

use scoresheet_pgn::egd::{DenormalizedGame, EgdOptions, EgdVisitor, JsonVisitor};
use scoresheet_pgn::{BraceNesting, Location, ReadError, ReadOptions, Reader, Visitor};
use serde_json::Value;

/// The game size limit used.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// What became of one game, whichever visitor read it.
#[derive(Debug, Clone, PartialEq)]
enum Fate {
    /// Converted, with this many plies.
    Converted(u32),
    /// Read, but not convertible.
    Failed(String),
    /// A reader error: the message, where, and whether reading stops there.
    Unreadable(String, Location, bool),
}

/// Converts `data` (its first byte also picks the options) and panics on a broken promise.
pub fn check(data: &[u8]) {
    let options = options(data);
    let pretty = data.first().is_some_and(|b| b & 2 != 0);
    let (fates, output, values) = json_taken_at_end(data, options, pretty);
    let records = records_agree(data, options, &fates, &values);
    let (stepped, pieces) = json_emptied_per_game(data, options, pretty);
    assert_eq!(stepped, fates, "the second JSON run reads the same games");
    assert_eq!(
        pieces.concat(),
        output,
        "output emptied per game vs taken at the end"
    );
    pieces_are_serde_json(&pieces, &records, pretty);
}

/// Parts 1 and 0: JSON, taken at the end: each game's fate, the output, its JSON values.
fn json_taken_at_end(
    data: &[u8],
    options: EgdOptions,
    pretty: bool,
) -> (Vec<Fate>, Vec<u8>, Vec<Value>) {
    let mut json = JsonVisitor::new(options);
    let fates = read_all(data, &mut json, |game| match game {
        Ok(plies) => Fate::Converted(plies),
        Err(e) => Fate::Failed(e.to_string()),
    });
    let output = json.take_output();
    // A fatal reader error (a UTF-16 input: slices have no I/O errors) comes before any game.
    let games = fates
        .iter()
        .filter(|fate| !matches!(fate, Fate::Unreadable(_, _, true)))
        .count();
    assert_eq!(
        count_games(data),
        games,
        "games in = games converted + games reported"
    );
    let plies: Vec<u32> = fates
        .iter()
        .filter_map(|fate| match fate {
            Fate::Converted(plies) => Some(*plies),
            _ => None,
        })
        .collect();
    let text = std::str::from_utf8(&output).expect("the JSON output is UTF-8");
    let values = parse_output(text, pretty);
    assert_eq!(
        values.len(),
        plies.len(),
        "one JSON value per converted game"
    );
    for (i, (value, &plies)) in values.iter().zip(&plies).enumerate() {
        check_shape(value, plies, i);
    }
    (fates, output, values)
}

/// Part 2: records, the same fates as JSON's, and the same JSON values; the records.
fn records_agree(
    data: &[u8],
    options: EgdOptions,
    fates: &[Fate],
    values: &[Value],
) -> Vec<DenormalizedGame> {
    let mut records = Vec::new();
    let record_fates = read_all(data, &mut EgdVisitor::new(options), |game| match game {
        Ok(game) => {
            let plies = u32::try_from(game.moves.len()).expect("fewer than 2^32 plies");
            records.push(game);
            Fate::Converted(plies)
        }
        Err(e) => Fate::Failed(e.to_string()),
    });
    assert_eq!(
        record_fates, fates,
        "EgdVisitor and JsonVisitor agree game by game"
    );
    for (i, (record, value)) in records.iter().zip(values).enumerate() {
        assert_eq!(
            record.game_tags.first().map(|(name, _)| name.as_str()),
            Some("Result"),
            "game {i}: Result is the first tag"
        );
        // `serde_json::Value` maps are sorted (no `preserve_order` feature), so this compares
        // keys and values, not key order; key order is compared through the bytes in part 3.
        let serialized = serde_json::to_value(record).expect("a record serializes");
        assert_eq!(&serialized, value, "game {i}: record and JSON differ");
    }
    records
}

/// Part 3: JSON again, emptied after every game (in turn by each way of emptying it): each game's
/// fate and each converted game's piece of output.
fn json_emptied_per_game(
    data: &[u8],
    options: EgdOptions,
    pretty: bool,
) -> (Vec<Fate>, Vec<Vec<u8>>) {
    let mut json = JsonVisitor::new(options);
    let mut pieces: Vec<Vec<u8>> = Vec::new();
    let mut spare = Vec::new();
    let mut game = 0usize;
    let mut reader = Reader::with_options(data, read_options());
    let mut stepped = Vec::new();
    loop {
        let fate = match reader.read_game(&mut json) {
            Ok(None) => break,
            Ok(Some(Ok(plies))) => Fate::Converted(plies),
            Ok(Some(Err(e))) => Fate::Failed(e.to_string()),
            Err(e) => unreadable(&e),
        };
        if let Some(piece) = game_piece(json.output(), &fate, game, pretty) {
            pieces.push(piece);
        }
        match game % 3 {
            0 => json.clear_output(),
            1 => drop(json.take_output()),
            _ => spare = json.replace_output(std::mem::take(&mut spare)),
        }
        assert!(json.output().is_empty(), "emptied output");
        game += 1;
        let stop = matches!(fate, Fate::Unreadable(_, _, true));
        stepped.push(fate);
        if stop {
            break;
        }
    }
    (stepped, pieces)
}

/// The output a game left: a converted game's object (one line unless `pretty`, then a
/// newline), nothing for any other.
fn game_piece(out: &[u8], fate: &Fate, game: usize, pretty: bool) -> Option<Vec<u8>> {
    let Fate::Converted(_) = fate else {
        assert!(out.is_empty(), "game {game} ({fate:?}) left output behind");
        return None;
    };
    assert!(
        out.ends_with(b"\n"),
        "game {game}: output ends with a newline"
    );
    if !pretty {
        let lines = out.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(lines, 1, "game {game}: one line");
    }
    Some(out.to_vec())
}

/// Each game's piece of output is byte for byte what `serde_json` writes for its record, and
/// reads back to it.
fn pieces_are_serde_json(pieces: &[Vec<u8>], records: &[DenormalizedGame], pretty: bool) {
    for (i, (piece, record)) in pieces.iter().zip(records).enumerate() {
        let mut want = match pretty {
            true => serde_json::to_string_pretty(record),
            false => serde_json::to_string(record),
        }
        .expect("a record serializes")
        .into_bytes();
        want.push(b'\n');
        assert_eq!(
            String::from_utf8_lossy(piece),
            String::from_utf8_lossy(&want),
            "game {i}: bytes differ from serde_json's"
        );
        let back = DenormalizedGame::from_json(piece).expect("the JSON reads back as EGD");
        assert_eq!(
            &back, record,
            "game {i}: JSON read back differs from the record"
        );
    }
}

/// Bit 0 of the first byte: extended features; bit 1: pretty JSON.
fn options(data: &[u8]) -> EgdOptions {
    let first = data.first().copied().unwrap_or(0);
    EgdOptions::new()
        .extended(first & 1 != 0)
        .pretty(first & 2 != 0)
}

fn read_options() -> ReadOptions {
    ReadOptions::new()
        .max_game_bytes(MAX_GAME_BYTES)
        .brace_nesting(BraceNesting::Counted)
}

fn unreadable(err: &ReadError) -> Fate {
    Fate::Unreadable(err.to_string(), err.location(), !err.is_recoverable())
}

/// Reads every game with `visitor`, turning each output into a fate with `fate`; stops after
/// an unrecoverable reader error.
fn read_all<V, F>(data: &[u8], visitor: &mut V, mut fate: F) -> Vec<Fate>
where
    V: Visitor,
    F: FnMut(V::Output) -> Fate,
{
    let mut reader = Reader::with_options(data, read_options());
    let mut fates = Vec::new();
    loop {
        match reader.read_game(visitor) {
            Ok(None) => break,
            Ok(Some(output)) => fates.push(fate(output)),
            Err(e) => {
                fates.push(unreadable(&e));
                if !e.is_recoverable() {
                    break;
                }
            }
        }
    }
    fates
}

/// The games of `data` as the reader begins them, with a visitor that reads nothing else.
fn count_games(data: &[u8]) -> usize {
    struct Count(usize);
    impl Visitor for Count {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_game(&mut self, _at: Location) -> std::ops::ControlFlow<()> {
            self.0 += 1;
            std::ops::ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: (), _at: Location) -> std::ops::ControlFlow<()> {
            std::ops::ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: ()) {}
    }
    let mut count = Count(0);
    let mut reader = Reader::with_options(data, read_options());
    loop {
        match reader.read_game(&mut count) {
            Ok(None) => break,
            Ok(Some(())) => {}
            Err(e) if e.is_recoverable() => {}
            Err(_) => break,
        }
    }
    count.0
}

/// The output as JSON values: one per line (compact), or a stream (pretty).
fn parse_output(text: &str, pretty: bool) -> Vec<Value> {
    if text.is_empty() {
        return Vec::new();
    }
    assert!(text.ends_with('\n'), "the output ends with a newline");
    if pretty {
        let values: Result<Vec<Value>, _> = serde_json::Deserializer::from_str(text)
            .into_iter::<Value>()
            .collect();
        return values.expect("the pretty output is a sequence of JSON values");
    }
    text.lines()
        .map(|line| {
            assert!(
                line.starts_with(r#"{"game_tags":{"Result":"#),
                "a line starts with game_tags and Result: {line}"
            );
            serde_json::from_str(line).expect("each line is JSON")
        })
        .collect()
}

/// An EGD game object: `game_tags` (strings) and `moves` (`plies` objects).
fn check_shape(value: &Value, plies: u32, i: usize) {
    let object = value.as_object().expect("a game is a JSON object");
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(keys, ["game_tags", "moves"], "game {i}: keys");
    let tags = object["game_tags"]
        .as_object()
        .expect("game_tags is an object");
    assert!(tags.contains_key("Result"), "game {i}: a Result tag");
    assert!(
        tags.values().all(Value::is_string),
        "game {i}: tag values are strings"
    );
    let moves = object["moves"].as_object().expect("moves is an object");
    assert_eq!(
        moves.len(),
        plies as usize,
        "game {i}: one member of moves per ply"
    );
    assert!(
        moves.values().all(Value::is_object),
        "game {i}: plies are objects"
    );
}

//! Writer round trip: games read from `real_slice.pgn` (110 real games with clock comments,
//! NAGs and nested variations) are written with the [`Writer`] and read again; the token
//! streams must be the same. Two differences are expected by the export format and applied to
//! the first stream before comparing: the tags come out in seven-tag-roster order with defaults,
//! and whitespace inside comments is collapsed (on both sides: long comments are broken across
//! lines).

use std::{fs, ops::ControlFlow};

use scoresheet_pgn::{
    Location, Outcome, RawComment, RawTag, RawToken, Reader, Skip, Visitor, Writer,
};

use crate::common::data_dir;

/// One token of a game as the reader reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Tag(String, String),
    San(String),
    Nag(u16),
    Comment(String),
    Begin,
    End,
    Outcome(Option<Outcome>),
}

/// Records each game's events and, when it holds a writer, copies the game to it.
struct Copy {
    writer: Option<Writer<Vec<u8>>>,
}

impl Copy {
    fn write(&mut self, write: impl FnOnce(&mut Writer<Vec<u8>>) -> std::io::Result<()>) {
        if let Some(writer) = self.writer.as_mut() {
            write(writer).expect("tokens from the reader can be written");
        }
    }
}

type Flow = ControlFlow<Vec<Event>>;

impl Visitor for Copy {
    type Tags = Vec<Event>;
    type Movetext = Vec<Event>;
    type Output = Vec<Event>;

    fn begin_game(&mut self, _at: Location) -> ControlFlow<Vec<Event>, Vec<Event>> {
        self.write(|w| w.begin_game());
        ControlFlow::Continue(Vec::new())
    }
    fn tag(&mut self, events: &mut Vec<Event>, name: &[u8], value: RawTag<'_>) -> Flow {
        let name = String::from_utf8_lossy(name).into_owned();
        let value = value.decode().into_owned();
        self.write(|w| w.tag(&name, &value));
        events.push(Event::Tag(name, value));
        ControlFlow::Continue(())
    }
    fn begin_movetext(
        &mut self,
        events: Vec<Event>,
        _at: Location,
    ) -> ControlFlow<Vec<Event>, Vec<Event>> {
        ControlFlow::Continue(events)
    }
    fn san(&mut self, events: &mut Vec<Event>, san: RawToken<'_>) -> Flow {
        let san = san.decode().into_owned();
        self.write(|w| w.san(&san));
        events.push(Event::San(san));
        ControlFlow::Continue(())
    }
    fn nag(&mut self, events: &mut Vec<Event>, nag: u16, _token: RawToken<'_>) -> Flow {
        self.write(|w| w.nag(nag));
        events.push(Event::Nag(nag));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, events: &mut Vec<Event>, comment: RawComment<'_>) -> Flow {
        let text = comment.decode().into_owned();
        self.write(|w| w.comment(&text));
        events.push(Event::Comment(text));
        ControlFlow::Continue(())
    }
    fn begin_variation(
        &mut self,
        events: &mut Vec<Event>,
        _at: Location,
    ) -> ControlFlow<Vec<Event>, Skip> {
        self.write(|w| w.begin_variation());
        events.push(Event::Begin);
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, events: &mut Vec<Event>, _at: Location) -> Flow {
        self.write(|w| w.end_variation());
        events.push(Event::End);
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        events: &mut Vec<Event>,
        outcome: Option<Outcome>,
        _at: Location,
    ) -> Flow {
        events.push(Event::Outcome(outcome));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, events: Vec<Event>) -> Vec<Event> {
        let outcome = events.iter().rev().find_map(|event| match event {
            Event::Outcome(outcome) => Some(*outcome),
            _ => None,
        });
        self.write(|w| w.end_game(outcome.flatten()));
        events
    }
}

fn read(bytes: &[u8], writer: Option<Writer<Vec<u8>>>) -> (Vec<Vec<Event>>, Option<Vec<u8>>) {
    let mut copy = Copy { writer };
    let mut reader = Reader::new(bytes);
    let games = reader
        .games(&mut copy)
        .map(|game| game.expect("no read error"))
        .collect();
    let written = copy
        .writer
        .take()
        .map(|writer| writer.into_inner().expect("in memory"));
    (games, written)
}

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// What the writer should make of a game's events.
fn exported(events: &[Event]) -> Vec<Event> {
    let tags: Vec<(&str, &str)> = events
        .iter()
        .filter_map(|event| match event {
            Event::Tag(name, value) => Some((name.as_str(), value.as_str())),
            _ => None,
        })
        .collect();
    let value = |name: &str, default: &str| {
        let found = tags.iter().rev().find(|(n, _)| *n == name);
        found
            .map_or(default, |(_, v)| v)
            .replace(char::is_control, " ")
    };
    let mut out: Vec<Event> = ROSTER
        .iter()
        .map(|(name, default)| Event::Tag(name.to_string(), value(name, default)))
        .collect();
    for (name, v) in tags
        .iter()
        .filter(|(n, _)| !ROSTER.iter().any(|(r, _)| r == n))
    {
        out.push(Event::Tag(
            name.to_string(),
            v.replace(char::is_control, " "),
        ));
    }
    let movetext: Vec<Event> = events
        .iter()
        .filter(|event| !matches!(event, Event::Tag(..)))
        .cloned()
        .collect();
    out.extend(collapse(&movetext));
    out
}

/// The events with whitespace runs in comments collapsed to one space (the writer collapses
/// them and breaks long comments across lines).
fn collapse(events: &[Event]) -> Vec<Event> {
    let collapse = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    events
        .iter()
        .map(|event| match event {
            Event::Comment(text) => Event::Comment(collapse(text)),
            other => other.clone(),
        })
        .collect()
}

#[test]
fn ok_writer_round_trip() {
    let bytes = fs::read(data_dir().join("real_slice.pgn")).expect("test data present");
    let (games, written) = read(&bytes, Some(Writer::new(Vec::new())));
    let written = written.expect("a writer was given");
    let (again, _) = read(&written, None);
    assert_eq!(games.len(), 110);
    assert_eq!(again.len(), games.len());
    let variations = games
        .iter()
        .flatten()
        .filter(|e| **e == Event::Begin)
        .count();
    assert!(variations > 100, "the slice has variations: {variations}");
    for (i, (game, again)) in games.iter().zip(&again).enumerate() {
        assert_eq!(exported(game), collapse(again), "game {}", i + 1);
    }
    let text = String::from_utf8(written).expect("the slice is UTF-8");
    // Tag lines are not wrapped; in movetext only a `;` comment or a single overlong word may
    // make a line longer than 80 bytes.
    let long = text
        .lines()
        .filter(|line| line.len() > 80 && !line.starts_with('['));
    for line in long {
        let one_token = !line.contains(' ') || line.contains(';');
        assert!(one_token, "a line of {} bytes: {line}", line.len());
    }
}

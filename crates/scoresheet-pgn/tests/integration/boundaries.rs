//! Where games begin and end, rule by rule as the `reader` module docs state them: one test per
//! rule, each a table of hand-written inputs and the games (and the text between games) read
//! from them.
//!
//! Each input reads as a list of entries: a game as `[Name=value]` tags, then its tokens in
//! file order (moves, `{}` comments, `$n` NAGs, `(` `)`, the result) and `!Kind` oddities; an
//! oddity between games as its own `!Kind` entry; a game that failed as `error Kind@line:column`.

use std::ops::ControlFlow;

use scoresheet_pgn::{
    Location, Oddity, Outcome, RawComment, RawTag, RawToken, ReadOptions, Reader, Skip, Visitor,
};

use crate::fuzz_replay::read;

/// Writes each game as one line of words; oddities between games are kept apart.
#[derive(Default)]
struct Log {
    between: Vec<String>,
    game: Option<Vec<String>>,
    /// Asks the reader to skip variations (as EGD does), logged as `(skipped`.
    skip_variations: bool,
}

impl Log {
    fn push(&mut self, word: String) {
        match &mut self.game {
            Some(game) => game.push(word),
            None => self.between.push(word),
        }
    }
}

impl Visitor for Log {
    type Tags = ();
    type Movetext = ();
    type Output = String;

    fn begin_game(&mut self, _at: Location) -> ControlFlow<String> {
        self.game = Some(Vec::new());
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<String> {
        let name = String::from_utf8_lossy(name);
        self.push(format!("[{name}={}]", value.decode()));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: (), _at: Location) -> ControlFlow<String> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), san: RawToken<'_>) -> ControlFlow<String> {
        self.push(san.decode().into_owned());
        ControlFlow::Continue(())
    }
    fn nag(&mut self, _: &mut (), nag: u16, _: RawToken<'_>) -> ControlFlow<String> {
        self.push(format!("${nag}"));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<String> {
        self.push("{}".into());
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut (), _: Location) -> ControlFlow<String, Skip> {
        let skip = self.skip_variations;
        self.push(if skip { "(skipped" } else { "(" }.into());
        ControlFlow::Continue(Skip(skip))
    }
    fn end_variation(&mut self, _: &mut (), _: Location) -> ControlFlow<String> {
        self.push(")".into());
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        _: &mut (),
        outcome: Option<Outcome>,
        _: Location,
    ) -> ControlFlow<String> {
        self.push(outcome.map_or("*", Outcome::as_str).into());
        ControlFlow::Continue(())
    }
    fn oddity(&mut self, oddity: Oddity<'_>) {
        self.push(format!("!{:?}", oddity.kind()));
    }
    fn end_game(&mut self, _: ()) -> String {
        self.game.take().unwrap_or_default().join(" ")
    }
}

/// The entries read from `pgn` (see the module docs).
fn entries_with(pgn: &[u8], options: ReadOptions) -> Vec<String> {
    entries_of(pgn, options, Log::default())
}

fn entries_of(pgn: &[u8], options: ReadOptions, mut log: Log) -> Vec<String> {
    let mut reader = Reader::with_options(pgn, options);
    let mut entries = Vec::new();
    loop {
        let game = reader.read_game(&mut log);
        entries.append(&mut log.between);
        match game {
            Ok(Some(game)) => entries.push(game),
            Ok(None) => break,
            Err(err) => {
                log.game = None;
                let at = err.location();
                entries.push(format!("error {:?}@{}:{}", err.kind(), at.line, at.column));
                if !err.is_recoverable() {
                    break;
                }
            }
        }
    }
    entries.append(&mut log.between);
    entries
}

fn entries(pgn: &[u8]) -> Vec<String> {
    entries_with(pgn, ReadOptions::new())
}

type Case = (&'static str, &'static [&'static str]);

fn check(rule: &str, cases: &[Case]) {
    for (pgn, want) in cases {
        assert_eq!(entries(pgn.as_bytes()), *want, "{rule}: {pgn:?}");
    }
}

#[test]
fn ok_rule_1_game_is_tags_plus_movetext() {
    check(
        "rule 1",
        &[
            ("[Event \"x\"]\n\n1. e4 e5 *\n", &["[Event=x] e4 e5 *"]),
            ("1. e4 e5 1-0\n", &["e4 e5 1-0"]),
            (
                "[Event \"x\"]\n[Site \"y\"]\n1. e4 *\n\n[Event \"z\"]\n\n1. d4 *",
                &["[Event=x] [Site=y] e4 *", "[Event=z] d4 *"],
            ),
        ],
    );
}

#[test]
fn ok_rule_2_bare_moves_are_a_game() {
    check(
        "rule 2",
        &[
            ("e4 e5 Nf3 Nc6", &["e4 e5 Nf3 Nc6 !MissingResult"]),
            ("e4 e5 Nf3 Nc6\n", &["e4 e5 Nf3 Nc6 !MissingResult"]),
            ("\ne2e4 d7d5\ne4d5\n", &["e2e4 d7d5 e4d5 !MissingResult"]),
            ("O-O-O !! 0-0-0# ??", &["O-O-O $3 0-0-0# $4 !MissingResult"]),
            ("Nf3 d5 Ng1-f3", &["Nf3 d5 Ng1-f3 !MissingResult"]),
            (
                "e4 e5\n\nd4 d5\n\nc4 c5\n",
                &[
                    "e4 e5 !MissingResult",
                    "d4 d5 !MissingResult",
                    "c4 c5 !MissingResult",
                ],
            ),
            ("e4 e5\n\n1. d4 *", &["e4 e5 !MissingResult", "d4 *"]),
            ("1. e4 e5\n\n1.d4 *", &["e4 e5 !MissingResult", "d4 *"]),
            ("1. e4 e5\n\n2. Nf3 Nc6 *", &["e4 e5 Nf3 Nc6 *"]),
            ("1. e4 e5\n\n 2. ... Nc6\n\n1-0", &["e4 e5 !MoveNumberForm Nc6 1-0"]),
            ("1. e4\n\n(1. d4)\n\n1... e5 *", &["e4 ( d4 ) e5 *"]),
            (
                "[Event \"x\"]\n{ by an engine }\n\n 1. e4 e5\n\n 2. ... Nc6\n\n[Event \"y\"]\n1. d4 *",
                &["[Event=x] {} e4 e5 !MoveNumberForm Nc6 !MissingResult", "[Event=y] d4 *"],
            ),
            (
                "Generated by SomeTool 2.1\n\n1. e4 *",
                &["!TextBeforeGame", "e4 *"],
            ),
            (
                "Played at the club\n\ne4 e5 *",
                &["!TextBeforeGame", "e4 e5 *"],
            ),
        ],
    );
}

#[test]
fn ok_rule_3_tags_without_movetext_are_a_game() {
    let results = "[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"A\"]\n[Result \"0-1\"]\n\n\
                   [Event \"A\"]\n[Result \"*\"]\n";
    check(
        "rule 3",
        &[
            (
                results,
                &[
                    "[Event=A] [Result=1-0] !MissingResult",
                    "[Event=A] [Result=0-1] !MissingResult",
                    "[Event=A] [Result=*] !MissingResult",
                ],
            ),
            (
                "\n[Event \"A\"]\n\n\n[Event \"B\"]\n",
                &["[Event=A] !MissingResult", "[Event=B] !MissingResult"],
            ),
            (
                "[Round \"1\"]\n[White \"a\"]\n\n[Round \"2\"]\n\n1. e4 *",
                &["[Round=1] [White=a] !MissingResult", "[Round=2] e4 *"],
            ),
            // A blank line before a tag the section does not hold yet: one section.
            (
                "[Event \"A\"]\n\n[Date \"2017\"]\n[Round \"1\"]\n\n1. e4 *",
                &["[Event=A] !BlankLineInTags [Date=2017] [Round=1] e4 *"],
            ),
            // No blank line: one section, repeated names and all.
            (
                "[Event \"A\"]\n[Event \"B\"]\n\n1. e4 *",
                &["[Event=A] [Event=B] e4 *"],
            ),
        ],
    );
}

/// Hands out one byte per read, so that the reader refills its buffer inside tag sections.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), out.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn ok_rule_3_tag_sections_across_refills() {
    let mut pgn = String::new();
    for round in 0..300 {
        pgn.push_str(&format!("[Round \"{round}\"]\n[White \"a\"]\n\n"));
    }
    pgn.push_str(&format!(
        "[Round \"{}\"]\n\n[Site \"b\"]\n\n1. e4 *",
        "x".repeat(70_000)
    ));
    let mut reader = Reader::new(Trickle(pgn.as_bytes()));
    let mut log = Log::default();
    let games: Vec<String> = reader
        .games(&mut log)
        .map(|game| game.expect("no error"))
        .collect();
    assert_eq!(games.len(), 301);
    assert_eq!(games[299], "[Round=299] [White=a] !MissingResult");
    assert!(games[300].ends_with("!BlankLineInTags [Site=b] e4 *"));
}

#[test]
fn ok_rule_4_comments_between_tags_and_moves_belong_to_the_game() {
    check(
        "rule 4",
        &[
            (
                "[Event \"x\"]\n\n{ A game comment }\n\n1. e4 e5 *",
                &["[Event=x] {} e4 e5 *"],
            ),
            (
                "[Event \"x\"]\n\n; a line comment\n\n\n1. e4 *",
                &["[Event=x] {} e4 *"],
            ),
            ("{ intro }\n\n1. e4 *", &["{} e4 *"]),
            (
                "[Event \"x\"]\n\n{ a }\n\n{ b }\n\ne4 *",
                &["[Event=x] {} {} e4 *"],
            ),
            // Once there is a move, a blank line and a move number end the game.
            ("1. e4 { a }\n\n1. d4 *", &["e4 {} !MissingResult", "d4 *"]),
        ],
    );
}

#[test]
fn ok_rule_5_text_that_is_no_game() {
    check(
        "rule 5",
        &[
            (
                "[pgn]\n[White \"a\"]\n\n1. e4 *\n[/pgn]\n",
                &["!NotAGame", "[White=a] e4 *", "!NotAGame"],
            ),
            (
                "[pgn]\n1. e4 e5\n[/pgn]\n\n[pgn]\n1. d4 *\n[/pgn]",
                &[
                    "!NotAGame",
                    "e4 e5 !MissingResult",
                    "!NotAGame",
                    "!NotAGame",
                    "d4 *",
                    "!NotAGame",
                ],
            ),
            (
                "1. e4 1-0\n; Game 1: white wins\n; { adjudicated }\n",
                &["e4 1-0", "!NotAGame"],
            ),
            (
                "1. e4 *\n{ after the game }\n\n[Event \"b\"]\n\n1. d4 *",
                &["e4 *", "!NotAGame", "[Event=b] d4 *"],
            ),
            ("1. e4 *\n{ before }\n1. d4 *", &["e4 *", "{} d4 *"]),
            // Not on its own line: a tag without value, reported.
            ("[pgn] 1. e4 *", &["[pgn=] !UnquotedTagValue e4 *"]),
        ],
    );
}

#[test]
fn ok_rule_6_result_ends_game_on_its_line() {
    check(
        "rule 6",
        &[
            (
                "1. e4 e5 * 1. d4 d5 * 1. c4 *",
                &["e4 e5 *", "d4 d5 *", "c4 *"],
            ),
            ("1. e4 1-0 { won } 2. d4 0-1", &["e4 1-0 {}", "d4 0-1"]),
            ("1. e4 * Nf3 *", &["e4 *", "Nf3 *"]),
            (
                "1. e4 * $1 ) ? *",
                &["e4 * !AfterResult !AfterResult !AfterResult !AfterResult"],
            ),
            // Null moves with check and mate signs, as pgn-reader reads them: `--+` is no
            // result marker (`+--` still is, and nothing starts after it on its line).
            (
                "-- Z0 --+ Z0+ --# Z0#",
                &["-- Z0 --+ Z0+ --# Z0# !MissingResult"],
            ),
            ("--+! --!? Z0+!", &["--+ $1 -- $5 Z0+ $1 !MissingResult"]),
            (
                "1. e4 +-- 2. d4",
                &["e4 1-0 !NonstandardResult !AfterResult !AfterResult"],
            ),
        ],
    );
}

/// The oddities of a game do not depend on whether the visitor replays its variations or has
/// the reader skip them: a variation the game ends inside is reported either way.
#[test]
fn ok_oddities_alike_with_variations_skipped() {
    let oddities = |pgn: &str, skip_variations: bool| -> Vec<Vec<String>> {
        let log = Log {
            skip_variations,
            ..Log::default()
        };
        entries_of(pgn.as_bytes(), ReadOptions::new(), log)
            .iter()
            .map(|entry| {
                let words = entry.split(' ').filter(|w| w.starts_with('!'));
                words.map(str::to_owned).collect()
            })
            .collect()
    };
    let cases: [(&str, &[&str]); 6] = [
        ("1. e4 ((( e5 *", &["!UnclosedVariation"]),
        ("1. e4 ( e5", &["!UnclosedVariation", "!MissingResult"]),
        ("1. e4 (1. d4 (1. c4) *", &["!UnclosedVariation"]),
        ("1. e4 (1. d4) *", &[]),
        (
            "1. e4 (1. d4 $999) ) *",
            &["!UnknownGlyph", "!UnmatchedCloseParen"],
        ),
        (
            "1. e4 (1. d4\n\n[Event \"b\"]\n1. c4 *",
            &["!UnclosedVariation", "!MissingResult"],
        ),
    ];
    for (pgn, want) in cases {
        let replayed = oddities(pgn, false);
        assert_eq!(replayed[0], *want, "{pgn:?}");
        assert_eq!(
            oddities(pgn, true),
            replayed,
            "{pgn:?}: skipping variations"
        );
    }
}

#[test]
fn ok_rule_6_one_line_of_many_games() {
    let pgn = "1. e4 e5 2. Nf3 * ".repeat(20_000);
    let options = ReadOptions::new().max_game_bytes(1000);
    let games = entries_with(pgn.as_bytes(), options);
    assert_eq!(games.len(), 20_000);
    assert!(games.iter().all(|game| game == "e4 e5 Nf3 *"));
}

#[test]
fn ok_rule_7_byte_order_mark_at_line_start() {
    check(
        "rule 7",
        &[
            ("\u{feff}[Event \"a\"]\n\n1. e4 *", &["[Event=a] e4 *"]),
            (
                "\n\u{feff}[Event \"a\"]\n\n1. e4 *",
                &["!ByteOrderMark", "[Event=a] e4 *"],
            ),
            (
                "1. e4 *\n\u{feff}[Event \"b\"]\n\n1. d4 *",
                &["e4 *", "!ByteOrderMark", "[Event=b] d4 *"],
            ),
            (
                "[Event \"a\"]\n\u{feff}[Site \"b\"]\n\n1. e4 *",
                &["[Event=a] !ByteOrderMark [Site=b] e4 *"],
            ),
            (
                "1. e4 e5\n\u{feff}[Event \"b\"]\n\n1. d4 *",
                &["e4 e5 !ByteOrderMark !MissingResult", "[Event=b] d4 *"],
            ),
            (
                "1. e4 \u{feff}e5 \u{feff} *",
                &["e4 !ByteOrderMark e5 !ByteOrderMark *"],
            ),
        ],
    );
}

#[test]
fn err_rule_8_unterminated_comment() {
    check(
        "rule 8",
        &[
            (
                "[Event \"a\"]\n\n1. e4 { open\n\n[Event \"b\"]\n\n1. d4 *",
                &["error UnterminatedComment@3:7", "[Event=b] d4 *"],
            ),
            (
                "1. e4 { open\r\nstill open\r\n\r\n[Event \"b\"]\r\n1. d4 *",
                &["error UnterminatedComment@1:7", "[Event=b] d4 *"],
            ),
            ("1. e4 e5 { open", &["error UnterminatedComment@1:10"]),
            (
                "1. e4 *\n{ open\n\n[Event \"b\"]\n\n1. d4 *",
                &["e4 *", "error UnterminatedComment@2:1", "[Event=b] d4 *"],
            ),
            // A blank line inside a comment is fine when no tag line follows it.
            ("1. e4 { a\n\nb } e5 *", &["e4 {} e5 *"]),
            ("1. e4 { a\n\n  more [%clk] } e5 *", &["e4 {} e5 *"]),
        ],
    );
}

#[test]
fn err_rule_8_line_numbers_after_cut_comment() {
    let pgn = b"1. e4 { open\nline 2\n\n[Event \"b\"]\n\n1. d4 *";
    let mut reader = Reader::new(&pgn[..]);
    let mut log = Log::default();
    let err = reader.read_game(&mut log).expect_err("unterminated");
    assert_eq!(err.location().line, 1);
    assert!(err.is_recoverable());
    assert_eq!(
        err.to_string(),
        "pgn: game 1 (from line 1), line 1, column 7: expected `}` closing this comment before the next game's tags or the end of the input"
    );
    assert!(reader.read_game(&mut log).expect("next game").is_some());
    assert_eq!(reader.location().line, 6);
}

#[test]
fn ok_rule_9_parenthesis_before_first_move() {
    check(
        "rule 9",
        &[
            (
                "((( 1. c4 *",
                &["!VariationBeforeFirstMove !VariationBeforeFirstMove !VariationBeforeFirstMove c4 *"],
            ),
            (
                "1. e4 ((( e5 *",
                &["e4 ( ( ( e5 * !UnclosedVariation ) ) )"],
            ),
            (
                "{ a } ( 1. e4 ) e5 *",
                &["{} !VariationBeforeFirstMove e4 !UnmatchedCloseParen e5 *"],
            ),
        ],
    );
}

#[test]
fn ok_rule_10_lenient_repairs() {
    check(
        "rule 10",
        &[
            ("1. e4 1\u{2013}0", &["e4 1-0 !NonstandardResult"]),
            ("1. e4 0\u{2014}1", &["e4 0-1 !NonstandardResult"]),
            (
                "1. e4 \u{bd}\u{2013}\u{bd}",
                &["e4 1/2-1/2 !NonstandardResult"],
            ),
            ("1. e4 1/2\u{2212}1/2", &["e4 1/2-1/2 !NonstandardResult"]),
            (
                "1. e4 $256 $99999 $255 *",
                &["e4 !UnknownGlyph !UnknownGlyph $255 *"],
            ),
            (
                "[Event \"C:\\\"]\n\n1. e4 *",
                &["[Event=C:] !BackslashEndsTagValue e4 *"],
            ),
            (
                "[Event \"say \\\"hi\\\"\"]\n1. e4 *",
                &["[Event=say \"hi\"] e4 *"],
            ),
        ],
    );
}

/// Pieces of the inputs above, shuffled together: the fuzz target's promises (no panic, bounded
/// buffer, games in are games returned) hold on every mixture.
#[test]
fn ok_fragment_mixtures_keep_the_read_promises() {
    const FRAGMENTS: [&[u8]; 24] = [
        b"[Event \"A\"]\n",
        b"[Result \"1-0\"]\n",
        b"\n",
        b"\n\n",
        b"1. e4 ",
        b"e5 Nf3 ",
        b"e2e4 ",
        b"O-O ",
        b"* ",
        b"1-0",
        b"--+ ",
        b"{ comment }",
        b"{ open ",
        b"; line\n",
        b"((( ",
        b") ",
        b"[pgn]\n",
        b"[/pgn]",
        b"\xef\xbb\xbf",
        b"1\xe2\x80\x930 ",
        b"$256 $3 ",
        b"[Event \"C:\\\"]\n",
        b"Generated by SomeTool 2.1",
        b"\r\n",
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let mut pgn = Vec::new();
        for _ in 0..next() % 40 {
            pgn.extend_from_slice(FRAGMENTS[(next() % 24) as usize]);
        }
        read::check(&pgn);
    }
}

//! Issue 5: move vocabularies. Counts and order, every witness checked with the real code,
//! token ids, and the comparison with the published lists.

use std::collections::{BTreeMap, BTreeSet};

use scoresheet::eran::{EnPassantForm, EranForm, EranPrinter};
use scoresheet::lan::Lan;
use scoresheet::san::{San, SanPlus};
use scoresheet::uci::UciMove;
use scoresheet::vocab::{self, Impossible, Vocabulary};
use scoresheet::{CastlingMode, Position, Square};

use crate::support::read;

fn lines(name: &str) -> Vec<String> {
    read(name).lines().map(str::to_string).collect()
}

#[test]
fn issue_5_counts_order_and_ends() {
    let cases = [
        (Vocabulary::San, 9_758, "a2", "hxg8=R"),
        (Vocabulary::SanWithSymbols, 28_938, "a2", "hxg8=R+"),
        (Vocabulary::Uci, 1_968, "a1a2", "h7h8r"),
        (Vocabulary::Lan, 7_750, "O-O", "h7xg8=R"),
        (Vocabulary::LanWithSymbols, 22_994, "O-O", "h7xg8=R+"),
        // LAN's 7,750 moves plus `en-passant`. Verbose: the shortest are 10 bytes (`King a1-a2`,
        // `en-passant`; upper case sorts first), the longest 19 (`... ->Knight`/`->Bishop`).
        // Short: `ck` < `cq` < `ep` first, `P h7xg8 >R` last (R is the largest letter).
        (Vocabulary::Eran, 7_751, "King a1-a2", "Pawn h7xg8 ->Knight"),
        (Vocabulary::EranShort, 7_751, "ck", "P h7xg8 >R"),
    ];
    for (v, len, first, last) in cases {
        let all: Vec<&str> = v.strings().collect();
        assert_eq!(all.len(), len, "{}", v.name());
        assert_eq!(v.len(), len);
        assert_eq!(all.first().copied(), Some(first), "{}", v.name());
        assert_eq!(all.last().copied(), Some(last), "{}", v.name());
        for pair in all.windows(2) {
            let key = |s: &str| (s.len(), s.as_bytes().to_vec());
            assert!(key(pair[0]) < key(pair[1]), "{}: {pair:?}", v.name());
        }
    }
}

/// Re-checks a witness from its text: the FEN parses strictly into a legal position, the UCI
/// move is legal there, and the notation writes exactly `s`.
fn check_witness(v: Vocabulary, s: &str) {
    let w = v
        .witness(s)
        .unwrap_or_else(|| panic!("{}: no witness for {s}", v.name()));
    let pos = Position::from_fen(&w.fen(), CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{s}: witness FEN {} rejected: {e}", w.fen()));
    let mv = w
        .uci()
        .to_move(&pos)
        .unwrap_or_else(|e| panic!("{s}: {} illegal in {}: {e}", w.uci(), w.fen()));
    let written = match v {
        Vocabulary::San | Vocabulary::SanWithSymbols => SanPlus::from_move(&pos, mv).to_string(),
        Vocabulary::Lan | Vocabulary::LanWithSymbols => Lan::from_move(&pos, mv).to_string(),
        Vocabulary::Uci => UciMove::from_move(&pos, mv).to_string(),
        Vocabulary::Eran | Vocabulary::EranShort => {
            let form = match v {
                Vocabulary::Eran => EranForm::Verbose,
                _ => EranForm::Short,
            };
            let special = EranPrinter::new().form(form);
            let regular = special.en_passant(EnPassantForm::Capture);
            // `en-passant`/`ep` is the special form; every other string the regular one.
            match s {
                "en-passant" | "ep" => special.move_to_string(&pos, mv),
                _ => regular.move_to_string(&pos, mv),
            }
        }
    };
    assert_eq!(written, s, "witness {} {}", w.fen(), w.uci());
}

#[test]
fn issue_5_every_san_witness() {
    for v in [Vocabulary::San, Vocabulary::SanWithSymbols] {
        v.strings().for_each(|s| check_witness(v, s));
    }
}

#[test]
fn issue_5_every_uci_lan_and_eran_witness() {
    for v in [
        Vocabulary::Uci,
        Vocabulary::Lan,
        Vocabulary::LanWithSymbols,
        Vocabulary::Eran,
        Vocabulary::EranShort,
    ] {
        v.strings().for_each(|s| check_witness(v, s));
    }
}

#[test]
fn issue_5_token_ids_dense_and_round_trip() {
    for v in Vocabulary::ALL {
        for (id, s) in v.strings().enumerate() {
            let id = u32::try_from(id).expect("small vocabulary");
            assert_eq!(vocab::token_id(v, s), Some(id), "{}: {s}", v.name());
            assert_eq!(vocab::token_str(v, id), Some(s));
        }
        let len = u32::try_from(v.len()).expect("small vocabulary");
        assert_eq!(vocab::token_str(v, len), None);
        for bad in ["", "Q1b8", "e2e4e", "a7a8k", "a2a2", "Kg1-e1", "e9", "xx"] {
            assert_eq!(vocab::token_id(v, bad), None, "{}: {bad}", v.name());
        }
    }
}

/// The id of a typed SAN move is the id of its text, for every string of `san+` (with an
/// annotation too, which the id ignores), and none for a move no string writes.
#[test]
fn issue_24_san_move_id_is_the_token_id() {
    let v = Vocabulary::SanWithSymbols;
    for (id, s) in v.strings().enumerate() {
        let san = SanPlus::from_ascii(s.as_bytes()).expect("vocabulary SAN parses");
        let id = u32::try_from(id).expect("small vocabulary");
        assert_eq!(Vocabulary::san_move_id(&san), Some(id), "{s}");
        let noted = SanPlus::from_ascii(format!("{s}!?").as_bytes()).expect("annotated");
        assert_eq!(Vocabulary::san_move_id(&noted), Some(id), "{s}!?");
    }
    for outside in ["Nb1b3", "Kc1d1", "Bb1b2"] {
        let san = SanPlus::from_ascii(outside.as_bytes()).expect("well-formed SAN");
        assert_eq!(Vocabulary::san_move_id(&san), None, "{outside}");
        assert_eq!(v.token_id(&san.to_string()), None, "{outside}");
    }
    let null = SanPlus {
        san: San::Null,
        suffix: None,
        annotation: None,
    };
    assert_eq!(Vocabulary::san_move_id(&null), None);
}

#[test]
fn issue_5_san_equals_published_list() {
    let published: BTreeSet<String> = lines("san-strings/san_strings.txt").into_iter().collect();
    let ours: BTreeSet<String> = Vocabulary::San.strings().map(str::to_string).collect();
    assert_eq!(published.len(), 9_758);
    assert_eq!(ours, published);
    // Same order too: the published list is sorted by (length, string).
    let in_order = lines("san-strings/san_strings.txt");
    assert!(in_order
        .iter()
        .map(String::as_str)
        .eq(Vocabulary::San.strings()));
}

#[test]
fn issue_5_legacy_only_strings_are_impossible() {
    let legacy: BTreeSet<String> = lines("san-strings/legacy_d5240b4/san_strings.txt")
        .into_iter()
        .collect();
    let removed: BTreeSet<String> =
        lines("san-strings/legacy_d5240b4/removed_in_revamp_f10d043.txt")
            .into_iter()
            .collect();
    let ours: BTreeSet<String> = Vocabulary::San.strings().map(str::to_string).collect();
    assert_eq!(legacy.len(), 10_158);
    let legacy_only: BTreeSet<String> = legacy.difference(&ours).cloned().collect();
    assert_eq!(legacy_only, removed);
    assert!(ours.is_subset(&legacy));
    let mut by_reason: BTreeMap<Impossible, Vec<String>> = BTreeMap::new();
    for s in &legacy_only {
        let san: San = s.parse().expect("legacy strings are well-formed SAN");
        let reason = vocab::impossibility(&san).expect("legacy-only string never occurs");
        by_reason.entry(reason).or_default().push(s.clone());
    }
    // All 400 are queens moving along a file or rank, whose other squares on that line are
    // all on the mover's own ray: no rival can share that line, so one coordinate always
    // suffices. 48 are written with a rank (`Q1b8`: the file suffices), 352 with a full
    // square (`Qa1a8`, `Qa1h1`: the file, or the rank, suffices).
    let counts: Vec<(Impossible, usize)> = by_reason.iter().map(|(r, v)| (*r, v.len())).collect();
    assert_eq!(
        counts,
        [
            (Impossible::NoRivalOnFile, 48),
            (Impossible::NoRivalPair, 352)
        ]
    );
    for s in &legacy_only {
        let Ok(San::Normal {
            role,
            file,
            rank,
            to,
            ..
        }) = s.parse::<San>()
        else {
            panic!("{s} is a piece move");
        };
        assert_eq!(role, scoresheet::Role::Queen, "{s}");
        if let (Some(file), Some(rank)) = (file, rank) {
            assert!(
                file == to.file() || rank == to.rank(),
                "{s} moves along a file or rank"
            );
        }
    }
    // The with-symbols legacy list is the same strings three times.
    let legacy_symbols = lines("san-strings/legacy_d5240b4/san_strings_with_symbols.txt");
    assert_eq!(legacy_symbols.len(), 3 * 10_158);
}

/// The SAN strings (without suffix) that the published with-symbols list has with `+` and
/// `#` but that can never give check: a rook, bishop or queen whose every origin (given the
/// rivals its disambiguation needs) sits where no enemy king can be checked. Every one has
/// no spec passing the necessary condition `may_check`; the witnesses cover the rest.
#[test]
fn issue_5_with_symbols_differences_from_published() {
    let published: BTreeSet<String> = lines("san-strings/san_strings_with_symbols.txt")
        .into_iter()
        .collect();
    assert_eq!(published.len(), 29_274);
    let ours: BTreeSet<String> = Vocabulary::SanWithSymbols
        .strings()
        .map(str::to_string)
        .collect();
    assert!(ours.is_subset(&published));
    let missing: BTreeSet<String> = published.difference(&ours).cloned().collect();
    assert_eq!(missing.len(), 336);
    let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &missing {
        let base = &s[..s.len() - 1];
        assert!(ours.contains(base), "{base} itself occurs");
        let group = match base.as_bytes()[0] {
            b'R' => "rook to a corner-file edge square, file disambiguated",
            b'B' => "bishop from a corner along the long diagonal",
            b'Q' => "queen with a square disambiguation or from a long diagonal",
            _ => "other",
        };
        *groups.entry(group).or_default() += 1;
    }
    assert_eq!(groups.get("other"), None, "{groups:?}");
    assert_eq!(groups.values().sum::<usize>(), 336, "{groups:?}");
}

#[test]
fn issue_5_uci_equals_the_1968_action_space() {
    // Built the way published chess transformers build it: queen and knight moves from every
    // square, then promotions (straight and capturing, ranks 2->1 and 7->8) to q, r, b, n.
    let mut space = BTreeSet::new();
    for from in Square::ALL {
        let targets = cozy_chess::get_rook_rays(from)
            | cozy_chess::get_bishop_rays(from)
            | cozy_chess::get_knight_moves(from);
        for to in targets {
            space.insert(format!("{from}{to}"));
        }
    }
    for (rank, next) in [('2', '1'), ('7', '8')] {
        for f in b'a'..=b'h' {
            for g in [f.wrapping_sub(1), f, f + 1] {
                if (b'a'..=b'h').contains(&g) {
                    for p in ['q', 'r', 'b', 'n'] {
                        space.insert(format!("{}{rank}{}{next}{p}", f as char, g as char));
                    }
                }
            }
        }
    }
    assert_eq!(space.len(), 1_968);
    let ours: BTreeSet<String> = Vocabulary::Uci.strings().map(str::to_string).collect();
    assert_eq!(ours, space);
}

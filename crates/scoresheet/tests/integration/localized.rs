//! Localized and figurine SAN against their data: the compiled-in piece-letter table equals
//! `tests/data/localized/piece_letters.tsv` (which notes the source of each row), and the move
//! lists of `tests/data/localized/games.tsv` (from the sources it names) read as their SAN.

use scoresheet::figurine::FigurineSan;
use scoresheet::localized::{Lang, LocalizedSan};
use scoresheet::san::SanPlus;
use scoresheet::{Position, Role};

use crate::support::read;

/// The data rows of a TSV file: comments and the header skipped.
fn rows(name: &str) -> Vec<Vec<String>> {
    read(name)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

#[test]
fn ok_table_matches_the_data_file() {
    let rows = rows("localized/piece_letters.tsv");
    assert_eq!(rows.len(), Lang::ALL.len());
    for (row, lang) in rows.iter().zip(Lang::ALL) {
        assert_eq!(
            (row[0].as_str(), row[1].as_str()),
            (lang.code(), lang.name())
        );
        let roles = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for (column, role) in row[2..8].iter().zip(roles) {
            assert_eq!(column, lang.letter(role), "{lang} {role:?}");
        }
        let alternates: Vec<String> = lang
            .alternates()
            .iter()
            .map(|(letter, role)| format!("{letter}={}", role.upper_char()))
            .collect();
        assert_eq!(row[8], alternates.join(" "), "{lang}");
        assert!(!row[9].is_empty(), "{lang}: a source");
    }
    assert!(Lang::ALL.len() > 15, "15 languages besides English");
}

#[test]
fn ok_games_read_as_their_san() {
    for row in rows("localized/games.tsv") {
        let mut pos = Position::new();
        let moves: Vec<&str> = row[1].split(' ').collect();
        let sans: Vec<&str> = row[2].split(' ').collect();
        assert_eq!(moves.len(), sans.len(), "{}", row[1]);
        for (text, san) in moves.into_iter().zip(sans) {
            let mv = match row[0].as_str() {
                "figurine" => FigurineSan::from_ascii(text.as_bytes())
                    .expect("figurine parses")
                    .to_move_strict(&pos),
                code => {
                    let lang = Lang::from_code(code).expect("language of the table");
                    LocalizedSan::from_ascii(lang, text.as_bytes())
                        .expect("localized san parses")
                        .to_move_strict(&pos)
                }
            }
            .unwrap_or_else(|e| panic!("{text}: {e}"));
            let want = SanPlus::from_ascii(san.as_bytes()).expect("san");
            assert_eq!(want.to_move_strict(&pos), Ok(mv), "{text} is {san}");
            pos.play(mv).expect("legal");
        }
    }
}

//! English descriptive notation against its data: the complete games of
//! `tests/data/descriptive/games.tsv`, copied from public-domain books (the file names each
//! source), read move for move as the book prints them and compared with their SAN; and each
//! move written back by our writer reads strictly as the same move.

use scoresheet::descriptive::DescriptivePlus;
use scoresheet::san::SanPlus;
use scoresheet::Position;

use crate::support::read;

/// One move of a game: (game, move number, side, the book's text, SAN).
type Row = (String, String, String, String, String);

fn rows() -> Vec<Row> {
    read("descriptive/games.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 5, "{l}");
            let own = |i: usize| c[i].to_owned();
            (own(0), own(1), own(2), own(3), own(4))
        })
        .collect()
}

#[test]
fn ok_book_games_read_move_for_move() {
    let rows = rows();
    let mut games: Vec<&str> = Vec::new();
    let mut pos = Position::new();
    for (game, number, side, book, san) in &rows {
        if games.last() != Some(&game.as_str()) {
            games.push(game);
            pos = Position::new();
        }
        let at = format!("{game} {number}{side} '{book}'");
        let read = DescriptivePlus::from_ascii_lenient(book.as_bytes())
            .unwrap_or_else(|e| panic!("{at}: {e}"))
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        let want = SanPlus::from_ascii(san.as_bytes())
            .expect("SAN column")
            .to_move_strict(&pos)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(read, want, "{at}");
        let written = DescriptivePlus::from_move(&pos, read).to_string();
        let back = DescriptivePlus::from_ascii(written.as_bytes()).expect("own form parses");
        assert_eq!(
            back.to_move_strict(&pos),
            Ok(read),
            "{at} written {written}"
        );
        pos.play(read).expect("legal");
    }
    assert!(!games.is_empty());
}

//! PostgreSQL: the same scenarios, and the shipped queries give the same answers as on SQLite.

use crate::common::*;

#[test]
fn ok_postgres_sample_matches_egd() {
    let Some((mut db, _)) = postgres_db("sample") else {
        return;
    };
    scenario_sample_matches_egd(&mut db);
}

#[test]
fn ok_postgres_reload_adds_nothing() {
    let Some((mut db, _)) = postgres_db("reload") else {
        return;
    };
    scenario_reload_adds_nothing(&mut db);
}

#[test]
fn ok_postgres_escaping() {
    let Some((mut db, _)) = postgres_db("escaping") else {
        return;
    };
    scenario_escaping(&mut db);
}

#[test]
fn ok_postgres_queries_equal_sqlite() {
    let Some((mut pg, _)) = postgres_db("queries") else {
        return;
    };
    let (mut lite, _) = sqlite_db("queries-vs-pg");
    load_file(&mut pg, &sample(), 50);
    load_file(&mut lite, &sample(), 50);
    assert_eq!(game_ids(&mut pg), game_ids(&mut lite));
    let pg_results = shipped_results(&mut pg);
    let lite_results = shipped_results(&mut lite);
    for (p, l) in pg_results.iter().zip(&lite_results) {
        assert_eq!(p, l, "{} {:?}", p.0, p.1);
    }
}

#[test]
fn ok_postgres_concurrent_loaders() {
    let Some((mut db, url)) = postgres_db("concurrent") else {
        return;
    };
    let url = scoresheet_db::DatabaseUrl::parse(&url).expect("valid URL");
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut db = scoresheet_db::Database::open(&url).expect("connects");
                load_file(&mut db, &sample(), 16).0
            })
        })
        .collect();
    let summaries: Vec<_> = handles
        .into_iter()
        .map(|h| h.join().expect("loader ran"))
        .collect();
    let stored: u64 = summaries.iter().map(|s| s.stored).sum();
    let duplicates: u64 = summaries.iter().map(|s| s.duplicates).sum();
    assert_eq!((stored, duplicates), (200, 200));
    assert_eq!(count(&mut db, "SELECT COUNT(*) FROM games"), 200);
}

#[test]
fn err_postgres_password_not_shown() {
    let url = "postgres://someone:hunter2secret@127.0.0.1:1/none?connect_timeout=2";
    let parsed = scoresheet_db::DatabaseUrl::parse(url).expect("valid URL");
    let err = scoresheet_db::Database::open(&parsed).expect_err("nothing listens on port 1");
    let shown = format!("{err} {err:?} {parsed} {parsed:?}");
    assert!(!shown.contains("hunter2secret"), "{shown}");
}

#[test]
fn ok_postgres_comment_commands() {
    let Some((mut db, _)) = postgres_db("commands") else {
        return;
    };
    scenario_comment_commands(&mut db);
}

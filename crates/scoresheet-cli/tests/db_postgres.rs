//! `scoresheet load` on PostgreSQL: crash recovery (the process dies mid-load, by `abort()` or
//! SIGKILL, and a restart ends with exactly a clean load's games), and connection errors as
//! the user sees them.
//!
//! Against a throwaway server started from the installed binaries; where PostgreSQL is not
//! installed the tests show as ignored with the reason (see
//! `scoresheet-db/tests/support/pg_server.rs`, which also says why this binary has its own
//! harness).

#[path = "../../scoresheet-db/tests/support/pg_server.rs"]
mod pg_server;
#[path = "db/support.rs"]
mod support;

use pg_server::Server;
use support::*;

fn main() {
    pg_server::run_tests(vec![
        (
            "ok_abort_then_restart_postgres",
            ok_abort_then_restart_postgres,
        ),
        (
            "ok_kill_then_restart_postgres",
            ok_kill_then_restart_postgres,
        ),
        ("err_postgres_messages", err_postgres_messages),
    ]);
}

fn ok_abort_then_restart_postgres(server: &Server) {
    let url = server.create_database("scoresheet_cli_abort");
    let clean = server.create_database("scoresheet_cli_abort_clean");
    abort_then_restart(&url, &clean);
}

fn ok_kill_then_restart_postgres(server: &Server) {
    let url = server.create_database("scoresheet_cli_kill");
    let clean = server.create_database("scoresheet_cli_kill_clean");
    kill_then_restart(&url, &clean);
}

/// A wrong password: the server's message and what to check, exit code 2, no password shown.
fn err_postgres_messages(server: &Server) {
    if server.port == 0 {
        eprintln!("a given server: its authentication is unknown, case skipped");
        return;
    }
    let url = format!(
        "postgres://postgres:hunter2secret@127.0.0.1:{}/postgres",
        server.port
    );
    let out = output(&["load", "--db", &url, sample().to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "error: cannot open postgres://postgres:***@127.0.0.1:{}/postgres: postgres: \
             FATAL: password authentication failed for user \"postgres\"; check the user name \
             and password in the URL\n",
            server.port
        )
    );
}

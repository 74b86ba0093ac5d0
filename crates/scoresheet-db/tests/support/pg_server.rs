//! A throwaway PostgreSQL server for tests, started from the installed binaries.
//!
//! [`server()`] decides once per test binary:
//!
//! - `SCORESHEET_TEST_POSTGRES_URL` set: that server is used as it is (a URL whose user may
//!   create databases; for Citus or a server elsewhere).
//! - Else the newest `/usr/lib/postgresql/*/bin` (Debian's layout) or `$SCORESHEET_PG_BIN`
//!   holding `initdb` and `pg_ctl`: a cluster in a new temporary directory (C locale, UTF-8,
//!   `fsync=off`), listening on 127.0.0.1 at a free port and on a Unix socket in that directory,
//!   password authentication over TCP, stopped and deleted when the binary's tests are done. As
//!   root (which `initdb` refuses), the server runs as the `postgres` user.
//! - Else no server, with the reason: the tests show as ignored and the reason is printed (under
//!   `CI=true` they fail instead, since CI installs PostgreSQL).
//!
//! Shared by the scoresheet-db and scoresheet-cli test binaries (included with `#[path]`).
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The password of the `postgres` user of a throwaway server.
pub const PASSWORD: &str = "throwaway-pw-5c0e";

/// A running server (or one given by URL).
#[derive(Debug)]
pub struct Server {
    /// `postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres` (or the given URL).
    pub url: String,
    /// The TCP port (0 for a given URL).
    pub port: u16,
    owned: Option<Owned>,
}

#[derive(Debug)]
struct Owned {
    dir: PathBuf,
    bin: PathBuf,
    as_user: Option<&'static str>,
}

impl Server {
    /// `url` with its database name replaced by `name`.
    pub fn url_for(&self, name: &str) -> String {
        with_database(&self.url, name)
    }

    /// A fresh database (C collation) named `name`; returns its URL.
    pub fn create_database(&self, name: &str) -> String {
        let mut admin =
            postgres::Client::connect(&self.url, postgres::NoTls).expect("server reachable");
        admin
            .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .expect("old test database dropped");
        admin
            .batch_execute(&format!(
                "CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' \
                 LC_CTYPE 'C'"
            ))
            .expect("test database created");
        self.url_for(name)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let Some(owned) = &self.owned else { return };
        let data = owned.dir.join("data");
        let _ = run_as(
            owned.as_user,
            &owned.bin.join("pg_ctl"),
            &["-D", path_str(&data), "-m", "immediate", "-w", "stop"],
        );
        let _ = std::fs::remove_dir_all(&owned.dir);
    }
}

/// The server for this test binary, or why there is none.
pub fn server() -> Result<Server, String> {
    if let Ok(url) = std::env::var("SCORESHEET_TEST_POSTGRES_URL") {
        if !url.is_empty() {
            return Ok(Server {
                url,
                port: 0,
                owned: None,
            });
        }
    }
    let bin = binaries().ok_or_else(|| {
        "PostgreSQL is not installed: no initdb and pg_ctl in /usr/lib/postgresql/*/bin or \
         $SCORESHEET_PG_BIN (install Debian's postgresql package, or set \
         SCORESHEET_TEST_POSTGRES_URL to a server)"
            .to_owned()
    })?;
    let as_user = if is_root() {
        if !user_exists("postgres") {
            return Err(
                "running as root, and initdb refuses root: no `postgres` user to run \
                        the server as (useradd --system postgres)"
                    .to_owned(),
            );
        }
        Some("postgres")
    } else {
        None
    };
    let mut last = String::new();
    for _ in 0..3 {
        match start(&bin, as_user) {
            Ok(server) => return Ok(server),
            Err(e) => last = e,
        }
    }
    Err(format!(
        "the throwaway PostgreSQL server did not start: {last}"
    ))
}

/// The directory holding `initdb` and `pg_ctl`.
fn binaries() -> Option<PathBuf> {
    let has = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("SCORESHEET_PG_BIN") {
        return Some(PathBuf::from(dir)).filter(|d| has(d));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            Some((version, e.path().join("bin")))
        })
        .filter(|(_, dir)| has(dir))
        .collect();
    versions.sort();
    versions.pop().map(|(_, dir)| dir)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

fn user_exists(name: &str) -> bool {
    Command::new("id")
        .arg(name)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

fn run_as(user: Option<&str>, program: &Path, args: &[&str]) -> std::io::Result<Output> {
    let mut cmd = match user {
        Some(user) => {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", user, "--"]).arg(program);
            cmd
        }
        None => Command::new(program),
    };
    cmd.args(args).current_dir("/").output()
}

fn check(what: &str, out: std::io::Result<Output>, log: Option<&Path>) -> Result<(), String> {
    let out = out.map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let log = log
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_default();
    Err(format!(
        "{what} failed: {}{}{log}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

/// Creates and starts a cluster in a new temporary directory.
fn start(bin: &Path, as_user: Option<&'static str>) -> Result<Server, String> {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-pg-{}-{}",
        std::process::id(),
        free_port()?
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let owned = Owned {
        dir: dir.clone(),
        bin: bin.to_owned(),
        as_user,
    };
    // From here on, `owned` removes the directory (and stops a started server) on failure.
    let mut server = Server {
        url: String::new(),
        port: 0,
        owned: Some(owned),
    };
    if let Some(user) = as_user {
        let out = Command::new("chown")
            .args([&format!("{user}:"), path_str(&dir)])
            .output();
        check("chown", out, None)?;
    }
    let pwfile = dir.join("pw");
    std::fs::write(&pwfile, PASSWORD).map_err(|e| e.to_string())?;
    if let Some(user) = as_user {
        check(
            "chown",
            Command::new("chown")
                .args([&format!("{user}:"), path_str(&pwfile)])
                .output(),
            None,
        )?;
    }
    let data = dir.join("data");
    let pwfile_arg = format!("--pwfile={}", path_str(&pwfile));
    let initdb = [
        "-D",
        path_str(&data),
        "-U",
        "postgres",
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        &pwfile_arg,
        "--locale=C",
        "--encoding=UTF8",
        "--no-sync",
    ];
    check(
        "initdb",
        run_as(as_user, &bin.join("initdb"), &initdb),
        None,
    )?;
    let port = free_port()?;
    let options = format!(
        "-c listen_addresses=127.0.0.1 -p {port} -k {} -c fsync=off -c full_page_writes=off",
        path_str(&dir)
    );
    let log = dir.join("server.log");
    let pg_ctl = [
        "-D",
        path_str(&data),
        "-l",
        path_str(&log),
        "-w",
        "-t",
        "60",
        "-o",
        &options,
        "start",
    ];
    check(
        "pg_ctl start",
        run_as(as_user, &bin.join("pg_ctl"), &pg_ctl),
        Some(&log),
    )?;
    server.url = format!("postgres://postgres:{PASSWORD}@127.0.0.1:{port}/postgres");
    server.port = port;
    Ok(server)
}

/// `url` with its database name replaced.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, options) = url.split_once('?').map_or((url, ""), |(b, o)| (b, o));
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[authority_start..]
        .find('/')
        .map_or(base.len(), |i| authority_start + i);
    let mut out = format!("{}/{name}", &base[..path_start]);
    if !options.is_empty() {
        out.push('?');
        out.push_str(options);
    }
    out
}

/// A test that needs a server.
pub type PgTest = fn(&Server);

/// Runs `tests` (name, function taking the server) with libtest-mimic: each as a normal test
/// when there is a server, each ignored (with the reason printed first) when there is none,
/// and failing under `CI=true` then. Stops the server afterwards and exits.
pub fn run_tests(tests: Vec<(&'static str, PgTest)>) -> ! {
    let args = libtest_mimic::Arguments::from_args();
    let server = match server() {
        Ok(server) => Some(std::sync::Arc::new(server)),
        Err(reason) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                eprintln!("error: CI=true and no PostgreSQL for the tests: {reason}");
                std::process::exit(101);
            }
            eprintln!("PostgreSQL tests ignored: {reason}");
            None
        }
    };
    let trials = tests
        .into_iter()
        .map(|(name, test)| {
            let server = server.clone();
            let ignored = server.is_none();
            libtest_mimic::Trial::test(name, move || {
                if let Some(server) = server {
                    test(&server);
                }
                Ok(())
            })
            .with_ignored_flag(ignored)
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    drop(server);
    conclusion.exit()
}

//! Database URLs: `sqlite:PATH`, `sqlite::memory:`, `postgres://...`.
//!
//! A URL is printed (and debug-printed) with its password replaced by `***`, so that it can go
//! into logs and error messages.
//!
//! ```
//! use scoresheet_db::DatabaseUrl;
//!
//! let url = DatabaseUrl::parse("postgres://analyst:s3cret@db.example:5432/chess")?;
//! assert_eq!(url.to_string(), "postgres://analyst:***@db.example:5432/chess");
//! assert_eq!(format!("{url:?}"), "DatabaseUrl(\"postgres://analyst:***@db.example:5432/chess\")");
//!
//! let url = DatabaseUrl::parse("sqlite:games.db")?;
//! assert!(url.is_sqlite());
//! assert_eq!(url.to_string(), "sqlite:games.db");
//! // A plain path is a SQLite file too.
//! assert_eq!(DatabaseUrl::parse("games.db")?, url);
//! # Ok::<_, scoresheet_db::Error>(())
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use crate::Error;

/// The default database: the file `scoresheet.db` in the current directory.
pub const DEFAULT_URL: &str = "sqlite:scoresheet.db";

/// Where a database is.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    target: Target,
}

#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Target {
    SqliteFile(PathBuf),
    SqliteMemory,
    Postgres(String),
}

impl DatabaseUrl {
    /// Parses a URL.
    ///
    /// - `sqlite:PATH` is a SQLite file; `sqlite://PATH` and `sqlite:///ABSOLUTE` work too
    ///   (the two slashes are dropped), and `sqlite::memory:` is an in-memory database.
    /// - A plain path (`games.db`, `/data/chess.sqlite`: no `scheme:` in front) is a SQLite
    ///   file too.
    /// - `postgres://` and `postgresql://` URLs are handed to the `postgres` crate: user,
    ///   password, host, port, database and options such as `?connect_timeout=5`. TLS is not
    ///   supported (`sslmode=require` fails to connect).
    ///
    /// # Errors
    ///
    /// [`Error::Url`] for any other scheme (`mysql://...`, `postgre:...`) or an empty path. The message never holds the
    /// password.
    pub fn parse(text: &str) -> Result<DatabaseUrl, Error> {
        let target = if let Some(rest) = text.strip_prefix("sqlite:") {
            let path = rest.strip_prefix("//").unwrap_or(rest);
            match path {
                "" => return Err(Error::Url("sqlite: URL without a file path".into())),
                ":memory:" => Target::SqliteMemory,
                _ => Target::SqliteFile(PathBuf::from(path)),
            }
        } else if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Target::Postgres(text.to_owned())
        } else if is_plain_path(text) {
            Target::SqliteFile(PathBuf::from(text))
        } else {
            let shown = redact(text);
            return Err(Error::Url(format!(
                "unsupported database URL {shown:?}: expected a file path, sqlite:PATH or \
                 postgres://..."
            )));
        };
        Ok(DatabaseUrl { target })
    }

    /// A SQLite file.
    pub fn sqlite(path: impl AsRef<Path>) -> DatabaseUrl {
        DatabaseUrl {
            target: Target::SqliteFile(path.as_ref().to_owned()),
        }
    }

    /// An in-memory SQLite database (gone when closed).
    pub fn sqlite_memory() -> DatabaseUrl {
        DatabaseUrl {
            target: Target::SqliteMemory,
        }
    }

    /// Whether this is a SQLite database.
    pub fn is_sqlite(&self) -> bool {
        !self.is_postgres()
    }

    /// Whether this is a PostgreSQL database.
    pub fn is_postgres(&self) -> bool {
        matches!(self.target, Target::Postgres(_))
    }

    pub(crate) fn target(&self) -> &Target {
        &self.target
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            Target::SqliteFile(path) => write!(f, "sqlite:{}", path.display()),
            Target::SqliteMemory => f.write_str("sqlite::memory:"),
            Target::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DatabaseUrl")
            .field(&self.to_string())
            .finish()
    }
}

impl std::str::FromStr for DatabaseUrl {
    type Err = Error;

    fn from_str(text: &str) -> Result<DatabaseUrl, Error> {
        DatabaseUrl::parse(text)
    }
}

/// Whether `text` is a file path rather than a URL: not empty, and no `scheme:` before its
/// first `/` (a scheme is letters, digits, `+`, `-` and `.`, starting with a letter).
fn is_plain_path(text: &str) -> bool {
    if text.is_empty() {
        return false;
    }
    let head = text.split('/').next().unwrap_or("");
    let Some((scheme, _)) = head.split_once(':') else {
        return true;
    };
    let mut chars = scheme.chars();
    let is_scheme = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    !is_scheme
}

/// `text` with the password of its user info and any `password=` option replaced by `***`.
///
/// ```
/// use scoresheet_db::url::redact;
///
/// assert_eq!(redact("postgres://u:p@h/db"), "postgres://u:***@h/db");
/// assert_eq!(redact("postgres://u@h/db?password=p&x=1"), "postgres://u@h/db?password=***&x=1");
/// assert_eq!(redact("sqlite:a.db"), "sqlite:a.db");
/// ```
pub fn redact(text: &str) -> String {
    let Some(scheme_end) = text.find("://").map(|i| i + 3) else {
        return redact_options(text);
    };
    let rest = &text[scheme_end..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let mut out = text[..scheme_end].to_owned();
    match authority.rfind('@') {
        Some(at) => {
            let userinfo = &authority[..at];
            match userinfo.find(':') {
                Some(colon) => {
                    out.push_str(&userinfo[..colon]);
                    out.push_str(":***");
                }
                None => out.push_str(userinfo),
            }
            out.push_str(&authority[at..]);
        }
        None => out.push_str(authority),
    }
    out.push_str(&redact_options(&rest[authority_end..]));
    out
}

/// Replaces the value of every `password=` option (in a query string or a conninfo string).
fn redact_options(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = find_password_key(rest) {
        let value = i + "password=".len();
        out.push_str(&rest[..value]);
        out.push_str("***");
        let end = rest[value..]
            .find(['&', ' ', '#'])
            .map_or(rest.len(), |e| value + e);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The start of a `password=` key: at the start or after `?`, `&` or a space.
fn find_password_key(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("password=").map(|i| from + i) {
        if i == 0 || matches!(text.as_bytes()[i - 1], b'?' | b'&' | b' ') {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ok_parse() {
        let cases = [
            ("sqlite:scoresheet.db", "sqlite:scoresheet.db"),
            ("sqlite://rel/x.db", "sqlite:rel/x.db"),
            ("sqlite:///abs/x.db", "sqlite:/abs/x.db"),
            ("sqlite::memory:", "sqlite::memory:"),
            ("postgres://localhost/chess", "postgres://localhost/chess"),
            ("postgresql://u:pw@h:5/d", "postgresql://u:***@h:5/d"),
            ("games.db", "sqlite:games.db"),
            ("./data/x.sqlite", "sqlite:./data/x.sqlite"),
            ("/abs/x.db", "sqlite:/abs/x.db"),
        ];
        for (text, shown) in cases {
            let url = DatabaseUrl::parse(text).expect("valid URL");
            assert_eq!(url.to_string(), shown, "{text}");
        }
    }

    #[test]
    fn err_parse() {
        for text in ["", "sqlite:", "mysql://u:pw@h/d", "postgre:db", "file:x.db"] {
            let err = DatabaseUrl::parse(text).expect_err("invalid URL");
            assert!(!err.to_string().contains("pw"), "{err}");
        }
    }

    #[test]
    fn ok_redact() {
        let cases = [
            ("postgres://u:p%40ss@h/db", "postgres://u:***@h/db"),
            ("postgres://u:a@b@h/db", "postgres://u:***@h/db"),
            ("postgres://u@h/db", "postgres://u@h/db"),
            (
                "postgres://h/db?user=u&password=x#f",
                "postgres://h/db?user=u&password=***#f",
            ),
            ("postgres://h/db?PASSWORD=x", "postgres://h/db?PASSWORD=***"),
            ("host=h password=x user=u", "host=h password=*** user=u"),
            (
                "postgres://h/db?nopassword=x",
                "postgres://h/db?nopassword=x",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(redact(text), want, "{text}");
        }
    }
}

//! [`GameTags`]: a game's tags as EGD (and every record built like it) keeps them.

use crate::RawTag;

/// A game's tags as EGD keeps them: `Result` apart (its name matched without case), the
/// others in file order, a repeated tag in its first place with its last value; names and
/// values decoded (UTF-8, else Latin-1), values unescaped.
///
/// The EGD converter, the database rows (through EGD) and the export share this rule.
///
/// ```
/// use scoresheet_pgn::egd::GameTags;
/// use scoresheet_pgn::Outcome;
///
/// let mut tags = GameTags::default();
/// tags.add_str("White", "A");
/// tags.add_str("result", "1-0");
/// tags.add_str("Black", "B");
/// tags.add_str("White", "C");
/// assert_eq!(tags.others(), [("White".to_string(), "C".to_string()), ("Black".to_string(), "B".to_string())]);
/// assert_eq!(tags.result(Some(Outcome::Draw.as_str())), "1-0");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameTags {
    others: Vec<(String, String)>,
    result: Option<String>,
}

impl GameTags {
    /// Forgets every tag, for the next game.
    pub fn clear(&mut self) {
        self.others.clear();
        self.result = None;
    }

    /// Adds a tag as the reader hands it over.
    pub fn add(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = crate::decode::decode(name).into_owned();
        self.push(name, value.decode().into_owned());
    }

    /// Adds a tag given as text (already unescaped).
    pub fn add_str(&mut self, name: &str, value: &str) {
        self.push(name.to_owned(), value.to_owned());
    }

    fn push(&mut self, name: String, value: String) {
        if name.eq_ignore_ascii_case("Result") {
            return self.result = Some(value);
        }
        match self.others.iter_mut().find(|(n, _)| *n == name) {
            Some(tag) => tag.1 = value,
            None => self.others.push((name, value)),
        }
    }

    /// The tags other than `Result`, in file order.
    pub fn others(&self) -> &[(String, String)] {
        &self.others
    }

    /// The value of a tag other than `Result` (name compared exactly).
    pub fn get(&self, name: &str) -> Option<&str> {
        let found = self.others.iter().find(|(n, _)| n == name);
        found.map(|(_, v)| v.as_str())
    }

    /// The `Result` tag's value, as written.
    pub fn result_tag(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The game's result as EGD writes it: the `Result` tag as written, else the
    /// game-termination `marker` (`"1-0"`, `"*"`, ...), else `*`.
    pub fn result<'a>(&'a self, marker: Option<&'a str>) -> &'a str {
        self.result.as_deref().or(marker).unwrap_or("*")
    }
}

//! [`GameTags`]: a game's tags as EGD (and every record built like it) keeps them.

use crate::RawTag;

/// The most room a tag's name or value keeps for the next game's tags.
const KEPT_ROOM: usize = 64 << 10;

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
#[derive(Clone, Default)]
pub struct GameTags {
    /// The tags other than `Result` are the first `len`; the rest are earlier games' tags,
    /// kept for their strings' room: a game's tags are written into them instead of into
    /// new strings (two allocations and two frees a tag were 2% of the export's instructions).
    others: Vec<(String, String)>,
    len: usize,
    /// A bit for each name held ([`name_bit`]): a name whose bit is clear is not held, and
    /// the names held need not be compared with it (most games repeat no tag).
    names: u64,
    result: Option<String>,
}

/// The bit of `name` in [`GameTags::names`]: several names share one, so a set bit only
/// says that the name may be held.
fn name_bit(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let (first, last) = (bytes.first(), bytes.last());
    let mix =
        bytes.len() * 7 + usize::from(*first.unwrap_or(&0)) + 3 * usize::from(*last.unwrap_or(&0));
    1 << (mix % 64)
}

impl GameTags {
    /// Forgets every tag, for the next game. A kept string whose room is over 64 KiB
    /// (a 50 MB tag value) is dropped rather than kept for the next games.
    pub fn clear(&mut self) {
        self.len = 0;
        self.names = 0;
        self.result = None;
        for (name, value) in &mut self.others {
            for text in [name, value] {
                if text.capacity() > KEPT_ROOM {
                    *text = String::new();
                }
            }
        }
    }

    /// Adds a tag as the reader hands it over.
    pub fn add(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = crate::decode::decode(name);
        self.push(&name, &value.decode());
    }

    /// Adds a tag given as text (already unescaped).
    pub fn add_str(&mut self, name: &str, value: &str) {
        self.push(name, value);
    }

    fn push(&mut self, name: &str, value: &str) {
        if name.eq_ignore_ascii_case("Result") {
            return self.result = Some(value.to_owned());
        }
        let bit = name_bit(name);
        if self.names & bit != 0 {
            let held = &mut self.others[..self.len];
            if let Some((_, held)) = held.iter_mut().find(|(n, _)| n == name) {
                return set(held, value);
            }
        }
        self.names |= bit;
        match self.others.get_mut(self.len) {
            Some((spare_name, spare_value)) => {
                set(spare_name, name);
                set(spare_value, value);
            }
            None => self.others.push((name.to_owned(), value.to_owned())),
        }
        self.len += 1;
    }

    /// The tags other than `Result`, in file order.
    pub fn others(&self) -> &[(String, String)] {
        &self.others[..self.len]
    }

    /// The tags other than `Result`, in file order, moved out (no copy of a long value).
    pub fn into_others(mut self) -> Vec<(String, String)> {
        self.others.truncate(self.len);
        self.others
    }

    /// The value of a tag other than `Result` (name compared exactly).
    pub fn get(&self, name: &str) -> Option<&str> {
        let found = self.others().iter().find(|(n, _)| n == name);
        found.map(|(_, v)| v.as_str())
    }

    /// The `Result` tag's value, as written.
    pub fn result_tag(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The game's result by the one rule ([`game_result`](crate::replay::game_result)): the
    /// `Result` tag when decided, else the game-termination `marker` (`"1-0"`, `"*"`, ...)
    /// when decided, else `*`.
    pub fn result<'a>(&'a self, marker: Option<&'a str>) -> &'a str {
        crate::replay::result_of(self.result.as_deref(), marker)
    }
}

/// `text` replaced by `with`, in its own room.
fn set(text: &mut String, with: &str) {
    text.clear();
    text.push_str(with);
}

// By the tags held, not the spare strings.
impl PartialEq for GameTags {
    fn eq(&self, other: &Self) -> bool {
        self.others() == other.others() && self.result == other.result
    }
}

impl Eq for GameTags {}

impl std::fmt::Debug for GameTags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameTags")
            .field("others", &self.others())
            .field("result", &self.result)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38: a long value's room is not kept for the next games; short ones' is.
    #[test]
    fn ok_issue_38_long_value_not_kept() {
        let mut tags = GameTags::default();
        tags.add_str("Event", &"z".repeat(KEPT_ROOM + 1));
        tags.add_str("Site", "s");
        tags.clear();
        assert_eq!(tags.others[0].1.capacity(), 0);
        assert!(tags.others[1].1.capacity() > 0);
        tags.add_str("Event", "e");
        let expected = [("Event".to_string(), "e".to_string())];
        assert_eq!(tags.others(), expected);
        assert_eq!(tags.into_others(), expected);
    }

    #[test]
    fn ok_next_game_reuses_strings_and_sees_only_its_tags() {
        let mut tags = GameTags::default();
        for (name, value) in [("White", "A long name"), ("Black", "B"), ("Event", "E")] {
            tags.add_str(name, value);
        }
        tags.clear();
        tags.add_str("Site", "S");
        tags.add_str("Site", "T");
        let mut fresh = GameTags::default();
        fresh.add_str("Site", "T");
        assert_eq!(tags.others(), [("Site".to_string(), "T".to_string())]);
        assert_eq!(tags.get("White"), None);
        assert_eq!(tags, fresh);
        assert_eq!(format!("{tags:?}"), format!("{fresh:?}"));
    }

    /// Issue 36: a name is compared with the names held only when its bit is set; every
    /// repeated name still keeps its first place and takes its last value, among 200 names
    /// (so most bits are shared by several).
    #[test]
    fn ok_repeated_names_found_whatever_their_bits_issue_36() {
        let names: Vec<String> = (0..200).map(|i| format!("T{i}x{}", i % 7)).collect();
        let mut tags = GameTags::default();
        for name in &names {
            tags.add_str(name, "first");
        }
        for name in names.iter().rev() {
            tags.add_str(name, name);
        }
        let want: Vec<(String, String)> = names.iter().map(|n| (n.clone(), n.clone())).collect();
        assert_eq!(tags.others(), want);
        tags.clear();
        tags.add_str("T5x5", "again");
        assert_eq!(tags.others(), [("T5x5".to_string(), "again".to_string())]);
    }
}

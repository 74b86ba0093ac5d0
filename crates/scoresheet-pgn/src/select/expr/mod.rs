//! Tag criteria: a small expression language over a game's tags.
//!
//! ```
//! use scoresheet_pgn::select::TagExpr;
//!
//! let expr: TagExpr = r#"WhiteElo >= 2500 and (Date >= 2020.06 or not Event ~ "(?i)blitz")"#.parse()?;
//! let tags = [
//!     ("WhiteElo".to_owned(), "2611".to_owned()),
//!     ("Date".to_owned(), "2020.07.??".to_owned()),
//! ];
//! assert!(expr.matches(&tags));
//! // Printing gives an expression that reads back equal.
//! assert_eq!(expr.to_string(), r#"WhiteElo >= "2500" and (Date >= "2020.06" or not Event ~ "(?i)blitz")"#);
//! assert_eq!(expr.to_string().parse::<TagExpr>()?, expr);
//! # Ok::<_, scoresheet_pgn::select::ParseExprError>(())
//! ```
//!
//! # Grammar
//!
//! ```text
//! expr       = or
//! or         = and { "or" and }              (left-associative)
//! and        = unary { "and" unary }         (left-associative)
//! unary      = "not" unary | primary
//! primary    = "(" expr ")" | test
//! test       = tag [ op value ]              (a tag alone: the tag is present)
//! op         = "=" | "!=" | "<" | "<=" | ">" | ">=" | "~"
//! tag        = (letter | "_") { letter | digit | "_" }, not a keyword
//! value      = quoted | bare
//! quoted     = '"' { any character but '"' and '\' | '\"' | '\\' } '"'
//! bare       = one or more characters, none of them white space, '(', ')' or '"',
//!              the first none of '=', '!', '<', '>', '~'
//! ```
//!
//! The keywords `and`, `or` and `not` are read without case. White space (spaces, tabs, line
//! breaks) may stand between any two tokens and is needed only where two words would run
//! together. Tag names are compared without case (`whiteelo` is `WhiteElo`); when a game has
//! a tag twice, the first is read. `not` binds tighter than `and`, `and` tighter than `or`.
//! Parentheses nest to any depth: the parser keeps its own stack, never the call stack.
//!
//! # Meaning
//!
//! - **A missing tag** makes every comparison false (`!=` too): `not WhiteElo >= 2000` holds
//!   for games without a `WhiteElo`. So does a tag value that is not of the tag's type
//!   (`WhiteElo "?"` is no rating).
//! - `~` is a regular-expression search in the tag's text (the `regex` crate's syntax,
//!   unanchored: `^...$` for the whole value, `(?i)` to ignore case), for every tag. Without
//!   the crate's `unicode-regex` feature (a default; the npm package is built without it) the
//!   search is regex-lite's, which reads the same syntax with these differences: `\d`, `\s`,
//!   `\w` and `\b` are ASCII-only (`\w` does not match `é`), `(?i)` folds only ASCII letters
//!   (`(?i)é` does not match `É`), and `\p{..}`, `\P{..}` and class set operations (`&&`,
//!   `--`, `~~`) are errors ([`ParseExprErrorKind::Regex`]). Literal non-ASCII text (`Müller`)
//!   matches alike.
//! - **Text** (any tag not named below): `=` and `!=` compare exactly, `<`, `<=`, `>`, `>=` in
//!   byte order (`ECO >= A00 and ECO <= B99` is an ECO range).
//! - **Whole numbers**: tags whose name ends in `Elo`, and `PlyCount`. Values are read as
//!   ratings ([`tag_value::elo`](crate::tag_value::elo)): 1 to 5 digits.
//! - **Dates**: `Date`, `UTCDate`, `EventDate`. A date is `YYYY.MM.DD` (also with `-` or `/`),
//!   where the day, or month and day, may be unknown (`??`) or left out; a literal `2020` or
//!   `2020.??.??` is every day of 2020. A date with unknown parts is the period it may be,
//!   and compares as a whole: `=` when all of the tag's period lies in the literal's, `<` when
//!   all of it lies before the literal's first day, `<=` when all of it ends by the literal's
//!   last day, `>` and `>=` likewise; `!=` is not `=`. An unknown year is no date.
//! - **Time controls**: `TimeControl`, read as `base+increment` in seconds
//!   ([`tag_value::TimeControl`](crate::tag_value::TimeControl)), or `-` (no clock). A literal
//!   `180+2` compares exactly with `=`/`!=`, and by estimated duration (base + 40 increments)
//!   with `<`, `<=`, `>`, `>=`. A literal speed class (`ultrabullet`, `bullet`, `blitz`,
//!   `rapid`, `classical`, `correspondence`, without case) compares the game's class, in that
//!   order, as lichess defines them from the estimated duration: below 30 s, 180 s, 480 s,
//!   1500 s, 21600 s, and the rest (no clock is correspondence).
//! - **Results**: `Result`, with literals `1-0`, `0-1`, `1/2-1/2` and `*`; only `=`, `!=`
//!   and `~`.
//!
//! A literal that is not of its tag's type, an order on results, or a bad regular expression
//! is an error when the expression is read ([`ParseExprError`], with the byte offset of the
//! value), never a silent false.

mod parse;
mod value;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use value::Typed;

pub use parse::{ParseExprError, ParseExprErrorKind};

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `~`: regular-expression search.
    Match,
}

impl Op {
    /// The operators as written, longest first (for the parser).
    const ALL: [(&'static str, Op); 7] = [
        ("!=", Op::Ne),
        ("<=", Op::Le),
        (">=", Op::Ge),
        ("=", Op::Eq),
        ("<", Op::Lt),
        (">", Op::Gt),
        ("~", Op::Match),
    ];

    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        Op::ALL
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("=", |(text, _)| text)
    }

    /// Whether a value that compares `order` with the literal satisfies the operator.
    fn holds(self, order: Ordering) -> bool {
        match self {
            Op::Eq => order.is_eq(),
            Op::Ne => order.is_ne(),
            Op::Lt => order.is_lt(),
            Op::Le => order.is_le(),
            Op::Gt => order.is_gt(),
            Op::Ge => order.is_ge(),
            Op::Match => false,
        }
    }
}

/// One test on one tag: its presence, or a comparison with a literal.
#[derive(Debug, Clone)]
struct Test {
    tag: String,
    compare: Option<Compare>,
}

/// A comparison: the operator, the literal as written, and the literal read as the tag's type.
#[derive(Debug, Clone)]
struct Compare {
    op: Op,
    text: String,
    typed: Typed,
}

impl PartialEq for Test {
    /// The literal's typed form follows from tag, operator and text.
    fn eq(&self, other: &Test) -> bool {
        let key = |c: &Option<Compare>| c.as_ref().map(|c| (c.op, c.text.clone()));
        self.tag == other.tag && key(&self.compare) == key(&other.compare)
    }
}

impl Test {
    fn matches(&self, tags: &[(String, String)]) -> bool {
        let value = tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(&self.tag))
            .map(|(_, value)| value.as_str());
        match (&self.compare, value) {
            (None, value) => value.is_some(),
            (Some(_), None) => false,
            (Some(c), Some(value)) => c.typed.test(c.op, value, &c.text),
        }
    }
}

/// One step of an expression in postfix order.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Test(Test),
    Not,
    And,
    Or,
}

/// A tag-criteria expression (see the [module docs](self) for the grammar and meaning).
///
/// It is kept flat, in postfix order, so that reading, evaluating, printing and dropping it
/// take no call stack proportional to its nesting.
#[derive(Debug, Clone, PartialEq)]
pub struct TagExpr {
    nodes: Vec<Node>,
}

impl TagExpr {
    /// Reads an expression.
    ///
    /// # Errors
    ///
    /// A [`ParseExprError`] with the byte offset where reading stopped and what was expected.
    pub fn parse(text: &str) -> Result<TagExpr, ParseExprError> {
        parse::parse(text)
    }

    /// Whether a game with these tags (name, value; in file order) satisfies the expression.
    pub fn matches(&self, tags: &[(String, String)]) -> bool {
        let mut stack: Vec<bool> = Vec::with_capacity(8);
        for node in &self.nodes {
            let value = match node {
                Node::Test(test) => test.matches(tags),
                Node::Not => !stack.pop().unwrap_or(false),
                Node::And | Node::Or => {
                    let right = stack.pop().unwrap_or(false);
                    let left = stack.pop().unwrap_or(false);
                    match node {
                        Node::And => left && right,
                        _ => left || right,
                    }
                }
            };
            stack.push(value);
        }
        stack.pop().unwrap_or(false)
    }

    /// The tag names the expression reads, as written (each once).
    pub fn tags(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for node in &self.nodes {
            if let Node::Test(test) = node {
                if !names.iter().any(|n| n.eq_ignore_ascii_case(&test.tag)) {
                    names.push(&test.tag);
                }
            }
        }
        names
    }
}

impl FromStr for TagExpr {
    type Err = ParseExprError;

    fn from_str(text: &str) -> Result<TagExpr, ParseExprError> {
        TagExpr::parse(text)
    }
}

/// Binding strength when printing: `or` 1, `and` 2, `not` and tests 3.
const OR: u8 = 1;
const AND: u8 = 2;
const ATOM: u8 = 3;

/// What is left to print: a node (in parentheses or not), or a piece of text.
enum Step {
    Node(usize, bool),
    Text(&'static str),
}

impl TagExpr {
    /// The operands of each node (indices into `nodes`; `usize::MAX` where none): the
    /// postfix order read back into a tree, with a stack instead of recursion.
    fn operands(&self) -> (Vec<(usize, usize)>, Option<usize>) {
        let mut operands = vec![(usize::MAX, usize::MAX); self.nodes.len()];
        let mut done: Vec<usize> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            match node {
                Node::Test(_) => {}
                Node::Not => operands[i].1 = done.pop().unwrap_or(usize::MAX),
                Node::And | Node::Or => {
                    let right = done.pop().unwrap_or(usize::MAX);
                    operands[i] = (done.pop().unwrap_or(usize::MAX), right);
                }
            }
            done.push(i);
        }
        (operands, done.pop())
    }

    fn strength(&self, i: usize) -> u8 {
        match self.nodes.get(i) {
            Some(Node::Or) => OR,
            Some(Node::And) => AND,
            _ => ATOM,
        }
    }
}

impl fmt::Display for TagExpr {
    /// The expression with values quoted and only the parentheses it needs: it reads back
    /// equal. Printed with an explicit stack, in time linear in its length.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (operands, Some(root)) = self.operands() else {
            return Ok(());
        };
        let mut todo = vec![Step::Node(root, false)];
        while let Some(step) = todo.pop() {
            let (i, parens) = match step {
                Step::Text(text) => {
                    f.write_str(text)?;
                    continue;
                }
                Step::Node(i, parens) => (i, parens),
            };
            if parens {
                f.write_str("(")?;
                todo.push(Step::Text(")"));
            }
            let (left, right) = operands[i];
            let strength = self.strength(i);
            match &self.nodes[i] {
                Node::Test(test) => write!(f, "{test}")?,
                Node::Not => {
                    f.write_str("not ")?;
                    todo.push(Step::Node(right, self.strength(right) < ATOM));
                }
                node => {
                    let word = if *node == Node::And { " and " } else { " or " };
                    todo.push(Step::Node(right, self.strength(right) <= strength));
                    todo.push(Step::Text(word));
                    todo.push(Step::Node(left, self.strength(left) < strength));
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tag)?;
        let Some(compare) = &self.compare else {
            return Ok(());
        };
        write!(f, " {} \"", compare.op.as_str())?;
        for c in compare.text.chars() {
            if matches!(c, '"' | '\\') {
                f.write_str("\\")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("\"")
    }
}

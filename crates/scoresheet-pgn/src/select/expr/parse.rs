//! Reading a [`TagExpr`]: a tokenizer and an operator-precedence (shunting-yard) parser with
//! an explicit operator stack, so nesting depth costs heap, never call stack.

use std::{error, fmt};

use super::value::{TagType, Typed};
use super::{Compare, Node, Op, TagExpr, Test};

/// A syntax error in a tag expression: what was expected, and the byte offset where reading
/// stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseExprError {
    kind: ParseExprErrorKind,
    offset: usize,
}

/// What a [`ParseExprError`] expected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseExprErrorKind {
    /// A tag name, `not` or `(` was expected.
    ExpectedTest,
    /// `and`, `or`, `)` or the end was expected.
    ExpectedConnective,
    /// A value was expected after an operator.
    ExpectedValue,
    /// A quoted value has no closing `"`.
    UnterminatedString,
    /// A `(` was not closed by the end.
    ExpectedCloseParen,
    /// A `)` has no `(` before it.
    UnmatchedCloseParen,
    /// The value is not of the tag's type; says what was expected.
    ExpectedType(&'static str),
    /// An order (`<`, `<=`, `>`, `>=`) on results, which have none.
    NoOrder,
    /// The regular expression does not compile; the regex engine's message.
    Regex(String),
}

impl ParseExprError {
    fn new(kind: ParseExprErrorKind, offset: usize) -> ParseExprError {
        ParseExprError { kind, offset }
    }

    /// What was expected.
    pub fn kind(&self) -> &ParseExprErrorKind {
        &self.kind
    }

    /// The byte offset in the expression where reading stopped.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseExprErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ExpectedTest => f.write_str("expected a tag name, `not` or `(`"),
            Self::ExpectedConnective => f.write_str("expected `and`, `or`, `)` or the end"),
            Self::ExpectedValue => f.write_str("expected a value after the operator"),
            Self::UnterminatedString => f.write_str("expected a closing `\"`"),
            Self::ExpectedCloseParen => f.write_str("expected `)`"),
            Self::UnmatchedCloseParen => f.write_str("expected no `)` without a `(` before it"),
            Self::ExpectedType(what) => write!(f, "expected {what}"),
            Self::NoOrder => f.write_str("expected `=`, `!=` or `~`: results have no order"),
            Self::Regex(why) => {
                let first = why.lines().last().unwrap_or_default().trim();
                write!(f, "expected a regular expression ({first})")
            }
        }
    }
}

impl fmt::Display for ParseExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid expression at byte {}: {}",
            self.offset, self.kind
        )
    }
}

impl error::Error for ParseExprError {}

/// An operator waiting on the parser's stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// A `(` at this offset.
    Open,
    Not,
    And,
    Or,
}

impl Pending {
    fn node(self) -> Option<Node> {
        match self {
            Pending::Open => None,
            Pending::Not => Some(Node::Not),
            Pending::And => Some(Node::And),
            Pending::Or => Some(Node::Or),
        }
    }
}

/// The parser: the input, where it is, the output in postfix order, the operator stack.
struct Parser<'a> {
    text: &'a str,
    at: usize,
    nodes: Vec<Node>,
    stack: Vec<Pending>,
}

pub(super) fn parse(text: &str) -> Result<TagExpr, ParseExprError> {
    let mut p = Parser {
        text,
        at: 0,
        nodes: Vec::new(),
        stack: Vec::new(),
    };
    loop {
        p.operand()?;
        if !p.connective()? {
            break;
        }
    }
    while let Some(pending) = p.stack.pop() {
        match pending.node() {
            Some(node) => p.nodes.push(node),
            None => return Err(p.error(ParseExprErrorKind::ExpectedCloseParen)),
        }
    }
    Ok(TagExpr { nodes: p.nodes })
}

impl<'a> Parser<'a> {
    fn error(&self, kind: ParseExprErrorKind) -> ParseExprError {
        ParseExprError::new(kind, self.at)
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// A word of tag-name characters at the current place (maybe empty).
    fn word(&self) -> &'a str {
        let rest = self.rest();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// Reads `not`s and `(`s, then one test.
    fn operand(&mut self) -> Result<(), ParseExprError> {
        loop {
            self.skip_space();
            let word = self.word();
            if self.rest().starts_with('(') {
                self.stack.push(Pending::Open);
                self.at += 1;
            } else if word.eq_ignore_ascii_case("not") {
                self.stack.push(Pending::Not);
                self.at += word.len();
            } else {
                let test = self.test()?;
                self.nodes.push(Node::Test(test));
                return Ok(());
            }
        }
    }

    /// Reads `)`s, then `and`, `or` (pushing it; `true`) or the end (`false`).
    fn connective(&mut self) -> Result<bool, ParseExprError> {
        loop {
            self.skip_space();
            if self.rest().is_empty() {
                return Ok(false);
            }
            if self.rest().starts_with(')') {
                self.close()?;
                continue;
            }
            let word = self.word();
            let op = match word.to_ascii_lowercase().as_str() {
                "and" => Pending::And,
                "or" => Pending::Or,
                _ => return Err(self.error(ParseExprErrorKind::ExpectedConnective)),
            };
            self.at += word.len();
            // Left-associative: pop what binds at least as tightly.
            let binds = |p: Pending| match op {
                Pending::And => matches!(p, Pending::Not | Pending::And),
                _ => !matches!(p, Pending::Open),
            };
            while let Some(&top) = self.stack.last() {
                if !binds(top) {
                    break;
                }
                self.stack.pop();
                self.nodes.extend(top.node());
            }
            self.stack.push(op);
            return Ok(true);
        }
    }

    fn close(&mut self) -> Result<(), ParseExprError> {
        loop {
            match self.stack.pop() {
                Some(Pending::Open) => break,
                Some(pending) => self.nodes.extend(pending.node()),
                None => return Err(self.error(ParseExprErrorKind::UnmatchedCloseParen)),
            }
        }
        self.at += 1;
        Ok(())
    }

    /// A tag name, then an optional operator and value.
    fn test(&mut self) -> Result<Test, ParseExprError> {
        let word = self.word();
        let keyword = ["and", "or", "not"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(word));
        if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) || keyword {
            return Err(self.error(ParseExprErrorKind::ExpectedTest));
        }
        let tag = word.to_owned();
        self.at += word.len();
        self.skip_space();
        let Some(&(written, op)) = Op::ALL.iter().find(|(w, _)| self.rest().starts_with(w)) else {
            return Ok(Test { tag, compare: None });
        };
        self.at += written.len();
        self.skip_space();
        let start = self.at;
        let text = self.value()?;
        let typed = typed(&tag, op, &text).map_err(|kind| ParseExprError::new(kind, start))?;
        let compare = Some(Compare { op, text, typed });
        Ok(Test { tag, compare })
    }

    /// A quoted or bare value.
    fn value(&mut self) -> Result<String, ParseExprError> {
        let rest = self.rest();
        if let Some(quoted) = rest.strip_prefix('"') {
            return self.quoted(quoted);
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '"'))
            .unwrap_or(rest.len());
        if end == 0 || rest.starts_with(['=', '!', '<', '>', '~']) {
            return Err(self.error(ParseExprErrorKind::ExpectedValue));
        }
        self.at += end;
        Ok(rest[..end].to_owned())
    }

    /// The rest of a quoted value, after its `"`.
    fn quoted(&mut self, body: &'a str) -> Result<String, ParseExprError> {
        let mut text = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += 1 + i + 1;
                    return Ok(text);
                }
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => text.push(e),
                    Some((_, other)) => {
                        text.push('\\');
                        text.push(other);
                    }
                    None => break,
                },
                c => text.push(c),
            }
        }
        self.at = self.text.len();
        Err(self.error(ParseExprErrorKind::UnterminatedString))
    }
}

/// The literal `text` read for a comparison `op` on `tag`.
pub(super) fn typed(tag: &str, op: Op, text: &str) -> Result<Typed, ParseExprErrorKind> {
    if op == Op::Match {
        return super::value::Regex::new(text)
            .map(Typed::Regex)
            .map_err(|e| ParseExprErrorKind::Regex(e.to_string()));
    }
    let ty = TagType::of(tag);
    if ty == TagType::Result && !matches!(op, Op::Eq | Op::Ne) {
        return Err(ParseExprErrorKind::NoOrder);
    }
    Typed::read(ty, text).ok_or(ParseExprErrorKind::ExpectedType(ty.expected()))
}

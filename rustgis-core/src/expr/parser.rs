//! The syntax tree and a precedence-climbing parser that builds it from tokens.
//!
//! Precedence follows QGIS's grammar (qgsexpressionparser.yy), loosest first: `OR`; `AND`;
//! `NOT`; `BETWEEN`; comparisons (`= <> != < <= > >= ~ LIKE ILIKE IS IN`); `+ -`;
//! `* / // %`; `^` (right-associative); `||`; unary minus; `[index]`. So `||` binds tighter than
//! arithmetic (`'a' || 1 + 2` is `('a' || 1) + 2`), and `-2 ^ 2` is 4.

use super::Problem;
use super::functions::{self, Function};
use super::lexer::{Op, Token, TokenKind};
use super::value::Val;

/// How deeply expressions may nest. Parsing and evaluation recurse, so this keeps both far from
/// the end of the stack, whatever the input.
const MAX_DEPTH: usize = 100;

/// A node of the syntax tree.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// What the node does.
    pub kind: NodeKind,
    /// 1-based column errors about this node point at: the operator, keyword or name.
    pub column: usize,
    /// The height of the tree under this node, 1 for a leaf.
    pub depth: usize,
}

/// Where a column's field was found last time: evaluating the same expression over the rows of
/// a layer resolves each name once, not once per row (an atomic, so that rows may be evaluated
/// in parallel).
#[derive(Debug, Default)]
pub(crate) struct ColumnHint(std::sync::atomic::AtomicUsize);

impl ColumnHint {
    /// The remembered field index (0 until one is found).
    pub(crate) fn get(&self) -> usize {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Remembers a field index.
    pub(crate) fn set(&self, idx: usize) {
        self.0.store(idx, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clone for ColumnHint {
    fn clone(&self) -> ColumnHint {
        ColumnHint(std::sync::atomic::AtomicUsize::new(self.get()))
    }
}

/// The binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Regexp,
    Like,
    NotLike,
    ILike,
    NotILike,
    Is,
    IsNot,
    Plus,
    Minus,
    Mul,
    Div,
    IntDiv,
    Mod,
    Pow,
    Concat,
}

impl BinOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "OR",
            BinOp::And => "AND",
            BinOp::Eq => "=",
            BinOp::Ne => "<>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Regexp => "~",
            BinOp::Like => "LIKE",
            BinOp::NotLike => "NOT LIKE",
            BinOp::ILike => "ILIKE",
            BinOp::NotILike => "NOT ILIKE",
            BinOp::Is => "IS",
            BinOp::IsNot => "IS NOT",
            BinOp::Plus => "+",
            BinOp::Minus => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::IntDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
            BinOp::Concat => "||",
        }
    }

    fn of(op: Op) -> BinOp {
        match op {
            Op::Plus => BinOp::Plus,
            Op::Minus => BinOp::Minus,
            Op::Mul => BinOp::Mul,
            Op::Div => BinOp::Div,
            Op::IntDiv => BinOp::IntDiv,
            Op::Mod => BinOp::Mod,
            Op::Pow => BinOp::Pow,
            Op::Concat => BinOp::Concat,
            Op::Eq => BinOp::Eq,
            Op::Ne => BinOp::Ne,
            Op::Lt => BinOp::Lt,
            Op::Le => BinOp::Le,
            Op::Gt => BinOp::Gt,
            Op::Ge => BinOp::Ge,
            Op::Regexp => BinOp::Regexp,
        }
    }
}

/// The kinds of node.
#[derive(Debug, Clone)]
pub(crate) enum NodeKind {
    /// A literal value.
    Literal(Val),
    /// A field of the row, by name, with where it was last found.
    Column(String, ColumnHint),
    /// `@name`.
    Variable(String),
    /// `-x`.
    Negate(Box<Node>),
    /// `NOT x`.
    Not(Box<Node>),
    /// A binary operator.
    Binary {
        /// The operator.
        op: BinOp,
        /// Its left operand.
        left: Box<Node>,
        /// Its right operand.
        right: Box<Node>,
    },
    /// `x [NOT] IN (a, b, …)`.
    In {
        /// The value looked for.
        operand: Box<Node>,
        /// The candidates.
        list: Vec<Node>,
        /// Whether it is `NOT IN`.
        negated: bool,
    },
    /// `x [NOT] BETWEEN low AND high`.
    Between {
        /// The value tested.
        operand: Box<Node>,
        /// The lower bound, included.
        low: Box<Node>,
        /// The upper bound, included.
        high: Box<Node>,
        /// Whether it is `NOT BETWEEN`.
        negated: bool,
    },
    /// `container[index]`: an array item or a map value.
    Index {
        /// The array or map.
        container: Box<Node>,
        /// The index or key.
        index: Box<Node>,
    },
    /// `CASE [operand] WHEN … THEN … [ELSE …] END`.
    Case {
        /// The value compared against each `WHEN` in the simple form (a RustGIS extension);
        /// `None` in QGIS's searched form.
        operand: Option<Box<Node>>,
        /// The `WHEN` / `THEN` pairs, in order.
        branches: Vec<(Node, Node)>,
        /// The `ELSE` result.
        otherwise: Option<Box<Node>>,
    },
    /// A function call, its arguments in the function's parameter order (`None` for an
    /// optional argument left out).
    Call {
        /// The function.
        function: &'static Function,
        /// The arguments.
        args: Vec<Option<Node>>,
    },
}

/// Words that cannot be bare field names; quote such a field, as in `"end"`.
const RESERVED: [&str; 17] = [
    "and", "or", "not", "in", "like", "ilike", "is", "null", "true", "false", "case", "when", "then", "else", "end",
    "between", "asc",
];

/// Words that end an expression in an ORDER BY list.
const ORDER_WORDS: [&str; 5] = ["asc", "desc", "nulls", "first", "last"];

/// Precedence levels, loosest first.
const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const BETWEEN: u8 = 4;
const COMPARE: u8 = 5;
const ADD: u8 = 6;
const MUL: u8 = 7;
const POW: u8 = 8;
const CONCAT: u8 = 9;
const UNARY: u8 = 10;

/// A parser over the tokens of one text.
pub(super) struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    idx: usize,
    depth: usize,
}

impl<'t> Parser<'t> {
    /// A parser at the first token.
    pub(super) fn new(text: &'t str, mut tokens: Vec<Token>) -> Parser<'t> {
        // The lexer always ends with Eof; making sure keeps `peek` from ever indexing an empty list.
        if tokens.last().is_none_or(|token| token.kind != TokenKind::Eof) {
            let end = text.chars().count() + 1;
            tokens.push(Token { kind: TokenKind::Eof, start: text.len(), end: text.len(), column: end });
        }
        Parser { text, tokens, idx: 0, depth: 0 }
    }

    /// Parses one expression, stopping before anything that cannot continue it.
    pub(super) fn expression(&mut self) -> Result<Node, Problem> {
        if self.peek().kind == TokenKind::Eof {
            return Err(self.unexpected("an expression"));
        }
        self.parse(OR)
    }

    /// The current token.
    pub(super) fn peek(&self) -> &Token {
        let last = self.tokens.len().saturating_sub(1);
        &self.tokens[self.idx.min(last)]
    }

    fn peek_at(&self, ahead: usize) -> Option<&Token> {
        self.tokens.get(self.idx + ahead)
    }

    /// Moves past the current token (never past the end).
    pub(super) fn advance(&mut self) {
        if self.idx + 1 < self.tokens.len() {
            self.idx += 1;
        }
    }

    /// Whether the current token is this keyword (case-insensitive).
    pub(super) fn at_keyword(&self, keyword: &str) -> bool {
        self.keyword_at(self.idx, keyword)
    }

    /// Moves past the keyword if it is next.
    pub(super) fn eat_keyword(&mut self, keyword: &str) -> bool {
        let found = self.at_keyword(keyword);
        if found {
            self.advance();
        }
        found
    }

    /// The error for a token that cannot come next.
    pub(super) fn unexpected(&self, expected: &str) -> Problem {
        let token = self.peek();
        let found = match token.kind {
            TokenKind::Eof => "the end of the expression".to_owned(),
            _ => format!("'{}'", self.text.get(token.start..token.end).unwrap_or("?")),
        };
        Problem::new(token.column, format!("expected {expected}, found {found}"))
    }

    fn keyword_at(&self, idx: usize, keyword: &str) -> bool {
        matches!(self.tokens.get(idx), Some(Token { kind: TokenKind::Ident(word), .. }) if word.eq_ignore_ascii_case(keyword))
    }

    fn expect(&mut self, kind: &TokenKind, expected: &str) -> Result<(), Problem> {
        if &self.peek().kind == kind {
            self.advance();
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn expect_keyword(&mut self, keyword: &str, expected: &str) -> Result<(), Problem> {
        if self.eat_keyword(keyword) { Ok(()) } else { Err(self.unexpected(expected)) }
    }

    /// Parses operators at least as tight as `min`.
    fn parse(&mut self, min: u8) -> Result<Node, Problem> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Problem::new(self.peek().column, format!("the expression nests more than {MAX_DEPTH} deep")));
        }
        let result = self.parse_inner(min);
        self.depth -= 1;
        result
    }

    fn parse_inner(&mut self, min: u8) -> Result<Node, Problem> {
        let mut left = self.prefix()?;
        let mut chain = 0usize;
        loop {
            chain += 1;
            if chain > MAX_DEPTH * 100 {
                return Err(Problem::new(self.peek().column, "the expression chains too many operators"));
            }
            let token = self.peek().clone();
            let column = token.column;
            let kind = match &token.kind {
                TokenKind::Op(op) => {
                    let (level, right_assoc) = match op {
                        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Regexp => (COMPARE, false),
                        Op::Plus | Op::Minus => (ADD, false),
                        Op::Mul | Op::Div | Op::IntDiv | Op::Mod => (MUL, false),
                        Op::Pow => (POW, true),
                        Op::Concat => (CONCAT, false),
                    };
                    if level < min {
                        break;
                    }
                    self.advance();
                    let right = self.parse(if right_assoc { level } else { level + 1 })?;
                    NodeKind::Binary { op: BinOp::of(*op), left: Box::new(left), right: Box::new(right) }
                }
                TokenKind::LBracket => {
                    self.advance();
                    let index = self.parse(OR)?;
                    self.expect(&TokenKind::RBracket, "']' closing the index")?;
                    NodeKind::Index { container: Box::new(left), index: Box::new(index) }
                }
                TokenKind::Ident(word) => {
                    let word = word.to_ascii_lowercase();
                    let negated = word == "not";
                    let operator = if negated {
                        match self.peek_at(1).map(|t| &t.kind) {
                            Some(TokenKind::Ident(next)) => next.to_ascii_lowercase(),
                            _ => break,
                        }
                    } else {
                        word
                    };
                    let level = match operator.as_str() {
                        "or" if !negated => OR,
                        "and" if !negated => AND,
                        "is" if !negated => COMPARE,
                        "in" | "like" | "ilike" => COMPARE,
                        "between" => BETWEEN,
                        _ => break,
                    };
                    if level < min {
                        break;
                    }
                    self.advance();
                    if negated {
                        self.advance();
                    }
                    self.keyword_operator(&operator, negated, left)?
                }
                _ => break,
            };
            left = self.node(kind, column)?;
        }
        Ok(left)
    }

    /// Builds a node, refusing trees deeper than [`MAX_DEPTH`] (long chains such as `1+1+…+1`
    /// are deep even though parsing them does not recurse).
    fn node(&self, kind: NodeKind, column: usize) -> Result<Node, Problem> {
        let mut node = Node { kind, column, depth: 1 };
        node.depth = 1 + children(&node).iter().map(|child| child.depth).max().unwrap_or(0);
        if node.depth > MAX_DEPTH {
            return Err(Problem::new(column, format!("the expression nests more than {MAX_DEPTH} deep")));
        }
        Ok(node)
    }

    /// The rest of an operator written as a keyword, after the keyword (and any NOT).
    fn keyword_operator(&mut self, operator: &str, negated: bool, left: Node) -> Result<NodeKind, Problem> {
        let left = Box::new(left);
        Ok(match operator {
            "or" => NodeKind::Binary { op: BinOp::Or, left, right: Box::new(self.parse(OR + 1)?) },
            "and" => NodeKind::Binary { op: BinOp::And, left, right: Box::new(self.parse(AND + 1)?) },
            "is" => {
                let op = if self.eat_keyword("not") { BinOp::IsNot } else { BinOp::Is };
                NodeKind::Binary { op, left, right: Box::new(self.parse(COMPARE + 1)?) }
            }
            "in" => {
                self.expect(&TokenKind::LParen, "'(' starting the list after IN")?;
                if self.peek().kind == TokenKind::RParen {
                    return Err(self.unexpected("at least one value in the list after IN"));
                }
                let mut list = vec![self.parse(OR)?];
                while self.peek().kind == TokenKind::Comma {
                    self.advance();
                    list.push(self.parse(OR)?);
                }
                self.expect(&TokenKind::RParen, "',' or ')' in the list after IN")?;
                NodeKind::In { operand: left, list, negated }
            }
            "like" | "ilike" => {
                let op = match (operator, negated) {
                    ("like", false) => BinOp::Like,
                    ("like", true) => BinOp::NotLike,
                    (_, false) => BinOp::ILike,
                    (_, true) => BinOp::NotILike,
                };
                NodeKind::Binary { op, left, right: Box::new(self.parse(COMPARE + 1)?) }
            }
            _ => {
                // BETWEEN's bounds are arithmetic, so the AND between them is BETWEEN's own.
                let low = self.parse(ADD)?;
                self.expect_keyword("and", "AND between the bounds of BETWEEN")?;
                let high = self.parse(ADD)?;
                NodeKind::Between { operand: left, low: Box::new(low), high: Box::new(high), negated }
            }
        })
    }

    fn prefix(&mut self) -> Result<Node, Problem> {
        let token = self.peek().clone();
        let column = token.column;
        let kind = match token.kind {
            TokenKind::Int(int) => {
                self.advance();
                NodeKind::Literal(Val::Int(int))
            }
            TokenKind::Float(float) => {
                self.advance();
                NodeKind::Literal(Val::Double(float))
            }
            TokenKind::Str(text) => {
                self.advance();
                NodeKind::Literal(Val::text(text))
            }
            TokenKind::QuotedIdent(name) => {
                self.advance();
                NodeKind::Column(name, ColumnHint::default())
            }
            TokenKind::Special(name) => {
                self.advance();
                return self.special(&name, column);
            }
            TokenKind::Variable(name) => {
                self.advance();
                NodeKind::Variable(name)
            }
            TokenKind::Op(Op::Plus) => {
                self.advance();
                return self.parse(UNARY);
            }
            TokenKind::Op(Op::Minus) => {
                self.advance();
                NodeKind::Negate(Box::new(self.parse(UNARY)?))
            }
            TokenKind::LParen => {
                self.advance();
                let inner = self.parse(OR)?;
                self.expect(&TokenKind::RParen, "')'")?;
                return Ok(inner);
            }
            TokenKind::Ident(word) => return self.word(&word, column),
            TokenKind::Named(name) => {
                return Err(Problem::new(
                    column,
                    format!("'{name} :=' names an argument, which only goes inside a function call's parentheses"),
                ));
            }
            _ => return Err(self.unexpected("a value, a field, a function or '('")),
        };
        self.node(kind, column)
    }

    /// `$name`: a special column, which QGIS treats as a function without parentheses.
    fn special(&mut self, name: &str, column: usize) -> Result<Node, Problem> {
        let written = format!("${name}");
        if self.peek().kind == TokenKind::LParen {
            return Err(Problem::new(column, format!("{written} takes no parentheses; write {written}")));
        }
        let function = functions::lookup(&written).ok_or_else(|| {
            let known = functions::special_names();
            let hint = match did_you_mean(&written, &known) {
                close if close.is_empty() => format!("; the special columns are {}", known.join(", ")),
                close => close,
            };
            Problem::new(column, format!("unknown special column '{written}'{hint}"))
        })?;
        if let Some(refusal) = function.refusal() {
            return Err(Problem::unsupported(column, refusal));
        }
        self.node(NodeKind::Call { function, args: Vec::new() }, column)
    }

    /// A bare word in value position: a keyword, a function call or a field.
    fn word(&mut self, word: &str, column: usize) -> Result<Node, Problem> {
        let lower = word.to_ascii_lowercase();
        let kind = match lower.as_str() {
            "null" => {
                self.advance();
                NodeKind::Literal(Val::Null)
            }
            "true" | "false" => {
                self.advance();
                NodeKind::Literal(Val::Bool(lower == "true"))
            }
            "not" => {
                self.advance();
                NodeKind::Not(Box::new(self.parse(NOT)?))
            }
            "case" => {
                self.advance();
                self.case()?
            }
            _ if self.peek_at(1).is_some_and(|t| t.kind == TokenKind::LParen) => {
                self.advance();
                self.advance();
                self.call(word, column)?
            }
            _ if RESERVED.contains(&lower.as_str()) => {
                let message = format!(
                    "expected a value, found the keyword {}; quote a field with this name, as in \"{word}\"",
                    word.to_ascii_uppercase()
                );
                return Err(Problem::new(column, message));
            }
            _ => {
                self.advance();
                NodeKind::Column(word.to_owned(), ColumnHint::default())
            }
        };
        self.node(kind, column)
    }

    /// The rest of a call, after `name(`.
    fn call(&mut self, name: &str, column: usize) -> Result<NodeKind, Problem> {
        let Some(function) = functions::lookup(name) else {
            let message = format!("unknown function '{name}'{}", did_you_mean(name, &functions::names()));
            return Err(Problem::new(column, message));
        };
        let mut positional = Vec::new();
        let mut named: Vec<(String, Node, usize)> = Vec::new();
        if self.peek().kind != TokenKind::RParen {
            loop {
                let token = self.peek().clone();
                if let TokenKind::Named(arg_name) = &token.kind {
                    self.advance();
                    named.push((arg_name.clone(), self.parse(OR)?, token.column));
                } else if !named.is_empty() {
                    return Err(Problem::new(
                        token.column,
                        format!("in {}(), every argument after a named one must be named too", function.name),
                    ));
                } else {
                    positional.push(self.parse(OR)?);
                }
                if self.peek().kind == TokenKind::Comma {
                    self.advance();
                    continue;
                }
                break;
            }
        }
        self.expect(&TokenKind::RParen, &format!("',' or ')' in the arguments of {}()", function.name))?;
        if let Some(refusal) = function.refusal() {
            return Err(Problem::unsupported(column, refusal));
        }
        let args = function
            .bind_args(positional, named)
            .map_err(|(col, message)| Problem::new(col.unwrap_or(column), message))?;
        Ok(NodeKind::Call { function, args })
    }

    /// The rest of a CASE, after `CASE`.
    fn case(&mut self) -> Result<NodeKind, Problem> {
        let operand = if self.at_keyword("when") { None } else { Some(Box::new(self.parse(OR)?)) };
        let mut branches = Vec::new();
        while self.eat_keyword("when") {
            let condition = self.parse(OR)?;
            self.expect_keyword("then", "THEN after the WHEN condition")?;
            branches.push((condition, self.parse(OR)?));
        }
        if branches.is_empty() {
            return Err(self.unexpected("WHEN after CASE"));
        }
        let otherwise = if self.eat_keyword("else") { Some(Box::new(self.parse(OR)?)) } else { None };
        self.expect_keyword("end", "WHEN, ELSE or END in the CASE")?;
        Ok(NodeKind::Case { operand, branches, otherwise })
    }

    /// The byte span of tokens `first..self.idx`, for slicing the source text.
    pub(super) fn span_from(&self, first: usize) -> (usize, usize) {
        let start = self.tokens.get(first).map_or(self.text.len(), |t| t.start);
        let end = self.tokens.get(self.idx.saturating_sub(1)).map_or(start, |t| t.end).max(start);
        (start, end)
    }

    /// The index of the current token.
    pub(super) fn position(&self) -> usize {
        self.idx
    }

    /// Whether the current token is a word that ends an ORDER BY expression.
    pub(super) fn at_order_word(&self) -> bool {
        ORDER_WORDS.iter().any(|word| self.at_keyword(word))
    }
}

/// The direct children of a node.
pub(crate) fn children(node: &Node) -> Vec<&Node> {
    match &node.kind {
        NodeKind::Literal(_) | NodeKind::Column(..) | NodeKind::Variable(_) => Vec::new(),
        NodeKind::Negate(operand) | NodeKind::Not(operand) => vec![operand],
        NodeKind::Binary { left, right, .. } => vec![left, right],
        NodeKind::Index { container, index } => vec![container, index],
        NodeKind::In { operand, list, .. } => std::iter::once(&**operand).chain(list).collect(),
        NodeKind::Between { operand, low, high, .. } => vec![operand, low, high],
        NodeKind::Case { operand, branches, otherwise } => operand
            .as_deref()
            .into_iter()
            .chain(branches.iter().flat_map(|(when, then)| [when, then]))
            .chain(otherwise.as_deref())
            .collect(),
        NodeKind::Call { args, .. } => args.iter().flatten().collect(),
    }
}

/// `; did you mean 'a', 'b'?` for the names within a small edit distance, or nothing.
pub(super) fn did_you_mean(wrong: &str, names: &[&str]) -> String {
    let wrong = wrong.to_lowercase();
    let mut close: Vec<(usize, &str)> = names
        .iter()
        .map(|name| (edit_distance(&wrong, &name.to_lowercase()), *name))
        .filter(|(distance, name)| {
            *distance <= (wrong.chars().count() / 3).clamp(1, 3) || (wrong.len() >= 3 && name.starts_with(&wrong))
        })
        .collect();
    close.sort();
    close.dedup_by(|a, b| a.1 == b.1);
    if close.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = close.iter().take(3).map(|(_, name)| format!("'{name}'")).collect();
    format!("; did you mean {}?", quoted.join(", "))
}

/// The Levenshtein distance between two strings, in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

//! Splits expression text into tokens as QGIS's lexer does, each token remembering where it
//! starts so that errors can point at it.
//!
//! Keywords are case-insensitive. Text literals are single-quoted, with `''` for a quote and the
//! backslash escapes `\n`, `\t`, `\\` and `\'` (any other escaped character becomes `?`, as in
//! QGIS). Field names may be double-quoted, with `""` for a quote. `$name` is a special column
//! (`$id`, `$geometry`, `$area`…), `@name` a variable, and `name :=` starts a named argument.

use super::Problem;

/// One token and where it sits in the source text.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset just past the last character.
    pub end: usize,
    /// 1-based column (in characters) of the first character.
    pub column: usize,
}

/// The kinds of token.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum TokenKind {
    /// An integer literal that fits in an `i64`.
    Int(i64),
    /// A double literal (or an integer too large for `i64`).
    Float(f64),
    /// A single-quoted text literal, unescaped.
    Str(String),
    /// A bare word: a field name, a function name or a keyword.
    Ident(String),
    /// A double-quoted field name, unescaped.
    QuotedIdent(String),
    /// `$name`: a special column such as `$id` or `$geometry`.
    Special(String),
    /// `@name`: a variable.
    Variable(String),
    /// `name :=`: the name of a named argument.
    Named(String),
    /// An operator.
    Op(Op),
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// `,`.
    Comma,
    /// The end of the text.
    Eof,
}

/// The operators written with symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Plus,
    Minus,
    Mul,
    Div,
    IntDiv,
    Mod,
    Pow,
    Concat,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Regexp,
}

/// Splits `text` into tokens, ending with [`TokenKind::Eof`].
pub(super) fn tokenize(text: &str) -> Result<Vec<Token>, Problem> {
    let mut lexer = Lexer { text, chars: text.char_indices().collect(), idx: 0 };
    let mut tokens = Vec::new();
    loop {
        lexer.skip_blanks()?;
        let token = lexer.next_token()?;
        let done = token.kind == TokenKind::Eof;
        tokens.push(token);
        if done {
            return Ok(tokens);
        }
    }
}

struct Lexer<'t> {
    text: &'t str,
    /// The characters with their byte offsets; the index into this is the column minus one.
    chars: Vec<(usize, char)>,
    idx: usize,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.idx).map(|(_, c)| *c)
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.idx + ahead).map(|(_, c)| *c)
    }

    fn byte_at(&self, idx: usize) -> usize {
        self.chars.get(idx).map_or(self.text.len(), |(byte, _)| *byte)
    }

    fn skip_blanks(&mut self) -> Result<(), Problem> {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => self.idx += 1,
                (Some('-'), Some('-')) => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.idx += 1;
                    }
                }
                (Some('/'), Some('*')) => {
                    let opened = self.idx;
                    self.idx += 2;
                    loop {
                        match (self.peek(), self.peek_at(1)) {
                            (Some('*'), Some('/')) => {
                                self.idx += 2;
                                break;
                            }
                            (Some(_), _) => self.idx += 1,
                            (None, _) => return Err(Problem::new(opened + 1, "this comment is never closed with */")),
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn token(&self, kind: TokenKind, first: usize) -> Token {
        Token { kind, start: self.byte_at(first), end: self.byte_at(self.idx), column: first + 1 }
    }

    fn next_token(&mut self) -> Result<Token, Problem> {
        let first = self.idx;
        let Some(c) = self.peek() else {
            return Ok(self.token(TokenKind::Eof, first));
        };
        let next = self.peek_at(1);
        let (kind, width) = match (c, next) {
            ('(', _) => (TokenKind::LParen, 1),
            (')', _) => (TokenKind::RParen, 1),
            ('[', _) => (TokenKind::LBracket, 1),
            (']', _) => (TokenKind::RBracket, 1),
            (',', _) => (TokenKind::Comma, 1),
            ('+', _) => (TokenKind::Op(Op::Plus), 1),
            ('-', _) => (TokenKind::Op(Op::Minus), 1),
            ('*', _) => (TokenKind::Op(Op::Mul), 1),
            ('/', Some('/')) => (TokenKind::Op(Op::IntDiv), 2),
            ('/', _) => (TokenKind::Op(Op::Div), 1),
            ('%', _) => (TokenKind::Op(Op::Mod), 1),
            ('^', _) => (TokenKind::Op(Op::Pow), 1),
            ('~', _) => (TokenKind::Op(Op::Regexp), 1),
            ('|', Some('|')) => (TokenKind::Op(Op::Concat), 2),
            // `==` is not QGIS syntax; it is accepted as `=` because it cannot mean anything else.
            ('=', Some('=')) => (TokenKind::Op(Op::Eq), 2),
            ('=', _) => (TokenKind::Op(Op::Eq), 1),
            ('!', Some('=')) => (TokenKind::Op(Op::Ne), 2),
            ('<', Some('>')) => (TokenKind::Op(Op::Ne), 2),
            ('<', Some('=')) => (TokenKind::Op(Op::Le), 2),
            ('<', _) => (TokenKind::Op(Op::Lt), 1),
            ('>', Some('=')) => (TokenKind::Op(Op::Ge), 2),
            ('>', _) => (TokenKind::Op(Op::Gt), 1),
            ('\'', _) => return self.string().map(|s| self.token(TokenKind::Str(s), first)),
            ('"', _) => return self.quoted_field().map(|s| self.token(TokenKind::QuotedIdent(s), first)),
            ('$', _) => return self.sigil_word('$'),
            ('@', _) => return self.sigil_word('@'),
            (c, _) if c.is_ascii_digit() => return self.number(),
            ('.', Some(d)) if d.is_ascii_digit() => return self.number(),
            (c, _) if is_word_start(c) => return Ok(self.word_or_named(first)),
            ('|', _) => return Err(Problem::new(first + 1, "unexpected '|'; concatenation is written '||'")),
            ('!', _) => {
                return Err(Problem::new(first + 1, "unexpected '!'; write NOT for negation or != for inequality"));
            }
            (':', Some('=')) => {
                return Err(Problem::new(
                    first + 1,
                    "':=' names an argument and needs a name before it, as in round(value:=2.5)",
                ));
            }
            (c, _) => return Err(Problem::new(first + 1, format!("unexpected character '{c}'"))),
        };
        self.idx += width;
        Ok(self.token(kind, first))
    }

    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek().filter(|c| is_word_char(*c)) {
            word.push(c);
            self.idx += 1;
        }
        word
    }

    /// A word, or `word :=` (blanks allowed around `:=`), which names an argument.
    fn word_or_named(&mut self, first: usize) -> Token {
        let word = self.word();
        let after_word = self.idx;
        while self.peek().is_some_and(char::is_whitespace) {
            self.idx += 1;
        }
        if self.peek() == Some(':') && self.peek_at(1) == Some('=') {
            self.idx += 2;
            return self.token(TokenKind::Named(word), first);
        }
        self.idx = after_word;
        self.token(TokenKind::Ident(word), first)
    }

    /// Reads a single-quoted text literal with QGIS's escapes.
    fn string(&mut self) -> Result<String, Problem> {
        let opened = self.idx;
        self.idx += 1;
        let mut out = String::new();
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some('\''), Some('\'')) => {
                    out.push('\'');
                    self.idx += 2;
                }
                (Some('\''), _) => {
                    self.idx += 1;
                    return Ok(out);
                }
                (Some('\\'), Some(escaped)) => {
                    out.push(match escaped {
                        'n' => '\n',
                        't' => '\t',
                        '\\' => '\\',
                        '\'' => '\'',
                        _ => '?',
                    });
                    self.idx += 2;
                }
                (Some(c), _) => {
                    out.push(c);
                    self.idx += 1;
                }
                (None, _) => return Err(Problem::new(opened + 1, "this text is never closed with '")),
            }
        }
    }

    /// Reads a double-quoted field name, where `""` stands for a quote.
    fn quoted_field(&mut self) -> Result<String, Problem> {
        let opened = self.idx;
        self.idx += 1;
        let mut out = String::new();
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some('"'), Some('"')) => {
                    out.push('"');
                    self.idx += 2;
                }
                (Some('"'), _) => {
                    self.idx += 1;
                    return Ok(out);
                }
                (Some(c), _) => {
                    out.push(c);
                    self.idx += 1;
                }
                (None, _) => return Err(Problem::new(opened + 1, "this quoted field name is never closed with \"")),
            }
        }
    }

    fn sigil_word(&mut self, sigil: char) -> Result<Token, Problem> {
        let first = self.idx;
        self.idx += 1;
        if !self.peek().is_some_and(is_word_start) {
            let example = if sigil == '$' { "$geometry" } else { "@row_number" };
            return Err(Problem::new(first + 1, format!("expected a name after '{sigil}', such as {example}")));
        }
        let name = self.word();
        let kind = if sigil == '$' { TokenKind::Special(name) } else { TokenKind::Variable(name) };
        Ok(self.token(kind, first))
    }

    fn number(&mut self) -> Result<Token, Problem> {
        let first = self.idx;
        let mut is_float = false;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.idx += 1;
        }
        if self.peek() == Some('.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            is_float = true;
            self.idx += 1;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.idx += 1;
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let sign = usize::from(matches!(self.peek_at(1), Some('+' | '-')));
            if self.peek_at(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                is_float = true;
                self.idx += 1 + sign;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.idx += 1;
                }
            } else {
                return Err(Problem::new(self.idx + 1, "a number's exponent needs digits, as in 1e6"));
            }
        }
        if self.peek() == Some('.') {
            return Err(Problem::new(self.idx + 1, "a number cannot end with '.'; write 1.0 or 1"));
        }
        if self.peek().is_some_and(is_word_char) {
            return Err(Problem::new(
                self.idx + 1,
                "a number runs into a name; put a space or an operator between them",
            ));
        }
        let literal = &self.text[self.byte_at(first)..self.byte_at(self.idx)];
        let kind = match literal.parse::<i64>() {
            Ok(int) if !is_float => TokenKind::Int(int),
            _ => match literal.parse::<f64>() {
                Ok(float) => TokenKind::Float(float),
                Err(_) => return Err(Problem::new(first + 1, format!("'{literal}' is not a number"))),
            },
        };
        Ok(self.token(kind, first))
    }
}

fn is_word_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic() || !c.is_ascii()
}

fn is_word_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric() || (!c.is_ascii() && !c.is_whitespace())
}

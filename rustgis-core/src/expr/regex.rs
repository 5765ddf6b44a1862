//! Regular expressions as QGIS reads them (Qt's QRegularExpression, which is PCRE2):
//! lookaround, backreferences and possessive quantifiers work, through fancy-regex. The `~`
//! operator uses ASCII `\d`, `\w` and `\s` as QGIS does; the `regexp_*` functions use Unicode
//! classes (QGIS sets UseUnicodePropertiesOption there). Compiled patterns are cached.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use fancy_regex::Regex;

/// How long one match may backtrack before it is given up as an error rather than hanging.
const BACKTRACK_LIMIT: usize = 1_000_000;

/// How many compiled patterns each thread keeps.
const CACHE_SIZE: usize = 256;

thread_local! {
    static CACHE: RefCell<HashMap<(String, bool), Arc<Regex>>> = RefCell::new(HashMap::new());
}

/// The compiled pattern; `ascii` makes `\d \w \s` match ASCII only, as QGIS's `~`.
pub(crate) fn compile(pattern: &str, ascii: bool) -> Result<Arc<Regex>, String> {
    let key = (pattern.to_owned(), ascii);
    if let Some(regex) = CACHE.with(|cache| cache.borrow().get(&key).cloned()) {
        return Ok(regex);
    }
    let source = if ascii { ascii_classes(pattern) } else { pattern.to_owned() };
    let regex = fancy_regex::RegexBuilder::new(&source)
        .backtrack_limit(BACKTRACK_LIMIT)
        .build()
        .map_err(|e| format!("invalid regular expression '{pattern}': {e}"))?;
    let regex = Arc::new(regex);
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&regex));
    });
    Ok(regex)
}

/// Rewrites `\d \D \w \W \s \S` to their ASCII classes.
fn ascii_classes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut in_class = false;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let (inside, outside) = match next {
                    'd' => ("0-9", "[0-9]"),
                    'D' => ("", "[^0-9]"),
                    'w' => ("0-9A-Za-z_", "[0-9A-Za-z_]"),
                    'W' => ("", "[^0-9A-Za-z_]"),
                    's' => ("\\t\\n\\x0B\\f\\r ", "[\\t\\n\\x0B\\f\\r ]"),
                    'S' => ("", "[^\\t\\n\\x0B\\f\\r ]"),
                    _ => ("", ""),
                };
                if in_class && !inside.is_empty() {
                    out.push_str(inside);
                } else if !in_class && !outside.is_empty() {
                    out.push_str(outside);
                } else {
                    out.push('\\');
                    out.push(next);
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push_str("\\]");
                    chars.next();
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            other => out.push(other),
        }
    }
    out
}

/// `text ~ pattern`: whether the pattern matches anywhere in the text.
pub(crate) fn operator_matches(text: &str, pattern: &str) -> Result<bool, String> {
    let regex = compile(pattern, true)?;
    regex.is_match(text).map_err(|e| format!("the regular expression '{pattern}' could not run: {e}"))
}

/// Rewrites a Qt replacement (`\1` for a group) into fancy-regex's (`${1}`, `$$` for `$`).
pub(crate) fn replacement(after: &str) -> String {
    let mut out = String::with_capacity(after.len());
    let mut chars = after.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => out.push_str("$$"),
            '\\' => match chars.peek() {
                Some(d) if d.is_ascii_digit() => {
                    let mut digits = String::new();
                    while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        digits.push(*d);
                        chars.next();
                        if digits.len() == 2 {
                            break;
                        }
                    }
                    out.push_str(&format!("${{{digits}}}"));
                }
                Some('\\') => {
                    chars.next();
                    out.push('\\');
                }
                _ => out.push('\\'),
            },
            other => out.push(other),
        }
    }
    out
}

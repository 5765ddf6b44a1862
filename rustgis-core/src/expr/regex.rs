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
    let source = pcre_references(pattern).map_err(|e| format!("invalid regular expression '{pattern}': {e}"))?;
    let source = if ascii { ascii_classes(&source) } else { source };
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

/// Most calls to a group (`\g<…>`, `\g'…'`) a pattern may make: fancy-regex's check of a
/// pattern calling itself takes time exponential in the calls (`a|b\g<0>|c\g<0>` took 0.8 s,
/// one more call hours; found by the expression fuzzer), and one call covers the usual
/// recursive patterns such as balanced brackets.
const MAX_GROUP_CALLS: usize = 1;

/// PCRE2's syntax where fancy-regex reads it otherwise, checked for what fancy-regex cannot
/// survive. `\gN`, `\g-N` and `\g{…}` are backreferences in PCRE2 (fancy-regex would call the
/// group): they become `\k<…>`. `\g<…>` and `\g'…'` call a group: at most [`MAX_GROUP_CALLS`],
/// each to a number within the pattern's groups (bounded by the count of `(`), since fancy-regex
/// sizes a bit set by the number before it checks it: `\g<11115010200000000000>` asked for 1.4
/// exabytes and aborted the process.
fn pcre_references(pattern: &str) -> Result<String, String> {
    let groups = pattern.matches('(').count();
    let mut out = String::with_capacity(pattern.len());
    let mut calls = 0;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '\\' {
            continue;
        }
        let Some(next) = chars.next() else { break };
        if next == 'p' || next == 'P' {
            // A Unicode class, `\pL` or `\p{Greek}`: its name is one character (a backslash
            // too, as fancy-regex reads it) or all up to `}`, never the start of an escape.
            out.push(next);
            match chars.next() {
                Some('{') => {
                    out.push('{');
                    for n in chars.by_ref() {
                        out.push(n);
                        if n == '}' {
                            break;
                        }
                    }
                }
                Some(n) => out.push(n),
                None => {}
            }
            continue;
        }
        if next != 'g' {
            out.push(next);
            continue;
        }
        out.pop();
        match chars.peek().copied() {
            Some(open @ ('<' | '\'')) => {
                chars.next();
                let close = if open == '<' { '>' } else { '\'' };
                let mut name = String::new();
                while let Some(n) = chars.next_if(|n| *n != close) {
                    name.push(n);
                }
                let closed = chars.next_if_eq(&close).is_some();
                calls += 1;
                if calls > MAX_GROUP_CALLS {
                    return Err(format!(
                        "it calls groups more than {MAX_GROUP_CALLS} time (\\g<…> or \\g'…'); more calls can take hours to prepare: write the repeated part out, or use a backreference (\\1)"
                    ));
                }
                let number = name.trim_start_matches(['+', '-']).trim_start_matches('0');
                if !number.is_empty()
                    && number.chars().all(|d| d.is_ascii_digit())
                    && (number.len() > 9 || number.parse::<usize>().is_ok_and(|n| n > groups))
                {
                    let shown: String = name.chars().take(12).collect();
                    let more = if name.chars().count() > 12 { "…" } else { "" };
                    return Err(format!(
                        "\\g{open}{shown}{more}{close} calls group {shown}{more}, but the pattern has at most {groups} groups; a call takes the number or name of a group in the pattern"
                    ));
                }
                out.push_str("\\g");
                out.push(open);
                out.push_str(&name);
                if closed {
                    out.push(close);
                }
            }
            Some('{') => {
                chars.next();
                let mut name = String::new();
                while let Some(n) = chars.next_if(|n| *n != '}') {
                    name.push(n);
                }
                if chars.next_if_eq(&'}').is_none() {
                    return Err(format!("\\g{{{name} has no closing }}"));
                }
                out.push_str(&format!("\\k<{name}>"));
            }
            Some(d) if d == '-' || d.is_ascii_digit() => {
                let mut number = String::new();
                if let Some(sign) = chars.next_if_eq(&'-') {
                    number.push(sign);
                }
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    number.push(d);
                }
                out.push_str(&format!("\\k<{number}>"));
            }
            _ => out.push_str("\\g"),
        }
    }
    Ok(out)
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

#[cfg(test)]
mod tests {
    use super::compile;

    #[test]
    fn a_call_to_a_group_past_the_patterns_groups_is_an_error_not_an_abort() {
        for pattern in
            [r"(a)\g<11115010200000000000>", r"(a)\g<9999999999999>", r"(a)\g'9999999999999'", r"(a)\g<+9999999999999>"]
        {
            let error = compile(pattern, true).expect_err("refused");
            assert!(error.contains("at most 1 groups"), "{error}");
        }
    }

    #[test]
    fn a_pattern_calling_groups_twice_is_refused_naming_the_limit_instead_of_taking_hours() {
        let error = compile(r"a|b\g<0>|c\g<0>", false).expect_err("refused");
        assert!(error.contains("calls groups more than 1 time"), "{error}");
    }

    #[test]
    fn one_recursive_call_matches_balanced_brackets() {
        let regex = compile(r"^(\((?:[^()]|\g<1>)*\))$", false).expect("compiles");
        assert!(regex.is_match("(a(b)(c(d)))").expect("runs"));
        assert!(!regex.is_match("(a(b)").expect("runs"));
    }

    #[test]
    fn backslash_g_with_a_number_is_a_backreference_as_in_pcre() {
        let huge = r"(a)\g11115010200000000000";
        assert!(compile(huge, false).is_err(), "a reference to a missing group is an error");
        for pattern in [r"(a|b)\g1", r"(a|b)\g{1}", r"(a|b)\g-1", r"(a|b)\g{-1}"] {
            let regex = compile(pattern, false).unwrap_or_else(|e| panic!("{pattern}: {e}"));
            assert!(regex.is_match("xaa").expect("runs"), "{pattern} matches aa");
            assert!(!regex.is_match("xab").expect("runs"), "{pattern} refers back, it does not call the group");
        }
        assert!(compile(r"\\g99", false).is_ok(), "an escaped backslash before g is not a reference");
    }

    #[test]
    fn a_unicode_class_named_by_a_backslash_does_not_hide_the_call_after_it() {
        // fancy-regex reads `\P\` as a class named `\`, so `\g…` after it is a call (fuzzer).
        let error = compile(r"\P\\g<115010200000000000>", false).expect_err("refused");
        assert!(error.contains("at most 0 groups"), "{error}");
        assert!(compile(r"\p{Greek}+\pL", false).is_ok());
    }
}

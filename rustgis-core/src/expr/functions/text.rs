//! Text functions, fuzzy matching and regular expressions.

use super::{Args, Fail, Out, max_text, text_out, too_long};
use crate::expr::regex;
use crate::expr::value::Val;

fn count(text: &str) -> i64 {
    i64::try_from(text.chars().count()).unwrap_or(i64::MAX)
}

pub(super) fn lower(args: &Args<'_, '_>) -> Out {
    text_out(args.text(0).to_lowercase())
}

pub(super) fn upper(args: &Args<'_, '_>) -> Out {
    text_out(args.text(0).to_uppercase())
}

/// Each space-separated word longer than one character with a capital first letter and the
/// rest in lower case, as QGIS.
pub(super) fn title(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let words: Vec<String> = text
        .split(' ')
        .map(|word| {
            if word.chars().count() > 1 {
                let mut chars = word.chars();
                let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
                first + chars.as_str().to_lowercase().as_str()
            } else {
                word.to_owned()
            }
        })
        .collect();
    text_out(words.join(" "))
}

pub(super) fn trim(args: &Args<'_, '_>) -> Out {
    text_out(args.text(0).trim().to_owned())
}

pub(super) fn ltrim(args: &Args<'_, '_>) -> Out {
    let (text, characters) = (args.text(0), args.text(1));
    text_out(text.trim_start_matches(|c| characters.contains(c)).to_owned())
}

pub(super) fn rtrim(args: &Args<'_, '_>) -> Out {
    let (text, characters) = (args.text(0), args.text(1));
    text_out(text.trim_end_matches(|c| characters.contains(c)).to_owned())
}

pub(super) fn char_(args: &Args<'_, '_>) -> Out {
    let code = args.int(0)?;
    let c = u32::try_from(code)
        .ok()
        .and_then(char::from_u32)
        .ok_or_else(|| args.error(format!("{code} is not a Unicode character")))?;
    Ok(Val::text(c.to_string()))
}

pub(super) fn ascii(args: &Args<'_, '_>) -> Out {
    Ok(args.text(0).chars().next().map_or(Val::Null, |c| Val::Int(i64::from(u32::from(c)))))
}

/// QGIS's word wrap: a positive length is the longest a line may be, a negative one the
/// shortest before a break; breaks go at the delimiter (blanks or zero-width spaces).
pub(super) fn wordwrap(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let length = args.int(1)?;
    let delimiter = args.text(2);
    if text.is_empty() || length == 0 {
        return text_out(text);
    }
    let is_delimiter = |chars: &[char], at: usize| -> bool {
        if delimiter.is_empty() {
            chars.get(at).is_some_and(|c| c.is_whitespace() || *c == '\u{200B}')
        } else {
            let d: Vec<char> = delimiter.chars().collect();
            chars.get(at..at + d.len()).is_some_and(|s| s == d.as_slice())
        }
    };
    let delimiter_len = if delimiter.is_empty() { 1 } else { delimiter.chars().count() };
    let max_line = length > 0;
    let wrap = usize::try_from(length.unsigned_abs()).unwrap_or(usize::MAX);
    let mut out = String::new();
    let lines: Vec<&str> = text.split('\n').collect();
    for (idx, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let n = chars.len();
        if n <= wrap {
            out.push_str(line);
        } else {
            let (mut current, mut last_hit) = (0usize, None::<usize>);
            let find_forward = |from: usize| (from..n).find(|&i| is_delimiter(&chars, i));
            let find_backward =
                |from: usize| (0..=from.min(n.saturating_sub(1))).rev().find(|&i| is_delimiter(&chars, i));
            while current < n {
                let hit = if max_line {
                    let mut hit = if current + wrap >= n { None } else { find_backward(current + wrap) };
                    if hit == last_hit || hit.is_none() || hit.is_some_and(|h| h < current) {
                        hit = if current + wrap >= n { None } else { find_forward(current + wrap) };
                    }
                    last_hit = hit;
                    hit
                } else if current + wrap >= n {
                    None
                } else {
                    find_forward(current + wrap)
                };
                match hit {
                    Some(h) => {
                        out.extend(&chars[current..h]);
                        out.push('\n');
                        current = h + delimiter_len;
                    }
                    None => {
                        out.extend(&chars[current..]);
                        current = n;
                    }
                }
            }
        }
        if idx + 1 < lines.len() {
            out.push('\n');
        }
    }
    text_out(out)
}

/// `length(text)`, or the planar length of a line geometry (NULL for other geometries).
pub(super) fn length(args: &Args<'_, '_>) -> Out {
    if let Val::Geometry(geometry) = args.get(0) {
        return Ok(super::geometry::planar_length(geometry).map_or(Val::Null, Val::Double));
    }
    Ok(Val::Int(count(&args.text(0))))
}

/// `replace(text, before, after)` with texts or arrays, or `replace(text, map)`.
pub(super) fn replace(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let pairs: Vec<(String, String)> = match (args.len(), args.get(1), args.get(2)) {
        (2, Val::Map(map), _) => {
            // Longest keys first, so that "11" wins over "1"; each position replaced once.
            let mut pairs: Vec<(String, String)> = map.iter().map(|(k, v)| (k.clone(), v.to_text())).collect();
            pairs.sort_by_key(|pair| std::cmp::Reverse(pair.0.chars().count()));
            return text_out(replace_all_at_once(&text, &pairs));
        }
        (3, Val::Array(before), Val::Array(after)) => {
            if before.len() != after.len() {
                return Err(args.error("before and after must be arrays of the same length"));
            }
            before.iter().zip(after.iter()).map(|(b, a)| (b.to_text(), a.to_text())).collect()
        }
        (3, Val::Array(before), after) => before.iter().map(|b| (b.to_text(), after.to_text())).collect(),
        (3, before, after) => vec![(before.to_text(), after.to_text())],
        (2, other, _) => {
            return Err(args.error(format!(
                "with two arguments the second must be a map of before → after, not {}",
                other.describe()
            )));
        }
        _ => return Err(args.error("takes (text, before, after) or (text, map)")),
    };
    let mut out = text;
    for (before, after) in pairs {
        if before.is_empty() {
            continue;
        }
        let grows = after.len().saturating_sub(before.len()).saturating_mul(out.matches(before.as_str()).count());
        if out.len().saturating_add(grows) > max_text() {
            return Err(Fail::new(too_long("replace()", out.len().saturating_add(grows))));
        }
        out = out.replace(&before, &after);
    }
    text_out(out)
}

fn replace_all_at_once(text: &str, pairs: &[(String, String)]) -> String {
    let mut out = String::new();
    let mut rest = text;
    'outer: while !rest.is_empty() {
        for (before, after) in pairs {
            if !before.is_empty() && rest.starts_with(before.as_str()) {
                out.push_str(after);
                rest = &rest[before.len()..];
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap_or_default();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

pub(super) fn regexp_replace(args: &Args<'_, '_>) -> Out {
    let (text, pattern, after) = (args.text(0), args.text(1), args.text(2));
    let regex = regex::compile(&pattern, false).map_err(|m| args.error(m))?;
    let replacement = regex::replacement(&after);
    let mut out = String::new();
    let mut last = 0;
    for captures in regex.captures_iter(text.as_str()) {
        let captures = captures.map_err(|e| args.error(format!("the regular expression could not run: {e}")))?;
        let Some(whole) = captures.get(0) else { continue };
        out.push_str(&text[last..whole.start()]);
        captures.expand(&replacement, &mut out);
        last = whole.end();
        if out.len() > max_text() {
            return Err(Fail::new(too_long("regexp_replace()", out.len())));
        }
    }
    out.push_str(&text[last..]);
    text_out(out)
}

pub(super) fn regexp_substr(args: &Args<'_, '_>) -> Out {
    let (text, pattern) = (args.text(0), args.text(1));
    let regex = regex::compile(&pattern, false).map_err(|m| args.error(m))?;
    let captures =
        regex.captures(text.as_str()).map_err(|e| args.error(format!("the regular expression could not run: {e}")))?;
    Ok(Val::text(match captures {
        Some(c) if c.len() > 1 => c.get(1).map_or("", |m| m.as_str()).to_owned(),
        Some(c) => c.get(0).map_or("", |m| m.as_str()).to_owned(),
        None => String::new(),
    }))
}

pub(super) fn regexp_matches(args: &Args<'_, '_>) -> Out {
    let (text, pattern, empty) = (args.text(0), args.text(1), args.text(2));
    let regex = regex::compile(&pattern, false).map_err(|m| args.error(m))?;
    let captures =
        regex.captures(text.as_str()).map_err(|e| args.error(format!("the regular expression could not run: {e}")))?;
    Ok(match captures {
        Some(c) => Val::Array(std::sync::Arc::new(
            (1..c.len())
                .map(|i| {
                    let s = c.get(i).map_or("", |m| m.as_str());
                    Val::text(if s.is_empty() { empty.as_str() } else { s })
                })
                .collect(),
        )),
        None => Val::Null,
    })
}

/// `regexp_match`: the 1-based position of the first match, 0 if none.
pub(super) fn regexp_match(args: &Args<'_, '_>) -> Out {
    let (text, pattern) = (args.text(0), args.text(1));
    let regex = regex::compile(&pattern, false).map_err(|m| args.error(m))?;
    let found =
        regex.find(text.as_str()).map_err(|e| args.error(format!("the regular expression could not run: {e}")))?;
    Ok(Val::Int(found.map_or(0, |m| count(&text[..m.start()]) + 1)))
}

/// QGIS's substr: `start` is 1-based and counts from the end when negative; a negative `length`
/// leaves that many characters off the end.
pub(super) fn substr(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() {
        return Ok(Val::Null);
    }
    let chars: Vec<char> = args.text(0).chars().collect();
    let n = i64::try_from(chars.len()).unwrap_or(i64::MAX);
    let mut from = args.int(1)?;
    let mut length = if args.get(2).is_null() { n } else { args.int(2)? };
    if from < 0 {
        from = (n + from).max(0);
    } else if from > 0 {
        from -= 1;
    }
    if length < 0 {
        length = (n + length - from).max(0);
    }
    let from = usize::try_from(from).unwrap_or(usize::MAX);
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    text_out(chars.iter().skip(from).take(length).collect())
}

pub(super) fn concat(args: &Args<'_, '_>) -> Out {
    let mut out = String::new();
    for value in &args.values {
        out.push_str(&value.to_text());
        if out.len() > max_text() {
            return Err(Fail::new(too_long("concat()", out.len())));
        }
    }
    text_out(out)
}

pub(super) fn strpos(args: &Args<'_, '_>) -> Out {
    let (haystack, needle) = (args.text(0), args.text(1));
    Ok(Val::Int(haystack.find(&needle).map_or(0, |byte| count(&haystack[..byte]) + 1)))
}

pub(super) fn left(args: &Args<'_, '_>) -> Out {
    let (text, n) = (args.text(0), args.int(1)?);
    text_out(if n < 0 { text } else { text.chars().take(usize::try_from(n).unwrap_or(usize::MAX)).collect() })
}

pub(super) fn right(args: &Args<'_, '_>) -> Out {
    let (text, n) = (args.text(0), args.int(1)?);
    if n < 0 {
        return text_out(text);
    }
    let skip = (count(&text) - n).max(0);
    text_out(text.chars().skip(usize::try_from(skip).unwrap_or(0)).collect())
}

fn pad(args: &Args<'_, '_>, at_start: bool) -> Out {
    let text = args.text(0);
    let width = usize::try_from(args.int(1)?.max(0)).unwrap_or(0);
    let Some(fill) = args.text(2).chars().next() else {
        return Err(args.fail(2, "a fill character"));
    };
    let length = text.chars().count();
    if length >= width {
        return text_out(text.chars().take(width).collect());
    }
    let bytes = text.len().saturating_add((width - length).saturating_mul(fill.len_utf8()));
    if bytes > max_text() {
        return Err(Fail::new(too_long(&format!("{}() to width {width}", args.function.name), bytes)));
    }
    let padding: String = std::iter::repeat_n(fill, width - length).collect();
    text_out(if at_start { padding + text.as_str() } else { text + padding.as_str() })
}

pub(super) fn rpad(args: &Args<'_, '_>) -> Out {
    pad(args, false)
}

pub(super) fn lpad(args: &Args<'_, '_>) -> Out {
    pad(args, true)
}

/// `format('%1 %2', a, b)`: each argument replaces the lowest-numbered `%n` left, as Qt's arg().
pub(super) fn format(args: &Args<'_, '_>) -> Out {
    if args.len() == 0 {
        return Err(args.error("needs at least the text to format"));
    }
    let mut text = args.text(0);
    for idx in 1..args.len() {
        let value = args.text(idx);
        // Qt's arg() replaces every occurrence of the lowest %n (n from 1 to 99).
        let mut lowest: Option<u32> = None;
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            if bytes[i] == b'%' {
                let digits: String = text[i + 1..].chars().take(2).take_while(char::is_ascii_digit).collect();
                if let Ok(n) = digits.parse::<u32>()
                    && n > 0
                {
                    lowest = Some(lowest.map_or(n, |l| l.min(n)));
                }
            }
        }
        let Some(n) = lowest else { continue };
        let marker = format!("%{n}");
        let mut out = String::new();
        let mut rest = text.as_str();
        while let Some(pos) = rest.find(&marker) {
            let after = &rest[pos + marker.len()..];
            // `%1` must not be the start of `%10`.
            if n < 10 && after.starts_with(|c: char| c.is_ascii_digit()) {
                out.push_str(&rest[..pos + marker.len()]);
                rest = after;
                continue;
            }
            out.push_str(&rest[..pos]);
            out.push_str(&value);
            rest = after;
        }
        out.push_str(rest);
        text = out;
    }
    text_out(text)
}

/// `format_number`: fixed places with thousands separators, in English (QGIS's default C
/// locale) or a language's separators.
pub(super) fn format_number(args: &Args<'_, '_>) -> Out {
    let value = args.double(0)?;
    let places = args.int(1)?;
    if places < 0 {
        return Err(args.error("the number of places must be positive"));
    }
    let places = usize::try_from(places.min(30)).unwrap_or(0);
    let (group, decimal) = separators(&args.text(2)).map_err(|m| args.error(m))?;
    let omit_groups = args.bool(3)?;
    let trim = args.bool(4)?;
    let fixed = format!("{:.places$}", value.abs());
    let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut grouped = String::new();
    for (idx, digit) in whole.chars().enumerate() {
        if idx > 0 && (whole.len() - idx) % 3 == 0 && !omit_groups {
            grouped.push_str(group);
        }
        grouped.push(digit);
    }
    let mut fraction = fraction.to_owned();
    if trim {
        while fraction.ends_with('0') {
            fraction.pop();
        }
    }
    if !fraction.is_empty() {
        grouped.push_str(decimal);
        grouped.push_str(&fraction);
    }
    let is_zero = fixed.chars().all(|c| c == '0' || c == '.');
    text_out(if value < 0.0 && !is_zero { format!("-{grouped}") } else { grouped })
}

/// The thousands and decimal separators of a language (English when none is given).
fn separators(language: &str) -> Result<(&'static str, &'static str), String> {
    let lang = language.split(['_', '-']).next().unwrap_or("").to_ascii_lowercase();
    Ok(match lang.as_str() {
        "" | "en" | "c" | "ja" | "zh" | "ko" | "he" | "th" => (",", "."),
        "de" | "it" | "es" | "nl" | "pt" | "id" | "tr" | "da" | "el" | "ro" | "hr" | "sl" | "sr" => (".", ","),
        // French, Polish, Czech, Russian… separate thousands with a (narrow) no-break space.
        "fr" => ("\u{202F}", ","),
        "pl" | "cs" | "sk" | "ru" | "uk" | "fi" | "sv" | "nb" | "no" | "hu" | "bg" | "lt" | "lv" | "et" => {
            ("\u{A0}", ",")
        }
        "de_ch" => ("’", "."),
        other => {
            return Err(format!(
                "the separators of language '{other}' are not known; give one of en, de, fr, it, es, nl, pt, pl, ru, sv"
            ));
        }
    })
}

pub(super) fn levenshtein(args: &Args<'_, '_>) -> Out {
    Ok(Val::Int(i64::try_from(crate::expr::parser::edit_distance(&args.text(0), &args.text(1))).unwrap_or(i64::MAX)))
}

pub(super) fn longest_common_substring(args: &Args<'_, '_>) -> Out {
    let a: Vec<char> = args.text(0).chars().collect();
    let b: Vec<char> = args.text(1).chars().collect();
    let (mut best_len, mut best_end) = (0, 0);
    let mut previous = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        let mut current = vec![0usize; b.len() + 1];
        for j in 1..=b.len() {
            if a[i - 1] == b[j - 1] {
                current[j] = previous[j - 1] + 1;
                if current[j] > best_len {
                    best_len = current[j];
                    best_end = i;
                }
            }
        }
        previous = current;
    }
    Ok(Val::text(a[best_end - best_len..best_end].iter().collect::<String>()))
}

pub(super) fn hamming_distance(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.text(0), args.text(1));
    if a.chars().count() != b.chars().count() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(a.chars().zip(b.chars()).filter(|(x, y)| x != y).count()).unwrap_or(0)))
}

pub(super) fn soundex(args: &Args<'_, '_>) -> Out {
    let text = args.text(0).to_uppercase();
    let kept: Vec<char> = text
        .chars()
        .enumerate()
        .filter(|(i, c)| {
            c.is_ascii_uppercase() && (*i == 0 || !matches!(c, 'A' | 'E' | 'H' | 'I' | 'O' | 'U' | 'W' | 'Y'))
        })
        .map(|(_, c)| c)
        .collect();
    let Some(first) = kept.first() else {
        return Ok(Val::text(""));
    };
    let code = |c: char| match c {
        'B' | 'F' | 'P' | 'V' => '1',
        'C' | 'G' | 'J' | 'K' | 'Q' | 'S' | 'X' | 'Z' => '2',
        'D' | 'T' => '3',
        'L' => '4',
        'M' | 'N' => '5',
        'R' => '6',
        other => other,
    };
    let mut out = String::from(*first);
    let mut last = *first;
    for c in kept.iter().skip(1) {
        let d = code(*c);
        if d != last {
            out.push(d);
        }
        last = d;
    }
    let mut out: String = out.chars().take(4).collect();
    while out.chars().count() < 4 {
        out.push('0');
    }
    Ok(Val::text(out))
}

/// RustGIS's `text_reverse`: the characters in reverse order.
pub(super) fn text_reverse(args: &Args<'_, '_>) -> Out {
    text_out(args.text(0).chars().rev().collect())
}

/// RustGIS's `starts_with`.
pub(super) fn starts_with(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.text(0).starts_with(&args.text(1))))
}

/// RustGIS's `ends_with`.
pub(super) fn ends_with(args: &Args<'_, '_>) -> Out {
    Ok(Val::Bool(args.text(0).ends_with(&args.text(1))))
}

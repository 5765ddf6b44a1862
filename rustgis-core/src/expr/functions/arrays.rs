//! Arrays and maps.

use std::sync::Arc;

use super::{Args, Fail, Function, Out, arg, text_out};
use crate::expr::eval::{Env, eval, truth};
use crate::expr::parser::Node;
use crate::expr::value::{Val, compare_text};

fn array_out(items: Vec<Val>) -> Out {
    Ok(Val::Array(Arc::new(items)))
}

/// A map value with its entries sorted by key (QGIS's maps are QMaps, sorted by key).
pub(crate) fn sorted_map(mut entries: Vec<(String, Val)>) -> Val {
    entries.sort_by(|a, b| compare_text(&a.0, &b.0));
    entries.dedup_by(|later, earlier| {
        if later.0 == earlier.0 {
            std::mem::swap(&mut later.1, &mut earlier.1);
            true
        } else {
            false
        }
    });
    Val::Map(Arc::new(entries))
}

/// QVariant equality as QGIS's arrays use it: same type and value (numbers compare across
/// integer and double).
fn same(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Int(x), Val::Double(y)) | (Val::Double(y), Val::Int(x)) => (*x as f64) == *y,
        _ => a == b,
    }
}

/// Orders two items as QGIS's array sort does: by QVariant's order (numbers numerically, text
/// by code unit, others by their text).
fn order(a: &Val, b: &Val) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a, b) {
        (Val::Null, Val::Null) => Ordering::Equal,
        (Val::Null, _) => Ordering::Less,
        (_, Val::Null) => Ordering::Greater,
        _ => {
            if let (Some(x), Some(y)) = (number_of(a), number_of(b)) {
                return x.total_cmp(&y);
            }
            match (a, b) {
                (Val::Date(x), Val::Date(y)) => x.cmp(y),
                (Val::DateTime(x), Val::DateTime(y)) => x.cmp(y),
                (Val::Time(x), Val::Time(y)) => x.cmp(y),
                _ => compare_text(&a.to_text(), &b.to_text()),
            }
        }
    }
}

fn number_of(value: &Val) -> Option<f64> {
    match value {
        Val::Int(i) => Some(*i as f64),
        Val::Double(d) => Some(*d),
        _ => None,
    }
}

pub(super) fn array(args: &Args<'_, '_>) -> Out {
    array_out(args.values.clone())
}

pub(super) fn array_sort(args: &Args<'_, '_>) -> Out {
    let mut items = args.list(0)?.to_vec();
    items.sort_by(order);
    if !args.bool(1)? {
        items.reverse();
    }
    array_out(items)
}

pub(super) fn array_length(args: &Args<'_, '_>) -> Out {
    Ok(Val::Int(i64::try_from(args.list(0)?.len()).unwrap_or(i64::MAX)))
}

pub(super) fn array_contains(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() {
        return Ok(Val::Null);
    }
    Ok(Val::Bool(args.list(0)?.iter().any(|v| same(v, args.get(1)))))
}

pub(super) fn array_count(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() {
        return Ok(Val::Null);
    }
    Ok(Val::Int(i64::try_from(args.list(0)?.iter().filter(|v| same(v, args.get(1))).count()).unwrap_or(0)))
}

pub(super) fn array_all(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.list(0)?, args.list(1)?);
    Ok(Val::Bool(b.iter().all(|x| a.iter().any(|y| same(x, y)))))
}

pub(super) fn array_find(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() {
        return Ok(Val::Null);
    }
    let list = args.list(0)?;
    Ok(Val::Int(list.iter().position(|v| same(v, args.get(1))).map_or(-1, |i| i64::try_from(i).unwrap_or(-1))))
}

fn index(len: usize, pos: i64) -> Option<usize> {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let pos = if pos < 0 { len + pos } else { pos };
    (0..len).contains(&pos).then(|| usize::try_from(pos).unwrap_or(0))
}

pub(super) fn array_get(args: &Args<'_, '_>) -> Out {
    let list = args.list(0)?;
    Ok(index(list.len(), args.int(1)?).map_or(Val::Null, |i| list[i].clone()))
}

pub(super) fn array_first(args: &Args<'_, '_>) -> Out {
    Ok(args.list(0)?.first().cloned().unwrap_or(Val::Null))
}

pub(super) fn array_last(args: &Args<'_, '_>) -> Out {
    Ok(args.list(0)?.last().cloned().unwrap_or(Val::Null))
}

fn extreme(args: &Args<'_, '_>, larger: bool) -> Out {
    let list = args.list(0)?;
    let mut best: Option<&Val> = None;
    for item in list.iter().filter(|v| !v.is_null()) {
        best = Some(match best {
            None => item,
            Some(b) => {
                let ordering = order(item, b);
                if (larger && ordering.is_gt()) || (!larger && ordering.is_lt()) { item } else { b }
            }
        });
    }
    Ok(best.cloned().unwrap_or(Val::Null))
}

pub(super) fn array_min(args: &Args<'_, '_>) -> Out {
    extreme(args, false)
}

pub(super) fn array_max(args: &Args<'_, '_>) -> Out {
    extreme(args, true)
}

/// The numbers of an array (numeric text included, as QGIS), other items skipped.
fn numbers(list: &[Val]) -> Vec<f64> {
    list.iter().filter(|v| v.is_double_safe()).filter_map(Val::to_double).collect()
}

pub(super) fn array_mean(args: &Args<'_, '_>) -> Out {
    let n = numbers(args.list(0)?);
    Ok(if n.is_empty() { Val::Null } else { Val::Double(n.iter().sum::<f64>() / n.len() as f64) })
}

/// The median as QGIS's statistical summary gives it: an integer when it falls on one.
fn median_of(mut n: Vec<f64>) -> Val {
    if n.is_empty() {
        return Val::Null;
    }
    n.sort_by(f64::total_cmp);
    let mid = n.len() / 2;
    let m = if n.len().is_multiple_of(2) { (n[mid - 1] + n[mid]) / 2.0 } else { n[mid] };
    if m.fract() == 0.0 && m.abs() < 9e15 { Val::Int(m as i64) } else { Val::Double(m) }
}

pub(super) fn array_median(args: &Args<'_, '_>) -> Out {
    Ok(median_of(numbers(args.list(0)?)))
}

/// Each distinct value with its count, in order of first appearance.
fn counts(list: &[Val]) -> Vec<(Val, usize)> {
    let mut out: Vec<(Val, usize)> = Vec::new();
    for item in list {
        match out.iter_mut().find(|(v, _)| same(v, item)) {
            Some((_, n)) => *n += 1,
            None => out.push((item.clone(), 1)),
        }
    }
    out
}

fn majority_like(args: &Args<'_, '_>, most: bool) -> Out {
    let list = args.list(0)?;
    let option = args.text(1).to_lowercase();
    let counts = counts(list);
    if counts.is_empty() {
        return match option.as_str() {
            "all" => array_out(Vec::new()),
            _ => Ok(Val::Null),
        };
    }
    let best =
        if most { counts.iter().map(|(_, n)| *n).max() } else { counts.iter().map(|(_, n)| *n).min() }.unwrap_or(0);
    let chosen: Vec<Val> = counts.iter().filter(|(_, n)| *n == best).map(|(v, _)| v.clone()).collect();
    match option.as_str() {
        "all" => array_out(chosen),
        "any" => Ok(chosen.into_iter().next().unwrap_or(Val::Null)),
        "median" => {
            // The median of the numbers among the chosen items (others are skipped).
            let n = numbers(&chosen);
            if n.is_empty() {
                return Ok(Val::Null);
            }
            Ok(match median_of(n) {
                Val::Int(i) => Val::Double(i as f64),
                other => other,
            })
        }
        "real_majority" if most => {
            let half = list.len() as f64 / 2.0;
            Ok(counts.into_iter().find(|(_, n)| *n as f64 > half).map_or(Val::Null, |(v, _)| v))
        }
        "real_minority" if !most => {
            let half = list.len() as f64 / 2.0;
            // Every item that has no real majority (at most half the items).
            array_out(counts.into_iter().filter(|(_, n)| (*n as f64) <= half).map(|(v, _)| v).collect())
        }
        other => Err(args.error(format!(
            "unknown option '{other}'; use all, any, median or {}",
            if most { "real_majority" } else { "real_minority" }
        ))),
    }
}

pub(super) fn array_majority(args: &Args<'_, '_>) -> Out {
    majority_like(args, true)
}

pub(super) fn array_minority(args: &Args<'_, '_>) -> Out {
    majority_like(args, false)
}

pub(super) fn array_sum(args: &Args<'_, '_>) -> Out {
    let list = args.list(0)?;
    let mut all_int = true;
    let mut sum = 0.0;
    let mut int_sum: i64 = 0;
    let mut any = false;
    for item in list {
        match item {
            Val::Int(i) => {
                int_sum = int_sum.saturating_add(*i);
                sum += *i as f64;
                any = true;
            }
            Val::Double(d) => {
                all_int = false;
                sum += d;
                any = true;
            }
            _ => {}
        }
    }
    Ok(if !any {
        Val::Null
    } else if all_int {
        Val::Int(int_sum)
    } else {
        Val::Double(sum)
    })
}

pub(super) fn array_append(args: &Args<'_, '_>) -> Out {
    let mut items = args.list(0)?.to_vec();
    items.push(args.get(1).clone());
    array_out(items)
}

pub(super) fn array_prepend(args: &Args<'_, '_>) -> Out {
    let mut items = args.list(0)?.to_vec();
    items.insert(0, args.get(1).clone());
    array_out(items)
}

pub(super) fn array_insert(args: &Args<'_, '_>) -> Out {
    let mut items = args.list(0)?.to_vec();
    let pos = args.int(1)?;
    let at = if pos < 0 { 0 } else { usize::try_from(pos).unwrap_or(usize::MAX).min(items.len()) };
    items.insert(at, args.get(2).clone());
    array_out(items)
}

pub(super) fn array_remove_at(args: &Args<'_, '_>) -> Out {
    let mut items = args.list(0)?.to_vec();
    if let Some(i) = index(items.len(), args.int(1)?) {
        items.remove(i);
    }
    array_out(items)
}

pub(super) fn array_remove_all(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() {
        return Ok(Val::Null);
    }
    let value = args.get(1);
    array_out(args.list(0)?.iter().filter(|v| !same(v, value)).cloned().collect())
}

pub(super) fn array_replace(args: &Args<'_, '_>) -> Out {
    let list = args.list(0)?;
    let replace_one = |item: &Val, pairs: &[(Val, Val)]| -> Val {
        pairs.iter().find(|(b, _)| same(b, item)).map_or_else(|| item.clone(), |(_, a)| a.clone())
    };
    let pairs: Vec<(Val, Val)> = match (args.len(), args.get(1), args.get(2)) {
        (2, Val::Map(map), _) => map.iter().map(|(k, v)| (Val::text(k.as_str()), v.clone())).collect(),
        (3, Val::Array(before), Val::Array(after)) => {
            if before.len() != after.len() {
                return Err(args.error("before and after must be arrays of the same length"));
            }
            before.iter().cloned().zip(after.iter().cloned()).collect()
        }
        (3, Val::Array(before), after) => before.iter().map(|b| (b.clone(), after.clone())).collect(),
        (3, before, after) => vec![(before.clone(), after.clone())],
        _ => return Err(args.error("takes (array, before, after) or (array, map)")),
    };
    array_out(list.iter().map(|item| replace_one(item, &pairs)).collect())
}

pub(super) fn array_prioritize(args: &Args<'_, '_>) -> Out {
    let (list, priority) = (args.list(0)?, args.list(1)?);
    let mut items: Vec<Val> = list.to_vec();
    let rank = |v: &Val| priority.iter().position(|p| same(p, v)).unwrap_or(usize::MAX);
    items.sort_by_key(rank);
    array_out(items)
}

pub(super) fn array_cat(args: &Args<'_, '_>) -> Out {
    let mut items = Vec::new();
    for idx in 0..args.len() {
        items.extend(args.list(idx)?.iter().cloned());
    }
    array_out(items)
}

pub(super) fn array_slice(args: &Args<'_, '_>) -> Out {
    let list = args.list(0)?;
    let len = i64::try_from(list.len()).unwrap_or(i64::MAX);
    let norm = |p: i64| if p < 0 { len + p } else { p };
    let (start, end) = (norm(args.int(1)?).max(0), norm(args.int(2)?).min(len - 1));
    if start > end {
        return array_out(Vec::new());
    }
    array_out(list[usize::try_from(start).unwrap_or(0)..=usize::try_from(end).unwrap_or(0)].to_vec())
}

pub(super) fn array_reverse(args: &Args<'_, '_>) -> Out {
    array_out(args.list(0)?.iter().rev().cloned().collect())
}

pub(super) fn array_intersect(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.list(0)?, args.list(1)?);
    Ok(Val::Bool(a.iter().any(|x| b.iter().any(|y| same(x, y)))))
}

pub(super) fn array_distinct(args: &Args<'_, '_>) -> Out {
    let mut out: Vec<Val> = Vec::new();
    for item in args.list(0)? {
        if !out.iter().any(|v| same(v, item)) {
            out.push(item.clone());
        }
    }
    array_out(out)
}

pub(super) fn array_to_string(args: &Args<'_, '_>) -> Out {
    let (delimiter, empty) = (args.text(1), args.text(2));
    let parts: Vec<String> = args
        .list(0)?
        .iter()
        .map(|v| {
            let t = v.to_text();
            if t.is_empty() { empty.clone() } else { t }
        })
        .collect();
    text_out(parts.join(&delimiter))
}

pub(super) fn string_to_array(args: &Args<'_, '_>) -> Out {
    let (text, delimiter, empty) = (args.text(0), args.text(1), args.text(2));
    let parts: Vec<Val> = if delimiter.is_empty() {
        text.chars().map(|c| Val::text(c.to_string())).collect()
    } else {
        text.split(delimiter.as_str())
            .map(|p| if p.is_empty() { Val::text(empty.as_str()) } else { Val::text(p) })
            .collect()
    };
    array_out(parts)
}

pub(super) fn generate_series(args: &Args<'_, '_>) -> Out {
    let (start, stop, step) = (args.double(0)?, args.double(1)?, args.double(2)?);
    if step == 0.0 || (stop > start && step < 0.0) || (stop < start && step > 0.0) {
        return Err(args.error("the step must be non-zero and lead from start towards stop"));
    }
    let n = ((stop - start) / step).floor() as usize + 1;
    if n > 10_000_000 {
        return Err(args.error(format!("would make {n} items; at most 10,000,000")));
    }
    let ints = [start, stop, step].iter().all(|v| v.fract() == 0.0);
    array_out(
        (0..n)
            .map(|i| start + step * i as f64)
            .map(|v| if ints { Val::Int(v as i64) } else { Val::Double(v) })
            .collect(),
    )
}

pub(super) fn array_foreach(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    let list = match arg(args, 0, env, f)? {
        Val::Array(items) => items,
        Val::Null => return Ok(Val::Null),
        other => return Err(Fail::new(format!("array_foreach(): 'array' must be an array, not {}", other.describe()))),
    };
    let Some(Some(expression)) = args.get(1) else {
        return Err(Fail::new("array_foreach() needs an expression"));
    };
    let mut out = Vec::with_capacity(list.len());
    for item in list.iter() {
        env.locals.push(("element".to_owned(), item.clone()));
        let value = eval(expression, env);
        env.locals.pop();
        out.push(value?);
    }
    array_out(out)
}

pub(super) fn array_filter(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    let list = match arg(args, 0, env, f)? {
        Val::Array(items) => items,
        Val::Null => return Ok(Val::Null),
        other => return Err(Fail::new(format!("array_filter(): 'array' must be an array, not {}", other.describe()))),
    };
    let limit = arg(args, 2, env, f)?.to_int().unwrap_or(0);
    let Some(Some(expression)) = args.get(1) else {
        return Err(Fail::new("array_filter() needs an expression"));
    };
    let mut out = Vec::new();
    for item in list.iter() {
        env.locals.push(("element".to_owned(), item.clone()));
        let value = eval(expression, env);
        env.locals.pop();
        if truth(&value?).map_err(|m| Fail::new(format!("array_filter(): {m}")))? == Some(true) {
            out.push(item.clone());
            if limit > 0 && i64::try_from(out.len()).unwrap_or(i64::MAX) >= limit {
                break;
            }
        }
    }
    array_out(out)
}

pub(super) fn map(args: &Args<'_, '_>) -> Out {
    if !args.len().is_multiple_of(2) {
        return Err(args.error("takes keys and values in pairs: map(key, value, key, value…)"));
    }
    let entries = args.values.chunks(2).map(|kv| (kv[0].to_text(), kv[1].clone())).collect();
    Ok(sorted_map(entries))
}

pub(super) fn map_get(args: &Args<'_, '_>) -> Out {
    let key = args.text(1);
    Ok(args.map(0)?.iter().find(|(k, _)| *k == key).map_or(Val::Null, |(_, v)| v.clone()))
}

pub(super) fn map_exist(args: &Args<'_, '_>) -> Out {
    let key = args.text(1);
    Ok(Val::Bool(args.map(0)?.iter().any(|(k, _)| *k == key)))
}

pub(super) fn map_delete(args: &Args<'_, '_>) -> Out {
    let key = args.text(1);
    Ok(sorted_map(args.map(0)?.iter().filter(|(k, _)| *k != key).cloned().collect()))
}

pub(super) fn map_insert(args: &Args<'_, '_>) -> Out {
    let mut entries = args.map(0)?.to_vec();
    let key = args.text(1);
    entries.retain(|(k, _)| *k != key);
    entries.push((key, args.get(2).clone()));
    Ok(sorted_map(entries))
}

pub(super) fn map_concat(args: &Args<'_, '_>) -> Out {
    let mut entries: Vec<(String, Val)> = Vec::new();
    for idx in 0..args.len() {
        for (k, v) in args.map(idx)? {
            entries.retain(|(key, _)| key != k);
            entries.push((k.clone(), v.clone()));
        }
    }
    Ok(sorted_map(entries))
}

pub(super) fn map_akeys(args: &Args<'_, '_>) -> Out {
    array_out(args.map(0)?.iter().map(|(k, _)| Val::text(k.as_str())).collect())
}

pub(super) fn map_avals(args: &Args<'_, '_>) -> Out {
    array_out(args.map(0)?.iter().map(|(_, v)| v.clone()).collect())
}

pub(super) fn map_prefix_keys(args: &Args<'_, '_>) -> Out {
    let prefix = args.text(1);
    Ok(sorted_map(args.map(0)?.iter().map(|(k, v)| (format!("{prefix}{k}"), v.clone())).collect()))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

pub(super) fn map_to_html_table(args: &Args<'_, '_>) -> Out {
    let map = args.map(0)?;
    let headers: String = map.iter().map(|(k, _)| format!("<th>{}</th>", html_escape(k))).collect();
    let cells: String = map.iter().map(|(_, v)| format!("<td>{}</td>", html_escape(&v.to_text()))).collect();
    text_out(format!(
        "\n  <table>\n    <thead>\n      <tr>{headers}</tr>\n    </thead>\n    <tbody>\n      <tr>{cells}</tr>\n    </tbody>\n  </table>"
    ))
}

pub(super) fn map_to_html_dl(args: &Args<'_, '_>) -> Out {
    let map = args.map(0)?;
    let items: String =
        map.iter().map(|(k, v)| format!("<dt>{}</dt><dd>{}</dd>", html_escape(k), html_escape(&v.to_text()))).collect();
    text_out(format!("\n  <dl>\n    {items}\n  </dl>"))
}

fn from_json_value(value: &serde_json::Value) -> Val {
    use serde_json::Value as J;
    match value {
        J::Null => Val::Null,
        J::Bool(b) => Val::Bool(*b),
        J::Number(n) => n.as_i64().map_or_else(|| Val::Double(n.as_f64().unwrap_or(f64::NAN)), Val::Int),
        J::String(s) => Val::text(s.as_str()),
        J::Array(items) => Val::Array(Arc::new(items.iter().map(from_json_value).collect())),
        J::Object(map) => sorted_map(map.iter().map(|(k, v)| (k.clone(), from_json_value(v))).collect()),
    }
}

pub(super) fn from_json(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| args.error(format!("'{text}' is not JSON: {e}")))?;
    Ok(from_json_value(&value))
}

pub(super) fn to_json(args: &Args<'_, '_>) -> Out {
    text_out(args.get(0).to_json().to_string())
}

pub(super) fn hstore_to_map(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let mut entries = Vec::new();
    let mut chars = text.chars().peekable();
    let read_quoted = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| -> Option<String> {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ',') {
            chars.next();
        }
        if chars.peek() == Some(&'"') {
            chars.next();
            let mut s = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => s.push(chars.next()?),
                    '"' => return Some(s),
                    c => s.push(c),
                }
            }
            None
        } else {
            let mut s = String::new();
            while let Some(c) = chars.peek().filter(|c| !c.is_whitespace() && **c != '=' && **c != ',') {
                s.push(*c);
                chars.next();
            }
            (!s.is_empty()).then_some(s)
        }
    };
    while let Some(key) = read_quoted(&mut chars) {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.next() != Some('=') || chars.next() != Some('>') {
            return Err(args.error(format!("'{text}' is not hstore text such as '\"a\"=>\"1\"'")));
        }
        let value = read_quoted(&mut chars).ok_or_else(|| args.error(format!("'{text}' is not hstore text")))?;
        entries.push((key, if value == "NULL" { Val::Null } else { Val::text(value) }));
    }
    Ok(sorted_map(entries))
}

pub(super) fn map_to_hstore(args: &Args<'_, '_>) -> Out {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let parts: Vec<String> = args
        .map(0)?
        .iter()
        .map(|(k, v)| format!("{}=>{}", quote(k), if v.is_null() { "NULL".to_owned() } else { quote(&v.to_text()) }))
        .collect();
    text_out(parts.join(","))
}

pub(super) fn url_encode(args: &Args<'_, '_>) -> Out {
    // As Qt's QUrlQuery: unreserved characters and "!$'()*+,;:@/?" stay, others are %-encoded.
    let encode = |s: &str| -> String {
        let mut out = String::new();
        for b in s.bytes() {
            let c = b as char;
            if c.is_ascii_alphanumeric() || "-._~!$'()*+,;:@/?".contains(c) {
                out.push(c);
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        out
    };
    let parts: Vec<String> =
        args.map(0)?.iter().map(|(k, v)| format!("{}={}", encode(k), encode(&v.to_text()))).collect();
    text_out(parts.join("&"))
}

/// Used by sorting aggregates: QGIS's order of two values.
pub(crate) fn value_order(a: &Val, b: &Val) -> std::cmp::Ordering {
    order(a, b)
}

/// Whether two values are equal as QGIS's arrays see it.
pub(crate) fn same_value(a: &Val, b: &Val) -> bool {
    same(a, b)
}

//! QGIS's own expression tests, run as QGIS runs them (`run_evaluation_test` in
//! tests/src/core/testqgsexpression.cpp): each expression is evaluated without a layer or
//! feature, and must give the same type and value (doubles within 1e-9 relative, colours within
//! 0.001 per component), or an error where QGIS gives one.
//!
//! The cases are in `rustgis-core/tests/data/qgis/` (see its README for their origin). A case
//! RustGIS cannot answer must be refused with an error that says what is not supported and
//! what to write instead; it must never give another value.

use serde_json::Value as Json;

use super::Expr;
use super::value::{Val, format_date_iso};

/// How one case went.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// QGIS's answer.
    Pass,
    /// A clear refusal: says what is unsupported and what to write.
    Refused(String),
    /// An error where QGIS gives a value, without saying it is a refusal.
    Unclear(String),
    /// A value where QGIS gives another value or an error.
    Different(String),
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= relative * a.abs().max(b.abs())
}

/// Whether `got` is `expected` (the fixture's typed JSON) as QGIS compares them.
fn same(got: &Val, expected: &Json) -> bool {
    let value = &expected["value"];
    match (expected["type"].as_str().unwrap_or(""), got) {
        ("null", Val::Null) => true,
        ("bool", Val::Bool(b)) => value.as_bool() == Some(*b),
        ("int", Val::Int(i)) => value.as_i64() == Some(*i),
        ("double", Val::Double(d)) => match value {
            Json::String(s) if s == "nan" => d.is_nan(),
            _ => value.as_f64().is_some_and(|e| close(*d, e, 1e-9)),
        },
        ("string", Val::Text(t)) => value.as_str() == Some(&**t),
        ("date", Val::Date(d)) => value.as_str() == Some(format_date_iso(*d).as_str()),
        ("time", Val::Time(t)) => value.as_str() == Some(time_text(*t).as_str()),
        ("datetime", Val::DateTime(dt)) => {
            value.as_str() == Some(format!("{}T{}", format_date_iso(dt.date()), time_text(dt.time())).as_str())
        }
        ("interval", Val::Interval(i)) => value.as_f64().is_some_and(|e| close(i.seconds, e, 1e-9)),
        ("bytes", Val::Bytes(b)) => {
            value.as_array().is_some_and(|a| a.iter().map(|v| v.as_u64()).eq(b.iter().map(|x| Some(u64::from(*x)))))
        }
        ("list", Val::Array(items)) => {
            let expected_items = value.as_array().map(Vec::as_slice).unwrap_or(&[]);
            items.len() == expected_items.len()
                && items.iter().zip(expected_items).all(|(g, e)| same(g, e) || same_number(g, e))
        }
        ("color", Val::Color(c)) => {
            let spec = match c.spec {
                super::color::Spec::Rgb => "rgb",
                super::color::Spec::Hsv => "hsv",
                super::color::Spec::Hsl => "hsl",
                super::color::Spec::Cmyk => "cmyk",
            };
            let components: Vec<f64> =
                value["components"].as_array().map(|a| a.iter().filter_map(Json::as_f64).collect()).unwrap_or_default();
            value["spec"].as_str() == Some(spec)
                && components.iter().zip(c.c.iter()).all(|(e, g)| (e - g).abs() <= 0.001)
                && value["alpha"].as_f64().is_some_and(|a| (a - c.alpha).abs() <= 0.001)
        }
        _ => false,
    }
}

/// QVariant's == compares numbers across integer and double types.
fn same_number(got: &Val, expected: &Json) -> bool {
    let e = match expected["type"].as_str() {
        Some("int" | "double") => expected["value"].as_f64(),
        _ => None,
    };
    match (got, e) {
        (Val::Int(i), Some(e)) => *i as f64 == e,
        (Val::Double(d), Some(e)) => *d == e,
        _ => false,
    }
}

fn time_text(t: time::Time) -> String {
    format!("{:02}:{:02}:{:02}.{:03}", t.hour(), t.minute(), t.second(), t.millisecond())
}

/// A refusal is clear when it says what is not supported and what to write instead.
fn clear_refusal(message: &str) -> bool {
    message.contains("not supported in RustGIS")
        || message.contains("is not known here")
        || message.contains("not reachable")
}

fn run(case: &Json) -> Outcome {
    let text = case["expression"].as_str().unwrap_or("");
    let eval_error = case["eval_error"].as_bool().unwrap_or(false);
    let expected = &case["expected"];
    let result = Expr::parse(text)
        .map_err(|e| (e.to_string(), false))
        .and_then(|expr| expr.eval_constant().map_err(|p| (p.message.clone(), p.unsupported)));
    match (result, eval_error) {
        (Ok(got), false) if same(&got, expected) => Outcome::Pass,
        (Ok(got), false) => Outcome::Different(format!("{got:?}, QGIS gives {expected}")),
        (Ok(got), true) => Outcome::Different(format!("{got:?}, QGIS gives an evaluation error")),
        (Err((message, unsupported)), true) if !unsupported => {
            let _ = message;
            Outcome::Pass
        }
        (Err((message, _)), _) if clear_refusal(&message) => Outcome::Refused(message),
        (Err((message, _)), _) => Outcome::Unclear(message),
    }
}

#[test]
fn qgis_expression_tests_give_qgis_answers_or_clear_refusals() {
    let cases: Vec<Json> = include_str!("../../tests/data/qgis/evaluation.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each fixture line is JSON"))
        .collect();
    let mut refused = Vec::new();
    let mut unclear = Vec::new();
    let mut different = Vec::new();
    let mut passed = 0usize;
    for case in &cases {
        let label = format!("{} — {}", case["name"].as_str().unwrap_or(""), case["expression"].as_str().unwrap_or(""));
        match run(case) {
            Outcome::Pass => passed += 1,
            Outcome::Refused(m) => refused.push(format!("{label}\n    {m}")),
            Outcome::Unclear(m) => unclear.push(format!("{label}\n    {m}")),
            Outcome::Different(m) => different.push(format!("{label}\n    got {m}")),
        }
    }
    let total = cases.len();
    let rate = passed as f64 / total as f64;
    eprintln!(
        "QGIS 3.40 evaluation cases: {passed} of {total} give QGIS's answer ({:.1} %), {} refused clearly, {} unclear errors, {} silently different",
        rate * 100.0,
        refused.len(),
        unclear.len(),
        different.len()
    );
    for (title, list) in [("silently different", &different), ("unclear errors", &unclear), ("refused", &refused)] {
        if !list.is_empty() {
            eprintln!("--- {title}:\n{}", list.join("\n"));
        }
    }
    assert!(different.is_empty(), "{} cases give another value than QGIS:\n{}", different.len(), different.join("\n"));
    assert!(
        unclear.is_empty(),
        "{} refusals do not say what is unsupported and what to write:\n{}",
        unclear.len(),
        unclear.join("\n")
    );
    assert!(rate >= MIN_PASS_RATE, "only {passed} of {total} cases ({:.1} %) give QGIS's answer", rate * 100.0);
}

/// The share of QGIS's cases that must give QGIS's answer.
const MIN_PASS_RATE: f64 = 0.95;

#[test]
fn qgis_parsing_tests_accept_and_refuse_what_qgis_does() {
    let mut wrong = Vec::new();
    for line in include_str!("../../tests/data/qgis/parsing.jsonl").lines() {
        let case: Json = serde_json::from_str(line).expect("each fixture line is JSON");
        let text = case["expression"].as_str().unwrap_or("");
        let valid = case["valid"].as_bool().unwrap_or(false);
        let parsed = Expr::parse(text);
        if parsed.is_ok() != valid {
            wrong.push(format!(
                "{text:?}: QGIS {} it, RustGIS {}",
                if valid { "parses" } else { "refuses" },
                if parsed.is_ok() { "parses" } else { "refuses" }
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

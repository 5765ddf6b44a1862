//! The functions expressions can call: text, maths, dates, conversions and geometry.
//!
//! Names are case-insensitive. Unless a function says otherwise, a NULL argument makes the
//! result NULL without calling it, as in QGIS. Maths that has no real answer (`sqrt(-1)`,
//! `ln(0)`) gives NULL rather than NaN or infinity.

use std::borrow::Cow;
use std::fmt;

use geo::{BoundingRect, Centroid, CoordsIter, Geometry, Point};

use crate::{Crs, Value};

use super::eval::{Num, Val, equal, float_val};
use super::geometry;

/// Texts longer than the evaluation's value limit ([`crate::Limits::max_value_bytes`]) are
/// refused, so that a nested `replace` or `lpad` cannot exhaust memory.
fn max_text() -> usize {
    crate::limits::value_limit()
}

/// The error of a text past the value limit, naming the limit.
pub(super) fn too_long(what: &str, bytes: usize) -> String {
    format!(
        "{what} would make a text of {bytes} bytes, more than one value may hold ({} bytes, limit max_value_bytes)",
        max_text()
    )
}

/// A function expressions can call.
pub(super) struct Function {
    /// The lowercase name.
    pub name: &'static str,
    /// How it is called, for messages: `substr(string, start[, length])`.
    pub signature: &'static str,
    /// The fewest arguments it takes.
    min_args: usize,
    /// The most arguments it takes; `None` for any number.
    max_args: Option<usize>,
    /// Whether a NULL argument makes the result NULL without calling it.
    pub strict: bool,
    /// How it runs.
    pub imp: Imp,
}

/// How a function runs.
#[derive(Clone, Copy)]
pub(super) enum Imp {
    /// `if(condition, then, else)`: evaluates only the branch taken.
    If,
    /// `coalesce(…)`: evaluates arguments until one is not NULL.
    Coalesce,
    /// Evaluates every argument, then calls this.
    Eager(fn(&Args<'_>) -> Result<Val<'static>, String>),
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl Function {
    /// An error message unless the function takes `n_args` arguments.
    pub(super) fn check_arity(&self, n_args: usize) -> Result<(), String> {
        let fits = n_args >= self.min_args && self.max_args.is_none_or(|max| n_args <= max);
        if fits {
            return Ok(());
        }
        let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
        let expected = match self.max_args {
            Some(max) if max == self.min_args => format!("{max} {}", plural(max)),
            Some(max) if max == self.min_args + 1 => format!("{} or {max} {}", self.min_args, plural(max)),
            Some(max) => format!("{} to {max} {}", self.min_args, plural(max)),
            None => format!("at least {} {}", self.min_args, plural(self.min_args)),
        };
        Err(format!("{}() takes {expected}, as in {}, but was given {n_args}", self.name, self.signature))
    }
}

/// The function with this name, in any case.
pub(super) fn lookup(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|function| function.name.eq_ignore_ascii_case(name))
}

/// The names of all functions.
pub(super) fn names() -> Vec<&'static str> {
    FUNCTIONS.iter().map(|function| function.name).collect()
}

/// The evaluated arguments of one call.
pub(super) struct Args<'a> {
    /// The function called.
    pub function: &'static Function,
    /// The argument values, in order.
    pub values: Vec<Val<'a>>,
    /// The CRS of the row's geometry, for measures.
    pub crs: Crs,
}

impl Args<'_> {
    fn fail(&self, idx: usize, expected: &str) -> String {
        let got = self.values.get(idx).map_or_else(|| "missing".to_owned(), Val::describe);
        format!("{}() needs {expected} as argument {}, not {got}", self.function.name, idx + 1)
    }

    /// The argument, unless it is absent or NULL.
    fn get(&self, idx: usize) -> Option<&Val<'_>> {
        self.values.get(idx).filter(|value| !value.is_null())
    }

    fn num(&self, idx: usize) -> Result<Num, String> {
        self.get(idx).and_then(Val::number).ok_or_else(|| self.fail(idx, "a number"))
    }

    fn float(&self, idx: usize) -> Result<f64, String> {
        self.num(idx).map(Num::as_f64)
    }

    fn int(&self, idx: usize) -> Result<i64, String> {
        match self.get(idx).and_then(Val::number) {
            Some(Num::Int(int)) => Ok(int),
            Some(Num::Float(float)) if float.is_finite() && float.abs() < 9.0e18 => Ok(float.round() as i64),
            _ => Err(self.fail(idx, "an integer")),
        }
    }

    /// An optional integer: `None` when absent or NULL.
    fn opt_int(&self, idx: usize) -> Result<Option<i64>, String> {
        if self.get(idx).is_none() { Ok(None) } else { self.int(idx).map(Some) }
    }

    fn text(&self, idx: usize) -> String {
        self.get(idx).map(Val::text).unwrap_or_default()
    }

    fn geom(&self, idx: usize) -> Result<&Geometry<f64>, String> {
        match self.get(idx) {
            Some(Val::Geom(geometry)) => Ok(geometry),
            _ => Err(self.fail(idx, "a geometry (such as $geometry)")),
        }
    }

    fn datetime(&self, idx: usize) -> Result<time::PrimitiveDateTime, String> {
        match self.get(idx) {
            Some(Val::V(Value::DateTime(datetime))) => Ok(*datetime),
            Some(Val::V(Value::Date(date))) => Ok(date.midnight()),
            Some(Val::V(Value::String(text))) => parse_temporal(text).ok_or_else(|| self.fail(idx, "a date")),
            _ => Err(self.fail(idx, "a date")),
        }
    }
}

fn parse_temporal(text: &str) -> Option<time::PrimitiveDateTime> {
    crate::parse_datetime(text).or_else(|| crate::parse_date(text).map(|date| date.midnight()))
}

type Out = Result<Val<'static>, String>;

fn text_val(text: String) -> Out {
    if text.len() > max_text() {
        return Err(too_long("the result", text.len()));
    }
    Ok(Val::V(Value::String(text)))
}

fn int_val(int: i64) -> Out {
    Ok(Val::V(Value::Int(int)))
}

fn float_out(float: f64) -> Out {
    Ok(float_val(float))
}

fn geom_val(geometry: Geometry<f64>) -> Out {
    Ok(Val::Geom(Cow::Owned(geometry)))
}

const fn function(
    name: &'static str,
    signature: &'static str,
    min_args: usize,
    max_args: Option<usize>,
    run: fn(&Args<'_>) -> Out,
) -> Function {
    Function { name, signature, min_args, max_args, strict: true, imp: Imp::Eager(run) }
}

/// `function`, made to see NULL arguments itself (a strict one answers NULL for them unasked).
const fn handles_null(function: Function) -> Function {
    Function { strict: false, ..function }
}

/// A function of one number giving a float.
macro_rules! unary_math {
    ($name:literal, $signature:literal, $op:expr) => {
        function($name, $signature, 1, Some(1), |args| {
            let op: fn(f64) -> f64 = $op;
            float_out(op(args.float(0)?))
        })
    };
}

/// Every function, in the order the docs list them.
static FUNCTIONS: &[Function] = &[
    // Conditionals.
    Function {
        name: "if",
        signature: "if(condition, then, else)",
        min_args: 3,
        max_args: Some(3),
        strict: false,
        imp: Imp::If,
    },
    Function {
        name: "coalesce",
        signature: "coalesce(value, …)",
        min_args: 1,
        max_args: None,
        strict: false,
        imp: Imp::Coalesce,
    },
    handles_null(function("nullif", "nullif(value1, value2)", 2, Some(2), |args| match (args.get(0), args.get(1)) {
        (Some(a), Some(b)) if equal(a, b) => Ok(Val::NULL),
        (Some(a), _) => Ok(a.clone().into_owned()),
        (None, _) => Ok(Val::NULL),
    })),
    // Text.
    function("upper", "upper(string)", 1, Some(1), |args| text_val(args.text(0).to_uppercase())),
    function("lower", "lower(string)", 1, Some(1), |args| text_val(args.text(0).to_lowercase())),
    function("title", "title(string)", 1, Some(1), |args| text_val(title(&args.text(0)))),
    function("length", "length(string or geometry)", 1, Some(1), |args| match args.get(0) {
        Some(Val::Geom(geometry)) => float_out(geometry::length(geometry, args.crs)),
        _ => int_val(count(&args.text(0))),
    }),
    function("trim", "trim(string)", 1, Some(1), |args| text_val(args.text(0).trim().to_owned())),
    function("ltrim", "ltrim(string[, characters])", 1, Some(2), |args| {
        let text = args.text(0);
        text_val(match args.get(1) {
            Some(characters) => text.trim_start_matches(|c| characters.text().contains(c)).to_owned(),
            None => text.trim_start().to_owned(),
        })
    }),
    function("rtrim", "rtrim(string[, characters])", 1, Some(2), |args| {
        let text = args.text(0);
        text_val(match args.get(1) {
            Some(characters) => text.trim_end_matches(|c| characters.text().contains(c)).to_owned(),
            None => text.trim_end().to_owned(),
        })
    }),
    function("substr", "substr(string, start[, length])", 2, Some(3), substr),
    function("left", "left(string, length)", 2, Some(2), |args| {
        let (text, n) = (args.text(0), args.int(1)?);
        text_val(if n < 0 { text } else { text.chars().take(usize::try_from(n).unwrap_or(usize::MAX)).collect() })
    }),
    function("right", "right(string, length)", 2, Some(2), |args| {
        let (text, n) = (args.text(0), args.int(1)?);
        let skip = if n < 0 { 0 } else { count(&text).saturating_sub(n).max(0) };
        text_val(text.chars().skip(usize::try_from(skip).unwrap_or(0)).collect())
    }),
    function("replace", "replace(string, before, after)", 3, Some(3), |args| {
        let (text, before, after) = (args.text(0), args.text(1), args.text(2));
        if before.is_empty() {
            return text_val(text);
        }
        let grows = after.len().saturating_sub(before.len()).saturating_mul(text.matches(before.as_str()).count());
        if text.len().saturating_add(grows) > max_text() {
            return Err(too_long("replace()", text.len().saturating_add(grows)));
        }
        text_val(text.replace(&before, &after))
    }),
    handles_null(function("concat", "concat(string, …)", 0, None, |args| {
        let mut out = String::new();
        for value in args.values.iter().filter(|value| !value.is_null()) {
            out.push_str(&value.text());
            if out.len() > max_text() {
                return Err(too_long("concat()", out.len()));
            }
        }
        text_val(out)
    })),
    function("strpos", "strpos(haystack, needle)", 2, Some(2), |args| {
        let (haystack, needle) = (args.text(0), args.text(1));
        int_val(haystack.find(&needle).map_or(0, |byte| count(&haystack[..byte]) + 1))
    }),
    function("lpad", "lpad(string, width, fill)", 3, Some(3), |args| pad(args, true)),
    function("rpad", "rpad(string, width, fill)", 3, Some(3), |args| pad(args, false)),
    function("starts_with", "starts_with(string, prefix)", 2, Some(2), |args| {
        Ok(Val::V(Value::Bool(args.text(0).starts_with(&args.text(1)))))
    }),
    function("ends_with", "ends_with(string, suffix)", 2, Some(2), |args| {
        Ok(Val::V(Value::Bool(args.text(0).ends_with(&args.text(1)))))
    }),
    function("reverse", "reverse(string)", 1, Some(1), |args| text_val(args.text(0).chars().rev().collect())),
    function("format_number", "format_number(number[, places])", 1, Some(2), format_number),
    // Conversions.
    function("to_string", "to_string(value)", 1, Some(1), |args| text_val(args.text(0))),
    function("to_int", "to_int(value)", 1, Some(1), |args| match args.get(0).and_then(Val::number) {
        Some(Num::Int(int)) => int_val(int),
        Some(Num::Float(float)) if float.is_finite() && float.abs() < 9.0e18 => int_val(float.round() as i64),
        _ => Err(args.fail(0, "a number or text that reads as one")),
    }),
    function("to_real", "to_real(value)", 1, Some(1), |args| match args.get(0).and_then(Val::number) {
        Some(number) => float_out(number.as_f64()),
        None => Err(args.fail(0, "a number or text that reads as one")),
    }),
    function("to_date", "to_date(value)", 1, Some(1), |args| Ok(Val::V(Value::Date(args.datetime(0)?.date())))),
    function("to_datetime", "to_datetime(value)", 1, Some(1), |args| Ok(Val::V(Value::DateTime(args.datetime(0)?)))),
    // Dates.
    function("now", "now()", 0, Some(0), |_| {
        let now = time::OffsetDateTime::now_utc();
        Ok(Val::V(Value::DateTime(time::PrimitiveDateTime::new(now.date(), now.time()))))
    }),
    function("year", "year(date)", 1, Some(1), |args| int_val(i64::from(args.datetime(0)?.year()))),
    function("month", "month(date)", 1, Some(1), |args| int_val(i64::from(u8::from(args.datetime(0)?.month())))),
    function("day", "day(date)", 1, Some(1), |args| int_val(i64::from(args.datetime(0)?.day()))),
    function("hour", "hour(datetime)", 1, Some(1), |args| int_val(i64::from(args.datetime(0)?.hour()))),
    function("minute", "minute(datetime)", 1, Some(1), |args| int_val(i64::from(args.datetime(0)?.minute()))),
    function("second", "second(datetime)", 1, Some(1), |args| int_val(i64::from(args.datetime(0)?.second()))),
    function("day_of_week", "day_of_week(date)", 1, Some(1), |args| {
        int_val(i64::from(args.datetime(0)?.weekday().number_days_from_sunday()))
    }),
    // Maths.
    function("abs", "abs(number)", 1, Some(1), |args| match args.num(0)? {
        Num::Int(int) => Ok(int.checked_abs().map_or(Num::Float((int as f64).abs()), Num::Int).into_val()),
        Num::Float(float) => float_out(float.abs()),
    }),
    unary_math!("sqrt", "sqrt(number)", f64::sqrt),
    function("round", "round(number[, places])", 1, Some(2), round),
    unary_math!("floor", "floor(number)", f64::floor),
    unary_math!("ceil", "ceil(number)", f64::ceil),
    unary_math!("exp", "exp(number)", f64::exp),
    unary_math!("ln", "ln(number)", |x| if x > 0.0 { x.ln() } else { f64::NAN }),
    unary_math!("log10", "log10(number)", |x| if x > 0.0 { x.log10() } else { f64::NAN }),
    function("log", "log(base, number)", 2, Some(2), |args| {
        let (base, x) = (args.float(0)?, args.float(1)?);
        float_out(if base > 0.0 && x > 0.0 { x.ln() / base.ln() } else { f64::NAN })
    }),
    function("pi", "pi()", 0, Some(0), |_| float_out(std::f64::consts::PI)),
    unary_math!("sin", "sin(radians)", f64::sin),
    unary_math!("cos", "cos(radians)", f64::cos),
    unary_math!("tan", "tan(radians)", f64::tan),
    unary_math!("asin", "asin(number)", f64::asin),
    unary_math!("acos", "acos(number)", f64::acos),
    unary_math!("atan", "atan(number)", f64::atan),
    function("atan2", "atan2(dy, dx)", 2, Some(2), |args| float_out(args.float(0)?.atan2(args.float(1)?))),
    unary_math!("degrees", "degrees(radians)", f64::to_degrees),
    unary_math!("radians", "radians(degrees)", f64::to_radians),
    function("power", "power(base, exponent)", 2, Some(2), |args| float_out(args.float(0)?.powf(args.float(1)?))),
    handles_null(function("min", "min(number, …)", 1, None, |args| extreme(args, std::cmp::Ordering::Less))),
    handles_null(function("max", "max(number, …)", 1, None, |args| extreme(args, std::cmp::Ordering::Greater))),
    function("clamp", "clamp(minimum, number, maximum)", 3, Some(3), |args| {
        let (low, value, high) = (args.num(0)?, args.num(1)?, args.num(2)?);
        let chosen = if value.as_f64() < low.as_f64() {
            low
        } else if value.as_f64() > high.as_f64() {
            high
        } else {
            value
        };
        Ok(chosen.into_val())
    }),
    // Geometry.
    function("area", "area(geometry)", 1, Some(1), |args| float_out(geometry::area(args.geom(0)?, args.crs))),
    function("perimeter", "perimeter(geometry)", 1, Some(1), |args| {
        float_out(geometry::perimeter(args.geom(0)?, args.crs))
    }),
    function("x", "x(geometry)", 1, Some(1), |args| point_of(args).map(|p| p.map_or(Val::NULL, |p| float_val(p.x())))),
    function("y", "y(geometry)", 1, Some(1), |args| point_of(args).map(|p| p.map_or(Val::NULL, |p| float_val(p.y())))),
    function("centroid", "centroid(geometry)", 1, Some(1), |args| match args.geom(0)?.centroid() {
        Some(point) => geom_val(Geometry::Point(point)),
        None => Ok(Val::NULL),
    }),
    function("x_min", "x_min(geometry)", 1, Some(1), |args| bound(args, |r| r.min().x)),
    function("x_max", "x_max(geometry)", 1, Some(1), |args| bound(args, |r| r.max().x)),
    function("y_min", "y_min(geometry)", 1, Some(1), |args| bound(args, |r| r.min().y)),
    function("y_max", "y_max(geometry)", 1, Some(1), |args| bound(args, |r| r.max().y)),
    function("num_points", "num_points(geometry)", 1, Some(1), |args| {
        int_val(i64::try_from(args.geom(0)?.coords_count()).unwrap_or(i64::MAX))
    }),
    function("geometry_type", "geometry_type(geometry)", 1, Some(1), |args| {
        text_val(geometry::type_name(args.geom(0)?).to_owned())
    }),
    function("geom_to_wkt", "geom_to_wkt(geometry[, precision])", 1, Some(2), |args| {
        let precision = args.opt_int(1)?.unwrap_or(8).clamp(0, 17);
        text_val(geometry::to_wkt(args.geom(0)?, Some(usize::try_from(precision).unwrap_or(8))))
    }),
    function("geom_from_wkt", "geom_from_wkt(text)", 1, Some(1), |args| {
        match geometry::from_wkt(&args.text(0)).map_err(|message| format!("geom_from_wkt(): {message}"))? {
            Some(geometry) => geom_val(geometry),
            None => Ok(Val::NULL),
        }
    }),
    function("make_point", "make_point(x, y)", 2, Some(2), |args| {
        geom_val(Geometry::Point(Point::new(args.float(0)?, args.float(1)?)))
    }),
];

/// The number of characters, as an `i64`.
fn count(text: &str) -> i64 {
    i64::try_from(text.chars().count()).unwrap_or(i64::MAX)
}

/// Each space-separated word with a capital first letter and the rest lower case.
fn title(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// QGIS `substr`: `start` is 1-based, counts from the end when negative; a negative `length`
/// leaves that many characters off the end.
fn substr(args: &Args<'_>) -> Out {
    let chars: Vec<char> = args.text(0).chars().collect();
    let n_chars = i64::try_from(chars.len()).unwrap_or(i64::MAX);
    let start = args.int(1)?;
    let length = args.opt_int(2)?.unwrap_or(n_chars);
    let from = match start {
        start if start < 0 => n_chars.saturating_add(start).max(0),
        start if start > 0 => start - 1,
        _ => 0,
    };
    let length = if length < 0 { n_chars.saturating_add(length).saturating_sub(from).max(0) } else { length };
    let from = usize::try_from(from).unwrap_or(usize::MAX);
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    text_val(chars.iter().skip(from).take(length).collect())
}

/// `lpad`/`rpad`: pads with the first character of `fill` to `width`, or cuts to `width`.
fn pad(args: &Args<'_>, left: bool) -> Out {
    let text = args.text(0);
    let width = args.int(1)?.max(0);
    let Some(fill) = args.text(2).chars().next() else {
        return Err(args.fail(2, "a fill character"));
    };
    let width = usize::try_from(width).unwrap_or(0);
    let length = text.chars().count();
    if length >= width {
        return text_val(text.chars().take(width).collect());
    }
    let bytes = text.len().saturating_add((width - length).saturating_mul(fill.len_utf8()));
    if bytes > max_text() {
        return Err(too_long(&format!("{}() to width {width}", args.function.name), bytes));
    }
    let mut padding = String::new();
    padding.try_reserve(bytes).map_err(|_| format!("{}(): cannot allocate {bytes} bytes", args.function.name))?;
    padding.extend(std::iter::repeat_n(fill, width - length));
    text_val(if left { padding + text.as_str() } else { text + padding.as_str() })
}

/// `format_number(number, places)`: rounded, with `,` between thousands.
fn format_number(args: &Args<'_>) -> Out {
    let number = args.float(0)?;
    if !number.is_finite() {
        return Ok(Val::NULL);
    }
    let places = usize::try_from(args.opt_int(1)?.unwrap_or(0).clamp(0, 20)).unwrap_or(0);
    // Round half away from zero first, as people expect (1234.5 → 1,235); formatting alone rounds
    // half to even.
    let scale = 10f64.powi(i32::try_from(places).unwrap_or(0));
    let scaled = number.abs() * scale;
    let rounded = if scaled < 9.0e15 { scaled.round() / scale } else { number.abs() };
    let fixed = format!("{rounded:.places$}");
    let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut grouped = String::new();
    for (idx, digit) in whole.chars().enumerate() {
        if idx > 0 && (whole.len() - idx) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    if !fraction.is_empty() {
        grouped.push('.');
        grouped.push_str(fraction);
    }
    let is_zero = fixed.chars().all(|c| c == '0' || c == '.');
    text_val(if number < 0.0 && !is_zero { format!("-{grouped}") } else { grouped })
}

/// `round(number[, places])`: to an integer without places, else to a float with that many
/// decimals (negative places round to tens, hundreds, …).
fn round(args: &Args<'_>) -> Out {
    let number = args.num(0)?;
    match (args.opt_int(1)?.unwrap_or(0), number) {
        (0, Num::Int(int)) => int_val(int),
        (0, Num::Float(float)) => {
            let rounded = float.round();
            if rounded.abs() < 9.0e18 { int_val(rounded as i64) } else { float_out(rounded) }
        }
        (places, number) => {
            let scale = 10f64.powi(i32::try_from(places.clamp(-300, 300)).unwrap_or(0));
            float_out((number.as_f64() * scale).round() / scale)
        }
    }
}

/// `min`/`max`: the extreme of the non-NULL numbers, keeping its type; NULL when there are none.
fn extreme(args: &Args<'_>, wanted: std::cmp::Ordering) -> Out {
    let mut best: Option<Num> = None;
    for idx in 0..args.values.len() {
        if args.get(idx).is_none() {
            continue;
        }
        let number = args.num(idx)?;
        let better = match (best, number) {
            (None, _) => true,
            (Some(Num::Int(current)), Num::Int(candidate)) => candidate.cmp(&current) == wanted,
            (Some(current), candidate) => candidate.as_f64().total_cmp(&current.as_f64()) == wanted,
        };
        if better {
            best = Some(number);
        }
    }
    Ok(best.map_or(Val::NULL, Num::into_val))
}

/// The point `x()`/`y()` read: the geometry itself if a point, else its centroid.
fn point_of(args: &Args<'_>) -> Result<Option<Point<f64>>, String> {
    Ok(match args.geom(0)? {
        Geometry::Point(point) => Some(*point),
        other => other.centroid(),
    })
}

/// One side of a geometry's bounding box; NULL for an empty geometry.
fn bound(args: &Args<'_>, side: fn(&geo::Rect<f64>) -> f64) -> Out {
    Ok(args.geom(0)?.bounding_rect().map_or(Val::NULL, |rect| float_val(side(&rect))))
}

//! Expressions on numbers only, compiled once and evaluated a row of cells at a time: what
//! `raster.calc` runs instead of evaluating the expression cell by cell as values.
//!
//! An expression compiles when it uses only numeric literals (`TRUE`/`FALSE` as 1/0, `NULL`),
//! fields, `-`, `+ - * / // % ^`, comparisons, `AND`, `OR`, `NOT` and the maths functions
//! (`abs sqrt exp ln log10 log floor ceil round sin cos tan asin acos atan atan2 degrees
//! radians pi min max clamp scale_linear power`), with arithmetic and comparisons applied to
//! numbers (not to the result of a comparison). NULL is `NaN`; the results
//! are those of [`super::Expr::eval`] on the same numbers: arithmetic on NULL, dividing by zero
//! and results that are not finite are NULL, comparisons with NULL are NULL, and `AND`/`OR`/`NOT`
//! follow SQL's three-valued logic (numbers are true unless 0). Other expressions return `None`
//! and are evaluated cell by cell. One deliberate difference: `-` of a NULL cell is NULL here,
//! where the evaluator (as QGIS) refuses to negate NULL.

use super::parser::{BinOp as Op, Node, NodeKind};
use super::value::Val;

/// An expression compiled to numbers; see the module's doc.
#[derive(Debug, Clone)]
pub(crate) struct NumericExpr {
    root: Num,
}

#[derive(Debug, Clone)]
enum Num {
    Const(f64),
    Field(usize),
    Negate(Box<Num>),
    Not(Box<Num>),
    Arithmetic(Op, Box<Num>, Box<Num>),
    Compare(Op, Box<Num>, Box<Num>),
    And(Box<Num>, Box<Num>),
    Or(Box<Num>, Box<Num>),
    /// A maths function of its arguments.
    Call(Func, Vec<Num>),
}

/// The maths functions that compile.
#[derive(Debug, Clone, Copy)]
enum Func {
    Unary(fn(f64) -> f64),
    Log,
    Round,
    Atan2,
    Min,
    Max,
    Clamp,
    ScaleLinear,
    Power,
}

impl NumericExpr {
    /// Compiles `root`, its fields numbered by their place in `fields`.
    pub(super) fn compile(root: &Node, fields: &[String]) -> Option<NumericExpr> {
        compile(root, fields, false).map(|(root, _)| NumericExpr { root })
    }

    /// As [`NumericExpr::compile`], but only where the rows give exactly what the evaluator
    /// gives, errors included: without unary minus, which the evaluator refuses on NULL.
    pub(crate) fn compile_strict(root: &Node, fields: &[String]) -> Option<NumericExpr> {
        compile(root, fields, true).map(|(root, _)| NumericExpr { root })
    }

    /// Evaluates one row: `inputs[i]` holds field `i`'s cells (`NaN` for NULL), all as long as
    /// `out`, which receives the results (`NaN` for NULL; comparisons give 1 or 0).
    pub(crate) fn eval_row(&self, inputs: &[&[f64]], out: &mut [f64]) {
        eval(&self.root, inputs, out);
    }

    /// As [`NumericExpr::eval_row`], and whether every cell is what the evaluator gives: false
    /// when a result overflowed to infinity, where the evaluator may report an error instead of
    /// NULL (the caller then evaluates those rows one by one).
    pub(crate) fn eval_row_exact(&self, inputs: &[&[f64]], out: &mut [f64]) -> bool {
        OVERFLOWED.with(|flag| flag.set(false));
        eval(&self.root, inputs, out);
        !OVERFLOWED.with(std::cell::Cell::get)
    }
}

thread_local! {
    /// Set when a result from numbers overflowed to infinity (and became NULL here).
    static OVERFLOWED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A result, NULL when it is not finite; an overflow from finite numbers is noted.
fn finite(result: f64, inputs_finite: bool) -> f64 {
    if result.is_finite() {
        result
    } else {
        if inputs_finite && result.is_infinite() {
            OVERFLOWED.with(|flag| flag.set(true));
        }
        f64::NAN
    }
}

/// The compiled node and whether it gives a truth value (a comparison or logic) rather than a
/// number.
fn compile(node: &Node, fields: &[String], strict: bool) -> Option<(Num, bool)> {
    let number = |node: &Node| compile(node, fields, strict).filter(|(_, logic)| !logic).map(|(num, _)| Box::new(num));
    let any = |node: &Node| compile(node, fields, strict).map(|(num, _)| Box::new(num));
    Some(match &node.kind {
        NodeKind::Literal(Val::Int(i)) => (Num::Const(*i as f64), false),
        NodeKind::Literal(Val::Double(f)) => (Num::Const(*f), false),
        NodeKind::Literal(Val::Bool(b)) => (Num::Const(f64::from(u8::from(*b))), true),
        NodeKind::Literal(Val::Null) => (Num::Const(f64::NAN), false),
        NodeKind::Column(name, _) => (Num::Field(fields.iter().position(|f| f == name)?), false),
        NodeKind::Negate(_) if strict => return None,
        NodeKind::Negate(operand) => (Num::Negate(number(operand)?), false),
        NodeKind::Call { function, args } => {
            let func = match function.name {
                "abs" => Func::Unary(f64::abs),
                "sqrt" => Func::Unary(f64::sqrt),
                "exp" => Func::Unary(f64::exp),
                "ln" => Func::Unary(|x| if x > 0.0 { x.ln() } else { f64::NAN }),
                "log10" => Func::Unary(|x| if x > 0.0 { x.log10() } else { f64::NAN }),
                "floor" => Func::Unary(f64::floor),
                "ceil" => Func::Unary(f64::ceil),
                "sin" => Func::Unary(f64::sin),
                "cos" => Func::Unary(f64::cos),
                "tan" => Func::Unary(f64::tan),
                "asin" => Func::Unary(f64::asin),
                "acos" => Func::Unary(f64::acos),
                "atan" => Func::Unary(f64::atan),
                "degrees" => Func::Unary(f64::to_degrees),
                "radians" => Func::Unary(f64::to_radians),
                "pi" => return Some((Num::Const(std::f64::consts::PI), false)),
                "log" => Func::Log,
                // round() without places gives an integer, an error past 2^63 in the evaluator.
                "round" if strict && args.get(1).is_none_or(Option::is_none) => return None,
                "round" => Func::Round,
                "atan2" => Func::Atan2,
                "min" => Func::Min,
                "max" => Func::Max,
                "clamp" => Func::Clamp,
                "scale_linear" => Func::ScaleLinear,
                "power" => Func::Power,
                _ => return None,
            };
            let mut compiled = Vec::with_capacity(args.len());
            for (idx, arg) in args.iter().enumerate() {
                match arg {
                    Some(arg) => compiled.push(*number(arg)?),
                    None => match function.default_value(idx) {
                        Val::Int(i) => compiled.push(Num::Const(i as f64)),
                        Val::Double(d) => compiled.push(Num::Const(d)),
                        _ => return None,
                    },
                }
            }
            (Num::Call(func, compiled), false)
        }
        NodeKind::Not(operand) => (Num::Not(any(operand)?), true),
        NodeKind::Binary { op, left, right } => match op {
            Op::Plus | Op::Minus | Op::Mul | Op::Div | Op::IntDiv | Op::Mod | Op::Pow => {
                (Num::Arithmetic(*op, number(left)?, number(right)?), false)
            }
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                (Num::Compare(*op, number(left)?, number(right)?), true)
            }
            Op::And => (Num::And(any(left)?, any(right)?), true),
            Op::Or => (Num::Or(any(left)?, any(right)?), true),
            _ => return None,
        },
        _ => return None,
    })
}

fn eval(node: &Num, inputs: &[&[f64]], out: &mut [f64]) {
    match node {
        Num::Const(value) => out.fill(*value),
        Num::Field(index) => out.copy_from_slice(inputs[*index]),
        Num::Negate(operand) => {
            eval(operand, inputs, out);
            out.iter_mut().for_each(|v| *v = -*v);
        }
        Num::Not(operand) => {
            eval(operand, inputs, out);
            out.iter_mut().for_each(|v| *v = logic(truth(*v).map(|t| !t)));
        }
        Num::Arithmetic(op, left, right) => {
            let right = operand(right, inputs, out.len());
            eval(left, inputs, out);
            for (a, b) in out.iter_mut().zip(&right) {
                *a = arithmetic(*op, *a, *b);
            }
        }
        Num::Compare(op, left, right) => {
            let right = operand(right, inputs, out.len());
            eval(left, inputs, out);
            for (a, b) in out.iter_mut().zip(&right) {
                *a = if a.is_nan() || b.is_nan() {
                    f64::NAN
                } else {
                    // The evaluator's rules: equal within a few ULPs (QGIS's qgsDoubleNear).
                    let diff = *a - *b;
                    let holds = match op {
                        Op::Eq => super::eval::double_near(*a, *b),
                        Op::Ne => !super::eval::double_near(*a, *b),
                        Op::Lt => diff < 0.0,
                        Op::Le => diff <= 0.0,
                        Op::Gt => diff > 0.0,
                        _ => diff >= 0.0,
                    };
                    f64::from(u8::from(holds))
                };
            }
        }
        Num::And(left, right) => {
            let right = operand(right, inputs, out.len());
            eval(left, inputs, out);
            for (a, b) in out.iter_mut().zip(&right) {
                *a = match (truth(*a), truth(*b)) {
                    (Some(false), _) | (_, Some(false)) => 0.0,
                    (Some(true), Some(true)) => 1.0,
                    _ => f64::NAN,
                };
            }
        }
        Num::Or(left, right) => {
            let right = operand(right, inputs, out.len());
            eval(left, inputs, out);
            for (a, b) in out.iter_mut().zip(&right) {
                *a = match (truth(*a), truth(*b)) {
                    (Some(true), _) | (_, Some(true)) => 1.0,
                    (Some(false), Some(false)) => 0.0,
                    _ => f64::NAN,
                };
            }
        }
        Num::Call(func, args) => call(*func, args, inputs, out),
    }
}

/// A maths function, row by row, with the evaluator's rules: NULL in gives NULL out (min and
/// max skip NULLs), and results that are not real numbers are NULL.
fn call(func: Func, args: &[Num], inputs: &[&[f64]], out: &mut [f64]) {
    let Some(first) = args.first() else {
        out.fill(f64::NAN);
        return;
    };
    eval(first, inputs, out);
    let rest: Vec<Vec<f64>> = args[1..].iter().map(|arg| operand(arg, inputs, out.len())).collect();
    for (row, value) in out.iter_mut().enumerate() {
        let arg = |idx: usize| rest.get(idx - 1).map_or(f64::NAN, |column| column[row]);
        let x = *value;
        *value = match func {
            Func::Unary(op) => op(x),
            Func::Log => {
                let base = x;
                let v = arg(1);
                if base <= 0.0 || v <= 0.0 { f64::NAN } else { v.ln() / base.ln() }
            }
            Func::Round => {
                let places = arg(1);
                if places.is_nan() {
                    f64::NAN
                } else {
                    let places = places.round();
                    if places == 0.0 {
                        x.round()
                    } else {
                        let scale = 10f64.powi(places.clamp(-300.0, 300.0) as i32);
                        (x * scale).round() / scale
                    }
                }
            }
            Func::Atan2 => x.atan2(arg(1)),
            Func::Min | Func::Max => {
                let mut best: Option<f64> = None;
                for v in std::iter::once(x).chain((1..args.len()).map(arg)) {
                    if v.is_nan() {
                        continue;
                    }
                    best = Some(match best {
                        Some(b) if (matches!(func, Func::Max) && b >= v) || (matches!(func, Func::Min) && b <= v) => b,
                        _ => v,
                    });
                }
                best.unwrap_or(f64::NAN)
            }
            Func::Clamp => {
                let (low, v, high) = (x, arg(1), arg(2));
                v.max(low).min(high)
            }
            Func::ScaleLinear => {
                let (v, d_min, d_max, r_min, r_max) = (x, arg(1), arg(2), arg(3), arg(4));
                if d_min >= d_max {
                    f64::NAN
                } else {
                    r_min + (r_max - r_min) * ((v.clamp(d_min, d_max) - d_min) / (d_max - d_min))
                }
            }
            Func::Power => x.powf(arg(1)),
        };
        // Any NULL argument gives NULL (min and max have already skipped theirs).
        if !matches!(func, Func::Min | Func::Max) && (x.is_nan() || (1..args.len()).any(|idx| arg(idx).is_nan())) {
            *value = f64::NAN;
        }
        let inputs_finite = x.is_finite() && (1..args.len()).all(|idx| arg(idx).is_finite());
        *value = finite(*value, inputs_finite);
    }
}

/// A right-hand operand evaluated into a row of its own.
fn operand(node: &Num, inputs: &[&[f64]], len: usize) -> Vec<f64> {
    let mut values = vec![0.0; len];
    eval(node, inputs, &mut values);
    values
}

fn truth(value: f64) -> Option<bool> {
    (!value.is_nan()).then_some(value != 0.0)
}

fn logic(truth: Option<bool>) -> f64 {
    truth.map_or(f64::NAN, |t| f64::from(u8::from(t)))
}

/// As `eval.rs`'s arithmetic on floats: division by zero and results that are not finite are
/// NULL.
fn arithmetic(op: Op, a: f64, b: f64) -> f64 {
    let result = match op {
        Op::Plus => a + b,
        Op::Minus => a - b,
        Op::Mul => a * b,
        Op::Div | Op::Mod | Op::IntDiv if b == 0.0 => f64::NAN,
        Op::Div => a / b,
        Op::Mod => a % b,
        Op::IntDiv => (a / b).floor(),
        _ => a.powf(b),
    };
    finite(result, a.is_finite() && b.is_finite())
}

#[cfg(test)]
mod tests {
    use crate::{Crs, Expr, Feature, Field, FieldType, RowContext, Value};

    /// Every expression gives, row-wise, what the value evaluator gives cell by cell.
    #[test]
    fn numeric_rows_equal_the_evaluator_cell_by_cell() {
        let a = [1.0, -2.5, 0.0, f64::NAN, 7.0, 3.0, 1e150, -0.0];
        let b = [2.0, 0.0, f64::NAN, 4.0, -7.0, 3.0, 1e300, 5.0];
        let names = vec!["a".to_owned(), "b".to_owned()];
        let fields = [Field::new("a", FieldType::Float), Field::new("b", FieldType::Float)];
        for text in [
            "\"a\" + \"b\" * 2",
            "\"a\" / \"b\"",
            "\"a\" // \"b\"",
            "\"a\" % \"b\"",
            "\"a\" ^ 2 - 2 * \"b\"",
            "\"a\" * \"b\"",
            "\"a\" > \"b\"",
            "\"a\" = \"b\" OR \"a\" < 0",
            "\"a\" >= 1 AND \"b\" <> 3",
            "NOT \"a\"",
            "NOT (\"a\" > 0) OR NULL",
            "\"a\" AND \"b\"",
            "TRUE AND \"a\" <= \"b\"",
            "(\"b\" - \"a\") / (\"b\" + \"a\")",
            "NULL + \"a\"",
            "7 // 2 + 7 % 3",
            "round(sqrt(abs(\"a\")) + ln(\"b\"), 2) * sin(\"a\") - cos(\"b\")",
            "max(\"a\", \"b\", 2) - min(\"a\", NULL) + clamp(0, \"a\", 5)",
            "degrees(atan2(\"a\", \"b\")) + log(10, \"b\") + floor(\"a\") + ceil(\"b\") + round(\"b\" / 1e300, 1)",
            "scale_linear(\"a\", 0, 10, 100, 200) + power(\"b\", 2) + exp(-1) + log10(\"a\")",
        ] {
            let expr = Expr::parse(text).expect("parses");
            let numeric = expr.numeric(&names).unwrap_or_else(|| panic!("{text} compiles"));
            let mut out = vec![0.0; a.len()];
            numeric.eval_row(&[&a, &b], &mut out);
            for i in 0..a.len() {
                let value = |v: f64| if v.is_nan() { Value::Null } else { Value::Float(v) };
                let feature = Feature { id: 1, geometry: None, attributes: vec![value(a[i]), value(b[i])] };
                let row = RowContext { fields: &fields, feature: &feature, crs: Crs::WGS84 };
                let want = match expr.eval(&row) {
                    // An overflow to infinity the evaluator refuses to compute with is NULL here.
                    Err(_) => {
                        assert!(out[i].is_nan(), "{text}: the evaluator errs, rows give {}", out[i]);
                        continue;
                    }
                    Ok(value) => value,
                };
                let want = match want {
                    Value::Float(v) => v,
                    Value::Int(v) => v as f64,
                    Value::Bool(t) => f64::from(u8::from(t)),
                    Value::Null => f64::NAN,
                    other => panic!("{text}: {other:?}"),
                };
                assert!(
                    (want.is_nan() && out[i].is_nan()) || want == out[i],
                    "{text} at a={}, b={}: {} row-wise, {want} cell by cell",
                    a[i],
                    b[i],
                    out[i]
                );
            }
        }
    }

    #[test]
    fn text_and_functions_are_left_to_the_evaluator() {
        let names = vec!["a".to_owned()];
        for text in ["\"a\" || 'm'", "upper(\"a\")", "-(\"a\" > 1)", "\"a\" IN (1, 2)", "\"c\" + 1"] {
            assert!(Expr::parse(text).expect("parses").numeric(&names).is_none(), "{text}");
        }
    }
}

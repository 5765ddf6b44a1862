//! Aggregates over the features of the layer (`sum("pop")`, `mean("gdp", group_by:="continent")`)
//! or of another layer (`aggregate(layer:='cities', aggregate:='count', expression:="name",
//! filter:=…)`), as QGIS computes them. `@parent` in a filter is the feature being evaluated.
//! A result is computed once per evaluation run and group, then reused for every row.

use std::sync::Arc;

use super::{Dflt, Fail, Function, Out, Param, arg, o, p};
use crate::Layer;
use crate::expr::eval::{Env, eval, truth};
use crate::expr::parser::{Node, NodeKind};
use crate::expr::value::{FeatureVal, Val};

/// `expression[, group_by, filter]`.
pub(crate) static PARAMS: &[Param] = &[p("expression"), o("group_by", Dflt::Null), o("filter", Dflt::Null)];
/// `expression[, group_by, filter, concatenator, order_by]`.
pub(crate) static CONCAT_PARAMS: &[Param] = &[
    p("expression"),
    o("group_by", Dflt::Null),
    o("filter", Dflt::Null),
    o("concatenator", Dflt::Text("")),
    o("order_by", Dflt::Null),
];
/// `expression[, group_by, filter, order_by]`.
pub(crate) static ORDER_PARAMS: &[Param] =
    &[p("expression"), o("group_by", Dflt::Null), o("filter", Dflt::Null), o("order_by", Dflt::Null)];

/// The aggregates `aggregate()` knows by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Count,
    CountDistinct,
    CountMissing,
    Min,
    Max,
    Sum,
    Mean,
    Median,
    StDev,
    Range,
    Minority,
    Majority,
    Q1,
    Q3,
    Iqr,
    MinLength,
    MaxLength,
    Collect,
    Concatenate,
    ConcatenateUnique,
    ArrayAgg,
}

const NAMES: [(&str, Kind); 21] = [
    ("count", Kind::Count),
    ("count_distinct", Kind::CountDistinct),
    ("count_missing", Kind::CountMissing),
    ("min", Kind::Min),
    ("max", Kind::Max),
    ("sum", Kind::Sum),
    ("mean", Kind::Mean),
    ("median", Kind::Median),
    ("stdev", Kind::StDev),
    ("range", Kind::Range),
    ("minority", Kind::Minority),
    ("majority", Kind::Majority),
    ("q1", Kind::Q1),
    ("q3", Kind::Q3),
    ("iqr", Kind::Iqr),
    ("min_length", Kind::MinLength),
    ("max_length", Kind::MaxLength),
    ("collect", Kind::Collect),
    ("concatenate", Kind::Concatenate),
    ("concatenate_unique", Kind::ConcatenateUnique),
    ("array_agg", Kind::ArrayAgg),
];

/// The layer the current row belongs to.
fn own_layer<'a>(env: &Env<'a>, function: &str) -> Result<&'a Layer, Fail> {
    env.scope.and_then(|s| s.layer).ok_or_else(|| {
        Fail::unsupported(format!(
            "{function}() aggregates over the layer, which is not known where this expression runs; use it in field.calculate, a filter, a label or a style of a layer, or write aggregate(layer:='name', …)"
        ))
    })
}

/// Evaluates `node` on each feature of `layer` that passes `filter`, with `@parent` set.
fn values(
    layer: &Layer,
    expression: &Node,
    filter: Option<&Node>,
    parent: Val,
    env: &Env<'_>,
) -> Result<Vec<Val>, Fail> {
    let mut out = Vec::with_capacity(layer.features.len());
    for feature in layer.features.iter() {
        let mut inner = Env::new(&layer.fields, Some(feature), layer.crs, env.scope);
        inner.locals.push(("parent".to_owned(), parent.clone()));
        if let Some(filter) = filter {
            let keep = eval(filter, &mut inner).map_err(Fail::from)?;
            if truth(&keep).map_err(|m| Fail::new(format!("the aggregate's filter: {m}")))? != Some(true) {
                continue;
            }
        }
        out.push(eval(expression, &mut inner).map_err(Fail::from)?);
    }
    Ok(out)
}

fn parent_of(env: &mut Env<'_>) -> Val {
    let Some(feature) = env.feature else {
        return Val::Null;
    };
    let geometry = env.geometry();
    Val::Feature(Arc::new(FeatureVal {
        id: i64::try_from(feature.id).unwrap_or(i64::MAX),
        attributes: env.fields.iter().zip(&feature.attributes).map(|(f, v)| (f.name.clone(), Val::from(v))).collect(),
        geometry,
    }))
}

/// An aggregate over the current layer, with optional group_by and filter.
fn over_layer(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function, kind: Kind) -> Out {
    let layer = own_layer(env, f.name)?;
    let Some(Some(expression)) = args.first() else {
        return Err(Fail::new(format!("{}() needs an expression", f.name)));
    };
    let group_node = args.get(1).and_then(Option::as_ref);
    let filter_node = args.get(2).and_then(Option::as_ref);
    let concatenator = if f.params.len() >= 4 && f.params[3].name == "concatenator" {
        arg(args, 3, env, f)?.to_text()
    } else {
        String::new()
    };
    // The group of the current row decides which features count.
    let group_value = match group_node {
        Some(node) => Some(eval(node, env).map_err(Fail::from)?),
        None => None,
    };
    let key = format!(
        "{}|{:p}|{}|{}",
        f.name,
        std::ptr::from_ref(expression),
        group_value.as_ref().map_or(String::new(), |v| format!("{}:{}", v.type_name(), v.to_text())),
        filter_node.map_or(0, |n| std::ptr::from_ref(n) as usize)
    );
    let uses_parent = filter_node.is_some_and(mentions_parent);
    if !uses_parent && let Some(cached) = env.scope.and_then(|s| s.cached(&key)) {
        return Ok(cached);
    }
    let parent = parent_of(env);
    let mut collected = Vec::new();
    for feature in layer.features.iter() {
        let mut inner = Env::new(&layer.fields, Some(feature), layer.crs, env.scope);
        inner.locals.push(("parent".to_owned(), parent.clone()));
        if let (Some(node), Some(want)) = (group_node, &group_value) {
            let have = eval(node, &mut inner).map_err(Fail::from)?;
            let same = match (have.is_null(), want.is_null()) {
                (true, true) => true,
                (false, false) => crate::expr::eval::is_equal(&have, want),
                _ => false,
            };
            if !same {
                continue;
            }
        }
        if let Some(filter) = filter_node {
            let keep = eval(filter, &mut inner).map_err(Fail::from)?;
            if truth(&keep).map_err(|m| Fail::new(format!("{}(): the filter: {m}", f.name)))? != Some(true) {
                continue;
            }
        }
        collected.push(eval(expression, &mut inner).map_err(Fail::from)?);
    }
    let result = compute(kind, collected, &concatenator).map_err(|m| Fail::new(format!("{}(): {m}", f.name)))?;
    if !uses_parent && let Some(scope) = env.scope {
        scope.store(key, result.clone());
    }
    Ok(result)
}

fn mentions_parent(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Variable(name) if name.eq_ignore_ascii_case("parent"))
        || crate::expr::parser::children(node).into_iter().any(mentions_parent)
}

macro_rules! aggregates {
    ($($name:ident => $kind:expr),* $(,)?) => {
        $(
            pub(super) fn $name(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
                over_layer(args, env, f, $kind)
            }
        )*
    };
}

aggregates! {
    count => Kind::Count,
    count_distinct => Kind::CountDistinct,
    count_missing => Kind::CountMissing,
    minimum => Kind::Min,
    maximum => Kind::Max,
    sum => Kind::Sum,
    mean => Kind::Mean,
    median => Kind::Median,
    stdev => Kind::StDev,
    range => Kind::Range,
    minority => Kind::Minority,
    majority => Kind::Majority,
    q1 => Kind::Q1,
    q3 => Kind::Q3,
    iqr => Kind::Iqr,
    min_length => Kind::MinLength,
    max_length => Kind::MaxLength,
    collect => Kind::Collect,
    concatenate => Kind::Concatenate,
    concatenate_unique => Kind::ConcatenateUnique,
    array_agg => Kind::ArrayAgg,
}

/// `aggregate(layer, aggregate, expression[, filter, concatenator, order_by])`.
pub(super) fn aggregate(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    let layer_name = arg(args, 0, env, f)?.to_text();
    let name = arg(args, 1, env, f)?.to_text().to_lowercase();
    let kind = NAMES.iter().find(|(n, _)| *n == name).map(|(_, k)| *k).ok_or_else(|| {
        Fail::new(format!(
            "aggregate(): unknown aggregate '{name}'; use one of {}",
            NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let concatenator = arg(args, 4, env, f)?.to_text();
    let scope = env.scope;
    let layer = match scope.and_then(|s| s.layer).filter(|l| l.name == layer_name) {
        Some(layer) => layer,
        None => {
            let lookup = scope.and_then(|s| s.layers).ok_or_else(|| {
                Fail::unsupported(
                    "aggregate(): other layers are not reachable where this expression runs; use it in field.calculate, a filter, a label or a style of a project layer",
                )
            })?;
            lookup.layer_named(&layer_name).ok_or_else(|| {
                Fail::new(format!(
                    "aggregate(): no layer '{layer_name}'; the layers are {}",
                    lookup.layer_names().join(", ")
                ))
            })?
        }
    };
    let Some(Some(expression)) = args.get(2) else {
        return Err(Fail::new("aggregate() needs an expression"));
    };
    let filter = args.get(3).and_then(Option::as_ref);
    let key = format!(
        "aggregate|{layer_name}|{name}|{:p}|{}",
        std::ptr::from_ref(expression),
        filter.map_or(0, |n| std::ptr::from_ref(n) as usize)
    );
    let uses_parent = filter.is_some_and(mentions_parent);
    if !uses_parent && let Some(cached) = scope.and_then(|s| s.cached(&key)) {
        return Ok(cached);
    }
    let parent = parent_of(env);
    let collected = values(layer, expression, filter, parent, env)?;
    let result = compute(kind, collected, &concatenator).map_err(|m| Fail::new(format!("aggregate(): {m}")))?;
    if !uses_parent && let Some(scope) = scope {
        scope.store(key, result.clone());
    }
    Ok(result)
}

fn compute(kind: Kind, values: Vec<Val>, concatenator: &str) -> Result<Val, String> {
    let present: Vec<Val> = values.iter().filter(|v| !v.is_null()).cloned().collect();
    let numbers = || -> Result<Vec<f64>, String> {
        present
            .iter()
            .map(|v| {
                v.to_double().ok_or_else(|| format!("{} is not a number; this aggregate needs numbers", v.describe()))
            })
            .collect()
    };
    let quantile = |mut n: Vec<f64>, q: f64| -> Option<f64> {
        if n.is_empty() {
            return None;
        }
        n.sort_by(f64::total_cmp);
        // QGIS's QgsStatisticalSummary: the (n + 1) × q-th value, interpolated.
        let pos = (n.len() as f64 + 1.0) * q;
        let lower = pos.floor();
        if lower < 1.0 {
            return n.first().copied();
        }
        if lower as usize >= n.len() {
            return n.last().copied();
        }
        let (a, b) = (n[lower as usize - 1], n[lower as usize]);
        Some(a + (b - a) * (pos - lower))
    };
    let double = |v: Option<f64>| v.map_or(Val::Null, Val::Double);
    Ok(match kind {
        Kind::Count => Val::Int(i64::try_from(present.len()).unwrap_or(i64::MAX)),
        Kind::CountMissing => Val::Int(i64::try_from(values.len() - present.len()).unwrap_or(i64::MAX)),
        Kind::CountDistinct => {
            let mut distinct: Vec<&Val> = Vec::new();
            for v in &present {
                if !distinct.iter().any(|d| super::arrays::same_value(d, v)) {
                    distinct.push(v);
                }
            }
            Val::Int(i64::try_from(distinct.len()).unwrap_or(i64::MAX))
        }
        Kind::Min | Kind::Max => {
            let best = present.iter().reduce(|a, b| {
                let ordering = super::arrays::value_order(a, b);
                if (kind == Kind::Min && ordering.is_le()) || (kind == Kind::Max && ordering.is_ge()) { a } else { b }
            });
            match best {
                Some(v @ (Val::Int(_) | Val::Double(_))) => Val::Double(v.to_double().unwrap_or(f64::NAN)),
                Some(v) => v.clone(),
                None => Val::Null,
            }
        }
        Kind::Sum => {
            let n = numbers()?;
            Val::Double(n.iter().sum())
        }
        Kind::Mean => {
            let n = numbers()?;
            if n.is_empty() { Val::Null } else { Val::Double(n.iter().sum::<f64>() / n.len() as f64) }
        }
        Kind::Median => {
            let mut n = numbers()?;
            n.sort_by(f64::total_cmp);
            if n.is_empty() {
                Val::Null
            } else {
                let mid = n.len() / 2;
                Val::Double(if n.len().is_multiple_of(2) { (n[mid - 1] + n[mid]) / 2.0 } else { n[mid] })
            }
        }
        Kind::StDev => {
            let n = numbers()?;
            if n.len() < 2 {
                Val::Null
            } else {
                let mean = n.iter().sum::<f64>() / n.len() as f64;
                Val::Double((n.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n.len() - 1) as f64).sqrt())
            }
        }
        Kind::Range => {
            let n = numbers()?;
            let (lo, hi) = (n.iter().copied().reduce(f64::min), n.iter().copied().reduce(f64::max));
            double(lo.zip(hi).map(|(lo, hi)| hi - lo))
        }
        Kind::Q1 => double(quantile(numbers()?, 0.25)),
        Kind::Q3 => double(quantile(numbers()?, 0.75)),
        Kind::Iqr => {
            let n = numbers()?;
            double(quantile(n.clone(), 0.75).zip(quantile(n, 0.25)).map(|(a, b)| a - b))
        }
        Kind::Minority | Kind::Majority => {
            let mut counts: Vec<(Val, usize)> = Vec::new();
            for v in &present {
                match counts.iter_mut().find(|(c, _)| super::arrays::same_value(c, v)) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((v.clone(), 1)),
                }
            }
            let best = if kind == Kind::Majority {
                counts.iter().map(|(_, n)| *n).max()
            } else {
                counts.iter().map(|(_, n)| *n).min()
            };
            counts.into_iter().find(|(_, n)| Some(*n) == best).map_or(Val::Null, |(v, _)| v)
        }
        Kind::MinLength | Kind::MaxLength => {
            let lengths = present.iter().map(|v| i64::try_from(v.to_text().chars().count()).unwrap_or(i64::MAX));
            let best = if kind == Kind::MinLength { lengths.min() } else { lengths.max() };
            best.map_or(Val::Null, Val::Int)
        }
        Kind::Collect => {
            let parts: Vec<crate::expr::geom::Geom> = present
                .iter()
                .filter_map(|v| if let Val::Geometry(g) = v { Some((**g).clone()) } else { None })
                .collect();
            if parts.is_empty() { Val::Null } else { Val::Geometry(Arc::new(super::geometry::collect_parts(parts))) }
        }
        Kind::Concatenate => Val::text(present.iter().map(Val::to_text).collect::<Vec<_>>().join(concatenator)),
        Kind::ConcatenateUnique => {
            let mut seen: Vec<String> = Vec::new();
            for v in &present {
                let t = v.to_text();
                if !seen.contains(&t) {
                    seen.push(t);
                }
            }
            Val::text(seen.join(concatenator))
        }
        Kind::ArrayAgg => Val::Array(Arc::new(values)),
    })
}

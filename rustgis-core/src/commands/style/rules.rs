//! `style.rules` and `style.dataDefined`: rule-based styles and properties computed per feature
//! from expressions, as QGIS users know them. Every expression is checked here, on the layer's
//! features, so a rule that draws nothing or a property no feature can use is said, not silent.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{SingleParams, apply_single};
use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::expr::{Expr, RowContext, Scope};
use crate::layer::{GeometryKind, Layer};
use crate::ramps::category_colors;
use crate::style::{Color, LineCap, Marker, Property, Rule, Style, Symbol, color_of_text, number_for};
use crate::value::Value;

/// The most rules a rule-based style takes.
const MAX_RULES: usize = 64;

/// The command definitions of this file, in catalogue order.
pub(super) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("style.rules")
            .on_features()
            .summary("Draw a layer by an ordered list of rules: a filter expression, a scale range, a legend label and a symbol each, and an else rule")
            .doc("Each rule draws the features its `filter` (a QGIS expression; none for every feature) selects, with \
             its own symbol (the parameters of `style.single`: `color`, `fill`, `stroke`, `width`, `size`, \
             `marker`, `opacity`, `dash`, `cap`; a rule given no colour takes the next colour of tableau10). \
             A feature matched by several rules is drawn by each, in order, as in QGIS. `\"else\": true` makes a rule \
             that draws what no other rule draws at the map's scale. `min_scale` and `max_scale` are scale \
             denominators: a rule with `max_scale: 10000000` shows only when the map is at 1:10,000,000 or closer. \
             `label` is the rule's legend entry (default: its filter). The result counts the features each rule \
             matches; rules that match none, features no rule draws, and features whose filter cannot be evaluated \
             are named in the notices. Up to 64 rules; every rule is listed in the legend.")
            .examples(&[
                r##"style.rules {"layer": "cities", "rules": [{"label": "Capitals", "filter": "\"capital\"", "marker": "star", "size": 10, "color": "#d62728"}, {"label": "Large cities", "filter": "\"population\" >= 5000000", "size": 7, "color": "#ff7f0e"}, {"label": "Other cities", "else": true, "size": 3, "color": "#7f7f7f"}]}"##,
                r##"style.rules {"layer": "countries", "rules": [{"label": "Africa", "filter": "\"continent\" = 'Africa'", "fill": "#e6ab02"}, {"label": "Rest of the world", "else": true, "fill": "#e8e4d8"}, {"label": "Borders when zoomed in", "fill": "none", "stroke": "#555555", "width": 1.2, "max_scale": 20000000}]}"##,
            ])
            .edits_returning(rules),
        CommandDef::build("style.dataDefined")
            .on_features()
            .summary("Compute a layer's symbol size, colours, width, rotation or opacity per feature from expressions")
            .doc("Each property given is a QGIS expression evaluated on every feature: `size` (marker pixels, 0–200), \
             `fill` and `stroke` (colours: `'#rrggbb'`, a CSS name, or the `'r,g,b[,a]'` text of `color_rgb` and \
             `ramp_color`), `width` (pixels, 0–100), `rotation` (degrees clockwise, for markers) and `opacity` \
             (0–1). It applies to every symbol of the layer's style (every class, category or rule) and is kept \
             when the style's classes change. A feature whose expression gives no usable value (null, wrong type, \
             out of range) is drawn with the symbol's own value, and the notices count them; an expression no \
             feature can use is refused. `none` removes a property. The legend shows sizes as nested circles.")
            .examples(&[
                r#"style.dataDefined {"layer": "cities", "size": "2 + sqrt(\"population\") / 300"}"#,
                r#"style.dataDefined {"layer": "countries", "fill": "ramp_color('Viridis', scale_linear(\"pop_est\", 0, 1.4e9, 0, 1))"}"#,
                r#"style.dataDefined {"layer": "cities", "rotation": "\"population\" % 360", "opacity": "none"}"#,
            ])
            .edits_returning(data_defined),
    ]
}

/// One rule of `style.rules`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RuleParam {
    /// The legend label (default: the filter; `other` for an else rule).
    label: Option<String>,
    /// A QGIS expression selecting the features this rule draws; none for every feature.
    filter: Option<String>,
    /// Whether this rule draws the features no other rule draws (no filter then).
    #[serde(default, rename = "else")]
    is_else: bool,
    /// Shown only at this scale denominator or larger (zoomed out).
    min_scale: Option<f64>,
    /// Shown only at this scale denominator or smaller (zoomed in).
    max_scale: Option<f64>,
    /// The main colour: fill of polygons and points, stroke of lines.
    color: Option<String>,
    /// Fill colour, or `none`.
    fill: Option<String>,
    /// Outline (line) colour, or `none`.
    stroke: Option<String>,
    /// Stroke width in pixels (0–100).
    width: Option<f32>,
    /// Point marker size in pixels (0.5–200).
    size: Option<f32>,
    /// A numeric field sizing point markers, or `none`.
    size_field: Option<String>,
    /// Point marker shape.
    #[serde(alias = "symbol")]
    marker: Option<Marker>,
    /// Opacity 0–1.
    opacity: Option<f32>,
    /// Dash pattern in pixels; [] for a solid line.
    dash: Option<Vec<f32>>,
    /// Line ends: butt, round or square.
    cap: Option<LineCap>,
}

/// Parameters of `style.rules`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RulesParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The rules, in drawing and legend order (1 to 64).
    rules: Vec<RuleParam>,
}

/// What `style.rules` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct RulesApplied {
    /// The layer.
    layer: String,
    /// Each rule with how many features it matches (at any scale).
    rules: Vec<RuleSummary>,
    /// How many features no rule draws at any scale (they are not drawn).
    undrawn: usize,
    /// Its style now, as the project file holds it.
    style: Style,
}

/// One rule of `style.rules`' result.
#[derive(Debug, Serialize, JsonSchema)]
struct RuleSummary {
    /// Its legend label.
    label: String,
    /// Its main colour, `#rrggbb`, or `none`.
    color: String,
    /// How many features it matches.
    count: usize,
}

fn rules(ctx: &mut Ctx<'_>, p: RulesParams) -> Result<RulesApplied> {
    let layer = ctx.layer(p.layer.as_deref())?;
    if p.rules.is_empty() || p.rules.len() > MAX_RULES {
        return Err(Error::invalid("rules", format!("{} rules; give 1 to {MAX_RULES}", p.rules.len())));
    }
    let kind = layer.geometry_kind();
    let base = Style::default_for(&layer.features).base_symbol().clone();
    let palette = category_colors("tableau10", p.rules.len()).map_err(|e| Error::invalid("rules", e.to_string()))?;
    let mut built = Vec::with_capacity(p.rules.len());
    let mut filters = Vec::with_capacity(p.rules.len());
    for (i, rule) in p.rules.iter().enumerate() {
        let param = format!("rules[{i}]");
        let filter = match (&rule.filter, rule.is_else) {
            (Some(_), true) => {
                return Err(Error::invalid(&param, "an else rule has no filter: it draws what no other rule draws"));
            }
            (Some(text), false) => {
                let expr = Expr::parse(text).map_err(|e| Error::invalid(&format!("{param}.filter"), e.to_string()))?;
                expr.check_fields(&layer.name, &layer.fields)?;
                Some(expr)
            }
            (None, _) => None,
        };
        let (min_scale, max_scale) = scale_range(&param, rule.min_scale, rule.max_scale)?;
        let mut symbol = base.clone();
        if rule.color.is_none() && rule.fill.is_none() {
            if kind == GeometryKind::LineString {
                symbol.stroke = Some(palette[i]);
            } else {
                symbol.fill = Some(palette[i]);
            }
        }
        apply_single(&mut symbol, &single_params(rule), kind).map_err(|e| Error::invalid(&param, e.to_string()))?;
        let label = rule.label.clone().unwrap_or_else(|| match (&rule.filter, rule.is_else) {
            (Some(text), _) => text.clone(),
            (None, true) => "other".to_owned(),
            (None, false) => "all features".to_owned(),
        });
        built.push(Rule { label, filter: rule.filter.clone(), is_else: rule.is_else, min_scale, max_scale, symbol });
        filters.push(filter);
    }
    let mut notices = Vec::new();
    let matched = count_matches(&mut notices, layer, &built, &filters);
    let summary = built
        .iter()
        .zip(&matched.counts)
        .map(|(rule, count)| RuleSummary {
            label: rule.label.clone(),
            color: main_color(&rule.symbol, kind),
            count: *count,
        })
        .collect();
    let undrawn = matched.undrawn;
    for notice in notices {
        ctx.notice(notice);
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = Style::Rules { rules: built };
    Ok(RulesApplied { layer: layer.name.clone(), rules: summary, undrawn, style: layer.style.clone() })
}

/// A rule's scale range, checked: positive scale denominators, the smaller first.
fn scale_range(param: &str, min: Option<f64>, max: Option<f64>) -> Result<(Option<f64>, Option<f64>)> {
    for (name, value) in [("min_scale", min), ("max_scale", max)] {
        if let Some(v) = value
            && !(v.is_finite() && v > 0.0)
        {
            return Err(Error::invalid(
                &format!("{param}.{name}"),
                format!("{v} is not a scale denominator; give a positive number such as 1000000 for 1:1,000,000"),
            ));
        }
    }
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(Error::invalid(
            param,
            format!(
                "min_scale {lo} is larger than max_scale {hi}; min_scale is the zoomed-in end (the smaller denominator)"
            ),
        ));
    }
    Ok((min, max))
}

fn single_params(rule: &RuleParam) -> SingleParams {
    SingleParams {
        layer: None,
        color: rule.color.clone(),
        fill: rule.fill.clone(),
        stroke: rule.stroke.clone(),
        width: rule.width,
        size: rule.size,
        size_field: rule.size_field.clone(),
        marker: rule.marker,
        opacity: rule.opacity,
        dash: rule.dash.clone(),
        cap: rule.cap,
    }
}

/// What the rules match on the layer's features.
struct Matched {
    counts: Vec<usize>,
    undrawn: usize,
}

/// Counts each rule's features (scales aside), and says in notices what would otherwise be silent:
/// a rule that matches nothing, features no rule draws, filters that cannot be evaluated.
fn count_matches(notices: &mut Vec<String>, layer: &Layer, rules: &[Rule], filters: &[Option<Expr>]) -> Matched {
    let scope = Scope::new(Some(layer), None);
    let mut counts = vec![0usize; rules.len()];
    let mut failed: Vec<(usize, Option<String>)> = vec![(0, None); rules.len()];
    let mut undrawn = 0;
    let has_else = rules.iter().any(|r| r.is_else);
    for feature in layer.features.iter().filter(|f| f.geometry.is_some()) {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        let mut any = false;
        for (i, (rule, filter)) in rules.iter().zip(filters).enumerate() {
            if rule.is_else {
                continue;
            }
            let hit = match filter {
                None => true,
                Some(expr) => expr.matches_in(&row, Some(&scope)).unwrap_or_else(|e| {
                    failed[i].0 += 1;
                    failed[i].1.get_or_insert_with(|| e.to_string());
                    false
                }),
            };
            if hit {
                counts[i] += 1;
                any = true;
            }
        }
        if !any {
            if has_else {
                for (i, _) in rules.iter().enumerate().filter(|(_, r)| r.is_else) {
                    counts[i] += 1;
                }
            } else {
                undrawn += 1;
            }
        }
    }
    for ((rule, count), (n_failed, first)) in rules.iter().zip(&counts).zip(&failed) {
        if let Some(first) = first {
            notices.push(format!(
                "the filter of rule '{}' could not be evaluated on {n_failed} features, which it does not draw (first: \
                 {first})",
                rule.label
            ));
        }
        if *count == 0 {
            notices.push(format!("rule '{}' matches no feature of layer '{}'", rule.label, layer.name));
        }
    }
    if undrawn > 0 {
        notices.push(format!(
            "{undrawn} features of layer '{}' match no rule and are not drawn; add a rule with \"else\": true to draw them",
            layer.name
        ));
    }
    Matched { counts, undrawn }
}

/// A symbol's main colour as text: the stroke of lines, the fill of anything else; `none`.
pub(super) fn main_color(symbol: &Symbol, kind: GeometryKind) -> String {
    symbol.main_color(kind).map_or_else(|| "none".to_owned(), Color::to_hex)
}

/// Parameters of `style.dataDefined`: each a QGIS expression, or `none` to remove it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DataDefinedParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// Marker size in pixels (0–200).
    size: Option<String>,
    /// Fill colour: '#rrggbb', a CSS name or 'r,g,b[,a]' text.
    fill: Option<String>,
    /// Outline (line) colour, as fill.
    stroke: Option<String>,
    /// Stroke width in pixels (0–100).
    width: Option<String>,
    /// Marker rotation in degrees, clockwise.
    rotation: Option<String>,
    /// Opacity 0–1.
    opacity: Option<String>,
}

impl DataDefinedParams {
    fn get(&self, property: Property) -> Option<&str> {
        match property {
            Property::Size => self.size.as_deref(),
            Property::Fill => self.fill.as_deref(),
            Property::Stroke => self.stroke.as_deref(),
            Property::Width => self.width.as_deref(),
            Property::Rotation => self.rotation.as_deref(),
            Property::Opacity => self.opacity.as_deref(),
        }
    }
}

/// What `style.dataDefined` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct DataDefinedApplied {
    /// The layer.
    layer: String,
    /// Each property set now, with how many features its expression gives a usable value for.
    properties: Vec<PropertySummary>,
    /// Its style now, as the project file holds it.
    style: Style,
}

/// One data-defined property of `style.dataDefined`'s result.
#[derive(Debug, Serialize, JsonSchema)]
struct PropertySummary {
    /// The property: size, fill, stroke, width, rotation or opacity.
    property: String,
    /// Its expression.
    expression: String,
    /// Features whose value is used.
    usable: usize,
    /// Features drawn with the symbol's own value instead (no usable value).
    fallback: usize,
}

fn data_defined(ctx: &mut Ctx<'_>, p: DataDefinedParams) -> Result<DataDefinedApplied> {
    let layer = ctx.layer(p.layer.as_deref())?;
    if Property::ALL.iter().all(|prop| p.get(*prop).is_none()) {
        return Err(Error::invalid(
            "size",
            "give at least one of size, fill, stroke, width, rotation, opacity (an expression, or none to remove it)",
        ));
    }
    let mut style = layer.style.clone();
    let mut checked = Vec::new();
    let mut notices = Vec::new();
    for property in Property::ALL {
        let Some(text) = p.get(property) else { continue };
        let text = text.trim();
        let value = if text.is_empty() || text.eq_ignore_ascii_case("none") {
            None
        } else {
            let (usable, fallback) = check_property(&mut notices, layer, property, text)?;
            checked.push(PropertySummary {
                property: property.name().to_owned(),
                expression: text.to_owned(),
                usable,
                fallback,
            });
            Some(text.to_owned())
        };
        for symbol in style.symbols_mut() {
            symbol.data_defined.get_mut(property).clone_from(&value);
        }
    }
    for notice in notices {
        ctx.notice(notice);
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = style;
    Ok(DataDefinedApplied { layer: layer.name.clone(), properties: checked, style: layer.style.clone() })
}

/// Evaluates a property's expression on every feature: how many give a usable value and how many
/// fall back. An expression that parses but that no feature can use is refused, naming why.
fn check_property(notices: &mut Vec<String>, layer: &Layer, property: Property, text: &str) -> Result<(usize, usize)> {
    let param = property.name();
    let expr = Expr::parse(text).map_err(|e| Error::invalid(param, e.to_string()))?;
    expr.check_fields(&layer.name, &layer.fields)?;
    let scope = Scope::new(Some(layer), None);
    let (mut usable, mut fallback) = (0usize, 0usize);
    let mut first_bad: Option<String> = None;
    for feature in layer.features.iter().filter(|f| f.geometry.is_some()) {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        let outcome = expr.eval_in(&row, &scope);
        let ok = match &outcome {
            Ok(value) => usable_value(property, value),
            Err(_) => false,
        };
        if ok {
            usable += 1;
        } else {
            fallback += 1;
            first_bad.get_or_insert_with(|| match outcome {
                Ok(Value::Null) => "null".to_owned(),
                Ok(value) => format!("{} {}", value.type_name(), clip(&value.to_json().to_string())),
                Err(e) => e.to_string(),
            });
        }
    }
    let first_bad = first_bad.unwrap_or_default();
    if usable == 0 && fallback > 0 {
        return Err(Error::invalid(
            param,
            format!(
                "{text} gives no usable value on any of the {fallback} features of layer '{}' (first: {first_bad}); it \
                 must give {}",
                layer.name,
                property.accepts()
            ),
        ));
    }
    if fallback > 0 {
        notices.push(format!(
            "{param}: {text} gives no usable value on {fallback} of {} features of layer '{}' (first: {first_bad}), \
             which are drawn with the symbol's own {param}; it must give {}",
            usable + fallback,
            layer.name,
            property.accepts()
        ));
    }
    Ok((usable, fallback))
}

/// Whether an expression's value can be used for a property.
pub(crate) fn usable_value(property: Property, value: &Value) -> bool {
    match property {
        Property::Fill | Property::Stroke => value.as_str().and_then(color_of_text).is_some(),
        _ => value.as_f64().and_then(|v| number_for(property, v)).is_some(),
    }
}

/// At most 60 characters of a value, for a message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

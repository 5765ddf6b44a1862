//! Symbology in the scene: which symbols draw each feature — its category, class, or the rules
//! that select it (filters evaluated once, when the scene is built), of which a frame shows those
//! in scale (as QGIS does: an else rule draws what no rule in scale draws) — and a feature's own
//! size (fixed, from a field, or an expression), colours, width, rotation and opacity.

use std::borrow::Cow;
use std::sync::Arc;

use rustgis_core::{
    Color, Crs, Expr, Feature, Layer, Property, RowContext, Rule, Scope, Style, Symbol, Value, color_of_text,
    number_for, webmercator,
};

use rustgis_core::geoprocessing::{Transformer, geodesic_distance};

use crate::draw::Frame;

/// The rules a feature's filters select, shared by the scene features drawn for it.
#[derive(Debug, Default)]
pub(crate) struct RuleMatch {
    /// The non-else rules whose filter selects the feature.
    pub hits: Box<[u16]>,
    /// The layer's else rules.
    pub elses: Arc<[u16]>,
}

impl RuleMatch {
    /// Whether the feature is drawn at all with these rules shown (`None`: every rule).
    pub(crate) fn drawn(&self, active: Option<&[bool]>) -> bool {
        let Some(active) = active else { return !self.hits.is_empty() || !self.elses.is_empty() };
        let on = |r: &u16| active.get(usize::from(*r)).copied().unwrap_or(false);
        self.hits.iter().any(on) || self.elses.iter().any(on)
    }

    /// Whether rule `rule` draws the feature with these rules shown.
    pub(crate) fn draws(&self, rule: u16, is_else: bool, active: Option<&[bool]>) -> bool {
        let Some(active) = active else { return !is_else || self.hits.is_empty() };
        let on = |r: &u16| active.get(usize::from(*r)).copied().unwrap_or(false);
        on(&rule) && (!is_else || !self.hits.iter().any(on))
    }
}

/// A rule-based style's filters, parsed and checked once per scene.
pub(crate) struct RuleFilters {
    filters: Vec<Option<Expr>>,
    is_else: Vec<bool>,
    elses: Arc<[u16]>,
    /// Filters that no longer check on the layer (a field deleted since), for the notices.
    pub broken: Vec<String>,
}

impl RuleFilters {
    pub(crate) fn new(layer: &Layer, rules: &[Rule]) -> RuleFilters {
        let mut broken = Vec::new();
        let filters = rules
            .iter()
            .map(|rule| {
                let text = rule.filter.as_deref()?;
                match Expr::parse(text).and_then(|e| e.check_fields(&layer.name, &layer.fields).map(|()| e)) {
                    Ok(expr) => Some(expr),
                    Err(e) => {
                        broken.push(format!(
                            "rule '{}' of layer '{}' draws nothing: its filter {text} no longer works ({e})",
                            rule.label, layer.name
                        ));
                        // A filter that cannot be read selects nothing, never everything.
                        Some(Expr::parse("false").expect("the literal false parses"))
                    }
                }
            })
            .collect();
        let is_else: Vec<bool> = rules.iter().map(|r| r.is_else).collect();
        let elses = (0..rules.len()).filter(|i| is_else[*i]).filter_map(|i| u16::try_from(i).ok()).collect();
        RuleFilters { filters, is_else, elses, broken }
    }

    /// The rules that select `feature` (a filter that fails on it does not select it, as in QGIS).
    pub(crate) fn matches(&self, layer: &Layer, feature: &Feature, scope: &Scope<'_>) -> Arc<RuleMatch> {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        let hits = self
            .filters
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_else[*i])
            .filter(|(_, f)| f.as_ref().is_none_or(|e| e.matches_in(&row, Some(scope)).unwrap_or(false)))
            .filter_map(|(i, _)| u16::try_from(i).ok())
            .collect();
        Arc::new(RuleMatch { hits, elses: self.elses.clone() })
    }
}

/// Which rules of a layer's style are shown at a frame's scale; `None` when every rule is (no rule
/// has a scale range, or the style has no rules).
pub(crate) fn active_rules(style: &Style, crs: Crs, frame: &Frame) -> Option<Vec<bool>> {
    let Style::Rules { rules } = style else { return None };
    if !rules.iter().any(Rule::has_scale_range) {
        return None;
    }
    let denominator = scale_denominator(crs, frame)?;
    Some(rules.iter().map(|r| r.in_scale(denominator)).collect())
}

/// The map's scale as 1:N at the centre of the frame: ground metres per pixel over the metres a
/// pixel is on screen or paper (96 dpi times the frame's dpi scale).
pub(crate) fn scale_denominator(crs: Crs, frame: &Frame) -> Option<f64> {
    let (_, _, metres_per_px) = ground_metres_per_px(crs, frame)?;
    let dpi = 96.0 * f64::from(frame.dpi_scale.max(f32::MIN_POSITIVE));
    Some(metres_per_px * dpi / 0.0254)
}

/// The latitude at the frame's centre, the latitudes it spans, and the ground metres one pixel
/// covers there (along the parallel). `None` where the map has no usable scale.
pub(crate) fn ground_metres_per_px(crs: Crs, frame: &Frame) -> Option<(f64, f64, f64)> {
    let view = frame.map_box();
    let centre = [(view.min_x + view.max_x) / 2.0, (view.min_y + view.max_y) / 2.0];
    let (lat, lat_span, metres_per_px) = match crs.code() {
        _ if crs != Crs::WGS84 && crs != Crs::WEB_MERCATOR => true_scale(crs, frame, centre)?,
        3857 => {
            let (_, lat) = webmercator::to_lon_lat(centre[0], centre[1]);
            let (_, south) = webmercator::to_lon_lat(centre[0], view.min_y);
            let (_, north) = webmercator::to_lon_lat(centre[0], view.max_y);
            (lat, north - south, lat.to_radians().cos() / frame.scale)
        }
        _ => {
            let lat = centre[1].clamp(-89.0, 89.0);
            (lat, view.height(), 111_319.490_793 * lat.to_radians().cos() / frame.scale)
        }
    };
    (metres_per_px.is_finite() && metres_per_px > 0.0).then_some((lat, lat_span, metres_per_px))
}

/// In any projected CRS: the latitude at the map's centre, the latitudes the view spans there,
/// and the metres (geodesic, on WGS 84) one pixel covers going east from the centre.
fn true_scale(crs: Crs, frame: &Frame, centre: [f64; 2]) -> Option<(f64, f64, f64)> {
    let to_lon_lat = Transformer::new(crs, Crs::WGS84).ok()?;
    let step = 10.0 / frame.scale;
    let (lon_a, lat) = to_lon_lat.apply(centre[0] - step / 2.0, centre[1])?;
    let (lon_b, lat_b) = to_lon_lat.apply(centre[0] + step / 2.0, centre[1])?;
    let metres = geodesic_distance(geo::Coord { x: lon_a, y: lat }, geo::Coord { x: lon_b, y: lat_b });
    let view = frame.map_box();
    let south = to_lon_lat.apply(centre[0], view.min_y).map_or(-90.0, |p| p.1);
    let north = to_lon_lat.apply(centre[0], view.max_y).map_or(90.0, |p| p.1);
    Some(((lat + lat_b) / 2.0, north - south, metres / 10.0))
}

/// Picks each feature's symbol.
pub(crate) enum Chooser {
    Single,
    Categorized {
        field: Option<usize>,
        sorted: Vec<(Value, usize)>,
        default: usize,
    },
    Graduated {
        field: Option<usize>,
        bounds: Vec<(f64, f64)>,
        default: usize,
    },
    /// A rule-based style: a feature is drawn by every rule that selects it.
    Rules(RuleFilters),
}

impl Chooser {
    pub(crate) fn symbol_of(&self, feature: &Feature) -> usize {
        match self {
            Chooser::Single | Chooser::Rules(_) => 0,
            Chooser::Categorized { field, sorted, default } => {
                let Some(value) = field.and_then(|i| feature.attributes.get(i)) else { return *default };
                sorted.binary_search_by(|(v, _)| v.total_cmp(value)).map_or(*default, |found| sorted[found].1)
            }
            Chooser::Graduated { field, bounds, default } => {
                let Some(v) = field.and_then(|i| feature.attributes.get(i)).and_then(Value::as_f64) else {
                    return *default;
                };
                bounds
                    .iter()
                    .enumerate()
                    .position(|(i, (lower, upper))| (v > *lower || (i == 0 && v == *lower)) && v <= *upper)
                    .unwrap_or(*default)
            }
        }
    }
}

pub(crate) fn symbols_of(layer: &Layer) -> (Vec<Symbol>, Chooser) {
    match &layer.style {
        Style::Single { symbol } => (vec![symbol.clone()], Chooser::Single),
        Style::Categorized { field, categories, default } => {
            let mut symbols: Vec<Symbol> = categories.iter().map(|c| c.symbol.clone()).collect();
            symbols.push(default.clone());
            let mut sorted: Vec<(Value, usize)> =
                categories.iter().enumerate().map(|(i, c)| (c.value.clone(), i)).collect();
            sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
            let chooser = Chooser::Categorized { field: layer.field_index(field), sorted, default: symbols.len() - 1 };
            (symbols, chooser)
        }
        Style::Graduated { field, classes, default, .. } => {
            let mut symbols: Vec<Symbol> = classes.iter().map(|c| c.symbol.clone()).collect();
            symbols.push(default.clone());
            let bounds = classes.iter().map(|c| (c.lower, c.upper)).collect();
            let chooser = Chooser::Graduated { field: layer.field_index(field), bounds, default: symbols.len() - 1 };
            (symbols, chooser)
        }
        Style::Rules { rules } => {
            (rules.iter().map(|r| r.symbol.clone()).collect(), Chooser::Rules(RuleFilters::new(layer, rules)))
        }
        other => (vec![other.base_symbol().clone()], Chooser::Single),
    }
}

/// The sizes a legend shows as nested circles: the largest, middle and smallest of the features'
/// marker sizes (those at least a fifth apart), each with the value it comes from: the size
/// field's, or the one field a size expression reads; else the size itself.
pub(crate) fn size_legend(layer: &Layer, symbols: &[Symbol], mut sized: Vec<(f32, usize)>) -> Vec<(f32, String)> {
    if sized.is_empty() {
        return Vec::new();
    }
    sized.sort_by(|a, b| b.0.total_cmp(&a.0));
    let source = symbols.iter().find_map(|s| {
        let by_expression = || {
            let fields = Expr::parse(s.data_defined.size.as_deref()?).ok()?.fields();
            if fields.len() == 1 { layer.field_index(&fields[0]) } else { None }
        };
        match (&s.data_defined.size, &s.size_field) {
            (Some(_), _) => Some(by_expression()),
            (None, Some(field)) => Some(layer.field_index(field)),
            (None, None) => None,
        }
    });
    let mut picked: Vec<(f32, usize)> = Vec::new();
    for candidate in [sized[0], sized[sized.len() / 2], sized[sized.len() - 1]] {
        if picked.last().is_none_or(|last| candidate.0 <= last.0 * 0.8) {
            picked.push(candidate);
        }
    }
    picked
        .into_iter()
        .map(|(size, index)| {
            let value = source.flatten().and_then(|i| layer.features[index].attributes.get(i));
            let text = match value.and_then(Value::as_f64) {
                Some(v) => grouped(v),
                None => match value.and_then(rustgis_core::label_text) {
                    Some((text, _)) => text,
                    None => format!("{} px", crate::legend::number(f64::from(size))),
                },
            };
            (size, text)
        })
        .collect()
}

/// A value for a legend, whole numbers from 10,000 up with thousands separators.
fn grouped(value: f64) -> String {
    let text = crate::legend::number(value);
    if value.abs() < 10_000.0 || text.contains('.') {
        return text;
    }
    let (sign, digits) = text.split_at(usize::from(text.starts_with('-')));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Marker sizes, fixed or from a field.
pub(crate) struct Sizer {
    /// Per symbol: the size field's index and the largest value in the layer.
    by_field: Vec<Option<(usize, f64)>>,
}

impl Sizer {
    pub(crate) fn new(layer: &Layer, symbols: &[Symbol]) -> Sizer {
        let by_field = symbols
            .iter()
            .map(|s| {
                let idx = layer.field_index(s.size_field.as_deref()?)?;
                let max = layer
                    .features
                    .iter()
                    .filter_map(|f| f.attributes.get(idx).and_then(Value::as_f64))
                    .filter(|v| v.is_finite())
                    .fold(0.0f64, f64::max);
                (max > 0.0).then_some((idx, max))
            })
            .collect();
        Sizer { by_field }
    }

    /// The marker diameter: `size`, or with a size field `4 × size × √(value / max)` (areas
    /// proportional to the value), never below `size`.
    pub(crate) fn size_of(&self, feature: &Feature, symbol_idx: usize, symbol: &Symbol) -> f32 {
        let base = symbol.size;
        let Some(Some((idx, max))) = self.by_field.get(symbol_idx) else { return base };
        let value = feature.attributes.get(*idx).and_then(Value::as_f64).unwrap_or(0.0).max(0.0);
        (4.0 * f64::from(base) * (value / max).sqrt()).max(f64::from(base)) as f32
    }
}

/// A feature's own values of its symbol's data-defined properties.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Overrides {
    pub fill: Option<Color>,
    pub stroke: Option<Color>,
    pub width: Option<f32>,
    pub rotation: Option<f32>,
    pub opacity: Option<f32>,
}

/// A symbol's data-defined expressions, parsed once per scene.
pub(crate) struct DataDefinedExprs {
    exprs: Vec<(Property, Expr)>,
}

impl DataDefinedExprs {
    /// `None` when the symbol has no data-defined property that still checks on the layer; the
    /// ones that no longer check are added to `broken`.
    pub(crate) fn new(layer: &Layer, symbol: &Symbol, broken: &mut Vec<String>) -> Option<DataDefinedExprs> {
        let exprs: Vec<(Property, Expr)> = Property::ALL
            .iter()
            .filter_map(|p| Some((*p, symbol.data_defined.get(*p)?)))
            .filter_map(|(p, text)| {
                match Expr::parse(text).and_then(|e| e.check_fields(&layer.name, &layer.fields).map(|()| e)) {
                    Ok(expr) => Some((p, expr)),
                    Err(e) => {
                        let message = format!(
                            "the {} of layer '{}' comes from the symbol, not from {text}, which no longer works ({e})",
                            p.name(),
                            layer.name
                        );
                        if !broken.contains(&message) {
                            broken.push(message);
                        }
                        None
                    }
                }
            })
            .collect();
        (!exprs.is_empty()).then_some(DataDefinedExprs { exprs })
    }

    /// The feature's size (when data-defined and usable) and its other overrides.
    pub(crate) fn eval(&self, layer: &Layer, feature: &Feature, scope: &Scope<'_>) -> (Option<f32>, Option<Overrides>) {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        let mut size = None;
        let mut o = Overrides::default();
        for (property, expr) in &self.exprs {
            let Ok(value) = expr.eval_in(&row, scope) else { continue };
            match property {
                Property::Fill => o.fill = colour(&value),
                Property::Stroke => o.stroke = colour(&value),
                Property::Size => size = number(*property, &value),
                Property::Width => o.width = number(*property, &value),
                Property::Rotation => o.rotation = number(*property, &value),
                Property::Opacity => o.opacity = number(*property, &value),
            }
        }
        (size, (o != Overrides::default()).then_some(o))
    }
}

fn colour(value: &Value) -> Option<Color> {
    value.as_str().and_then(color_of_text)
}

fn number(property: Property, value: &Value) -> Option<f32> {
    value.as_f64().and_then(|v| number_for(property, v))
}

/// The symbol a feature is drawn with: its class's, with its own data-defined values over it.
pub(crate) fn effective<'a>(symbol: &'a Symbol, overrides: Option<&Overrides>) -> Cow<'a, Symbol> {
    let Some(o) = overrides else { return Cow::Borrowed(symbol) };
    let mut own = symbol.clone();
    if let Some(fill) = o.fill {
        own.fill = Some(fill);
    }
    if let Some(stroke) = o.stroke {
        own.stroke = Some(stroke);
    }
    if let Some(width) = o.width {
        own.width = width;
    }
    if let Some(opacity) = o.opacity {
        own.opacity = opacity;
    }
    Cow::Owned(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matched(hits: &[u16], elses: &[u16]) -> RuleMatch {
        RuleMatch { hits: hits.into(), elses: elses.into() }
    }

    #[test]
    fn a_legend_value_of_ten_thousand_or_more_has_thousands_separators() {
        assert_eq!(super::grouped(22_315_474.0), "22,315,474");
        assert_eq!(super::grouped(-12_345.0), "-12,345");
        assert_eq!(super::grouped(9_999.0), "9999");
        assert_eq!(super::grouped(0.5), "0.5");
    }

    #[test]
    fn an_else_rule_draws_a_feature_whose_rules_are_all_out_of_scale() {
        // Rule 0 selects the feature but is not shown; rule 1 is the else rule.
        let m = matched(&[0], &[1]);
        assert!(!m.draws(0, false, Some(&[false, true])));
        assert!(m.draws(1, true, Some(&[false, true])));
        assert!(!m.draws(1, true, Some(&[true, true])));
        assert!(m.drawn(Some(&[false, true])));
    }

    #[test]
    fn a_feature_no_rule_selects_and_no_else_rule_catches_is_not_drawn() {
        let m = matched(&[], &[]);
        assert!(!m.drawn(None));
        assert!(!m.drawn(Some(&[true])));
    }
}

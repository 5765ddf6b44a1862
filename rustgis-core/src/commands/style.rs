//! `style.*`, `label.*` and the map's look (`map.setBackground`, `map.setCrs`): how layers and
//! the map are drawn. Drawing itself belongs to the renderer; these commands set the data.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::classify;
use crate::command::{CommandDef, Ctx};
use crate::commands::LayerParam;
use crate::error::{Error, Result};
use crate::expr::{Expr, RowContext};
use crate::layer::{Crs, GeometryKind, Layer};
use crate::ramps::{Ramp, category_colors};
use crate::style::{
    Category, ClassMethod, Color, GraduatedClass, Labels, LineCap, Marker, Placement, Style, Symbol,
    parse_optional_color,
};
use crate::value::{FieldType, Value};

mod classes;
mod rules;

/// The most categories a categorized style takes.
const MAX_CATEGORIES: usize = 256;

/// The colour of features with no value (or a value in no class).
const NO_DATA: Color = Color::rgb(0xbd, 0xbd, 0xbd);

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("style.single")
            .on_features_or_database()
            .summary("Draw every feature of a layer with one symbol: fill, stroke, width, size, marker, opacity")
            .doc("Changes only what is given; the rest of the symbol stays. On a categorized or graduated layer, \
             settings other than `color` and `fill` (opacity, outline, size…) change every class alike and \
             keep the classes; a new `color` or `fill` draws every feature with one symbol. Colours are `#rrggbb`, `#rrggbbaa`, CSS \
             names (`steelblue`) or `none`. `color` sets the fill of polygons and points and the stroke of lines. \
             `size_field` sizes point markers by a numeric field (areas proportional to the value, from `size` to \
             4 × `size`; `none` for a fixed size). `dash` is a pattern in pixels (`[4, 2]`; `[]` for solid).")
            .examples(&[
                r##"style.single {"layer": "countries", "fill": "#e8e4d8", "stroke": "#9a9488", "width": 0.5}"##,
                r#"style.single {"layer": "cities", "marker": "star", "size": 8, "color": "gold"}"#,
                r#"style.single {"layer": "cities", "size_field": "population", "opacity": 0.8}"#,
            ])
            .edits_returning(single),
        CommandDef::build("style.categorized")
            .on_features()
            .summary("Colour a layer by the distinct values of a field (one colour per category)")
            .doc("Each distinct value gets a colour from `palette`: a qualitative palette (tableau10, set1, set2, \
             set3, pastel1, pastel2, dark2, paired, accent), a colour ramp sampled evenly (viridis…), or a list \
             of colours. Nulls get grey. Up to 256 categories; for numbers with many values use \
             `style.graduated`.")
            .examples(&[
                r#"style.categorized {"layer": "countries", "field": "continent"}"#,
                r#"style.categorized {"layer": "countries", "field": "economy", "palette": "tableau10"}"#,
            ])
            .edits_returning(categorized),
        CommandDef::build("style.graduated")
            .on_features()
            .summary("Colour a layer by a numeric field in classes along a colour ramp (choropleth)")
            .doc("Divides the field's values into `classes` (default 5) by `method`: `quantile` (as many features per \
             class; the default), `equal` (equal ranges), `jenks` (natural breaks) or `pretty` (round numbers). \
             Ramps: viridis, magma, plasma, inferno, cividis, blues, greens, reds, oranges, purples, greys, \
             ylorrd, ylgnbu, ylgn, orrd, pubu, bupu, spectral, rdylgn, rdylbu, rdbu, brbg, piyg, puor; add `_r` \
             to reverse. Nulls get grey. The result lists each class with its bounds, colour and count.")
            .examples(&[
                r#"style.graduated {"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}"#,
                r#"style.graduated {"layer": "countries", "field": "gdp_md", "classes": 7, "method": "jenks", "ramp": "viridis"}"#,
            ])
            .edits_returning(graduated),
    ]
    .into_iter()
    .chain(rules::defs())
    .chain(classes::defs())
    .chain([
        CommandDef::build("label.set")
            .on_features_or_database()
            .summary("Label a layer's features with a field or an expression, with a halo and placement")
            .doc("Give `field` or `expression` (a QGIS-style expression such as `\"name\" || ' (' || \"iso_a3\" || ')'`). \
             Labels that would overlap are left out, the most important first: labels with a `priority` (a number, a numeric \
             field or an expression giving a number) before those without, the larger first, across layers; then polygons' \
             labels before lines' and points', higher layers first, larger features first. A larger `padding` (pixels around \
             each label) or a `density` (labels per million pixels at world scale, doubling with each zoom level) leaves \
             fewer. Polygons are labelled at their pole of inaccessibility (the inside point farthest from the edges), and \
             not at all when drawn smaller than `min_area` square pixels. `halo` is a colour or `none`. A label shows at most \
             200 characters (a longer text is cut and ends in `…`; label.set names the features whose texts will be), and \
             one image lays out at most 100,000 characters of labels, the most important first (the render counts the \
             labels left out as `over_budget`). A `\\n` in the text starts a new line (`\"name\" || '\\n' || \"pop_est\"`), \
             and `wrap` breaks lines longer than that many characters at spaces. Text in any script is drawn: what DejaVu \
             Sans lacks comes from installed fonts (or a folder in `RUSTGIS_FONT_DIRS`); a label with a character no font \
             has is left out and named in the render's notices.")
            .examples(&[
                r#"label.set {"layer": "cities", "field": "name", "priority": "population", "density": 50}"#,
                r##"label.set {"layer": "countries", "field": "name", "size": 10, "color": "#333333", "halo": "white"}"##,
                r#"label.set {"layer": "countries", "field": "name", "priority": "\"pop_est\" / 1000", "min_area": 400}"#,
                r#"label.set {"layer": "countries", "expression": "\"name\" || '\\n' || \"pop_est\"", "wrap": 12}"#,
            ])
            .edits_returning(label_set),
        CommandDef::build("label.clear")
            .on_features_or_database()
            .summary("Remove a layer's labels")
            .examples(&[r#"label.clear {"layer": "cities"}"#])
            .edits_returning(label_clear),
        CommandDef::build("map.setBackground")
            .summary("Set the map's background colour")
            .doc("The colour shows wherever no layer draws (the sea, on a world map). `none` gives a transparent \
             background in exported PNGs.")
            .examples(&[r##"map.setBackground {"color": "#d4e6f1"}"##])
            .edits_returning(set_background),
        CommandDef::build("map.setCrs")
            .summary("Set the CRS (projection) the map is drawn in: any EPSG or ESRI code, a definition, or a world projection by name")
            .doc("Any 2D CRS PROJ knows: EPSG and ESRI codes (EPSG:4326 longitude/latitude, EPSG:3857 Web Mercator, \
             EPSG:3035 LAEA Europe, national grids such as EPSG:25832, EPSG:2154, EPSG:27700, UTM zones such as \
             EPSG:32633…), WKT, PROJJSON or a PROJ string, and the world projections by name or code: \
             `Equal Earth` (EPSG:8857, equal-area, right for choropleths of densities), `Robinson` (ESRI:54030), \
             `Mollweide` (ESRI:54009), `Winkel Tripel` (ESRI:54042) and `Natural Earth` (ESRI:54077); crs.search \
             finds codes by name or place. Layers in another CRS are moved by PROJ when drawn (one transformation \
             per layer CRS, with the datum change PROJ chooses), with edges densified, cut at the antimeridian and \
             clipped to the projection's valid area; a world projection draws the outline of the globe. The view's \
             extent moves to the new CRS, and the result gives the extent shown. A CRS set here is kept: opening \
             data never changes it. Web Mercator ends at ±85.05° latitude. A geocentric or 3D CRS (EPSG:4978) is \
             refused.")
            .examples(&[
                r#"map.setCrs {"crs": "EPSG:3857"}"#,
                r#"map.setCrs {"crs": "Equal Earth"}"#,
                r#"map.setCrs {"crs": "ESRI:54030"}"#,
                r#"map.setCrs {"crs": "EPSG:25832"}"#,
            ])
            .edits_returning(set_crs),
    ])
    .collect()
}

/// Parameters of `style.single`. Only what is given changes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SingleParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The main colour: fill of polygons and points, stroke of lines.
    color: Option<String>,
    /// Fill colour of polygons and point markers, or `none`.
    fill: Option<String>,
    /// Outline colour (the line colour of lines), or `none`.
    stroke: Option<String>,
    /// Stroke width in pixels (0–100).
    width: Option<f32>,
    /// Point marker size in pixels (0.5–200).
    size: Option<f32>,
    /// A numeric field sizing point markers (area proportional to the value), or `none`.
    size_field: Option<String>,
    /// Point marker shape.
    marker: Option<Marker>,
    /// Opacity 0–1.
    opacity: Option<f32>,
    /// Dash pattern in pixels, such as [4, 2]; [] for a solid line.
    dash: Option<Vec<f32>>,
    /// Line ends: butt, round or square.
    cap: Option<LineCap>,
}

/// What `style.single` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Styled {
    /// The layer.
    layer: String,
    /// Its style now, as the project file holds it (`type`: single, categorized or graduated,
    /// with its symbols).
    style: Style,
}

fn single(ctx: &mut Ctx<'_>, p: SingleParams) -> Result<Styled> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let kind = layer.geometry_kind();
    if let Some(field) = p.size_field.as_deref().filter(|f| !f.eq_ignore_ascii_case("none") && !f.is_empty()) {
        numeric_field(layer, field, "size_field")?;
    }
    // A new colour means one symbol for every feature; anything else (opacity, outline, size…)
    // changes every class of a classified style alike and keeps the classes.
    let recolour = p.color.is_some() || p.fill.is_some();
    let mut style = match &layer.style {
        Style::Single { .. } => layer.style.clone(),
        classified if !recolour => classified.clone(),
        other => {
            // Leaving a classified style: keep the line work, take the kind's default colours.
            let old = other.base_symbol();
            let fresh = Style::default_for(&layer.features).base_symbol().clone();
            Style::Single { symbol: Symbol { fill: fresh.fill, stroke: fresh.stroke, ..old.clone() } }
        }
    };
    for symbol in style.symbols_mut() {
        apply_single(symbol, &p, kind)?;
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = style;
    Ok(Styled { layer: layer.name.clone(), style: layer.style.clone() })
}

/// Applies what `style.single` was given to one symbol.
fn apply_single(symbol: &mut Symbol, p: &SingleParams, kind: GeometryKind) -> Result<()> {
    if let Some(text) = &p.color {
        let color = Color::parse(text).map_err(|e| Error::invalid("color", e))?;
        if kind == GeometryKind::LineString {
            symbol.stroke = Some(color);
        } else {
            symbol.fill = Some(color);
        }
    }
    if let Some(text) = &p.fill {
        symbol.fill = parse_optional_color(text).map_err(|e| Error::invalid("fill", e))?;
    }
    apply_outline(symbol, p.stroke.as_deref(), p.width, p.opacity)?;
    if let Some(size) = p.size {
        symbol.size = in_range("size", size, 0.5, 200.0)?;
    }
    if let Some(field) = &p.size_field {
        symbol.size_field =
            if field.eq_ignore_ascii_case("none") || field.is_empty() { None } else { Some(field.clone()) };
    }
    if let Some(marker) = p.marker {
        symbol.marker = marker;
    }
    if let Some(dash) = &p.dash {
        if dash.iter().any(|d| !d.is_finite() || *d < 0.0)
            || (!dash.is_empty() && dash.iter().sum::<f32>() < 1.0)
            || dash.len() > 16
        {
            return Err(Error::invalid(
                "dash",
                "give at most 16 lengths in pixels, none negative, adding up to 1 pixel or more, such as [4, 2]; [] is \
                 solid",
            ));
        }
        symbol.dash.clone_from(dash);
    }
    if let Some(cap) = p.cap {
        symbol.cap = cap;
    }
    Ok(())
}

/// Sets the outline colour, its width and the opacity that every style kind takes.
fn apply_outline(symbol: &mut Symbol, stroke: Option<&str>, width: Option<f32>, opacity: Option<f32>) -> Result<()> {
    if let Some(text) = stroke {
        symbol.stroke = parse_optional_color(text).map_err(|e| Error::invalid("stroke", e))?;
    }
    if let Some(width) = width {
        symbol.width = in_range("width", width, 0.0, 100.0)?;
    }
    if let Some(opacity) = opacity {
        symbol.opacity = in_range("opacity", opacity, 0.0, 1.0)?;
    }
    Ok(())
}

/// A palette name or a list of colours.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum PaletteParam {
    /// A palette or ramp name.
    Name(String),
    /// Colours, used in order.
    Colors(Vec<String>),
}

/// Parameters of `style.categorized`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CategorizedParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The field whose distinct values become categories.
    field: String,
    /// A palette (set3, tableau10, pastel1…), a colour ramp, or a list of colours. Default: set3 for
    /// polygons, tableau10 for points and lines.
    palette: Option<PaletteParam>,
    /// Opacity 0–1 of every category.
    opacity: Option<f32>,
    /// Outline colour (polygons and markers), or `none`.
    stroke: Option<String>,
    /// Outline width in pixels (0–100).
    width: Option<f32>,
}

/// What `style.categorized` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Categorized {
    /// The layer.
    layer: String,
    /// The field whose values pick the colours.
    field: String,
    /// How many categories (distinct values) were made.
    categories: usize,
    /// Its style now, as the project file holds it: each category's value, label and symbol.
    style: Style,
}

fn categorized(ctx: &mut Ctx<'_>, p: CategorizedParams) -> Result<Categorized> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let field_idx = layer.require_field(&p.field)?;
    let field = layer.fields[field_idx].name.clone();
    let mut values: Vec<Value> =
        layer.features.iter().map(|f| f.attributes[field_idx].clone()).filter(|v| !v.is_null()).collect();
    values.sort_by(Value::total_cmp);
    values.dedup();
    if values.is_empty() {
        return Err(Error::invalid("field", format!("field '{field}' has no values in layer '{}'", layer.name)));
    }
    if values.len() > MAX_CATEGORIES {
        return Err(Error::invalid(
            "field",
            format!(
                "field '{field}' has {} distinct values; a categorized style takes up to {MAX_CATEGORIES} \
                 (use style.graduated for numbers)",
                values.len()
            ),
        ));
    }
    let kind = layer.geometry_kind();
    let colors = match &p.palette {
        None => {
            let name = if kind == GeometryKind::Polygon { "set3" } else { "tableau10" };
            category_colors(name, values.len()).map_err(|e| Error::invalid("palette", e.to_string()))?
        }
        Some(PaletteParam::Name(name)) => {
            category_colors(name, values.len()).map_err(|e| Error::invalid("palette", e.to_string()))?
        }
        Some(PaletteParam::Colors(list)) => {
            if list.is_empty() {
                return Err(Error::invalid("palette", "give at least one colour"));
            }
            let parsed: Vec<Color> = list
                .iter()
                .map(|c| Color::parse(c).map_err(|e| Error::invalid("palette", e)))
                .collect::<Result<_>>()?;
            (0..values.len()).map(|i| parsed[i % parsed.len()]).collect()
        }
    };
    let base = classified_base(layer);
    let categories: Vec<Category> = values
        .into_iter()
        .zip(colors)
        .map(|(value, color)| Category { label: value.to_string(), value, symbol: colored(&base, kind, color) })
        .collect();
    let n_categories = categories.len();
    let mut style = Style::Categorized { field: field.clone(), categories, default: colored(&base, kind, NO_DATA) };
    for symbol in style.symbols_mut() {
        apply_outline(symbol, p.stroke.as_deref(), p.width, p.opacity)?;
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = style;
    Ok(Categorized { layer: layer.name.clone(), field, categories: n_categories, style: layer.style.clone() })
}

/// Parameters of `style.graduated`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GraduatedParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// A numeric field.
    field: String,
    /// How many classes, 2–12 (default 5). Fewer come back when the values have fewer distinct numbers.
    classes: Option<usize>,
    /// quantile (default), equal, jenks or pretty.
    method: Option<ClassMethod>,
    /// A colour ramp (default viridis); add `_r` to reverse it.
    ramp: Option<String>,
    /// Opacity 0–1 of every class.
    opacity: Option<f32>,
    /// Outline colour (polygons and markers), or `none`.
    stroke: Option<String>,
    /// Outline width in pixels (0–100).
    width: Option<f32>,
}

/// What `style.graduated` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Graduated {
    /// The layer.
    layer: String,
    /// The numeric field classified.
    field: String,
    /// How the class breaks were chosen: quantile, equal, jenks or pretty.
    method: ClassMethod,
    /// The colour ramp.
    ramp: String,
    /// The classes, lowest first.
    classes: Vec<ClassSummary>,
    /// How many features have no value (null or not a number) and are drawn grey.
    no_value: usize,
}

/// One class of `style.graduated`.
#[derive(Debug, Serialize, JsonSchema)]
struct ClassSummary {
    /// Its label in the legend.
    label: String,
    /// Its lower bound.
    lower: f64,
    /// Its upper bound (the last class holds it).
    upper: f64,
    /// Its colour, `#rrggbb`.
    color: String,
    /// How many features fall in it.
    count: usize,
}

fn graduated(ctx: &mut Ctx<'_>, p: GraduatedParams) -> Result<Graduated> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let field_idx = numeric_field(layer, &p.field, "field")?;
    let field = layer.fields[field_idx].name.clone();
    let n_classes = p.classes.unwrap_or(5);
    if !(2..=12).contains(&n_classes) {
        return Err(Error::invalid("classes", format!("{n_classes} classes; use 2 to 12")));
    }
    let method = p.method.unwrap_or_default();
    let ramp = Ramp::by_name(p.ramp.as_deref().unwrap_or("viridis")).map_err(|e| Error::invalid("ramp", e))?;
    let values: Vec<f64> = layer.features.iter().filter_map(|f| f.attributes[field_idx].as_f64()).collect();
    let bounds = classify::breaks(&values, n_classes, method).ok_or_else(|| {
        Error::invalid("field", format!("field '{field}' has no numeric values in layer '{}'", layer.name))
    })?;
    let n_out = bounds.len().saturating_sub(1).max(1);
    let colors = ramp.colors(n_out);
    let kind = layer.geometry_kind();
    let base = classified_base(layer);
    let mut counts = vec![0usize; n_out];
    for value in &values {
        if let Some(idx) = classify::class_of(&bounds, *value) {
            counts[idx.min(n_out - 1)] += 1;
        }
    }
    let classes: Vec<GraduatedClass> = (0..n_out)
        .map(|i| {
            let (lower, upper) = (bounds[i], bounds[(i + 1).min(bounds.len() - 1)]);
            GraduatedClass {
                lower,
                upper,
                label: classify::class_label(lower, upper),
                symbol: colored(&base, kind, colors[i]),
            }
        })
        .collect();
    let summary: Vec<ClassSummary> = classes
        .iter()
        .zip(&counts)
        .map(|(c, count)| ClassSummary {
            label: c.label.clone(),
            lower: c.lower,
            upper: c.upper,
            color: c.symbol_color(kind),
            count: *count,
        })
        .collect();
    let mut style = Style::Graduated {
        field: field.clone(),
        method,
        ramp: ramp.name(),
        classes,
        default: colored(&base, kind, NO_DATA),
    };
    for symbol in style.symbols_mut() {
        apply_outline(symbol, p.stroke.as_deref(), p.width, p.opacity)?;
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = style;
    Ok(Graduated {
        layer: layer.name.clone(),
        field,
        method,
        ramp: ramp.name().to_string(),
        classes: summary,
        no_value: layer.features.len() - values.len(),
    })
}

impl GraduatedClass {
    fn symbol_color(&self, kind: GeometryKind) -> String {
        self.symbol.main_color(kind).map_or_else(|| "none".to_owned(), Color::to_hex)
    }
}

/// Parameters of `label.set`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct LabelParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The field whose value is the label (give this or `expression`).
    field: Option<String>,
    /// An expression giving the label text, such as `"name" || ' (' || "iso_a3" || ')'`.
    expression: Option<String>,
    /// Text size in pixels (4–72, default 11).
    size: Option<f32>,
    /// Text colour (default #222222).
    color: Option<String>,
    /// Halo colour, or `none` (default white).
    halo: Option<String>,
    /// Halo width in pixels (0–10, default 2).
    halo_width: Option<f32>,
    /// auto (default: right of points, on lines, inside polygons), center, above, below, right,
    /// left, or curved (along lines letter by letter, following their bends).
    placement: Option<Placement>,
    /// What wins when labels would overlap, the larger first: a number, a numeric field, or an
    /// expression giving a number (`"pop_est" / 1000`). Labels with a priority go before labels
    /// without, across layers.
    priority: Option<LabelPriority>,
    /// Polygons drawn smaller than this many square pixels get no label (0–1000000, default any).
    min_area: Option<f32>,
    /// Space kept clear around each label in pixels (0–100, default 2): more leaves fewer labels
    /// where features crowd (cities at world scale), the most important kept.
    padding: Option<f32>,
    /// At most this many labels per million pixels of a whole-world map, twice as many per pixel
    /// each time the view's width halves (1–10000, default no limit); the most important first.
    density: Option<f32>,
    /// Break lines longer than this many characters at spaces (5–200, default: only where the
    /// text has a `\n`, as `"name" || '\n' || "pop"` makes).
    wrap: Option<u32>,
    /// Label features even where another layer already put the same text at the same place (a
    /// layer made from this one, or its source); default false: the second label is left out.
    repeat: Option<bool>,
}

/// What `label.set` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Labelled {
    /// The layer.
    layer: String,
    /// Its label settings now, as the project file holds them (expression, size, colour, halo,
    /// placement, priority…).
    labels: Labels,
}

fn label_set(ctx: &mut Ctx<'_>, p: LabelParams) -> Result<Labelled> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let (expression, is_field) = match (p.field, p.expression) {
        (Some(field), None) => {
            let idx = layer.require_field(&field)?;
            (layer.fields[idx].name.clone(), true)
        }
        (None, Some(expression)) => (check_label_expression(layer, &expression)?, false),
        _ => return Err(Error::invalid("field", "give either \"field\": name or \"expression\": text")),
    };
    let priority = p.priority.map(|priority| check_priority(layer, priority)).transpose()?;
    let halo = match &p.halo {
        Some(text) => parse_optional_color(text).map_err(|e| Error::invalid("halo", e))?,
        None => Some(Color::rgb(255, 255, 255)),
    };
    let color = match &p.color {
        Some(text) => Color::parse(text).map_err(|e| Error::invalid("color", e))?,
        None => Color::rgb(0x22, 0x22, 0x22),
    };
    let labels = Labels {
        expression,
        is_field,
        size: in_range("size", p.size.unwrap_or(11.0), 4.0, 72.0)?,
        color,
        halo,
        halo_width: in_range("halo_width", p.halo_width.unwrap_or(2.0), 0.0, 10.0)?,
        placement: p.placement.unwrap_or_default(),
        priority,
        min_area: p.min_area.map(|v| in_range("min_area", v, 0.0, 1_000_000.0)).transpose()?,
        padding: p.padding.map(|v| in_range("padding", v, 0.0, 100.0)).transpose()?,
        density: p.density.map(|v| in_range("density", v, 1.0, 10_000.0)).transpose()?,
        wrap: p.wrap.map(|v| in_range("wrap", v as f32, 5.0, 200.0).map(|w| w as u32)).transpose()?,
        repeat: p.repeat.unwrap_or(false),
    };
    if let Some(notice) = long_labels_notice(layer, &labels) {
        ctx.notice(notice);
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.labels = Some(labels.clone());
    Ok(Labelled { layer: layer.name.clone(), labels })
}

/// Says which labels will be cut to [`crate::MAX_LABEL_CHARS`] characters, and whether the
/// layer's labels together pass an image's text budget ([`crate::MAX_FRAME_LABEL_CHARS`]): every
/// feature of a field's labels is looked at, the first 100 of an expression's (as `label.set` checks).
fn long_labels_notice(layer: &Layer, labels: &Labels) -> Option<String> {
    let field = labels.is_field.then(|| layer.field_index(&labels.expression)).flatten();
    let expr = if labels.is_field { None } else { Expr::parse(&labels.expression).ok() };
    let (mut cut, mut first_cut, mut total) = (0usize, Vec::new(), 0usize);
    let features = layer.features.iter().take(if labels.is_field { usize::MAX } else { 100 });
    for feature in features {
        let value = match (field, &expr) {
            (Some(i), _) => feature.attributes.get(i).cloned().unwrap_or(Value::Null),
            (None, Some(expr)) => {
                expr.eval(&RowContext { fields: &layer.fields, feature, crs: layer.crs }).unwrap_or(Value::Null)
            }
            (None, None) => Value::Null,
        };
        let Some((text, was_cut)) = crate::style::label_text(&value) else { continue };
        total += text.chars().count();
        if was_cut {
            cut += 1;
            if first_cut.len() < 5 {
                first_cut.push(feature.id.to_string());
            }
        }
    }
    let mut said = Vec::new();
    if cut > 0 {
        said.push(format!(
            "{cut} label{} longer than {} characters (features {}{}): maps show the first {} and `…`",
            if cut == 1 { " is" } else { "s are" },
            crate::MAX_LABEL_CHARS,
            first_cut.join(", "),
            if cut > first_cut.len() { ", …" } else { "" },
            crate::MAX_LABEL_CHARS
        ));
    }
    if total > crate::MAX_FRAME_LABEL_CHARS {
        said.push(format!(
            "the labels hold {total} characters, more than one image lays out ({}): a map showing all of them draws \
             the most important and counts the rest as over_budget",
            crate::MAX_FRAME_LABEL_CHARS
        ));
    }
    (!said.is_empty()).then(|| said.join("; "))
}

/// Checks a label expression against the layer (it parses, its fields exist, and it evaluates
/// on the first features) and returns its text.
fn check_label_expression(layer: &Layer, expression: &str) -> Result<String> {
    let expr = Expr::parse(expression)?;
    expr.check_fields(&layer.name, &layer.fields)?;
    let scope = crate::expr::Scope::new(Some(layer), None);
    for feature in layer.features.iter().take(100) {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        expr.eval_in(&row, &scope)?;
    }
    Ok(expression.to_owned())
}

/// A label priority as given: a number, or text naming a numeric field or an expression.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum LabelPriority {
    Number(f64),
    Text(String),
}

/// Checks a label priority against the layer (a numeric field, or an expression whose values on
/// the first features are numbers or null) and returns it as stored.
fn check_priority(layer: &Layer, priority: LabelPriority) -> Result<String> {
    let text = match priority {
        LabelPriority::Number(n) if n.is_finite() => return Ok(n.to_string()),
        LabelPriority::Number(_) => return Err(Error::invalid("priority", "give a finite number")),
        LabelPriority::Text(text) => text,
    };
    if layer.field_index(&text).is_some() {
        numeric_field(layer, &text, "priority")?;
        return Ok(text);
    }
    let expr = Expr::parse(&text).map_err(|e| {
        Error::invalid(
            "priority",
            format!("'{text}' is neither a field of layer '{}' nor an expression: {e}", layer.name),
        )
    })?;
    expr.check_fields(&layer.name, &layer.fields)?;
    for feature in layer.features.iter().take(100) {
        let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
        match expr.eval(&row)? {
            Value::Null | Value::Int(_) | Value::Float(_) => {}
            other => {
                return Err(Error::invalid(
                    "priority",
                    format!(
                        "'{text}' gives '{other}' for feature {}; priority needs a number (a number, a number field \
                         or an expression giving one)",
                        feature.id
                    ),
                ));
            }
        }
    }
    Ok(text)
}

/// What `label.clear` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct LabelsCleared {
    /// The layer.
    layer: String,
    /// Whether it had labels to clear.
    cleared: bool,
}

fn label_clear(ctx: &mut Ctx<'_>, p: LayerParam) -> Result<LabelsCleared> {
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    let had = layer.labels.take().is_some();
    Ok(LabelsCleared { layer: layer.name.clone(), cleared: had })
}

/// Parameters of `map.setBackground`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct BackgroundParams {
    /// The colour (`#rrggbb`, `#rrggbbaa`, a CSS name, or `none` for transparent).
    color: String,
}

/// What `map.setBackground` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Background {
    /// The map's background colour now, `#rrggbb` or `#rrggbbaa` (`#00000000`: transparent).
    background: String,
}

fn set_background(ctx: &mut Ctx<'_>, p: BackgroundParams) -> Result<Background> {
    let color = parse_optional_color(&p.color).map_err(|e| Error::invalid("color", e))?.unwrap_or(Color {
        r: 0,
        g: 0,
        b: 0,
        a: 0,
    });
    ctx.project_mut().view.background = color;
    Ok(Background { background: color.to_hex() })
}

/// Parameters of `map.setCrs`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CrsParams {
    /// The CRS: an EPSG or ESRI code (`EPSG:4326`, `EPSG:3857`, `EPSG:25832`, `ESRI:54030`), a
    /// world projection's name (`Equal Earth`, `Robinson`, `Mollweide`, `Winkel Tripel`, `Natural
    /// Earth`), or a definition (WKT, PROJJSON, a PROJ string). `crs.search` finds codes.
    crs: String,
}

/// What `map.setCrs` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct MapCrs {
    /// The map's CRS now, such as `EPSG:3857`.
    crs: String,
    /// Its name, such as `WGS 84 / Pseudo-Mercator` (empty when it has none).
    name: String,
    /// The map's CRS before.
    was: String,
    /// What the map shows now, `[min_x, min_y, max_x, max_y]` in `crs`, or null.
    extent: Option<[f64; 4]>,
}

fn set_crs(ctx: &mut Ctx<'_>, p: CrsParams) -> Result<MapCrs> {
    let crs = Crs::parse(&p.crs).map_err(|e| Error::invalid("crs", e))?;
    crate::geoprocessing::check_map_crs(crs)?;
    let view = &ctx.project().view;
    let old = view.crs;
    let extent = view.extent.and_then(|e| {
        crate::crs::transform_extent_exactly(old, crs, &e).or_else(|| {
            // A view of the whole world becomes the new projection's whole world (its valid area).
            if view.shows_whole_world() { None } else { e.transformed(old, crs) }
        })
    });
    let view = &mut ctx.project_mut().view;
    view.crs = crs;
    view.extent = extent;
    view.crs_set = true;
    // What the map shows now: the view's extent, else every layer's, else the CRS's world.
    let shown = extent.or_else(|| ctx.project().extent_in(crs));
    let name = crs.info().map(|info| info.name.clone()).unwrap_or_default();
    Ok(MapCrs { crs: crs.to_string(), name, was: old.to_string(), extent: shown.map(|e| e.to_array()) })
}

/// The symbol classified styles start from: the layer's current line work and marker.
fn classified_base(layer: &Layer) -> Symbol {
    let mut base = layer.style.base_symbol().clone();
    if let Style::Categorized { categories, .. } = &layer.style
        && let Some(first) = categories.first()
    {
        base = first.symbol.clone();
    }
    if let Style::Graduated { classes, .. } = &layer.style
        && let Some(first) = classes.first()
    {
        base = first.symbol.clone();
    }
    if layer.geometry_kind() == GeometryKind::Polygon && base.stroke.is_none() {
        base.stroke = Some(Color::rgb(255, 255, 255));
    }
    base
}

/// `base` in another colour: the fill of polygons and points, the stroke of lines.
fn colored(base: &Symbol, kind: GeometryKind, color: Color) -> Symbol {
    let mut symbol = base.clone();
    symbol.set_main_color(kind, Some(color));
    symbol
}

/// The index of a numeric (integer or float) field, or an error naming the numeric fields.
fn numeric_field(layer: &Layer, name: &str, param: &str) -> Result<usize> {
    let idx = layer.require_field(name)?;
    match layer.fields[idx].field_type {
        FieldType::Integer | FieldType::Float => Ok(idx),
        other => {
            let numeric: Vec<&str> = layer
                .fields
                .iter()
                .filter(|f| matches!(f.field_type, FieldType::Integer | FieldType::Float))
                .map(|f| f.name.as_str())
                .collect();
            Err(Error::invalid(
                param,
                format!(
                    "field '{name}' holds {other} values; {param} needs a number field ({})",
                    if numeric.is_empty() { "this layer has none".to_owned() } else { numeric.join(", ") }
                ),
            ))
        }
    }
}

fn in_range(param: &str, value: f32, min: f32, max: f32) -> Result<f32> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Error::invalid(param, format!("{value} is out of range; use {min} to {max}")))
    }
}

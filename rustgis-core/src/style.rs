//! How layers look: colours, symbols, single/categorized/graduated styles and label settings.
//! Data only; drawing belongs to `rustgis-render`.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::error::ColorError;
use crate::feature::{Feature, GeometryKind, geometry_kind_of};
use crate::value::Value;

mod rules;

pub use rules::{DataDefined, Property, Rule, color_of_text, number_for};

/// An sRGB colour with alpha (not premultiplied).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Alpha, 0 (transparent) – 255 (opaque).
    pub a: u8,
}

impl Color {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 255 }
    }

    /// The same colour with another alpha.
    pub const fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }

    /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or a CSS colour name. `none` is not a colour:
    /// parameters that accept it use [`parse_optional_color`].
    pub fn parse(text: &str) -> Result<Color, ColorError> {
        let t = text.trim();
        if let Some(hex) = t.strip_prefix('#') {
            let digits: Option<Vec<u8>> = hex.chars().map(|c| c.to_digit(16).map(|d| d as u8)).collect();
            let d = digits.ok_or_else(|| bad_color(t))?;
            return match d.len() {
                3 => Ok(Color::rgb(d[0] * 17, d[1] * 17, d[2] * 17)),
                6 => Ok(Color::rgb(d[0] * 16 + d[1], d[2] * 16 + d[3], d[4] * 16 + d[5])),
                8 => Ok(Color { r: d[0] * 16 + d[1], g: d[2] * 16 + d[3], b: d[4] * 16 + d[5], a: d[6] * 16 + d[7] }),
                _ => Err(bad_color(t)),
            };
        }
        let lower = t.to_ascii_lowercase();
        if lower == "transparent" {
            return Ok(Color { r: 0, g: 0, b: 0, a: 0 });
        }
        CSS_COLORS
            .iter()
            .find(|(name, _)| *name == lower)
            .map(|(_, rgb)| Color::rgb((rgb >> 16) as u8, (rgb >> 8) as u8, *rgb as u8))
            .ok_or_else(|| bad_color(t))
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    pub fn to_hex(self) -> String {
        if self.a == 255 {
            format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
        } else {
            format!("#{:02x}{:02x}{:02x}{:02x}", self.r, self.g, self.b, self.a)
        }
    }
}

fn bad_color(text: &str) -> ColorError {
    ColorError::Unknown { text: text.to_owned() }
}

/// Parses a colour or `none` (no colour).
pub fn parse_optional_color(text: &str) -> Result<Option<Color>, ColorError> {
    if text.trim().eq_ignore_ascii_case("none") { Ok(None) } else { Color::parse(text).map(Some) }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for Color {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl schemars::JsonSchema for Color {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Color".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A colour: `#rrggbb`, or `#rrggbbaa` when not opaque (as read: also `#rgb` or a CSS colour name)",
        })
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Color::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The shape drawn for a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Marker {
    /// A filled circle.
    #[default]
    Circle,
    /// A square.
    Square,
    /// A triangle pointing up.
    Triangle,
    /// A five-pointed star.
    Star,
    /// A square standing on a corner.
    Diamond,
    /// A plus sign, filled.
    Cross,
    /// A diagonal cross (a cross turned 45°), filled.
    X,
}

/// How the ends of lines (and of dashes) are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LineCap {
    /// Square, ending exactly at the end point.
    Butt,
    /// Rounded, reaching half the width past the end point.
    #[default]
    Round,
    /// Square, reaching half the width past the end point.
    Square,
}

/// How one class of features is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Symbol {
    /// Fill colour of polygons and point markers; `None` for no fill.
    pub fill: Option<Color>,
    /// Outline colour of polygons and markers, and the colour of lines; `None` for none.
    pub stroke: Option<Color>,
    /// Stroke width in pixels.
    pub width: f32,
    /// Point marker size (diameter) in pixels.
    pub size: f32,
    /// The field whose value gives the marker size: sizes scale with the square root of the
    /// value so areas are proportional, from `size` up to 4 × `size`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_field: Option<String>,
    /// The point marker shape.
    pub marker: Marker,
    /// Opacity of the whole symbol, 0–1.
    pub opacity: f32,
    /// Dash pattern in pixels (on, off, …); empty for a solid line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dash: Vec<f32>,
    /// How line ends and dash ends are drawn.
    #[serde(default)]
    pub cap: LineCap,
    /// Properties computed per feature from expressions (size, colours, width, rotation,
    /// opacity), over the values above.
    #[serde(default, skip_serializing_if = "DataDefined::is_empty")]
    pub data_defined: DataDefined,
}

impl Symbol {
    /// Its main colour on features of `kind`: the stroke of lines, the fill of anything else
    /// (what `color` of `style.single` sets); `None` for `none`.
    pub fn main_color(&self, kind: GeometryKind) -> Option<Color> {
        if kind == GeometryKind::LineString { self.stroke } else { self.fill }
    }

    /// Sets its main colour on features of `kind` (see [`Symbol::main_color`]).
    pub fn set_main_color(&mut self, kind: GeometryKind, color: Option<Color>) {
        if kind == GeometryKind::LineString {
            self.stroke = color;
        } else {
            self.fill = color;
        }
    }

    /// The default symbol for a kind of geometry, coloured with `color`.
    pub fn for_kind(kind: GeometryKind, color: Color) -> Symbol {
        let (fill, stroke, width) = match kind {
            GeometryKind::Point => (Some(color), Some(Color::rgb(255, 255, 255)), 0.8),
            GeometryKind::LineString => (None, Some(color), 1.2),
            _ => (Some(color), Some(Color::rgb(90, 90, 90)), 0.6),
        };
        Symbol {
            fill,
            stroke,
            width,
            size: 6.0,
            size_field: None,
            marker: Marker::Circle,
            opacity: 1.0,
            dash: Vec::new(),
            cap: LineCap::Round,
            data_defined: DataDefined::default(),
        }
    }
}

/// How a graduated style divides values into classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClassMethod {
    /// Equal numbers of features per class.
    #[default]
    Quantile,
    /// Equal value ranges.
    Equal,
    /// Natural breaks (Jenks), minimising variance within classes.
    Jenks,
    /// Round numbers close to equal intervals.
    Pretty,
}

/// One category of a categorized style.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Category {
    /// The field value this category matches.
    #[serde(with = "value_json")]
    #[schemars(with = "serde_json::Value")]
    pub value: Value,
    /// The legend label.
    pub label: String,
    /// How matching features are drawn.
    pub symbol: Symbol,
}

/// One class of a graduated style: values in `[lower, upper]` (the first class includes its lower bound,
/// the others exclude it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GraduatedClass {
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
    /// The legend label.
    pub label: String,
    /// How features in the class are drawn.
    pub symbol: Symbol,
}

/// The symbol a rule-based style with no rules starts a style change from.
static FALLBACK_SYMBOL: Symbol = Symbol {
    fill: Some(Color::rgb(166, 206, 227)),
    stroke: Some(Color::rgb(90, 90, 90)),
    width: 0.6,
    size: 6.0,
    size_field: None,
    marker: Marker::Circle,
    opacity: 1.0,
    dash: Vec::new(),
    cap: LineCap::Round,
    data_defined: DataDefined { size: None, fill: None, stroke: None, width: None, rotation: None, opacity: None },
};

/// How a layer's features are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
#[non_exhaustive]
pub enum Style {
    /// Every feature the same.
    Single {
        /// The symbol.
        symbol: Symbol,
    },
    /// One symbol per distinct value of a field.
    Categorized {
        /// The field.
        field: String,
        /// The categories, in legend order.
        categories: Vec<Category>,
        /// For values in no category (and nulls).
        default: Symbol,
    },
    /// Numeric classes of a field, coloured along a ramp.
    Graduated {
        /// The field.
        field: String,
        /// How the breaks were chosen.
        method: ClassMethod,
        /// The colour ramp's name.
        ramp: String,
        /// The classes, from low to high.
        classes: Vec<GraduatedClass>,
        /// For nulls and values outside every class.
        default: Symbol,
    },
    /// An ordered list of rules, each with a filter expression, a scale range, a legend label and
    /// a symbol; an `else` rule catches what no other rule draws.
    Rules {
        /// The rules, in drawing and legend order.
        rules: Vec<Rule>,
    },
}

impl Style {
    /// A single-symbol style suited to the features' geometry kind.
    pub fn default_for(features: &[Feature]) -> Style {
        Style::default_for_kind(geometry_kind_of(features))
    }

    /// The default style of a layer whose geometries are of this kind (a PostGIS layer, which
    /// holds no features to look at).
    pub fn default_for_kind(kind: GeometryKind) -> Style {
        let color = match kind {
            GeometryKind::Point => Color::rgb(214, 39, 40),
            GeometryKind::LineString => Color::rgb(31, 119, 180),
            _ => Color::rgb(166, 206, 227),
        };
        Style::Single { symbol: Symbol::for_kind(kind, color) }
    }

    /// Reads each category's value as the type of its field in `fields` (a project file holds
    /// values as JSON, where a date is text), so that the categories match the features' values.
    pub(crate) fn type_categories(&mut self, fields: &[crate::value::Field]) {
        let Style::Categorized { field, categories, .. } = self else { return };
        let Some(field_type) = fields.iter().find(|f| f.name == *field).map(|f| f.field_type) else { return };
        for category in categories {
            if let Ok(typed) = field_type.coerce(category.value.clone()) {
                category.value = typed;
            }
        }
    }

    /// Every symbol of the style: its classes or categories, then the default (or the single one).
    pub fn symbols(&self) -> Vec<&Symbol> {
        match self {
            Style::Single { symbol } => vec![symbol],
            Style::Categorized { categories, default, .. } => {
                categories.iter().map(|c| &c.symbol).chain(std::iter::once(default)).collect()
            }
            Style::Graduated { classes, default, .. } => {
                classes.iter().map(|c| &c.symbol).chain(std::iter::once(default)).collect()
            }
            Style::Rules { rules } => rules.iter().map(|r| &r.symbol).collect(),
        }
    }

    /// Every symbol of the style, to change them all alike (opacity, outline).
    pub fn symbols_mut(&mut self) -> Vec<&mut Symbol> {
        match self {
            Style::Single { symbol } => vec![symbol],
            Style::Categorized { categories, default, .. } => {
                categories.iter_mut().map(|c| &mut c.symbol).chain(std::iter::once(default)).collect()
            }
            Style::Graduated { classes, default, .. } => {
                classes.iter_mut().map(|c| &mut c.symbol).chain(std::iter::once(default)).collect()
            }
            Style::Rules { rules } => rules.iter_mut().map(|r| &mut r.symbol).collect(),
        }
    }

    /// Whether features are drawn by their values: categorized, graduated, by rules, or with a
    /// data-defined property.
    pub fn is_by_data(&self) -> bool {
        match self {
            Style::Single { symbol } => !symbol.data_defined.is_empty(),
            _ => true,
        }
    }

    /// The symbol used for features that match no class, the single symbol, or a rule-based
    /// style's first rule's (the one a style change starts from).
    pub fn base_symbol(&self) -> &Symbol {
        match self {
            Style::Single { symbol } => symbol,
            Style::Categorized { default, .. } | Style::Graduated { default, .. } => default,
            Style::Rules { rules } => rules.first().map_or(&FALLBACK_SYMBOL, |r| &r.symbol),
        }
    }
}

/// Where labels go relative to their feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Placement {
    /// Picked by geometry: right of points, on lines (straight), at the pole of inaccessibility
    /// of polygons.
    #[default]
    Auto,
    /// Centred on the point (or interior point).
    Center,
    /// Above the point.
    Above,
    /// Below the point.
    Below,
    /// Right of the point.
    Right,
    /// Left of the point.
    Left,
    /// Along lines letter by letter, following their bends and reading upright; refused where
    /// the line bends more than 30° from one letter to the next. Points and polygons as `auto`.
    Curved,
}

/// The most characters one label shows: a longer text is cut there and ends with `…` (the render
/// counts such labels as `cut`). No place name needs more; a field of long texts (descriptions, a
/// 1 MiB value) would otherwise be laid out glyph by glyph on every render.
pub const MAX_LABEL_CHARS: usize = 200;

/// The most characters the labels of one image lay out, all layers together: past it the less
/// important labels are left out (counted as `over_budget`), so that no style makes every render
/// slow. A full map of places names a few thousand, 20 characters each.
pub const MAX_FRAME_LABEL_CHARS: usize = 100_000;

/// The text a label shows for `value`, and whether it was cut: trimmed, and cut to
/// [`MAX_LABEL_CHARS`] characters ending in `…`; `None` for a null or blank value. A long text
/// is cut before it is copied.
pub fn label_text(value: &crate::value::Value) -> Option<(String, bool)> {
    let owned;
    let text = match value {
        crate::value::Value::Null => return None,
        crate::value::Value::String(text) => text.as_str(),
        other => {
            owned = other.to_string();
            owned.as_str()
        }
    };
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.char_indices().nth(MAX_LABEL_CHARS) {
        None => Some((text.to_owned(), false)),
        Some((end, _)) => Some((format!("{}…", text[..end].trim_end()), true)),
    }
}

/// Label settings of a layer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Labels {
    /// The label text: a field name or an expression (`"name" || ' (' || "iso_a3" || ')'`).
    pub expression: String,
    /// Whether `expression` is a plain field name.
    pub is_field: bool,
    /// Text size in pixels.
    pub size: f32,
    /// Text colour.
    pub color: Color,
    /// Halo colour, `None` for no halo.
    pub halo: Option<Color>,
    /// Halo width in pixels.
    pub halo_width: f32,
    /// Placement relative to the feature.
    pub placement: Placement,
    /// What wins when labels would overlap, the larger first: a number (`"10"`), a numeric field
    /// or an expression giving a number. Labels with a priority go before labels without, across
    /// layers; without one, polygons' labels go before lines' and lines' before points', then
    /// higher layers first and, within a layer, larger features (by area, length, or point size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<String>,
    /// Polygons drawn smaller than this many square pixels (at 96 dpi) get no label (`None`: any).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_area: Option<f32>,
    /// Space kept clear around each label, in pixels (`None`: 2). More space leaves fewer labels
    /// where features crowd, as cities do at world scale, and keeps every label where they do not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub padding: Option<f32>,
    /// At most this many labels per million pixels of a whole-world map (at 96 dpi), the most
    /// important first, and twice as many per pixel each time the view's width halves (`None`:
    /// no limit): a world view names only the largest features, a closer view more of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub density: Option<f32>,
    /// Lines longer than this many characters are broken at spaces ([`wrap_label`]); `None`:
    /// only a `\n` in the text starts a new line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrap: Option<u32>,
    /// Label a feature even where another layer already put the same text at the same place (a
    /// layer made from this one, or a copy); `false` leaves the second label out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

impl Labels {
    /// Labels showing a field's values: 11 px black text without a halo, placed automatically,
    /// larger features first, no padding or density limit. Change what differs with `..`.
    pub fn field(name: &str) -> Labels {
        Labels {
            expression: name.to_owned(),
            is_field: true,
            size: 11.0,
            color: Color::rgb(0, 0, 0),
            halo: None,
            halo_width: 0.0,
            placement: Placement::Auto,
            priority: None,
            min_area: None,
            padding: None,
            density: None,
            wrap: None,
            repeat: false,
        }
    }
}

/// `text` with each line longer than `width` characters broken at spaces: words are put on a
/// line while it stays within `width` (a word longer than that has a line of its own, whole).
/// Lines the text already breaks with `\n` are kept.
pub fn wrap_label(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (idx, line) in text.split('\n').enumerate() {
        if idx > 0 {
            out.push('\n');
        }
        let mut length = 0;
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let chars = word.chars().count();
            if length > 0 && length + 1 + chars > width {
                out.push('\n');
                length = 0;
            } else if length > 0 {
                out.push(' ');
                length += 1;
            }
            out.push_str(word);
            length += chars;
        }
    }
    out
}

/// Serde helpers that store a [`Value`] as plain JSON.
pub(crate) mod value_json {
    use crate::value::Value;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(value: &Value, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&value.to_json(), s)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        Ok(Value::from_json(&serde_json::Value::deserialize(d)?))
    }
}

/// CSS colour names (CSS Color Module Level 4) as 0xRRGGBB.
const CSS_COLORS: &[(&str, u32)] = &[
    ("aliceblue", 0xF0F8FF),
    ("antiquewhite", 0xFAEBD7),
    ("aqua", 0x00FFFF),
    ("aquamarine", 0x7FFFD4),
    ("azure", 0xF0FFFF),
    ("beige", 0xF5F5DC),
    ("bisque", 0xFFE4C4),
    ("black", 0x000000),
    ("blanchedalmond", 0xFFEBCD),
    ("blue", 0x0000FF),
    ("blueviolet", 0x8A2BE2),
    ("brown", 0xA52A2A),
    ("burlywood", 0xDEB887),
    ("cadetblue", 0x5F9EA0),
    ("chartreuse", 0x7FFF00),
    ("chocolate", 0xD2691E),
    ("coral", 0xFF7F50),
    ("cornflowerblue", 0x6495ED),
    ("cornsilk", 0xFFF8DC),
    ("crimson", 0xDC143C),
    ("cyan", 0x00FFFF),
    ("darkblue", 0x00008B),
    ("darkcyan", 0x008B8B),
    ("darkgoldenrod", 0xB8860B),
    ("darkgray", 0xA9A9A9),
    ("darkgreen", 0x006400),
    ("darkgrey", 0xA9A9A9),
    ("darkkhaki", 0xBDB76B),
    ("darkmagenta", 0x8B008B),
    ("darkolivegreen", 0x556B2F),
    ("darkorange", 0xFF8C00),
    ("darkorchid", 0x9932CC),
    ("darkred", 0x8B0000),
    ("darksalmon", 0xE9967A),
    ("darkseagreen", 0x8FBC8F),
    ("darkslateblue", 0x483D8B),
    ("darkslategray", 0x2F4F4F),
    ("darkslategrey", 0x2F4F4F),
    ("darkturquoise", 0x00CED1),
    ("darkviolet", 0x9400D3),
    ("deeppink", 0xFF1493),
    ("deepskyblue", 0x00BFFF),
    ("dimgray", 0x696969),
    ("dimgrey", 0x696969),
    ("dodgerblue", 0x1E90FF),
    ("firebrick", 0xB22222),
    ("floralwhite", 0xFFFAF0),
    ("forestgreen", 0x228B22),
    ("fuchsia", 0xFF00FF),
    ("gainsboro", 0xDCDCDC),
    ("ghostwhite", 0xF8F8FF),
    ("gold", 0xFFD700),
    ("goldenrod", 0xDAA520),
    ("gray", 0x808080),
    ("green", 0x008000),
    ("greenyellow", 0xADFF2F),
    ("grey", 0x808080),
    ("honeydew", 0xF0FFF0),
    ("hotpink", 0xFF69B4),
    ("indianred", 0xCD5C5C),
    ("indigo", 0x4B0082),
    ("ivory", 0xFFFFF0),
    ("khaki", 0xF0E68C),
    ("lavender", 0xE6E6FA),
    ("lavenderblush", 0xFFF0F5),
    ("lawngreen", 0x7CFC00),
    ("lemonchiffon", 0xFFFACD),
    ("lightblue", 0xADD8E6),
    ("lightcoral", 0xF08080),
    ("lightcyan", 0xE0FFFF),
    ("lightgoldenrodyellow", 0xFAFAD2),
    ("lightgray", 0xD3D3D3),
    ("lightgreen", 0x90EE90),
    ("lightgrey", 0xD3D3D3),
    ("lightpink", 0xFFB6C1),
    ("lightsalmon", 0xFFA07A),
    ("lightseagreen", 0x20B2AA),
    ("lightskyblue", 0x87CEFA),
    ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899),
    ("lightsteelblue", 0xB0C4DE),
    ("lightyellow", 0xFFFFE0),
    ("lime", 0x00FF00),
    ("limegreen", 0x32CD32),
    ("linen", 0xFAF0E6),
    ("magenta", 0xFF00FF),
    ("maroon", 0x800000),
    ("mediumaquamarine", 0x66CDAA),
    ("mediumblue", 0x0000CD),
    ("mediumorchid", 0xBA55D3),
    ("mediumpurple", 0x9370DB),
    ("mediumseagreen", 0x3CB371),
    ("mediumslateblue", 0x7B68EE),
    ("mediumspringgreen", 0x00FA9A),
    ("mediumturquoise", 0x48D1CC),
    ("mediumvioletred", 0xC71585),
    ("midnightblue", 0x191970),
    ("mintcream", 0xF5FFFA),
    ("mistyrose", 0xFFE4E1),
    ("moccasin", 0xFFE4B5),
    ("navajowhite", 0xFFDEAD),
    ("navy", 0x000080),
    ("oldlace", 0xFDF5E6),
    ("olive", 0x808000),
    ("olivedrab", 0x6B8E23),
    ("orange", 0xFFA500),
    ("orangered", 0xFF4500),
    ("orchid", 0xDA70D6),
    ("palegoldenrod", 0xEEE8AA),
    ("palegreen", 0x98FB98),
    ("paleturquoise", 0xAFEEEE),
    ("palevioletred", 0xDB7093),
    ("papayawhip", 0xFFEFD5),
    ("peachpuff", 0xFFDAB9),
    ("peru", 0xCD853F),
    ("pink", 0xFFC0CB),
    ("plum", 0xDDA0DD),
    ("powderblue", 0xB0E0E6),
    ("purple", 0x800080),
    ("rebeccapurple", 0x663399),
    ("red", 0xFF0000),
    ("rosybrown", 0xBC8F8F),
    ("royalblue", 0x4169E1),
    ("saddlebrown", 0x8B4513),
    ("salmon", 0xFA8072),
    ("sandybrown", 0xF4A460),
    ("seagreen", 0x2E8B57),
    ("seashell", 0xFFF5EE),
    ("sienna", 0xA0522D),
    ("silver", 0xC0C0C0),
    ("skyblue", 0x87CEEB),
    ("slateblue", 0x6A5ACD),
    ("slategray", 0x708090),
    ("slategrey", 0x708090),
    ("snow", 0xFFFAFA),
    ("springgreen", 0x00FF7F),
    ("steelblue", 0x4682B4),
    ("tan", 0xD2B48C),
    ("teal", 0x008080),
    ("thistle", 0xD8BFD8),
    ("tomato", 0xFF6347),
    ("turquoise", 0x40E0D0),
    ("violet", 0xEE82EE),
    ("wheat", 0xF5DEB3),
    ("white", 0xFFFFFF),
    ("whitesmoke", 0xF5F5F5),
    ("yellow", 0xFFFF00),
    ("yellowgreen", 0x9ACD32),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_label_wraps_at_spaces_and_keeps_its_own_line_breaks() {
        assert_eq!(wrap_label("Bosnia and Herzegovina", 10), "Bosnia and\nHerzegovina");
        assert_eq!(wrap_label("Democratic Republic of the Congo", 12), "Democratic\nRepublic of\nthe Congo");
        assert_eq!(wrap_label("Llanfairpwllgwyngyll town\n3107", 10), "Llanfairpwllgwyngyll\ntown\n3107");
        assert_eq!(wrap_label("Oslo", 10), "Oslo");
    }

    #[test]
    fn colours_parse_from_hex_and_css_names() {
        assert_eq!(Color::parse("#ff8000").expect("hex"), Color::rgb(255, 128, 0));
        assert_eq!(Color::parse("#ff800080").expect("hex with alpha").a, 128);
        assert_eq!(Color::parse("SteelBlue").expect("css name"), Color::rgb(0x46, 0x82, 0xB4));
        assert_eq!(parse_optional_color("none").expect("none"), None);
    }

    #[test]
    fn a_bad_colour_says_what_is_accepted() {
        let err = Color::parse("blurple").expect_err("not a colour").to_string();
        assert!(err.contains("#rrggbb") && err.contains("none"), "{err}");
    }
}

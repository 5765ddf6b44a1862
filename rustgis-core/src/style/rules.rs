//! Rule-based styles and data-defined properties, as QGIS users know them: data only. The
//! expressions are checked by the `style.rules` and `style.dataDefined` commands and evaluated by
//! the renderer (this layer sits below the expression engine).

use serde::{Deserialize, Serialize};

use super::{Color, Symbol};

/// One rule of a rule-based style: the features its filter selects, at the scales it covers, are
/// drawn with its symbol and listed in the legend under its label.
///
/// A feature is drawn by every rule that matches it, in the rules' order (as QGIS does); an `else`
/// rule draws the features that no other rule in scale draws. A feature no rule draws is not drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Rule {
    /// The legend label.
    pub label: String,
    /// A QGIS expression selecting the features; `None` selects every feature (or, for an `else`
    /// rule, every feature no other rule draws).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// Whether this is an "else" rule: it draws what no other rule in scale draws.
    #[serde(default, rename = "else", skip_serializing_if = "std::ops::Not::not")]
    pub is_else: bool,
    /// Shown only when the map's scale denominator is at least this (zoomed out to 1:this or further).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_scale: Option<f64>,
    /// Shown only when the map's scale denominator is at most this (zoomed in to 1:this or closer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_scale: Option<f64>,
    /// How the features it selects are drawn.
    pub symbol: Symbol,
}

impl Rule {
    /// Whether the rule is shown at a map scale of 1:`denominator`.
    pub fn in_scale(&self, denominator: f64) -> bool {
        self.min_scale.is_none_or(|min| denominator >= min) && self.max_scale.is_none_or(|max| denominator <= max)
    }

    /// Whether the rule has a scale range at all.
    pub fn has_scale_range(&self) -> bool {
        self.min_scale.is_some() || self.max_scale.is_some()
    }
}

/// Properties of a symbol computed per feature from QGIS expressions; a property with no
/// expression, or whose expression gives no usable value for a feature, takes the symbol's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DataDefined {
    /// Marker size (diameter) in pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// Fill colour: `#rrggbb`, a CSS name, or QGIS's `'r,g,b[,a]'` text (`color_rgb`, `ramp_color`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<String>,
    /// Outline (line) colour, as `fill`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke: Option<String>,
    /// Stroke width in pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<String>,
    /// Marker rotation in degrees, clockwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<String>,
    /// Opacity, 0–1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opacity: Option<String>,
}

/// A data-defined property's name, and what a value of it must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    /// Marker size in pixels, 0–200.
    Size,
    /// Fill colour.
    Fill,
    /// Outline colour.
    Stroke,
    /// Stroke width in pixels, 0–100.
    Width,
    /// Rotation in degrees.
    Rotation,
    /// Opacity 0–1.
    Opacity,
}

impl Property {
    /// Every property, in the order results list them.
    pub const ALL: [Property; 6] =
        [Property::Size, Property::Fill, Property::Stroke, Property::Width, Property::Rotation, Property::Opacity];

    /// The property's name in parameters and project files.
    pub fn name(self) -> &'static str {
        match self {
            Property::Size => "size",
            Property::Fill => "fill",
            Property::Stroke => "stroke",
            Property::Width => "width",
            Property::Rotation => "rotation",
            Property::Opacity => "opacity",
        }
    }

    /// What a value of the property must be, for messages.
    pub fn accepts(self) -> &'static str {
        match self {
            Property::Size => "a number of pixels from 0 to 200",
            Property::Fill | Property::Stroke => "a colour: '#rrggbb', a CSS name or 'r,g,b[,a]' (color_rgb)",
            Property::Width => "a number of pixels from 0 to 100",
            Property::Rotation => "a number of degrees",
            Property::Opacity => "a number from 0 to 1",
        }
    }
}

impl DataDefined {
    /// Whether no property is data-defined.
    pub fn is_empty(&self) -> bool {
        Property::ALL.iter().all(|p| self.get(*p).is_none())
    }

    /// The expression of a property.
    pub fn get(&self, property: Property) -> Option<&str> {
        match property {
            Property::Size => self.size.as_deref(),
            Property::Fill => self.fill.as_deref(),
            Property::Stroke => self.stroke.as_deref(),
            Property::Width => self.width.as_deref(),
            Property::Rotation => self.rotation.as_deref(),
            Property::Opacity => self.opacity.as_deref(),
        }
    }

    /// The expression of a property, to set or clear.
    pub fn get_mut(&mut self, property: Property) -> &mut Option<String> {
        match property {
            Property::Size => &mut self.size,
            Property::Fill => &mut self.fill,
            Property::Stroke => &mut self.stroke,
            Property::Width => &mut self.width,
            Property::Rotation => &mut self.rotation,
            Property::Opacity => &mut self.opacity,
        }
    }
}

/// A colour from an expression's text: `#rrggbb[aa]`, a CSS name, or QGIS's `r,g,b[,a]` with each
/// part 0–255 (what `color_rgb`, `color_rgba` and `ramp_color` give).
pub fn color_of_text(text: &str) -> Option<Color> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() == 3 || parts.len() == 4 {
        let mut channels = [0u8, 0, 0, 255];
        for (slot, part) in channels.iter_mut().zip(&parts) {
            *slot = part.parse::<u8>().ok()?;
        }
        let [r, g, b, a] = channels;
        return Some(Color { r, g, b, a });
    }
    Color::parse(text).ok()
}

/// A number for a property from an expression's value, when it is in the property's range.
pub fn number_for(property: Property, value: f64) -> Option<f32> {
    let ok = match property {
        Property::Size => (0.0..=200.0).contains(&value),
        Property::Width => (0.0..=100.0).contains(&value),
        Property::Opacity => (0.0..=1.0).contains(&value),
        Property::Rotation => value.is_finite(),
        Property::Fill | Property::Stroke => false,
    };
    ok.then_some(value as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qgis_colour_text_with_and_without_alpha_reads_as_a_colour() {
        assert_eq!(color_of_text("255,0,0"), Some(Color::rgb(255, 0, 0)));
        assert_eq!(color_of_text("10, 20, 30, 128"), Some(Color { r: 10, g: 20, b: 30, a: 128 }));
        assert_eq!(color_of_text("#00ff00"), Some(Color::rgb(0, 255, 0)));
        assert_eq!(color_of_text("256,0,0"), None);
        assert_eq!(color_of_text("red,green,blue"), None);
    }

    #[test]
    fn an_opacity_given_in_percent_is_not_taken_as_a_fraction() {
        assert_eq!(number_for(Property::Opacity, 0.5), Some(0.5));
        assert_eq!(number_for(Property::Opacity, 50.0), None);
    }

    #[test]
    fn a_rule_without_a_scale_range_is_shown_at_every_scale() {
        let symbol = Symbol::for_kind(crate::GeometryKind::Point, Color::rgb(0, 0, 0));
        let mut rule =
            Rule { label: "a".into(), filter: None, is_else: false, min_scale: None, max_scale: None, symbol };
        assert!(rule.in_scale(1.0) && rule.in_scale(1e9));
        rule.max_scale = Some(1_000_000.0);
        assert!(rule.in_scale(500_000.0));
        assert!(!rule.in_scale(2_000_000.0));
    }
}

//! Map furniture: what a cartographer puts around and over the data (title, credits, north
//! arrow, graticule, scale bar, legend placement, neat line and margins). Data only, saved in the
//! `.rgis` with the view and drawn by every host's renderer (`view_map`, `map.export`, the app).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The furniture of a map. The default is none of it, which is what a project without
/// furniture saves (nothing: the key is left out of the `.rgis`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Furniture {
    /// A title over the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A line under the title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    /// Credits and attribution, in small type at the bottom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credits: Option<String>,
    /// Draw a north arrow (at the map's centre where north varies across the map).
    #[serde(skip_serializing_if = "is_false")]
    pub north_arrow: bool,
    /// Draw a graticule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graticule: Option<Graticule>,
    /// Draw a scale bar, true at the map's centre in the map's projection.
    #[serde(skip_serializing_if = "is_false")]
    pub scale_bar: bool,
    /// Draw a legend, where.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legend: Option<LegendPlacement>,
    /// Draw a neat line (a frame) around the map.
    #[serde(skip_serializing_if = "is_false")]
    pub neat_line: bool,
    /// White space around the map inside the image, in millimetres at the image's dpi.
    #[serde(skip_serializing_if = "is_zero")]
    pub margin_mm: f32,
}

impl Furniture {
    /// Whether nothing is set (what a project without furniture has).
    pub fn is_empty(&self) -> bool {
        *self == Furniture::default()
    }
}

/// Lines of longitude and latitude.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Graticule {
    /// Degrees between lines, 1–90 (30 draws every 30°).
    pub interval: f64,
    /// Label the lines with their degrees at the map's edge.
    #[serde(default)]
    pub labels: bool,
}

/// Where the legend goes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegendPlacement {
    /// The corner: `auto` (default: the one where the legend hides the least data),
    /// `bottom-left`, `bottom-right`, `top-left` or `top-right`.
    #[serde(default)]
    pub position: Corner,
    /// The legend's heading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// List every visible layer, not only those styled by data.
    #[serde(default, skip_serializing_if = "is_false")]
    pub all_layers: bool,
    /// Set the rows in this many columns side by side (1–8; default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<u32>,
}

/// A corner of the map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Corner {
    /// Where the legend hides the least data (bottom left when that is as good as any).
    #[default]
    Auto,
    /// Bottom left.
    BottomLeft,
    /// Bottom right.
    BottomRight,
    /// Top left.
    TopLeft,
    /// Top right.
    TopRight,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

//! The project: ordered layers, the map view and a name.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Layer, LayerId};
use crate::style::Color;

/// What the map shows: its CRS, extent and background.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapView {
    /// The CRS the map is drawn in.
    pub crs: Crs,
    /// The extent shown, in `crs` coordinates; `None` for the extent of all layers.
    pub extent: Option<Extent>,
    /// The background colour.
    pub background: Color,
}

impl Default for MapView {
    fn default() -> Self {
        MapView { crs: Crs::WGS84, extent: None, background: Color::rgb(255, 255, 255) }
    }
}

/// A project: layers drawn bottom to top, a view and a name.
///
/// Cloning is cheap: layers share their features, fields and selections through `Arc`, which is
/// what lets every undo step keep a whole project.
#[derive(Debug, Clone, Default)]
pub struct Project {
    /// The project name.
    pub name: String,
    /// Layers, first drawn first (bottom).
    pub layers: Vec<Layer>,
    /// The map view.
    pub view: MapView,
}

impl Project {
    /// An empty project with this name.
    pub fn new(name: impl Into<String>) -> Project {
        Project { name: name.into(), layers: Vec::new(), view: MapView::default() }
    }

    /// The layer names, bottom to top.
    pub fn layer_names(&self) -> Vec<String> {
        self.layers.iter().map(|l| l.name.clone()).collect()
    }

    /// The layer with this name.
    pub fn layer(&self, name: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.name == name)
    }

    /// The layer with this id.
    pub fn layer_by_id(&self, id: LayerId) -> Option<&Layer> {
        self.layers.iter().find(|l| l.id == id)
    }

    /// The position of the layer with this name, or an error listing the layers.
    pub fn require_index(&self, name: &str) -> Result<usize> {
        self.layers
            .iter()
            .position(|l| l.name == name)
            .ok_or_else(|| Error::UnknownLayer { name: name.to_owned(), accepted: self.layer_names() })
    }

    /// The layer with this name, or an error listing the layers.
    pub fn require(&self, name: &str) -> Result<&Layer> {
        let idx = self.require_index(name)?;
        Ok(&self.layers[idx])
    }

    /// `base`, or `base 2`, `base 3`… the first name no layer has.
    pub fn unique_name(&self, base: &str) -> String {
        if self.layer(base).is_none() {
            return base.to_owned();
        }
        (2..).map(|n| format!("{base} {n}")).find(|name| self.layer(name).is_none()).unwrap_or_else(|| base.to_owned())
    }

    /// The extent of all visible layers in their own coordinates (layers are assumed to share the
    /// view's CRS; the renderer reprojects when they do not).
    pub fn full_extent(&self) -> Option<Extent> {
        self.layers.iter().filter(|l| l.visible).filter_map(Layer::extent).reduce(|a, b| a.union(&b))
    }
}

//! The Add Web Layer dialog (File ▸ Add Web Layer…), QGIS's data source manager for web maps: a
//! built-in basemap, XYZ tiles from a URL template, or a WMS service's layers. Each adds its
//! layer with `layer.addBasemap`, `layer.addXyz` or `layer.addWms` run as the user, so core's
//! checks (a URL that is not http(s), a template without `{z}`, credentials in a URL) are the
//! dialog's, and each is one undo step.

use serde_json::{Value as Json, json};

/// What the dialog holds: the basemap picked, the XYZ and WMS fields typed, and the last error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebDialog {
    /// A built-in basemap's name (`osm`, `opentopomap`, `carto-light`, `carto-dark`).
    pub basemap: String,
    /// The XYZ tile URL template (`https://host/{z}/{x}/{y}.png`).
    pub xyz_url: String,
    /// The XYZ layer's name (empty: core's default).
    pub xyz_name: String,
    /// The credit the XYZ provider asks for.
    pub xyz_attribution: String,
    /// The WMS service's URL.
    pub wms_url: String,
    /// The WMS layers to draw, comma-separated.
    pub wms_layers: String,
    /// The WMS layer's name (empty: core's default).
    pub wms_name: String,
    /// Why the last Add failed, shown in the dialog until the next Add.
    pub error: Option<String>,
}

impl Default for WebDialog {
    fn default() -> Self {
        WebDialog {
            basemap: rustgis_core::web::BASEMAPS[0].name.to_owned(),
            xyz_url: String::new(),
            xyz_name: String::new(),
            xyz_attribution: String::new(),
            wms_url: String::new(),
            wms_layers: String::new(),
            wms_name: String::new(),
            error: None,
        }
    }
}

/// Which of the dialog's three ways the user added a layer by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebKind {
    /// A built-in basemap.
    Basemap,
    /// XYZ tiles.
    Xyz,
    /// A WMS service.
    Wms,
}

impl WebDialog {
    /// The command and parameters that add the layer `kind` describes; fields left empty are
    /// left out, so core's defaults apply.
    pub fn command(&self, kind: WebKind) -> (&'static str, Json) {
        let mut params = serde_json::Map::new();
        let mut put = |key: &str, value: &str| {
            if !value.trim().is_empty() {
                params.insert(key.to_owned(), json!(value.trim()));
            }
        };
        let id = match kind {
            WebKind::Basemap => {
                put("basemap", &self.basemap);
                "layer.addBasemap"
            }
            WebKind::Xyz => {
                put("url", &self.xyz_url);
                put("name", &self.xyz_name);
                put("attribution", &self.xyz_attribution);
                "layer.addXyz"
            }
            WebKind::Wms => {
                put("url", &self.wms_url);
                put("wms_layers", &self.wms_layers);
                put("name", &self.wms_name);
                "layer.addWms"
            }
        };
        (id, Json::Object(params))
    }
}

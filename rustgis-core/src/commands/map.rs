//! `map.*`: the map view.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use crate::command::{CommandDef, Ctx, Effect};
use crate::error::{Error, Result};
use crate::layer::Extent;
use crate::policy::Access;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![CommandDef::new(
        "map.zoomTo",
        "Zoom the map to a bounding box or to a layer's extent",
        "Give `bbox` as [min_x, min_y, max_x, max_y] in the map's CRS (longitude/latitude for EPSG:4326), or \
         `layer` to zoom to its extent (with a 5 % margin).",
        &[r#"map.zoomTo {"bbox": [-10, 35, 30, 60]}"#, r#"map.zoomTo {"layer": "countries"}"#],
        Access::NONE,
        Effect::Edit,
        zoom_to,
    )]
}

/// Parameters of `map.zoomTo`: `bbox` or `layer`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ZoomParams {
    /// [min_x, min_y, max_x, max_y] in the map's CRS.
    bbox: Option<[f64; 4]>,
    /// A layer whose extent to show.
    layer: Option<String>,
}

fn zoom_to(ctx: &mut Ctx<'_>, p: ZoomParams) -> Result<Json> {
    let extent = match (p.bbox, p.layer) {
        (Some(b), None) => {
            let e = Extent::from_corners(b[0], b[1], b[2], b[3])
                .ok_or_else(|| Error::invalid("bbox", "every coordinate must be a finite number"))?;
            if e.width() <= 0.0 || e.height() <= 0.0 {
                return Err(Error::invalid(
                    "bbox",
                    "the box has no area; give [min_x, min_y, max_x, max_y] with min < max",
                ));
            }
            e
        }
        (None, Some(name)) => {
            let layer = ctx.project().require(&name)?;
            let e = layer
                .extent()
                .ok_or_else(|| Error::invalid("layer", format!("layer '{name}' has no geometries to zoom to")))?;
            let margin_x = (e.width() * 0.05).max(0.01);
            let margin_y = (e.height() * 0.05).max(0.01);
            Extent {
                min_x: e.min_x - margin_x,
                min_y: e.min_y - margin_y,
                max_x: e.max_x + margin_x,
                max_y: e.max_y + margin_y,
            }
        }
        _ => {
            return Err(Error::invalid(
                "bbox",
                "give either \"bbox\": [min_x, min_y, max_x, max_y] or \"layer\": name",
            ));
        }
    };
    ctx.project_mut().view.extent = Some(extent);
    Ok(json!({ "extent": extent.to_array(), "crs": ctx.project().view.crs.to_string() }))
}

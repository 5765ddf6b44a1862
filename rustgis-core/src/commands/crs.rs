//! `crs.*`: what a CRS is (`crs.info`), finding one by name or place (`crs.search`), and how
//! coordinates move between two and how well (`crs.operation`), all from PROJ's database.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use crate::command::{CommandDef, Ctx};
use crate::crs::{self, Crs};
use crate::error::{Error, Result};

pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("crs.info")
            .summary("What a CRS is: name, kind, unit, axes, area of use, ellipsoid, projection, WKT")
            .doc(
                "Reads any CRS PROJ knows, by code (`EPSG:25832`, `ESRI:54030`, `IGNF:LAMB93`), name of a world \
                 projection, WKT 1 or 2, PROJJSON or PROJ string, or the CRS of a layer (`layer`). Gives its name, \
                 kind (geographic, projected…), the unit of its coordinates, the axes as the definition orders them \
                 (RustGIS's x is always the east-west one), where it is meant to be used, its ellipsoid and \
                 projection method, and, with `wkt: true`, its WKT 2. A definition equal to a registry code says \
                 which.",
            )
            .examples(&[
                r#"crs.info {"crs": "EPSG:25832"}"#,
                r#"crs.info {"layer": "countries", "wkt": true}"#,
                r#"crs.info {"crs": "+proj=utm +zone=32 +datum=WGS84"}"#,
            ])
            .reads(info),
        CommandDef::build("crs.search")
            .summary("Find CRS codes by name, place or projection: \"UTM 32N\", \"Lambert 93\", \"Australia\"")
            .doc(
                "Searches PROJ's EPSG and ESRI registries for geographic and projected CRSs whose name, area of use \
                 or projection method holds every word of `query`, best first (names before areas, current before \
                 deprecated). With `at` ([lon, lat]) only CRSs whose area of use holds that point are listed. Each \
                 hit gives the code to pass to map.setCrs or layer.open's crs.",
            )
            .examples(&[
                r#"crs.search {"query": "UTM 32N"}"#,
                r#"crs.search {"query": "Lambert 93"}"#,
                r#"crs.search {"query": "GDA2020", "at": [151.2, -33.9]}"#,
            ])
            .reads(search),
        CommandDef::build("crs.operation")
            .summary("How coordinates move from one CRS to another: the operation PROJ uses and its accuracy")
            .doc(
                "Names the coordinate operation PROJ uses between two CRSs (over `bbox`, west, south, east, north in \
                 degrees, when given), its accuracy in metres, the datum grids it uses, and a notice when a better \
                 one needs a grid that is not installed (with where to put it) or when the datums are only taken \
                 as equal. `from` and `to` take what crs.info takes, or a layer name prefixed by `layer:`.",
            )
            .examples(&[
                r#"crs.operation {"from": "EPSG:27700", "to": "EPSG:4326"}"#,
                r#"crs.operation {"from": "EPSG:4230", "to": "EPSG:4326", "bbox": [-10, 35, 5, 44]}"#,
            ])
            .reads(operation),
    ]
}

/// Parameters of `crs.info`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct InfoParams {
    /// The CRS: a code, a world projection's name, WKT, PROJJSON or a PROJ string.
    crs: Option<String>,
    /// Or the layer whose CRS to describe.
    layer: Option<String>,
    /// Add the CRS's WKT 2 (default false).
    #[serde(default)]
    wkt: bool,
}

fn info(ctx: &mut Ctx<'_>, p: InfoParams) -> Result<Json> {
    let (crs, note) = match (&p.crs, &p.layer) {
        (Some(text), None) => {
            let found = Crs::identify(text).map_err(|e| Error::invalid("crs", e))?;
            (found.crs, found.note)
        }
        (None, Some(layer)) => (ctx.project().require(layer)?.crs, None),
        (None, None) => (ctx.project().view.crs, None),
        (Some(_), Some(_)) => return Err(Error::invalid("crs", "give crs or layer, not both")),
    };
    let info = crs.info()?;
    let mut out = json!({
        "crs": crs.to_string(),
        "name": info.name,
        "kind": info.kind,
        "unit": info.unit,
        "axes": info.axis_directions,
        "area_of_use": info.area_of_use,
        "ellipsoid": info.ellipsoid,
        "method": info.method,
        "geographic_crs": info.geographic.map(|g| g.to_string()),
        "deprecated": info.deprecated,
    });
    if let Some(note) = note {
        out["note"] = json!(note);
    }
    if let Some(horizontal) = info.horizontal {
        out["horizontal"] = json!(horizontal.to_string());
    }
    if p.wkt {
        out["wkt"] = json!(crs.to_wkt2());
    }
    if crs.is_custom() {
        out["definition"] = json!(crs);
    }
    Ok(out)
}

/// Parameters of `crs.search`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SearchParams {
    /// Words to find in the CRS's name, area of use or projection ("UTM 32N", "Lambert 93").
    query: String,
    /// Only CRSs whose area of use holds this point, [longitude, latitude].
    at: Option<[f64; 2]>,
    /// How many to list, 1–100 (default 10).
    limit: Option<usize>,
}

fn search(_ctx: &mut Ctx<'_>, p: SearchParams) -> Result<Json> {
    let limit = p.limit.unwrap_or(10);
    if !(1..=100).contains(&limit) {
        return Err(Error::invalid("limit", format!("{limit} is out of range; give 1 to 100")));
    }
    let mut hits = crs::search(&p.query, if p.at.is_some() { 2000 } else { limit })?;
    if let Some([lon, lat]) = p.at {
        hits.retain(|hit| {
            hit.area_of_use.as_ref().is_some_and(|area| {
                let [w, s, e, n] = area.bbox;
                let inside_lon = if w <= e { (w..=e).contains(&lon) } else { lon >= w || lon <= e };
                inside_lon && (s..=n).contains(&lat)
            })
        });
        hits.truncate(limit);
    }
    let n = hits.len();
    Ok(json!({ "query": p.query, "count": n, "crs": hits }))
}

/// Parameters of `crs.operation`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OperationParams {
    /// The source CRS (what crs.info takes), or `layer:NAME` for a layer's.
    from: String,
    /// The target CRS, or `layer:NAME`.
    to: String,
    /// Where the coordinates are, [west, south, east, north] in degrees (default: the CRSs' areas).
    bbox: Option<[f64; 4]>,
}

fn operation(ctx: &mut Ctx<'_>, p: OperationParams) -> Result<Json> {
    let resolve = |ctx: &Ctx<'_>, text: &str, param: &str| -> Result<Crs> {
        match text.strip_prefix("layer:") {
            Some(layer) => Ok(ctx.project().require(layer)?.crs),
            None => Crs::parse(text).map_err(|e| Error::invalid(param, e)),
        }
    };
    let (from, to) = (resolve(ctx, &p.from, "from")?, resolve(ctx, &p.to, "to")?);
    let report = crs::operation(from, to, p.bbox)?;
    Ok(json!({
        "from": from.to_string(),
        "to": to.to_string(),
        "operation": report.name,
        "accuracy_m": report.accuracy_m,
        "grids": report.grids,
        "ballpark": report.ballpark,
        "notice": report.notice,
    }))
}

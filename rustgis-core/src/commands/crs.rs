//! `crs.*`: what a CRS is (`crs.info`), finding one by name or place (`crs.search`), and how
//! coordinates move between two and how well (`crs.operation`), all from PROJ's database.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

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
            .reads_returning(info),
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
            .reads_returning(search),
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
            .reads_returning(operation),
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

/// What `crs.info` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct CrsDescription {
    /// The CRS as commands name it, such as `EPSG:25832`.
    crs: String,
    /// Its name ("ETRS89 / UTM zone 32N").
    name: String,
    /// Geographic, projected…; for a compound CRS, the kind of its horizontal part.
    kind: crs::CrsKind,
    /// The unit of x and y ("metre", "degree", "US survey foot").
    unit: String,
    /// The axes as the definition orders them ("north", "east"); RustGIS's x is always the
    /// east-west one.
    axes: Vec<String>,
    /// Where it is meant to be used, or null.
    area_of_use: Option<crs::AreaOfUse>,
    /// The ellipsoid of its datum, or null.
    ellipsoid: Option<crs::Ellipsoid>,
    /// The projection method ("Transverse Mercator") of a projected CRS, or null.
    method: Option<String>,
    /// Its geographic (longitude/latitude) CRS, or null.
    geographic_crs: Option<String>,
    /// Whether the registry has deprecated it.
    deprecated: bool,
    /// How the text given was read, when it was not a plain code.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    /// A compound CRS's horizontal part.
    #[serde(skip_serializing_if = "Option::is_none")]
    horizontal: Option<String>,
    /// With `wkt: true`: its WKT2 (2019), or null when PROJ cannot write it.
    #[serde(skip_serializing_if = "Option::is_none")]
    wkt: Option<Option<String>>,
    /// A custom CRS's definition (PROJJSON, or the text given).
    #[serde(skip_serializing_if = "Option::is_none")]
    definition: Option<Json>,
}

fn info(ctx: &mut Ctx<'_>, p: InfoParams) -> Result<CrsDescription> {
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
    Ok(CrsDescription {
        crs: crs.to_string(),
        name: info.name.clone(),
        kind: info.kind,
        unit: info.unit.clone(),
        axes: info.axis_directions.clone(),
        area_of_use: info.area_of_use.clone(),
        ellipsoid: info.ellipsoid.clone(),
        method: info.method.clone(),
        geographic_crs: info.geographic.map(|g| g.to_string()),
        deprecated: info.deprecated,
        note,
        horizontal: info.horizontal.map(|h| h.to_string()),
        wkt: p.wkt.then(|| crs.to_wkt2()),
        definition: crs.is_custom().then(|| serde_json::to_value(crs).unwrap_or(Json::Null)),
    })
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

/// What `crs.search` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Found {
    /// The words searched for.
    query: String,
    /// How many CRSs were found.
    count: usize,
    /// The CRSs found, best first.
    crs: Vec<crs::CrsMatch>,
}

fn search(_ctx: &mut Ctx<'_>, p: SearchParams) -> Result<Found> {
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
    Ok(Found { query: p.query, count: n, crs: hits })
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

/// What `crs.operation` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Operation {
    /// The source CRS.
    from: String,
    /// The target CRS.
    to: String,
    /// The operation PROJ uses ("Inverse of ETRS89 to WGS 84 (1) + UTM zone 32N"), or "none
    /// (same CRS)".
    operation: String,
    /// Its accuracy in metres, or null when PROJ does not know it (0 for a conversion on one
    /// datum).
    accuracy_m: Option<f64>,
    /// The grids it uses (all present).
    grids: Vec<String>,
    /// Whether the datums are simply taken as equal (no transformation known between them).
    ballpark: bool,
    /// What a user must know (a missing grid for a better transformation, a ballpark datum
    /// change, an unknown accuracy), or null when the result is as good as PROJ can do.
    notice: Option<String>,
}

fn operation(ctx: &mut Ctx<'_>, p: OperationParams) -> Result<Operation> {
    let resolve = |ctx: &Ctx<'_>, text: &str, param: &str| -> Result<Crs> {
        match text.strip_prefix("layer:") {
            Some(layer) => Ok(ctx.project().require(layer)?.crs),
            None => Crs::parse(text).map_err(|e| Error::invalid(param, e)),
        }
    };
    let (from, to) = (resolve(ctx, &p.from, "from")?, resolve(ctx, &p.to, "to")?);
    let report = crs::operation(from, to, p.bbox)?;
    Ok(Operation {
        from: from.to_string(),
        to: to.to_string(),
        operation: report.name.clone(),
        accuracy_m: report.accuracy_m,
        grids: report.grids.clone(),
        ballpark: report.ballpark,
        notice: report.notice.clone(),
    })
}

//! `layer.*`: add, list, describe, select, remove, rename, title, show/hide and reorder layers;
//! `layer/groups.rs` has the layer groups' commands.

mod groups;

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::command::{CommandDef, Ctx};
use crate::commands::LayerParam;
use crate::commands::project::check_layer_name;
use crate::commands::raster::{RasterDescription, describe};
use crate::error::{Error, Result};
use crate::io::geojson;
use crate::layer::{Crs, Field, Layer};
use crate::sample::{SAMPLE_CREDIT, sample_layer};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("layer.addSample")
            .summary("Add a World Atlas sample layer: countries, cities, coastline or boundaries")
            .doc(
                "Adds one layer of the built-in World Atlas sample on top, with its default style, and makes it the \
             active layer. `countries` (177 polygons: name, iso_a3, continent, pop_est, gdp_md…), `cities` (521 \
             points: name, country, population, capital), `coastline` and `boundaries` (lines). A name already \
             in use gets a number (`cities 2`).",
            )
            .examples(&[r#"layer.addSample {"sample": "cities"}"#])
            .edits_returning(add_sample),
        CommandDef::build("layer.addGeoJSON")
            .summary("Add a layer from inline GeoJSON (a FeatureCollection, Feature or geometry)")
            .doc(
                "The GeoJSON is given in the parameters, as an object or as text. Field types are inferred: \
             integers stay integers, ISO dates become dates, nulls stay null. The new layer becomes active. \
             On a map that shows the whole world or nothing yet, the view zooms to the new layer. An agent that \
             can read a file itself can load it this way without file access.",
            )
            .examples(&[
                r#"layer.addGeoJSON {"name": "poi", "geojson": {"type": "Point", "coordinates": [2.35, 48.85]}}"#,
            ])
            .edits_returning(add_geojson),
        CommandDef::build("layer.list")
            .summary("List the layers, bottom to top, with geometry, feature count and visibility")
            .examples(&["layer.list {}"])
            .reads_returning(list),
        CommandDef::build("layer.info")
            .summary("Describe a layer: fields and types, feature count, extent, CRS, style, labels")
            .doc("Without `layer`, describes the caller's active layer.")
            .examples(&[r#"layer.info {"layer": "countries"}"#])
            .reads_returning(info),
        CommandDef::build("layer.select")
            .summary("Make a layer the caller's active layer")
            .doc(
                "Commands that name no layer act on the active layer. Each agent has its own: selecting a layer \
             changes neither the user's choice nor another agent's.",
            )
            .examples(&[r#"layer.select {"layer": "cities"}"#])
            .reads_returning(select),
        CommandDef::build("layer.remove")
            .summary("Remove a layer from the project")
            .examples(&[r#"layer.remove {"layer": "coastline"}"#])
            .edits_returning(remove),
        CommandDef::build("layer.rename")
            .summary("Rename a layer")
            .examples(&[r#"layer.rename {"layer": "cities", "name": "Big cities"}"#])
            .edits_returning(rename),
        CommandDef::build("layer.duplicate")
            .summary("Duplicate a layer: a copy with its features, style, labels and group, just above it")
            .doc(
                "The copy shares the original's features until either is edited (then each keeps its own), and has \
             its style, labels, title, visibility and group; it goes just above the original and becomes the \
             caller's active layer. `name` defaults to `<layer> copy` (`copy 2`… when taken). A PostGIS, web or \
             raster layer is duplicated as its source: both draw the same data.",
            )
            .examples(&[
                r#"layer.duplicate {"layer": "countries"}"#,
                r#"layer.duplicate {"layer": "cities", "name": "cities labelled"}"#,
            ])
            .edits_returning(duplicate),
        CommandDef::build("layer.setTitle")
            .summary("Give a layer a title for people, shown as its heading in the legend")
            .doc(
                "The name stays what commands use; the title is what a map reader sees (the legend's heading for the \
             layer, instead of `name (field)`). An empty or missing `title` removes it. Saved in the project.",
            )
            .examples(&[r#"layer.setTitle {"layer": "countries", "title": "Population (2019)"}"#])
            .edits_returning(set_title),
        CommandDef::build("layer.setVisible")
            .summary("Show or hide a layer")
            .examples(&[r#"layer.setVisible {"layer": "boundaries", "visible": false}"#])
            .edits_returning(set_visible),
        CommandDef::build("layer.move")
            .summary("Move a layer in the drawing order: top, bottom, up, down, to a position, or above another layer")
            .doc(
                "Position 0 is the bottom (drawn first). A layer moves among the layers and groups beside it: in a \
             group, `top` is the top of its group; `up` steps over a whole group. `above` puts it just above another \
             layer, in that layer's group. layer.group takes it into or out of a group.",
            )
            .examples(&[
                r#"layer.move {"layer": "cities", "position": "top"}"#,
                r#"layer.move {"layer": "countries", "position": 0}"#,
                r#"layer.move {"layer": "cities", "above": "countries"}"#,
            ])
            .edits_returning(move_layer),
    ]
    .into_iter()
    .chain(groups::defs())
    .collect()
}

/// Parameters of `layer.addSample`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddSampleParams {
    /// Which sample layer.
    sample: SampleName,
    /// The new layer's name (default: the sample's name).
    name: Option<String>,
}

/// The World Atlas sample layers.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum SampleName {
    /// 177 country polygons.
    Countries,
    /// 521 cities.
    Cities,
    /// Coastlines.
    Coastline,
    /// Land boundaries between countries.
    Boundaries,
}

impl SampleName {
    fn as_str(self) -> &'static str {
        match self {
            SampleName::Countries => "countries",
            SampleName::Cities => "cities",
            SampleName::Coastline => "coastline",
            SampleName::Boundaries => "boundaries",
        }
    }
}

/// What `layer.addSample` and `layer.addGeoJSON` return: the layer added.
#[derive(Debug, Serialize, JsonSchema)]
struct Added {
    /// The new layer's name (a name in use gets a number: `cities 2`).
    layer: String,
    /// How many features it holds.
    features: usize,
    /// `layer.addGeoJSON`: how many fields it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<usize>,
}

fn add_sample(ctx: &mut Ctx<'_>, p: AddSampleParams) -> Result<Added> {
    let mut layer = sample_layer(p.sample.as_str())?;
    layer.name = match p.name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => ctx.project().unique_name(p.sample.as_str()),
    };
    ctx.notice(SAMPLE_CREDIT);
    let layer = ctx.add_layer(layer)?;
    Ok(Added { layer: layer.name.clone(), features: layer.features.len(), fields: None })
}

/// Parameters of `layer.addGeoJSON`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddGeoJsonParams {
    /// The new layer's name.
    name: String,
    /// GeoJSON: a FeatureCollection, a Feature or a geometry, as an object or as text.
    geojson: Json,
    /// The CRS of the coordinates when the GeoJSON does not say (default EPSG:4326).
    crs: Option<String>,
}

fn add_geojson(ctx: &mut Ctx<'_>, p: AddGeoJsonParams) -> Result<Added> {
    check_layer_name(&p.name)?;
    let origin = Path::new("<inline geojson>");
    let data = match &p.geojson {
        Json::String(text) => geojson::read_str(text, origin)?,
        other => geojson::from_json(other, origin)?,
    };
    let crs = match p.crs {
        Some(text) => Crs::parse(&text).map_err(|e| Error::invalid("crs", e))?,
        None => data.crs,
    };
    for notice in data.notices {
        ctx.notice(notice);
    }
    let name = ctx.add_layer(Layer::new(p.name, crs, data.fields, data.features))?.name.clone();
    ctx.frame_opened_layer(&name);
    let layer = ctx.project().require(&name)?;
    Ok(Added { layer: layer.name.clone(), features: layer.features.len(), fields: Some(layer.fields.len()) })
}

/// Parameters of `layer.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListParams {
    /// Only what changed after this revision: the layers added or changed since are listed, with
    /// the layers removed and the changes (who, which command). Older than the session's log
    /// keeps, the answer is in full and a notice says so.
    #[serde(default)]
    since_revision: Option<u64>,
}

/// What `layer.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct LayerList {
    /// The layers, bottom to top.
    layers: Vec<LayerEntry>,
    /// The layer groups, outer groups first; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    groups: Vec<groups::GroupListed>,
    /// The project's revision now.
    revision: u64,
    /// With `since_revision`: what changed since (and `layers` lists only the layers added or
    /// changed since).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    since: Option<super::project::Since>,
}

/// One layer of `layer.list`: a vector layer has `geometry`, `features` and `selected`; a
/// raster layer `kind: "raster"`, `bands` and `size`; a web layer `kind: "web"` and `url`.
#[derive(Debug, Serialize, JsonSchema)]
struct LayerEntry {
    /// Its name.
    name: String,
    /// `raster` or `web`; absent for a vector layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    /// A vector layer's geometry.
    #[serde(skip_serializing_if = "Option::is_none")]
    geometry: Option<crate::feature::GeometryKind>,
    /// A vector layer's feature count.
    #[serde(skip_serializing_if = "Option::is_none")]
    features: Option<usize>,
    /// A web layer's URL template.
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// A raster layer's band count.
    #[serde(skip_serializing_if = "Option::is_none")]
    bands: Option<usize>,
    /// A raster layer's size in cells, `[width, height]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<[u64; 2]>,
    /// Whether it is drawn (its own switch; a hidden group hides it too, see `groups`).
    visible: bool,
    /// The layer group it is in; absent when it is in none.
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
    /// Its CRS.
    crs: String,
    /// How many of a vector layer's features are selected.
    #[serde(skip_serializing_if = "Option::is_none")]
    selected: Option<usize>,
    /// Whether it is the caller's active layer.
    active: bool,
}

fn list(ctx: &mut Ctx<'_>, p: ListParams) -> Result<LayerList> {
    let delta = super::project::changes_since(ctx, p.since_revision)?;
    let active = ctx.active_layer_id();
    let layers = ctx
        .project()
        .layers
        .iter()
        .filter(|l| delta.as_ref().is_none_or(|(_, answer)| answer.lists(l.id)))
        .map(|l| {
            let mut entry = LayerEntry {
                name: l.name.clone(),
                kind: None,
                geometry: None,
                features: None,
                url: None,
                bands: None,
                size: None,
                visible: l.visible,
                group: l.group.clone(),
                crs: l.crs.to_string(),
                selected: None,
                active: Some(l.id) == active,
            };
            if let Some(web) = &l.web {
                entry.kind = Some("web".to_owned());
                entry.url = Some(web.url().to_string());
            } else if let Some(raster) = &l.raster {
                let info = raster.raster.info();
                entry.kind = Some("raster".to_owned());
                entry.bands = Some(info.bands);
                entry.size = Some([info.width as u64, info.height as u64]);
            } else {
                entry.geometry = Some(l.geometry_kind());
                entry.features = Some(l.features.len());
                entry.selected = Some(l.selection.len());
            }
            entry
        })
        .collect();
    let groups = groups::listed(ctx.project());
    Ok(LayerList { layers, groups, revision: ctx.revision(), since: delta.map(|(since, _)| since) })
}

/// What `layer.info` returns: a vector or PostGIS layer's description, or a raster layer's.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum LayerInfo {
    /// A layer of features, in memory, from a file or in PostGIS.
    Vector(Box<VectorInfo>),
    /// A raster layer.
    Raster(Box<RasterLayerInfo>),
}

/// `layer.info` of a layer of features.
#[derive(Debug, Serialize, JsonSchema)]
struct VectorInfo {
    /// Its name.
    name: String,
    /// Its title for people (the legend's heading), or null.
    title: Option<String>,
    /// Its CRS.
    crs: String,
    /// Its geometry.
    geometry: crate::feature::GeometryKind,
    /// How many features it holds (a PostGIS layer: how many rows its query gives).
    features: u64,
    /// `[min_x, min_y, max_x, max_y]` in its CRS, or null when it has no geometries.
    extent: Option<[f64; 4]>,
    /// Its fields, in order.
    fields: Vec<Field>,
    /// Whether it is drawn.
    visible: bool,
    /// How many features are selected.
    selected: usize,
    /// Its style, as the project file holds it (`type`: single, categorized, graduated…).
    style: crate::style::Style,
    /// Its label settings, as the project file holds them, or null.
    labels: Option<crate::style::Labels>,
    /// Where its features come from: `"memory"`, a file, or a PostGIS table or query.
    source: SourceInfo,
}

/// Where a layer's features come from.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum SourceInfo {
    /// `"memory"`: held only in memory, embedded in the project when saved.
    Memory(InMemory),
    /// Read from a file.
    File {
        /// The absolute path read.
        path: std::path::PathBuf,
        /// The format name (`geojson`, `flatgeobuf`…).
        format: String,
        /// The box the read was limited to, or null.
        bbox: Option<[f64; 4]>,
        /// Whether the layer was edited since it was read (it is then embedded when saved).
        changed_since_read: bool,
    },
    /// A PostGIS table or query.
    Postgis(crate::postgis::SourceSummary),
}

/// The word `memory`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum InMemory {
    /// Held only in memory.
    Memory,
}

/// `layer.info` of a raster layer: its description, with its name, title and visibility.
#[derive(Debug, Serialize, JsonSchema)]
struct RasterLayerInfo {
    /// The raster's description, as `raster.info` gives it.
    #[serde(flatten)]
    raster: RasterDescription,
    /// Its name.
    name: String,
    /// Its title for people, or null.
    title: Option<String>,
    /// Whether it is drawn.
    visible: bool,
}

fn info(ctx: &mut Ctx<'_>, p: LayerParam) -> Result<LayerInfo> {
    let layer = ctx.layer(p.layer.as_deref())?;
    if let Some(raster_layer) = &layer.raster {
        return Ok(LayerInfo::Raster(Box::new(RasterLayerInfo {
            raster: describe(layer, raster_layer),
            name: layer.name.clone(),
            title: layer.title.clone(),
            visible: layer.visible,
        })));
    }
    let (features, extent, source) = match &layer.source {
        crate::layer::LayerSource::Postgis(source) => (
            source.count(None, None, crate::expr::SqlParams::new())?,
            source.extent()?.map(|e| e.to_array()),
            SourceInfo::Postgis(source.summary()),
        ),
        crate::layer::LayerSource::Memory => {
            (layer.features.len() as u64, layer.extent().map(|e| e.to_array()), SourceInfo::Memory(InMemory::Memory))
        }
        crate::layer::LayerSource::File { path, format, bbox, snapshot } => (
            layer.features.len() as u64,
            layer.extent().map(|e| e.to_array()),
            SourceInfo::File {
                path: path.clone(),
                format: format.clone(),
                bbox: bbox.map(|b| b.to_array()),
                changed_since_read: !snapshot.matches(layer),
            },
        ),
    };
    Ok(LayerInfo::Vector(Box::new(VectorInfo {
        name: layer.name.clone(),
        title: layer.title.clone(),
        crs: layer.crs.to_string(),
        geometry: layer.geometry_kind(),
        features,
        extent,
        fields: layer.fields.to_vec(),
        visible: layer.visible,
        selected: layer.selection.len(),
        style: layer.style.clone(),
        labels: layer.labels.clone(),
        source,
    })))
}

/// Parameters naming one layer, required.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RequiredLayer {
    /// The layer.
    layer: String,
}

/// What `layer.select` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Selected {
    /// The caller's active layer now.
    active_layer: String,
}

fn select(ctx: &mut Ctx<'_>, p: RequiredLayer) -> Result<Selected> {
    let id = ctx.project().require(&p.layer)?.id;
    ctx.set_active(id);
    Ok(Selected { active_layer: p.layer })
}

/// What `layer.remove` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Removed {
    /// The layer removed.
    removed: String,
    /// How many layers the project has left.
    layers: usize,
}

fn remove(ctx: &mut Ctx<'_>, p: RequiredLayer) -> Result<Removed> {
    let idx = ctx.project().require_index(&p.layer)?;
    ctx.project_mut().layers.remove(idx);
    Ok(Removed { removed: p.layer, layers: ctx.project().layers.len() })
}

/// Parameters of `layer.rename`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RenameParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The new name, unique in the project.
    name: String,
}

/// What `layer.rename` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Renamed {
    /// The layer's new name.
    layer: String,
    /// Its name before.
    was: String,
}

fn rename(ctx: &mut Ctx<'_>, p: RenameParams) -> Result<Renamed> {
    check_layer_name(&p.name)?;
    let old = ctx.layer(p.layer.as_deref())?.name.clone();
    if old != p.name && ctx.project().layer(&p.name).is_some() {
        return Err(Error::LayerExists(p.name));
    }
    ctx.layer_mut(p.layer.as_deref())?.name = p.name.clone();
    Ok(Renamed { layer: p.name, was: old })
}

/// Parameters of `layer.duplicate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DuplicateParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The copy's name (default: `<layer> copy`).
    name: Option<String>,
}

/// What `layer.duplicate` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Duplicated {
    /// The copy's name.
    layer: String,
    /// The layer it copies.
    source: String,
}

fn duplicate(ctx: &mut Ctx<'_>, p: DuplicateParams) -> Result<Duplicated> {
    let original = ctx.layer(p.layer.as_deref())?.clone();
    let name = match p.name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => ctx.project().unique_name(&format!("{} copy", original.name)),
    };
    let mut copy = original.clone();
    copy.name.clone_from(&name);
    ctx.add_layer(copy)?;
    // Just above the original, as QGIS puts a duplicate (add_layer put it on top).
    let project = ctx.project_mut();
    if let Some(at) = project.layers.iter().position(|l| l.id == original.id) {
        let copy = project.layers.pop().expect("the copy was just added");
        project.layers.insert(at + 1, copy);
    }
    Ok(Duplicated { layer: name, source: original.name })
}

/// Parameters of `layer.setTitle`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TitleParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The title, such as "Population (2019)"; empty or missing removes it.
    title: Option<String>,
}

/// The longest layer title accepted.
const MAX_TITLE_BYTES: usize = 1024;

/// What `layer.setTitle` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Titled {
    /// The layer.
    layer: String,
    /// Its title now, or null when it has none.
    title: Option<String>,
}

fn set_title(ctx: &mut Ctx<'_>, p: TitleParams) -> Result<Titled> {
    let title = p.title.filter(|t| !t.trim().is_empty());
    if let Some(title) = &title {
        if let Some(c) = title.chars().find(|c| c.is_control()) {
            return Err(Error::invalid(
                "title",
                format!("a title cannot hold control characters such as {c:?}; use one line of text"),
            ));
        }
        if title.len() > MAX_TITLE_BYTES {
            return Err(Error::invalid(
                "title",
                format!("a title is at most {MAX_TITLE_BYTES} bytes, and this one is {}", title.len()),
            ));
        }
    }
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.title = title;
    Ok(Titled { layer: layer.name.clone(), title: layer.title.clone() })
}

/// Parameters of `layer.setVisible`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct VisibleParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// `true` to show, `false` to hide.
    visible: bool,
}

/// What `layer.setVisible` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Shown {
    /// The layer.
    layer: String,
    /// Whether it is drawn now.
    visible: bool,
}

fn set_visible(ctx: &mut Ctx<'_>, p: VisibleParams) -> Result<Shown> {
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.visible = p.visible;
    Ok(Shown { layer: layer.name.clone(), visible: p.visible })
}

/// Where to move a layer.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum MoveTo {
    /// A position, 0 = bottom.
    Index(usize),
    /// `top`, `bottom`, `up` or `down`.
    Named(MoveWord),
}

/// A relative or absolute move.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum MoveWord {
    /// Drawn last, above every other layer.
    Top,
    /// Drawn first.
    Bottom,
    /// One step towards the top.
    Up,
    /// One step towards the bottom.
    Down,
}

/// Parameters of `layer.move`: `position` or `above`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct MoveParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// `top`, `bottom`, `up`, `down`, or a position among the layers and groups beside it (0 = bottom).
    #[serde(default)]
    position: Option<MoveTo>,
    /// A layer to put it just above, in that layer's group (it joins or leaves groups to get there).
    #[serde(default)]
    above: Option<String>,
}

/// What `layer.move` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Moved {
    /// The layer moved.
    layer: String,
    /// Its position now among the layers and groups beside it (0 = bottom, drawn first); with no
    /// groups, in the whole order.
    position: usize,
    /// Every layer's name, bottom to top.
    order: Vec<String>,
}

fn move_layer(ctx: &mut Ctx<'_>, p: MoveParams) -> Result<Moved> {
    let from = ctx.layer_index(p.layer.as_deref())?;
    let (id, name) = {
        let layer = &ctx.project().layers[from];
        (layer.id, layer.name.clone())
    };
    let project = ctx.project_mut();
    project.tidy_groups();
    let target = crate::project::groups::Target::Layer(id);
    let position = match (p.position, p.above) {
        (Some(_), Some(_)) => {
            return Err(Error::invalid("above", "say where with `position` or with `above`, not both"));
        }
        (None, None) => {
            return Err(Error::invalid(
                "position",
                "say where: `position` (top, bottom, up, down or a number, 0 = bottom) or `above` (a layer's name)",
            ));
        }
        (Some(to), None) => project.move_in_tree(target, groups::place(to))?,
        (None, Some(other)) => {
            let below = project.require(&other)?;
            if below.id == id {
                return Err(Error::invalid("above", format!("'{other}' is the layer being moved; name another layer")));
            }
            let (below, group) = (below.id, below.group.clone());
            let from = project.layers.iter().position(|l| l.id == id).unwrap_or(from);
            let layer = project.layers.remove(from);
            let at = project.layers.iter().position(|l| l.id == below).map_or(0, |i| i + 1);
            project.layers.insert(at, crate::layer::Layer { group, ..layer });
            project.tidy_groups();
            project.position_in_tree(target).unwrap_or_default()
        }
    };
    Ok(Moved { layer: name, position, order: ctx.project().layer_names() })
}

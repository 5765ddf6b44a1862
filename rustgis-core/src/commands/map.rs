//! `map.*`: the map view.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::command::{CommandDef, Ctx, WritePath};
use crate::error::{Error, Result};
use crate::furniture::{Corner, Furniture, Graticule, LegendPlacement};
use crate::policy::Access;
use crate::project::{framing, read_bbox};
use crate::render_hook::{
    LabelCount, LegendParam, MAX_IMAGE_SIDE, MIN_IMAGE_SIDE, RenderRequest, VectorFormat, fitted_height,
};

/// The default width of an exported map, in pixels.
const EXPORT_WIDTH: u32 = 1600;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("map.zoomTo")
            .summary("Zoom the map to a bounding box or to a layer's extent")
            .doc("Give `bbox` as [min_x, min_y, max_x, max_y] in longitude/latitude (or in the CRS `crs` names, such \
             as `EPSG:3857` for Web Mercator metres), or `layer` to zoom to its extent, moved to the map's CRS, \
             with a 5 % margin (a single point shows about 100 m around it). Any extent \
             draws, from a few metres across to the whole world.")
            .examples(&[
                r#"map.zoomTo {"bbox": [-10, 35, 30, 60]}"#,
                r#"map.zoomTo {"layer": "cities"}"#,
                r#"map.zoomTo {"bbox": [-1113195, 4163881, 3339585, 8399738], "crs": "EPSG:3857"}"#,
            ])
            .edits_returning(zoom_to),
        CommandDef::build("map.export")
            .summary("Export the map as a PNG, SVG or PDF file, with an optional legend and scale bar")
            .doc("Draws the visible layers of the current view and writes a PNG. The file is written to a temporary \
             file in the same folder and renamed into place, so a reader never sees half a file; an existing \
             file is replaced only with `overwrite: true`. The file is read back and checked. Returns the path, \
             size in bytes, SHA-256, pixel size and `blank` (true when every pixel has one colour: an empty or \
             mis-projected map). `width` defaults to 1600 px and `height` follows the view's shape; `dpi` scales \
             lines, symbols and text (96 draws them at their nominal sizes) and is written into the file. \
             `format` (default: the path's extension) is `png`, `svg` or `pdf`: SVG and PDF are vector output, \
             every feature a path and text as text (DejaVu Sans; each embeds the subset its text uses), laid out as the \
             PNG, feature labels included; the PDF page is `width` × `height` pixels at `dpi`.")
            .examples(&[
                r#"map.export {"path": "world.png"}"#,
                r#"map.export {"path": "world.pdf", "width": 3508, "dpi": 300}"#,
                r#"map.export {"path": "world.svg", "format": "svg", "legend": true}"#,
                r#"map.export {"path": "out/map.png", "width": 2400, "dpi": 192, "legend": true, "scale_bar": true, "overwrite": true}"#,
            ])
            .access(Access::WRITES_FILES)
            .reads_returning(export),
        CommandDef::build("map.setFurniture")
            .summary("Set the map's furniture: title, credits, north arrow, graticule, scale bar, legend, neat line")
            .doc("Map furniture is part of the project (saved in the .rgis) and drawn by view_map, map.export and the \
             app. Only what is given changes; an empty text removes a title, subtitle or credits, and `false` \
             removes a graticule or legend. `graticule: true` draws lines every 30° with labels, or give \
             `{\"interval\": 15, \"labels\": true}` (1–90°). The north arrow is drawn at the map's centre and \
             points to the pole there (north varies across a world projection). The scale bar is true at the \
             map's centre, east-west, in the map's projection. `legend` takes `true` or `{\"position\": \
             \"top-right\", \"title\": …, \"all_layers\": …, \"columns\": 2}` (by default in the corner where it hides the least data; 1–8 columns). `neat_line` frames the map; \
             `margin_mm` (0–50) leaves white space around it.")
            .examples(&[
                r#"map.setFurniture {"title": "Population density", "subtitle": "People per km²", "north_arrow": true, "graticule": true, "scale_bar": true, "legend": true}"#,
                r#"map.setFurniture {"credits": "Data: Natural Earth", "neat_line": true, "margin_mm": 5}"#,
                r#"map.setFurniture {"graticule": {"interval": 15, "labels": false}, "legend": {"position": "top-right"}}"#,
                r#"map.setFurniture {"title": "", "graticule": false}"#,
            ])
            .edits_returning(set_furniture),
    ]
}

/// `true`/`false`, or settings.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Toggle<T> {
    /// `true` for the defaults, `false` for none.
    On(bool),
    /// These settings.
    With(T),
}

/// Parameters of `map.setFurniture`. Only what is given changes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FurnitureParams {
    /// A title over the map ("" removes it).
    title: Option<String>,
    /// A line under the title ("" removes it).
    subtitle: Option<String>,
    /// Credits and attribution in small type at the bottom ("" removes them).
    credits: Option<String>,
    /// Draw a north arrow.
    north_arrow: Option<bool>,
    /// `true` (every 30°, labelled), `false`, or `{"interval": degrees, "labels": bool}`.
    graticule: Option<Toggle<Graticule>>,
    /// Draw a scale bar, true at the map's centre.
    scale_bar: Option<bool>,
    /// `true` (in the corner where it hides the least data), `false`, or `{"position": "top-right",
    /// "title": "…", "all_layers": false}`.
    legend: Option<Toggle<LegendPlacement>>,
    /// Frame the map with a neat line.
    neat_line: Option<bool>,
    /// White space around the map, 0–50 mm.
    margin_mm: Option<f32>,
}

/// What `map.setFurniture` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct FurnitureSet {
    /// The map's furniture now, as the project file holds it: title, subtitle, credits,
    /// north_arrow, graticule, scale_bar, legend, neat_line, margin_mm.
    furniture: Furniture,
}

fn set_furniture(ctx: &mut Ctx<'_>, p: FurnitureParams) -> Result<FurnitureSet> {
    let mut furniture = ctx.project().view.furniture.clone();
    let text = |t: String| if t.trim().is_empty() { None } else { Some(t) };
    if let Some(t) = p.title {
        furniture.title = text(t);
    }
    if let Some(t) = p.subtitle {
        furniture.subtitle = text(t);
    }
    if let Some(t) = p.credits {
        furniture.credits = text(t);
    }
    if let Some(on) = p.north_arrow {
        furniture.north_arrow = on;
    }
    if let Some(on) = p.scale_bar {
        furniture.scale_bar = on;
    }
    if let Some(on) = p.neat_line {
        furniture.neat_line = on;
    }
    match p.graticule {
        Some(Toggle::On(false)) => furniture.graticule = None,
        Some(Toggle::On(true)) => furniture.graticule = Some(Graticule { interval: 30.0, labels: true }),
        Some(Toggle::With(g)) => {
            if !(g.interval.is_finite() && (1.0..=90.0).contains(&g.interval)) {
                return Err(Error::invalid(
                    "graticule",
                    format!("an interval of {}° is out of range; use 1 to 90 degrees", g.interval),
                ));
            }
            furniture.graticule = Some(g);
        }
        None => {}
    }
    match p.legend {
        Some(Toggle::On(false)) => furniture.legend = None,
        Some(Toggle::On(true)) => {
            furniture.legend.get_or_insert(LegendPlacement {
                position: Corner::default(),
                title: None,
                all_layers: false,
                columns: None,
            });
        }
        Some(Toggle::With(l)) => {
            check_columns(l.columns, "legend")?;
            furniture.legend = Some(l);
        }
        None => {}
    }
    if let Some(margin) = p.margin_mm {
        if !(margin.is_finite() && (0.0..=50.0).contains(&margin)) {
            return Err(Error::invalid("margin_mm", format!("{margin} mm is out of range; use 0 to 50")));
        }
        furniture.margin_mm = margin;
    }

    ctx.project_mut().view.furniture = furniture.clone();
    Ok(FurnitureSet { furniture })
}

/// Parameters of `map.zoomTo`: `bbox` or `layer`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ZoomParams {
    /// [min_x, min_y, max_x, max_y], in `crs`.
    bbox: Option<[f64; 4]>,
    /// The CRS `bbox` is given in (default EPSG:4326, longitude/latitude; `EPSG:3857` for Web
    /// Mercator metres). The box is moved to the map's CRS.
    crs: Option<String>,
    /// A layer whose extent to show (in the map's CRS, with a 5 % margin).
    layer: Option<String>,
}

/// What `map.zoomTo` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Zoomed {
    /// The view now shown, `[min_x, min_y, max_x, max_y]` in `crs`.
    extent: [f64; 4],
    /// The map's CRS.
    crs: String,
}

fn zoom_to(ctx: &mut Ctx<'_>, p: ZoomParams) -> Result<Zoomed> {
    let map_crs = ctx.project().view.crs;
    let mut across = None;
    let extent = match (p.bbox, p.layer) {
        (Some(b), None) => read_bbox("bbox", b, p.crs.as_deref(), map_crs)?,
        (None, Some(name)) => {
            let layer = ctx.project().require(&name)?;
            layer
                .extent()
                .ok_or_else(|| Error::invalid("layer", format!("layer '{name}' has no geometries to zoom to")))?;
            let e = layer.extent_in(map_crs).ok_or_else(|| {
                Error::invalid(
                    "layer",
                    format!("layer '{name}' is in {}, which cannot be shown on an {map_crs} map", layer.crs),
                )
            })?;
            // Coordinates near ±1.8e308 leave no room for a margin (or even a width): such a view
            // could not be saved, so it is refused here, naming the layer.
            let framed = crate::Extent::from_bbox(framing(&e, map_crs).to_array()).ok_or_else(|| {
                Error::invalid(
                    "layer",
                    format!(
                        "layer '{name}' spans {:?}, too far for a map view (its width or height is not a finite \
                         number); zoom to a bbox instead",
                        e.to_array()
                    ),
                )
            })?;
            across = antimeridian_notice(layer, &framed, map_crs);
            framed
        }
        _ => {
            return Err(Error::invalid(
                "bbox",
                "give either \"bbox\": [min_x, min_y, max_x, max_y] or \"layer\": name",
            ));
        }
    };
    ctx.project_mut().view.extent = Some(extent);
    if let Some(notice) = across {
        ctx.notice(notice);
    }
    Ok(Zoomed { extent: extent.to_array(), crs: map_crs.to_string() })
}

/// Parameters of `map.export`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExportParams {
    /// Where to write the file (relative paths are relative to the project's folder).
    path: WritePath,
    /// `png`, `svg` or `pdf` (default: from the path's extension).
    format: Option<String>,
    /// Width in pixels, 16–16384 (default 1600).
    width: Option<u32>,
    /// Height in pixels, 16–16384 (default: the view's shape at this width).
    height: Option<u32>,
    /// Dots per inch, 24–1200 (default 96): 192 draws lines, symbols and text twice as large.
    dpi: Option<f32>,
    /// Draw a legend (default false): `true` lists the layers styled by data, or
    /// `{"title": "Population", "all_layers": true}`.
    legend: Option<LegendParam>,
    /// A title over the map.
    title: Option<String>,
    /// A line under the title.
    subtitle: Option<String>,
    /// Draw a scale bar (default false).
    scale_bar: Option<bool>,
    /// Replace the file if it exists (default false: an existing file is an error).
    overwrite: Option<bool>,
}

/// What `map.export` returns: the file written, and for a PNG what the image shows.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum MapWritten {
    /// A PNG.
    Png(Box<PngWritten>),
    /// An SVG or a PDF.
    Vector {
        /// The file written.
        path: PathBuf,
        /// `svg` or `pdf`.
        format: String,
        /// Its size in bytes.
        bytes: usize,
        /// Its SHA-256, lowercase hex.
        sha256: String,
        /// The width in pixels.
        width: u32,
        /// The height in pixels.
        height: u32,
    },
}

/// `map.export` of a PNG.
#[derive(Debug, Serialize, JsonSchema)]
struct PngWritten {
    /// The width in pixels.
    width: u32,
    /// The height in pixels.
    height: u32,
    /// Its SHA-256, lowercase hex.
    sha256: String,
    /// Its size in bytes.
    bytes: usize,
    /// Whether every pixel has one colour (an empty or mis-projected map).
    blank: bool,
    /// The extent the image shows, `[min_x, min_y, max_x, max_y]` in the map's CRS, or null.
    extent: Option<[f64; 4]>,
    /// Labels placed and left out, per labelled layer, top layer first.
    labels: Vec<LabelCount>,
    /// When `blank`, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    blank_reason: Option<String>,
    /// What the map left out and why (web tiles that could not be fetched, drawn as gaps).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notices: Vec<String>,
    /// The file written.
    path: PathBuf,
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<MapWritten> {
    let path = ctx.write_path(&p.path)?;
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let format = p.format.as_deref().map(str::to_ascii_lowercase).unwrap_or_else(|| extension.clone());
    let vector = match format.as_str() {
        "png" => None,
        "svg" => Some(VectorFormat::Svg),
        "pdf" => Some(VectorFormat::Pdf),
        other => {
            return Err(Error::invalid(
                if p.format.is_some() { "format" } else { "path" },
                format!(
                    "map.export writes png, svg or pdf, not '{other}' (from {}); end the path in .png, .svg or .pdf",
                    path.display()
                ),
            ));
        }
    };
    if extension != format {
        return Err(Error::invalid(
            "path",
            format!("{} does not end in .{format}; give the path the format's extension", path.display()),
        ));
    }
    let overwrite = p.overwrite.unwrap_or(false) || ctx.may_replace(&path);
    if !overwrite && path.exists() {
        return Err(Error::FileExists(path));
    }
    let folder = path.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(Error::invalid("path", format!("the folder {} does not exist", folder.display())));
    }
    let width = pixel_size("width", p.width.unwrap_or(EXPORT_WIDTH))?;
    let height = match p.height {
        Some(h) => pixel_size("height", h)?,
        None => fitted_height(ctx.project(), width),
    };
    let dpi = p.dpi.unwrap_or(96.0);
    if !(24.0..=1200.0).contains(&dpi) {
        return Err(Error::invalid("dpi", format!("{dpi} dpi is out of range; use 24 to 1200")));
    }
    let mut request = RenderRequest {
        width,
        height,
        dpi,
        scale_bar: p.scale_bar.unwrap_or(false),
        title: p.title,
        subtitle: p.subtitle,
        ..RenderRequest::default()
    };
    if let Some(legend) = &p.legend {
        legend.apply(&mut request);
    }
    if let Some(vector) = vector {
        let bytes = ctx.renderer()?.render_vector(ctx.project(), &request, vector)?;
        write_checked(&path, overwrite, &bytes)?;
        if let Some(notice) = web_layers_left_out(ctx.project(), &format!("{vector:?} output")) {
            ctx.notice(notice);
        }
        return Ok(MapWritten::Vector {
            path,
            format,
            bytes: bytes.len(),
            sha256: crate::render_hook::sha256_hex(&bytes),
            width,
            height,
        });
    }
    let image = ctx.renderer()?.render_watched(ctx.project(), &request, ctx.progress, "map.export")?;
    write_checked(&path, overwrite, &image.png)?;
    if let Some(reason) = &image.blank_reason {
        ctx.notice(format!("the map is blank (every pixel has one colour): {reason}"));
    }
    for notice in &image.notices {
        ctx.notice(notice.clone());
    }
    Ok(MapWritten::Png(Box::new(PngWritten {
        width: image.width,
        height: image.height,
        sha256: image.sha256.clone(),
        bytes: image.png.len(),
        blank: image.blank,
        extent: image.extent.map(|e| e.to_array()),
        labels: image.labels.clone(),
        blank_reason: image.blank_reason.clone(),
        notices: image.notices.clone(),
        path,
    })))
}

/// Writes `bytes` to `path` through a temporary file, then reads it back and compares.
pub(super) fn write_checked(path: &Path, overwrite: bool, bytes: &[u8]) -> Result<()> {
    crate::io::atomic::write_file(path, overwrite, |out| {
        out.write_all(bytes).map_err(|source| Error::Io {
            action: "cannot write",
            path: path.to_owned(),
            cause: source,
        })
    })?;
    let written = crate::io::read_regular(path, bytes.len() as u64)?;
    if written != bytes {
        return Err(Error::Failed(format!(
            "{} was written but reads back different ({} bytes instead of {}); the disk may be full",
            path.display(),
            written.len(),
            bytes.len()
        )));
    }
    Ok(())
}

fn pixel_size(param: &str, value: u32) -> Result<u32> {
    if (MIN_IMAGE_SIDE..=MAX_IMAGE_SIDE).contains(&value) {
        Ok(value)
    } else {
        Err(Error::invalid(param, format!("{value} px is out of range; use {MIN_IMAGE_SIDE} to {MAX_IMAGE_SIDE}")))
    }
}

/// Checks a legend's `columns` (1–8).
pub(crate) fn check_columns(columns: Option<u32>, param: &str) -> Result<()> {
    match columns {
        Some(c) if !(1..=8).contains(&c) => {
            Err(Error::invalid(param, format!("{c} columns is out of range; a legend takes 1 to 8 columns")))
        }
        _ => Ok(()),
    }
}

/// What to say when framing `layer` made the view (`framed`, in `map_crs`) span the world's width
/// because its features lie on both sides of the antimeridian: "the map now shows" it would not
/// be true, its parts being at both edges. `None` when the view is narrower (a map centred on
/// the Pacific frames them whole), or the features do not cross the antimeridian.
fn antimeridian_notice(layer: &crate::layer::Layer, framed: &crate::Extent, map_crs: crate::Crs) -> Option<String> {
    // Wide: most of the width the whole world has on this map (not measured in degrees, which a
    // box across the antimeridian of a Pacific-centred map would turn into 360).
    let world = crate::Extent::WORLD.transformed(crate::Crs::WGS84, map_crs)?;
    if framed.width() < 0.8 * world.width() {
        return None;
    }
    let (west, east) = layer.across_antimeridian()?;
    let lon = |x: f64| if x < 0.0 { format!("{:.1}°W", -x) } else { format!("{x:.1}°E") };
    Some(format!(
        "layer '{}' lies on both sides of the antimeridian (from {} eastwards over 180° to {}), so the view spans \
         the world's whole width with its parts at both edges; a map CRS centred on the Pacific shows them together \
         (map.setCrs {{\"crs\": \"EPSG:3832\"}})",
        layer.name,
        lon(west),
        lon(east)
    ))
}

/// The notice for output that does not draw web layers' tiles (vector output, print layouts):
/// which visible web layers are left out, so a missing basemap is never silent.
pub(super) fn web_layers_left_out(project: &crate::project::Project, output: &str) -> Option<String> {
    let names: Vec<String> = project.shown_layers().filter(|l| l.is_web()).map(|l| format!("'{}'", l.name)).collect();
    (!names.is_empty()).then(|| {
        format!(
            "{output} leaves out the web layer{} {} (its tiles are drawn only in PNG maps from map.export, view_map \
             and tiles)",
            if names.len() == 1 { "" } else { "s" },
            names.join(", ")
        )
    })
}

/// What opening a layer does to the view: frame the new layer, and choose a new project's map CRS
/// from it (here rather than in `command.rs`, beside the `map.*` commands that set them later).
impl Ctx<'_> {
    /// Zooms the view to a layer just opened when the view shows the whole world or nothing yet
    /// (a new project, the World Atlas sample), as a GIS does for the first layer: otherwise a
    /// street's worth of parcels is a speck on a world map. A view the caller chose is kept.
    pub fn frame_opened_layer(&mut self, name: &str) {
        self.choose_map_crs(name);
        if !self.project.view.shows_whole_world() {
            return;
        }
        let crs = self.project.view.crs;
        let Some(extent) = self.project.layer(name).and_then(|l| l.extent_in(crs)) else { return };
        // A layer spanning numbers near ±1.8e308 has no finite framing: such a view could not be
        // saved, so the view stays as it was.
        let Some(framed) = crate::Extent::from_bbox(crate::project::framing(&extent, crs).to_array()) else {
            self.notice(format!("the map still shows the whole world: {name} spans too far to frame"));
            return;
        };
        let across = self.project.layer(name).and_then(|layer| antimeridian_notice(layer, &framed, crs));
        self.project_mut().view.extent = Some(framed);
        self.notice(across.unwrap_or_else(|| format!("the map now shows {name} (map.zoomTo zooms elsewhere)")));
    }

    /// A new project (no CRS chosen, this its only layer) takes the CRS of the first layer opened
    /// in a projected CRS; geographic data at a local or regional scale is drawn in a projection
    /// true at its centre ([`crate::project::view_crs_for`]); either way a notice says so. A CRS
    /// someone set is never changed.
    fn choose_map_crs(&mut self, name: &str) {
        let view = &self.project.view;
        if view.crs_set || self.project.layers.len() != 1 {
            return;
        }
        let Some(layer) = self.project.layer(name) else { return };
        let crs = layer.crs;
        if layer.is_web() {
            return;
        }
        let Ok(info) = crs.info() else { return };
        let (chosen, why) = match info.kind {
            crate::crs::CrsKind::Projected if crs != view.crs => {
                (crs, format!("{}) from layer {name}, the first opened", info.name))
            }
            // A raster keeps the map on its own grid: drawn as it is, not resampled.
            crate::crs::CrsKind::Geographic if layer.raster.is_none() => {
                let Some(lon_lat) = layer.extent_in(crate::Crs::WGS84) else { return };
                let Some(choice) = crate::project::view_crs_for(crs, &lon_lat) else { return };
                (choice.crs, format!("{}) for layer {name}, which is in longitude/latitude", choice.why))
            }
            _ => return,
        };
        if chosen == view.crs || crate::geoprocessing::check_map_crs(chosen).is_err() {
            return;
        }
        let view = &mut self.project_mut().view;
        view.crs = chosen;
        view.extent = None;
        // A CRS of its own is shown as the PROJ string map.setCrs would take back.
        let shown = match chosen.to_proj_string() {
            Some(proj) if chosen.is_custom() => format!("\"{proj}\""),
            _ => chosen.to_string(),
        };
        self.notice(format!("map CRS set to {shown} ({why}; map.setCrs chooses another"));
    }
}

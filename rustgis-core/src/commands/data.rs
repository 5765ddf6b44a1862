//! `layer.open` and `layer.export`: layers from and to GeoJSON and FlatGeobuf files.

use std::path::Path;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use crate::command::{CommandDef, Ctx, Effect};
use crate::commands::project::check_layer_name;
use crate::error::{Error, Result};
use crate::io::project_file::{absolute, read_data};
use crate::io::{Format, atomic, flatgeobuf, geojson};
use crate::layer::{Extent, Layer, LayerSource, ReadSnapshot};
use crate::policy::Access;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::new(
            "layer.open",
            "Add a layer from a GeoJSON or FlatGeobuf file",
            "Reads `.geojson`/`.json` (GeoJSON) or `.fgb` (FlatGeobuf) and adds it on top as the active layer. \
             On a map that shows the whole world or nothing yet (a new project, the sample), the view zooms to \
             the new layer with a margin. \
             Attribute types are kept: integers stay integers, dates stay dates, nulls stay null (GeoJSON types \
             are inferred per field; FlatGeobuf states them). The CRS is read where the file gives one. With \
             `bbox`, only features whose bounding box meets it are read (a FlatGeobuf file's spatial index finds \
             them without reading the rest). A file that is damaged, truncated or not what its name says is \
             refused with the place of the problem (line and column, or byte offset) and nothing is added. \
             Geometries that are invalid but readable are loaded and listed in the notices. Relative paths are \
             resolved against the project file's folder.",
            &[
                r#"layer.open {"path": "data/parcels.fgb"}"#,
                r#"layer.open {"path": "countries.geojson", "name": "Europe", "bbox": [-25, 34, 45, 72]}"#,
            ],
            Access::READS_FILES,
            Effect::Edit,
            open,
        ),
        CommandDef::new(
            "layer.export",
            "Write a layer to a GeoJSON or FlatGeobuf file",
            "The format comes from `format`, else from the extension (`.geojson`/`.json`, `.fgb`). The file is \
             written beside the target under a temporary name, flushed to disk and then renamed, so a failure \
             never leaves half a file. An existing file is replaced only with `\"overwrite\": true`. The result \
             gives the size of the file as found on disk. FlatGeobuf files get a spatial index and a `fid` column \
             that keeps feature ids and order.",
            &[
                r#"layer.export {"layer": "cities", "path": "cities.fgb"}"#,
                r#"layer.export {"path": "out/countries.geojson", "overwrite": true}"#,
            ],
            Access::WRITES_FILES,
            Effect::Read,
            export,
        ),
    ]
}

/// A data file format.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum FormatParam {
    /// GeoJSON (RFC 7946).
    #[serde(alias = "json")]
    Geojson,
    /// FlatGeobuf, with a spatial index.
    #[serde(alias = "fgb")]
    Flatgeobuf,
}

impl From<FormatParam> for Format {
    fn from(format: FormatParam) -> Format {
        match format {
            FormatParam::Geojson => Format::GeoJson,
            FormatParam::Flatgeobuf => Format::FlatGeobuf,
        }
    }
}

/// Parameters of `layer.open`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OpenParams {
    /// The file: `.geojson`, `.json` or `.fgb`. Relative paths resolve against the project file's folder.
    path: String,
    /// The new layer's name (default: the file name without its extension, numbered if taken).
    name: Option<String>,
    /// Read only features whose bounding box meets `[min_x, min_y, max_x, max_y]`, in the file's CRS.
    bbox: Option<[f64; 4]>,
}

fn open(ctx: &mut Ctx<'_>, p: OpenParams) -> Result<Json> {
    let path = absolute(&ctx.resolve_path(&p.path));
    let bbox = match p.bbox {
        Some([a, b, c, d]) => Some(
            Extent::from_corners(a, b, c, d)
                .ok_or_else(|| Error::invalid("bbox", "give four finite numbers [min_x, min_y, max_x, max_y]"))?,
        ),
        None => None,
    };
    let format = format_of_file(&path)?;
    ctx.progress(0.0, &format!("reading {}", path.display()));
    let data = read_data(&path, format, bbox)?;
    let name = match p.name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => {
            let stem = path.file_stem().map_or_else(|| "layer".to_owned(), |s| s.to_string_lossy().into_owned());
            ctx.project().unique_name(&stem)
        }
    };
    for notice in data.notices {
        ctx.notice(notice);
    }
    let mut layer = Layer::new(name, data.crs, data.fields, data.features);
    let snapshot = ReadSnapshot::of(&layer);
    layer.source = LayerSource::File { path: path.clone(), format: format.name().to_owned(), bbox, snapshot };
    let name = ctx.add_layer(layer)?.name.clone();
    ctx.frame_opened_layer(&name);
    let layer = ctx.project().require(&name)?;
    Ok(json!({
        "layer": layer.name,
        "path": path,
        "format": format.name(),
        "features": layer.features.len(),
        "fields": layer.fields.iter().map(|f| json!({"name": f.name, "type": f.field_type})).collect::<Vec<_>>(),
        "crs": layer.crs.to_string(),
        "geometry": layer.geometry_kind(),
    }))
}

/// The format of an existing file: its extension, checked against its first bytes.
fn format_of_file(path: &Path) -> Result<Format> {
    let mut head = [0u8; 64];
    let n = {
        use std::io::Read;
        let mut file = crate::io::open_regular(path)?;
        let mut n = 0;
        loop {
            match file.read(&mut head[n..]) {
                Ok(0) => break,
                Ok(read) => {
                    n += read;
                    if n == head.len() {
                        break;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(source) => return Err(Error::Io { action: "cannot read", path: path.to_owned(), source }),
            }
        }
        n
    };
    if n == 0 {
        return Err(Error::Data {
            path: path.to_owned(),
            position: "byte 0".to_owned(),
            message: "the file is empty".to_owned(),
        });
    }
    let sniffed = Format::sniff(&head[..n]);
    match (Format::from_extension(path), sniffed) {
        (Some(Format::GeoJson), Some(Format::FlatGeobuf)) => Err(Error::Data {
            path: path.to_owned(),
            position: "byte 0".to_owned(),
            message: "the name says GeoJSON but the file is FlatGeobuf; rename it to .fgb".to_owned(),
        }),
        (Some(format), _) => Ok(format),
        (None, Some(format)) => Ok(format),
        (None, None) => Err(Error::invalid(
            "path",
            format!(
                "cannot tell the format of {}: RustGIS reads GeoJSON (.geojson, .json) and FlatGeobuf (.fgb)",
                path.display()
            ),
        )),
    }
}

/// Parameters of `layer.export`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExportParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The file to write. Relative paths resolve against the project file's folder.
    path: String,
    /// `geojson` or `flatgeobuf` (default: from the extension).
    format: Option<FormatParam>,
    /// Replace the file if it exists (default false: an existing file is an error).
    #[serde(default)]
    overwrite: bool,
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<Json> {
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    let path = absolute(&ctx.resolve_path(&p.path));
    let format = match p.format {
        Some(format) => Format::from(format),
        None => Format::from_extension(&path).ok_or_else(|| {
            Error::invalid(
                "format",
                format!(
                    "cannot tell the format from the name {}: pass \"format\": \"geojson\" or \"flatgeobuf\", or use a \
                     .geojson, .json or .fgb name",
                    path.display()
                ),
            )
        })?,
    };
    ctx.progress(0.0, &format!("writing {}", path.display()));
    let bytes = atomic::write_file(&path, p.overwrite, |out| match format {
        Format::GeoJson => geojson::write(&layer, out, &path),
        Format::FlatGeobuf => flatgeobuf::write(&layer, out, &path),
    })?;
    Ok(json!({
        "layer": layer.name,
        "path": path,
        "format": format.name(),
        "features": layer.features.len(),
        "bytes": bytes,
    }))
}

//! Resource templates: a layer's description (`rustgis://layers/{name}`), a page of its features
//! as GeoJSON (`rustgis://layers/{name}/features{?offset,limit}`), a file this server wrote
//! (`rustgis://outputs/{file}`) and a command's definition (`rustgis://commands/{command}`).
//!
//! A URI that names nothing (an unknown layer, command or file) is answered with `-32602`, as
//! the current MCP specification asks of a resource that does not exist, with the URI in the
//! error's `data`; `-32002` stays the relay's "cancelled, it never ran".

use rmcp::ErrorData as McpError;
use rmcp::model::{ResourceContents, ResourceTemplate};
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

/// The prefix of layer resources.
pub(crate) const LAYERS: &str = "rustgis://layers/";
/// The prefix of output files.
pub(crate) const OUTPUTS: &str = "rustgis://outputs/";
/// The prefix of command definitions.
pub(crate) const COMMANDS: &str = "rustgis://commands/";

/// The template of a layer's description.
pub(crate) const LAYER: &str = "rustgis://layers/{name}";
/// The template of a page of a layer's features.
pub(crate) const FEATURES: &str = "rustgis://layers/{name}/features{?offset,limit}";
/// The template of a file this server wrote.
pub(crate) const OUTPUT: &str = "rustgis://outputs/{file}";
/// The template of a command's definition.
pub(crate) const COMMAND: &str = "rustgis://commands/{command}";

/// How many features a page holds unless `limit` says otherwise.
pub(crate) const DEFAULT_FEATURES: usize = 100;
/// The most features one page holds.
pub(crate) const MAX_FEATURES: usize = 1_000;

/// The resource templates, for `resources/templates/list`.
pub(crate) fn list() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate::new(LAYER, "layer")
            .with_title("A layer")
            .with_description(
                "A layer of the project: its fields and their types, feature count, selection, extent, CRS, \
                 geometry, style, labels and source (what layer.info says), and the URI of its features. \
                 Completions give the layer names.",
            )
            .with_mime_type("application/json"),
        ResourceTemplate::new(FEATURES, "layer-features")
            .with_title("A layer's features")
            .with_description(format!(
                "A page of a layer's features as a GeoJSON FeatureCollection, in the layer's CRS (named in `crs`), \
                 with each feature's id and attributes: `offset` (default 0) and `limit` (default \
                 {DEFAULT_FEATURES}, at most {MAX_FEATURES}); `total` counts them all and `next` is the next page's URI."
            ))
            .with_mime_type("application/geo+json"),
        ResourceTemplate::new(OUTPUT, "output")
            .with_title("A file this server wrote")
            .with_description(
                "A file a command of this session wrote and linked (an export, a layout, a saved project) by its file \
                 name: text as text, anything else as base64, up to 16 MiB, to a client with file access. Completions \
                 give the names.",
            ),
        ResourceTemplate::new(COMMAND, "command")
            .with_title("A command")
            .with_description(
                "A RustGIS command's definition: parameters (JSON Schema), documentation, examples, access and \
                 the shape of its result (what describe_command says). Completions give the command ids.",
            )
            .with_mime_type("application/json"),
    ]
}

/// What a template URI names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A layer's description.
    Layer(String),
    /// A page of a layer's features.
    Features {
        /// The layer.
        name: String,
        /// How many features to skip.
        offset: usize,
        /// How many to send.
        limit: usize,
    },
    /// A file this server wrote, by its file name.
    Output(String),
    /// A command's definition.
    Command(String),
}

/// What `uri` names, if it is one of the templates' URIs (`None` when it is not); an error when
/// it is one but malformed.
pub(crate) fn parse(uri: &str) -> Option<Result<Target, McpError>> {
    if let Some(rest) = uri.strip_prefix(LAYERS) {
        return Some(parse_layer(uri, rest));
    }
    if let Some(rest) = uri.strip_prefix(OUTPUTS) {
        return Some(decoded(uri, rest).map(Target::Output));
    }
    if let Some(rest) = uri.strip_prefix(COMMANDS) {
        return Some(decoded(uri, rest).map(Target::Command));
    }
    None
}

fn parse_layer(uri: &str, rest: &str) -> Result<Target, McpError> {
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    let (name, tail) = match path.split_once('/') {
        Some((name, tail)) => (name, Some(tail)),
        None => (path, None),
    };
    let name = decoded(uri, name)?;
    match (tail, query) {
        (None, None) => Ok(Target::Layer(name)),
        (Some("features"), query) => {
            let (mut offset, mut limit) = (0, DEFAULT_FEATURES);
            for pair in query.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
                let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                let number = || {
                    value.parse::<usize>().map_err(|_| {
                        malformed(uri, format!("{key} is {value:?}; it must be a whole number, 0 or more"))
                    })
                };
                match key {
                    "offset" => offset = number()?,
                    "limit" => limit = number()?,
                    _ => {
                        return Err(malformed(
                            uri,
                            format!("unknown parameter {key:?}: a features page takes offset and limit"),
                        ));
                    }
                }
            }
            if !(1..=MAX_FEATURES).contains(&limit) {
                return Err(malformed(uri, format!("limit is {limit}; it must be from 1 to {MAX_FEATURES}")));
            }
            Ok(Target::Features { name, offset, limit })
        }
        _ => Err(malformed(
            uri,
            format!("a layer's resources are {LAYERS}<name> and {LAYERS}<name>/features?offset=0&limit=100"),
        )),
    }
}

/// A URI that names nothing: `-32602` with the URI in `data`.
pub(crate) fn not_found(uri: &str, message: impl Into<String>) -> McpError {
    McpError::invalid_params(message.into(), Some(json!({ "uri": uri })))
}

fn malformed(uri: &str, message: impl Into<String>) -> McpError {
    McpError::invalid_params(format!("{uri}: {}", message.into()), Some(json!({ "uri": uri })))
}

/// A URI variable percent-decoded (UTF-8).
fn decoded(uri: &str, text: &str) -> Result<String, McpError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'%' {
            let byte = bytes
                .get(idx + 1..idx + 3)
                .and_then(|hex| std::str::from_utf8(hex).ok())
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                .ok_or_else(|| malformed(uri, "a % must be followed by two hex digits"))?;
            out.push(byte);
            idx += 3;
        } else {
            out.push(bytes[idx]);
            idx += 1;
        }
    }
    let text = String::from_utf8(out).map_err(|_| malformed(uri, "the name is not UTF-8 once decoded"))?;
    if text.is_empty() {
        return Err(malformed(uri, "the name is empty"));
    }
    Ok(text)
}

/// A URI variable percent-encoded: everything but unreserved characters (RFC 3986), as RFC 6570
/// expands `{name}`.
pub(crate) fn encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The URI of a layer's description.
pub(crate) fn layer_uri(name: &str) -> String {
    format!("{LAYERS}{}", encoded(name))
}

/// The URI of a page of a layer's features.
pub(crate) fn features_uri(name: &str, offset: usize, limit: usize) -> String {
    format!("{LAYERS}{}/features?offset={offset}&limit={limit}", encoded(name))
}

/// The URI of a file this server wrote.
pub(crate) fn output_uri(file_name: &str) -> String {
    format!("{OUTPUTS}{}", encoded(file_name))
}

/// Reads a layer or command target on the session (outputs are read by the server: they are
/// files, not the session's).
pub(crate) fn read(
    session: &mut Session,
    caller: &Caller,
    uri: &str,
    target: &Target,
) -> Result<ResourceContents, McpError> {
    match target {
        Target::Layer(name) => read_layer(session, caller, uri, name),
        Target::Features { name, offset, limit } => read_features(session, caller, uri, name, *offset, *limit),
        Target::Command(id) => match session.registry().get(id) {
            Some(def) => Ok(json_contents(uri, &def.describe_json(), "application/json")),
            None => {
                let suggested = session.registry().suggest(id);
                let hint = if suggested.is_empty() {
                    "list them with list_commands".to_owned()
                } else {
                    format!("did you mean {}?", suggested.join(", "))
                };
                Err(not_found(uri, format!("there is no command {id:?}; {hint}")))
            }
        },
        Target::Output(_) => Err(McpError::internal_error("outputs are read by the server", None)),
    }
}

/// The layer named `name`, or `-32602` naming the layers there are.
fn require_layer<'a>(session: &'a Session, uri: &str, name: &str) -> Result<&'a rustgis_core::Layer, McpError> {
    session.project().layer(name).ok_or_else(|| {
        let names = session.project().layer_names();
        let listed = if names.is_empty() {
            "the project has no layers".to_owned()
        } else {
            format!("the layers are {}", names.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(", "))
        };
        not_found(uri, format!("there is no layer {name:?}; {listed}"))
    })
}

fn read_layer(session: &mut Session, caller: &Caller, uri: &str, name: &str) -> Result<ResourceContents, McpError> {
    let has_features = {
        let layer = require_layer(session, uri, name)?;
        !layer.is_raster() && !layer.is_web()
    };
    let outcome = session
        .execute(caller, "layer.info", json!({ "layer": name }))
        .map_err(|e| McpError::internal_error(format!("cannot describe layer {name:?}: {e}"), None))?;
    let mut info = outcome.result;
    if has_features && let Some(map) = info.as_object_mut() {
        map.insert("features_uri".into(), json!(features_uri(name, 0, DEFAULT_FEATURES)));
    }
    Ok(json_contents(uri, &info, "application/json"))
}

fn read_features(
    session: &mut Session,
    caller: &Caller,
    uri: &str,
    name: &str,
    offset: usize,
    limit: usize,
) -> Result<ResourceContents, McpError> {
    let layer = require_layer(session, uri, name)?;
    if layer.is_raster() || layer.is_web() {
        let kind = if layer.is_raster() { "a raster layer" } else { "a web layer (map tiles or WMS)" };
        return Err(not_found(
            uri,
            format!("layer {name:?} is {kind}: it has no features; {} describes it", layer_uri(name)),
        ));
    }
    let crs = layer.crs.to_string();
    let mut page = json!({ "type": "FeatureCollection", "layer": name, "crs": crs });
    let (features, total) = if layer.postgis().is_some() {
        // A PostGIS layer's rows stay in the database: the page is read there, attributes only.
        let params = json!({ "layer": name, "offset": offset, "limit": limit });
        let read = session
            .execute(caller, "table.read", params)
            .map_err(|e| McpError::internal_error(format!("cannot read layer {name:?}: {e}"), None))?;
        let rows = read.result["rows"].as_array().cloned().unwrap_or_default();
        let features: Vec<Json> = rows
            .into_iter()
            .map(|mut row| {
                let id = row.as_object_mut().and_then(|r| r.remove("fid")).unwrap_or(Json::Null);
                json!({ "type": "Feature", "id": id, "geometry": null, "properties": row })
            })
            .collect();
        page["note"] = json!(
            "a PostGIS layer's geometries stay in the database: these are its attributes; copy features into \
             memory with vector.filter to read their geometries here"
        );
        (features, read.result["total"].as_u64().unwrap_or(0) as usize)
    } else {
        let features = layer
            .features
            .iter()
            .skip(offset)
            .take(limit)
            .map(|feature| {
                let geometry = feature
                    .geometry
                    .as_ref()
                    .map(|g| rustgis_core::io::geojson::geometry_to_json(g).unwrap_or(Json::Null))
                    .unwrap_or(Json::Null);
                let properties: serde_json::Map<String, Json> = layer
                    .fields
                    .iter()
                    .zip(&feature.attributes)
                    .map(|(field, value)| (field.name.clone(), value.to_json()))
                    .collect();
                json!({ "type": "Feature", "id": feature.id, "geometry": geometry, "properties": properties })
            })
            .collect();
        (features, layer.features.len())
    };
    let returned = features.len();
    let next = (offset + returned < total).then(|| features_uri(name, offset + returned, limit));
    page["total"] = json!(total);
    page["offset"] = json!(offset);
    page["returned"] = json!(returned);
    page["next"] = json!(next);
    page["features"] = Json::Array(features);
    Ok(json_contents(uri, &page, "application/geo+json"))
}

fn json_contents(uri: &str, value: &Json, mime: &str) -> ResourceContents {
    ResourceContents::text(value.to_string(), uri).with_mime_type(mime)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_uris_read_back_as_what_they_name() {
        let name = "cities buffer 200 km/é";
        assert_eq!(parse(&layer_uri(name)).and_then(Result::ok), Some(Target::Layer(name.to_owned())));
        assert_eq!(
            parse(&features_uri(name, 5, 20)).and_then(Result::ok),
            Some(Target::Features { name: name.to_owned(), offset: 5, limit: 20 })
        );
        assert_eq!(
            parse("rustgis://layers/cities/features").and_then(Result::ok),
            Some(Target::Features { name: "cities".to_owned(), offset: 0, limit: DEFAULT_FEATURES })
        );
        assert_eq!(parse(&output_uri("map 1.pdf")).and_then(Result::ok), Some(Target::Output("map 1.pdf".to_owned())));
        assert_eq!(
            parse("rustgis://commands/vector.buffer").and_then(Result::ok),
            Some(Target::Command("vector.buffer".to_owned()))
        );
        assert!(parse("rustgis://docs/mcp.md").is_none());
    }

    #[test]
    fn a_malformed_template_uri_is_invalid_params() {
        for uri in [
            "rustgis://layers/cities/features?limit=0",
            "rustgis://layers/cities/features?limit=5000",
            "rustgis://layers/cities/features?offset=-1",
            "rustgis://layers/cities/features?page=2",
            "rustgis://layers/cities/rows",
            "rustgis://layers/",
            "rustgis://layers/%zz",
        ] {
            let error = parse(uri).expect("a template URI").expect_err(uri);
            assert_eq!(error.code.0, -32602, "{uri}");
            assert_eq!(error.data, Some(json!({ "uri": uri })), "{uri}");
        }
    }
}

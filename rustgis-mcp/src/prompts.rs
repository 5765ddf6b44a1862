//! Prompts: short recipes for common maps, written in the real commands. `prompts/get` looks at
//! the project first (that the layer and field exist, what the field holds, what geometry each
//! layer has, where a place is), so the recipe it returns is the one that works here: a script
//! for the `run` tool, then the tool calls that show the result. `tests/prompts.rs` checks every
//! command and parameter a recipe names against the registry's schemas, and runs each recipe on
//! the World Atlas sample.

use rmcp::ErrorData as McpError;
use rmcp::model::{GetPromptResult, JsonObject, Prompt, PromptArgument, PromptMessage, Role};
use rustgis_core::{Caller, Crs, FieldType, GeometryKind, Layer, Session, Value};
use serde_json::{Value as Json, json};

use crate::templates;

/// What completes a prompt argument (`completion/complete`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completes {
    /// Nothing: free text.
    Nothing,
    /// A layer with features (not a raster or web layer).
    VectorLayer,
    /// Another vector layer than the one given as this argument.
    OtherLayer(&'static str),
    /// A field of the layer given as this argument.
    FieldOf(&'static str),
    /// A place: a name some feature has, in any layer.
    Place,
    /// A colour ramp.
    Ramp,
    /// One of these words.
    OneOf(&'static [&'static str]),
}

/// One argument of a prompt.
#[derive(Debug)]
pub(crate) struct ArgDef {
    /// Its name.
    pub(crate) name: &'static str,
    /// What it is, for people.
    pub(crate) description: &'static str,
    /// Whether it must be given.
    pub(crate) required: bool,
    /// What completes it.
    pub(crate) completes: Completes,
}

/// One prompt.
#[derive(Debug)]
pub(crate) struct PromptDef {
    /// Its name.
    pub(crate) name: &'static str,
    /// Its title, for people.
    pub(crate) title: &'static str,
    /// What it makes.
    pub(crate) description: &'static str,
    /// Its arguments.
    pub(crate) args: &'static [ArgDef],
}

/// The distances find-near offers.
const DISTANCES: &[&str] = &["1 km", "10 km", "50 km", "100 km", "200 km", "500 km", "10 mi", "100 mi"];

/// Every prompt.
pub(crate) static PROMPTS: &[PromptDef] = &[
    PromptDef {
        name: "map-file",
        title: "Map this file",
        description: "Open a data file (GeoJSON, Shapefile, GeoPackage, CSV, KML, GPX, FlatGeobuf, GeoParquet, GeoTIFF) \
                      as a layer, zoom to it and look at the map. Needs file access (--yes).",
        args: &[
            ArgDef {
                name: "path",
                description: "The file, best as an absolute path.",
                required: true,
                completes: Completes::Nothing,
            },
            ArgDef {
                name: "name",
                description: "The layer's name (default: the file's name without its extension).",
                required: false,
                completes: Completes::Nothing,
            },
        ],
    },
    PromptDef {
        name: "choropleth",
        title: "Choropleth of a field",
        description: "Colour a layer by a field: classes along a colour ramp for numbers (style.graduated), one colour \
                      a value for text (style.categorized), with a legend.",
        args: &[
            ArgDef {
                name: "layer",
                description: "The layer to colour.",
                required: true,
                completes: Completes::VectorLayer,
            },
            ArgDef {
                name: "field",
                description: "The field whose values pick the colours.",
                required: true,
                completes: Completes::FieldOf("layer"),
            },
            ArgDef {
                name: "classes",
                description: "How many classes for a numeric field, 2 to 12 (default 5).",
                required: false,
                completes: Completes::OneOf(&["3", "4", "5", "6", "7"]),
            },
            ArgDef {
                name: "ramp",
                description: "A colour ramp (default ylorrd for numbers; a palette such as set3 for text).",
                required: false,
                completes: Completes::Ramp,
            },
        ],
    },
    PromptDef {
        name: "print-a4",
        title: "Print an A4 layout",
        description: "Put the map on an A4 page with a title, legend and scale bar, and export it as PDF (or SVG or \
                      PNG). Needs file access (--yes) to write the file.",
        args: &[
            ArgDef {
                name: "title",
                description: "The title on the page.",
                required: true,
                completes: Completes::Nothing,
            },
            ArgDef {
                name: "path",
                description: "Where to write it: .pdf, .svg or .png (default: the title as a file name, .pdf).",
                required: false,
                completes: Completes::Nothing,
            },
            ArgDef {
                name: "orientation",
                description: "landscape (default) or portrait.",
                required: false,
                completes: Completes::OneOf(&["landscape", "portrait"]),
            },
        ],
    },
    PromptDef {
        name: "compare-layers",
        title: "Compare two layers",
        description: "Show two layers together in contrasting colours and work out where they meet: the overlap of \
                      polygons, the features of one inside the other, or each feature's nearest in the other.",
        args: &[
            ArgDef {
                name: "layer_a",
                description: "The first layer.",
                required: true,
                completes: Completes::VectorLayer,
            },
            ArgDef {
                name: "layer_b",
                description: "The second layer.",
                required: true,
                completes: Completes::OtherLayer("layer_a"),
            },
        ],
    },
    PromptDef {
        name: "find-near",
        title: "Find features near a place",
        description: "Select a layer's features within a distance of a place (a feature's name, such as a city, or \
                      longitude, latitude), show them on the map and list them.",
        args: &[
            ArgDef {
                name: "layer",
                description: "The layer whose features to find.",
                required: true,
                completes: Completes::VectorLayer,
            },
            ArgDef {
                name: "place",
                description: "A name some feature has (Paris), or longitude, latitude in degrees (2.35, 48.86).",
                required: true,
                completes: Completes::Place,
            },
            ArgDef {
                name: "distance",
                description: "How far: a number and m, km, mi or nmi (default 100 km).",
                required: false,
                completes: Completes::OneOf(DISTANCES),
            },
        ],
    },
];

/// The prompt named `name`.
pub(crate) fn def(name: &str) -> Option<&'static PromptDef> {
    PROMPTS.iter().find(|p| p.name == name)
}

/// Every prompt, for `prompts/list`.
pub(crate) fn list() -> Vec<Prompt> {
    PROMPTS
        .iter()
        .map(|p| {
            let args = p
                .args
                .iter()
                .map(|a| PromptArgument::new(a.name).with_description(a.description).with_required(a.required))
                .collect();
            Prompt::new(p.name, Some(p.description), Some(args)).with_title(p.title)
        })
        .collect()
}

/// The arguments of a `prompts/get`, checked against the prompt's.
struct Args<'a> {
    prompt: &'static PromptDef,
    given: &'a JsonObject,
}

impl Args<'_> {
    /// The argument's value, trimmed (`None` when missing or empty).
    fn get(&self, name: &str) -> Option<String> {
        let value = match self.given.get(name)? {
            Json::String(text) => text.trim().to_owned(),
            Json::Null => return None,
            other => other.to_string(),
        };
        (!value.is_empty()).then_some(value)
    }

    /// A required argument's value.
    fn require(&self, name: &str) -> Result<String, McpError> {
        self.get(name).ok_or_else(|| {
            let arg = self.prompt.args.iter().find(|a| a.name == name).map_or("", |a| a.description);
            invalid(format!("prompt {} needs the argument {name:?}: {arg}", self.prompt.name))
        })
    }
}

fn invalid(message: impl Into<String>) -> McpError {
    McpError::invalid_params(message.into(), None)
}

/// `prompts/get`: the recipe for the project as it is now.
pub(crate) fn get(
    session: &Session,
    caller: &Caller,
    name: &str,
    arguments: Option<&JsonObject>,
) -> Result<GetPromptResult, McpError> {
    let prompt = def(name).ok_or_else(|| {
        invalid(format!(
            "there is no prompt {name:?}; the prompts are {}",
            PROMPTS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
        ))
    })?;
    let empty = JsonObject::new();
    let given = arguments.unwrap_or(&empty);
    if let Some(unknown) = given.keys().find(|k| !prompt.args.iter().any(|a| a.name == k.as_str())) {
        return Err(invalid(format!(
            "prompt {} takes no argument {unknown:?}; it takes {}",
            prompt.name,
            prompt.args.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
        )));
    }
    let args = Args { prompt, given };
    let recipe = match prompt.name {
        "map-file" => map_file(session, caller, &args)?,
        "choropleth" => choropleth(session, &args)?,
        "print-a4" => print_a4(session, caller, &args)?,
        "compare-layers" => compare_layers(session, &args)?,
        "find-near" => find_near(session, &args)?,
        _ => return Err(McpError::internal_error(format!("prompt {name} has no recipe"), None)),
    };
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, recipe.render())])
        .with_description(recipe.goal.clone()))
}

/// A recipe: what it makes, what the project holds that matters, tool calls to make first, a
/// script for the `run` tool, and the tool calls and checks after it.
struct Recipe {
    goal: String,
    facts: Vec<String>,
    before: Vec<String>,
    script: Vec<String>,
    after: Vec<String>,
}

impl Recipe {
    fn new(goal: String) -> Recipe {
        Recipe { goal, facts: Vec::new(), before: Vec::new(), script: Vec::new(), after: Vec::new() }
    }

    /// Adds a script line.
    fn line(&mut self, command: &str, params: Json) {
        self.script.push(format!("{command} {}", spaced(&params)));
    }

    fn render(&self) -> String {
        let mut text = format!("{}\n", self.goal);
        if !self.facts.is_empty() {
            text.push('\n');
            for fact in &self.facts {
                text.push_str(&format!("- {fact}\n"));
            }
        }
        let mut step = 0;
        let mut numbered = |text: &mut String, what: &str| {
            step += 1;
            text.push_str(&format!("\n{step}. {what}\n"));
        };
        for before in &self.before {
            numbered(&mut text, before);
        }
        numbered(
            &mut text,
            "Run this script with the `run` tool (one `command-id {json}` a line). It is one undo step: if a line \
             fails, nothing it did is kept and the error says why.",
        );
        text.push_str("\n```\n");
        for line in &self.script {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("```\n");
        for after in &self.after {
            numbered(&mut text, after);
        }
        text
    }
}

/// `tool {json}` as inline code, for a recipe's steps.
fn call(tool: &str, args: Json) -> String {
    format!("`{tool} {}`", spaced(&args))
}

/// JSON on one line as the documentation writes it: `{"layer": "cities", "limit": 20}`.
fn spaced(value: &Json) -> String {
    struct Spaced;
    impl serde_json::ser::Formatter for Spaced {
        fn begin_array_value<W: ?Sized + std::io::Write>(
            &mut self,
            writer: &mut W,
            first: bool,
        ) -> std::io::Result<()> {
            if first { Ok(()) } else { writer.write_all(b", ") }
        }
        fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
            if first { Ok(()) } else { writer.write_all(b", ") }
        }
        fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
            writer.write_all(b": ")
        }
    }
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, Spaced);
    match serde::Serialize::serialize(value, &mut serializer) {
        Ok(()) => String::from_utf8(out).unwrap_or_else(|_| value.to_string()),
        Err(_) => value.to_string(),
    }
}

/// A number as JSON: whole numbers without a decimal point, others to 6 decimals.
fn number(value: f64) -> Json {
    if value.fract() == 0.0 && value.abs() < 1e15 { json!(value as i64) } else { json!((value * 1e6).round() / 1e6) }
}

/// The vector layer named `name` (a raster or web layer has no features to style or select).
fn vector_layer<'a>(session: &'a Session, arg: &str, name: &str) -> Result<&'a Layer, McpError> {
    let project = session.project();
    let layer = project.layer(name).ok_or_else(|| {
        let names: Vec<String> =
            project.layers.iter().filter(|l| is_vector(l)).map(|l| format!("{:?}", l.name)).collect();
        let listed = if names.is_empty() {
            "the project has no layers with features".to_owned()
        } else {
            format!("the layers with features are {}", names.join(", "))
        };
        invalid(format!("{arg}: there is no layer {name:?}; {listed}"))
    })?;
    if !is_vector(layer) {
        return Err(invalid(format!("{arg}: layer {name:?} is a raster or web layer: it has no features")));
    }
    Ok(layer)
}

/// Whether a layer has features (not a raster or web layer).
pub(crate) fn is_vector(layer: &Layer) -> bool {
    !layer.is_raster() && !layer.is_web()
}

fn geometry_words(kind: GeometryKind) -> &'static str {
    match kind {
        GeometryKind::Point => "points",
        GeometryKind::LineString => "lines",
        GeometryKind::Polygon => "polygons",
        GeometryKind::Mixed => "mixed geometries",
        GeometryKind::None => "no geometries",
    }
}

/// How many features, for a fact: a PostGIS layer's rows are counted in the database.
fn count_words(layer: &Layer) -> String {
    if layer.postgis().is_some() {
        format!("a PostGIS layer of {}", geometry_words(layer.geometry_kind()))
    } else {
        format!("{} features ({})", layer.features.len(), geometry_words(layer.geometry_kind()))
    }
}

/// A note for recipes that read or write files when this connection may not.
fn file_access_note(caller: &Caller, what: &str) -> Option<String> {
    (!caller.files_and_network).then(|| {
        let hint = if caller.access_hint.is_empty() { "ask the user for file access" } else { &caller.access_hint };
        format!("This connection has no file access, so {what} will be refused: {hint}.")
    })
}

fn map_file(session: &Session, caller: &Caller, args: &Args<'_>) -> Result<Recipe, McpError> {
    let path = args.require("path")?;
    let project = session.project();
    let name = match args.get("name") {
        Some(name) if project.layer(&name).is_some() => {
            return Err(invalid(format!("name: a layer named {name:?} exists already; choose another name")));
        }
        Some(name) => name,
        None => {
            let stem = std::path::Path::new(&path)
                .file_stem()
                .map_or_else(|| "layer".to_owned(), |s| s.to_string_lossy().into_owned());
            project.unique_name(&stem)
        }
    };
    let mut recipe = Recipe::new(format!("Map the file {path} as the layer {name:?}."));
    recipe.facts.extend(file_access_note(caller, "layer.open"));
    if !std::path::Path::new(&path).is_absolute() {
        recipe.facts.push(
            "The path is relative: it is read from the project file's folder, or the server's working folder when \
             the project has no file; an absolute path is safer."
                .to_owned(),
        );
    }
    recipe.line("layer.open", json!({ "path": path, "name": name }));
    recipe.line("map.zoomTo", json!({ "layer": name }));
    recipe.after.push(format!(
        "Look at the map with {}: it should show the new layer's features (a blank map says why it is blank).",
        call("view_map", json!({ "title": name }))
    ));
    recipe.after.push(format!(
        "Read {} for its fields, feature count, extent and CRS before styling it: the choropleth prompt colours it \
         by a field.",
        templates::layer_uri(&name)
    ));
    Ok(recipe)
}

fn choropleth(session: &Session, args: &Args<'_>) -> Result<Recipe, McpError> {
    let layer_name = args.require("layer")?;
    let layer = vector_layer(session, "layer", &layer_name)?;
    let asked = args.require("field")?;
    let field = layer
        .fields
        .iter()
        .find(|f| f.name == asked)
        .or_else(|| layer.fields.iter().find(|f| f.name.eq_ignore_ascii_case(&asked)))
        .ok_or_else(|| {
            let names: Vec<String> = layer.fields.iter().map(|f| format!("{:?}", f.name)).collect();
            invalid(format!("field: layer {layer_name:?} has no field {asked:?}; its fields are {}", names.join(", ")))
        })?;
    let numeric = matches!(field.field_type, FieldType::Integer | FieldType::Float);
    let mut recipe = Recipe::new(format!("Make a choropleth of {:?} on the layer {layer_name:?}.", field.name));
    recipe.facts.push(format!("{layer_name:?} has {}.", count_words(layer)));
    if numeric {
        let classes = match args.get("classes") {
            Some(text) => text
                .parse::<u32>()
                .ok()
                .filter(|n| (2..=12).contains(n))
                .ok_or_else(|| invalid(format!("classes: {text:?} is not a whole number from 2 to 12")))?,
            None => 5,
        };
        let ramp = args.get("ramp").unwrap_or_else(|| "ylorrd".to_owned());
        rustgis_core::ramps::Ramp::by_name(&ramp).map_err(|e| invalid(format!("ramp: {e}")))?;
        recipe.facts.push(format!(
            "{:?} holds numbers ({}): it is divided into {classes} classes holding as many features each (quantile); \
             use \"method\": \"jenks\" for natural breaks or \"equal\" for equal ranges.",
            field.name,
            type_words(field.field_type)
        ));
        recipe.line(
            "style.graduated",
            json!({ "layer": layer_name, "field": field.name, "classes": classes, "method": "quantile", "ramp": ramp }),
        );
    } else {
        let distinct = distinct_values(layer, &field.name);
        if let Some(n) = distinct {
            if n > 256 {
                return Err(invalid(format!(
                    "field: {:?} has {n} distinct values, more than the 256 colours a categorized style takes; \
                     choose a numeric field or one with fewer values",
                    field.name
                )));
            }
            recipe.facts.push(format!(
                "{:?} holds {} with {n} distinct values: each value gets its own colour.",
                field.name,
                type_words(field.field_type)
            ));
        }
        let mut params = json!({ "layer": layer_name, "field": field.name });
        if let Some(palette) = args.get("ramp") {
            params["palette"] = json!(palette);
        }
        recipe.line("style.categorized", params);
    }
    recipe.line("map.zoomTo", json!({ "layer": layer_name }));
    recipe.after.push(format!(
        "Look at it with {}. Features without a value are drawn grey (the style's result counts them in \
         `no_value`).",
        call(
            "view_map",
            json!({ "legend": { "title": field.name }, "title": format!("{} by {layer_name}", field.name) })
        )
    ));
    Ok(recipe)
}

fn type_words(field_type: FieldType) -> &'static str {
    match field_type {
        FieldType::Bool => "true/false values",
        FieldType::Integer => "whole numbers",
        FieldType::Float => "decimal numbers",
        FieldType::String => "text",
        FieldType::Date => "dates",
        FieldType::Datetime => "dates and times",
    }
}

/// How many distinct values a field has (`None` for a PostGIS layer, whose rows are elsewhere).
fn distinct_values(layer: &Layer, field: &str) -> Option<usize> {
    if layer.postgis().is_some() {
        return None;
    }
    let idx = layer.field_index(field)?;
    let mut seen = std::collections::HashSet::new();
    for feature in layer.features.iter() {
        seen.insert(feature.attributes[idx].to_json().to_string());
    }
    Some(seen.len())
}

fn print_a4(session: &Session, caller: &Caller, args: &Args<'_>) -> Result<Recipe, McpError> {
    let title = args.require("title")?;
    let template = match args.get("orientation").as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("landscape") => "a4-landscape-title-legend",
        Some("portrait") => "a4-portrait-title",
        Some(other) => return Err(invalid(format!("orientation: {other:?} is neither landscape nor portrait"))),
    };
    let path = match args.get("path") {
        Some(path) => path,
        None => format!("{}.pdf", file_name_of(&title)),
    };
    let extension =
        std::path::Path::new(&path).extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    if !["pdf", "svg", "png"].contains(&extension.as_str()) {
        return Err(invalid(format!("path: {path:?} must end in .pdf, .svg or .png")));
    }
    let project = session.project();
    let taken = |name: &str| project.layouts.iter().any(|l| l.name == name);
    let name = (1..)
        .map(|n| if n == 1 { format!("A4 {title}") } else { format!("A4 {title} {n}") })
        .find(|name| !taken(name))
        .unwrap_or_else(|| format!("A4 {title}"));
    let mut recipe = Recipe::new(format!("Print the map on an A4 page titled {title:?} and export it to {path}."));
    recipe.facts.extend(file_access_note(caller, "layout.export"));
    let visible: Vec<String> = project.shown_layers().map(|l| format!("{:?}", l.name)).collect();
    if visible.is_empty() {
        return Err(invalid("the project has no visible layers: there is no map to print yet".to_owned()));
    }
    recipe.facts.push(format!(
        "The page shows the map's current view with its visible layers ({}); the legend lists the layers styled by \
         data.",
        visible.join(", ")
    ));
    recipe.facts.push(format!(
        "The layout is {template}: title, map, legend and scale bar, the map frame shaped like the view."
    ));
    recipe.before.push(format!(
        "Check the map first with {}: zoom (map.zoomTo) or style it until it is what the page should show.",
        call("view_map", json!({ "legend": true }))
    ));
    recipe.line("layout.fromTemplate", json!({ "template": template, "name": name, "title": title }));
    recipe.line("layout.export", json!({ "layout": name, "path": path }));
    recipe.after.push(
        "The script's result gives the file's `path`, `bytes` and page size, and `legend_left_out` lists legend rows \
         that did not fit (empty when the legend shows them all). An existing file is not replaced: add \
         \"overwrite\": true to layout.export to replace it."
            .to_owned(),
    );
    recipe.after.push(format!(
        "The file is also the resource {} (and the result's resource link).",
        templates::output_uri(&file_name_only(&path))
    ));
    Ok(recipe)
}

/// A title as a file name: letters, digits, `-` and `_`, spaces as `-`.
fn file_name_of(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if name.is_empty() { "map".to_owned() } else { name.to_lowercase() }
}

fn file_name_only(path: &str) -> String {
    std::path::Path::new(path).file_name().map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// The colours of the two layers compared.
const COLOR_A: &str = "#4e79a7";
const COLOR_B: &str = "#e15759";

fn compare_layers(session: &Session, args: &Args<'_>) -> Result<Recipe, McpError> {
    let a_name = args.require("layer_a")?;
    let b_name = args.require("layer_b")?;
    if a_name == b_name {
        return Err(invalid("layer_b: compare two different layers".to_owned()));
    }
    let a = vector_layer(session, "layer_a", &a_name)?;
    let b = vector_layer(session, "layer_b", &b_name)?;
    for (arg, layer) in [("layer_a", a), ("layer_b", b)] {
        if layer.geometry_kind() == GeometryKind::None {
            return Err(invalid(format!("{arg}: layer {:?} has no geometries to compare", layer.name)));
        }
    }
    let project = session.project();
    let mut recipe = Recipe::new(format!("Compare the layers {a_name:?} and {b_name:?}."));
    recipe.facts.push(format!("{a_name:?}: {}, {}.", count_words(a), a.crs));
    recipe.facts.push(format!("{b_name:?}: {}, {}.", count_words(b), b.crs));
    let common: Vec<String> =
        a.fields.iter().filter(|f| b.field_index(&f.name).is_some()).map(|f| format!("{:?}", f.name)).collect();
    recipe.facts.push(if common.is_empty() {
        "They have no field names in common.".to_owned()
    } else {
        format!("Fields in both: {}.", common.join(", "))
    });
    if a.crs != b.crs {
        recipe
            .facts
            .push("Their CRSs differ: the commands below move one layer to the other's as they work.".to_owned());
    }
    recipe.line("style.single", style_for(&a_name, a.geometry_kind(), COLOR_A));
    recipe.line("style.single", style_for(&b_name, b.geometry_kind(), COLOR_B));
    let polygons = |l: &Layer| l.geometry_kind() == GeometryKind::Polygon;
    let result_layer = match (polygons(a), polygons(b)) {
        (true, true) => {
            let both = project.unique_name(&format!("{a_name} and {b_name}"));
            recipe.facts.push(format!(
                "Both are polygons: the script makes {both:?}, the overlap of each pair that meets, with the fields \
                 of both."
            ));
            recipe.line("vector.intersection", json!({ "layer": a_name, "overlay": b_name, "name": both }));
            both
        }
        (false, true) | (true, false) => {
            let (inner, outer) = if polygons(b) { (&a_name, &b_name) } else { (&b_name, &a_name) };
            let inside = project.unique_name(&format!("{inner} in {outer}"));
            recipe.facts.push(format!(
                "The script selects the features of {inner:?} that meet {outer:?} (highlighted on the map) and \
                 makes {inside:?}: those features with the fields of the {outer:?} feature each is in."
            ));
            recipe.line("vector.selectByLocation", json!({ "layer": inner, "intersecting": outer }));
            recipe.line("vector.intersection", json!({ "layer": inner, "overlay": outer, "name": inside }));
            inside
        }
        (false, false) => {
            let nearest = project.unique_name(&format!("{a_name} nearest {b_name}"));
            recipe.facts.push(format!(
                "Neither is polygons: the script makes {nearest:?}, each feature of {a_name:?} with the fields of its \
                 nearest feature of {b_name:?} and the geodesic distance to it in `distance_km`."
            ));
            recipe.line(
                "vector.nearest",
                json!({ "layer": a_name, "join_layer": b_name, "unit": "km", "name": nearest }),
            );
            nearest
        }
    };
    if let Some(bbox) = union_extent(&[a, b]) {
        recipe.line("map.zoomTo", json!({ "bbox": bbox.map(number) }));
    }
    recipe.after.push(format!(
        "Look at both with {}: {a_name:?} is blue, {b_name:?} red.",
        call("view_map", json!({ "legend": { "title": "Compared", "all_layers": true } }))
    ));
    let mut read = json!({ "layer": result_layer, "limit": 10 });
    if result_layer.contains(" nearest ") {
        read["order_by"] = json!("distance_km");
    }
    recipe
        .after
        .push(format!("Read what they share with {}: its `total` is how many there are.", call("read_table", read)));
    Ok(recipe)
}

/// A `style.single` drawing a layer in one colour, polygons see-through.
fn style_for(layer: &str, kind: GeometryKind, color: &str) -> Json {
    match kind {
        GeometryKind::Polygon => json!({ "layer": layer, "color": color, "opacity": 0.5, "stroke": color }),
        GeometryKind::LineString => json!({ "layer": layer, "color": color, "width": 2 }),
        _ => json!({ "layer": layer, "color": color }),
    }
}

/// The union of some layers' extents, in longitude/latitude.
fn union_extent(layers: &[&Layer]) -> Option<[f64; 4]> {
    let mut union: Option<[f64; 4]> = None;
    for layer in layers {
        let Some(e) = layer.extent_in(Crs::WGS84) else { continue };
        let e = e.to_array();
        union = Some(match union {
            Some(u) => [u[0].min(e[0]), u[1].min(e[1]), u[2].max(e[2]), u[3].max(e[3])],
            None => e,
        });
    }
    union.filter(|u| u.iter().all(|v| v.is_finite()) && u[2] > u[0] && u[3] > u[1])
}

/// A distance and its unit, as vector.buffer takes them.
fn parse_distance(text: &str) -> Result<(f64, &'static str), McpError> {
    let text = text.trim();
    let split = text.find(|c: char| c.is_alphabetic()).unwrap_or(text.len());
    let (number, unit) = (text[..split].trim(), text[split..].trim().to_ascii_lowercase());
    let unit = match unit.as_str() {
        "" | "km" | "kilometre" | "kilometres" | "kilometer" | "kilometers" => "km",
        "m" | "metre" | "metres" | "meter" | "meters" => "m",
        "mi" | "mile" | "miles" => "mi",
        "nmi" | "nautical mile" | "nautical miles" => "nmi",
        other => return Err(invalid(format!("distance: unknown unit {other:?}; use m, km, mi or nmi"))),
    };
    let value: f64 = number
        .replace(',', "")
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
        .ok_or_else(|| invalid(format!("distance: {text:?} is not a positive number with a unit (200 km)")))?;
    let metres = value
        * match unit {
            "km" => 1000.0,
            "mi" => 1609.344,
            "nmi" => 1852.0,
            _ => 1.0,
        };
    if metres > 20_000_000.0 {
        return Err(invalid(format!("distance: {text} is more than half the Earth's circumference")));
    }
    Ok((value, unit))
}

/// `lon, lat` (or `lon lat`) in degrees, if the text is that.
fn parse_coordinates(text: &str) -> Option<Result<[f64; 2], McpError>> {
    let parts: Vec<&str> = text.split(|c: char| c == ',' || c.is_whitespace()).filter(|p| !p.is_empty()).collect();
    let [lon, lat] = parts.as_slice() else { return None };
    let (Ok(lon), Ok(lat)) = (lon.parse::<f64>(), lat.parse::<f64>()) else { return None };
    if !(-180.0..=180.0).contains(&lon) || !(-90.0..=90.0).contains(&lat) {
        return Some(Err(invalid(format!(
            "place: {text:?} is not longitude, latitude in degrees (longitude −180 to 180, latitude −90 to 90)"
        ))));
    }
    Some(Ok([lon, lat]))
}

/// Where a named place is: a feature whose text field has that value.
struct Found {
    layer: String,
    field: String,
    value: String,
    count: usize,
}

/// Whether a field's name says it holds names.
pub(crate) fn is_name_field(name: &str) -> bool {
    name.to_ascii_lowercase().contains("name")
}

/// The feature named `place`: points first, then polygons, then lines; name fields first.
fn find_place(session: &Session, place: &str) -> Option<Found> {
    let order = |l: &Layer| match l.geometry_kind() {
        GeometryKind::Point => 0,
        GeometryKind::Polygon => 1,
        _ => 2,
    };
    let mut layers: Vec<&Layer> =
        session.project().layers.iter().filter(|l| is_vector(l) && l.postgis().is_none()).collect();
    layers.sort_by_key(|l| order(l));
    for names_first in [true, false] {
        for layer in &layers {
            for (idx, field) in layer.fields.iter().enumerate() {
                if field.field_type != FieldType::String || is_name_field(&field.name) != names_first {
                    continue;
                }
                let matches: Vec<&str> = layer
                    .features
                    .iter()
                    .filter_map(|f| match &f.attributes[idx] {
                        Value::String(s) if s.trim().eq_ignore_ascii_case(place) => Some(s.as_str()),
                        _ => None,
                    })
                    .collect();
                if let Some(first) = matches.first() {
                    return Some(Found {
                        layer: layer.name.clone(),
                        field: field.name.clone(),
                        value: (*first).to_owned(),
                        count: matches.len(),
                    });
                }
            }
        }
    }
    None
}

/// A text value as a QGIS string literal.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// A field name as a QGIS identifier.
fn identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A distance as people write it.
fn distance_words(value: f64, unit: &str) -> String {
    format!("{value} {unit}")
}

fn find_near(session: &Session, args: &Args<'_>) -> Result<Recipe, McpError> {
    let layer_name = args.require("layer")?;
    let layer = vector_layer(session, "layer", &layer_name)?;
    let place = args.require("place")?;
    let (distance, unit) = parse_distance(&args.get("distance").unwrap_or_else(|| "100 km".to_owned()))?;
    let within = distance_words(distance, unit);
    let project = session.project();
    let mut recipe = Recipe::new(format!("Find the features of {layer_name:?} within {within} of {place}."));
    recipe.facts.push(format!("{layer_name:?} has {}.", count_words(layer)));
    let place_layer = match parse_coordinates(&place) {
        Some(point) => {
            let [lon, lat] = point?;
            let name = project.unique_name("place");
            recipe.facts.push(format!("The place is the point {lon}, {lat} (longitude, latitude)."));
            recipe.line(
                "layer.addGeoJSON",
                json!({ "name": name, "geojson": { "type": "Point", "coordinates": [number(lon), number(lat)] } }),
            );
            name
        }
        None => {
            let found = find_place(session, &place).ok_or_else(|| {
                invalid(format!(
                    "place: no feature of the project's layers has {place:?} as a name; give the place as longitude, \
                     latitude in degrees (2.35, 48.86)"
                ))
            })?;
            let name = project.unique_name(&found.value);
            recipe.facts.push(if found.count == 1 {
                format!("{:?} is a feature of {:?} (field {:?}).", found.value, found.layer, found.field)
            } else {
                format!(
                    "{} features of {:?} have {:?} as {:?}: all of them are used; narrow the `where` below to keep \
                     one.",
                    found.count, found.layer, found.value, found.field
                )
            });
            let filter = format!("{} = {}", identifier(&found.field), literal(&found.value));
            recipe.line("vector.filter", json!({ "layer": found.layer, "where": filter, "name": name }));
            name
        }
    };
    let zone = project.unique_name(&format!("within {within} of {place}"));
    recipe.line(
        "vector.buffer",
        json!({ "layer": place_layer, "distance": number(distance), "unit": unit, "name": zone }),
    );
    recipe.line("style.single", json!({ "layer": zone, "fill": "none", "stroke": "#d62728", "width": 2 }));
    recipe.line("vector.selectByLocation", json!({ "layer": layer_name, "intersecting": zone }));
    recipe.line("map.zoomTo", json!({ "layer": zone }));
    recipe.line("table.read", json!({ "layer": layer_name, "selected": true, "limit": 20 }));
    recipe.facts.push(format!(
        "The distance is measured on the ground (a geodesic buffer of {within}); the features that meet it are \
         selected in {layer_name:?}."
    ));
    recipe.after.push(
        "The script's result is the first 20 of them (`total` counts them all; read on with table.read's \"offset\")."
            .to_owned(),
    );
    recipe.after.push(format!(
        "Look at them with {}: the selected features are highlighted, inside the red circle.",
        call("view_map", json!({ "title": format!("{layer_name} within {within} of {place}") }))
    ));
    Ok(recipe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_read_as_a_number_and_a_unit() {
        assert_eq!(parse_distance("200 km").ok(), Some((200.0, "km")));
        assert_eq!(parse_distance("200").ok(), Some((200.0, "km")));
        assert_eq!(parse_distance("1,500m").ok(), Some((1500.0, "m")));
        assert_eq!(parse_distance("5 miles").ok(), Some((5.0, "mi")));
        for bad in ["-5 km", "km", "5 parsecs", "30000 km"] {
            assert!(parse_distance(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn coordinates_are_longitude_then_latitude() {
        assert_eq!(parse_coordinates("2.35, 48.86").and_then(Result::ok), Some([2.35, 48.86]));
        assert_eq!(parse_coordinates("-73.9 40.7").and_then(Result::ok), Some([-73.9, 40.7]));
        assert!(parse_coordinates("Paris").is_none());
        assert!(parse_coordinates("48.86, 200").is_some_and(|r| r.is_err()));
    }

    #[test]
    fn titles_become_file_names() {
        assert_eq!(file_name_of("World population, 2024"), "world-population-2024");
        assert_eq!(file_name_of("!!!"), "map");
    }
}

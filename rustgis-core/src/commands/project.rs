//! `project.*`: start, replace and describe the project.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use crate::command::{CommandDef, Ctx, Effect};
use crate::error::{Error, Result};
use crate::layer::Extent;
use crate::policy::Access;
use crate::project::Project;
use crate::sample::{SAMPLE_CREDIT, SAMPLE_LAYERS, sample_layer};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::new(
            "project.new",
            "Start a new, empty project (replaces the current one)",
            "Replaces the project with an empty one. The old project stays in the undo history.",
            &[r#"project.new {"name": "Parcels"}"#],
            Access::REPLACES_PROJECT,
            Effect::Edit,
            project_new,
        ),
        CommandDef::new(
            "project.sample",
            "Replace the project with the World Atlas sample (countries, coastline, boundaries, cities)",
            "Loads the four layers of the built-in World Atlas sample with default styles and labelled \
             cities, zoomed to the world. Countries become the active layer. Natural Earth (public domain); \
             cities from GeoNames (geonames.org), CC BY 4.0.",
            &["project.sample {}"],
            Access::REPLACES_PROJECT,
            Effect::Edit,
            project_sample,
        ),
        CommandDef::new(
            "project.fromTemplate",
            "Replace the project with a template: blank or world-atlas",
            "`blank` is an empty project; `world-atlas` is the World Atlas sample (as `project.sample`).",
            &[r#"project.fromTemplate {"template": "world-atlas"}"#],
            Access::REPLACES_PROJECT,
            Effect::Edit,
            project_from_template,
        ),
        CommandDef::new(
            "project.info",
            "Describe the project: name, CRS, view, layers, the caller's active layer",
            "",
            &["project.info {}"],
            Access::NONE,
            Effect::Read,
            project_info,
        ),
    ]
}

/// Parameters of `project.new`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NewParams {
    /// The project name (default `Untitled`).
    name: Option<String>,
}

fn project_new(ctx: &mut Ctx<'_>, p: NewParams) -> Result<Json> {
    let project = Project::new(p.name.unwrap_or_else(|| "Untitled".to_owned()));
    let name = project.name.clone();
    ctx.replace_project(project);
    Ok(json!({ "name": name, "layers": 0 }))
}

/// Parameters of `project.sample`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SampleParams {}

fn project_sample(ctx: &mut Ctx<'_>, _p: SampleParams) -> Result<Json> {
    load_sample(ctx)
}

pub(crate) fn load_sample(ctx: &mut Ctx<'_>) -> Result<Json> {
    let mut project = Project::new("World Atlas");
    project.view.extent = Some(Extent::WORLD);
    project.view.background = crate::style::Color::rgb(0xd4, 0xe6, 0xf1);
    ctx.replace_project(project);
    for name in SAMPLE_LAYERS {
        ctx.add_layer(sample_layer(name)?)?;
    }
    let countries = ctx.project().require("countries")?.id;
    ctx.set_active(countries);
    ctx.notice(SAMPLE_CREDIT);
    Ok(json!({ "name": "World Atlas", "layers": SAMPLE_LAYERS, "active_layer": "countries" }))
}

/// A project template.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum Template {
    /// An empty project.
    Blank,
    /// The World Atlas sample.
    WorldAtlas,
}

/// Parameters of `project.fromTemplate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TemplateParams {
    /// The template.
    template: Template,
}

fn project_from_template(ctx: &mut Ctx<'_>, p: TemplateParams) -> Result<Json> {
    match p.template {
        Template::Blank => project_new(ctx, NewParams { name: None }),
        Template::WorldAtlas => load_sample(ctx),
    }
}

/// Parameters of `project.info`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct InfoParams {}

fn project_info(ctx: &mut Ctx<'_>, _p: InfoParams) -> Result<Json> {
    let project = ctx.project();
    let active = ctx.active_layer_id().and_then(|id| project.layer_by_id(id)).map(|l| l.name.clone());
    let extent = project.view.extent.or_else(|| project.full_extent());
    Ok(json!({
        "name": project.name,
        "crs": project.view.crs.to_string(),
        "extent": extent.map(|e| e.to_array()),
        "background": project.view.background.to_hex(),
        "layers": project.layers.iter().map(|l| json!({
            "name": l.name,
            "geometry": l.geometry_kind(),
            "features": l.features.len(),
            "visible": l.visible,
        })).collect::<Vec<_>>(),
        "active_layer": active,
    }))
}

/// `Err` unless `name` is a non-empty layer name.
pub(crate) fn check_layer_name(name: &str) -> Result<()> {
    if name.trim().is_empty() {
        return Err(Error::invalid("name", "a layer name cannot be empty"));
    }
    Ok(())
}

//! The Toolbox (Ctrl+K, Edit ▸ Toolbox): every command under a human group title (Vector,
//! Raster, Print layout…), searched by name and meaning, chosen with the mouse or the arrow keys
//! and Enter, and the chosen one's form, with the project's layers to pick for its layer
//! parameters.

use egui::RichText;
use serde_json::json;

use super::AppState;
use super::widgets::{ERROR_RED, form_grid, named};
use crate::form::{FieldKind, Form, FormField, fuzzy_score};
use crate::host::error_text;

/// The id of the host command Command Search lists as "MCP Relay".
const MCP_RELAY: &str = "ui.mcpRelay";

/// Each command group's title in the Toolbox, in the order the groups are listed, and how much
/// a match in the group weighs: the groups a newcomer reaches for first win a tie ("sample"
/// finds `project.sample`, the World Atlas, before `raster.sample`).
pub(super) const GROUPS: [(&str, &str, i64); 23] = [
    ("project", "Project", 6),
    ("data", "Data", 5),
    ("layer", "Layers", 4),
    ("style", "Styling", 3),
    ("label", "Labels", 3),
    ("map", "Map", 3),
    ("layout", "Print layout", 3),
    ("vector", "Vector", 0),
    ("raster", "Raster", 0),
    ("feature", "Features", 0),
    ("field", "Fields", 0),
    ("table", "Tables", 0),
    ("crs", "Coordinate reference systems", 0),
    ("edit", "Undo and redo", 0),
    ("files", "Files", 0),
    ("postgis", "PostGIS", 0),
    ("geolibre", "GeoLibre", 0),
    ("model", "Models", 0),
    ("plugin", "Plugins", 0),
    ("script", "Scripts", 0),
    ("job", "Jobs", 0),
    ("task", "Tasks", 0),
    ("ui", "Window", 0),
];

/// A command's group title and weight ([`GROUPS`]); an unknown group is listed under its own name.
fn group_of(id: &str) -> (String, i64) {
    let group = id.split('.').next().unwrap_or(id);
    GROUPS.iter().find(|(g, _, _)| *g == group).map_or((group.to_owned(), 0), |(_, title, w)| ((*title).to_owned(), *w))
}

/// Command Search: the query, the command chosen and its form.
#[derive(Debug, Clone, Default)]
pub struct CommandSearch {
    /// What the user typed.
    pub query: String,
    /// The hit the arrow keys are on (Enter opens it), from 0.
    pub highlighted: usize,
    /// The chosen command's form.
    pub form: Option<Form>,
    /// The last run's outcome (text, whether it failed).
    pub outcome: Option<(String, bool)>,
}

fn form_for(registry: &rustgis_core::Registry, command: &str) -> Option<Form> {
    if command == MCP_RELAY {
        let schema = json!({
            "properties": {
                "port": { "type": "integer", "description": "The port (default 8767, or RUSTGIS_MCP_PORT)." },
                "stop": { "type": "boolean", "description": "Stop the relay." }
            }
        });
        return Some(Form::from_schema(MCP_RELAY, &schema));
    }
    registry.get(command).map(|def| Form::from_schema(def.id, def.schema()))
}

/// Command Search: fuzzy search over every command; choosing one opens its generated form, run
/// as the user.
pub fn command_search(ui: &mut egui::Ui, state: &mut AppState) {
    let registry = state.host.session().registry();
    let Some(search) = &mut state.search else { return };
    let mut chosen = None;
    let mut run = None;
    if let Some(form) = &mut search.form {
        let (summary, doc, examples) = match registry.get(&form.command) {
            Some(def) => (def.summary, def.doc, def.examples),
            None => ("MCP Relay: start, report or stop the relay agents attach to", "", &[][..]),
        };
        ui.heading(&form.command);
        ui.label(summary);
        if !doc.is_empty() {
            ui.collapsing("Documentation", |ui| ui.label(doc));
        }
        for example in examples {
            ui.label(RichText::new(*example).monospace().weak());
        }
        let layers: Vec<String> = state.host.session().project().layers.iter().map(|l| l.name.clone()).collect();
        form_grid(ui, "form", "Parameter", form, &|field| layer_choices(field, &layers));
        ui.horizontal(|ui| {
            if ui.button("Run").clicked() {
                run = Some(form.params());
            }
            if ui.button("Back").clicked() {
                chosen = Some(None);
            }
        });
    } else {
        let query = ui.add(egui::TextEdit::singleline(&mut search.query).hint_text("Search commands"));
        named(&query, egui::Role::TextInput, "Search commands");
        query.request_focus();
        // What the commands do (their docs, synonyms and examples) finds those whose id does not match.
        let by_meaning: Vec<&str> = registry
            .search(Some(&search.query), None)
            .map(|hits| hits.iter().map(|h| h.id).collect())
            .unwrap_or_default();
        let mut hits: Vec<(i64, &str, &str)> = registry
            .all()
            .iter()
            .filter(|d| d.id != MCP_RELAY) // listed once, as "MCP Relay", below
            .filter_map(|d| {
                let by_id = fuzzy_score(&search.query, d.id);
                let by_text = by_meaning.contains(&d.id).then_some(-500);
                by_id.or(by_text).map(|score| (score + group_of(d.id).1, d.id, d.summary))
            })
            .collect();
        if let Some(score) = fuzzy_score(&search.query, "MCP Relay") {
            hits.push((score, MCP_RELAY, "MCP Relay: start the relay agents attach to"));
        }
        let browsing = search.query.trim().is_empty();
        if browsing {
            // No query: every command, group by group as GROUPS lists them.
            let place = |id: &str| GROUPS.iter().position(|(g, _, _)| id.split('.').next() == Some(*g));
            hits.sort_by(|a, b| {
                place(a.1).unwrap_or(usize::MAX).cmp(&place(b.1).unwrap_or(usize::MAX)).then(a.1.cmp(b.1))
            });
        } else {
            hits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
            hits.truncate(40);
        }
        let (down, up, enter) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                i.consume_key(egui::Modifiers::NONE, egui::Key::Enter),
            )
        });
        if query.changed() {
            search.highlighted = 0;
        }
        if down {
            search.highlighted = (search.highlighted + 1).min(hits.len().saturating_sub(1));
        }
        if up {
            search.highlighted = search.highlighted.saturating_sub(1);
        }
        if enter && let Some((_, id, _)) = hits.get(search.highlighted) {
            chosen = Some(Some((*id).to_owned()));
        }
        egui::ScrollArea::vertical().max_height(380.0).show(ui, |ui| {
            let mut heading = String::new();
            for (index, (_, id, summary)) in hits.iter().enumerate() {
                let group = if *id == MCP_RELAY { "Window".to_owned() } else { group_of(id).0 };
                if browsing && group != heading {
                    ui.label(RichText::new(&group).strong());
                    heading = group;
                }
                let title = if *id == MCP_RELAY { "MCP Relay" } else { summary };
                let label = format!("{title}  ·  {id}");
                let row = ui.selectable_label(index == search.highlighted, label).on_hover_text(*summary);
                named(&row, egui::Role::Button, if *id == MCP_RELAY { "MCP Relay" } else { id });
                if index == search.highlighted && (down || up) {
                    row.scroll_to_me(None);
                }
                if row.clicked() {
                    chosen = Some(Some((*id).to_owned()));
                }
            }
        });
    }
    if let Some((text, failed)) = &search.outcome {
        let color = if *failed { ERROR_RED } else { ui.visuals().text_color() };
        ui.label(RichText::new(text).color(color));
    }
    match chosen {
        Some(Some(id)) => {
            search.form = form_for(registry, &id);
            search.outcome = None;
        }
        Some(None) => search.form = None,
        None => {}
    }
    if let Some(params) = run {
        let command = search.form.as_ref().map(|f| f.command.clone()).unwrap_or_default();
        let outcome = match params {
            Err(e) => (e, true),
            Ok(params) if command == MCP_RELAY => match state.host.run_host_command(MCP_RELAY, params) {
                Ok(result) => (result.to_string(), false),
                Err(e) => (error_text(&e), true),
            },
            Ok(params) => match state.host.execute(&command, params) {
                Ok(outcome) => {
                    let added = outcome.layers_added.join(", ");
                    let text = if added.is_empty() {
                        format!("{command} ran")
                    } else {
                        format!("{command} ran; added {added}")
                    };
                    (text, false)
                }
                Err(e) => (error_text(&e), true),
            },
        };
        if let Some(search) = &mut state.search {
            search.outcome = Some(outcome);
        }
    }
}

/// The project's layers, to pick from, for a parameter that names an existing layer (`layer`,
/// `join_layer`, `overlay`, `intersecting`, `mask`…, described as a layer); `None` for the
/// others, typed freely.
pub(super) fn layer_choices(field: &FormField, layers: &[String]) -> Option<Vec<String>> {
    let named_as_layer = field.name == "layer"
        || field.name.ends_with("_layer")
        || matches!(field.name.as_str(), "overlay" | "intersecting" | "mask");
    let described = field.description.to_lowercase();
    let existing = described.contains("layer") && !described.contains("new layer") && !described.contains("name for");
    (named_as_layer && existing && field.kind == FieldKind::Text && !layers.is_empty()).then(|| layers.to_vec())
}

//! Command Search (Ctrl+K): fuzzy search over every command and the chosen one's form.

use egui::RichText;
use serde_json::json;

use super::AppState;
use super::widgets::{ERROR_RED, form_grid, named};
use crate::form::{Form, fuzzy_score};
use crate::host::error_text;

/// The id of the host command Command Search lists as "MCP Relay".
const MCP_RELAY: &str = "ui.mcpRelay";

/// Command Search: the query, the command chosen and its form.
#[derive(Debug, Clone, Default)]
pub struct CommandSearch {
    /// What the user typed.
    pub query: String,
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
        form_grid(ui, "form", "Parameter", form, &|_| None);
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
                by_id.or(by_text).map(|score| (score, d.id, d.summary))
            })
            .collect();
        if let Some(score) = fuzzy_score(&search.query, "MCP Relay") {
            hits.push((score, MCP_RELAY, "MCP Relay: start the relay agents attach to"));
        }
        hits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
            for (_, id, summary) in hits.iter().take(40) {
                let label = if *id == MCP_RELAY { "MCP Relay".to_owned() } else { (*id).to_owned() };
                if ui.selectable_label(false, &label).on_hover_text(*summary).clicked() {
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

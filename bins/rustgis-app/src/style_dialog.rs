//! The style dialog of a layer: single symbol, categorized or graduated, and labels. Its fields
//! are the parameters of `style.single`, `style.categorized`, `style.graduated` and `label.set`
//! as the registry describes them (JSON Schema); the map previews the result live
//! ([`rustgis_core::Session::preview`]) and **Apply** runs the same commands as the user.

use rustgis_core::{FieldType, Layer, Project, Registry, Style};
use serde_json::Value as Json;

use crate::form::{FieldKind, Form, FormField};
use crate::host::{AppHost, error_text};

/// The style kinds the dialog offers: their label and the command that sets them.
pub const STYLE_KINDS: [(&str, &str); 3] =
    [("Single symbol", "style.single"), ("Categorized", "style.categorized"), ("Graduated", "style.graduated")];

/// The label settings the dialog shows, when `label.set` has them.
pub const LABEL_PARAMS: [&str; 3] = ["field", "size", "priority"];

/// The dialog's state for one layer.
#[derive(Debug, Clone)]
pub struct StyleDialog {
    /// The layer being styled.
    pub layer: String,
    /// Which of [`STYLE_KINDS`] is chosen.
    pub kind: usize,
    /// One form per style kind, from its command's schema.
    pub forms: Vec<Form>,
    /// Whether the layer is labelled.
    pub labels: bool,
    /// `label.set`'s form.
    pub label_form: Form,
    had_labels: bool,
    preview: Option<Preview>,
}

/// The commands last previewed and what they gave.
type Preview = (Vec<(String, Json)>, Result<Project, String>);

impl StyleDialog {
    /// The dialog for `layer`, its forms built from the registry's schemas and started from the
    /// layer's current style (kind, field, ramp, method, classes) and labels. `None` when the layer does not exist.
    pub fn new(registry: &Registry, project: &Project, layer: &str) -> Option<StyleDialog> {
        let layer = project.layer(layer)?;
        let forms: Vec<Form> = STYLE_KINDS
            .iter()
            .map(|(_, command)| {
                let mut form = registry.get(command).map_or_else(
                    || Form::from_schema(command, &Json::Null),
                    |def| Form::from_schema(def.id, def.schema()),
                );
                form.fields.retain(|f| f.name != "layer");
                form
            })
            .collect();
        let mut label_form = registry
            .get("label.set")
            .map_or_else(|| Form::from_schema("label.set", &Json::Null), |def| Form::from_schema(def.id, def.schema()));
        label_form.fields.retain(|f| LABEL_PARAMS.contains(&f.name.as_str()));
        let kind = match layer.style {
            Style::Categorized { .. } => 1,
            Style::Graduated { .. } => 2,
            _ => 0,
        };
        let mut dialog = StyleDialog {
            layer: layer.name.clone(),
            kind,
            forms,
            labels: layer.labels.is_some(),
            label_form,
            had_labels: layer.labels.is_some(),
            preview: None,
        };
        dialog.start_fields(layer);
        Some(dialog)
    }

    /// The choices a parameter offers on this layer: field names (numeric ones where a number is
    /// needed), ramp and palette names; `None` for a parameter typed freely.
    pub fn choices(&self, command: &str, field: &FormField, layer: &Layer) -> Option<Vec<String>> {
        let names = |numeric: bool| {
            layer
                .fields
                .iter()
                .filter(|f| !numeric || matches!(f.field_type, FieldType::Integer | FieldType::Float))
                .map(|f| f.name.clone())
                .collect::<Vec<_>>()
        };
        match (command, field.name.as_str()) {
            ("style.graduated", "field") | (_, "priority" | "size_field") => Some(names(true)),
            (_, "field") => Some(names(false)),
            (_, "ramp") => Some(rustgis_core::ramps::Ramp::names().into_iter().map(str::to_owned).collect()),
            (_, "palette") => Some(
                rustgis_core::ramps::Palette::names()
                    .into_iter()
                    .chain(rustgis_core::ramps::Ramp::names())
                    .map(str::to_owned)
                    .collect(),
            ),
            _ => match &field.kind {
                FieldKind::Choice(choices) => Some(choices.clone()),
                _ => None,
            },
        }
    }

    /// The commands the dialog stands for: the chosen style, then `label.set` (or `label.clear`
    /// when labels were turned off), each with the layer.
    pub fn commands(&self) -> Result<Vec<(String, Json)>, String> {
        let form = &self.forms[self.kind];
        let mut commands = vec![(form.command.clone(), self.with_layer(form.params()?))];
        if self.labels {
            commands.push(("label.set".to_owned(), self.with_layer(self.label_form.params()?)));
        } else if self.had_labels {
            commands.push(("label.clear".to_owned(), self.with_layer(Json::Object(serde_json::Map::new()))));
        }
        Ok(commands)
    }

    /// The project to draw while the dialog is open: the commands' result, computed again only
    /// when the parameters changed; `Err` says why they cannot run (the map then shows the
    /// project as it is).
    pub fn preview(&mut self, host: &AppHost) -> Result<&Project, String> {
        let commands = self.commands()?;
        if self.preview.as_ref().is_none_or(|(previewed, _)| *previewed != commands) {
            let borrowed: Vec<(&str, Json)> = commands.iter().map(|(id, p)| (id.as_str(), p.clone())).collect();
            let project = host.preview(&borrowed).map_err(|e| error_text(&e));
            self.preview = Some((commands, project));
        }
        match &self.preview {
            Some((_, Ok(project))) => Ok(project),
            Some((_, Err(e))) => Err(e.clone()),
            None => Err("no preview".to_owned()),
        }
    }

    /// The previewed project, if the last preview succeeded (what the map draws).
    pub fn previewed(&self) -> Option<&Project> {
        self.preview.as_ref().and_then(|(_, project)| project.as_ref().ok())
    }

    /// A number that changes whenever the previewed project does, for the map's drawer.
    pub fn preview_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        if let Some((commands, _)) = &self.preview {
            for (id, params) in commands {
                id.hash(&mut hasher);
                params.to_string().hash(&mut hasher);
            }
        }
        hasher.finish()
    }

    /// Runs the commands as the user: each is one step in the undo history.
    pub fn apply(&mut self, host: &mut AppHost) -> crate::Result<()> {
        let commands = self
            .commands()
            .map_err(|message| crate::Error::Form { command: self.forms[self.kind].command.clone(), message })?;
        for (id, params) in commands {
            host.execute(&id, params)?;
        }
        self.had_labels = self.labels;
        Ok(())
    }

    fn with_layer(&self, mut params: Json) -> Json {
        if let Json::Object(map) = &mut params {
            map.insert("layer".to_owned(), Json::String(self.layer.clone()));
        }
        params
    }

    /// The forms start from the layer's style and labels (field, ramp, method, classes; label
    /// field, size, priority); other required choices start at the first suitable field, so the
    /// preview draws at once.
    fn start_fields(&mut self, layer: &Layer) {
        let mut set = |kind: usize, name: &str, value: String| {
            if let Some(field) = self.forms[kind].field_mut(name) {
                field.text = value;
            }
        };
        match &layer.style {
            Style::Categorized { field, .. } => set(1, "field", field.clone()),
            Style::Graduated { field, method, ramp, classes, .. } => {
                set(2, "field", field.clone());
                set(2, "ramp", ramp.clone());
                set(2, "classes", classes.len().to_string());
                if let Ok(Json::String(method)) = serde_json::to_value(method) {
                    set(2, "method", method);
                }
            }
            _ => {}
        }
        for kind in 0..self.forms.len() {
            let command = self.forms[kind].command.clone();
            for idx in 0..self.forms[kind].fields.len() {
                let field = &self.forms[kind].fields[idx];
                if field.required
                    && field.text.is_empty()
                    && let Some(first) = self.choices(&command, field, layer).and_then(|c| c.into_iter().next())
                {
                    self.forms[kind].fields[idx].text = first;
                }
            }
        }
        if let Some(labels) = &layer.labels {
            if let Some(priority) = &labels.priority
                && let Some(field) = self.label_form.field_mut("priority")
            {
                field.text = priority.clone();
            }
            if let Some(field) = self.label_form.field_mut("size") {
                field.text = labels.size.to_string();
            }
        }
        if let Some(field) = self.label_form.field_mut("field") {
            field.text = layer
                .labels
                .as_ref()
                .map(|labels| labels.expression.clone())
                .filter(|e| layer.field_index(e).is_some())
                .or_else(|| layer.field_index("name").map(|_| "name".to_owned()))
                .or_else(|| layer.fields.first().map(|f| f.name.clone()))
                .unwrap_or_default();
        }
    }
}

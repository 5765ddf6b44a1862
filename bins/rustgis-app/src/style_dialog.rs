//! The style dialog of a layer: single symbol, categorized or graduated, and labels. Its fields
//! are the parameters of `style.single`, `style.categorized`, `style.graduated` and `label.set`
//! as the registry describes them (JSON Schema); the map previews the result live
//! ([`rustgis_core::Session::preview`]) and **Apply** runs the same commands as the user. Its
//! class table edits one class at a time (colour, label, a graduated class's upper bound) as
//! `style.setClass`, previewed and applied with the rest.

use std::collections::BTreeMap;

use rustgis_core::{FieldType, Layer, Project, Registry, Style};
use serde_json::Value as Json;

use crate::form::{FieldKind, Form, FormField};
use crate::host::{AppHost, error_text};

/// The style kinds the dialog offers: their label and the command that sets them. The last,
/// rule-based, is offered only for a layer that has rules (they are made by `style.rules`); the
/// dialog edits their classes.
pub const STYLE_KINDS: [(&str, &str); 4] = [
    ("Single symbol", "style.single"),
    ("Categorized", "style.categorized"),
    ("Graduated", "style.graduated"),
    ("Rule-based", "style.rules"),
];

/// The place of "Rule-based" in [`STYLE_KINDS`].
pub const RULES: usize = 3;

/// Whether a symbol setting draws anything on features of `kind`: markers and their sizes only
/// on points, a fill not on lines, dashes and line ends not on points. Mixed or unknown kinds
/// keep every setting.
pub fn fits_geometry(setting: &str, kind: rustgis_core::GeometryKind) -> bool {
    use rustgis_core::GeometryKind;
    match kind {
        GeometryKind::Polygon => !matches!(setting, "size" | "size_field" | "marker" | "cap"),
        GeometryKind::LineString => !matches!(setting, "fill" | "size" | "size_field" | "marker"),
        GeometryKind::Point => !matches!(setting, "dash" | "cap"),
        _ => true,
    }
}

/// What the class table changed in one class: each becomes a parameter of `style.setClass`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClassEdit {
    /// Its main colour, `#rrggbb`.
    pub color: Option<String>,
    /// Its legend label.
    pub label: Option<String>,
    /// A graduated class's upper bound.
    pub upper: Option<f64>,
}

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
    /// The class table's edits, by class index (legend order), made on the style the kind's
    /// form gives now.
    pub class_edits: BTreeMap<usize, ClassEdit>,
    /// The kind and form parameters the class edits were made on: when they change, the
    /// classes are made again and the edits are dropped.
    edits_for: Option<(usize, Json)>,
    /// The kind and form parameters the dialog opened with: the layer's style as it is, so
    /// unchanged they run no command (and keep classes edited before).
    opened_with: (usize, Json),
    had_labels: bool,
    /// Whether the layer had a rule-based style when the dialog opened.
    pub had_rules: bool,
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
                // Rules are made by `style.rules`; the dialog edits their classes only.
                form.fields.retain(|f| f.name != "layer" && *command != "style.rules");
                // Only the settings that draw something on this layer's geometry.
                form.fields.retain(|f| fits_geometry(&f.name, layer.geometry_kind()));
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
            Style::Rules { .. } => RULES,
            _ => 0,
        };
        let mut dialog = StyleDialog {
            layer: layer.name.clone(),
            kind,
            forms,
            labels: layer.labels.is_some(),
            label_form,
            class_edits: BTreeMap::new(),
            edits_for: None,
            opened_with: (kind, Json::Null),
            had_labels: layer.labels.is_some(),
            had_rules: kind == RULES,
            preview: None,
        };
        dialog.start_fields(layer);
        dialog.opened_with = (kind, dialog.forms[kind].params().unwrap_or(Json::Null));
        dialog.edits_for = Some(dialog.opened_with.clone());
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

    /// The commands the dialog stands for: the chosen style (none while it is the layer's style
    /// as the dialog found it, and never for rules, which only the class table edits), the class
    /// table's edits, then `label.set` (or `label.clear` when labels were turned off), each with
    /// the layer.
    pub fn commands(&self) -> Result<Vec<(String, Json)>, String> {
        let form = &self.forms[self.kind];
        let params = form.params()?;
        let mut commands = Vec::new();
        if self.kind != RULES && (self.kind, &params) != (self.opened_with.0, &self.opened_with.1) {
            commands.push((form.command.clone(), self.with_layer(params)));
        }
        for (index, edit) in &self.class_edits {
            let mut set = serde_json::json!({ "index": index });
            if let Some(color) = &edit.color {
                set["color"] = Json::String(color.clone());
            }
            if let Some(label) = &edit.label {
                set["label"] = Json::String(label.clone());
            }
            if let Some(upper) = edit.upper {
                set["upper"] = Json::from(upper);
            }
            commands.push(("style.setClass".to_owned(), self.with_layer(set)));
        }
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

    /// Drops the class table's edits once the style they were made on is no longer the one the
    /// form gives (another kind, field, ramp, method or number of classes).
    pub fn settle_class_edits(&mut self) {
        let now = (self.kind, self.forms[self.kind].params().unwrap_or(Json::Null));
        if self.edits_for.as_ref() != Some(&now) {
            self.class_edits.clear();
            self.edits_for = Some(now);
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
        // What was applied is the layer's style now: the class table edits go on from it.
        self.opened_with = (self.kind, self.forms[self.kind].params().unwrap_or(Json::Null));
        self.edits_for = Some(self.opened_with.clone());
        self.class_edits.clear();
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

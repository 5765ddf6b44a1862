//! The JSON Schemas of commands' parameters and results, generated from their Rust types (with
//! sub-schemas inlined, and a value that may be null written `anyOf` its type and null, which
//! every client reads alike), and read back for messages and docs (a property's type in words,
//! a result's forms).

use schemars::JsonSchema;
use serde_json::{Value as Json, json};

/// The JSON Schema of a parameter type, with sub-schemas inlined (clients handle that best).
pub fn params_schema<P: JsonSchema>() -> Json {
    schema_with::<P>(schemars::generate::SchemaSettings::draft2020_12())
}

/// The JSON Schema of a result type as it is written (serialized): a field written only when it
/// has a value is optional, an `Option` always written is a value or null.
pub(crate) fn result_schema<R: JsonSchema>() -> Json {
    schema_with::<R>(schemars::generate::SchemaSettings::draft2020_12().for_serialize())
}

fn schema_with<T: JsonSchema>(settings: schemars::generate::SchemaSettings) -> Json {
    let generator = settings
        .with(|s| {
            s.inline_subschemas = true;
        })
        .with_transform(schemars::transform::RecursiveTransform(NullableAsAnyOf))
        .into_generator();
    let schema = generator.into_root_schema_for::<T>();
    let mut json = serde_json::to_value(&schema).unwrap_or_else(|_| json!({"type": "object"}));
    if let Some(map) = json.as_object_mut() {
        map.remove("$schema");
        map.remove("title");
        map.entry("type").or_insert_with(|| json!("object"));
        map.entry("properties").or_insert_with(|| json!({}));
    }
    json
}

/// Writes a value that may be null (`"type": ["string", "null"]`, as schemars writes an `Option`)
/// as `anyOf` a schema of the one type and `{"type": "null"}`: the same values, in the form every
/// client's validator and model provider reads (some take only one `type`). What describes the
/// value (description, default, title, examples) stays beside the `anyOf`; what constrains it
/// goes into the typed branch.
#[derive(Clone)]
struct NullableAsAnyOf;

impl schemars::transform::Transform for NullableAsAnyOf {
    fn transform(&mut self, schema: &mut schemars::Schema) {
        let Some(map) = schema.as_object_mut() else { return };
        let Some(Json::Array(types)) = map.get("type") else { return };
        let others: Vec<Json> = types.iter().filter(|t| t.as_str() != Some("null")).cloned().collect();
        if others.len() == types.len() {
            return;
        }
        map.remove("type");
        let mut typed = serde_json::Map::new();
        typed.insert("type".to_owned(), if others.len() == 1 { others[0].clone() } else { Json::Array(others) });
        let keys: Vec<String> = map.keys().cloned().collect();
        for key in keys {
            if !matches!(key.as_str(), "description" | "default" | "title" | "examples" | "deprecated")
                && let Some(value) = map.remove(&key)
            {
                typed.insert(key, value);
            }
        }
        if let Some(Json::Array(values)) = typed.get_mut("enum") {
            values.retain(|v| !v.is_null());
        }
        map.insert("anyOf".to_owned(), json!([Json::Object(typed), {"type": "null"}]));
    }
}

/// A changing command's parameter schema with `expected_revision` beside its own parameters.
pub(crate) fn with_expected_revision(mut schema: Json) -> Json {
    if let Some(properties) = schema.get_mut("properties").and_then(Json::as_object_mut) {
        properties.insert(
            crate::project::revision::EXPECTED_REVISION.to_owned(),
            json!({
                "description": "The project's revision the call is meant for (from project.info, layer.list or \
                                rustgis://project/state): when the project has moved since, the call is refused \
                                (stale_revision, naming who moved it) and nothing changes.",
                "type": "integer",
                "minimum": 0,
            }),
        );
    }
    schema
}

/// The forms a result takes: the schema itself, or each of the forms it is one of (`anyOf`, a
/// result that is a layer of features or a raster), with the form's description.
pub fn result_forms(schema: &Json) -> Vec<(Option<&str>, &Json)> {
    match schema.get("anyOf").and_then(Json::as_array) {
        Some(forms) => forms.iter().map(|form| (form.get("description").and_then(Json::as_str), form)).collect(),
        None => vec![(None, schema)],
    }
}

/// `name (type, required)` for each property of a schema, for error messages.
pub(crate) fn accepted_params(schema: &Json) -> Vec<String> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default();
    let Some(props) = schema.get("properties").and_then(Json::as_object) else { return Vec::new() };
    props
        .iter()
        .map(|(name, prop)| {
            let ty = type_label(prop);
            if required.contains(&name.as_str()) {
                format!("{name} ({ty}, required)")
            } else {
                format!("{name} ({ty})")
            }
        })
        .collect()
}

/// A short type label for a property schema: `string`, `number`, `one of a|b|c`, `array`.
pub fn type_label(prop: &Json) -> String {
    if let Some(values) = prop.get("enum").and_then(Json::as_array) {
        let names: Vec<String> =
            values.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect();
        return format!("one of {}", names.join("|"));
    }
    if let Some(variants) = prop.get("oneOf").or_else(|| prop.get("anyOf")).and_then(Json::as_array) {
        let consts: Vec<String> = variants
            .iter()
            .filter_map(|v| v.get("const").or_else(|| v.get("enum").and_then(|e| e.get(0))))
            .map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned))
            .collect();
        if consts.len() == variants.len() && !consts.is_empty() {
            return format!("one of {}", consts.join("|"));
        }
        let labels: Vec<String> = variants.iter().map(type_label).filter(|l| l != "null").collect();
        return labels.join(" or ");
    }
    match prop.get("type") {
        Some(Json::String(t)) => t.clone(),
        Some(Json::Array(types)) => {
            types.iter().filter_map(Json::as_str).filter(|t| *t != "null").collect::<Vec<_>>().join(" or ")
        }
        _ => "any".to_owned(),
    }
}

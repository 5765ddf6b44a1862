//! Forms generated from a command's JSON Schema (Command Search): one field per parameter, turned
//! back into the parameters' JSON when the user runs the command.

use serde_json::{Map, Value as Json};

/// How a parameter is edited.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// A tick box.
    Bool,
    /// A number typed as text (`integer` keeps it whole).
    Number {
        /// Whether only whole numbers are accepted.
        integer: bool,
    },
    /// One of fixed strings.
    Choice(Vec<String>),
    /// Free text.
    Text,
    /// JSON typed as text (arrays, objects, mixed types).
    Json,
}

/// One parameter's field.
#[derive(Debug, Clone, PartialEq)]
pub struct FormField {
    /// The parameter's name.
    pub name: String,
    /// Its description from the schema.
    pub description: String,
    /// Whether it must be given.
    pub required: bool,
    /// How it is edited.
    pub kind: FieldKind,
    /// What the user typed (text kinds) or chose.
    pub text: String,
    /// The tick box's state.
    pub checked: bool,
}

/// A command's form.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// The command id.
    pub command: String,
    /// The fields, in the schema's order.
    pub fields: Vec<FormField>,
}

impl Form {
    /// The form for a command with this parameters schema.
    pub fn from_schema(command: &str, schema: &Json) -> Form {
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Json::as_array)
            .map(|r| r.iter().filter_map(Json::as_str).collect())
            .unwrap_or_default();
        let fields = schema
            .get("properties")
            .and_then(Json::as_object)
            .map(|props| {
                props
                    .iter()
                    .map(|(name, prop)| FormField {
                        name: name.clone(),
                        description: prop.get("description").and_then(Json::as_str).unwrap_or_default().to_owned(),
                        required: required.contains(&name.as_str()),
                        kind: kind_of(prop),
                        text: String::new(),
                        checked: false,
                    })
                    .collect()
            })
            .unwrap_or_default();
        Form { command: command.to_owned(), fields }
    }

    /// The parameters JSON: empty optional fields are left out (their defaults apply); an
    /// unticked optional box is left out too. An error names the field and what it accepts.
    pub fn params(&self) -> Result<Json, String> {
        let mut params = Map::new();
        for field in &self.fields {
            let text = field.text.trim();
            let value = match &field.kind {
                FieldKind::Bool => {
                    if !field.checked && !field.required {
                        continue;
                    }
                    Json::Bool(field.checked)
                }
                _ if text.is_empty() => {
                    if field.required {
                        return Err(format!("{} is required", field.name));
                    }
                    continue;
                }
                FieldKind::Number { integer: true } => text
                    .parse::<i64>()
                    .map(Json::from)
                    .map_err(|_| format!("{} takes a whole number, not {text:?}", field.name))?,
                FieldKind::Number { integer: false } => text
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .map(Json::Number)
                    .ok_or_else(|| format!("{} takes a number, not {text:?}", field.name))?,
                FieldKind::Choice(_) | FieldKind::Text => Json::String(text.to_owned()),
                FieldKind::Json => serde_json::from_str(text)
                    .or_else(|_| text.parse::<f64>().map(Json::from))
                    .unwrap_or_else(|_| Json::String(text.to_owned())),
            };
            params.insert(field.name.clone(), value);
        }
        Ok(Json::Object(params))
    }

    /// The field named `name`.
    pub fn field_mut(&mut self, name: &str) -> Option<&mut FormField> {
        self.fields.iter_mut().find(|f| f.name == name)
    }
}

/// The strings a parameter takes when it takes nothing else: an `enum`, a `const`, or a
/// `oneOf`/`anyOf` of those (how schemars writes an optional enum with documented variants),
/// `null` aside. `None` when any alternative is free.
fn only_choices(prop: &Json) -> Option<Vec<String>> {
    if let Some(values) = prop.get("enum").and_then(Json::as_array) {
        return values.iter().map(|v| v.as_str().map(str::to_owned)).collect();
    }
    if let Some(value) = prop.get("const") {
        return value.as_str().map(|v| vec![v.to_owned()]);
    }
    let alternatives = prop.get("oneOf").or_else(|| prop.get("anyOf")).and_then(Json::as_array)?;
    let mut choices = Vec::new();
    for alternative in alternatives {
        if alternative.get("type") == Some(&Json::String("null".to_owned())) {
            continue;
        }
        choices.extend(only_choices(alternative)?);
    }
    Some(choices)
}

fn kind_of(prop: &Json) -> FieldKind {
    if let Some(choices) = only_choices(prop).filter(|c| !c.is_empty()) {
        return FieldKind::Choice(choices);
    }
    // A value that may be null is `anyOf` its one type and `{"type": "null"}`.
    if let Some(alternatives) = prop.get("anyOf").and_then(Json::as_array) {
        let typed: Vec<&Json> =
            alternatives.iter().filter(|a| a.get("type") != Some(&Json::String("null".to_owned()))).collect();
        if let ([only], true) = (typed.as_slice(), typed.len() < alternatives.len()) {
            return kind_of(only);
        }
    }
    let types: Vec<&str> = match prop.get("type") {
        Some(Json::String(t)) => vec![t.as_str()],
        Some(Json::Array(ts)) => ts.iter().filter_map(Json::as_str).filter(|t| *t != "null").collect(),
        _ => Vec::new(),
    };
    match types.as_slice() {
        ["boolean"] => FieldKind::Bool,
        ["integer"] => FieldKind::Number { integer: true },
        ["number"] => FieldKind::Number { integer: false },
        ["string"] => FieldKind::Text,
        _ => FieldKind::Json,
    }
}

/// How well `query` matches `id` as a fuzzy subsequence (higher is better); `None` when the
/// letters of `query` do not all appear in order.
pub fn fuzzy_score(query: &str, id: &str) -> Option<i64> {
    let query = query.trim().to_lowercase();
    if query.is_empty() {
        return Some(0);
    }
    let id = id.to_lowercase();
    if let Some(at) = id.find(&query) {
        return Some(1000 - i64::try_from(at).unwrap_or(999) - i64::try_from(id.len()).unwrap_or(999));
    }
    let mut score = 0;
    let mut last: Option<usize> = None;
    let mut chars = id.char_indices();
    for q in query.chars().filter(|c| !c.is_whitespace()) {
        let (at, _) = chars.find(|(_, c)| *c == q)?;
        score += match last {
            Some(prev) if at == prev + 1 => 5,
            _ => 1,
        };
        last = Some(at);
    }
    Some(score - i64::try_from(id.len()).unwrap_or(999))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{FieldKind, Form};

    fn kind(prop: serde_json::Value) -> FieldKind {
        Form::from_schema("test", &json!({ "properties": { "p": prop } })).fields.remove(0).kind
    }

    #[test]
    fn an_optional_enum_with_documented_variants_is_a_choice() {
        let prop = json!({ "anyOf": [
            { "oneOf": [{ "type": "string", "const": "quantile" }, { "type": "string", "const": "jenks" }] },
            { "type": "null" }
        ]});
        assert_eq!(kind(prop), FieldKind::Choice(vec!["quantile".to_owned(), "jenks".to_owned()]));
    }

    #[test]
    fn a_number_that_may_be_null_is_a_number() {
        let prop = json!({ "anyOf": [{ "type": "number", "format": "float" }, { "type": "null" }] });
        assert_eq!(kind(prop), FieldKind::Number { integer: false });
        let prop = json!({ "anyOf": [{ "type": "integer" }, { "type": "null" }] });
        assert_eq!(kind(prop), FieldKind::Number { integer: true });
    }

    #[test]
    fn a_choice_with_a_free_alternative_stays_free() {
        let prop = json!({ "anyOf": [{ "type": "string", "const": "top" }, { "type": "integer" }] });
        assert_eq!(kind(prop), FieldKind::Json);
    }
}

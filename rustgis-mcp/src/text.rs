//! The text of each tool's result: a compact rendering of the same data the structured content
//! holds, so a client that shows the model only the text loses nothing it needs: a table as a
//! header and rows (types once), layers one a line, a command's result as compact JSON, and every
//! notice and warning in full.

use serde_json::{Map, Value as Json};

/// `run_command`: `{command, result, notices, layersAdded, changed}`.
pub(crate) fn command(data: &Json) -> String {
    let command = str_of(&data["command"]);
    let mut text = format!("{command} ran");
    if data["changed"] == Json::Bool(true) {
        text.push_str(" and changed the project (one undo step)");
    }
    push_added(&mut text, &data["layersAdded"]);
    let result = result_of(command, &data["result"]);
    if !result.is_empty() {
        text.push('\n');
        text.push_str(&result);
    }
    push_notices(&mut text, &data["notices"]);
    text
}

/// `run`: a script's outcome `{success, result, lines, layersAdded, notices, error, duration_s}`.
pub(crate) fn script(data: &Json) -> String {
    let lines = data["lines"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut text = if data["success"] == Json::Bool(true) {
        let mut text = format!("the script ran {} lines as one undo step", lines.len());
        push_added(&mut text, &data["layersAdded"]);
        text
    } else {
        format!("the script failed and nothing it did is kept: {}", str_of(&data["error"]))
    };
    for (idx, line) in lines.iter().enumerate() {
        let head = format!("\nline {} {}", line["line"], str_of(&line["command"]));
        if let Some(error) = line.get("error").and_then(Json::as_str) {
            text.push_str(&format!("{head} failed: {error}"));
        } else if let Some(result) = line.get("result") {
            text.push_str(&format!("{head}: {}", compact(result)));
        } else if idx + 1 == lines.len() {
            text.push_str(&format!("{head}: its result is below"));
        } else {
            text.push_str(&format!("{head}: ran"));
        }
    }
    if data["success"] == Json::Bool(true) {
        let last = lines.last().map_or("", |l| str_of(&l["command"]));
        let result = result_of(last, &data["result"]);
        if !result.is_empty() {
            text.push('\n');
            text.push_str(&result);
        }
    }
    push_notices(&mut text, &data["notices"]);
    text
}

/// `read_table`: a page of `table.read` with `more` and `next`.
pub(crate) fn table(data: &Json) -> String {
    table_of(data)
}

/// `list_commands`: `{commands, count}` (and `groups` when none matched).
pub(crate) fn commands(data: &Json) -> String {
    let commands = data["commands"].as_array().map(Vec::as_slice).unwrap_or_default();
    if commands.is_empty() {
        let groups: Vec<&str> =
            data["groups"].as_array().map(|g| g.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
        return format!("no command matches; try other words, or list a group: {}", groups.join(", "));
    }
    let mut text = format!("{} commands, best first:", commands.len());
    for command in commands {
        text.push_str(&format!("\n{}: {}", str_of(&command["id"]), str_of(&command["summary"])));
        let mut needs: Vec<String> = labels(&command["access"]);
        if command["changes_project"] == Json::Bool(true) {
            needs.push("changes the project".to_owned());
        }
        if command.get("long").is_some() {
            needs.push("long: run it as a job (\"async\": true)".to_owned());
        }
        if !needs.is_empty() {
            text.push_str(&format!(" [{}]", needs.join("; ")));
        }
    }
    text
}

/// `describe_command`: a command's definition, its parameters one a line.
pub(crate) fn description(data: &Json) -> String {
    let mut text = format!("{}: {}", str_of(&data["id"]), str_of(&data["summary"]));
    let access = labels(&data["access"]);
    text.push_str(&format!(
        "\naccess: {}; {}; layers: {}",
        if access.is_empty() { "the project in memory only".to_owned() } else { access.join(", ") },
        if data["changes_project"] == Json::Bool(true) { "changes the project" } else { "reads the project" },
        str_of(&data["layers"])
    ));
    if let Some(long) = data.get("long").and_then(Json::as_str) {
        text.push_str(&format!("\nlong: {long}"));
    }
    let doc = str_of(&data["doc"]);
    if !doc.is_empty() {
        text.push_str(&format!("\n\n{doc}"));
    }
    text.push_str("\n\nparameters (a JSON object):");
    push_properties(&mut text, &data["params"], "required");
    let examples: Vec<&str> =
        data["examples"].as_array().map(|e| e.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
    let setup: Vec<&str> =
        data["example_setup"].as_array().map(|e| e.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
    if !setup.is_empty() {
        text.push_str("\nexamples run on the World Atlas sample after:");
        for line in setup {
            text.push_str(&format!("\n  {line}"));
        }
    }
    if !examples.is_empty() {
        text.push_str("\nexamples:");
        for example in examples {
            text.push_str(&format!("\n  {example}"));
        }
    }
    if let Some(result) = data.get("result").filter(|r| !r.is_null()) {
        text.push_str("\nresult:");
        match rustgis_core::result_forms(result).as_slice() {
            [(_, schema)] => push_properties(&mut text, schema, "always there"),
            forms => {
                for (form, schema) in forms {
                    text.push_str(&format!("\n- {}, with:", form.unwrap_or("or").trim_end_matches('.')));
                    let mut properties = String::new();
                    push_properties(&mut properties, schema, "always there");
                    text.push_str(&properties.replace('\n', "\n  "));
                }
            }
        }
    }
    text
}

/// `search_docs`: `{query, results}`.
pub(crate) fn doc_hits(data: &Json) -> String {
    let hits = data["results"].as_array().map(Vec::as_slice).unwrap_or_default();
    if hits.is_empty() {
        return "no section matches; try other words".to_owned();
    }
    let mut text = format!("{} sections, best first (read a page with resources/read):", hits.len());
    for hit in hits {
        let excerpt = str_of(&hit["excerpt"]).split_whitespace().collect::<Vec<_>>().join(" ");
        text.push_str(&format!("\n{} § {}: {excerpt}", str_of(&hit["uri"]), str_of(&hit["title"])));
    }
    text
}

/// `view_map` and `snapshot`: what the picture shows, its labels, whether it is blank and
/// why, and every notice.
pub(crate) fn map(data: &Json) -> String {
    let mut text = format!("{}×{} map", data["width"], data["height"]);
    if let Some(extent) = data.get("extent").and_then(Json::as_array) {
        let rounded: Vec<String> = extent.iter().filter_map(Json::as_f64).map(|v| format!("{v:.6}")).collect();
        text.push_str(&format!(" of [{}] ({})", rounded.join(", "), str_of(&data["crs"])));
    }
    if let Some(labels) = data.get("labels").and_then(Json::as_array).filter(|l| !l.is_empty()) {
        let parts: Vec<String> = labels
            .iter()
            .map(|l| {
                let mut part = format!(
                    "{} {} placed, {} did not fit, {} collided",
                    str_of(&l["layer"]),
                    l["placed"],
                    l["did_not_fit"],
                    l["collided"]
                );
                if let Some(crowded) = l.get("crowded") {
                    part.push_str(&format!(", {crowded} left out by the layer's label density"));
                }
                if let Some(over) = l.get("over_budget") {
                    part.push_str(&format!(", {over} left out by the image's label text budget"));
                }
                if let Some(missing) = l.get("missing_glyphs") {
                    part.push_str(&format!(", {missing} left out for characters no installed font has"));
                }
                if let Some(duplicate) = l.get("duplicate") {
                    part.push_str(&format!(", {duplicate} left out as another layer names them there"));
                }
                if let Some(left_out) = l.get("left_out").and_then(Json::as_array) {
                    let named: Vec<String> = left_out
                        .iter()
                        .map(|o| format!("'{}' ({})", str_of(&o["text"]), str_of(&o["reason"])))
                        .collect();
                    part.push_str(&format!(" (left out: {})", named.join(", ")));
                }
                if let Some(cut) = l.get("cut") {
                    part.push_str(&format!(", {cut} cut to {} characters", rustgis_core::MAX_LABEL_CHARS));
                }
                part
            })
            .collect();
        text.push_str(&format!("; labels: {}", parts.join("; ")));
    }
    if data.get("blank").and_then(Json::as_bool) == Some(true) {
        let reason = data.get("blank_reason").and_then(Json::as_str).unwrap_or("every pixel has one colour");
        text.push_str(&format!("; BLANK (one colour everywhere): {reason}"));
    }
    if let Some(sha) = data.get("sha256").and_then(Json::as_str) {
        text.push_str(&format!("; PNG {} bytes, SHA-256 {sha}", data["bytes"]));
    }
    if let Some(path) = data.get("path").and_then(Json::as_str) {
        text.push_str(&format!("; written to {path}"));
    }
    if let Some(note) = data.get("not_written").and_then(Json::as_str) {
        text.push_str(&format!("; {note}"));
    }
    push_notices(&mut text, &data["notices"]);
    text
}

/// An `"async": true` call's answer: `{job, state, command}`.
pub(crate) fn job_started(data: &Json) -> String {
    format!(
        "job {} started ({}, {}): watch it with run_command job.status {{\"id\": {}}}, stop it with job.cancel; its \
         result becomes one undo step when it ends",
        data["job"],
        str_of(&data["command"]),
        str_of(&data["state"]),
        data["job"]
    )
}

/// A command's result: a table, layers one a line, or compact JSON.
fn result_of(command: &str, result: &Json) -> String {
    match command {
        _ if result.is_null() => String::new(),
        "layer.list" if result["layers"].is_array() => layers(&result["layers"]),
        "project.info" if result["layers"].is_array() => project(result),
        "table.read" if result["rows"].is_array() => table_of(result),
        _ => format!("result: {}", compact(result)),
    }
}

/// `project.info`: the project on one line, then its layers.
fn project(info: &Json) -> String {
    let mut text = format!("project {}: CRS {}", compact(&info["name"]), str_of(&info["crs"]));
    if let Some(extent) = info.get("extent").filter(|e| !e.is_null()) {
        text.push_str(&format!(", view {}", compact(extent)));
    }
    if let Some(background) = info.get("background").and_then(Json::as_str) {
        text.push_str(&format!(", background {background}"));
    }
    match info.get("active_layer").and_then(Json::as_str) {
        Some(active) => text.push_str(&format!(", active layer {active}")),
        None => text.push_str(", no active layer"),
    }
    text.push('\n');
    text.push_str(&layers(&info["layers"]));
    text
}

/// Layers, one a line, bottom to top.
fn layers(layers: &Json) -> String {
    let layers = layers.as_array().map(Vec::as_slice).unwrap_or_default();
    if layers.is_empty() {
        return "no layers".to_owned();
    }
    let mut text = format!("{} layers, bottom to top:", layers.len());
    for layer in layers {
        let mut parts = Vec::new();
        match layer.get("kind").and_then(Json::as_str) {
            Some("web") => parts.push(format!("web tiles from {}", str_of(&layer["url"]))),
            Some("raster") => {
                parts.push(format!("raster, {} bands", layer["bands"]));
                if let Some([w, h]) = layer.get("size").and_then(Json::as_array).map(Vec::as_slice) {
                    parts.push(format!("{w}×{h} cells"));
                }
            }
            _ => {
                parts.push(str_of(&layer["geometry"]).to_owned());
                parts.push(format!("{} features", layer["features"]));
            }
        }
        parts.push(if layer["visible"] == Json::Bool(false) { "hidden" } else { "visible" }.to_owned());
        if let Some(crs) = layer.get("crs").and_then(Json::as_str) {
            parts.push(crs.to_owned());
        }
        if let Some(selected) = layer.get("selected").and_then(Json::as_u64).filter(|&n| n > 0) {
            parts.push(format!("{selected} selected"));
        }
        if layer["active"] == Json::Bool(true) {
            parts.push("active".to_owned());
        }
        text.push_str(&format!("\n{}: {}", str_of(&layer["name"]), parts.join(", ")));
    }
    text
}

/// A page of a table: where it is, a header with each field's type, then one row a line
/// (tab-separated; a value with a tab, a line break or quotes is written as a JSON string).
fn table_of(page: &Json) -> String {
    let rows = page["rows"].as_array().map(Vec::as_slice).unwrap_or_default();
    let offset = page["offset"].as_u64().unwrap_or(0);
    let total = page["total"].as_u64().unwrap_or(rows.len() as u64);
    let layer = str_of(&page["layer"]);
    let mut text = if rows.is_empty() {
        format!("{layer}: no rows (of {total} matching)")
    } else {
        format!("{layer}: rows {} to {} of {total} matching", offset + 1, offset + rows.len() as u64)
    };
    if let Some(pushdown) = page.get("pushdown").filter(|p| !p.is_null()) {
        text.push_str(&format!("; pushdown: {}", compact(pushdown)));
    }
    let fields: Vec<(&str, &str)> = page["fields"]
        .as_array()
        .map(|f| f.iter().map(|f| (str_of(&f["name"]), str_of(&f["type"]))).collect())
        .unwrap_or_default();
    if !rows.is_empty() {
        let mut header = vec!["fid".to_owned()];
        header.extend(fields.iter().map(|(name, ty)| format!("{name} ({ty})")));
        text.push('\n');
        text.push_str(&header.join("\t"));
        for row in rows {
            let mut cells = vec![cell(&row["fid"])];
            cells.extend(fields.iter().map(|(name, _)| cell(&row[*name])));
            text.push('\n');
            text.push_str(&cells.join("\t"));
        }
    }
    if let (Some(more), Some(next)) = (page.get("more").and_then(Json::as_u64), page.get("next").and_then(Json::as_str))
        && more > 0
    {
        text.push_str(&format!("\n{more} more: {next}"));
    }
    text
}

/// One table cell: a string as it is unless that would be ambiguous, anything else as JSON.
fn cell(value: &Json) -> String {
    match value {
        Json::String(s)
            if !s.is_empty()
                && s != "null"
                && s.trim() == s
                && !s.starts_with('"')
                && !s.contains(['\t', '\n', '\r']) =>
        {
            s.clone()
        }
        other => other.to_string(),
    }
}

/// The parameters (or result) of a schema, one property a line: name, type, whether required
/// (worded `required`), what it is, and the schema itself where the type alone does not say what
/// to write.
fn push_properties(text: &mut String, schema: &Json, required_word: &str) {
    let required: Vec<&str> =
        schema["required"].as_array().map(|r| r.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Json::as_object).filter(|p| !p.is_empty()) else {
        text.push_str(" none");
        return;
    };
    for (name, property) in properties {
        let label = rustgis_core::type_label(property);
        let needed = if required.contains(&name.as_str()) { format!(", {required_word}") } else { String::new() };
        let about = property.get("description").and_then(Json::as_str).unwrap_or("").replace('\n', " ");
        text.push_str(&format!("\n- {name} ({label}{needed}): {about}"));
        if needs_schema(property) {
            text.push_str(&format!(" schema: {}", compact(&without_descriptions(property))));
        }
    }
}

/// Whether a property's type label leaves out what to write: objects, arrays of objects, and
/// alternative forms (an optional value, `anyOf` it and null, is judged by the value).
fn needs_schema(property: &Json) -> bool {
    let is_null = |schema: &Json| schema.get("type").and_then(Json::as_str) == Some("null");
    if let Some([first, second]) = property.get("anyOf").and_then(Json::as_array).map(Vec::as_slice)
        && (is_null(first) || is_null(second))
    {
        return needs_schema(if is_null(first) { second } else { first });
    }
    let is = |ty: &str| {
        property["type"] == Json::String(ty.into())
            || property["type"].as_array().is_some_and(|t| t.iter().any(|t| t == ty))
    };
    (is("object") && property.get("properties").is_some())
        || (is("array") && property["items"].get("type").is_none_or(|t| t == "object" || t == "array"))
        || property
            .get("oneOf")
            .or_else(|| property.get("anyOf"))
            .is_some_and(|v| v.as_array().is_some_and(|variants| variants.iter().any(|v| v.get("const").is_none())))
}

/// A schema without its descriptions (they are on the property's line already).
fn without_descriptions(schema: &Json) -> Json {
    match schema {
        Json::Object(map) => Json::Object(
            map.iter()
                .filter(|(key, _)| key.as_str() != "description")
                .map(|(key, value)| (key.clone(), without_descriptions(value)))
                .collect::<Map<_, _>>(),
        ),
        Json::Array(items) => Json::Array(items.iter().map(without_descriptions).collect()),
        other => other.clone(),
    }
}

/// JSON without its null members.
pub(crate) fn compact(value: &Json) -> String {
    fn strip(value: &Json) -> Json {
        match value {
            Json::Object(map) => Json::Object(
                map.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), strip(v))).collect::<Map<_, _>>(),
            ),
            Json::Array(items) => Json::Array(items.iter().map(strip).collect()),
            other => other.clone(),
        }
    }
    strip(value).to_string()
}

/// Appends `; layers added: …` when there are any.
fn push_added(text: &mut String, added: &Json) {
    let added: Vec<&str> = added.as_array().map(|a| a.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
    if !added.is_empty() {
        text.push_str(&format!("; layers added: {}", added.join(", ")));
    }
}

/// Appends each notice, in full, on its own line.
fn push_notices(text: &mut String, notices: &Json) {
    for notice in notices.as_array().map(Vec::as_slice).unwrap_or_default() {
        text.push_str(&format!("\nnotice: {}", notice.as_str().map_or_else(|| notice.to_string(), str::to_owned)));
    }
}

fn labels(access: &Json) -> Vec<String> {
    access.as_array().map(|a| a.iter().filter_map(Json::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

fn str_of(value: &Json) -> &str {
    value.as_str().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_table_page_is_a_header_with_types_then_one_row_a_line() {
        let page = json!({
            "layer": "cities",
            "fields": [{"name": "name", "type": "string"}, {"name": "pop", "type": "integer"}],
            "rows": [{"fid": 1, "name": "Paris", "pop": 2100000}, {"fid": 2, "name": "a\tb", "pop": null}],
            "total": 3, "offset": 0, "returned": 2, "more": 1, "next": "read_table with \"offset\": 2 for the next 1 rows",
        });
        assert_eq!(
            table(&page),
            "cities: rows 1 to 2 of 3 matching\nfid\tname (string)\tpop (integer)\n1\tParis\t2100000\n2\t\"a\\tb\"\tnull\n\
             1 more: read_table with \"offset\": 2 for the next 1 rows"
        );
    }

    #[test]
    fn a_command_result_keeps_every_notice_in_full() {
        let data = json!({"command": "map.zoomTo", "result": {"extent": [0, 0, 1, 1]}, "changed": true,
            "notices": ["the basemap's tile 3/4/2 was refused (HTTP 403)", "second"], "layersAdded": []});
        let text = command(&data);
        assert!(text.contains("notice: the basemap's tile 3/4/2 was refused (HTTP 403)\nnotice: second"), "{text}");
        assert!(text.contains("result: {\"extent\":[0,0,1,1]}"), "{text}");
    }
}

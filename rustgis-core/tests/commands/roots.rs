//! Roots: every path a command takes goes through the one check, and a caller with roots reads
//! and writes only below them (`..`, symbolic links, absolute paths elsewhere, `~`, read-only
//! roots, the files a project names, a layout's images).

use std::path::{Path, PathBuf};

use rustgis_core::{Caller, FILE_KEYWORD, Registry, Root, Roots, Session};
use serde_json::{Value as Json, json};

use crate::common::TempFolder;

/// Parameter names that look like paths but are not one, each with why.
const NOT_PATHS: &[(&str, &str, &str)] = &[
    ("project.open", "outside_files", "what to do with the files a project names, not a path"),
    ("project.openText", "outside_files", "what to do with the files the text names, not a path"),
];

/// Calls for path parameters no catalogue example names; `PATH` stands for the path.
const EXTRA_CALLS: &[(&str, &str)] = &[
    (
        "layout.addItem",
        r#"layout.addItem {"layout": "page", "type": "image", "path": "PATH", "rect_mm": [10, 10, 50, 50]}"#,
    ),
    ("layout.updateItem", r#"layout.updateItem {"layout": "page", "index": 0, "path": "PATH"}"#),
];

/// A path parameter of a command: its name (top level, or inside a flattened item) and whether
/// the command reads or writes it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct PathParam {
    name: String,
    usage: String,
}

/// Every property of `schema` (through `anyOf`, `oneOf`, `allOf`, arrays and nested objects)
/// marked as a path, and every property whose name looks like one.
fn walk(schema: &Json, marked: &mut Vec<PathParam>, named: &mut Vec<String>) {
    let Some(map) = schema.as_object() else { return };
    if let Some(properties) = map.get("properties").and_then(Json::as_object) {
        for (name, property) in properties {
            let mut usages = Vec::new();
            usage_of(property, &mut usages);
            for usage in usages {
                marked.push(PathParam { name: name.clone(), usage });
            }
            if looks_like_a_path(name) {
                named.push(name.clone());
            }
            walk(property, marked, named);
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for branch in map.get(key).and_then(Json::as_array).into_iter().flatten() {
            walk(branch, marked, named);
        }
    }
    if let Some(items) = map.get("items") {
        walk(items, marked, named);
    }
}

/// The `x-rustgis-file` marks of a property's schema (itself or its `anyOf` branches).
fn usage_of(property: &Json, out: &mut Vec<String>) {
    if let Some(usage) = property.get(FILE_KEYWORD).and_then(Json::as_str) {
        out.push(usage.to_owned());
    }
    for branch in property.get("anyOf").and_then(Json::as_array).into_iter().flatten() {
        usage_of(branch, out);
    }
}

fn looks_like_a_path(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["path", "paths", "file", "files", "folder", "dir", "directory", "filename"].contains(&name.as_str())
        || ["_path", "_file", "_files", "_folder", "_dir", "_directory"].iter().any(|end| name.ends_with(end))
}

/// The folders of a test: `maps` (a read-write root), `shared` (a read-only root) and `elsewhere`
/// (no root), each holding the sample's cities as `cities.geojson`.
struct Folders {
    _temp: TempFolder,
    maps: PathBuf,
    shared: PathBuf,
    elsewhere: PathBuf,
}

impl Folders {
    fn new(name: &str) -> Folders {
        let temp = TempFolder::new("roots", name);
        let base = std::fs::canonicalize(temp.path()).expect("the folder resolves");
        let (maps, shared, elsewhere) = (base.join("maps"), base.join("shared"), base.join("elsewhere"));
        let mut session = Session::with_sample().expect("the sample loads");
        for folder in [&maps, &shared, &elsewhere] {
            std::fs::create_dir_all(folder).expect("a folder");
            let path = folder.join("cities.geojson");
            crate::common::run(&mut session, "layer.export", json!({"layer": "cities", "path": path}))
                .expect("written");
        }
        Folders { _temp: temp, maps, shared, elsewhere }
    }

    fn roots(&self) -> Roots {
        Roots::new([Root::new(&self.maps, true).expect("a root"), Root::new(&self.shared, false).expect("a root")])
    }
}

/// `id {json}` with its parameter `name` set to `value` (at the top level: flattened items are).
fn with_path(line: &str, name: &str, value: &str) -> (String, Json) {
    let (id, params) = rustgis_core::split_command_line(line);
    let mut params: Json =
        if params.trim().is_empty() { json!({}) } else { serde_json::from_str(params).expect("JSON") };
    params[name] = json!(value);
    (id.to_owned(), params)
}

/// The file name a call's path parameter holds in `line`, to keep its extension.
fn file_name_in(line: &str, name: &str) -> String {
    let (_, params) = rustgis_core::split_command_line(line);
    let params: Json = serde_json::from_str(params).unwrap_or(json!({}));
    params[name]
        .as_str()
        .and_then(|p| Path::new(p).file_name())
        .map_or_else(|| "x.png".to_owned(), |n| n.to_string_lossy().into_owned())
}

fn code_of(session: &mut Session, caller: &Caller, id: &str, params: Json) -> Result<Json, (String, String)> {
    session.execute(caller, id, params).map(|o| o.result).map_err(|e| (e.code().to_owned(), e.to_string()))
}

/// Every command parameter that takes a path is marked as one, and every marked one is refused
/// outside the roots (absolute elsewhere, `..` out of the first root, a write below a read-only
/// root) and let through below them: no command, now or later, skips the check.
#[test]
fn every_path_parameter_of_every_command_is_checked_against_the_roots() {
    let folders = Folders::new("every");
    let mut unmarked = Vec::new();
    let mut exercised = Vec::new();
    let mut wrong = Vec::new();
    for def in Registry::global().all() {
        let (mut marked, mut named) = (Vec::new(), Vec::new());
        walk(def.schema(), &mut marked, &mut named);
        marked.sort();
        marked.dedup();
        for name in named {
            let is_marked = marked.iter().any(|p| p.name == name);
            let excused = NOT_PATHS.iter().any(|(id, param, _)| *id == def.id && *param == name);
            if !is_marked && !excused {
                unmarked.push(format!("{}: {name}", def.id));
            }
        }
        for param in marked {
            let lines: Vec<&str> = def
                .examples
                .iter()
                .copied()
                .filter(|line| line.contains(&format!("\"{}\"", param.name)))
                .chain(EXTRA_CALLS.iter().filter(|(id, _)| *id == def.id).map(|(_, line)| *line))
                .collect();
            let Some(line) = lines.first() else {
                wrong.push(format!(
                    "{} {}: no example names it, so nothing shows it is checked: add one (or an EXTRA_CALLS entry)",
                    def.id, param.name
                ));
                continue;
            };
            let file = file_name_in(line, &param.name).replace("PATH", "logo.png");
            let mut tries = vec![
                ("an absolute path elsewhere", folders.elsewhere.join(&file).display().to_string(), true),
                ("`..` out of the first root", format!("../elsewhere/{file}"), true),
                ("a path below a root", folders.maps.join(&file).display().to_string(), false),
            ];
            if param.usage == "write" {
                tries.push(("a write below a read-only root", folders.shared.join(&file).display().to_string(), true));
            }
            for (what, value, refused) in tries {
                let mut session = Session::with_sample().expect("the sample loads");
                let caller = Caller::user().with_roots(folders.roots());
                let (id, params) = with_path(line, &param.name, &value);
                let outcome = code_of(&mut session, &caller, &id, params);
                let denied = matches!(&outcome, Err((code, message)) if code == "access_denied" && message.contains("ACCESS_DENIED") && message.contains(&folders.maps.display().to_string()));
                if denied != refused {
                    wrong.push(format!("{} {} with {what} ({value}): {outcome:?}", def.id, param.name));
                }
            }
            exercised.push(format!("{} {}", def.id, param.name));
        }
    }
    assert!(unmarked.is_empty(), "parameters named like paths but not marked as ReadPath/WritePath: {unmarked:?}");
    assert!(wrong.is_empty(), "paths not checked as they must be:\n{}", wrong.join("\n"));
    for expected in [
        "layer.open path",
        "layer.export path",
        "project.open path",
        "project.save path",
        "map.export path",
        "layout.export path",
        "layout.addItem path",
        "layout.updateItem path",
        "raster.export path",
        "plugin.install path",
        "script.exec path",
        "files.list path",
    ] {
        assert!(exercised.iter().any(|e| e == expected), "{expected} was not exercised: {exercised:?}");
    }
}

/// The agent of `rustgis-cli mcp --yes --root maps --read-only-root shared`.
fn agent(folders: &Folders) -> Caller {
    Caller::private_agent(true).with_roots(folders.roots())
}

fn denied(outcome: Result<Json, (String, String)>) -> String {
    match outcome {
        Err((code, message)) if code == "access_denied" => {
            assert!(message.starts_with("ACCESS_DENIED: "), "{message}");
            message
        }
        other => panic!("not refused as ACCESS_DENIED: {other:?}"),
    }
}

#[test]
fn a_path_traversal_set_is_refused_and_paths_below_the_roots_work() {
    let folders = Folders::new("traversal");
    let agent = agent(&folders);
    let mut session = Session::with_sample().expect("the sample loads");
    let mut call = |id: &str, params: Json| code_of(&mut session, &agent, id, params);

    // Below a root, absolute or relative (relative paths start in the first root).
    let opened = call("layer.open", json!({"path": folders.maps.join("cities.geojson"), "name": "a"})).expect("opens");
    assert_eq!(opened["path"], json!(folders.maps.join("cities.geojson")));
    call("layer.open", json!({"path": "cities.geojson", "name": "b"})).expect("relative to the first root");
    call("layer.open", json!({"path": folders.shared.join("cities.geojson"), "name": "c"})).expect("read-only root");
    let written = call("layer.export", json!({"layer": "cities", "path": "new.geojson"})).expect("written");
    assert_eq!(written["path"], json!(folders.maps.join("new.geojson")));

    // `..`, absolute elsewhere, `~`.
    let message = denied(call("layer.open", json!({"path": "../elsewhere/cities.geojson"})));
    assert!(message.contains("resolves to") && message.contains(&folders.elsewhere.display().to_string()), "{message}");
    let message = denied(call("layer.open", json!({"path": folders.elsewhere.join("cities.geojson")})));
    assert!(
        message.contains(&format!("{} (read-write)", folders.maps.display()))
            && message.contains(&format!("{} (read-only)", folders.shared.display())),
        "the refusal names the roots: {message}"
    );
    denied(call("layer.open", json!({"path": "~/cities.geojson"})));
    denied(call("layer.open", json!({"path": "/etc/passwd", "format": "csv"})));
    denied(call("layer.export", json!({"layer": "cities", "path": "/tmp/../etc/x.geojson"})));

    // A read-only root is read, never written.
    let message = denied(call("layer.export", json!({"layer": "cities", "path": folders.shared.join("x.geojson")})));
    assert!(message.contains("read-only") && message.contains("files may be written below"), "{message}");
    assert!(!folders.shared.join("x.geojson").exists());
    denied(call("project.save", json!({"path": folders.shared.join("p.rgis")})));
    denied(call("map.export", json!({"path": folders.elsewhere.join("map.png")})));
    denied(call("raster.export", json!({"path": folders.elsewhere.join("x.tif")})));

    // Case: on a system that tells case apart, MAPS is not maps.
    if cfg!(target_os = "linux") {
        let upper = folders.maps.parent().expect("a parent").join("MAPS").join("cities.geojson");
        denied(call("layer.open", json!({"path": upper})));
    }

    // Symbolic links are followed before the check: to a file, to a folder, through a folder to
    // a file not yet written, and to nothing.
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink(folders.elsewhere.join("cities.geojson"), folders.maps.join("link.geojson")).expect("a link");
        symlink(&folders.elsewhere, folders.maps.join("linked")).expect("a link");
        symlink(folders.elsewhere.join("none.geojson"), folders.maps.join("dangling.geojson")).expect("a link");
        let message = denied(call("layer.open", json!({"path": "link.geojson"})));
        assert!(message.contains("symbolic links"), "{message}");
        denied(call("layer.open", json!({"path": "linked/cities.geojson"})));
        denied(call("layer.export", json!({"layer": "cities", "path": "linked/new.geojson"})));
        assert!(!folders.elsewhere.join("new.geojson").exists(), "nothing was written through the link");
        denied(call("layer.export", json!({"layer": "cities", "path": "dangling.geojson", "overwrite": true})));
        assert!(!folders.elsewhere.join("none.geojson").exists());
        // A link inside the roots to a file inside them is fine.
        symlink(folders.maps.join("cities.geojson"), folders.maps.join("inside.geojson")).expect("a link");
        call("layer.open", json!({"path": "inside.geojson", "name": "d"})).expect("a link that stays inside");
    }
}

#[test]
fn a_project_naming_files_outside_the_roots_is_refused_or_opened_without_them() {
    let folders = Folders::new("project");
    let agent = agent(&folders);
    let project = folders.maps.join("p.rgis");
    let text = json!({
        "format": "rustgis-project", "version": 1, "name": "P",
        "layers": [
            {"name": "inside", "source": {"type": "file", "path": "cities.geojson"}},
            {"name": "outside", "source": {"type": "file", "path": "../elsewhere/cities.geojson"}}
        ]
    });
    std::fs::write(&project, text.to_string()).expect("a project file");
    let mut session = Session::with_sample().expect("the sample loads");
    let message = denied(code_of(&mut session, &agent, "project.open", json!({"path": project})));
    assert!(message.contains("layer 'outside'"), "{message}");
    assert_eq!(session.project().name, "World Atlas", "nothing was opened");
    let opened = code_of(&mut session, &agent, "project.open", json!({"path": project, "outside_files": "skip"}))
        .expect("opens without the layer");
    assert_eq!(opened["layers"], json!(["inside"]));
    // Its text names files too.
    let message = denied(code_of(&mut session, &agent, "project.openText", json!({"source": text.to_string()})));
    assert!(message.contains("layer 'outside'"), "{message}");
}

#[cfg(unix)]
#[test]
fn a_layouts_image_outside_the_roots_is_refused_when_added_and_when_exported() {
    let folders = Folders::new("layout");
    let png = folders.elsewhere.join("logo.png");
    std::fs::write(&png, include_bytes!("../../../docs/images/africa-density.png")).expect("an image");
    let mut session = Session::with_sample().expect("the sample loads");
    let item = json!({"layout": "page", "type": "image", "path": png, "rect_mm": [10, 10, 50, 50]});
    denied(code_of(&mut session, &agent(&folders), "layout.addItem", item.clone()));
    // Added by the user, it is still refused at an agent's export.
    crate::common::run(&mut session, "layout.addItem", item).expect("the user adds it");
    let export = json!({"name": "page", "path": folders.maps.join("page.pdf")});
    let message = denied(code_of(&mut session, &agent(&folders), "layout.export", export));
    assert!(message.contains("an image of layout 'page'"), "{message}");
}

#[test]
fn files_list_shows_only_what_lies_below_the_roots() {
    let folders = Folders::new("list");
    let agent = agent(&folders);
    std::fs::create_dir_all(folders.maps.join("deep/er")).expect("folders");
    std::fs::write(folders.maps.join("deep/er/dem.tif"), b"II*\0").expect("a file");
    std::fs::write(folders.maps.join("notes.txt"), b"n").expect("a file");
    std::fs::write(folders.maps.join(".hidden.geojson"), b"{}").expect("a file");
    std::fs::write(folders.maps.join("map.rgis"), b"{}").expect("a file");
    #[cfg(unix)]
    std::os::unix::fs::symlink(folders.elsewhere.join("cities.geojson"), folders.maps.join("link.geojson"))
        .expect("a link");
    let mut session = Session::with_sample().expect("the sample loads");
    let listed = code_of(&mut session, &agent, "files.list", json!({})).expect("lists the roots");
    let paths: Vec<&str> =
        listed["entries"].as_array().expect("entries").iter().filter_map(|e| e["path"].as_str()).collect();
    let maps = folders.maps.display().to_string();
    let shared = folders.shared.display().to_string();
    assert_eq!(
        paths,
        [
            format!("{maps}/cities.geojson"),
            format!("{maps}/deep"),
            format!("{maps}/map.rgis"),
            format!("{maps}/notes.txt"),
            format!("{shared}/cities.geojson"),
        ],
        "the roots' entries, sorted, without hidden names or the link leading outside: {listed:#}"
    );
    assert_eq!(listed["roots"], json!([{"path": maps, "writable": true}, {"path": shared, "writable": false}]));
    let entry = &listed["entries"][0];
    assert_eq!(
        (&entry["kind"], &entry["format"], &entry["open_with"], &entry["opens"]),
        (&json!("file"), &json!("geojson"), &json!("layer.open"), &json!(true))
    );
    assert!(
        entry["size"].as_u64().is_some_and(|s| s > 0) && entry["modified"].as_str().is_some_and(|m| m.ends_with('Z'))
    );
    assert_eq!(listed["entries"][2]["open_with"], json!("project.open"));
    assert_eq!(listed["entries"][3]["opens"], json!(false));

    let found = code_of(&mut session, &agent, "files.list", json!({"pattern": "{*.TIF,*.rgis}", "recursive": true}))
        .expect("lists");
    let names: Vec<&str> =
        found["entries"].as_array().expect("entries").iter().filter_map(|e| e["path"].as_str()).collect();
    assert_eq!(names, [format!("{maps}/deep/er/dem.tif"), format!("{maps}/map.rgis")]);
    let page = code_of(&mut session, &agent, "files.list", json!({"recursive": true, "offset": 1, "limit": 2}))
        .expect("a page");
    assert_eq!((page["total"].as_u64(), page["next_offset"].as_u64()), (Some(7), Some(3)), "{page:#}");
    let hidden = code_of(&mut session, &agent, "files.list", json!({"path": ".", "pattern": ".*", "hidden": true}))
        .expect("hidden names on request");
    assert_eq!(hidden["total"], json!(1));
    denied(code_of(&mut session, &agent, "files.list", json!({"path": folders.elsewhere})));
    denied(code_of(&mut session, &agent, "files.list", json!({"path": ".."})));

    // Without roots, the project's folder.
    let mut user_session = Session::with_sample().expect("the sample loads");
    user_session.set_project_path(Some(folders.elsewhere.join("p.rgis")));
    let listed = crate::common::run(&mut user_session, "files.list", json!({})).expect("lists");
    assert_eq!(listed["folders"], json!([folders.elsewhere]));
    assert_eq!(listed["roots"], json!([]));
}

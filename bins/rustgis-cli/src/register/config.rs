//! A client's configuration file as `mcp-register` edits it: JSON (serde_json keeps the order of
//! every key) or Codex's TOML (toml_edit keeps comments and formatting). Only the entry of the
//! name asked for changes; a file that does not parse is refused and left as it was; a file is
//! replaced atomically (a temporary file beside it, synced, then renamed over it), readable by the
//! user only when it holds a token.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_json::Value as Json;
use toml_edit::{DocumentMut, InlineTable, Item, Table, Value as TomlValue};

use super::Client;

/// What [`ConfigFile::set`] did to the entry.
#[derive(Debug)]
pub(super) enum Outcome {
    /// There was no entry of that name; now there is.
    Added,
    /// The entry of that name was already the one asked for.
    Unchanged,
    /// The entry of that name was another (this one), and was replaced.
    Replaced(Json),
}

/// A configuration file, read and parsed, ready to change and save.
#[derive(Debug)]
pub(super) struct ConfigFile {
    path: PathBuf,
    doc: Doc,
}

#[derive(Debug)]
enum Doc {
    /// JSON; the entries live in the object at `container` (a path of keys from the top).
    Json { root: Json, container: Vec<&'static str>, drop_enabled: bool },
    /// Codex's `config.toml`; the entries are the tables under `mcp_servers`.
    Toml(DocumentMut),
}

impl ConfigFile {
    /// Reads `path` (a missing or empty file is an empty configuration). A file that does not
    /// parse, or whose entries are not where the client keeps them, is an error naming the file
    /// and the problem.
    pub(super) fn load(client: Client, path: &Path) -> anyhow::Result<ConfigFile> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let refused = |problem: String| {
            anyhow::anyhow!(
                "{} is not a configuration mcp-register can edit: {problem}. It was left as it was: fix it, \
                 or name another file with --config, or add the entry --print shows by hand",
                path.display()
            )
        };
        let doc = if client == Client::Codex {
            let doc: DocumentMut = text.parse().map_err(|e| refused(format!("its TOML does not parse ({e})")))?;
            if let Some(servers) = doc.get("mcp_servers")
                && !servers.is_table_like()
            {
                return Err(refused("mcp_servers is not a table".to_owned()));
            }
            Doc::Toml(doc)
        } else {
            let root: Json = if text.trim().is_empty() {
                Json::Object(serde_json::Map::new())
            } else {
                serde_json::from_str(&text).map_err(|e| refused(format!("its JSON does not parse ({e})")))?
            };
            if !root.is_object() {
                return Err(refused("its top level is not a JSON object".to_owned()));
            }
            let (container, drop_enabled) = json_container(client, &root);
            let mut at = &root;
            for key in &container {
                match at.get(key) {
                    None => break,
                    Some(inner) if inner.is_object() => at = inner,
                    Some(_) => return Err(refused(format!("\"{}\" is not a JSON object", container.join(".")))),
                }
            }
            Doc::Json { root, container, drop_enabled }
        };
        Ok(ConfigFile { path: path.to_owned(), doc })
    }

    /// Puts `entry` under `name`, replacing another entry of that name; every other key stays.
    pub(super) fn set(&mut self, name: &str, entry: &Json) -> Outcome {
        match &mut self.doc {
            Doc::Json { root, container, drop_enabled } => {
                let mut entry = entry.clone();
                if *drop_enabled && let Some(object) = entry.as_object_mut() {
                    object.remove("enabled");
                }
                let servers = json_object_at(root, container);
                let outcome = match servers.get(name) {
                    Some(old) if *old == entry => return Outcome::Unchanged,
                    Some(old) => Outcome::Replaced(old.clone()),
                    None => Outcome::Added,
                };
                servers.insert(name.to_owned(), entry);
                outcome
            }
            Doc::Toml(doc) => {
                let servers = toml_servers(doc);
                let old = servers.get(name).map(item_to_json);
                match &old {
                    Some(old) if old == entry => return Outcome::Unchanged,
                    _ => {}
                }
                let fields = entry.as_object().cloned().unwrap_or_default();
                match servers.get_mut(name).and_then(Item::as_table_like_mut) {
                    // Edited key by key, so the table keeps its place, its comments and its order.
                    Some(table) => {
                        let stale: Vec<String> = table
                            .iter()
                            .map(|(key, _)| key.to_owned())
                            .filter(|key| !fields.contains_key(key))
                            .collect();
                        for key in stale {
                            table.remove(&key);
                        }
                        for (key, value) in &fields {
                            table.insert(key, Item::Value(json_to_toml(value)));
                        }
                    }
                    None => {
                        let mut table = Table::new();
                        for (key, value) in &fields {
                            table.insert(key, Item::Value(json_to_toml(value)));
                        }
                        servers.insert(name, Item::Table(table));
                    }
                }
                match old {
                    Some(old) => Outcome::Replaced(old),
                    None => Outcome::Added,
                }
            }
        }
    }

    /// Takes the entry `name` away; false when there was none.
    pub(super) fn remove(&mut self, name: &str) -> bool {
        match &mut self.doc {
            Doc::Json { root, container, .. } => {
                let mut at = &mut *root;
                for key in container.iter() {
                    match at.get_mut(key) {
                        Some(inner) => at = inner,
                        None => return false,
                    }
                }
                at.as_object_mut().is_some_and(|servers| servers.shift_remove(name).is_some())
            }
            Doc::Toml(doc) => doc
                .get_mut("mcp_servers")
                .and_then(Item::as_table_like_mut)
                .is_some_and(|servers| servers.remove(name).is_some()),
        }
    }

    /// Replaces the file atomically with the edited configuration. With `private` (it holds a
    /// token) only the user may read it; otherwise an existing file keeps its permissions.
    pub(super) fn save(&self, private: bool) -> anyhow::Result<()> {
        let text = match &self.doc {
            Doc::Json { root, .. } => format!("{}\n", serde_json::to_string_pretty(root)?),
            Doc::Toml(doc) => doc.to_string(),
        };
        write_atomically(&self.path, text.as_bytes(), private)
    }
}

/// The entry as it would appear in a new file of `client`'s kind.
pub(super) fn snippet(client: Client, name: &str, entry: &Json) -> String {
    if client == Client::Codex {
        let mut doc = DocumentMut::new();
        let mut table = Table::new();
        for (key, value) in entry.as_object().into_iter().flatten() {
            table.insert(key, Item::Value(json_to_toml(value)));
        }
        toml_servers(&mut doc).insert(name, Item::Table(table));
        return doc.to_string().trim_end().to_owned();
    }
    let empty = Json::Object(serde_json::Map::new());
    let (container, _) = json_container(client, &empty);
    let mut value = serde_json::json!({ name: entry });
    for key in container.iter().rev() {
        value = serde_json::json!({ *key: value });
    }
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// Where `client` keeps its entries in a JSON file, and whether they go without `enabled`.
/// OpenCode's V2 keeps them in `mcp.servers` (switched off with `disabled`, not `enabled`); a
/// file already in that shape is kept in it, any other gets the documented `mcp.NAME`.
fn json_container(client: Client, root: &Json) -> (Vec<&'static str>, bool) {
    match client {
        Client::Vscode => (vec!["servers"], false),
        Client::Opencode => {
            let v2 = root
                .pointer("/mcp/servers")
                .is_some_and(|servers| servers.is_object() && servers.get("type").is_none());
            if v2 { (vec!["mcp", "servers"], true) } else { (vec!["mcp"], false) }
        }
        Client::Claude | Client::Cursor | Client::ClaudeDesktop | Client::Codex => (vec!["mcpServers"], false),
    }
}

/// The object at `path` below `root`, made (empty) where it is missing. The load checked that
/// every one present is an object.
fn json_object_at<'a>(root: &'a mut Json, path: &[&str]) -> &'a mut serde_json::Map<String, Json> {
    let mut at = root;
    for key in path {
        let object = at.as_object_mut().expect("the load checked that the containers are objects");
        at = object.entry((*key).to_owned()).or_insert_with(|| Json::Object(serde_json::Map::new()));
    }
    at.as_object_mut().expect("the load checked that the containers are objects")
}

/// Codex's `mcp_servers` table, made where it is missing (implicit, so the file gains only
/// `[mcp_servers.NAME]`).
fn toml_servers(doc: &mut DocumentMut) -> &mut dyn toml_edit::TableLike {
    let item = doc.entry("mcp_servers").or_insert_with(|| {
        let mut table = Table::new();
        table.set_implicit(true);
        Item::Table(table)
    });
    item.as_table_like_mut().expect("the load checked that mcp_servers is a table")
}

fn json_to_toml(value: &Json) -> TomlValue {
    match value {
        Json::String(text) => TomlValue::from(text.as_str()),
        Json::Bool(flag) => TomlValue::from(*flag),
        Json::Number(number) => match number.as_i64() {
            Some(integer) => TomlValue::from(integer),
            None => TomlValue::from(number.as_f64().unwrap_or_default()),
        },
        Json::Array(items) => TomlValue::Array(items.iter().map(json_to_toml).collect()),
        Json::Object(fields) => {
            let mut table = InlineTable::new();
            for (key, value) in fields {
                table.insert(key, json_to_toml(value));
            }
            TomlValue::InlineTable(table)
        }
        Json::Null => TomlValue::from(""),
    }
}

fn item_to_json(item: &Item) -> Json {
    match item {
        Item::Value(value) => toml_value_to_json(value),
        Item::Table(table) => {
            Json::Object(table.iter().map(|(key, item)| (key.to_owned(), item_to_json(item))).collect())
        }
        Item::ArrayOfTables(tables) => Json::Array(
            tables
                .iter()
                .map(|table| {
                    Json::Object(table.iter().map(|(key, item)| (key.to_owned(), item_to_json(item))).collect())
                })
                .collect(),
        ),
        Item::None => Json::Null,
    }
}

fn toml_value_to_json(value: &TomlValue) -> Json {
    match value {
        TomlValue::String(text) => Json::from(text.value().as_str()),
        TomlValue::Integer(integer) => Json::from(*integer.value()),
        TomlValue::Float(float) => Json::from(*float.value()),
        TomlValue::Boolean(flag) => Json::from(*flag.value()),
        TomlValue::Datetime(datetime) => Json::from(datetime.value().to_string()),
        TomlValue::Array(items) => Json::Array(items.iter().map(toml_value_to_json).collect()),
        TomlValue::InlineTable(table) => {
            Json::Object(table.iter().map(|(key, value)| (key.to_owned(), toml_value_to_json(value))).collect())
        }
    }
}

/// Writes `bytes` to a temporary file beside `path` (the link's target, when `path` is a
/// symbolic link, so a configuration kept in a dotfiles folder stays there), syncs it and renames
/// it over `path`: a reader or a crash sees the old file or the new one, never half of either.
#[cfg_attr(not(unix), expect(unused_variables, reason = "on Windows the user profile's permissions protect the file"))]
fn write_atomically(path: &Path, bytes: &[u8], private: bool) -> anyhow::Result<()> {
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_owned(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder).with_context(|| format!("cannot make the folder {}", folder.display()))?;
    let name = target.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    let permissions = {
        use std::os::unix::fs::PermissionsExt;
        let existing = std::fs::metadata(&target).ok().map(|meta| meta.permissions().mode() & 0o777);
        let mode = match (existing, private) {
            (Some(mode), true) => mode & 0o700,
            (Some(mode), false) => mode,
            (None, true) => 0o600,
            (None, false) => 0o644,
        };
        std::fs::Permissions::from_mode(mode)
    };
    #[cfg(unix)]
    builder.permissions(permissions);
    let mut temp = builder.tempfile_in(&folder).with_context(|| format!("cannot write in {}", folder.display()))?;
    temp.write_all(bytes).with_context(|| format!("cannot write {}", target.display()))?;
    temp.as_file().sync_all().with_context(|| format!("cannot write {}", target.display()))?;
    temp.persist(&target).map_err(|e| e.error).with_context(|| format!("cannot replace {}", target.display()))?;
    Ok(())
}

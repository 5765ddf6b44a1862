//! `plugin.*`: listing, installing, removing and turning plugins on and off ([`crate::plugin`]).
//! The plugins' own commands (`plugin.<name>.<command>`) are made from their manifests.

use std::path::{Component, Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx, NoParams, ReadPath};
use crate::error::{Error, Result};
use crate::plugin::{DISABLED_MARKER, MANIFEST, read_manifest, scan};
use crate::policy::Access;

/// The most bytes a plugin's files may hold together: 256 MiB.
const MAX_PLUGIN_BYTES: u64 = 256 << 20;
/// The most files a plugin may have.
const MAX_PLUGIN_FILES: usize = 10_000;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("plugin.list")
            .summary("List the installed plugins: name, version, whether on, their commands, and any that cannot load")
            .doc(
                "Lists the plugins in the plugins folder (`plugins/` in RustGIS's app-data folder): each with its \
                 manifest's name, version, description and commands, whether it is on, and whether its commands \
                 are in this session's catalogue (plugins load when a program starts, unless `--no-plugins`).",
            )
            .examples(&["plugin.list {}"])
            .reads_returning(list),
        CommandDef::build("plugin.install")
            .summary("Install a plugin from a folder or a .zip holding its rustgis-plugin.toml")
            .doc(
                "Copies the plugin (a folder, or a .zip of one, with `rustgis-plugin.toml` at its top) into the \
                 plugins folder, after checking its manifest. Its commands load at the next start of a RustGIS \
                 program. A plugin of the same name is replaced only with `replace: true`. Plugins run programs: \
                 installing one is for the user, and for agents with Full access.",
            )
            .examples(&[r#"plugin.install {"path": "examples/plugins/hello"}"#])
            .access(Access::CODE.and(Access::READS_FILES).and(Access::WRITES_FILES))
            .reads_returning(install),
        CommandDef::build("plugin.remove")
            .summary("Remove an installed plugin")
            .doc("Deletes the plugin's folder from the plugins folder. Its commands stay until the program restarts.")
            .examples(&[r#"plugin.remove {"plugin": "hello"}"#])
            .access(Access::CODE.and(Access::WRITES_FILES))
            .reads_returning(remove),
        CommandDef::build("plugin.enable")
            .summary("Turn a plugin on or off (it loads, or not, at the next start)")
            .doc("A plugin that is off stays installed but its commands do not load.")
            .examples(&[r#"plugin.enable {"plugin": "hello", "enabled": false}"#])
            .access(Access::CODE.and(Access::WRITES_FILES))
            .reads_returning(enable),
    ]
}

/// Parameters of `plugin.install`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct InstallParams {
    /// The plugin's folder, or a .zip of it.
    path: ReadPath,
    /// Replace an installed plugin of the same name (default false).
    #[serde(default)]
    replace: bool,
}

/// A plugin's name.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NameParams {
    /// The plugin's name (as `plugin.list` shows it).
    plugin: String,
}

/// What `plugin.install` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Installed {
    /// The plugin's name, from its manifest.
    installed: String,
    /// Its version, from its manifest.
    version: String,
    /// The folder it was installed in.
    folder: PathBuf,
    /// The commands it adds (`plugin.<name>.<command>`).
    commands: Vec<String>,
    /// When they load.
    note: &'static str,
}

/// What `plugin.remove` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Removed {
    /// The plugin removed.
    removed: String,
    /// What happens to its commands.
    note: &'static str,
}

/// What `plugin.enable` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct Enabled {
    /// The plugin.
    plugin: String,
    /// Whether it is on now.
    enabled: bool,
    /// When that takes effect.
    note: &'static str,
}

/// Parameters of `plugin.enable`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct EnableParams {
    /// The plugin's name.
    plugin: String,
    /// On (true) or off (false).
    enabled: bool,
}

fn folder(ctx: &Ctx<'_>) -> Result<PathBuf> {
    ctx.plugins_folder().map(Path::to_path_buf).ok_or_else(|| {
        Error::Failed(
            "this program has no plugins folder (it was started with --no-plugins, or its host has none)".to_owned(),
        )
    })
}

/// What `plugin.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct PluginList {
    /// The plugins folder, or null when plugins are off.
    folder: Option<PathBuf>,
    /// The plugins found there.
    plugins: Vec<PluginEntry>,
    /// Plugins that could not be read, and why.
    failures: Vec<String>,
    /// When plugins are off, why.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// One plugin of `plugin.list`.
#[derive(Debug, Serialize, JsonSchema)]
struct PluginEntry {
    /// Its name; its commands are `plugin.<name>.<command>`.
    name: String,
    /// Its version.
    version: String,
    /// What it does.
    description: String,
    /// Whether it is enabled (loaded at the next start).
    enabled: bool,
    /// Whether its commands are in this session's catalogue.
    loaded: bool,
    /// Its command ids.
    commands: Vec<String>,
    /// Its folder.
    folder: PathBuf,
}

fn list(ctx: &mut Ctx<'_>, _: NoParams) -> Result<PluginList> {
    let Some(folder) = ctx.plugins_folder() else {
        return Ok(PluginList {
            folder: None,
            plugins: Vec::new(),
            failures: Vec::new(),
            note: Some("plugins are off (--no-plugins)".to_owned()),
        });
    };
    let registry = ctx.registry();
    let (mut plugins, mut failures) = (Vec::new(), Vec::new());
    for found in scan(folder) {
        match found {
            Ok(info) => {
                let commands: Vec<String> = info
                    .manifest
                    .commands
                    .iter()
                    .map(|c| format!("plugin.{}.{}", info.manifest.name, c.name))
                    .collect();
                let loaded = commands.iter().all(|id| registry.get(id).is_some());
                plugins.push(PluginEntry {
                    name: info.manifest.name,
                    version: info.manifest.version,
                    description: info.manifest.description,
                    enabled: info.enabled,
                    loaded,
                    commands,
                    folder: info.folder,
                });
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    Ok(PluginList { folder: Some(folder.to_owned()), plugins, failures, note: None })
}

fn install(ctx: &mut Ctx<'_>, p: InstallParams) -> Result<Installed> {
    let source = ctx.read_path(&p.path)?;
    let plugins = folder(ctx)?;
    let files = if source.is_dir() {
        files_of_folder(&source)?
    } else if source.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip")) {
        files_of_zip(&source)?
    } else {
        return Err(Error::invalid(
            "path",
            format!("{} is neither a folder nor a .zip holding a plugin ({MANIFEST} at its top)", source.display()),
        ));
    };
    if !files.iter().any(|(name, _, _)| name == Path::new(MANIFEST)) {
        return Err(Error::invalid("path", format!("{} has no {MANIFEST} at its top", source.display())));
    }
    // The manifest is checked where it will live, in a staging folder, before anything replaces
    // an installed plugin.
    std::fs::create_dir_all(&plugins).map_err(|cause| Error::Io {
        action: "cannot make",
        path: plugins.clone(),
        cause,
    })?;
    let staging = plugins.join(format!(".installing-{}", std::process::id()));
    if staging.exists() {
        remove_folder(&staging)?;
    }
    let staged = write_files(&staging, &files).and_then(|()| read_manifest(&staging));
    let manifest = match staged {
        Ok(manifest) => manifest,
        Err(e) => {
            remove_folder(&staging)?;
            return Err(e);
        }
    };
    let target = plugins.join(&manifest.name);
    if target.exists() {
        if !p.replace {
            remove_folder(&staging)?;
            return Err(Error::invalid(
                "path",
                format!("a plugin named {} is installed; give \"replace\": true to replace it", manifest.name),
            ));
        }
        remove_folder(&target)?;
    }
    std::fs::rename(&staging, &target).map_err(|cause| Error::Io {
        action: "cannot install",
        path: target.clone(),
        cause,
    })?;
    Ok(Installed {
        commands: manifest.commands.iter().map(|c| format!("plugin.{}.{}", manifest.name, c.name)).collect(),
        installed: manifest.name,
        version: manifest.version,
        folder: target,
        note: "its commands load at the next start of a RustGIS program",
    })
}

fn remove(ctx: &mut Ctx<'_>, p: NameParams) -> Result<Removed> {
    let dir = installed(ctx, &p.plugin)?;
    remove_folder(&dir)?;
    Ok(Removed { removed: p.plugin, note: "its commands stay in this session's catalogue until the program restarts" })
}

fn enable(ctx: &mut Ctx<'_>, p: EnableParams) -> Result<Enabled> {
    let dir = installed(ctx, &p.plugin)?;
    let marker = dir.join(DISABLED_MARKER);
    if p.enabled {
        if marker.exists() {
            std::fs::remove_file(&marker).map_err(|cause| Error::Io {
                action: "cannot remove",
                path: marker,
                cause,
            })?;
        }
    } else if !marker.exists() {
        crate::io::atomic::write_bytes(&marker, false, b"turned off with plugin.enable\n")?;
    }
    Ok(Enabled {
        plugin: p.plugin,
        enabled: p.enabled,
        note: "this takes effect at the next start of a RustGIS program",
    })
}

/// The folder of the installed plugin `name`, or an error naming the installed ones.
fn installed(ctx: &Ctx<'_>, name: &str) -> Result<PathBuf> {
    let plugins = folder(ctx)?;
    let found = scan(&plugins).into_iter().flatten().find(|info| info.manifest.name == name);
    found.map(|info| info.folder).ok_or_else(|| {
        let names: Vec<String> = scan(&plugins).into_iter().flatten().map(|i| i.manifest.name).collect();
        Error::invalid(
            "plugin",
            format!(
                "no plugin named {name:?} is installed; installed: {}",
                if names.is_empty() { "none".to_owned() } else { names.join(", ") }
            ),
        )
    })
}

/// A plugin's file: its path inside the plugin, its bytes, whether it is executable.
type PluginFile = (PathBuf, Vec<u8>, bool);

fn files_of_folder(source: &Path) -> Result<Vec<PluginFile>> {
    let mut out = Vec::new();
    let mut total = 0u64;
    let mut pending = vec![source.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|cause| Error::Io { action: "cannot read", path: dir.clone(), cause })?;
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                pending.push(path);
            } else if kind.is_file() {
                let meta =
                    entry.metadata().map_err(|cause| Error::Io { action: "cannot read", path: path.clone(), cause })?;
                total += meta.len();
                if total > MAX_PLUGIN_BYTES || out.len() >= MAX_PLUGIN_FILES {
                    return Err(too_big(source));
                }
                let bytes = crate::io::read_regular(&path, MAX_PLUGIN_BYTES)?;
                if total - meta.len() + bytes.len() as u64 > MAX_PLUGIN_BYTES {
                    return Err(too_big(source));
                }
                let relative = path.strip_prefix(source).map_err(|e| Error::Failed(e.to_string()))?.to_path_buf();
                out.push((relative, bytes, is_executable(&meta)));
            }
            // Symbolic links are not copied: a plugin is its own files.
        }
    }
    Ok(out)
}

fn files_of_zip(source: &Path) -> Result<Vec<PluginFile>> {
    let mut archive = crate::io::zipped::Archive::open(source)?;
    let mut out = Vec::new();
    let mut total = 0u64;
    for name in archive.names()? {
        if name.ends_with('/') {
            continue;
        }
        let relative = PathBuf::from(&name);
        if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
            return Err(Error::invalid(
                "path",
                format!("{} holds {name:?}, a path outside the plugin", source.display()),
            ));
        }
        let bytes = archive.read(&name)?;
        total += bytes.len() as u64;
        if total > MAX_PLUGIN_BYTES || out.len() >= MAX_PLUGIN_FILES {
            return Err(too_big(source));
        }
        out.push((relative, bytes, name.ends_with(".sh") || name.ends_with(".py")));
    }
    Ok(out)
}

fn too_big(source: &Path) -> Error {
    Error::Limit {
        limit: "MAX_PLUGIN_BYTES",
        message: format!(
            "{} holds more than {MAX_PLUGIN_FILES} files or {} MiB; a plugin must be smaller",
            source.display(),
            MAX_PLUGIN_BYTES >> 20
        ),
    }
}

fn write_files(dir: &Path, files: &[PluginFile]) -> Result<()> {
    for (relative, bytes, executable) in files {
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|cause| Error::Io {
                action: "cannot make",
                path: parent.to_owned(),
                cause,
            })?;
        }
        crate::io::atomic::write_bytes(&path, false, bytes)?;
        if *executable {
            set_executable(&path)?;
        }
    }
    Ok(())
}

fn remove_folder(dir: &Path) -> Result<()> {
    std::fs::remove_dir_all(dir).map_err(|cause| Error::Io { action: "cannot remove", path: dir.to_owned(), cause })
}

#[cfg(unix)]
fn is_executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_meta: &std::fs::Metadata) -> bool {
    false
}

#[cfg(unix)]
fn set_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(|cause| Error::Io {
        action: "cannot make executable",
        path: path.to_owned(),
        cause,
    })
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> Result<()> {
    Ok(())
}

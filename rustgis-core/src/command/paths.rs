//! File paths as commands take them: [`ReadPath`] (a file or folder read) and [`WritePath`] (a
//! file written). Their text can be had only through [`Ctx::read_path`](crate::Ctx::read_path) and [`Ctx::write_path`](crate::Ctx::write_path),
//! which resolve it and check it against the caller's roots, so a command cannot use a path it
//! did not check. Their schemas carry `"x-rustgis-file": "read"` or `"write"`, which the test of
//! every command's paths (`tests/commands/roots.rs`) walks.

use serde::Deserialize;

/// The keyword of a path parameter's schema: `"read"` or `"write"`.
pub const FILE_KEYWORD: &str = "x-rustgis-file";

/// A file (or folder) a command reads, as the caller wrote it: relative to the project's folder,
/// `~/` for the home folder. Used only through [`Ctx::read_path`](crate::Ctx::read_path).
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct ReadPath(pub(super) String);

/// A file a command writes, as the caller wrote it. Used only through [`Ctx::write_path`](crate::Ctx::write_path).
#[derive(Debug, Clone, Deserialize)]
#[serde(transparent)]
pub struct WritePath(pub(super) String);

impl ReadPath {
    /// The path as the caller wrote it, for messages (never to open: [`Ctx::read_path`](crate::Ctx::read_path)).
    pub fn given(&self) -> &str {
        &self.0
    }
}

impl WritePath {
    /// The path as the caller wrote it, for messages (never to open: [`Ctx::write_path`](crate::Ctx::write_path)).
    pub fn given(&self) -> &str {
        &self.0
    }
}

impl schemars::JsonSchema for ReadPath {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ReadPath".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "x-rustgis-file": "read" })
    }
}

impl schemars::JsonSchema for WritePath {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WritePath".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "x-rustgis-file": "write" })
    }
}

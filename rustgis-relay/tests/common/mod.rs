//! Test commands the built-in catalogue does not have, shared by the relay's test files: one that
//! reads a file and one that runs code, so the refusal rules can be tested without real plugins.

use rustgis_core::{Access, CommandDef, Ctx};
use serde::Deserialize;
use serde_json::json;

/// Parameters naming a file.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PathParam {
    /// A file.
    pub path: String,
}

/// No parameters.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoParams {}

/// `test.readFile {path}`: reads a file (needs file access) and reports its size.
pub(crate) fn read_file_command() -> CommandDef {
    CommandDef::build("test.readFile").summary("Read a file").access(Access::READS_FILES).reads(
        |_: &mut Ctx<'_>, p: PathParam| {
            let bytes = std::fs::read(&p.path).map_err(|e| rustgis_core::Error::Failed(e.to_string()))?;
            Ok(json!({ "bytes": bytes.len() }))
        },
    )
}

/// `test.code {}`: "runs code" (needs Full access).
pub(crate) fn code_command() -> CommandDef {
    CommandDef::build("test.code")
        .summary("Run code")
        .access(Access::CODE)
        .reads(|_: &mut Ctx<'_>, _: NoParams| Ok(json!({ "ran": true })))
}

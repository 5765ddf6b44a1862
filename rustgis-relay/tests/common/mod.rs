//! Test commands the built-in catalogue does not have, shared by the relay's test files: one that
//! reads a file and one that runs code, so the refusal rules can be tested without real plugins.

use rustgis_core::{Access, CommandDef, Ctx, Effect};
use serde::Deserialize;
use serde_json::json;

/// Parameters naming a file.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PathParam {
    /// A file.
    pub path: String,
}

/// No parameters.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// `test.readFile {path}`: reads a file (needs file access) and reports its size.
pub fn read_file_command() -> CommandDef {
    CommandDef::new(
        "test.readFile",
        "Read a file",
        "",
        &[],
        Access::READS_FILES,
        Effect::Read,
        |_: &mut Ctx<'_>, p: PathParam| {
            let bytes = std::fs::read(&p.path).map_err(|e| rustgis_core::Error::Failed(e.to_string()))?;
            Ok(json!({ "bytes": bytes.len() }))
        },
    )
}

/// `test.code {}`: "runs code" (needs Full access).
pub fn code_command() -> CommandDef {
    CommandDef::new("test.code", "Run code", "", &[], Access::CODE, Effect::Read, |_: &mut Ctx<'_>, _: NoParams| {
        Ok(json!({ "ran": true }))
    })
}

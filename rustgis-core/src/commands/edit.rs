//! `edit.undo` and `edit.redo`: move through the undo history. The session runs them itself;
//! these definitions give them their place in the catalogue and the policy.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value as Json;

use crate::command::{CommandDef, Ctx, Effect};
use crate::error::{Error, Result};
use crate::policy::Access;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::new(
            "edit.undo",
            "Undo the last step (agents: only their own)",
            "Takes back the step on top of the undo history. The user can undo anyone's step; an agent or the \
             file bridge only its own, and is refused with the name of whose step is on top otherwise. Runs on its \
             own, never inside a script with other lines.",
            &["edit.undo {}"],
            Access::NONE,
            Effect::History,
            not_run_here,
        ),
        CommandDef::new(
            "edit.redo",
            "Redo the last undone step (agents: only their own)",
            "Redoes the step most recently undone, with the same ownership rule as `edit.undo`.",
            &["edit.redo {}"],
            Access::NONE,
            Effect::History,
            not_run_here,
        ),
    ]
}

/// Parameters of `edit.undo` and `edit.redo`: none.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoParams {}

fn not_run_here(ctx: &mut Ctx<'_>, _p: NoParams) -> Result<Json> {
    Err(Error::Failed(format!("{} is run by the session, not as an ordinary command", ctx.command())))
}

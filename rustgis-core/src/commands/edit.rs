//! `edit.undo` and `edit.redo`: move through the undo history. The session runs them itself;
//! these definitions give them their place in the catalogue and the policy.

use crate::command::{CommandDef, Direction};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("edit.undo")
            .summary("Undo the last step (agents: only their own)")
            .doc(
                "Takes back the step on top of the undo history. The user can undo anyone's step; an agent or the \
             file bridge only its own, and is refused with the name of whose step is on top otherwise. Runs on its \
             own, never inside a script with other lines.",
            )
            .examples(&["edit.undo {}"])
            .moves_history(Direction::Back),
        CommandDef::build("edit.redo")
            .summary("Redo the last undone step (agents: only their own)")
            .doc("Redoes the step most recently undone, with the same ownership rule as `edit.undo`.")
            .examples(&["edit.redo {}"])
            .moves_history(Direction::Forward),
    ]
}

//! The project's revision and a bounded log of its recent changes: who changed which layers with
//! which command, so a caller can ask what changed since the revision it last saw, and a change
//! can be refused when the project moved since the revision its caller expected.
//!
//! The session counts a revision for every change it records (a command's undo step, an undo, a
//! redo, a script, a job's result). The log keeps the latest [`DEFAULT_CHANGE_LOG_LIMIT`]
//! changes; asked about an older revision it answers in full and says so, never partially.

use std::collections::VecDeque;

use serde::Serialize;
use serde_json::Value as Json;

use super::Project;
use crate::error::{Error, Result};
use crate::layer::LayerId;
use crate::policy::Actor;

/// How many changes the log keeps; asked about an older revision, a session answers in full.
pub const DEFAULT_CHANGE_LOG_LIMIT: usize = 1_000;

/// The parameter every changing command accepts: the revision its caller last saw.
pub const EXPECTED_REVISION: &str = "expected_revision";

/// One recorded change of the project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The project's revision after the change.
    pub revision: u64,
    /// Who made it, as shown to people (`user`, `agent 2`, `file bridge`).
    pub actor: String,
    /// Who made it, as the session tells actors apart.
    #[serde(skip)]
    pub who: Actor,
    /// The command id (`edit.undo`, `script (3 lines)` for a script).
    pub command: String,
    /// The layers it added, by their names after the change.
    pub layers_added: Vec<String>,
    /// The layers it changed, by their names after the change.
    pub layers_changed: Vec<String>,
    /// The layers it removed, by their names before the change.
    pub layers_removed: Vec<String>,
    /// The same layers by id, to follow a layer through renames.
    #[serde(skip)]
    ids: LayerDiff,
}

/// What changed after a revision, for `since_revision`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChangesSince {
    /// The project's revision now.
    pub revision: u64,
    /// The revision asked about.
    pub since_revision: u64,
    /// Whether the answer is in full: the revision asked about is older than the log keeps, so
    /// every layer is listed as changed and removed layers are not known.
    pub full: bool,
    /// The layers added since, still in the project, by their names now.
    pub layers_added: Vec<String>,
    /// The layers changed since (not added since), by their names now.
    pub layers_changed: Vec<String>,
    /// The layers there at `since_revision` that are gone now, by their last names.
    pub layers_removed: Vec<String>,
    /// The changes since, oldest first (only those the log keeps).
    pub changes: Vec<Change>,
    /// What the caller must know (the answer is in full), or nothing.
    pub notices: Vec<String>,
    /// The layers to list, by id: added or changed since.
    #[serde(skip)]
    ids: Vec<LayerId>,
}

impl ChangesSince {
    /// Whether `id` is a layer added or changed since (to list it).
    pub fn lists(&self, id: LayerId) -> bool {
        self.full || self.ids.contains(&id)
    }
}

/// Which layers a change added, changed and removed: `(id, name)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct LayerDiff {
    added: Vec<(LayerId, String)>,
    changed: Vec<(LayerId, String)>,
    removed: Vec<(LayerId, String)>,
}

/// The project's revision and its latest changes.
#[derive(Debug, Clone)]
pub struct ChangeLog {
    revision: u64,
    changes: VecDeque<Change>,
    limit: usize,
}

impl Default for ChangeLog {
    fn default() -> Self {
        ChangeLog { revision: 0, changes: VecDeque::new(), limit: DEFAULT_CHANGE_LOG_LIMIT }
    }
}

impl ChangeLog {
    /// The project's revision: 0 until the first change, then one more with each.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The latest change, if the log keeps any.
    pub fn last(&self) -> Option<&Change> {
        self.changes.back()
    }

    /// Keeps at most `limit` changes (at least 1).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit.max(1);
        self.trim();
    }

    /// Records a change from `before` to `after` by `actor` with `command`: the revision moves on.
    pub fn record(&mut self, actor: Actor, command: &str, before: &Project, after: &Project) {
        self.revision += 1;
        let ids = diff(before, after);
        let names = |list: &[(LayerId, String)]| list.iter().map(|(_, name)| name.clone()).collect();
        self.changes.push_back(Change {
            revision: self.revision,
            actor: actor.to_string(),
            who: actor,
            command: command.to_owned(),
            layers_added: names(&ids.added),
            layers_changed: names(&ids.changed),
            layers_removed: names(&ids.removed),
            ids,
        });
        self.trim();
    }

    /// What changed after `since`, named as in `project` (the project now). A revision older
    /// than the log keeps gets a full answer that says so; a revision the project has not
    /// reached is an error.
    pub fn since(&self, since: u64, project: &Project) -> Result<ChangesSince> {
        if since > self.revision {
            return Err(Error::invalid(
                "since_revision",
                format!(
                    "the project is at revision {}, and {since} is later; give {} or less",
                    self.revision, self.revision
                ),
            ));
        }
        let oldest_kept = self.changes.front().map_or(self.revision + 1, |c| c.revision);
        let mut answer = ChangesSince {
            revision: self.revision,
            since_revision: since,
            full: false,
            layers_added: Vec::new(),
            layers_changed: Vec::new(),
            layers_removed: Vec::new(),
            changes: self.changes.iter().filter(|c| c.revision > since).cloned().collect(),
            notices: Vec::new(),
            ids: Vec::new(),
        };
        if since + 1 < oldest_kept && since < self.revision {
            answer.full = true;
            answer.layers_changed = project.layers.iter().map(|l| l.name.clone()).collect();
            answer.notices.push(format!(
                "revision {since} is older than the {} changes kept (the oldest kept is {}), so this answer is in \
                 full: every layer is listed as changed, and layers removed since are not known",
                self.limit,
                oldest_kept.saturating_sub(1)
            ));
            return Ok(answer);
        }
        let (mut added, mut changed, mut removed): (Vec<LayerId>, Vec<LayerId>, Vec<(LayerId, String)>) =
            (Vec::new(), Vec::new(), Vec::new());
        for change in &answer.changes {
            added.extend(change.ids.added.iter().map(|(id, _)| *id));
            changed.extend(change.ids.changed.iter().map(|(id, _)| *id));
            for (id, name) in &change.ids.removed {
                removed.retain(|(other, _)| other != id);
                removed.push((*id, name.clone()));
            }
        }
        for layer in &project.layers {
            if added.contains(&layer.id) {
                answer.layers_added.push(layer.name.clone());
                answer.ids.push(layer.id);
            } else if changed.contains(&layer.id) {
                answer.layers_changed.push(layer.name.clone());
                answer.ids.push(layer.id);
            }
        }
        answer.layers_removed = removed
            .into_iter()
            .filter(|(id, _)| !added.contains(id) && project.layer_by_id(*id).is_none())
            .map(|(_, name)| name)
            .collect();
        Ok(answer)
    }

    /// Takes `expected_revision` out of a changing command's parameters and refuses the call
    /// when the project is no longer at that revision, naming who moved it.
    pub fn check_expected(&self, command: &str, params: &mut Json) -> Result<()> {
        let Some(given) = params.as_object_mut().and_then(|map| map.remove(EXPECTED_REVISION)) else {
            return Ok(());
        };
        let expected = given.as_u64().ok_or_else(|| {
            Error::invalid(
                EXPECTED_REVISION,
                format!("expected a whole number (0 or more), the revision last seen, not {given}"),
            )
        })?;
        if expected == self.revision {
            return Ok(());
        }
        let after: Vec<&Change> = self.changes.iter().filter(|c| c.revision > expected).collect();
        let moved_by = match after.last() {
            _ if expected > self.revision => "the project has never been at that revision".to_owned(),
            Some(latest) => {
                let mut who: Vec<&str> = Vec::new();
                for change in after.iter().rev() {
                    if !who.contains(&change.actor.as_str()) {
                        who.push(&change.actor);
                    }
                }
                format!(
                    "{} moved it (latest: {} by {} at revision {})",
                    who.join(", "),
                    latest.command,
                    latest.actor,
                    latest.revision
                )
            }
            None => "the changes since are older than the log keeps".to_owned(),
        };
        Err(Error::StaleRevision {
            command: command.to_owned(),
            expected,
            current: self.revision,
            moved_by,
            actor: after.last().map(|c| c.actor.clone()),
        })
    }

    fn trim(&mut self) {
        while self.changes.len() > self.limit {
            self.changes.pop_front();
        }
    }
}

/// The layers `after` has that `before` had not, those both have that differ, and those only
/// `before` has, by id.
fn diff(before: &Project, after: &Project) -> LayerDiff {
    let mut out = LayerDiff::default();
    for layer in &after.layers {
        match before.layer_by_id(layer.id) {
            None => out.added.push((layer.id, layer.name.clone())),
            Some(old) if !super::same::same_layer(layer, old) => out.changed.push((layer.id, layer.name.clone())),
            Some(_) => {}
        }
    }
    for layer in &before.layers {
        if after.layer_by_id(layer.id).is_none() {
            out.removed.push((layer.id, layer.name.clone()));
        }
    }
    out
}

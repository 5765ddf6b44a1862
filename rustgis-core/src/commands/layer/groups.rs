//! `layer.group`, `layer.ungroup`, `layer.setGroupVisible`, `layer.moveGroup`,
//! `layer.renameGroup`: layer groups, which show, hide and move their layers together
//! (`project/groups.rs` keeps them).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{MoveTo, MoveWord};
use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::project::groups::{self, Place, Target, group_path, in_group, parent_of};

/// The command definitions of layer groups.
pub(super) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("layer.group")
            .summary("Put layers in a layer group (made when new; `Basemap/Water` nests one), or take them out")
            .doc(
                "A group shows, hides and moves its layers together, as in QGIS's layer tree, and is saved with the \
             project. Layers joining a group that has layers go to its top; a new group is made where the topmost \
             of its layers is. `\"group\": null` takes the layers out of their groups (each goes just below the \
             group it left). A group lives while it holds a layer; `layer.list` lists them.",
            )
            .examples(&[
                r#"layer.group {"layers": ["coastline", "boundaries"], "group": "Basemap"}"#,
                r#"layer.group {"layers": ["coastline"], "group": "Basemap/Water"}"#,
                r#"layer.group {"layers": ["coastline"], "group": null}"#,
            ])
            .edits_returning(group),
        CommandDef::build("layer.ungroup")
            .summary("Dissolve a layer group: its layers and groups go up one level")
            .examples(&[r#"layer.ungroup {"group": "Basemap"}"#])
            .example_setup(BASEMAP_GROUP)
            .edits_returning(ungroup),
        CommandDef::build("layer.setGroupVisible")
            .summary("Show or hide a layer group and everything in it")
            .doc(
                "A hidden group hides its layers and its groups' layers whatever their own switches say; shown \
                 again, each layer is drawn as its own switch says.",
            )
            .examples(&[r#"layer.setGroupVisible {"group": "Basemap", "visible": false}"#])
            .example_setup(BASEMAP_GROUP)
            .edits_returning(set_group_visible),
        CommandDef::build("layer.moveGroup")
            .summary("Move a layer group, with everything in it, in the drawing order")
            .doc("Among the layers and groups beside it: top, bottom, up, down, or a position (0 = bottom).")
            .examples(&[r#"layer.moveGroup {"group": "Basemap", "position": "bottom"}"#])
            .example_setup(BASEMAP_GROUP)
            .edits_returning(move_group),
        CommandDef::build("layer.renameGroup")
            .summary("Rename a layer group; its layers and groups stay in it")
            .examples(&[r#"layer.renameGroup {"group": "Basemap", "name": "Background"}"#])
            .example_setup(BASEMAP_GROUP)
            .edits_returning(rename_group),
    ]
}

/// The layer group the group commands' examples work on.
const BASEMAP_GROUP: &str = r#"layer.group {"layers": ["countries", "boundaries"], "group": "Basemap"}"#;

/// Parameters of `layer.group`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GroupParams {
    /// The layers to put in the group (or take out of theirs).
    layers: Vec<String>,
    /// The group, `Basemap/Water` for a group in a group; null takes the layers out of theirs.
    group: Option<String>,
}

/// What `layer.group`, `layer.ungroup` and `layer.renameGroup` return.
#[derive(Debug, Serialize, JsonSchema)]
struct Grouped {
    /// The group now (null: the layers are in no group).
    group: Option<String>,
    /// The layers the command moved in or out of a group.
    layers: Vec<String>,
    /// Every layer's name, bottom to top.
    order: Vec<String>,
}

fn group(ctx: &mut Ctx<'_>, p: GroupParams) -> Result<Grouped> {
    if p.layers.is_empty() {
        return Err(Error::invalid("layers", "name at least one layer to put in the group"));
    }
    let path = p.group.as_deref().map(group_path).transpose()?;
    let ids = p.layers.iter().map(|name| ctx.project().require(name).map(|l| l.id)).collect::<Result<Vec<_>>>()?;
    let project = ctx.project_mut();
    match &path {
        Some(path) => {
            // A layer already in this group stays where it is in it.
            let ids: Vec<_> = ids
                .iter()
                .copied()
                .filter(|id| project.layer_by_id(*id).is_some_and(|l| l.group.as_deref() != Some(path.as_str())))
                .collect();
            // Joining a group that has layers: the joiners go to its top, so the group stays
            // where it is (a new group gathers where the topmost of its layers is).
            let anchor = std::iter::successors(Some(path.as_str()), |p| parent_of(p)).find_map(|g| {
                project
                    .layers
                    .iter()
                    .rposition(|l| !ids.contains(&l.id) && l.group.as_deref().is_some_and(|x| in_group(x, g)))
            });
            if let Some(anchor) = anchor {
                let anchor_id = project.layers[anchor].id;
                let (mut joining, rest): (Vec<_>, Vec<_>) =
                    std::mem::take(&mut project.layers).into_iter().partition(|l| ids.contains(&l.id));
                project.layers = rest;
                let at = project.layers.iter().position(|l| l.id == anchor_id).map_or(0, |i| i + 1);
                for layer in &mut joining {
                    layer.group = Some(path.clone());
                }
                project.layers.splice(at..at, joining);
            }
            for layer in project.layers.iter_mut().filter(|l| ids.contains(&l.id)) {
                layer.group = Some(path.clone());
            }
        }
        None => {
            // Out of its group: just below the group it left.
            for id in &ids {
                let Some(from) = project.layers.iter().position(|l| l.id == *id) else { continue };
                let Some(left) = project.layers[from].group.take() else { continue };
                let outer = left.split('/').next().unwrap_or(&left).to_owned();
                let bottom = project
                    .layers
                    .iter()
                    .position(|l| l.group.as_deref().is_some_and(|g| in_group(g, &outer)))
                    .unwrap_or(from);
                let layer = project.layers.remove(from);
                project.layers.insert(bottom.min(from), layer);
            }
        }
    }
    let names = ids.iter().filter_map(|id| ctx.project().layer_by_id(*id)).map(|l| l.name.clone()).collect();
    Ok(Grouped { group: path, layers: names, order: tidy_order(ctx) })
}

/// The layer order once the groups are tidied (as the session does when the command ends).
fn tidy_order(ctx: &mut Ctx<'_>) -> Vec<String> {
    ctx.project_mut().tidy_groups();
    ctx.project().layer_names()
}

/// Parameters naming one group.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GroupParam {
    /// The group, `Basemap/Water` for a group in a group.
    group: String,
}

fn ungroup(ctx: &mut Ctx<'_>, p: GroupParam) -> Result<Grouped> {
    let path = group_path(&p.group)?;
    ctx.project().require_group(&path)?;
    let parent = parent_of(&path).map(str::to_owned);
    // `path` and what is inside it, one level up: `G/H/x` in `G/H` becomes `G/x`.
    let lifted = |current: &str| -> Option<String> {
        let inner = current[path.len()..].trim_start_matches('/');
        match (&parent, inner.is_empty()) {
            (None, true) => None,
            (None, false) => Some(inner.to_owned()),
            (Some(parent), true) => Some(parent.clone()),
            (Some(parent), false) => Some(format!("{parent}/{inner}")),
        }
    };
    let project = ctx.project_mut();
    // The groups inside keep their own switches under their new paths.
    let inner_groups: Vec<(String, bool)> = project
        .groups
        .iter()
        .filter(|g| g.path != path && in_group(&g.path, &path))
        .filter_map(|g| Some((lifted(&g.path)?, g.visible)))
        .collect();
    project.groups.retain(|g| !in_group(&g.path, &path));
    for (lifted_path, visible) in inner_groups {
        project.groups.retain(|g| g.path != lifted_path);
        project.groups.push(crate::project::groups::LayerGroup { path: lifted_path, visible });
    }
    let mut freed = Vec::new();
    for layer in &mut project.layers {
        if let Some(current) = layer.group.as_deref().filter(|current| in_group(current, &path)) {
            layer.group = lifted(current);
            freed.push(layer.name.clone());
        }
    }
    Ok(Grouped { group: parent, layers: freed, order: tidy_order(ctx) })
}

/// Parameters of `layer.setGroupVisible`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GroupVisibleParams {
    /// The group, `Basemap/Water` for a group in a group.
    group: String,
    /// `true` to show, `false` to hide.
    visible: bool,
}

/// What `layer.setGroupVisible` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct GroupShown {
    /// The group.
    group: String,
    /// Its own switch now.
    visible: bool,
    /// Whether it is drawn now: it and every group it is in are shown.
    shown: bool,
    /// The layers in it (its groups' included), bottom to top; each is drawn when the group is
    /// shown and its own switch is on.
    layers: Vec<String>,
}

fn set_group_visible(ctx: &mut Ctx<'_>, p: GroupVisibleParams) -> Result<GroupShown> {
    let path = group_path(&p.group)?;
    ctx.project_mut().set_group_visible(&path, p.visible)?;
    let project = ctx.project();
    let layers = project
        .layers
        .iter()
        .filter(|l| l.group.as_deref().is_some_and(|g| in_group(g, &path)))
        .map(|l| l.name.clone())
        .collect();
    Ok(GroupShown { shown: project.group_shown(&path), group: path, visible: p.visible, layers })
}

/// Parameters of `layer.moveGroup`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct MoveGroupParams {
    /// The group, `Basemap/Water` for a group in a group.
    group: String,
    /// `top`, `bottom`, `up`, `down`, or a position among the layers and groups beside it (0 = bottom).
    position: MoveTo,
}

/// What `layer.moveGroup` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct GroupMoved {
    /// The group moved.
    group: String,
    /// Its position now among the layers and groups beside it (0 = bottom).
    position: usize,
    /// Every layer's name, bottom to top.
    order: Vec<String>,
}

fn move_group(ctx: &mut Ctx<'_>, p: MoveGroupParams) -> Result<GroupMoved> {
    let path = group_path(&p.group)?;
    ctx.project().require_group(&path)?;
    let position = ctx.project_mut().move_in_tree(Target::Group(&path), place(p.position))?;
    Ok(GroupMoved { group: path, position, order: ctx.project().layer_names() })
}

/// A move's place as `project/groups.rs` takes it.
pub(super) fn place(to: MoveTo) -> Place {
    match to {
        MoveTo::Index(i) => Place::Index(i),
        MoveTo::Named(MoveWord::Top) => Place::Top,
        MoveTo::Named(MoveWord::Bottom) => Place::Bottom,
        MoveTo::Named(MoveWord::Up) => Place::Up,
        MoveTo::Named(MoveWord::Down) => Place::Down,
    }
}

/// Parameters of `layer.renameGroup`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RenameGroupParams {
    /// The group, `Basemap/Water` for a group in a group.
    group: String,
    /// Its new name (one name: it stays where it is).
    name: String,
}

fn rename_group(ctx: &mut Ctx<'_>, p: RenameGroupParams) -> Result<Grouped> {
    let path = group_path(&p.group)?;
    ctx.project().require_group(&path)?;
    let name = group_path(&p.name).map_err(|e| Error::invalid("name", e))?;
    if name.contains('/') {
        return Err(Error::invalid(
            "name",
            format!("'{name}' is a path: a group's new name is one name; layer.group moves layers into another group"),
        ));
    }
    let renamed = match parent_of(&path) {
        Some(parent) => format!("{parent}/{name}"),
        None => name,
    };
    if renamed != path && ctx.project().groups.iter().any(|g| g.path == renamed) {
        return Err(Error::invalid(
            "name",
            format!("there is a group '{renamed}' already; layer.group moves layers into it"),
        ));
    }
    let project = ctx.project_mut();
    for group in project.groups.iter_mut().filter(|g| in_group(&g.path, &path)) {
        group.path = format!("{renamed}{}", &group.path[path.len()..]);
    }
    let mut layers = Vec::new();
    for layer in &mut project.layers {
        if let Some(current) = &layer.group
            && in_group(current, &path)
        {
            layer.group = Some(format!("{renamed}{}", &current[path.len()..]));
            layers.push(layer.name.clone());
        }
    }
    Ok(Grouped { group: Some(renamed), layers, order: tidy_order(ctx) })
}

/// The groups as `layer.list` reports them.
#[derive(Debug, Serialize, JsonSchema)]
pub(super) struct GroupListed {
    /// Its path (`Basemap/Water`: `Water` in `Basemap`).
    group: String,
    /// Its own switch.
    visible: bool,
    /// Whether it is drawn: it and every group it is in are shown.
    shown: bool,
    /// Its layers (its groups' included), bottom to top.
    layers: Vec<String>,
}

/// Every group of the project, for `layer.list`.
pub(super) fn listed(project: &crate::project::Project) -> Vec<GroupListed> {
    project
        .group_entries()
        .into_iter()
        .map(|g: groups::GroupEntry| GroupListed {
            group: g.path,
            visible: g.visible,
            shown: g.shown,
            layers: g.layers,
        })
        .collect()
}

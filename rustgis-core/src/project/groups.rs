//! Layer groups: named, nestable sets of layers that are shown, hidden and moved together, as
//! in QGIS's layer tree.
//!
//! A layer names the group it is in (`Layer::group`, a path such as `Basemap/Water` for the
//! group `Water` inside `Basemap`); the project keeps each group's own switch
//! (`Project::groups`). The layer list stays the drawing order, and one invariant holds after
//! every change ([`Project::tidy_groups`], run by the session on every changed project): the
//! layers of a group, its subgroups' included, are next to each other in that order, where its
//! topmost layer was. A group lives while it holds a layer.

use serde::{Deserialize, Serialize};

use super::Project;
use crate::error::{Error, Result};
use crate::layer::{Layer, LayerId};

/// A layer group's own switch: hidden, none of its layers (nor its subgroups') is drawn,
/// whatever each layer's own switch says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerGroup {
    /// The group's path: its name after its parents' names, `/` between them.
    pub path: String,
    /// Whether the group is shown.
    pub visible: bool,
}

/// The longest group path taken, in characters.
pub const MAX_GROUP_PATH: usize = 512;

/// A group path as given, checked and tidied: names separated by `/`, each trimmed and not
/// empty (`" Basemap / Water "` is `Basemap/Water`).
pub fn group_path(text: &str) -> Result<String> {
    if text.chars().count() > MAX_GROUP_PATH {
        return Err(Error::invalid(
            "group",
            format!("a group path is at most {MAX_GROUP_PATH} characters; this one has {}", text.chars().count()),
        ));
    }
    let names: Vec<&str> = text.split('/').map(str::trim).collect();
    if names.iter().any(|n| n.is_empty()) {
        return Err(Error::invalid(
            "group",
            format!(
                "'{text}' has an empty group name: a group is a name (`Basemap`), or names separated by `/` for \
                 a group in a group (`Basemap/Water`)"
            ),
        ));
    }
    Ok(names.join("/"))
}

/// Whether `path` is `group` or a group inside it.
pub fn in_group(path: &str, group: &str) -> bool {
    path == group || path.strip_prefix(group).is_some_and(|rest| rest.starts_with('/'))
}

/// `path` and every group it is in, outermost first: `A`, `A/B`, `A/B/C`.
fn with_parents(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(|(i, _)| &path[..i]).chain(std::iter::once(path))
}

/// The group `path` is in, or `None` at the top.
pub fn parent_of(path: &str) -> Option<&str> {
    path.rsplit_once('/').map(|(parent, _)| parent)
}

/// One place in the layer tree: a layer, or a group with what is in it, bottom first.
#[derive(Debug)]
enum Node {
    Layer(usize),
    Group { path: String, children: Vec<Node> },
}

impl Node {
    fn is_group(&self, path: &str) -> bool {
        matches!(self, Node::Group { path: p, .. } if p == path)
    }

    fn flatten(&self, out: &mut Vec<usize>) {
        match self {
            Node::Layer(i) => out.push(*i),
            Node::Group { children, .. } => children.iter().for_each(|c| c.flatten(out)),
        }
    }
}

/// The layer tree of `layers` (bottom to top), each group where its topmost layer is.
fn tree(layers: &[Layer]) -> Vec<Node> {
    let mut root = Vec::new();
    for (index, layer) in layers.iter().enumerate().rev() {
        let mut level: &mut Vec<Node> = &mut root;
        if let Some(path) = &layer.group {
            for group in with_parents(path) {
                let at = match level.iter().position(|n| n.is_group(group)) {
                    Some(at) => at,
                    None => {
                        level.push(Node::Group { path: group.to_owned(), children: Vec::new() });
                        level.len() - 1
                    }
                };
                let Node::Group { children, .. } = &mut level[at] else { unreachable!("found as a group") };
                level = children;
            }
        }
        level.push(Node::Layer(index));
    }
    reverse(&mut root);
    root
}

/// Built top first; turned bottom first, at every level.
fn reverse(nodes: &mut [Node]) {
    nodes.reverse();
    for node in nodes {
        if let Node::Group { children, .. } = node {
            reverse(children);
        }
    }
}

/// The layer order the tree gives: indices into the layers, bottom to top.
fn order(nodes: &[Node]) -> Vec<usize> {
    let mut out = Vec::new();
    nodes.iter().for_each(|n| n.flatten(&mut out));
    out
}

/// The list of places beside one another that holds `target`.
fn siblings_of<'a>(nodes: &'a mut Vec<Node>, target: &Target<'_>, layers: &[Layer]) -> Option<&'a mut Vec<Node>> {
    let here = nodes.iter().any(|n| match (n, target) {
        (Node::Layer(i), Target::Layer(id)) => layers[*i].id == *id,
        (Node::Group { path, .. }, Target::Group(group)) => path == group,
        _ => false,
    });
    if here {
        return Some(nodes);
    }
    nodes.iter_mut().find_map(|n| match n {
        Node::Group { children, .. } => siblings_of(children, target, layers),
        Node::Layer(_) => None,
    })
}

/// What a move moves: one layer, or a group with everything in it.
#[derive(Debug, Clone, Copy)]
pub enum Target<'a> {
    /// A layer, by id.
    Layer(LayerId),
    /// A group, by path.
    Group(&'a str),
}

/// Where a move puts its layer or group among the layers and groups beside it.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    /// A position among them, 0 = bottom.
    Index(usize),
    /// Above all of them.
    Top,
    /// Below all of them.
    Bottom,
    /// One step up (over a whole group).
    Up,
    /// One step down.
    Down,
}

/// A group as `layer.list` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupEntry {
    /// Its path.
    pub path: String,
    /// Its own switch.
    pub visible: bool,
    /// Whether it is drawn: it and every group it is in are shown.
    pub shown: bool,
    /// Its layers, its subgroups' included, bottom to top.
    pub layers: Vec<String>,
}

impl Project {
    /// Whether `layer` is drawn: it is visible and so is every group it is in.
    pub fn is_shown(&self, layer: &Layer) -> bool {
        layer.visible && layer.group.as_deref().is_none_or(|path| self.group_shown(path))
    }

    /// Whether the group `path` and every group it is in are shown (a group not listed is).
    pub fn group_shown(&self, path: &str) -> bool {
        with_parents(path).all(|g| self.groups.iter().find(|x| x.path == g).is_none_or(|x| x.visible))
    }

    /// The layers drawn, bottom to top.
    pub fn shown_layers(&self) -> impl Iterator<Item = &Layer> {
        self.layers.iter().filter(|l| self.is_shown(l))
    }

    /// The groups, each after the groups it holds, in the order of their topmost layers (bottom
    /// first), with their layers.
    pub fn group_entries(&self) -> Vec<GroupEntry> {
        self.groups
            .iter()
            .map(|g| GroupEntry {
                path: g.path.clone(),
                visible: g.visible,
                shown: self.group_shown(&g.path),
                layers: self
                    .layers
                    .iter()
                    .filter(|l| l.group.as_deref().is_some_and(|p| in_group(p, &g.path)))
                    .map(|l| l.name.clone())
                    .collect(),
            })
            .collect()
    }

    /// The group `path`, or an error naming the groups there are.
    pub fn require_group(&self, path: &str) -> Result<&LayerGroup> {
        self.groups.iter().find(|g| g.path == path).ok_or_else(|| {
            let known: Vec<String> = self.groups.iter().map(|g| format!("'{}'", g.path)).collect();
            Error::invalid(
                "group",
                if known.is_empty() {
                    format!("there is no group '{path}': the project has no groups yet (layer.group makes one)")
                } else {
                    format!("there is no group '{path}'; the groups are {}", known.join(", "))
                },
            )
        })
    }

    /// Shows or hides the group `path` (its own switch; its layers keep theirs).
    pub fn set_group_visible(&mut self, path: &str, visible: bool) -> Result<()> {
        self.require_group(path)?;
        if let Some(group) = self.groups.iter_mut().find(|g| g.path == path) {
            group.visible = visible;
        }
        Ok(())
    }

    /// Restores the invariant after any change: every group's layers next to each other where
    /// its topmost layer is, and one switch per group that holds a layer (a new group is shown;
    /// an emptied one is forgotten). A project that keeps it is left as it was.
    pub fn tidy_groups(&mut self) {
        if self.layers.iter().all(|l| l.group.is_none()) {
            self.groups.clear();
            return;
        }
        let nodes = tree(&self.layers);
        self.reorder(&order(&nodes));
        let mut groups = Vec::new();
        collect_groups(&nodes, &self.groups, &mut groups);
        self.groups = groups;
    }

    /// Moves a layer or a group (with everything in it) among the layers and groups beside it;
    /// its position among them afterwards (0 = bottom).
    pub fn move_in_tree(&mut self, target: Target<'_>, place: Place) -> Result<usize> {
        let mut nodes = tree(&self.layers);
        let siblings = siblings_of(&mut nodes, &target, &self.layers).ok_or_else(|| match target {
            Target::Layer(id) => Error::invalid("layer", format!("layer {id:?} is not in the project")),
            Target::Group(path) => Error::invalid("group", format!("there is no group '{path}'")),
        })?;
        let from = siblings
            .iter()
            .position(|n| match (n, &target) {
                (Node::Layer(i), Target::Layer(id)) => self.layers[*i].id == *id,
                (Node::Group { path, .. }, Target::Group(group)) => path == group,
                _ => false,
            })
            .unwrap_or_default();
        let last = siblings.len() - 1;
        let to = match place {
            Place::Index(i) if i > last => {
                let beside = match target {
                    Target::Layer(_) => "the layers and groups beside it",
                    Target::Group(_) => "the layers and groups beside the group",
                };
                return Err(Error::invalid(
                    "position",
                    format!("position {i} is past the top of {beside}; use 0 (bottom) to {last} (top)"),
                ));
            }
            Place::Index(i) => i,
            Place::Top => last,
            Place::Bottom => 0,
            Place::Up => (from + 1).min(last),
            Place::Down => from.saturating_sub(1),
        };
        let node = siblings.remove(from);
        siblings.insert(to, node);
        self.reorder(&order(&nodes));
        Ok(to)
    }

    /// The position of a layer or group among the layers and groups beside it (0 = bottom).
    pub fn position_in_tree(&self, target: Target<'_>) -> Option<usize> {
        let mut nodes = tree(&self.layers);
        let siblings = siblings_of(&mut nodes, &target, &self.layers)?;
        siblings.iter().position(|n| match (n, &target) {
            (Node::Layer(i), Target::Layer(id)) => self.layers[*i].id == *id,
            (Node::Group { path, .. }, Target::Group(group)) => path == group,
            _ => false,
        })
    }

    /// Puts the layers in the order `order` gives (indices into the layers as they are).
    fn reorder(&mut self, order: &[usize]) {
        if order.iter().enumerate().all(|(at, i)| at == *i) {
            return;
        }
        let mut taken: Vec<Option<Layer>> = std::mem::take(&mut self.layers).into_iter().map(Some).collect();
        self.layers = order.iter().filter_map(|i| taken[*i].take()).collect();
    }
}

/// Every group of `nodes`, outer groups before the groups they hold, keeping each one's switch
/// from `before` (a new group is shown).
fn collect_groups(nodes: &[Node], before: &[LayerGroup], out: &mut Vec<LayerGroup>) {
    for node in nodes {
        if let Node::Group { path, children } = node {
            let visible = before.iter().find(|g| &g.path == path).is_none_or(|g| g.visible);
            out.push(LayerGroup { path: path.clone(), visible });
            collect_groups(children, before, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layer::Crs;

    fn project(layers: &[(&str, Option<&str>)]) -> Project {
        let mut project = Project::new("test");
        for (n, (name, group)) in layers.iter().enumerate() {
            let mut layer = Layer::new(*name, Crs::WGS84, Vec::new(), Vec::new());
            layer.id = LayerId(n as u64 + 1);
            layer.group = group.map(str::to_owned);
            project.layers.push(layer);
        }
        project
    }

    fn names(project: &Project) -> Vec<&str> {
        project.layers.iter().map(|l| l.name.as_str()).collect()
    }

    #[test]
    fn a_group_gathers_its_layers_where_its_topmost_layer_is() {
        let mut p = project(&[("a", Some("G")), ("b", None), ("c", Some("G")), ("d", None)]);
        p.tidy_groups();
        assert_eq!(names(&p), ["b", "a", "c", "d"]);
        assert_eq!(p.groups, [LayerGroup { path: "G".into(), visible: true }]);
    }

    #[test]
    fn nested_groups_stay_inside_their_parent() {
        let mut p = project(&[("a", Some("G/H")), ("b", Some("G")), ("x", None), ("c", Some("G/H"))]);
        p.tidy_groups();
        assert_eq!(names(&p), ["x", "b", "a", "c"]);
        let paths: Vec<&str> = p.groups.iter().map(|g| g.path.as_str()).collect();
        assert_eq!(paths, ["G", "G/H"]);
    }

    #[test]
    fn a_tidy_project_keeps_its_order() {
        let mut p = project(&[("a", None), ("b", Some("G")), ("c", Some("G")), ("d", None)]);
        p.tidy_groups();
        assert_eq!(names(&p), ["a", "b", "c", "d"]);
    }

    #[test]
    fn a_hidden_parent_hides_the_layers_of_its_subgroups() {
        let mut p = project(&[("a", Some("G/H")), ("b", None)]);
        p.tidy_groups();
        p.set_group_visible("G", false).expect("the group exists");
        let shown: Vec<&str> = p.shown_layers().map(|l| l.name.as_str()).collect();
        assert_eq!(shown, ["b"]);
    }

    #[test]
    fn up_steps_over_a_whole_group() {
        let mut p = project(&[("x", None), ("a", Some("G")), ("b", Some("G"))]);
        p.tidy_groups();
        let at = p.move_in_tree(Target::Layer(LayerId(1)), Place::Up).expect("moves");
        assert_eq!((at, names(&p)), (1, vec!["a", "b", "x"]));
    }

    #[test]
    fn top_moves_a_grouped_layer_to_the_top_of_its_group() {
        let mut p = project(&[("a", Some("G")), ("b", Some("G")), ("x", None)]);
        p.tidy_groups();
        p.move_in_tree(Target::Layer(LayerId(1)), Place::Top).expect("moves");
        assert_eq!(names(&p), ["b", "a", "x"]);
    }

    #[test]
    fn a_group_moves_with_its_subgroups() {
        let mut p = project(&[("a", Some("G")), ("b", Some("G/H")), ("x", None)]);
        p.tidy_groups();
        p.move_in_tree(Target::Group("G"), Place::Top).expect("moves");
        assert_eq!(names(&p), ["x", "a", "b"]);
    }

    #[test]
    fn group_paths_are_trimmed_and_empty_names_refused() {
        assert_eq!(group_path(" Basemap / Water ").expect("a path"), "Basemap/Water");
        assert!(group_path("Basemap//Water").is_err());
        assert!(group_path("").is_err());
    }

    #[test]
    fn in_group_does_not_match_a_longer_name() {
        assert!(in_group("G/H", "G") && in_group("G", "G"));
        assert!(!in_group("Ga", "G"));
    }
}

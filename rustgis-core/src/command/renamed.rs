//! Parameters renamed so that one name means one thing across the catalogue (see
//! [`super::vocabulary`]). A call in the old names still runs: the old names are taken as the
//! new ones, and the result's notices say so.

use serde_json::Value as Json;

/// Each command's renamed parameters: `(old, new)`.
pub(crate) const RENAMED: &[(&str, &[(&str, &str)])] = &[
    ("field.calculate", &[("name", "field")]),
    ("field.delete", &[("name", "field")]),
    ("field.rename", &[("name", "field"), ("new_name", "name")]),
    ("layer.addBasemap", &[("name", "basemap"), ("as", "name")]),
    ("layer.addSample", &[("name", "sample"), ("as", "name")]),
    ("layer.addWms", &[("layers", "wms_layers"), ("styles", "wms_styles")]),
    ("layer.move", &[("to", "position")]),
    ("layer.open", &[("wkt", "wkt_column")]),
    ("layout.export", &[("name", "layout")]),
    ("model.delete", &[("name", "model")]),
    ("model.describe", &[("name", "model")]),
    ("model.run", &[("name", "model")]),
    ("plugin.enable", &[("name", "plugin")]),
    ("plugin.remove", &[("name", "plugin")]),
    ("project.openText", &[("text", "source")]),
    ("style.single", &[("symbol", "marker")]),
    ("task.run", &[("name", "task")]),
    ("vector.nearest", &[("to", "join_layer")]),
    ("vector.spatialJoin", &[("target", "layer"), ("join", "join_layer")]),
];

/// The renamed parameters of `command`, `(old, new)`.
pub(crate) fn renamed(command: &str) -> &'static [(&'static str, &'static str)] {
    RENAMED.iter().find(|(id, _)| *id == command).map_or(&[], |(_, pairs)| pairs)
}

/// Takes a call's old parameter names as the new ones, and says so in a notice.
///
/// Where an old name is another parameter's new name (`layer.addSample`'s `name` is now
/// `sample`, and `as` is now `name`), the call is read in the old names only when it uses none of
/// the names only the new form has, so `{"sample": "cities", "name": "towns"}` and
/// `{"name": "cities", "as": "towns"}` both mean what they say.
pub(crate) fn take_old_names(command: &str, mut params: Json, notices: &mut Vec<String>) -> Json {
    let pairs = renamed(command);
    let Some(map) = params.as_object_mut() else { return params };
    if pairs.is_empty() || !pairs.iter().any(|(old, _)| map.contains_key(*old)) {
        return params;
    }
    let is_old = |name: &str| pairs.iter().any(|(old, _)| *old == name);
    let swapped = pairs.iter().any(|(_, new)| is_old(new));
    if swapped && pairs.iter().any(|(_, new)| !is_old(new) && map.contains_key(*new)) {
        return params;
    }
    let mut taken = Vec::new();
    let mut moved = Vec::new();
    for (old, new) in pairs {
        if (swapped || !map.contains_key(*new))
            && let Some(value) = map.remove(*old)
        {
            moved.push((*new, value));
            taken.push(format!("`{old}` is now `{new}`"));
        }
    }
    for (new, value) in moved {
        map.insert(new.to_owned(), value);
    }
    if !taken.is_empty() {
        notices.push(format!("{command}: {} (the old names still work)", taken.join(", ")));
    }
    params
}

//! Whether a command changed the project: a step that changed nothing is no undo step.
//!
//! Cheap and conservative: features, fields and raster cells are compared by pointer (a command
//! that rewrites them makes new ones, so the same pointer means the same data, and new data
//! counts as a change even when equal); everything else (names, styles, labels, selections — a
//! set of ids, so selecting the selected features again is no change — the view, layouts,
//! models) by value (`PartialEq`: a NaN in a style counts as a change,
//! never the other way). Every struct is destructured without `..`, so a field added later must
//! be compared here to compile.

use std::sync::Arc;

use super::Project;
use crate::layer::{Layer, RasterLayer};

impl Project {
    /// Whether this project is, as far as any command can tell, `before`: no undo step is
    /// needed to go back to it. A false "changed" is possible (data rewritten to equal values),
    /// a false "unchanged" is not.
    pub fn same_as(&self, before: &Project) -> bool {
        let Project { name, layers, view, models, layouts, groups } = self;
        *name == before.name
            && layers.len() == before.layers.len()
            && layers.iter().zip(&before.layers).all(|(a, b)| same_layer(a, b))
            && *view == before.view
            && *models == before.models
            && *layouts == before.layouts
            && *groups == before.groups
    }
}

pub(super) fn same_layer(a: &Layer, b: &Layer) -> bool {
    let Layer { id, name, title, crs, fields, features, visible, group, style, labels, selection, source, raster, web } =
        a;
    *id == b.id
        && *name == b.name
        && *title == b.title
        && *crs == b.crs
        && Arc::ptr_eq(fields, &b.fields)
        && Arc::ptr_eq(features, &b.features)
        && *visible == b.visible
        && *group == b.group
        && *style == b.style
        && *labels == b.labels
        && (Arc::ptr_eq(selection, &b.selection) || **selection == *b.selection)
        && *source == b.source
        && same_raster(raster.as_ref(), b.raster.as_ref())
        && *web == b.web
}

fn same_raster(a: Option<&RasterLayer>, b: Option<&RasterLayer>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(RasterLayer { raster, style }), Some(b)) => Arc::ptr_eq(raster, &b.raster) && *style == b.style,
        _ => false,
    }
}

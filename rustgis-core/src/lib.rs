//! RustGIS core: the [`Session`] that holds a project, and the command engine through which every
//! action is taken, undone, refused or documented.

mod error;
mod expr;
mod layer;
mod policy;
mod project;
mod style;
mod value;

pub use error::{Error, Result};
pub use expr::{Expr, OrderBy, OrderKey, RowContext};
pub use layer::{Crs, Extent, Feature, FeatureId, Field, GeometryKind, Layer, LayerId, LayerSource, geometry_kind_of};
pub use policy::{Access, Actor, Caller, CallerKind, Policy, Refusal, RefusalRule, RunId};
pub use project::{MapView, Project};
pub use style::{
    Category, ClassMethod, Color, GraduatedClass, Labels, Marker, Placement, Style, Symbol, parse_optional_color,
};
pub use value::{FieldType, Value, parse_date, parse_datetime};

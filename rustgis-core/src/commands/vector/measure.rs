//! `vector.area` and `vector.length`: each feature's area or length in a unit, into a field of a
//! copy of the layer, or of the layer itself (`in_place`, as QGIS's field calculator writes
//! `$area`).

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{finish, run};
use crate::command::Ctx;
use crate::commands::results::NewLayer;
use crate::error::{Error, Result};
use crate::geoprocessing as gp;
use crate::layer::Field;
use crate::value::{FieldType, Value};

/// Square metres in each area unit `unit` accepts.
const AREA_UNITS: &[(&str, f64)] = &[
    ("m2", 1.0),
    ("km2", 1e6),
    ("ha", 1e4),
    ("mi2", 2_589_988.110_336),
    ("acre", 4_046.856_422_4),
    ("ft2", 0.092_903_04),
];

/// Metres in each length unit `unit` accepts.
const LENGTH_UNITS: &[(&str, f64)] = &[("m", 1.0), ("km", 1000.0), ("mi", 1609.344), ("nmi", 1852.0), ("ft", 0.3048)];

/// Parameters of `vector.area` and `vector.length`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct MeasureParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The new layer's name (default `<layer> area` or `<layer> length`); not with `in_place`.
    name: Option<String>,
    /// The unit: for areas m2, km2 (default), ha, mi2, acre or ft2; for lengths m, km (default),
    /// mi, nmi or ft.
    unit: Option<String>,
    /// The field to write (default `area_<unit>` or `length_<unit>`).
    field: Option<String>,
    /// Write the field into the layer itself (added, or overwritten when it is a number field)
    /// instead of a copy (default false).
    #[serde(default)]
    in_place: bool,
}

/// What `vector.area` and `vector.length` return.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub(super) enum Measured {
    /// A copy of the layer with the field.
    Copy(NewLayer),
    /// The field written into the layer itself.
    InPlace {
        /// The layer.
        layer: String,
        /// The field written.
        field: String,
        /// The unit of its values.
        unit: String,
        /// How many features got a value (the others, without polygons or lines, are null).
        measured: usize,
        /// How many features the layer holds.
        features: usize,
    },
}

pub(super) fn area(ctx: &mut Ctx<'_>, p: MeasureParams) -> Result<Measured> {
    measure(ctx, p, false)
}

pub(super) fn length(ctx: &mut Ctx<'_>, p: MeasureParams) -> Result<Measured> {
    measure(ctx, p, true)
}

fn measure(ctx: &mut Ctx<'_>, p: MeasureParams, length: bool) -> Result<Measured> {
    let (units, default_unit, what) = if length { (LENGTH_UNITS, "km", "length") } else { (AREA_UNITS, "km2", "area") };
    let unit = p.unit.as_deref().unwrap_or(default_unit);
    let Some(&(unit, per_unit)) = units.iter().find(|(u, _)| u.eq_ignore_ascii_case(unit)) else {
        let names: Vec<&str> = units.iter().map(|(u, _)| *u).collect();
        return Err(Error::invalid("unit", format!("'{unit}' is not a {what} unit; use {}", names.join(", "))));
    };
    let field = p.field.clone().unwrap_or_else(|| format!("{what}_{unit}"));
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    if !p.in_place {
        let derived = run(ctx, |job| gp::add_measure_in(&layer, &field, length, per_unit, job))?;
        return finish(ctx, derived, p.name, &format!("{} {what}", layer.name), layer.crs).map(Measured::Copy);
    }
    if p.name.is_some() {
        return Err(Error::invalid("name", "in_place writes the field into the layer itself; give no new name"));
    }
    let existing = layer.fields.iter().position(|f| f.name == field);
    if let Some(i) = existing
        && !matches!(layer.fields[i].field_type, FieldType::Float | FieldType::Integer)
    {
        return Err(Error::invalid(
            "field",
            format!(
                "field '{field}' of layer '{}' holds {}, not numbers; name another field, or none for {what}_{unit}",
                layer.name,
                layer.fields[i].field_type.name()
            ),
        ));
    }
    let job = gp::Job::new(ctx.command(), ctx.progress);
    let values = gp::measures(&layer, length, per_unit, &job)?;
    if job.stopped_early() || values.iter().any(Option::is_none) {
        // A field half written would be silently wrong: in place is all or nothing.
        return Err(Error::Cancelled(ctx.command().to_owned()));
    }
    let values: Vec<Option<f64>> = values.into_iter().flatten().collect();
    let measured = values.iter().filter(|v| v.is_some()).count();
    let target = ctx.layer_mut(p.layer.as_deref())?;
    let column = match existing {
        Some(i) => {
            Arc::make_mut(&mut target.fields)[i].field_type = FieldType::Float;
            i
        }
        None => {
            Arc::make_mut(&mut target.fields).push(Field::new(field.clone(), FieldType::Float));
            target.fields.len() - 1
        }
    };
    for (feature, value) in Arc::make_mut(&mut target.features).iter_mut().zip(values) {
        let value = value.map_or(Value::Null, Value::Float);
        if column < feature.attributes.len() {
            feature.attributes[column] = value;
        } else {
            feature.attributes.push(value);
        }
    }
    let (name, features) = (target.name.clone(), target.features.len());
    ctx.progress(1.0, "done");
    Ok(Measured::InPlace { layer: name, field, unit: unit.to_owned(), measured, features })
}

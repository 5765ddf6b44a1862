//! GeoArrow's native encodings, as GeoParquet 1.1 names them in a column's `encoding`: `point`,
//! `linestring`, `polygon`, `multipoint`, `multilinestring` and `multipolygon`.
//!
//! A coordinate is a struct of `x`, `y` (and `z`, `m`) doubles (GeoArrow's "separated" layout,
//! the one GeoParquet writes) or a fixed-size list of 2 to 4 doubles ("interleaved", which GeoArrow
//! also allows); a geometry nests it in 0 to 3 levels of lists (or large lists). The Arrow type
//! must be exactly the one the encoding declares, or the column is refused naming both. A null
//! geometry is a feature without geometry; a null inside a geometry (a ring, a coordinate) breaks
//! GeoArrow's rules and is an error. Z is dropped (layers are 2D) and so is M, which the caller
//! reports ([`Decoder::has_m`]). A point whose x and y are NaN is GeoArrow's empty point: no
//! geometry, as a WKB empty point reads (and left out of a multipoint).

use std::ops::Range;

use arrow_array::cast::AsArray;
use arrow_array::types::Float64Type;
use arrow_array::{Array, FixedSizeListArray, Float64Array, StructArray};
use arrow_schema::DataType;
use geo::{Coord, Geometry, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

/// The geometry type of a GeoArrow native encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Point,
    LineString,
    Polygon,
    MultiPoint,
    MultiLineString,
    MultiPolygon,
}

impl Kind {
    /// The kind a GeoParquet `encoding` names; `None` for WKB and names GeoParquet does not define.
    pub(super) fn from_encoding(encoding: &str) -> Option<Kind> {
        Some(match encoding.to_ascii_lowercase().as_str() {
            "point" => Kind::Point,
            "linestring" => Kind::LineString,
            "polygon" => Kind::Polygon,
            "multipoint" => Kind::MultiPoint,
            "multilinestring" => Kind::MultiLineString,
            "multipolygon" => Kind::MultiPolygon,
            _ => return None,
        })
    }

    /// The encoding's name, as GeoParquet writes it.
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Point => "point",
            Kind::LineString => "linestring",
            Kind::Polygon => "polygon",
            Kind::MultiPoint => "multipoint",
            Kind::MultiLineString => "multilinestring",
            Kind::MultiPolygon => "multipolygon",
        }
    }

    /// How many levels of lists hold the coordinates.
    fn depth(self) -> usize {
        match self {
            Kind::Point => 0,
            Kind::LineString | Kind::MultiPoint => 1,
            Kind::Polygon | Kind::MultiLineString => 2,
            Kind::MultiPolygon => 3,
        }
    }

    /// What GeoArrow stores for one geometry of this kind.
    fn shape(self) -> &'static str {
        match self {
            Kind::Point => "one coordinate",
            Kind::LineString => "a list of coordinates",
            Kind::MultiPoint => "a list of coordinates (the points)",
            Kind::Polygon => "a list of rings, each a list of coordinates",
            Kind::MultiLineString => "a list of lines, each a list of coordinates",
            Kind::MultiPolygon => "a list of polygons, each a list of rings, each a list of coordinates",
        }
    }
}

/// How a GeoArrow column lays out its geometries, checked against its Arrow type.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    kind: Kind,
    /// Whether the coordinates carry M values (measures), which are dropped.
    has_m: bool,
}

impl Layout {
    /// The layout of a column of `data_type` declared as `kind`. The error says what the
    /// encoding needs and what the column holds instead.
    pub(super) fn of(kind: Kind, data_type: &DataType) -> Result<Layout, String> {
        let mismatch = || {
            format!(
                "is declared '{}', which GeoArrow stores as {} (a coordinate being a struct of x, y, z, m doubles \
                 or a fixed-size list of 2 to 4 doubles), but it holds {}",
                kind.name(),
                kind.shape(),
                describe(data_type)
            )
        };
        let mut inner = data_type;
        for _ in 0..kind.depth() {
            inner = match inner {
                DataType::List(item) | DataType::LargeList(item) => item.data_type(),
                _ => return Err(mismatch()),
            };
        }
        let has_m = coordinate_has_m(inner).ok_or_else(mismatch)?;
        Ok(Layout { kind, has_m })
    }
}

/// The geometries of one batch's GeoArrow column, row by row.
pub(super) struct Decoder<'a> {
    layout: Layout,
    /// The column itself, whose nulls are features without geometry.
    top: &'a dyn Array,
    /// The lists from the column down, each with its offsets into the next.
    levels: Vec<Level<'a>>,
    /// The array below the last list (or the column itself, for points).
    coords: Coords<'a>,
}

impl<'a> Decoder<'a> {
    /// A decoder of `array`, a column whose type [`Layout::of`] accepted.
    pub(super) fn new(layout: Layout, array: &'a dyn Array) -> Result<Decoder<'a>, String> {
        let mut levels = Vec::with_capacity(layout.kind.depth());
        let mut current = array;
        for _ in 0..layout.kind.depth() {
            let (offsets, values) = if let Some(list) = current.as_list_opt::<i32>() {
                (Offsets::Small(list.value_offsets()), list.values().as_ref())
            } else if let Some(list) = current.as_list_opt::<i64>() {
                (Offsets::Large(list.value_offsets()), list.values().as_ref())
            } else {
                return Err(format!("holds {} where its layout has a list", current.data_type()));
            };
            levels.push(Level { array: current, offsets });
            current = values;
        }
        Ok(Decoder { layout, top: array, levels, coords: Coords::new(current)? })
    }

    /// Whether the coordinates carry M values, which [`Decoder::geometry`] drops.
    pub(super) fn has_m(&self) -> bool {
        self.layout.has_m
    }

    /// The geometry of `row`: `None` for a null, or an empty point. The error says what is wrong
    /// inside the geometry.
    pub(super) fn geometry(&self, row: usize) -> Result<Option<Geometry<f64>>, String> {
        if row >= self.top.len() || self.top.is_null(row) {
            return Ok(None);
        }
        Ok(Some(match self.layout.kind {
            Kind::Point => {
                let coord = self.coords.at(row)?;
                if coord.x.is_nan() && coord.y.is_nan() {
                    return Ok(None);
                }
                Geometry::Point(Point(coord))
            }
            Kind::LineString => Geometry::LineString(self.line(0, row)?),
            Kind::MultiPoint => {
                let mut points = Vec::new();
                for idx in self.items(0, row)? {
                    let coord = self.coords.at(idx)?;
                    if !(coord.x.is_nan() && coord.y.is_nan()) {
                        points.push(Point(coord));
                    }
                }
                Geometry::MultiPoint(MultiPoint(points))
            }
            Kind::Polygon => Geometry::Polygon(self.polygon(0, row)?),
            Kind::MultiLineString => Geometry::MultiLineString(MultiLineString(
                self.items(0, row)?.map(|idx| self.line(1, idx)).collect::<Result<_, _>>()?,
            )),
            Kind::MultiPolygon => Geometry::MultiPolygon(MultiPolygon(
                self.items(0, row)?.map(|idx| self.polygon(1, idx)).collect::<Result<_, _>>()?,
            )),
        }))
    }

    /// The coordinates of list `idx` at `level`, the last level of lists.
    fn line(&self, level: usize, idx: usize) -> Result<LineString<f64>, String> {
        let coords = self.items(level, idx)?.map(|at| self.coords.at(at)).collect::<Result<Vec<_>, _>>()?;
        Ok(LineString::new(coords))
    }

    /// The rings of list `idx` at `level`: the first is the exterior.
    fn polygon(&self, level: usize, idx: usize) -> Result<Polygon<f64>, String> {
        let mut rings = Vec::new();
        for ring in self.items(level, idx)? {
            rings.push(self.line(level + 1, ring)?);
        }
        let mut rings = rings.into_iter();
        let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
        Ok(Polygon::new(exterior, rings.collect()))
    }

    /// Where the items of list `idx` at `level` lie in the array below, checked to lie inside it
    /// and, when they are lists, to be none of them null.
    fn items(&self, level: usize, idx: usize) -> Result<Range<usize>, String> {
        let range = self.levels[level].offsets.range(idx).ok_or("its list offsets are damaged")?;
        let (below, lists) = match self.levels.get(level + 1) {
            Some(next) => (next.array, true),
            None => (self.coords.array(), false),
        };
        if range.end > below.len() {
            return Err(format!("its list offsets run to {}, past the {} values they index", range.end, below.len()));
        }
        if lists && below.null_count() > 0 && range.clone().any(|i| below.is_null(i)) {
            return Err("a part of it is null, which GeoArrow does not allow (only a whole geometry may be)".into());
        }
        Ok(range)
    }
}

/// One level of lists: the array and its offsets into the level below.
struct Level<'a> {
    array: &'a dyn Array,
    offsets: Offsets<'a>,
}

/// The offsets of one level of lists.
enum Offsets<'a> {
    Small(&'a [i32]),
    Large(&'a [i64]),
}

impl Offsets<'_> {
    /// The range of item `idx`; `None` when the offsets do not give one.
    fn range(&self, idx: usize) -> Option<Range<usize>> {
        let (start, end) = match self {
            Offsets::Small(o) => (usize::try_from(*o.get(idx)?).ok()?, usize::try_from(*o.get(idx + 1)?).ok()?),
            Offsets::Large(o) => (usize::try_from(*o.get(idx)?).ok()?, usize::try_from(*o.get(idx + 1)?).ok()?),
        };
        (start <= end).then_some(start..end)
    }
}

/// The coordinates: separated (a struct of x and y arrays) or interleaved (a fixed-size list).
enum Coords<'a> {
    Separated { array: &'a StructArray, x: &'a Float64Array, y: &'a Float64Array },
    Interleaved { array: &'a FixedSizeListArray, values: &'a Float64Array },
}

impl<'a> Coords<'a> {
    fn new(array: &'a dyn Array) -> Result<Coords<'a>, String> {
        let not_coordinates = || format!("holds {} where its layout has coordinates", array.data_type());
        if let Some(array) = array.as_struct_opt() {
            let axis = |name: &str| array.column_by_name(name).and_then(|c| c.as_primitive_opt::<Float64Type>());
            let (Some(x), Some(y)) = (axis("x"), axis("y")) else { return Err(not_coordinates()) };
            return Ok(Coords::Separated { array, x, y });
        }
        if let Some(array) = array.as_fixed_size_list_opt() {
            let values = array.values().as_primitive_opt::<Float64Type>().ok_or_else(not_coordinates)?;
            return Ok(Coords::Interleaved { array, values });
        }
        Err(not_coordinates())
    }

    fn array(&self) -> &'a dyn Array {
        match self {
            Coords::Separated { array, .. } => *array,
            Coords::Interleaved { array, .. } => *array,
        }
    }

    /// The coordinate at `idx`; a null coordinate (or a null x or y) is an error.
    fn at(&self, idx: usize) -> Result<Coord<f64>, String> {
        let null = || "a coordinate of it is null, which GeoArrow does not allow".to_owned();
        match self {
            Coords::Separated { array, x, y } => {
                if idx >= array.len() || idx >= x.len() || idx >= y.len() {
                    return Err(format!("it refers to coordinate {idx} of {}", array.len()));
                }
                if array.is_null(idx) || x.is_null(idx) || y.is_null(idx) {
                    return Err(null());
                }
                Ok(Coord { x: x.value(idx), y: y.value(idx) })
            }
            Coords::Interleaved { array, values } => {
                if idx >= array.len() {
                    return Err(format!("it refers to coordinate {idx} of {}", array.len()));
                }
                let at = array.value_offset_at(idx);
                if at.saturating_add(1) >= values.len() {
                    return Err(format!("its coordinate {idx} lies past the {} values", values.len()));
                }
                if array.is_null(idx) || values.is_null(at) || values.is_null(at + 1) {
                    return Err(null());
                }
                Ok(Coord { x: values.value(at), y: values.value(at + 1) })
            }
        }
    }
}

/// Whether a coordinate type has M values; `None` when it is not a GeoArrow coordinate: a struct
/// of doubles named `x`, `y`, then `z` and/or `m`, or a fixed-size list of 2 to 4 doubles whose
/// item name, when it is one of GeoArrow's (`xy`, `xyz`, `xym`, `xyzm`), agrees with its size.
fn coordinate_has_m(data_type: &DataType) -> Option<bool> {
    match data_type {
        DataType::Struct(fields) => {
            if !fields.iter().all(|f| f.data_type() == &DataType::Float64) {
                return None;
            }
            let names: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
            match names.as_slice() {
                ["x", "y"] | ["x", "y", "z"] => Some(false),
                ["x", "y", "m"] | ["x", "y", "z", "m"] => Some(true),
                _ => None,
            }
        }
        DataType::FixedSizeList(item, size) if item.data_type() == &DataType::Float64 => {
            match (item.name().as_str(), size) {
                ("xy", 2) | ("xyz", 3) => Some(false),
                ("xym", 3) | ("xyzm", 4) => Some(true),
                ("xy" | "xyz" | "xym" | "xyzm", _) => None,
                (_, 2 | 3) => Some(false),
                (_, 4) => Some(true),
                _ => None,
            }
        }
        _ => None,
    }
}

/// An Arrow type in words, for the mismatch error: "a list of structs of x: Float64, y: Float64".
fn describe(data_type: &DataType) -> String {
    match data_type {
        DataType::List(item) | DataType::LargeList(item) => format!("a list of {}", items(item.data_type())),
        DataType::FixedSizeList(item, size) => format!("a fixed-size list of {size} {}", item.data_type()),
        DataType::Struct(fields) => format!("a struct of {}", field_list(fields)),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => "binary values (such as WKB)".to_owned(),
        other => other.to_string(),
    }
}

/// Values of an Arrow type, in the plural.
fn items(data_type: &DataType) -> String {
    match data_type {
        DataType::List(item) | DataType::LargeList(item) => format!("lists of {}", items(item.data_type())),
        DataType::FixedSizeList(item, size) => format!("fixed-size lists of {size} {}", item.data_type()),
        DataType::Struct(fields) => format!("structs of {}", field_list(fields)),
        other => format!("{other} values"),
    }
}

fn field_list(fields: &arrow_schema::Fields) -> String {
    fields.iter().map(|f| format!("{}: {}", f.name(), f.data_type())).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow_array::builder::{Float64Builder, ListBuilder, StructBuilder};
    use arrow_schema::{Field, Fields};

    use super::*;

    fn xy() -> Fields {
        Fields::from(vec![Field::new("x", DataType::Float64, false), Field::new("y", DataType::Float64, false)])
    }

    fn list_of(data_type: DataType) -> DataType {
        DataType::List(Arc::new(Field::new("element", data_type, true)))
    }

    #[test]
    fn a_linestring_column_of_separated_coordinates_reads_its_lines_and_nulls() {
        let mut builder = ListBuilder::new(StructBuilder::from_fields(xy(), 4));
        for (x, y) in [(1.0, 2.0), (3.0, 4.0)] {
            let coords = builder.values();
            coords.field_builder::<Float64Builder>(0).expect("x").append_value(x);
            coords.field_builder::<Float64Builder>(1).expect("y").append_value(y);
            coords.append(true);
        }
        builder.append(true);
        builder.append(false);
        let array = builder.finish();
        let layout = Layout::of(Kind::LineString, array.data_type()).expect("the type fits");
        let decoder = Decoder::new(layout, &array).expect("a decoder");
        let line = LineString::from(vec![(1.0, 2.0), (3.0, 4.0)]);
        assert_eq!(decoder.geometry(0), Ok(Some(Geometry::LineString(line))));
        assert_eq!(decoder.geometry(1), Ok(None), "a null geometry is no geometry");
    }

    #[test]
    fn a_column_whose_nesting_differs_from_its_encoding_is_refused_naming_both() {
        let error = Layout::of(Kind::Polygon, &list_of(DataType::Struct(xy()))).expect_err("one level short");
        assert!(error.contains("declared 'polygon'"), "{error}");
        assert!(error.contains("a list of rings, each a list of coordinates"), "{error}");
        assert!(error.contains("but it holds a list of structs of x: Float64, y: Float64"), "{error}");
        assert!(Layout::of(Kind::Point, &DataType::Binary).is_err(), "WKB is not a point column");
    }

    #[test]
    fn interleaved_coordinates_say_their_dimensions_by_name_or_size() {
        let fixed =
            |name: &str, size| DataType::FixedSizeList(Arc::new(Field::new(name, DataType::Float64, false)), size);
        assert!(!Layout::of(Kind::Point, &fixed("xy", 2)).expect("xy").has_m);
        assert!(Layout::of(Kind::Point, &fixed("xym", 3)).expect("xym").has_m);
        assert!(!Layout::of(Kind::Point, &fixed("item", 3)).expect("xyz by size").has_m);
        assert!(Layout::of(Kind::Point, &fixed("xyz", 4)).is_err(), "a name that disagrees with the size");
        assert!(Layout::of(Kind::Point, &fixed("item", 5)).is_err());
    }
}

//! CSV and TSV files: points from longitude/latitude columns or geometries from a WKT column,
//! field types inferred from the values (or given, or read from a `.csvt` beside the file as GDAL
//! reads it), the delimiter and the header sniffed.
//!
//! Reading streams through the `csv` crate (quoting, embedded newlines and delimiters done
//! right) behind a reader that refuses any line longer than [`MAX_LINE`], so one endless line
//! cannot take all memory. Rows whose coordinates are not numbers are kept without a geometry
//! and named, by line, in a notice.

use std::cell::Cell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::rc::Rc;

use geo::{Geometry, Point};
use wkt::ToWkt;

mod gdal_types;

use super::{CsvGeometry, CsvOptions, ReadData};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// The longest line a CSV file may have (a WKT polygon of a million points fits).
pub const MAX_LINE: usize = 64 << 20;

/// Column names taken as longitudes, in any case.
const X_NAMES: &[&str] = &["lon", "lng", "long", "longitude", "x"];
/// Column names taken as latitudes, in any case.
const Y_NAMES: &[&str] = &["lat", "latitude", "y"];
/// Column names taken as WKT geometries, in any case.
const WKT_NAMES: &[&str] = &["wkt", "geometry", "geom", "the_geom", "wkt_geom", "shape"];

/// Reads a CSV or TSV file (`.tsv` files default to tabs), with the column types of the `.csvt`
/// beside it when there is one (GDAL's sidecar: `"Integer","Real(10.3)","CoordX",…`).
pub fn read_file(path: &Path, options: &CsvOptions, crs: Option<Crs>, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(super::open_regular(path)?, path, options, crs, bbox)
}

/// [`read_file`] of a file already opened at `path`.
pub(crate) fn read_opened(
    file: File,
    path: &Path,
    options: &CsvOptions,
    crs: Option<Crs>,
    bbox: Option<Extent>,
) -> Result<ReadData> {
    let is_tsv = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("tsv"));
    let csvt = Csvt::beside(path)?;
    read_typed(file, path, options, crs, bbox, is_tsv, csvt)
}

/// Reads CSV from any reader; `origin` names it in errors.
pub fn read(
    reader: impl Read,
    origin: &Path,
    options: &CsvOptions,
    crs: Option<Crs>,
    bbox: Option<Extent>,
    is_tsv: bool,
) -> Result<ReadData> {
    read_typed(reader, origin, options, crs, bbox, is_tsv, None)
}

/// Reads CSV with the column types of a `.csvt`, if given.
fn read_typed(
    reader: impl Read,
    origin: &Path,
    options: &CsvOptions,
    crs: Option<Crs>,
    bbox: Option<Extent>,
    is_tsv: bool,
    csvt: Option<Csvt>,
) -> Result<ReadData> {
    let too_long = Rc::new(Cell::new(None));
    let limited = LineLimit { inner: reader, since_newline: 0, line: 1, limit: MAX_LINE, too_long: too_long.clone() };
    let mut buffered = BufReader::with_capacity(1 << 16, limited);
    let io_error = |source| Error::Io { action: "cannot read", path: origin.to_owned(), cause: source };
    let head = buffered.fill_buf().map_err(io_error)?;
    let bom = head.starts_with(b"\xef\xbb\xbf");
    let delimiter = options.delimiter.unwrap_or_else(|| sniff_delimiter(&head[if bom { 3 } else { 0 }..], is_tsv));
    if bom {
        buffered.consume(3);
    }
    let open_quote = Rc::new(Cell::new(None));
    let watched = QuoteWatch {
        inner: buffered,
        delimiter,
        state: Quoting::FieldStart,
        line: 1,
        quote_line: 1,
        open_quote: open_quote.clone(),
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .buffer_capacity(1 << 16)
        .from_reader(watched);
    let csv_error = |e: csv::Error| -> Error {
        if let Some(line) = too_long.get() {
            return Error::Data {
                path: origin.to_owned(),
                position: format!("line {line}"),
                message: format!(
                    "the line is longer than {} MiB, the most RustGIS reads in one CSV line; is this really a CSV file?",
                    MAX_LINE >> 20
                ),
            };
        }
        let position = e.position().map_or_else(|| "the start".to_owned(), |p| format!("line {}", p.line()));
        Error::Data { path: origin.to_owned(), position, message: format!("not readable as CSV: {e}") }
    };
    let mut record = csv::ByteRecord::new();
    if !reader.read_byte_record(&mut record).map_err(csv_error)? {
        return Err(Error::Data {
            path: origin.to_owned(),
            position: "line 1".to_owned(),
            message: "the file is empty".to_owned(),
        });
    }
    let first: Vec<String> = record.iter().map(|cell| text(cell).into_owned()).collect();
    let has_header = first.iter().any(|cell| !cell.trim().is_empty() && cell.trim().parse::<f64>().is_err());
    let names: Vec<String> =
        if has_header { unique_names(&first) } else { (1..=first.len()).map(|i| format!("field_{i}")).collect() };
    let mut columns: Vec<Vec<Value>> = vec![Vec::new(); names.len()];
    let mut lines: Vec<u64> = Vec::new();
    // RustGIS trims blanks around cells; GDAL keeps them (` 12 ` stays ` 12 ` in a text column),
    // and so do GDAL's rules.
    let keep_blanks = options.detect_types != TypeDetection::Rustgis;
    let mut push_row = |cells: &csv::ByteRecord, line: u64, columns: &mut Vec<Vec<Value>>| {
        for (col, column) in columns.iter_mut().enumerate() {
            let cell = cells.get(col).map(text).unwrap_or_default();
            let cell = if keep_blanks { &cell[..] } else { cell.trim() };
            column.push(if cell.is_empty() { Value::Null } else { Value::String(cell.to_owned()) });
        }
        lines.push(line);
    };
    if !has_header {
        push_row(&record, 1, &mut columns);
    }
    while reader.read_byte_record(&mut record).map_err(csv_error)? {
        super::check_stop(origin)?;
        if record.len() == 1 && record.get(0).is_some_and(|c| c.is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| p.line());
        push_row(&record, line, &mut columns);
    }
    if let Some(line) = open_quote.get() {
        // The csv crate would give the rest of the file as one cell; GDAL reads no row at all.
        return Err(Error::Data {
            path: origin.to_owned(),
            position: format!("line {line}"),
            message: "a quoted cell starting on this line has no closing quote: the rest of the file would be one \
                      cell (GDAL reads no row of such a file); close the quote, or double a quote meant inside a \
                      quoted cell (\"\")"
                .to_owned(),
        });
    }
    let find = |explicit: &Option<String>, candidates: &[&str], param: &str| -> Result<Option<usize>> {
        match explicit {
            Some(name) => names.iter().position(|n| n == name).map(Some).ok_or_else(|| {
                Error::invalid(param, format!("the file has no column '{name}'; its columns are {}", names.join(", ")))
            }),
            None => Ok(candidates.iter().find_map(|c| names.iter().position(|n| n.eq_ignore_ascii_case(c)))),
        }
    };
    // Columns the .csvt makes geometry (WKT, or CoordX and CoordY) take the place of columns
    // found by name; columns named in the options take the place of both.
    let declared = |role: CsvtType| csvt.as_ref().and_then(|c| c.column_of(role)).filter(|col| *col < names.len());
    let declared_wkt = declared(CsvtType::Wkt);
    let declared_xy = declared(CsvtType::CoordX).zip(declared(CsvtType::CoordY));
    let wkt_col = match (&options.wkt, declared_wkt, declared_xy) {
        (None, Some(col), _) => Some(col),
        (None, None, Some(_)) => None,
        _ => find(&options.wkt, WKT_NAMES, "wkt")?,
    };
    let (x_col, y_col) = if options.wkt.is_some() || (wkt_col.is_some() && options.x.is_none()) {
        (None, None)
    } else if let (None, None, Some((x, y))) = (&options.x, &options.y, declared_xy) {
        (Some(x), Some(y))
    } else {
        (find(&options.x, X_NAMES, "x")?, find(&options.y, Y_NAMES, "y")?)
    };
    let crs = crs.unwrap_or(Crs::WGS84);
    let n_rows = lines.len();
    let mut geometries: Vec<Option<Geometry<f64>>> = vec![None; n_rows];
    let mut bad: Vec<(u64, String)> = Vec::new();
    let mut notices = Vec::new();
    match (wkt_col, x_col, y_col) {
        (Some(col), _, _) if x_col.is_none() => {
            let mut curves = super::curves::Curves::default();
            for (row, value) in columns[col].iter().enumerate() {
                if let Value::String(s) = value {
                    let mut curved = super::curves::Kinds::default();
                    match super::wkt_geometry::read(s, &mut curved) {
                        Ok(geometry) => geometries[row] = geometry,
                        Err(e) => bad.push((lines[row], format!("{} is not WKT: {e}", clip(s)))),
                    }
                    curves.note(row as u64 + 1, &curved);
                }
            }
            notices.extend(curves.notice());
        }
        (_, Some(x), Some(y)) => {
            for row in 0..n_rows {
                let number = |col: usize| match &columns[col][row] {
                    Value::String(s) => s.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| clip(s)),
                    _ => Err(String::new()),
                };
                match (number(x), number(y)) {
                    (Ok(lon), Ok(lat)) if !crs.is_geographic() || (lon.abs() <= 360.0 && lat.abs() <= 90.0) => {
                        geometries[row] = Some(Geometry::Point(Point::new(lon, lat)));
                    }
                    (Ok(lon), Ok(lat)) => {
                        bad.push((lines[row], format!("({lon}, {lat}) is not a longitude and latitude")))
                    }
                    (Err(a), Err(b)) if a.is_empty() && b.is_empty() => {}
                    (a, b) => {
                        let what = [(a, &names[x]), (b, &names[y])]
                            .into_iter()
                            .filter_map(|(r, name)| {
                                r.err().map(|t| {
                                    format!(
                                        "{name} {}",
                                        if t.is_empty() {
                                            "is empty".to_owned()
                                        } else {
                                            format!("{t} is not a number")
                                        }
                                    )
                                })
                            })
                            .collect::<Vec<_>>()
                            .join(", ");
                        bad.push((lines[row], what));
                    }
                }
            }
        }
        (_, Some(_), None) | (_, None, Some(_)) => {
            return Err(Error::invalid(
                if x_col.is_some() { "y" } else { "x" },
                format!(
                    "found only one coordinate column; name both with \"x\" and \"y\" (the columns are {})",
                    names.join(", ")
                ),
            ));
        }
        _ => notices.push(format!(
            "no geometry column found (looked for {} / {}, or WKT in {}): opened as a table without geometry (as \
             GDAL opens it); to read points or shapes, name the columns with \"x\" and \"y\" or \"wkt\"",
            X_NAMES.join("/"),
            Y_NAMES.join("/"),
            WKT_NAMES.join("/")
        )),
    }
    if !bad.is_empty() {
        let listed: Vec<String> = bad.iter().take(10).map(|(line, what)| format!("line {line}: {what}")).collect();
        notices.push(format!(
            "{} row{} had coordinates that could not be read and were loaded without geometry ({}{})",
            bad.len(),
            if bad.len() == 1 { "" } else { "s" },
            listed.join("; "),
            if bad.len() > 10 { "; …" } else { "" }
        ));
    }
    if let Some(csvt) = &csvt {
        notices.extend(csvt.notices(&names));
    }
    let mut unconverted = Unconverted::default();
    let mut fields = Vec::new();
    let mut kept_columns = Vec::new();
    for (col, (name, mut column)) in names.into_iter().zip(columns).enumerate() {
        if Some(col) == wkt_col && x_col.is_none() {
            continue;
        }
        let declared = csvt.as_ref().map(|c| c.types.get(col).copied().unwrap_or(CsvtType::String));
        let field_type = match (options.types.iter().find(|(n, _)| *n == name), declared) {
            (Some((_, field_type)), _) => {
                convert(&mut column, *field_type).map_err(|(row, message)| Error::Data {
                    path: origin.to_owned(),
                    position: format!("line {}", lines[row]),
                    message: format!("column '{name}': {message}"),
                })?;
                *field_type
            }
            (None, Some(declared)) => {
                let field_type = declared.field_type();
                for (row, value) in column.iter_mut().enumerate() {
                    if let Value::String(text) = value
                        && let Some(typed) = declared.value_of(text)
                    {
                        *value = typed;
                    } else if let Value::String(text) = std::mem::take(value) {
                        unconverted.note(lines[row], &name, &text, declared);
                    }
                }
                field_type
            }
            (None, None) => match options.detect_types {
                TypeDetection::Rustgis => infer_and_convert(&mut column),
                TypeDetection::Gdal => gdal_types::detect_and_convert(&mut column, &name, &mut notices),
                TypeDetection::None => FieldType::String,
            },
        };
        if field_type == FieldType::String && matches!(declared, None | Some(CsvtType::String)) {
            // An empty cell of a text column is an empty text, as GDAL reads it; in a column of
            // numbers, dates or times it is null.
            for value in column.iter_mut().filter(|v| v.is_null()) {
                *value = Value::String(String::new());
            }
        }
        fields.push(Field::new(name, field_type));
        kept_columns.push(column.into_iter());
    }
    notices.extend(unconverted.notice());
    let mut features = Vec::with_capacity(n_rows);
    for (row, geometry) in geometries.into_iter().enumerate() {
        let attributes = kept_columns.iter_mut().map(|c| c.next().unwrap_or_default()).collect();
        if let Some(bbox) = &bbox
            && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
        {
            continue;
        }
        features.push(Feature { id: row as u64 + 1, geometry, attributes });
    }
    Ok(ReadData { fields, features, crs, notices, crs_problem: None })
}

/// Writes a layer as CSV: a `WKT` column first, or `lon`/`lat` columns for points, then the
/// fields. `origin` names the target in errors.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path, geometry: CsvGeometry) -> Result<()> {
    let io_error = |e: csv::Error| Error::Io {
        action: "cannot write",
        path: origin.to_owned(),
        cause: std::io::Error::other(e.to_string()),
    };
    let mut writer = csv::WriterBuilder::new().from_writer(out);
    let taken = |name: &str| layer.fields.iter().any(|f| f.name.eq_ignore_ascii_case(name));
    let mut header: Vec<String> = match geometry {
        CsvGeometry::Wkt => vec![if taken("WKT") { "geometry_wkt" } else { "WKT" }.to_owned()],
        CsvGeometry::Xy if taken("lon") || taken("lat") => vec!["geom_lon".to_owned(), "geom_lat".to_owned()],
        CsvGeometry::Xy => vec!["lon".to_owned(), "lat".to_owned()],
    };
    header.extend(layer.fields.iter().map(|f| f.name.clone()));
    writer.write_record(&header).map_err(io_error)?;
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for feature in layer.features.iter() {
        row.clear();
        match (geometry, &feature.geometry) {
            (CsvGeometry::Wkt, Some(g)) => row.push(g.wkt_string()),
            (CsvGeometry::Wkt, None) => row.push(String::new()),
            (CsvGeometry::Xy, Some(Geometry::Point(p))) => {
                row.push(p.x().to_string());
                row.push(p.y().to_string());
            }
            (CsvGeometry::Xy, None) => row.extend([String::new(), String::new()]),
            (CsvGeometry::Xy, Some(_)) => {
                return Err(Error::Failed(format!(
                    "cannot write {}: feature {} is not a point, and lon/lat columns hold points only; write \
                     \"csv_geometry\": \"wkt\" instead",
                    origin.display(),
                    feature.id
                )));
            }
        }
        row.extend(feature.attributes.iter().map(|v| match v {
            Value::Null => String::new(),
            other => other.to_string(),
        }));
        writer.write_record(&row).map_err(io_error)?;
    }
    writer.flush().map_err(|source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source })?;
    Ok(())
}

/// The column types of a `.csvt` (GDAL's sidecar of a CSV): one line of types, one per column,
/// quoted or not, each with an optional `(width)`, `(width.precision)` or subtype.
#[derive(Debug, Clone, PartialEq)]
struct Csvt {
    /// The file, for notices.
    path: std::path::PathBuf,
    types: Vec<CsvtType>,
    /// Types RustGIS does not know, by column (read as text, as GDAL reads them).
    unknown: Vec<(usize, String)>,
}

/// A column type a `.csvt` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CsvtType {
    Integer,
    Real,
    /// `Integer(Boolean)`.
    Boolean,
    String,
    Date,
    DateTime,
    /// A time of day, which RustGIS keeps as text.
    Time,
    /// One of GDAL's JSON list types, kept as text.
    List,
    /// The geometry in WKT.
    Wkt,
    /// Longitude or easting (`CoordX`, `Point(X)`).
    CoordX,
    /// Latitude or northing (`CoordY`, `Point(Y)`).
    CoordY,
}

/// The largest `.csvt` read: one line of types.
const MAX_CSVT: u64 = 1 << 20;

impl Csvt {
    /// The `.csvt` beside `path` (any case of extension), if there is one.
    fn beside(path: &Path) -> Result<Option<Csvt>> {
        // Anything at that name is opened as a data file is (without blocking, refused unless
        // regular), so a FIFO named `x.csvt` is an error rather than a read that never returns.
        let found = ["csvt", "CSVT"].iter().map(|e| path.with_extension(e)).find(|p| p.symlink_metadata().is_ok());
        let Some(csvt) = found else {
            return Ok(None);
        };
        let io_error = |source| Error::Io { action: "cannot read", path: csvt.clone(), cause: source };
        let mut text = String::new();
        super::open_regular(&csvt)?.take(MAX_CSVT).read_to_string(&mut text).map_err(io_error)?;
        Ok(Some(Csvt::parse(&text, &csvt)))
    }

    fn parse(text: &str, path: &Path) -> Csvt {
        let line = text.trim_start_matches('\u{feff}').lines().next().unwrap_or_default();
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(line.as_bytes());
        let tokens: Vec<String> = reader
            .records()
            .next()
            .and_then(std::result::Result::ok)
            .map(|record| record.iter().map(|t| t.trim().to_owned()).collect())
            .unwrap_or_default();
        let mut unknown = Vec::new();
        let types = tokens
            .iter()
            .enumerate()
            .map(|(col, token)| {
                CsvtType::parse(token).unwrap_or_else(|| {
                    unknown.push((col, token.clone()));
                    CsvtType::String
                })
            })
            .collect();
        Csvt { path: path.to_owned(), types, unknown }
    }

    /// The first column of `role` (WKT, CoordX, CoordY).
    fn column_of(&self, role: CsvtType) -> Option<usize> {
        self.types.iter().position(|t| *t == role)
    }

    /// What a reader is told about the file's `.csvt`: types it does not know or keeps as text,
    /// and a count of types that does not match the columns.
    fn notices(&self, names: &[String]) -> Vec<String> {
        let file = self.path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let name = |col: usize| names.get(col).map_or_else(|| format!("column {}", col + 1), |n| format!("'{n}'"));
        let mut notices = Vec::new();
        if self.types.len() != names.len() {
            notices.push(format!(
                "{file} gives {} types for {} columns: {}, as GDAL reads them",
                self.types.len(),
                names.len(),
                if self.types.len() < names.len() {
                    "the columns it leaves out are read as text"
                } else {
                    "the types past the last column are ignored"
                }
            ));
        }
        for (col, token) in &self.unknown {
            notices.push(format!(
                "{file} gives {} the type {token:?}, which is not one of GDAL's (Integer, Integer64, Real, String, Date, \
                 Time, DateTime, WKT, CoordX, CoordY): it is read as text, as GDAL reads it",
                name(*col)
            ));
        }
        for (col, kind) in self.types.iter().enumerate().filter(|(col, _)| *col < names.len()) {
            let what = match kind {
                CsvtType::Time => "Time: RustGIS has no time-of-day type, so it is kept as text",
                CsvtType::List => "a JSON list: RustGIS has no list type, so it is kept as its JSON text",
                _ => continue,
            };
            notices.push(format!("{file} makes {} {what}", name(col)));
        }
        notices
    }
}

impl CsvtType {
    /// A type as a `.csvt` writes it (`Integer`, `Real(10.3)`, `Integer(Boolean)`, `Point(X)`),
    /// in any case; `None` for a type GDAL does not know.
    fn parse(token: &str) -> Option<CsvtType> {
        let token = token.trim().to_ascii_lowercase();
        let (base, inner) = match token.split_once('(') {
            Some((base, rest)) => (base.trim(), rest.trim_end_matches(')').trim()),
            None => (token.as_str(), ""),
        };
        let is_size =
            inner.is_empty() || inner.split('.').all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        Some(match (base, inner) {
            ("integer", "boolean") => CsvtType::Boolean,
            ("integer", "int16") | ("integer64", "") => CsvtType::Integer,
            ("integer", _) if is_size => CsvtType::Integer,
            ("integer64", _) if is_size => CsvtType::Integer,
            ("real", "float32") => CsvtType::Real,
            ("real", _) if is_size => CsvtType::Real,
            ("string", "json" | "uuid") => CsvtType::String,
            ("string", _) if is_size => CsvtType::String,
            ("date", "") => CsvtType::Date,
            ("datetime", "") => CsvtType::DateTime,
            ("time", "") => CsvtType::Time,
            ("wkt", "") => CsvtType::Wkt,
            ("coordx", "") | ("point", "x") => CsvtType::CoordX,
            ("coordy", "") | ("point", "y") => CsvtType::CoordY,
            // A z column is kept as a number, as RustGIS keeps x and y (points are 2D).
            ("coordz", "") | ("point", "z") => CsvtType::Real,
            ("jsonstringlist" | "jsonintegerlist" | "jsoninteger64list" | "jsonreallist", "") => CsvtType::List,
            _ => return None,
        })
    }

    /// The field type of a column of this type (a WKT column that is kept is text).
    fn field_type(self) -> FieldType {
        match self {
            CsvtType::Integer => FieldType::Integer,
            CsvtType::Real | CsvtType::CoordX | CsvtType::CoordY => FieldType::Float,
            CsvtType::Boolean => FieldType::Bool,
            CsvtType::Date => FieldType::Date,
            CsvtType::DateTime => FieldType::Datetime,
            CsvtType::String | CsvtType::Time | CsvtType::List | CsvtType::Wkt => FieldType::String,
        }
    }

    /// A cell's value in a column of this type, or `None` when the text is not one.
    fn value_of(self, text: &str) -> Option<Value> {
        let text = text.trim();
        Some(match self {
            CsvtType::Integer => Value::Int(text.parse().ok()?),
            CsvtType::Real | CsvtType::CoordX | CsvtType::CoordY => {
                Value::Float(text.parse().ok().filter(|f: &f64| f.is_finite())?)
            }
            CsvtType::Boolean => match text.to_ascii_lowercase().as_str() {
                "1" | "true" | "yes" | "on" => Value::Bool(true),
                "0" | "false" | "no" | "off" => Value::Bool(false),
                _ => return None,
            },
            CsvtType::Date => Value::Date(parse_date(&text.replace('/', "-"))?),
            CsvtType::DateTime => Value::DateTime(
                parse_datetime(&text.replace('/', "-"))
                    .or_else(|| parse_date(&text.replace('/', "-")).map(|d| d.midnight()))?,
            ),
            CsvtType::String | CsvtType::Time | CsvtType::List | CsvtType::Wkt => Value::String(text.to_owned()),
        })
    }

    /// The type's name as a `.csvt` writes it.
    fn name(self) -> &'static str {
        match self {
            CsvtType::Integer => "Integer",
            CsvtType::Real => "Real",
            CsvtType::Boolean => "Integer(Boolean)",
            CsvtType::String => "String",
            CsvtType::Date => "Date",
            CsvtType::DateTime => "DateTime",
            CsvtType::Time => "Time",
            CsvtType::List => "a JSON list",
            CsvtType::Wkt => "WKT",
            CsvtType::CoordX => "CoordX",
            CsvtType::CoordY => "CoordY",
        }
    }
}

/// Cells that do not hold the type their `.csvt` gives, read as null (as GDAL reads them).
#[derive(Default)]
struct Unconverted {
    count: usize,
    first: Vec<String>,
}

impl Unconverted {
    fn note(&mut self, line: u64, column: &str, text: &str, kind: CsvtType) {
        self.count += 1;
        if self.first.len() < 5 {
            self.first.push(format!("line {line}, column '{column}': {} is not {}", clip(text), kind.name()));
        }
    }

    fn notice(&self) -> Option<String> {
        (self.count > 0).then(|| {
            format!(
                "{} cell{} did not hold the type the .csvt gives and {} read as null, as GDAL reads them ({}{}); \
                 fix the .csvt, or give the column's type with \"types\"",
                self.count,
                if self.count == 1 { "" } else { "s" },
                if self.count == 1 { "was" } else { "were" },
                self.first.join("; "),
                if self.count > self.first.len() { "; …" } else { "" }
            )
        })
    }
}

/// A reader that fails once a line passes `limit` bytes, noting the line in `too_long`.
struct LineLimit<R> {
    inner: R,
    since_newline: usize,
    line: u64,
    limit: usize,
    too_long: Rc<Cell<Option<u64>>>,
}

impl<R: Read> Read for LineLimit<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut rest = &buf[..n];
        while let Some(at) = memchr::memchr(b'\n', rest) {
            if self.since_newline + at > self.limit {
                break;
            }
            self.since_newline = 0;
            self.line += 1;
            rest = &rest[at + 1..];
        }
        self.since_newline += rest.len();
        if self.since_newline > self.limit {
            self.too_long.set(Some(self.line));
            return Err(std::io::Error::other("a line is too long"));
        }
        Ok(n)
    }
}

/// A reader that follows the CSV's quoting as the `csv` crate reads it, to tell whether the file
/// ends inside a quoted cell (the crate accepts that silently): `open_quote` is then, once the
/// end is read, the line where that cell starts.
struct QuoteWatch<R> {
    inner: R,
    delimiter: u8,
    state: Quoting,
    /// The line being read, and the one the last quoted cell started on.
    line: u64,
    quote_line: u64,
    open_quote: Rc<Cell<Option<u64>>>,
}

/// Where a [`QuoteWatch`] is in a record.
#[derive(Clone, Copy, PartialEq)]
enum Quoting {
    /// At the start of a cell: a quote here opens a quoted cell.
    FieldStart,
    /// In a cell that did not start with a quote: quotes are text.
    Unquoted,
    /// In a quoted cell.
    Quoted,
    /// Just after a quote in a quoted cell: it closed the cell, or a second quote follows.
    AfterQuote,
}

impl<R: Read> Read for QuoteWatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && self.state == Quoting::Quoted {
            self.open_quote.set(Some(self.quote_line));
        }
        for &byte in &buf[..n] {
            self.state = match (self.state, byte) {
                (Quoting::FieldStart, b'"') => {
                    self.quote_line = self.line;
                    Quoting::Quoted
                }
                (Quoting::Quoted, b'"') => Quoting::AfterQuote,
                (Quoting::Quoted, _) | (Quoting::AfterQuote, b'"') => Quoting::Quoted,
                (_, b'\n' | b'\r') => Quoting::FieldStart,
                (_, _) if byte == self.delimiter => Quoting::FieldStart,
                (_, _) => Quoting::Unquoted,
            };
            if byte == b'\n' {
                self.line += 1;
            }
        }
        Ok(n)
    }
}

/// The delimiter that splits the first line most often: `,`, `;`, tab or `|`.
fn sniff_delimiter(head: &[u8], is_tsv: bool) -> u8 {
    let line = head.split(|b| *b == b'\n').next().unwrap_or(head);
    let mut counts = [(b',', 0usize), (b';', 0), (b'\t', 0), (b'|', 0)];
    let mut quoted = false;
    for b in line {
        if *b == b'"' {
            quoted = !quoted;
        } else if !quoted && let Some(entry) = counts.iter_mut().find(|(d, _)| d == b) {
            entry.1 += 1;
        }
    }
    if is_tsv && counts[2].1 > 0 {
        return b'\t';
    }
    let best = counts.iter().max_by_key(|(_, n)| *n).expect("four candidates");
    if best.1 == 0 { if is_tsv { b'\t' } else { b',' } } else { best.0 }
}

/// A cell's text: UTF-8, else Windows-1252 (what spreadsheets save as "CSV" on Windows).
fn text(cell: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(cell) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => encoding_rs::WINDOWS_1252.decode_without_bom_handling(cell).0,
    }
}

/// Header names made unique and non-empty (`field_3` for a blank one, `name_2` for a repeat),
/// in time linear in the number of columns (100,000 columns took 10 s with a list).
fn unique_names(header: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(header.len());
    let mut taken: std::collections::HashSet<String> = std::collections::HashSet::with_capacity(header.len());
    // The next suffix to try for each base that repeats, so a thousand repeats do not retry 2, 3, …
    let mut next_suffix: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, raw) in header.iter().enumerate() {
        let base = if raw.trim().is_empty() { format!("field_{}", i + 1) } else { raw.trim().to_owned() };
        let mut name = base.clone();
        if taken.contains(&name) {
            let n = next_suffix.entry(base.clone()).or_insert(2);
            loop {
                name = format!("{base}_{n}");
                *n += 1;
                if !taken.contains(&name) {
                    break;
                }
            }
        }
        taken.insert(name.clone());
        names.push(name);
    }
    names
}

fn clip(s: &str) -> String {
    let mut end = s.len().min(40);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if end < s.len() { format!("{:?}…", &s[..end]) } else { format!("{s:?}") }
}

/// How the types of a CSV's columns are worked out when neither `types` nor a `.csvt` gives them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TypeDetection {
    /// RustGIS's inference: integer, float, bool (`true`/`false`), date, date-time, else text.
    #[default]
    Rustgis,
    /// GDAL's `AUTODETECT_TYPE=YES` rules (booleans as `yes`/`no`/`y`/`n`/`t`/`f` too, times of
    /// day, UTC offsets), where they give a right answer ([`gdal_types`]).
    Gdal,
    /// Every column is text, as GDAL reads a CSV by default.
    None,
}

/// Converts a column of texts to `field_type`; the row and message of the first that does not convert.
fn convert(column: &mut [Value], field_type: FieldType) -> Result<(), (usize, String)> {
    for (row, value) in column.iter_mut().enumerate() {
        let taken = std::mem::take(value);
        *value = field_type.coerce(taken).map_err(|e| (row, e.to_string()))?;
    }
    Ok(())
}

/// The narrowest type every text of a column reads as (integer, float, bool, date, datetime,
/// else string), and the column converted to it. Numbers with leading zeros (`007`, postcodes)
/// keep the column as text.
pub(super) fn infer_and_convert(column: &mut [Value]) -> FieldType {
    let texts = || column.iter().filter_map(Value::as_str);
    let is_int = |s: &str| {
        let digits = s.strip_prefix('-').unwrap_or(s);
        s.parse::<i64>().is_ok() && !(digits.len() > 1 && digits.starts_with('0'))
    };
    let is_float = |s: &str| {
        let digits = s.strip_prefix('-').unwrap_or(s);
        s.parse::<f64>().is_ok_and(f64::is_finite)
            && !(digits.len() > 1 && digits.starts_with('0') && !digits.starts_with("0."))
            && !s.eq_ignore_ascii_case("inf")
    };
    let is_bool = |s: &str| s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false");
    if texts().next().is_none() {
        return FieldType::String;
    }
    let field_type = if texts().all(is_int) {
        FieldType::Integer
    } else if texts().all(is_float) {
        FieldType::Float
    } else if texts().all(is_bool) {
        FieldType::Bool
    } else if texts().all(|s| s.len() == 10 && parse_date(&s.replace('/', "-")).is_some()) {
        FieldType::Date
    } else if texts().all(|s| s.len() >= 16 && parse_datetime(s).is_some()) {
        FieldType::Datetime
    } else {
        return FieldType::String;
    };
    for value in column.iter_mut() {
        if let Value::String(s) = value {
            *value = match field_type {
                FieldType::Integer => s.parse().map_or(Value::Null, Value::Int),
                FieldType::Float => s.parse().map_or(Value::Null, Value::Float),
                FieldType::Bool => Value::Bool(s.eq_ignore_ascii_case("true")),
                FieldType::Date => parse_date(&s.replace('/', "-")).map_or(Value::Null, Value::Date),
                _ => parse_datetime(s).map_or(Value::Null, Value::DateTime),
            };
        }
    }
    field_type
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delimiter_is_the_one_the_header_uses_most() {
        assert_eq!(sniff_delimiter(b"name;lon;lat\n\"a,b\";1;2\n", false), b';');
        assert_eq!(sniff_delimiter(b"name\tlon\tlat\n", false), b'\t');
        assert_eq!(sniff_delimiter(b"name,lon,lat\n", false), b',');
        assert_eq!(sniff_delimiter(b"single\n", true), b'\t');
    }

    #[test]
    fn csvt_types_are_read_with_gdal_syntax_quoted_or_not_with_widths_and_subtypes() {
        let csvt = Csvt::parse(
            "\"Integer(5)\", integer64 ,\"Real(10.7)\",Real(Float32),String(22),Integer(Boolean),Integer(Int16),\
             Date,DateTime,Time,WKT,\"CoordX\",Point(Y),Point(X),CoordY,JSonStringList,Blob,Integer(x)\r\nignored\n",
            Path::new("t.csvt"),
        );
        use CsvtType::*;
        assert_eq!(
            csvt.types,
            [
                Integer, Integer, Real, Real, String, Boolean, Integer, Date, DateTime, Time, Wkt, CoordX, CoordY,
                CoordX, CoordY, List, String, String
            ]
        );
        assert_eq!(csvt.unknown, [(16, "Blob".to_owned()), (17, "Integer(x)".to_owned())]);
        assert_eq!((csvt.column_of(CoordX), csvt.column_of(CoordY)), (Some(11), Some(12)));
    }

    #[test]
    fn numbers_with_leading_zeros_stay_text() {
        let mut column = vec![Value::String("00501".into()), Value::String("12345".into())];
        assert_eq!(infer_and_convert(&mut column), FieldType::String);
    }
}

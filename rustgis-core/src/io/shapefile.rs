//! ESRI Shapefiles: `.shp` geometries, `.shx` index, `.dbf` attributes, `.prj` CRS and `.cpg`
//! code page, read from a folder or a `.zip`, and written as all five files (or one `.zip`).
//!
//! The files are read whole into memory and every size and offset is checked against the bytes
//! there are, so a truncated or lying file is an error naming the file and the byte, never a
//! panic or a huge allocation. The format is small and fixed (a 100-byte header and records), so
//! it is read here directly rather than through a crate that reads record by record from a
//! stream: checking offsets against the whole file and reading `.zip` members from memory both
//! need the bytes at hand.

mod dbf;

use std::path::{Path, PathBuf};

use geo::{Coord, Geometry, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

use super::{ReadData, atomic, zipped};
use crate::error::{Error, Result};
use crate::layer::{Extent, Feature, Layer};

/// The shape types of the `.shp` header and records.
const NULL: i32 = 0;
const POINT: i32 = 1;
const POLYLINE: i32 = 3;
const POLYGON: i32 = 5;
const MULTIPOINT: i32 = 8;
const MULTIPATCH: i32 = 31;

/// The bytes of one Shapefile's member files.
struct Members {
    shp: Vec<u8>,
    shx: Option<Vec<u8>>,
    dbf: Option<Vec<u8>>,
    prj: Option<String>,
    cpg: Option<String>,
}

/// Reads a Shapefile: `path` is its `.shp` (the other files beside it, any case of extension) or
/// a `.zip` holding one Shapefile. With `bbox`, keeps only shapes whose box meets it.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(super::DataFile::open(path)?.into_file(), path, bbox)
}

/// [`read_file`] of a `.shp` or `.zip` already opened at `path`; each other member is opened
/// once, beside it.
pub(crate) fn read_opened(file: std::fs::File, path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let (members, shp_path) = if super::has_extension(path, "zip") {
        read_zip(file, path)?
    } else {
        (read_folder(file, path)?, path.to_owned())
    };
    read_members(&members, &shp_path, bbox)
}

/// Reads a Shapefile from the bytes of its members: the `.shp`, and the `.shx`, `.dbf`, `.prj`
/// and `.cpg` when there are; `origin` names the `.shp` in errors (the others are named beside
/// it). Every size and offset is checked against the bytes given, as when reading files.
pub fn read_bytes(
    shp: &[u8],
    shx: Option<&[u8]>,
    dbf: Option<&[u8]>,
    prj: Option<&str>,
    origin: &Path,
) -> Result<ReadData> {
    let members = Members {
        shp: shp.to_vec(),
        shx: shx.map(<[u8]>::to_vec),
        dbf: dbf.map(<[u8]>::to_vec),
        prj: prj.map(str::to_owned),
        cpg: None,
    };
    read_members(&members, origin, None)
}

/// Writes a layer as a Shapefile at `path`: a `.shp` with its `.shx`, `.dbf`, `.prj` and `.cpg`
/// beside it, or all five in one archive when `path` ends in `.zip`. Returns the bytes written and
/// notices (renamed fields, a CRS without a `.prj`).
pub fn write_files(layer: &Layer, path: &Path, overwrite: bool) -> Result<(u64, Vec<String>)> {
    let mut notices = Vec::new();
    let (shp, shx) = write_shapes(layer, path)?;
    let dbf = dbf::write(layer, path, &mut notices)?;
    let prj = super::crs_wkt::prj_of(layer.crs);
    if prj.is_none() {
        notices.push(format!(
            "no .prj was written: {} has no WKT 1 form (ESRI or OGC); the file's CRS must be set by whoever opens it",
            layer.crs
        ));
    }
    let mut files: Vec<(&str, Vec<u8>)> = vec![("shp", shp), ("shx", shx), ("dbf", dbf), ("cpg", b"UTF-8".to_vec())];
    if let Some(prj) = prj {
        files.push(("prj", prj.into_bytes()));
    }
    if super::has_extension(path, "zip") {
        let stem = path.file_stem().map_or_else(|| "layer".to_owned(), |s| s.to_string_lossy().into_owned());
        let members: Vec<(String, Vec<u8>)> =
            files.into_iter().map(|(extension, bytes)| (format!("{stem}.{extension}"), bytes)).collect();
        let archive = zipped::archive_of(&members).map_err(|source| Error::Io {
            action: "cannot write",
            path: path.to_owned(),
            cause: std::io::Error::other(source.to_string()),
        })?;
        let bytes = atomic::write_bytes(path, overwrite, &archive)?;
        return Ok((bytes, notices));
    }
    // One set: the .shp is the key (moved aside first, renamed in last), and every file of the
    // old set the new one does not write is removed with the commit.
    let mut set = atomic::FileSet::new(path, overwrite)?;
    let written: Vec<PathBuf> = files.iter().map(|(extension, _)| path.with_extension(extension)).collect();
    for (extension, bytes) in &files {
        set.add_bytes(&path.with_extension(extension), bytes)?;
    }
    for extension in OLD_SET_MEMBERS {
        for extension in [extension.to_string(), extension.to_ascii_uppercase()] {
            let old = path.with_extension(&extension);
            if !written.contains(&old) && std::fs::symlink_metadata(&old).is_ok() {
                set.remove_stale(&old)?;
            }
        }
    }
    let total = set.commit()?;
    Ok((total, notices))
}

/// The files beside a `.shp` that belong to its data, in lower case: an export removes those the
/// new Shapefile does not write (any case), since they would describe the old one (a `.prj` of
/// another CRS, QGIS's `.qpj` over it, spatial and attribute indexes of other shapes).
const OLD_SET_MEMBERS: [&str; 15] =
    ["shp", "shx", "dbf", "prj", "cpg", "qpj", "qix", "sbn", "sbx", "fbn", "fbx", "ain", "aih", "atx", "mxs"];

/// The members of a Shapefile in a folder: the `.shp` already opened, each other member opened
/// once (lower-case extension first, then upper-case) and read through that descriptor; a member
/// that is there but not a regular file is refused.
fn read_folder(shp_file: std::fs::File, shp: &Path) -> Result<Members> {
    let sibling = |extension: &str| -> Result<Option<Vec<u8>>> {
        for extension in [extension.to_owned(), extension.to_ascii_uppercase()] {
            let path = shp.with_extension(extension);
            match super::open_regular(&path) {
                Ok(file) => return super::read_whole_of(file, &path).map(Some),
                Err(Error::Io { cause, .. }) if cause.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        Ok(None)
    };
    let text = |bytes: Option<Vec<u8>>| bytes.map(|b| String::from_utf8_lossy(&b).into_owned());
    Ok(Members {
        shp: super::read_whole_of(shp_file, shp)?,
        shx: sibling("shx")?,
        dbf: sibling("dbf")?,
        prj: text(sibling("prj")?),
        cpg: text(sibling("cpg")?),
    })
}

fn read_zip(file: std::fs::File, path: &Path) -> Result<(Members, PathBuf)> {
    let mut archive = zipped::Archive::of(file, path)?;
    let names = archive.names()?;
    let shps = zipped::with_extension(&names, "shp");
    let shp_name = match shps.as_slice() {
        [one] => one.clone(),
        [] => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "the archive's members".to_owned(),
                message: format!(
                    "the archive holds no .shp file (it holds {}); RustGIS reads a .zip that holds one Shapefile",
                    names.iter().take(10).cloned().collect::<Vec<_>>().join(", ")
                ),
            });
        }
        several => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "the archive's members".to_owned(),
                message: format!(
                    "the archive holds {} Shapefiles ({}); unzip it and open one .shp",
                    several.len(),
                    several.join(", ")
                ),
            });
        }
    };
    let stem = shp_name[..shp_name.len() - 4].to_owned();
    let member = |archive: &mut zipped::Archive, extension: &str| -> Result<Option<Vec<u8>>> {
        let wanted = names.iter().find(|n| {
            n.len() == stem.len() + 4
                && n.starts_with(&stem)
                && n[stem.len()..].eq_ignore_ascii_case(&format!(".{extension}"))
        });
        wanted.map(|name| archive.read(name)).transpose()
    };
    let text = |bytes: Option<Vec<u8>>| bytes.map(|b| String::from_utf8_lossy(&b).into_owned());
    let members = Members {
        shp: archive.read(&shp_name)?,
        shx: member(&mut archive, "shx")?,
        dbf: member(&mut archive, "dbf")?,
        prj: text(member(&mut archive, "prj")?),
        cpg: text(member(&mut archive, "cpg")?),
    };
    Ok((members, path.join(&shp_name)))
}

fn read_members(members: &Members, shp_path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let dbf_path = shp_path.with_extension("dbf");
    let shx_path = shp_path.with_extension("shx");
    let mut notices = Vec::new();
    check_header(&members.shp, shp_path)?;
    let records = match &members.shx {
        Some(shx) => index_of_shx(shx, &shx_path, &members.shp, shp_path)?,
        None => {
            notices.push("the .shx index is missing; the shapes were found by walking the .shp".to_owned());
            index_by_walking(&members.shp, shp_path)?
        }
    };
    let table = match &members.dbf {
        Some(dbf) => dbf::Table::read(dbf, &dbf_path, members.cpg.as_deref(), &mut notices)?,
        None => {
            notices.push("the .dbf is missing; the layer has geometries only".to_owned());
            dbf::Table::empty(records.len())
        }
    };
    if table.n_records() != records.len() {
        return Err(Error::Data {
            path: dbf_path,
            position: "byte 4".to_owned(),
            message: format!(
                "the .dbf has {} records but the .shp has {} shapes; the files do not belong together",
                table.n_records(),
                records.len()
            ),
        });
    }
    let mut crs_problem = None;
    let crs = match members.prj.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(prj) => match super::crs_wkt::crs_of_definition(prj, ".prj") {
            Ok((crs, note)) => {
                notices.extend(note);
                crs
            }
            Err(problem) => {
                crs_problem = Some(problem);
                crate::layer::Crs::WGS84
            }
        },
        None => crate::layer::Crs::WGS84,
    };
    let mut features = Vec::with_capacity(records.len());
    let mut n_invalid = 0;
    let mut first_invalid = Vec::new();
    for (row, &(offset, length)) in records.iter().enumerate() {
        super::check_stop(shp_path)?;
        if table.is_deleted(row) {
            continue;
        }
        let content = &members.shp[offset..offset + length];
        let position = || format!("byte {offset} (shape {})", row + 1);
        if let Some(bbox) = &bbox
            && !shape_meets(content, bbox)
        {
            continue;
        }
        let mut problem = None;
        let geometry = decode_shape(content, &mut problem).map_err(|message| Error::Data {
            path: shp_path.to_owned(),
            position: position(),
            message,
        })?;
        if let (Some(bbox), Some(Geometry::Point(p))) = (&bbox, &geometry)
            && !bbox.intersects(&Extent { min_x: p.x(), min_y: p.y(), max_x: p.x(), max_y: p.y() })
        {
            continue;
        }
        let id = row as u64 + 1;
        if let Some(problem) = problem {
            n_invalid += 1;
            if first_invalid.len() < 5 {
                first_invalid.push((id, problem));
            }
        }
        let attributes = table.row(row).map_err(|message| Error::Data {
            path: dbf_path.clone(),
            position: format!("record {}", row + 1),
            message,
        })?;
        features.push(Feature { id, geometry, attributes });
    }
    if n_invalid > 0 {
        notices.push(super::invalid_notice(n_invalid, &first_invalid));
    }
    if members.prj.as_deref().is_none_or(|p| p.trim().is_empty()) {
        notices.push(super::no_crs_notice("there is no .prj", &features));
    }
    Ok(ReadData { fields: table.fields(), features, crs, notices, crs_problem })
}

/// Checks the `.shp` header: its size, file code and shape type.
fn check_header(shp: &[u8], path: &Path) -> Result<()> {
    let error =
        |position: &str, message: String| Error::Data { path: path.to_owned(), position: position.to_owned(), message };
    if shp.len() < 100 {
        return Err(error(
            "byte 0",
            format!("the .shp is truncated: it has {} bytes, fewer than its 100-byte header", shp.len()),
        ));
    }
    if be_i32(shp, 0) != 9994 {
        return Err(error("byte 0", "not a Shapefile .shp: it does not start with the file code 9994".to_owned()));
    }
    check_shape_type(le_i32(shp, 32)).map_err(|message| error("byte 32", message))
}

/// Refuses shape types a layer cannot hold.
fn check_shape_type(shape_type: i32) -> Result<(), String> {
    match shape_type {
        MULTIPATCH => Err("the Shapefile holds MultiPatch shapes (3D surfaces), which RustGIS does not read; \
                           convert them to polygons first"
            .to_owned()),
        t if base_type(t).is_some() => Ok(()),
        other => Err(format!("unknown shape type {other}; Shapefiles hold points, lines, polygons and multipoints")),
    }
}

/// The 2D shape type of a type with or without Z/M (11 PointZ → 1, 25 PolygonM → 5).
fn base_type(shape_type: i32) -> Option<i32> {
    match shape_type {
        NULL => Some(NULL),
        1 | 11 | 21 => Some(POINT),
        3 | 13 | 23 => Some(POLYLINE),
        5 | 15 | 25 => Some(POLYGON),
        8 | 18 | 28 => Some(MULTIPOINT),
        _ => None,
    }
}

/// Record content offsets and lengths from the `.shx`, each checked against the `.shp`.
fn index_of_shx(shx: &[u8], shx_path: &Path, shp: &[u8], shp_path: &Path) -> Result<Vec<(usize, usize)>> {
    if shx.len() < 100 || be_i32(shx, 0) != 9994 {
        return Err(Error::Data {
            path: shx_path.to_owned(),
            position: "byte 0".to_owned(),
            message: "not a Shapefile index: it is shorter than 100 bytes or lacks the file code 9994".to_owned(),
        });
    }
    let n = (shx.len() - 100) / 8;
    let mut records = Vec::new();
    super::reserve(&mut records, n, || format!("the index of {}", shx_path.display()))?;
    for i in 0..n {
        let at = 100 + 8 * i;
        let offset = be_i32(shx, at) as i64 * 2;
        let length = be_i32(shx, at + 4) as i64 * 2;
        let end = offset + 8 + length;
        if offset < 100 || length < 4 || end > shp.len() as i64 {
            return Err(Error::Data {
                path: shx_path.to_owned(),
                position: format!("byte {at} (shape {})", i + 1),
                message: format!(
                    "the index puts shape {} at bytes {offset}..{end} but {} has {} bytes: the .shp is truncated or the \
                     .shx does not belong to it",
                    i + 1,
                    shp_path.display(),
                    shp.len()
                ),
            });
        }
        records.push((offset as usize + 8, length as usize));
    }
    Ok(records)
}

/// Record content offsets and lengths found by walking the `.shp` record headers.
fn index_by_walking(shp: &[u8], path: &Path) -> Result<Vec<(usize, usize)>> {
    let mut records = Vec::new();
    let mut at = 100;
    while at + 8 <= shp.len() {
        let length = be_i32(shp, at + 4) as i64 * 2;
        let end = at as i64 + 8 + length;
        if length < 4 || end > shp.len() as i64 {
            return Err(Error::Data {
                path: path.to_owned(),
                position: format!("byte {at} (shape {})", records.len() + 1),
                message: format!(
                    "the .shp is truncated: shape {} needs bytes up to {end} of {}",
                    records.len() + 1,
                    shp.len()
                ),
            });
        }
        records.push((at + 8, length as usize));
        at = end as usize;
    }
    Ok(records)
}

/// Whether a record's box (or point) meets `bbox`; a record too short to say is kept, so that
/// decoding reports it.
fn shape_meets(content: &[u8], bbox: &Extent) -> bool {
    let Some(shape_type) = content.get(..4).map(|_| le_i32(content, 0)) else { return true };
    match base_type(shape_type) {
        Some(NULL) => false,
        Some(POINT) => true,
        _ if content.len() >= 36 => {
            let extent = Extent {
                min_x: le_f64(content, 4),
                min_y: le_f64(content, 12),
                max_x: le_f64(content, 20),
                max_y: le_f64(content, 28),
            };
            extent.intersects(bbox)
        }
        _ => true,
    }
}

/// One record's geometry; what makes it invalid (but readable) goes to `problem`.
fn decode_shape(content: &[u8], problem: &mut Option<&'static str>) -> Result<Option<Geometry<f64>>, String> {
    let shape_type = le_i32(content, 0);
    check_shape_type(shape_type)?;
    let need = |n: usize| -> Result<(), String> {
        if content.len() < n {
            Err(format!("the shape is truncated: it needs {n} bytes and its record has {}", content.len()))
        } else {
            Ok(())
        }
    };
    match base_type(shape_type) {
        Some(POINT) => {
            need(20)?;
            let (x, y) = (le_f64(content, 4), le_f64(content, 12));
            // A point with "no data" coordinates (below -1e38) stands for an empty point.
            Ok(if x < -1e38 || y < -1e38 { None } else { Some(Geometry::Point(Point::new(x, y))) })
        }
        Some(MULTIPOINT) => {
            need(40)?;
            let n = count(content, 36, 16, 40)?;
            let points = (0..n).map(|i| Point(coord(content, 40 + 16 * i))).collect();
            Ok(Some(Geometry::MultiPoint(MultiPoint(points))))
        }
        Some(kind @ (POLYLINE | POLYGON)) => {
            need(44)?;
            let n_parts = le_i32(content, 36);
            let n_points = le_i32(content, 40);
            if n_parts < 0 || n_points < 0 {
                return Err(format!("the shape has a negative count ({n_parts} parts, {n_points} points)"));
            }
            let (n_parts, n_points) = (n_parts as usize, n_points as usize);
            let points_at = 44usize.saturating_add(n_parts.saturating_mul(4));
            need(points_at.saturating_add(n_points.saturating_mul(16)))?;
            let mut starts = Vec::with_capacity(n_parts + 1);
            for i in 0..n_parts {
                let start = le_i32(content, 44 + 4 * i);
                if start < 0 || start as usize > n_points || starts.last().is_some_and(|last| (start as usize) < *last)
                {
                    return Err(format!(
                        "part {} starts at point {start}, outside the shape's {n_points} points",
                        i + 1
                    ));
                }
                starts.push(start as usize);
            }
            starts.push(n_points);
            let parts: Vec<Vec<Coord<f64>>> =
                starts.windows(2).map(|w| (w[0]..w[1]).map(|i| coord(content, points_at + 16 * i)).collect()).collect();
            if parts.is_empty() {
                return Ok(None);
            }
            Ok(Some(if kind == POLYLINE { lines(parts, problem) } else { polygons(parts, problem) }))
        }
        _ => Ok(None),
    }
}

fn lines(parts: Vec<Vec<Coord<f64>>>, problem: &mut Option<&'static str>) -> Geometry<f64> {
    let mut note = |p| *problem = problem.or(Some(p));
    let mut lines: Vec<LineString<f64>> = parts.into_iter().map(|part| super::make_line(part, &mut note)).collect();
    if lines.len() == 1 {
        Geometry::LineString(lines.remove(0))
    } else {
        Geometry::MultiLineString(MultiLineString(lines))
    }
}

/// Polygons from rings: clockwise rings are exteriors, the others holes of the exterior that
/// holds them (as the Shapefile specification says and GDAL reads them).
fn polygons(rings: Vec<Vec<Coord<f64>>>, problem: &mut Option<&'static str>) -> Geometry<f64> {
    let mut note = |p| *problem = problem.or(Some(p));
    let mut exteriors: Vec<Vec<Vec<Coord<f64>>>> = Vec::new();
    let mut holes = Vec::new();
    for ring in rings {
        if signed_area(&ring) <= 0.0 { exteriors.push(vec![ring]) } else { holes.push(ring) }
    }
    for hole in holes {
        let holder = if exteriors.len() == 1 {
            Some(0)
        } else {
            hole.first().and_then(|p| exteriors.iter().position(|polygon| ring_contains(&polygon[0], *p)))
        };
        match holder {
            Some(i) => exteriors[i].push(hole),
            None => exteriors.push(vec![hole]),
        }
    }
    let mut polygons: Vec<Polygon<f64>> =
        exteriors.into_iter().map(|rings| super::make_polygon(rings, &mut note)).collect();
    if polygons.len() == 1 {
        Geometry::Polygon(polygons.remove(0))
    } else {
        Geometry::MultiPolygon(MultiPolygon(polygons))
    }
}

/// Twice the signed area: positive for counter-clockwise rings. Summed relative to the first
/// vertex, so a small ring far from the origin (x and y near 1e11) keeps its sign: from the origin
/// each product is near 1e22 and their rounding errors swamp an area of a few square units.
fn signed_area(ring: &[Coord<f64>]) -> f64 {
    let Some(origin) = ring.first() else { return 0.0 };
    ring.windows(2).map(|w| (w[0].x - origin.x) * (w[1].y - origin.y) - (w[1].x - origin.x) * (w[0].y - origin.y)).sum()
}

fn ring_contains(ring: &[Coord<f64>], p: Coord<f64>) -> bool {
    let mut inside = false;
    for w in ring.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// A count of items of `size` bytes from `at`, checked against the record.
fn count(content: &[u8], at: usize, size: usize, items_at: usize) -> Result<usize, String> {
    let n = le_i32(content, at);
    let fits = n >= 0 && items_at.saturating_add((n as usize).saturating_mul(size)) <= content.len();
    if !fits {
        return Err(format!("the shape claims {n} points but its record has {} bytes", content.len()));
    }
    Ok(n as usize)
}

fn coord(content: &[u8], at: usize) -> Coord<f64> {
    Coord { x: le_f64(content, at), y: le_f64(content, at + 8) }
}

fn be_i32(bytes: &[u8], at: usize) -> i32 {
    i32::from_be_bytes(bytes[at..at + 4].try_into().expect("the caller checked 4 bytes are there"))
}

fn le_i32(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(bytes[at..at + 4].try_into().expect("the caller checked 4 bytes are there"))
}

fn le_f64(bytes: &[u8], at: usize) -> f64 {
    f64::from_le_bytes(bytes[at..at + 8].try_into().expect("the caller checked 8 bytes are there"))
}

// ---------------------------------------------------------------------------------------------
// Writing

/// The `.shp` and `.shx` bytes of a layer, or an error when the layer mixes geometry kinds.
fn write_shapes(layer: &Layer, path: &Path) -> Result<(Vec<u8>, Vec<u8>)> {
    let shape_type = layer_shape_type(layer)
        .map_err(|message| Error::Failed(format!("cannot write {}: {message}", path.display())))?;
    let mut shp = vec![0u8; 100];
    let mut shx = vec![0u8; 100];
    let mut extent: Option<Extent> = None;
    for (i, feature) in layer.features.iter().enumerate() {
        let mut content = Vec::new();
        match &feature.geometry {
            None => content.extend_from_slice(&NULL.to_le_bytes()),
            Some(geometry) => {
                if let Some(e) = Extent::of_geometry(geometry) {
                    extent = Some(extent.map_or(e, |x| x.union(&e)));
                }
                encode_shape(geometry, shape_type, &mut content);
            }
        }
        let offset = shp.len();
        let words = |n: usize| {
            i32::try_from(n / 2).map_err(|_| {
                Error::Failed(format!(
                    "cannot write {}: the .shp would pass 4 GiB, the most a Shapefile holds",
                    path.display()
                ))
            })
        };
        shx.extend_from_slice(&words(offset)?.to_be_bytes());
        shx.extend_from_slice(&words(content.len())?.to_be_bytes());
        shp.extend_from_slice(&(i as i32 + 1).to_be_bytes());
        shp.extend_from_slice(&words(content.len())?.to_be_bytes());
        shp.extend_from_slice(&content);
        words(shp.len())?;
    }
    let extent = extent.unwrap_or(Extent { min_x: 0.0, min_y: 0.0, max_x: 0.0, max_y: 0.0 });
    for bytes in [&mut shp, &mut shx] {
        let len = bytes.len();
        write_header(bytes, len, shape_type, &extent);
    }
    Ok((shp, shx))
}

fn write_header(bytes: &mut [u8], len: usize, shape_type: i32, extent: &Extent) {
    bytes[0..4].copy_from_slice(&9994i32.to_be_bytes());
    bytes[24..28].copy_from_slice(&((len / 2) as i32).to_be_bytes());
    bytes[28..32].copy_from_slice(&1000i32.to_le_bytes());
    bytes[32..36].copy_from_slice(&shape_type.to_le_bytes());
    for (i, v) in extent.to_array().into_iter().enumerate() {
        bytes[36 + 8 * i..44 + 8 * i].copy_from_slice(&v.to_le_bytes());
    }
}

/// The one shape type that holds every geometry of the layer.
fn layer_shape_type(layer: &Layer) -> Result<i32, String> {
    let mut kinds = std::collections::BTreeSet::new();
    for feature in layer.features.iter() {
        let kind = match &feature.geometry {
            None => continue,
            Some(Geometry::Point(_)) => POINT,
            Some(Geometry::MultiPoint(_)) => MULTIPOINT,
            Some(Geometry::Line(_) | Geometry::LineString(_) | Geometry::MultiLineString(_)) => POLYLINE,
            Some(Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_)) => {
                POLYGON
            }
            Some(Geometry::GeometryCollection(_)) => {
                return Err(format!(
                    "feature {} is a geometry collection, which a Shapefile cannot hold; write GeoPackage or GeoJSON",
                    feature.id
                ));
            }
        };
        kinds.insert(kind);
    }
    if kinds == std::collections::BTreeSet::from([POINT, MULTIPOINT]) {
        return Ok(MULTIPOINT);
    }
    match kinds.len() {
        0 => Ok(POINT),
        1 => Ok(*kinds.first().expect("one kind")),
        _ => Err(format!(
            "a Shapefile holds one kind of geometry and the layer '{}' mixes {}; export each kind to its own file or \
             write GeoPackage or GeoJSON, which hold mixed layers",
            layer.name,
            kinds.iter().map(|k| kind_name(*k)).collect::<Vec<_>>().join(" and ")
        )),
    }
}

fn kind_name(shape_type: i32) -> &'static str {
    match shape_type {
        POINT => "points",
        MULTIPOINT => "multipoints",
        POLYLINE => "lines",
        _ => "polygons",
    }
}

fn encode_shape(geometry: &Geometry<f64>, shape_type: i32, out: &mut Vec<u8>) {
    let push_f64 = |out: &mut Vec<u8>, v: f64| out.extend_from_slice(&v.to_le_bytes());
    out.extend_from_slice(&shape_type.to_le_bytes());
    match (shape_type, geometry) {
        (POINT, Geometry::Point(p)) => {
            push_f64(out, p.x());
            push_f64(out, p.y());
        }
        (MULTIPOINT, _) => {
            let points: Vec<Coord<f64>> = match geometry {
                Geometry::Point(p) => vec![p.0],
                Geometry::MultiPoint(m) => m.0.iter().map(|p| p.0).collect(),
                _ => Vec::new(),
            };
            write_box(out, &points);
            out.extend_from_slice(&(points.len() as i32).to_le_bytes());
            for c in points {
                push_f64(out, c.x);
                push_f64(out, c.y);
            }
        }
        _ => {
            let parts = parts_of(geometry);
            let all: Vec<Coord<f64>> = parts.iter().flatten().copied().collect();
            write_box(out, &all);
            out.extend_from_slice(&(parts.len() as i32).to_le_bytes());
            out.extend_from_slice(&(all.len() as i32).to_le_bytes());
            let mut start = 0i32;
            for part in &parts {
                out.extend_from_slice(&start.to_le_bytes());
                start += part.len() as i32;
            }
            for c in all {
                push_f64(out, c.x);
                push_f64(out, c.y);
            }
        }
    }
}

/// The parts of a line or polygon geometry, polygon rings oriented as Shapefiles want them:
/// exteriors clockwise, holes counter-clockwise.
fn parts_of(geometry: &Geometry<f64>) -> Vec<Vec<Coord<f64>>> {
    let oriented = |ring: &LineString<f64>, clockwise: bool| {
        let mut coords = ring.0.clone();
        if (signed_area(&coords) < 0.0) != clockwise {
            coords.reverse();
        }
        coords
    };
    let polygon_rings = |polygon: &Polygon<f64>, out: &mut Vec<Vec<Coord<f64>>>| {
        if polygon.exterior().0.is_empty() {
            return;
        }
        out.push(oriented(polygon.exterior(), true));
        out.extend(polygon.interiors().iter().map(|r| oriented(r, false)));
    };
    let mut out = Vec::new();
    match geometry {
        Geometry::Line(line) => out.push(vec![line.start, line.end]),
        Geometry::LineString(line) => out.push(line.0.clone()),
        Geometry::MultiLineString(lines) => out.extend(lines.0.iter().map(|l| l.0.clone())),
        Geometry::Polygon(polygon) => polygon_rings(polygon, &mut out),
        Geometry::Rect(rect) => polygon_rings(&rect.to_polygon(), &mut out),
        Geometry::Triangle(triangle) => polygon_rings(&triangle.to_polygon(), &mut out),
        Geometry::MultiPolygon(polygons) => polygons.0.iter().for_each(|p| polygon_rings(p, &mut out)),
        _ => {}
    }
    out
}

fn write_box(out: &mut Vec<u8>, coords: &[Coord<f64>]) {
    let (mut min_x, mut min_y, mut max_x, mut max_y) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for c in coords {
        min_x = min_x.min(c.x);
        min_y = min_y.min(c.y);
        max_x = max_x.max(c.x);
        max_y = max_y.max(c.y);
    }
    if coords.is_empty() {
        (min_x, min_y, max_x, max_y) = (0.0, 0.0, 0.0, 0.0);
    }
    for v in [min_x, min_y, max_x, max_y] {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

//! The georeferencing GDAL's GTiff driver reads for a file, in the order of its `GEOREF_SOURCES`
//! (PAM, INTERNAL, TABFILE, WORLDFILE): the `.aux.xml`, the file's own tags, a MapInfo `.tab`, a
//! world file ([`crate::raster::sidecars`] reads them).

use std::path::Path;

use super::data_error;
use crate::crs::geokeys::KeysCrs;
use crate::error::Result;
use crate::raster::grid::GeoTransform;
use crate::raster::sidecars;

/// The georeferencing GDAL reads for a file whose own is `transform` and `crs`, in the order of
/// GDAL's GTiff `GEOREF_SOURCES` (PAM, INTERNAL, TABFILE, WORLDFILE): the `.aux.xml`'s
/// GeoTransform and SRS take their place (GDAL prefers them), and a MapInfo `.tab`, else a world
/// file, gives the transform of a file without one; notices say which sidecar gave what, and what
/// is missing.
pub(super) fn with_sidecars(
    path: &Path,
    position: &str,
    transform: Option<GeoTransform>,
    crs: KeysCrs,
    notices: &mut Vec<String>,
) -> Result<(GeoTransform, KeysCrs)> {
    let (mut transform, mut crs) = (transform, crs);
    let own = transform.is_some();
    let mut aux_srs = false;
    if let Some(aux) = sidecars::aux_xml(path, notices)? {
        aux_srs = aux.srs.is_some();
        if let Some(t) = aux.transform {
            let over = if own { ", in place of the file's own, as GDAL reads it" } else { "" };
            notices.push(format!("{}: its georeferencing comes from {}{over}", path.display(), aux.path.display()));
            transform = Some(t);
        }
        match aux.srs {
            Some(Ok((c, note))) => {
                notices.push(format!("{}: its CRS comes from the SRS of {}", path.display(), aux.path.display()));
                notices.extend(note.map(|n| format!("{}: {n}", path.display())));
                crs = KeysCrs::Crs(c, None);
            }
            Some(Err(problem)) => crs = KeysCrs::Unreadable(problem),
            None => {}
        }
    }
    if transform.is_none()
        && let Some(tab) = sidecars::tab_file(path, notices)?
    {
        crs = with_tab(path, tab, &mut transform, crs, aux_srs, notices);
    }
    if transform.is_none()
        && let Some((t, world)) = sidecars::world_file(path, notices)?
    {
        notices.push(format!("{}: its georeferencing comes from the world file {}", path.display(), world.display()));
        transform = Some(t);
    }
    let transform = transform.unwrap_or_else(|| {
        notices.push(format!(
            "{} has no georeferencing (in the file, a .aux.xml, a MapInfo .tab or a world file): its cells are placed at their \
             column and row numbers",
            path.display()
        ));
        GeoTransform([0.0, 1.0, 0.0, 0.0, 0.0, -1.0])
    });
    if transform.inverse().is_none() || transform.0.iter().any(|v| !v.is_finite()) {
        return Err(data_error(
            path,
            position,
            "the georeferencing gives cells no area (a scale of 0 or not a number)",
        ));
    }
    if crs == KeysCrs::None {
        notices.push(format!(
            "{} has no CRS in its GeoKeys: its cells are taken as EPSG:4326 (give \"crs\" to name its CRS)",
            path.display()
        ));
    }
    Ok((transform, crs))
}

/// Takes the transform from a `.tab` (the file and its `.aux.xml` gave none) and returns the CRS:
/// the `.tab`'s CoordSys in place of the GeoKeys' CRS, as GDAL reads it, unless the `.aux.xml`
/// named one (`from_pam`). Control points that fit no transform leave the file without one.
fn with_tab(
    path: &Path,
    tab: sidecars::TabFile,
    transform: &mut Option<GeoTransform>,
    crs: KeysCrs,
    from_pam: bool,
    notices: &mut Vec<String>,
) -> KeysCrs {
    let Some(t) = tab.transform else {
        notices.push(format!(
            "{}: the {} control points of {} fit no affine transform within a quarter of a cell: GDAL reads them as \
             GCPs, which RustGIS does not warp (gdalwarp writes a georeferenced GeoTIFF from them)",
            path.display(),
            tab.points,
            tab.path.display()
        ));
        return crs;
    };
    notices.push(format!("{}: its georeferencing comes from the MapInfo {}", path.display(), tab.path.display()));
    *transform = Some(t);
    match tab.crs {
        _ if from_pam => crs,
        Some(Ok((c, note))) => {
            notices.push(format!("{}: its CRS comes from the CoordSys of {}", path.display(), tab.path.display()));
            notices.extend(note.map(|n| format!("{}: {n}", path.display())));
            KeysCrs::Crs(c, None)
        }
        Some(Err(problem)) => KeysCrs::Unreadable(format!("{}: {problem}", tab.path.display())),
        None => crs,
    }
}

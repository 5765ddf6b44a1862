//! CRSs in the words of data files, through the CRS engine ([`crate::crs`], PROJ): reading a
//! file's definition (WKT 1 or 2, ESRI WKT, PROJJSON, a code) as PROJ identifies it, and the text
//! each format stores for a CRS (ESRI WKT in a `.prj`, OGC WKT 1 in a GeoPackage, PROJJSON in
//! GeoParquet).

use crate::crs::Crs;

/// A file's CRS definition read: the CRS (a registry code when PROJ finds one identical to it,
/// else the definition itself) and, when it was not simply a code, a notice saying how it was
/// read (`where`: ".prj", "gpkg_spatial_ref_sys"…). The error says what PROJ could not read.
pub(crate) fn crs_of_definition(definition: &str, place: &str) -> Result<(Crs, Option<String>), String> {
    let found = Crs::identify(definition).map_err(|e| format!("the CRS in the {place} cannot be read: {e}"))?;
    if let Ok(info) = found.crs.info()
        && let Err(e) = info.check_usable()
    {
        return Err(format!("the CRS in the {place} cannot be used: {e}"));
    }
    let note = found.note.map(|note| format!("the CRS in the {place}: {note}"));
    Ok((found.crs, note))
}

/// The OGC WKT 1 of a CRS (as GDAL writes it, with the EPSG authority of the CRS and its parts,
/// which GDAL, QGIS and PROJ read back as that code); `None` when WKT 1 cannot express it.
#[cfg_attr(not(feature = "geopackage"), allow(dead_code))]
pub(crate) fn wkt1_of(crs: Crs) -> Option<String> {
    crs.to_wkt1()
}

/// The `.prj` text of a CRS: Esri's WKT, as GDAL writes Shapefiles (ArcGIS reads nothing else),
/// else OGC WKT 1.
pub(crate) fn prj_of(crs: Crs) -> Option<String> {
    crs.to_esri_wkt().or_else(|| crs.to_wkt1())
}

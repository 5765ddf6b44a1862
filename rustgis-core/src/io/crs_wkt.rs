//! CRS definitions in the words of other formats: the OGC WKT 1 of every EPSG code RustGIS can
//! reproject (from the `crs-definitions` tables that proj4rs uses too). GeoParquet's PROJJSON,
//! translated from that WKT, is in `geoparquet/wkt.rs`.

/// The OGC WKT 1 definition of an EPSG code (with the EPSG authority of the CRS and its parts,
/// which GDAL, QGIS and PROJ read back as that code); `None` for codes RustGIS does not know.
pub(crate) fn wkt_of_epsg(code: u32) -> Option<&'static str> {
    let code = u16::try_from(code).ok()?;
    crs_definitions::from_code(code).map(|definition| definition.wkt).filter(|wkt| !wkt.is_empty())
}

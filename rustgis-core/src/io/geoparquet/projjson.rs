//! The CRS of GeoParquet metadata, which is PROJJSON: the EPSG code it names, and the PROJJSON
//! RustGIS writes for the CRSs it can describe in full (PROJ, and so GeoPandas and GDAL, refuse
//! PROJJSON that only names a code).

use serde_json::{Value as Json, json};

/// The EPSG code a PROJJSON object names: its `id` (EPSG, or OGC's CRS84/CRS83), else the name
/// of WGS 84. `None` when it names none that RustGIS knows.
pub(crate) fn epsg_of(projjson: &Json) -> Option<u32> {
    let ids = projjson.get("id").into_iter().chain(projjson.get("ids").and_then(Json::as_array).into_iter().flatten());
    for id in ids {
        let authority = id.get("authority").and_then(Json::as_str).unwrap_or_default();
        let code = id.get("code");
        let code_text = code.and_then(Json::as_str).map(str::to_owned).or_else(|| code.map(Json::to_string));
        match (authority.to_ascii_uppercase().as_str(), code_text.as_deref()) {
            ("EPSG", Some(text)) => {
                if let Ok(code) = text.trim_matches('"').parse::<u32>() {
                    return Some(code);
                }
            }
            ("OGC", Some("CRS84" | "\"CRS84\"")) => return Some(4326),
            ("OGC", Some("CRS83" | "\"CRS83\"")) => return Some(4269),
            _ => {}
        }
    }
    match projjson.get("name").and_then(Json::as_str) {
        Some("WGS 84" | "WGS 84 (CRS84)") if projjson.get("type").and_then(Json::as_str) == Some("GeographicCRS") => {
            Some(4326)
        }
        _ => None,
    }
}

/// A short name for a PROJJSON CRS in messages: its name, else its type.
pub(crate) fn describe(projjson: &Json) -> String {
    projjson
        .get("name")
        .and_then(Json::as_str)
        .or_else(|| projjson.get("type").and_then(Json::as_str))
        .map_or_else(|| "a CRS without a name".to_owned(), |name| format!("'{name}'"))
}

/// The PROJJSON of an EPSG code RustGIS can describe in full: WGS 84, Web Mercator and the WGS 84
/// UTM zones written here, the others translated from their WKT (see
/// [`crs_wkt::PROJJSON_METHODS`](super::wkt::PROJJSON_METHODS)); `None` for the rest.
pub(crate) fn of_epsg(code: u32) -> Option<Json> {
    match code {
        4326 => {
            let mut crs = wgs84();
            crs["$schema"] = json!(SCHEMA);
            Some(crs)
        }
        3857 => Some(projected(
            "WGS 84 / Pseudo-Mercator",
            json!({
                "name": "Popular Visualisation Pseudo-Mercator",
                "method": {"name": "Popular Visualisation Pseudo Mercator", "id": epsg(1024)},
                "parameters": [
                    parameter("Latitude of natural origin", 0.0, "degree", 8801),
                    parameter("Longitude of natural origin", 0.0, "degree", 8802),
                    parameter("False easting", 0.0, "metre", 8806),
                    parameter("False northing", 0.0, "metre", 8807),
                ]
            }),
            ("X", "Y"),
            code,
        )),
        32601..=32660 | 32701..=32760 => {
            let zone = code % 100;
            let hemisphere = if code < 32700 { 'N' } else { 'S' };
            let false_northing = if hemisphere == 'N' { 0.0 } else { 10_000_000.0 };
            let method_id = if hemisphere == 'N' { 16000 } else { 16100 } + zone;
            Some(projected(
                &format!("WGS 84 / UTM zone {zone}{hemisphere}"),
                json!({
                    "name": format!("UTM zone {zone}{hemisphere}"),
                    "method": {"name": "Transverse Mercator", "id": epsg(9807)},
                    "parameters": [
                        parameter("Latitude of natural origin", 0.0, "degree", 8801),
                        parameter("Longitude of natural origin", f64::from(zone) * 6.0 - 183.0, "degree", 8802),
                        parameter("Scale factor at natural origin", 0.9996, "unity", 8805),
                        parameter("False easting", 500_000.0, "metre", 8806),
                        parameter("False northing", false_northing, "metre", 8807),
                    ],
                    "id": epsg(method_id),
                }),
                ("E", "N"),
                code,
            ))
        }
        _ => super::wkt::projjson_of_wkt(crate::io::crs_wkt::wkt_of_epsg(code)?),
    }
}

use super::wkt::PROJJSON_SCHEMA as SCHEMA;

fn epsg(code: u32) -> Json {
    json!({"authority": "EPSG", "code": code})
}

fn parameter(name: &str, value: f64, unit: &str, code: u32) -> Json {
    json!({"name": name, "value": value, "unit": unit, "id": epsg(code)})
}

/// WGS 84 geographic, latitude first as EPSG defines it (GeoParquet coordinates stay x = longitude
/// whatever the axis order of the CRS says).
fn wgs84() -> Json {
    json!({
        "type": "GeographicCRS",
        "name": "WGS 84",
        "datum": {
            "type": "GeodeticReferenceFrame",
            "name": "World Geodetic System 1984",
            "ellipsoid": {"name": "WGS 84", "semi_major_axis": 6_378_137.0, "inverse_flattening": 298.257_223_563},
            "id": epsg(6326),
        },
        "coordinate_system": {
            "subtype": "ellipsoidal",
            "axis": [
                {"name": "Geodetic latitude", "abbreviation": "Lat", "direction": "north", "unit": "degree"},
                {"name": "Geodetic longitude", "abbreviation": "Lon", "direction": "east", "unit": "degree"},
            ]
        },
        "id": epsg(4326),
    })
}

fn projected(name: &str, conversion: Json, (east, north): (&str, &str), code: u32) -> Json {
    json!({
        "$schema": SCHEMA,
        "type": "ProjectedCRS",
        "name": name,
        "base_crs": wgs84(),
        "conversion": conversion,
        "coordinate_system": {
            "subtype": "Cartesian",
            "axis": [
                {"name": "Easting", "abbreviation": east, "direction": "east", "unit": "metre"},
                {"name": "Northing", "abbreviation": north, "direction": "north", "unit": "metre"},
            ]
        },
        "id": epsg(code),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_projjson_written_names_its_own_code() {
        for code in [4326, 3857, 32601, 32633, 32660, 32701, 32733, 32760] {
            let projjson = of_epsg(code).expect("written");
            assert_eq!(epsg_of(&projjson), Some(code));
        }
    }

    #[test]
    fn ogc_crs84_is_wgs84_longitude_latitude() {
        assert_eq!(epsg_of(&json!({"type": "GeographicCRS", "id": {"authority": "OGC", "code": "CRS84"}})), Some(4326));
    }
}

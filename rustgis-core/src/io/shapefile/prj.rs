//! The CRS of a `.prj`: WKT with an EPSG authority, or the common ESRI and OGC names of
//! WGS 84, Web Mercator and the UTM zones; and the `.prj` text RustGIS writes.

use crate::io::flatgeobuf::epsg_in_wkt;

/// The EPSG code a `.prj` stands for, if RustGIS recognises it.
pub(crate) fn epsg_of_prj(prj: &str) -> Option<u32> {
    if let Some(code) = epsg_in_wkt(prj) {
        return Some(code);
    }
    let trimmed = prj.trim_start_matches('\u{feff}').trim();
    let (keyword, rest) = trimmed.split_once('[')?;
    let name = rest.trim_start().strip_prefix('"')?.split('"').next()?;
    let key = name.to_ascii_uppercase().replace([' ', '-', '/'], "_").replace("__", "_").replace("__", "_");
    let geographic = match keyword.trim().to_ascii_uppercase().as_str() {
        "GEOGCS" | "GEOGCRS" | "GEODCRS" => true,
        "PROJCS" | "PROJCRS" => false,
        _ => return None,
    };
    if geographic {
        return match key.as_str() {
            "GCS_WGS_1984" | "WGS_84" | "WGS84" | "WGS_1984" => Some(4326),
            "GCS_NORTH_AMERICAN_1983" | "NAD83" => Some(4269),
            "GCS_ETRS_1989" | "ETRS89" => Some(4258),
            "GCS_GDA_1994" | "GDA94" => Some(4283),
            "GCS_SIRGAS_2000" | "SIRGAS_2000" => Some(4674),
            _ => None,
        };
    }
    match key.as_str() {
        "WGS_1984_WEB_MERCATOR_AUXILIARY_SPHERE"
        | "WGS_84_PSEUDO_MERCATOR"
        | "WGS_1984_WEB_MERCATOR"
        | "WEB_MERCATOR" => {
            return Some(3857);
        }
        "BRITISH_NATIONAL_GRID" | "OSGB_1936_BRITISH_NATIONAL_GRID" | "OSGB36_BRITISH_NATIONAL_GRID" => {
            return Some(27700);
        }
        "RGF93_LAMBERT_93" | "RGF93_V1_LAMBERT_93" | "RGF_1993_LAMBERT_93" => return Some(2154),
        "ETRS_1989_LAEA" | "ETRS89_LAEA_EUROPE" | "ETRS89_EXTENDED_LAEA_EUROPE" | "ETRS_1989_LAEA_EUROPE" => {
            return Some(3035);
        }
        _ => {}
    }
    let (datum, zone) = key.split_once("_UTM_ZONE_")?;
    let (number, hemisphere) = zone.split_at(zone.find(|c: char| !c.is_ascii_digit())?);
    let number: u32 = number.parse().ok().filter(|n| (1..=60).contains(n))?;
    match (datum, hemisphere) {
        ("WGS_1984" | "WGS_84", "N") => Some(32600 + number),
        ("WGS_1984" | "WGS_84", "S") => Some(32700 + number),
        ("NAD_1983" | "NAD83", "N") if (1..=23).contains(&number) => Some(26900 + number),
        ("ETRS_1989" | "ETRS89", "N") if (28..=38).contains(&number) => Some(25800 + number),
        _ => None,
    }
}

const WGS84_GEOGCS: &str = r#"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]"#;

const DEGREE: &str =
    r#"PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]]"#;
const METRE: &str = r#"UNIT["metre",1,AUTHORITY["EPSG","9001"]]"#;
const GRS80: &str = r#"SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]]"#;

/// A geographic CRS on the GRS 1980 ellipsoid, as EPSG names it.
fn grs80_geogcs(name: &str, datum: &str, datum_code: u32, code: u32) -> String {
    format!(
        r#"GEOGCS["{name}",DATUM["{datum}",{GRS80},TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","{datum_code}"]],{DEGREE},AUTHORITY["EPSG","{code}"]]"#
    )
}

fn etrs89() -> String {
    grs80_geogcs("ETRS89", "European_Terrestrial_Reference_System_1989", 6258, 4258)
}

fn nad83() -> String {
    grs80_geogcs("NAD83", "North_American_Datum_1983", 6269, 4269)
}

fn rgf93() -> String {
    grs80_geogcs("RGF93 v1", "Reseau_Geodesique_Francais_1993_v1", 6171, 4171)
}

fn osgb36() -> String {
    format!(
        r#"GEOGCS["OSGB36",DATUM["Ordnance_Survey_of_Great_Britain_1936",SPHEROID["Airy 1830",6377563.396,299.3249646,AUTHORITY["EPSG","7001"]],TOWGS84[446.448,-125.157,542.06,0.15,0.247,0.842,-20.489],AUTHORITY["EPSG","6277"]],{DEGREE},AUTHORITY["EPSG","4277"]]"#
    )
}

/// A UTM zone (north with `false_northing` 0) on a geographic CRS.
fn utm(name: &str, geogcs: &str, zone: u32, false_northing: u32, code: u32) -> String {
    let central = -183 + 6 * zone as i32;
    format!(
        r#"PROJCS["{name}",{geogcs},PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",{central}],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",{false_northing}],{METRE},AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","{code}"]]"#
    )
}

/// The WKT RustGIS writes to a `.prj` for an EPSG code (OGC WKT 1 with the EPSG authority of the
/// CRS and its parts, which GDAL, QGIS and ArcGIS read back as that code): written here for the
/// common codes, from the EPSG tables for the others; `None` for codes RustGIS does not know.
pub(crate) fn prj_of_epsg(code: u32) -> Option<String> {
    match code {
        4326 => Some(WGS84_GEOGCS.to_owned()),
        4258 => Some(etrs89()),
        4269 => Some(nad83()),
        3857 => Some(format!(
            r#"PROJCS["WGS 84 / Pseudo-Mercator",{WGS84_GEOGCS},PROJECTION["Mercator_1SP"],PARAMETER["central_meridian",0],PARAMETER["scale_factor",1],PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],EXTENSION["PROJ4","+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs"],AUTHORITY["EPSG","3857"]]"#
        )),
        3035 => Some(format!(
            r#"PROJCS["ETRS89-extended / LAEA Europe",{},PROJECTION["Lambert_Azimuthal_Equal_Area"],PARAMETER["latitude_of_center",52],PARAMETER["longitude_of_center",10],PARAMETER["false_easting",4321000],PARAMETER["false_northing",3210000],{METRE},AXIS["Northing",NORTH],AXIS["Easting",EAST],AUTHORITY["EPSG","3035"]]"#,
            etrs89()
        )),
        27700 => Some(format!(
            r#"PROJCS["OSGB36 / British National Grid",{},PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",49],PARAMETER["central_meridian",-2],PARAMETER["scale_factor",0.9996012717],PARAMETER["false_easting",400000],PARAMETER["false_northing",-100000],{METRE},AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","27700"]]"#,
            osgb36()
        )),
        2154 => Some(format!(
            r#"PROJCS["RGF93 v1 / Lambert-93",{},PROJECTION["Lambert_Conformal_Conic_2SP"],PARAMETER["latitude_of_origin",46.5],PARAMETER["central_meridian",3],PARAMETER["standard_parallel_1",49],PARAMETER["standard_parallel_2",44],PARAMETER["false_easting",700000],PARAMETER["false_northing",6600000],{METRE},AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","2154"]]"#,
            rgf93()
        )),
        32601..=32660 => Some(utm(&format!("WGS 84 / UTM zone {}N", code % 100), WGS84_GEOGCS, code % 100, 0, code)),
        32701..=32760 => {
            Some(utm(&format!("WGS 84 / UTM zone {}S", code % 100), WGS84_GEOGCS, code % 100, 10_000_000, code))
        }
        25828..=25838 => Some(utm(&format!("ETRS89 / UTM zone {}N", code % 100), &etrs89(), code % 100, 0, code)),
        26901..=26923 => Some(utm(&format!("NAD83 / UTM zone {}N", code % 100), &nad83(), code % 100, 0, code)),
        _ => crate::io::crs_wkt::wkt_of_epsg(code).map(str::to_owned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn esri_names_of_wgs84_web_mercator_and_utm_are_recognised() {
        let esri_wgs84 = r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#;
        assert_eq!(epsg_of_prj(esri_wgs84), Some(4326));
        let esri_mercator = r#"PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Mercator_Auxiliary_Sphere"],UNIT["Meter",1.0]]"#;
        assert_eq!(epsg_of_prj(esri_mercator), Some(3857));
        assert_eq!(epsg_of_prj(r#"PROJCS["WGS_1984_UTM_Zone_33N",GEOGCS["GCS_WGS_1984"]]"#), Some(32633));
        assert_eq!(epsg_of_prj(r#"PROJCS["NAD_1983_UTM_Zone_10N",GEOGCS["GCS_North_American_1983"]]"#), Some(26910));
        assert_eq!(epsg_of_prj(r#"PROJCS["ETRS_1989_LAEA",GEOGCS["GCS_ETRS_1989"]]"#), Some(3035));
        assert_eq!(epsg_of_prj(r#"PROJCS["RGF_1993_Lambert_93",GEOGCS["GCS_RGF_1993"]]"#), Some(2154));
        assert_eq!(epsg_of_prj(r#"PROJCS["ETRS_1989_UTM_Zone_32N",GEOGCS["GCS_ETRS_1989"]]"#), Some(25832));
    }

    #[test]
    fn every_prj_written_names_its_own_code() {
        for code in [4326, 4258, 4269, 3857, 3035, 27700, 2154, 32601, 32633, 32760, 25832, 26910] {
            let prj = prj_of_epsg(code).expect("RustGIS writes these");
            assert_eq!(epsg_of_prj(&prj), Some(code), "{prj}");
        }
    }
}

//! The PROJJSON that GeoParquet needs, translated from the OGC WKT 1 of an EPSG code
//! ([`wkt_of_epsg`]) for the common projection methods.

use serde_json::{Map, Value as Json, json};

use crate::io::crs_wkt::wkt_of_epsg;

/// The PROJJSON schema RustGIS writes to.
pub(crate) const PROJJSON_SCHEMA: &str = "https://proj.org/schemas/v0.7/projjson.schema.json";

/// One node of WKT 1: `KEYWORD[item, item, ...]`.
#[derive(Debug, PartialEq)]
struct Node {
    keyword: String,
    items: Vec<Item>,
}

#[derive(Debug, PartialEq)]
enum Item {
    Text(String),
    Number(f64),
    /// An unquoted word such as `EAST`.
    Word(String),
    Node(Node),
}

impl Node {
    fn children<'a>(&'a self, keyword: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.items.iter().filter_map(move |item| match item {
            Item::Node(node) if node.keyword.eq_ignore_ascii_case(keyword) => Some(node),
            _ => None,
        })
    }

    fn child<'a>(&'a self, keyword: &'a str) -> Option<&'a Node> {
        self.children(keyword).next()
    }

    fn text(&self, at: usize) -> Option<&str> {
        match self.items.get(at)? {
            Item::Text(text) | Item::Word(text) => Some(text),
            _ => None,
        }
    }

    fn number(&self, at: usize) -> Option<f64> {
        match self.items.get(at)? {
            Item::Number(number) => Some(*number),
            Item::Text(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// `{"authority": "EPSG", "code": 4326}` from `AUTHORITY["EPSG","4326"]`.
    fn id(&self) -> Option<Json> {
        let authority = self.child("AUTHORITY")?;
        let name = authority.text(0)?;
        let code = authority.text(1).map(str::to_owned).or_else(|| authority.number(1).map(|n| n.to_string()))?;
        Some(match code.parse::<u64>() {
            Ok(number) => json!({"authority": name, "code": number}),
            Err(_) => json!({"authority": name, "code": code}),
        })
    }
}

/// Parses WKT 1; `None` for text that is not one well-formed node (with at most 64 levels).
fn parse(text: &str) -> Option<Node> {
    let mut parser = Parser { bytes: text.as_bytes(), at: 0 };
    let node = parser.node(0)?;
    parser.skip_space();
    (parser.at == parser.bytes.len()).then_some(node)
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn word(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
            self.at += 1;
        }
        (self.at > start).then(|| String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned())
    }

    fn node(&mut self, depth: usize) -> Option<Node> {
        if depth > 64 {
            return None;
        }
        let keyword = self.word()?;
        self.skip_space();
        let close = match self.bytes.get(self.at)? {
            b'[' => b']',
            b'(' => b')',
            _ => return None,
        };
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match *self.bytes.get(self.at)? {
                b'"' => {
                    let start = self.at + 1;
                    let end = start + self.bytes[start..].iter().position(|b| *b == b'"')?;
                    items.push(Item::Text(String::from_utf8_lossy(&self.bytes[start..end]).into_owned()));
                    self.at = end + 1;
                }
                b'-' | b'+' | b'.' | b'0'..=b'9' => {
                    let start = self.at;
                    while self.bytes.get(self.at).is_some_and(|b| b"+-.eE0123456789".contains(b)) {
                        self.at += 1;
                    }
                    let number = std::str::from_utf8(&self.bytes[start..self.at]).ok()?.parse().ok()?;
                    items.push(Item::Number(number));
                }
                _ => {
                    let start = self.at;
                    let word = self.word()?;
                    self.skip_space();
                    if matches!(self.bytes.get(self.at), Some(b'[' | b'(')) {
                        self.at = start;
                        items.push(Item::Node(self.node(depth + 1)?));
                    } else {
                        items.push(Item::Word(word));
                    }
                }
            }
            self.skip_space();
            match *self.bytes.get(self.at)? {
                b',' => self.at += 1,
                b if b == close => {
                    self.at += 1;
                    return Some(Node { keyword, items });
                }
                _ => return None,
            }
        }
    }
}

/// The projection methods translated to PROJJSON, in words for error messages.
pub(crate) const PROJJSON_METHODS: &str = "Transverse Mercator, Lambert Conic Conformal (1SP and 2SP), Albers Equal \
                                           Area, Lambert Azimuthal Equal Area, Mercator, polar and oblique \
                                           stereographic, Cassini-Soldner, Hotine Oblique Mercator, equidistant \
                                           and equal-area cylindrical, and American Polyconic";

/// What a WKT 1 parameter becomes in a method: the EPSG parameter's name and code, and whether
/// it is an angle (in the geographic CRS's unit), a length (in the projected CRS's unit) or a
/// scale.
#[derive(Clone, Copy)]
enum Kind {
    Angle,
    Length,
    Scale,
    /// A scale factor the method does not have, which GDAL writes as 1: dropped when it is 1.
    One,
}

type Parameters = &'static [(&'static str, &'static str, u32, Kind)];

const NATURAL_ORIGIN: Parameters = &[
    ("latitude_of_origin", "Latitude of natural origin", 8801, Kind::Angle),
    ("central_meridian", "Longitude of natural origin", 8802, Kind::Angle),
    ("scale_factor", "Scale factor at natural origin", 8805, Kind::Scale),
    ("false_easting", "False easting", 8806, Kind::Length),
    ("false_northing", "False northing", 8807, Kind::Length),
];

const FALSE_ORIGIN: Parameters = &[
    ("latitude_of_origin", "Latitude of false origin", 8821, Kind::Angle),
    ("latitude_of_center", "Latitude of false origin", 8821, Kind::Angle),
    ("central_meridian", "Longitude of false origin", 8822, Kind::Angle),
    ("longitude_of_center", "Longitude of false origin", 8822, Kind::Angle),
    ("standard_parallel_1", "Latitude of 1st standard parallel", 8823, Kind::Angle),
    ("standard_parallel_2", "Latitude of 2nd standard parallel", 8824, Kind::Angle),
    ("false_easting", "Easting at false origin", 8826, Kind::Length),
    ("false_northing", "Northing at false origin", 8827, Kind::Length),
];

const AZIMUTHAL: Parameters = &[
    ("latitude_of_center", "Latitude of natural origin", 8801, Kind::Angle),
    ("longitude_of_center", "Longitude of natural origin", 8802, Kind::Angle),
    ("latitude_of_origin", "Latitude of natural origin", 8801, Kind::Angle),
    ("central_meridian", "Longitude of natural origin", 8802, Kind::Angle),
    ("false_easting", "False easting", 8806, Kind::Length),
    ("false_northing", "False northing", 8807, Kind::Length),
];

const STANDARD_PARALLEL: Parameters = &[
    ("standard_parallel_1", "Latitude of 1st standard parallel", 8823, Kind::Angle),
    ("latitude_of_origin", "Latitude of natural origin", 8801, Kind::Angle),
    ("central_meridian", "Longitude of natural origin", 8802, Kind::Angle),
    ("false_easting", "False easting", 8806, Kind::Length),
    ("false_northing", "False northing", 8807, Kind::Length),
];

const POLAR_B: Parameters = &[
    ("latitude_of_origin", "Latitude of standard parallel", 8832, Kind::Angle),
    ("central_meridian", "Longitude of origin", 8833, Kind::Angle),
    ("scale_factor", "", 0, Kind::One),
    ("false_easting", "False easting", 8806, Kind::Length),
    ("false_northing", "False northing", 8807, Kind::Length),
];

const HOTINE_A: Parameters = &[
    ("latitude_of_center", "Latitude of projection centre", 8811, Kind::Angle),
    ("longitude_of_center", "Longitude of projection centre", 8812, Kind::Angle),
    ("azimuth", "Azimuth of initial line", 8813, Kind::Angle),
    ("rectified_grid_angle", "Angle from Rectified to Skew Grid", 8814, Kind::Angle),
    ("scale_factor", "Scale factor on initial line", 8815, Kind::Scale),
    ("false_easting", "False easting", 8806, Kind::Length),
    ("false_northing", "False northing", 8807, Kind::Length),
];

const HOTINE_B: Parameters = &[
    ("latitude_of_center", "Latitude of projection centre", 8811, Kind::Angle),
    ("longitude_of_center", "Longitude of projection centre", 8812, Kind::Angle),
    ("azimuth", "Azimuth of initial line", 8813, Kind::Angle),
    ("rectified_grid_angle", "Angle from Rectified to Skew Grid", 8814, Kind::Angle),
    ("scale_factor", "Scale factor on initial line", 8815, Kind::Scale),
    ("false_easting", "Easting at projection centre", 8816, Kind::Length),
    ("false_northing", "Northing at projection centre", 8817, Kind::Length),
];

/// The EPSG method (name, code) and its parameters for a WKT 1 `PROJECTION` name.
fn method(projection: &str, node: &Node) -> Option<(&'static str, u32, Parameters)> {
    Some(match projection.to_ascii_lowercase().as_str() {
        "transverse_mercator" => ("Transverse Mercator", 9807, NATURAL_ORIGIN),
        "transverse_mercator_south_orientated" => ("Transverse Mercator (South Orientated)", 9808, NATURAL_ORIGIN),
        "lambert_conformal_conic_1sp" => ("Lambert Conic Conformal (1SP)", 9801, NATURAL_ORIGIN),
        "lambert_conformal_conic_2sp" => ("Lambert Conic Conformal (2SP)", 9802, FALSE_ORIGIN),
        "albers_conic_equal_area" => ("Albers Equal Area", 9822, FALSE_ORIGIN),
        "lambert_azimuthal_equal_area" => ("Lambert Azimuthal Equal Area", 9820, AZIMUTHAL),
        "mercator_1sp" => ("Mercator (variant A)", 9804, NATURAL_ORIGIN),
        "mercator_2sp" => ("Mercator (variant B)", 9805, STANDARD_PARALLEL),
        "oblique_stereographic" => ("Oblique Stereographic", 9809, NATURAL_ORIGIN),
        "cassini_soldner" => ("Cassini-Soldner", 9806, NATURAL_ORIGIN),
        "polyconic" => ("American Polyconic", 9818, NATURAL_ORIGIN),
        "equirectangular" => ("Equidistant Cylindrical", 1028, STANDARD_PARALLEL),
        "cylindrical_equal_area" => ("Lambert Cylindrical Equal Area", 9835, STANDARD_PARALLEL),
        "hotine_oblique_mercator" => ("Hotine Oblique Mercator (variant A)", 9812, HOTINE_A),
        "hotine_oblique_mercator_azimuth_center" => ("Hotine Oblique Mercator (variant B)", 9815, HOTINE_B),
        "polar_stereographic" => {
            // GDAL writes variant A (a scale factor at the pole) and variant B (a standard
            // parallel as the latitude of origin, scale 1) with the same name.
            let scale = parameter_value(node, "scale_factor").unwrap_or(1.0);
            let latitude = parameter_value(node, "latitude_of_origin").unwrap_or(90.0);
            if latitude.abs() == 90.0 {
                ("Polar Stereographic (variant A)", 9810, NATURAL_ORIGIN)
            } else if scale == 1.0 {
                ("Polar Stereographic (variant B)", 9829, POLAR_B)
            } else {
                return None;
            }
        }
        _ => return None,
    })
}

fn parameter_value(node: &Node, name: &str) -> Option<f64> {
    node.children("PARAMETER").find(|p| p.text(0).is_some_and(|n| n.eq_ignore_ascii_case(name)))?.number(1)
}

const DEGREE_IN_RADIANS: f64 = 0.017_453_292_519_943_295;

/// A unit in PROJJSON: the short names PROJJSON has for metre and degree, else the full form.
fn unit(node: Option<&Node>, kind: &str) -> Option<Json> {
    let Some(node) = node else {
        return Some(json!(if kind == "AngularUnit" { "degree" } else { "metre" }));
    };
    let name = node.text(0)?;
    let factor = node.number(1)?;
    if !(factor.is_finite() && factor > 0.0) {
        return None;
    }
    Some(match kind {
        "LinearUnit" if factor == 1.0 => json!("metre"),
        "AngularUnit" if (factor - DEGREE_IN_RADIANS).abs() < 1e-15 => json!("degree"),
        _ => json!({"type": kind, "name": name, "conversion_factor": factor}),
    })
}

fn geographic(node: &Node) -> Option<Json> {
    let name = node.text(0)?;
    let datum = node.child("DATUM")?;
    let spheroid = datum.child("SPHEROID")?;
    let semi_major = spheroid.number(1).filter(|a| a.is_finite() && *a > 0.0)?;
    let inverse_flattening = spheroid.number(2).filter(|f| f.is_finite() && *f >= 0.0)?;
    let mut ellipsoid = Map::new();
    ellipsoid.insert("name".into(), json!(spheroid.text(0)?));
    if inverse_flattening == 0.0 {
        ellipsoid.insert("radius".into(), json!(semi_major));
    } else {
        ellipsoid.insert("semi_major_axis".into(), json!(semi_major));
        ellipsoid.insert("inverse_flattening".into(), json!(inverse_flattening));
    }
    let angular = unit(node.child("UNIT"), "AngularUnit")?;
    let mut frame = Map::new();
    frame.insert("type".into(), json!("GeodeticReferenceFrame"));
    frame.insert("name".into(), json!(datum.text(0)?.replace('_', " ")));
    frame.insert("ellipsoid".into(), Json::Object(ellipsoid));
    if let Some(meridian) = node.child("PRIMEM") {
        let longitude = meridian.number(1)?;
        // In degrees whatever the CRS's unit: GDAL, whose WKT the EPSG tables hold, writes it so.
        if longitude != 0.0 {
            frame.insert("prime_meridian".into(), json!({"name": meridian.text(0)?, "longitude": longitude}));
        }
    }
    if let Some(id) = datum.id() {
        frame.insert("id".into(), id);
    }
    let mut crs = Map::new();
    crs.insert("type".into(), json!("GeographicCRS"));
    crs.insert("name".into(), json!(name));
    crs.insert("datum".into(), Json::Object(frame));
    crs.insert(
        "coordinate_system".into(),
        json!({
            "subtype": "ellipsoidal",
            "axis": [
                {"name": "Geodetic latitude", "abbreviation": "Lat", "direction": "north", "unit": angular},
                {"name": "Geodetic longitude", "abbreviation": "Lon", "direction": "east", "unit": angular},
            ]
        }),
    );
    if let Some(id) = node.id() {
        crs.insert("id".into(), id);
    }
    Some(Json::Object(crs))
}

fn projected(node: &Node) -> Option<Json> {
    let base = node.child("GEOGCS")?;
    let mut base_crs = geographic(base)?;
    let angular = unit(base.child("UNIT"), "AngularUnit")?;
    let linear = unit(node.child("UNIT"), "LinearUnit")?;
    let projection = node.child("PROJECTION")?.text(0)?;
    let (method_name, method_code, known) = method(projection, node)?;
    let mut parameters = Vec::new();
    for parameter in node.children("PARAMETER") {
        let wkt_name = parameter.text(0)?;
        let value = parameter.number(1).filter(|v| v.is_finite())?;
        // A parameter the method does not have would be lost: better no PROJJSON than a wrong one.
        let &(_, name, code, kind) = known.iter().find(|(n, ..)| n.eq_ignore_ascii_case(wkt_name))?;
        let place = known.iter().position(|p| p.2 == code).unwrap_or(usize::MAX);
        let unit = match kind {
            Kind::Angle => angular.clone(),
            Kind::Length => linear.clone(),
            Kind::Scale => json!("unity"),
            Kind::One if value == 1.0 => continue,
            Kind::One => return None,
        };
        let parameter = json!({"name": name, "value": value, "unit": unit, "id": {"authority": "EPSG", "code": code}});
        parameters.push((place, parameter));
    }
    // In the method's order, as EPSG lists them (WKT 1 may give them in any order).
    parameters.sort_by_key(|(place, _)| *place);
    let parameters: Vec<Json> = parameters.into_iter().map(|(_, parameter)| parameter).collect();
    let axes: Vec<Json> = node
        .children("AXIS")
        .map(|axis| {
            let name = axis.text(0)?;
            let direction = axis.text(1)?.to_ascii_lowercase();
            let abbreviation = match direction.as_str() {
                "east" => "E",
                "north" => "N",
                "west" => "W",
                "south" => "S",
                _ => return None,
            };
            Some(json!({"name": name, "abbreviation": abbreviation, "direction": direction, "unit": linear}))
        })
        .collect::<Option<_>>()?;
    let axes = if axes.len() == 2 {
        axes
    } else {
        vec![
            json!({"name": "Easting", "abbreviation": "E", "direction": "east", "unit": linear}),
            json!({"name": "Northing", "abbreviation": "N", "direction": "north", "unit": linear}),
        ]
    };
    // PROJJSON gives the base CRS's `$schema` only at the top.
    if let Some(base) = base_crs.as_object_mut() {
        base.remove("type");
    }
    let mut crs = Map::new();
    crs.insert("$schema".into(), json!(PROJJSON_SCHEMA));
    crs.insert("type".into(), json!("ProjectedCRS"));
    crs.insert("name".into(), json!(node.text(0)?));
    crs.insert("base_crs".into(), base_crs);
    crs.insert(
        "conversion".into(),
        json!({
            "name": projection.replace('_', " "),
            "method": {"name": method_name, "id": {"authority": "EPSG", "code": method_code}},
            "parameters": parameters,
        }),
    );
    crs.insert("coordinate_system".into(), json!({"subtype": "Cartesian", "axis": axes}));
    if let Some(id) = node.id() {
        crs.insert("id".into(), id);
    }
    Some(Json::Object(crs))
}

/// The PROJJSON of a WKT 1 geographic or projected CRS, for the methods of
/// [`PROJJSON_METHODS`]; `None` for the others (geocentric, compound, other methods), and for
/// WKT with parameters the method does not have.
pub(crate) fn projjson_of_wkt(wkt: &str) -> Option<Json> {
    let node = parse(wkt)?;
    match node.keyword.to_ascii_uppercase().as_str() {
        "GEOGCS" => {
            let mut crs = geographic(&node)?;
            crs.as_object_mut()?.insert("$schema".into(), json!(PROJJSON_SCHEMA));
            Some(crs)
        }
        "PROJCS" => projected(&node),
        _ => None,
    }
}

/// The name of the projection method of an EPSG code's WKT, for error messages.
pub(crate) fn method_of_epsg(code: u32) -> Option<String> {
    let node = parse(wkt_of_epsg(code)?)?;
    match node.keyword.to_ascii_uppercase().as_str() {
        "PROJCS" => Some(node.child("PROJECTION")?.text(0)?.replace('_', " ")),
        keyword => Some(format!("a {keyword} definition")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wkt_one_parses_into_nodes_with_texts_numbers_and_words() {
        let node =
            parse(r#"PROJCS["x",GEOGCS["g",UNIT["degree",0.0174532925199433]],AXIS["Easting",EAST]]"#).expect("parses");
        assert_eq!(node.keyword, "PROJCS");
        assert_eq!(node.text(0), Some("x"));
        assert_eq!(
            node.child("GEOGCS").and_then(|g| g.child("UNIT")).and_then(|u| u.number(1)),
            Some(0.017_453_292_519_943_3)
        );
        assert_eq!(node.child("AXIS").and_then(|a| a.text(1)), Some("EAST"));
    }

    #[test]
    fn malformed_or_too_deep_wkt_is_not_parsed() {
        assert!(parse(r#"PROJCS["x""#).is_none());
        assert!(parse(r#"PROJCS["x"] trailing"#).is_none());
        assert!(parse(&format!("{}{}", "A[".repeat(100), "]".repeat(100))).is_none());
    }

    #[test]
    fn british_national_grid_becomes_transverse_mercator_on_osgb36() {
        let projjson = projjson_of_wkt(wkt_of_epsg(27700).expect("known")).expect("translated");
        assert_eq!(projjson["conversion"]["method"]["id"]["code"], 9807);
        assert_eq!(projjson["conversion"]["parameters"][2]["value"], 0.999_601_271_7);
        assert_eq!(projjson["base_crs"]["datum"]["ellipsoid"]["name"], "Airy 1830");
        assert_eq!(projjson["id"]["code"], 27700);
    }

    #[test]
    fn lambert_93_keeps_both_standard_parallels_at_the_false_origin() {
        let projjson = projjson_of_wkt(wkt_of_epsg(2154).expect("known")).expect("translated");
        let codes: Vec<_> = projjson["conversion"]["parameters"]
            .as_array()
            .expect("parameters")
            .iter()
            .map(|p| p["id"]["code"].as_u64().expect("code"))
            .collect();
        assert_eq!(codes, [8821, 8822, 8823, 8824, 8826, 8827]);
    }

    #[test]
    fn polar_stereographic_with_a_standard_parallel_is_variant_b() {
        let projjson = projjson_of_wkt(wkt_of_epsg(3031).expect("known")).expect("translated");
        assert_eq!(projjson["conversion"]["method"]["id"]["code"], 9829);
        assert_eq!(projjson["conversion"]["parameters"][0]["value"], -71.0);
    }

    #[test]
    fn a_geocentric_crs_has_no_projjson_here() {
        assert!(wkt_of_epsg(4978).is_none_or(|wkt| projjson_of_wkt(wkt).is_none()));
    }
}

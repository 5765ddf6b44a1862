//! Web Mercator (EPSG:3857) ⇄ longitude/latitude (EPSG:4326), exactly as XYZ tiles use it:
//! a sphere of radius 6,378,137 m, latitude clamped to ±[`MAX_LATITUDE`].

/// The Earth radius Web Mercator uses, in metres.
pub const EARTH_RADIUS: f64 = 6_378_137.0;

/// The latitude where Web Mercator's square world ends: `atan(sinh(π))` in degrees.
pub const MAX_LATITUDE: f64 = 85.051_128_779_806_59;

/// Half the width of the world in Web Mercator metres (π · R).
pub const HALF_WORLD: f64 = std::f64::consts::PI * EARTH_RADIUS;

/// Longitude/latitude degrees to Web Mercator metres; latitude is clamped to ±[`MAX_LATITUDE`].
pub fn from_lon_lat(lon: f64, lat: f64) -> (f64, f64) {
    let lat = lat.clamp(-MAX_LATITUDE, MAX_LATITUDE);
    let x = lon.to_radians() * EARTH_RADIUS;
    let y = (std::f64::consts::FRAC_PI_4 + lat.to_radians() / 2.0).tan().ln() * EARTH_RADIUS;
    (x, y)
}

/// Web Mercator metres to longitude/latitude degrees.
pub fn to_lon_lat(x: f64, y: f64) -> (f64, f64) {
    let lon = (x / EARTH_RADIUS).to_degrees();
    let lat = (2.0 * (y / EARTH_RADIUS).exp().atan() - std::f64::consts::FRAC_PI_2).to_degrees();
    (lon, lat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corner_of_the_world_is_half_the_circumference() {
        let (x, y) = from_lon_lat(180.0, MAX_LATITUDE);
        assert!((x - HALF_WORLD).abs() < 1e-6 && (y - HALF_WORLD).abs() < 1e-6, "{x} {y}");
    }

    #[test]
    fn the_south_pole_is_clamped_rather_than_infinite() {
        let (_, y) = from_lon_lat(0.0, -90.0);
        assert!((y + HALF_WORLD).abs() < 1e-6, "{y}");
    }

    #[test]
    fn a_round_trip_returns_the_point() {
        let (x, y) = from_lon_lat(24.94, 60.17);
        let (lon, lat) = to_lon_lat(x, y);
        assert!((lon - 24.94).abs() < 1e-9 && (lat - 60.17).abs() < 1e-9);
    }
}

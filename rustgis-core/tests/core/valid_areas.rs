//! Per-projection valid areas come from one table of rules (`VALID_AREAS`), each projection named
//! once, and what `ValidArea::of` answers follows the table's rule for the CRS's projection.

use rustgis_core::Crs;
use rustgis_core::geoprocessing::{AreaRule, VALID_AREAS, ValidArea};

#[test]
fn every_projection_has_one_rule_in_the_table() {
    let mut names: Vec<&str> = VALID_AREAS.iter().flat_map(|(names, _)| names.iter().copied()).collect();
    let all = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all, "a projection is named in two rules");
    assert!(names.contains(&"robin") && names.contains(&"utm") && names.contains(&"ortho"), "{names:?}");
}

#[test]
fn every_world_projection_is_drawn_over_the_whole_globe() {
    for (name, crs) in rustgis_core::WORLD_PROJECTIONS {
        let area = ValidArea::of(crs).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(area.is_whole_world(), "{name}: {}", area.describe());
        assert!(area.contains(179.9, 89.9) && area.contains(-179.9, -89.9), "{name}");
    }
}

#[test]
fn a_utm_zone_follows_the_band_rule_around_its_central_meridian() {
    let band = VALID_AREAS.iter().find(|(names, _)| names.contains(&"utm")).map(|(_, rule)| *rule);
    assert_eq!(band, Some(AreaRule::Band { half_lon: 80.0 }));
    // UTM zone 33N: central meridian 15° E.
    let area = ValidArea::of(Crs::epsg(32633)).expect("UTM 33N");
    assert!(area.contains(15.0 + 79.0, 10.0) && area.contains(15.0 - 79.0, -60.0));
    assert!(!area.contains(15.0 + 81.0, 10.0) && !area.contains(-165.0, 0.0));
    assert!(!area.is_whole_world());
}

#[test]
fn web_mercator_stops_at_the_latitude_web_maps_stop_at() {
    let area = ValidArea::of(Crs::WEB_MERCATOR).expect("web mercator");
    assert!(area.contains(0.0, 85.0) && !area.contains(0.0, 85.1) && !area.contains(0.0, -85.1));
}

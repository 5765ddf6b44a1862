//! The World Atlas sample, embedded in the binary: Natural Earth countries, coastline and
//! boundaries, and GeoNames cities (credit: GeoNames (geonames.org), CC BY 4.0).

use std::path::Path;
use std::sync::OnceLock;

use crate::error::{Error, Result};
use crate::io::geojson;
use crate::layer::Layer;
use crate::style::{Color, Labels, Style, Symbol};

/// The sample layers, in drawing order (bottom first).
pub const SAMPLE_LAYERS: [&str; 4] = ["countries", "coastline", "boundaries", "cities"];

/// The credit that must accompany the sample wherever it is shown or shipped.
pub const SAMPLE_CREDIT: &str =
    "World Atlas sample: Natural Earth (public domain); cities from GeoNames (geonames.org), CC BY 4.0";

/// Space kept clear around a city's name (see [`Labels::padding`]), in pixels.
const CITY_LABEL_PADDING_PX: f32 = 6.0;

/// The most city names per million pixels (see [`Labels::density`]): about 26 on a 1024 × 512 world.
const CITY_LABEL_DENSITY: f32 = 50.0;

/// Provenance and field descriptions of the sample.
pub const SAMPLE_README: &str = include_str!("../data/world-atlas/README.md");

fn source(name: &str) -> Option<&'static str> {
    Some(match name {
        "countries" => include_str!("../data/world-atlas/countries.geojson"),
        "cities" => include_str!("../data/world-atlas/cities.geojson"),
        "coastline" => include_str!("../data/world-atlas/coastline.geojson"),
        "boundaries" => include_str!("../data/world-atlas/admin_0_boundary_lines_land.geojson"),
        _ => return None,
    })
}

/// A sample layer by name (`countries`, `cities`, `coastline`, `boundaries`), with its default
/// style. Parsed once per process; later calls share the features.
pub fn sample_layer(name: &str) -> Result<Layer> {
    static CACHE: OnceLock<Vec<Layer>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| SAMPLE_LAYERS.iter().filter_map(|n| parse(n).ok()).collect());
    cache.iter().find(|l| l.name == name).cloned().ok_or_else(|| {
        Error::invalid("name", format!("no sample layer '{name}'; the World Atlas has {}", SAMPLE_LAYERS.join(", ")))
    })
}

fn parse(name: &str) -> Result<Layer> {
    let text = source(name).ok_or_else(|| Error::Failed(format!("no sample '{name}'")))?;
    let data = geojson::read_str(text, Path::new(&format!("world-atlas/{name}.geojson")))?;
    let mut layer = Layer::new(name, data.crs, data.fields, data.features);
    let mut symbol = layer.style.base_symbol().clone();
    match name {
        "countries" => {
            symbol.fill = Some(Color::rgb(0xe8, 0xe4, 0xd8));
            symbol.stroke = Some(Color::rgb(0x9a, 0x94, 0x88));
            symbol.width = 0.5;
        }
        "coastline" => {
            symbol.stroke = Some(Color::rgb(0x4a, 0x7f, 0xb0));
            symbol.width = 0.8;
        }
        "boundaries" => {
            symbol.stroke = Some(Color::rgb(0x88, 0x80, 0x78));
            symbol.width = 0.6;
            symbol.dash = vec![3.0, 2.0];
        }
        _ => {
            // Quieter than the data an agent adds on top: small markers and labels.
            symbol.fill = Some(Color::rgb(0xc0, 0x39, 0x2b));
            symbol.size = 4.0;
            layer.labels = Some(Labels {
                size: 10.0,
                color: Color::rgb(0x22, 0x22, 0x22),
                halo: Some(Color::rgb(255, 255, 255)),
                halo_width: 2.0,
                priority: Some("population".to_owned()),
                // Room around each name and a density cap: at world scale only the most populous
                // cities keep theirs, and a closer view names the cities in it.
                padding: Some(CITY_LABEL_PADDING_PX),
                density: Some(CITY_LABEL_DENSITY),
                ..Labels::field("name")
            });
        }
    }
    layer.style = Style::Single { symbol: Symbol { ..symbol } };
    Ok(layer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::FieldType;

    #[test]
    fn the_sample_has_its_documented_feature_counts() {
        for (name, count) in [("countries", 177), ("cities", 521), ("coastline", 134), ("boundaries", 331)] {
            let layer = sample_layer(name).expect("sample layers parse");
            assert_eq!(layer.features.len(), count, "{name}");
        }
    }

    #[test]
    fn sample_boundaries_name_the_countries_on_each_side() {
        let boundaries = sample_layer("boundaries").expect("boundaries");
        let field = |n: &str| boundaries.field_index(n).unwrap_or_else(|| panic!("boundaries have a '{n}' field"));
        let (left, right) = (field("left"), field("right"));
        let (left_iso, right_iso) = (field("left_iso_a3"), field("right_iso_a3"));
        let text = |f: &crate::layer::Feature, i: usize| f.attributes[i].to_string();
        let france_spain: Vec<_> = boundaries
            .features
            .iter()
            .filter(|f| {
                let mut pair = [text(f, left), text(f, right)];
                pair.sort();
                pair == ["France", "Spain"]
            })
            .collect();
        assert_eq!(france_spain.len(), 1, "one line runs between France and Spain");
        let mut codes = [text(france_spain[0], left_iso), text(france_spain[0], right_iso)];
        codes.sort();
        assert_eq!(codes, ["ESP", "FRA"]);
        let unnamed =
            boundaries.features.iter().filter(|f| f.attributes[left].is_null() || f.attributes[right].is_null());
        assert_eq!(unnamed.count(), 0, "every boundary line has a country on each side");
    }

    #[test]
    fn sample_fields_keep_their_types() {
        let countries = sample_layer("countries").expect("countries");
        let ty = |n: &str| countries.fields[countries.field_index(n).expect("field exists")].field_type;
        assert_eq!(ty("gdp_md"), FieldType::Integer);
        assert_eq!(ty("label_x"), FieldType::Float);
        assert_eq!(ty("name"), FieldType::String);
        let cities = sample_layer("cities").expect("cities");
        assert_eq!(cities.fields[cities.field_index("capital").expect("capital")].field_type, FieldType::Bool);
    }
}

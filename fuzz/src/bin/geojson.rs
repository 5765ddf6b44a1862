//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/geojson -o out/geojson target/release/geojson`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::geojson(data));
}

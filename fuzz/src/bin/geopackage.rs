//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/geopackage -o out/geopackage target/release/geopackage`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::geopackage(data));
}

//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/geotiff -o out/geotiff target/release/geotiff`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::geotiff(data));
}

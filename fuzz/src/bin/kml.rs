//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/kml -o out/kml target/release/kml`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::kml(data));
}

//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/gpx -o out/gpx target/release/gpx`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::gpx(data));
}

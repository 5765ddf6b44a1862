//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/geoparquet -o out/geoparquet target/release/geoparquet`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::geoparquet(data));
}

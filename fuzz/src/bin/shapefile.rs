//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/shapefile -o out/shapefile target/release/shapefile`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::shapefile(data));
}

//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/csv -o out/csv target/release/csv`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::csv(data));
}

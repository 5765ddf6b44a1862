//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/script -o out/script target/release/script`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::script(data));
}

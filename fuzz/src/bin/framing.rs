//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/framing -o out/framing target/release/framing`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::framing(data));
}

//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/flatgeobuf -o out/flatgeobuf target/release/flatgeobuf`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::flatgeobuf(data));
}

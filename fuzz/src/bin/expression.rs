//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/expression -o out/expression target/release/expression`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::expression(data));
}

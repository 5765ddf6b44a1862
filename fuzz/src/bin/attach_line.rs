//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/attach_line -o out/attach_line target/release/attach_line`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::attach_line(data));
}

//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/geotiff -o out/geotiff target/release/geotiff`.

fn main() {
    // Without afl.rs's panic hook: the reader runs its decoder under `catch_unwind` (the crates it
    // builds on panic on some damaged files) and turns such a panic into an error, which is not a
    // crash; a panic that escapes the reader still aborts and counts as one.
    afl::fuzz_nohook!(|data: &[u8]| rustgis_fuzz::geotiff(data));
}

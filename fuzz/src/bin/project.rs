//! afl.rs target: `cargo afl build --release && cargo afl fuzz -i corpus/project -o out/project target/release/project`.

fn main() {
    afl::fuzz!(|data: &[u8]| rustgis_fuzz::project(data));
}

//! Every fuzz target over its seed corpus and every crash found so far (`corpus/<target>/`):
//! none may panic. Crashes the fuzzer finds are copied here, so they become regression tests.

#[test]
fn every_target_survives_its_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, target) in rustgis_fuzz::TARGETS {
        let dir = root.join(name);
        let entries =
            std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e} (run `cargo run --bin seed`)", dir.display()));
        let mut n = 0;
        for entry in entries {
            let path = entry.expect("a corpus entry").path();
            let bytes = std::fs::read(&path).expect("a corpus file");
            target(&bytes);
            n += 1;
        }
        assert!(n > 0, "{name} has no corpus");
    }
}

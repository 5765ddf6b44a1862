//! The committed command reference is generated from the catalogue (RustGIS's commands and the
//! hosts' own, such as `ui.mcpRelay`) and must not drift.

use rustgis_relay::headless_registry;

#[test]
fn docs_commands_md_matches_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/commands.md");
    let generated = headless_registry().markdown();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        #[allow(clippy::disallowed_methods, reason = "a test regenerating a committed document")]
        std::fs::write(path, &generated).expect("docs/commands.md is writable");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/commands.md is out of date: run `UPDATE_DOCS=1 cargo test -p rustgis-relay --test relay docs::` \
         (or `rustgis-cli commands --markdown > docs/commands.md`) and commit it"
    );
}

#[test]
fn every_host_command_has_a_summary_an_example_and_a_schema() {
    for def in headless_registry().all().iter().filter(|d| rustgis_relay::is_host_command(d.id)) {
        assert!(!def.summary.is_empty(), "{} has no summary", def.id);
        assert!(def.examples.iter().all(|e| e.starts_with(def.id)) && !def.examples.is_empty(), "{}", def.id);
        assert_eq!(def.schema()["type"], serde_json::json!("object"), "{}", def.id);
    }
}

#[test]
fn every_name_of_the_vocabulary_is_one_the_catalogue_uses_and_host_commands_use_no_other() {
    use rustgis_core::vocabulary::{VOCABULARY, meaning, names_of};
    let used: std::collections::BTreeSet<&str> =
        headless_registry().all().iter().flat_map(|def| names_of(def).into_iter().map(|(name, _, _)| name)).collect();
    let unused: Vec<&str> = VOCABULARY.iter().map(|t| t.name).filter(|n| !used.contains(n)).collect();
    assert!(unused.is_empty(), "terms no command takes or reports (remove them from the vocabulary): {unused:?}");
    for def in headless_registry().all().iter().filter(|d| rustgis_relay::is_host_command(d.id)) {
        for (name, _, _) in names_of(def) {
            assert!(meaning(name).is_some(), "{} takes or reports `{name}`, which the vocabulary lacks", def.id);
        }
    }
}

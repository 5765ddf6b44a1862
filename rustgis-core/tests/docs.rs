//! The committed command reference is generated from the registry and must not drift.

use rustgis_core::Registry;

#[test]
fn docs_commands_md_matches_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/commands.md");
    let generated = Registry::global().markdown();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &generated).expect("docs/commands.md is writable");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/commands.md is out of date: run `UPDATE_DOCS=1 cargo test -p rustgis-core --test docs` \
         (or `rustgis-cli commands --markdown > docs/commands.md`) and commit it"
    );
}

#[test]
fn every_command_has_a_summary_an_example_and_a_valid_id() {
    for def in Registry::global().all() {
        let (group, name) = def.id.split_once('.').expect("ids are group.name");
        assert!(!group.is_empty() && !name.is_empty(), "{}", def.id);
        assert!(!def.summary.is_empty(), "{} has no summary", def.id);
        assert!(!def.examples.is_empty(), "{} has no example", def.id);
        for example in def.examples {
            assert!(example.starts_with(def.id), "{}: example {example} runs another command", def.id);
        }
    }
}

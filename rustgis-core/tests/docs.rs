//! Every command is documented well enough for the generated reference (`docs/commands.md`, whose
//! drift test is in rustgis-relay: the reference includes the hosts' own commands).

use rustgis_core::Registry;

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

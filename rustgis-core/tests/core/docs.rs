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

#[test]
fn docs_expressions_md_lists_every_function_the_evaluator_runs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/user-guide/expressions.md");
    let generated = rustgis_core::expression_reference_markdown();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        #[allow(clippy::disallowed_methods, reason = "a test regenerating a committed document")]
        std::fs::write(path, &generated).expect("docs/user-guide/expressions.md is writable");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/user-guide/expressions.md is out of date: run `UPDATE_DOCS=1 cargo test -p rustgis-core --test core docs::` and commit it"
    );
}

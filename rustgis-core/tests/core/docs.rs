//! The committed expression reference matches the evaluator's function table. The command
//! reference (`docs/commands.md`) has its drift test in rustgis-relay (it includes the hosts' own
//! commands), and `tests/core/tidy.rs` checks every command is documented well enough for it.

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

//! The command engine: a read command, an edit with its undo step, and a script.

use criterion::{Criterion, criterion_group, criterion_main};
use rustgis_core::{Caller, Session};
use serde_json::json;

fn session(c: &mut Criterion) {
    let mut group = c.benchmark_group("session");
    group.bench_function("load the World Atlas sample", |b| b.iter(|| Session::with_sample().expect("sample")));
    let mut session = Session::with_sample().expect("sample");
    let user = Caller::user();
    group.bench_function("layer.list", |b| b.iter(|| session.execute(&user, "layer.list", json!({})).expect("list")));
    group.bench_function("layer.setVisible (one undo step)", |b| {
        b.iter(|| {
            session.execute(&user, "layer.setVisible", json!({"layer": "cities", "visible": true})).expect("edit")
        })
    });
    group.bench_function("script of 3 lines", |b| {
        b.iter(|| {
            let outcome = session.run_script(
                &user,
                "layer.addSample {\"sample\": \"cities\", \"name\": \"tmp\"}\nlayer.setVisible {\"layer\": \"tmp\", \"visible\": false}\nlayer.remove {\"layer\": \"tmp\"}",
            );
            assert!(outcome.success);
        })
    });
    group.finish();
}

criterion_group!(benches, session);
criterion_main!(benches);

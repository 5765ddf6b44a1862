//! QGIS expressions over a million rows: a 10-function expression evaluated row by row (what
//! filters, labels and text results run) and a column at a time (what `field.add` and
//! `field.calculate` run for number-only expressions over double fields). Figures:
//! docs/PERFORMANCE.md.

use criterion::{Criterion, criterion_group, criterion_main};
use rustgis_core::{Crs, Expr, Feature, Field, FieldType, Layer, RowContext, Scope, Value};

/// The expression: round, sqrt, abs, ln, sin, cos, floor, ceil, exp, degrees and atan.
const EXPRESSION: &str = "round(sqrt(abs(\"a\")) + ln(abs(\"b\") + 1) * sin(\"c\") + cos(\"a\") - floor(\"b\") \
     + ceil(\"c\") + exp(0 - abs(\"a\") / 100) + degrees(atan(\"b\")), 2)";

const ROWS: u64 = 1_000_000;

/// A million features with three double fields (about 1 % NULL), no geometry.
fn layer() -> Layer {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let fields =
        vec![Field::new("a", FieldType::Float), Field::new("b", FieldType::Float), Field::new("c", FieldType::Float)];
    let features = (0..ROWS)
        .map(|id| {
            let mut value = |scale: f64| {
                let x = next();
                if x < 0.01 { Value::Null } else { Value::Float((x - 0.5) * scale) }
            };
            Feature { id, geometry: None, attributes: vec![value(200.0), value(50.0), value(10.0)] }
        })
        .collect();
    Layer::new("numbers", Crs::WGS84, fields, features)
}

fn expressions(c: &mut Criterion) {
    let layer = layer();
    let expr = Expr::parse(EXPRESSION).expect("the expression parses");
    let scope = Scope::new(Some(&layer), None);
    let mut group = c.benchmark_group("expressions");
    group.sample_size(10);
    group.bench_function("10 functions over 1M rows, row by row", |b| {
        b.iter(|| {
            let mut nulls = 0usize;
            for (n, feature) in layer.features.iter().enumerate() {
                let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
                if expr.eval_numbered(&row, &scope, n + 1).expect("evaluates") == Value::Null {
                    nulls += 1;
                }
            }
            nulls
        })
    });
    group.bench_function("10 functions over 1M rows, a column at a time", |b| {
        b.iter(|| {
            expr.eval_column(&layer, &scope, &mut || Ok(())).expect("evaluates").expect("compiles to numbers").len()
        })
    });
    group.finish();
}

criterion_group!(benches, expressions);
criterion_main!(benches);

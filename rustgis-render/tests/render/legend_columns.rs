//! Legend columns: the map's legend (`map.setFurniture {legend: {columns}}`) and a layout's
//! legend item (`layout.addItem {type: legend, columns}`) set their rows side by side, checked by
//! where the rows' text lands in the SVG.

use rustgis_core::{Caller, Session};
use rustgis_render::{RenderRequest, render_layout_svg, render_svg};
use serde_json::{Value, json};

fn run(session: &mut Session, command: &str, params: Value) -> Value {
    session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}")).result
}

/// The sample with countries in six population classes, cities hidden (no labels in the way).
fn six_classes() -> Session {
    let mut session = Session::with_sample().expect("sample");
    run(
        &mut session,
        "style.graduated",
        json!({"layer": "countries", "field": "pop_est", "classes": 6, "ramp": "ylorrd"}),
    );
    run(&mut session, "layer.setVisible", json!({"layer": "cities", "visible": false}));
    session
}

/// (x, y) of every `<text>` of this font size.
fn rows(svg: &str, size: &str) -> Vec<(f64, f64)> {
    svg.split("<text ")
        .skip(1)
        .filter(|tag| tag.contains(&format!("font-size=\"{size}\"")))
        .filter_map(|tag| {
            let value = |name: &str| -> Option<f64> {
                let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
                tag[start..].split('"').next()?.parse().ok()
            };
            Some((value("x")?, value("y")?))
        })
        .collect()
}

fn distinct(values: impl Iterator<Item = f64>) -> usize {
    let mut seen: Vec<f64> = Vec::new();
    for v in values {
        if !seen.iter().any(|s| (s - v).abs() < 0.5) {
            seen.push(v);
        }
    }
    seen.len()
}

#[test]
fn a_legend_in_two_columns_sets_its_six_classes_three_by_three_side_by_side() {
    let mut session = six_classes();
    // An image whose legend has its type at 11 px (larger and smaller images scale it).
    let view = RenderRequest { width: 1000, height: 600, ..RenderRequest::default() };
    run(&mut session, "map.setFurniture", json!({"legend": {"columns": 1}}));
    let one = rows(&render_svg(session.project(), &view).expect("SVG"), "11");
    assert_eq!((one.len(), distinct(one.iter().map(|r| r.0)), distinct(one.iter().map(|r| r.1))), (6, 1, 6));
    run(&mut session, "map.setFurniture", json!({"legend": {"columns": 2}}));
    let two = rows(&render_svg(session.project(), &view).expect("SVG"), "11");
    assert_eq!(two.len(), 6, "{two:?}");
    assert_eq!(distinct(two.iter().map(|r| r.0)), 2, "two columns: {two:?}");
    assert_eq!(distinct(two.iter().map(|r| r.1)), 3, "three lines: {two:?}");
    // Column by column: the first three classes on the left, in order.
    assert!(two[0].0 < two[3].0 && two[0].1 < two[1].1 && (two[0].1 - two[3].1).abs() < 0.5, "{two:?}");
}

#[test]
fn a_layout_legend_item_takes_columns_and_refuses_too_many() {
    let mut session = six_classes();
    run(&mut session, "layout.create", json!({"name": "page", "page": "a4", "dpi": 96}));
    run(&mut session, "layout.addItem", json!({"layout": "page", "type": "map", "rect_mm": [10, 10, 190, 150]}));
    run(
        &mut session,
        "layout.addItem",
        json!({"layout": "page", "type": "legend", "columns": 3, "rect_mm": [10, 170, 190, 40]}),
    );
    let layout = session.project().layouts[0].clone();
    let legend = rows(&render_layout_svg(session.project(), &layout).expect("SVG"), "11");
    assert_eq!(legend.len(), 6, "{legend:?}");
    assert_eq!((distinct(legend.iter().map(|r| r.0)), distinct(legend.iter().map(|r| r.1))), (3, 2), "{legend:?}");
    let error = session
        .execute(
            &Caller::user(),
            "layout.addItem",
            json!({"layout": "page", "type": "legend", "columns": 9, "rect_mm": [10, 170, 190, 40]}),
        )
        .expect_err("nine columns");
    assert!(format!("{error:#}").contains("1 to 8 columns"), "{error:#}");
}

#[test]
fn a_map_legend_too_tall_for_its_image_takes_more_columns() {
    let mut session = six_classes();
    run(&mut session, "map.setFurniture", json!({"legend": true}));
    // 110 px leave room for the heading and 3 rows: the six classes go in two columns.
    let view = RenderRequest { width: 1000, height: 110, ..RenderRequest::default() };
    let svg = render_svg(session.project(), &view).expect("SVG");
    // A small image sets the legend's type smaller than 11 px: the classes are the texts of
    // the size of the first class's text (its label has an en dash).
    let size = svg
        .split("<text ")
        .find(|tag| tag.contains(" – "))
        .and_then(|tag| tag.split("font-size=\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .expect("a class's text")
        .to_owned();
    let classes = rows(&svg, &size);
    assert_eq!(classes.len(), 6, "every class is shown: {classes:?}");
    assert_eq!(distinct(classes.iter().map(|r| r.0)), 2, "in two columns: {classes:?}");
}

#[test]
fn the_rows_a_map_legend_has_no_room_for_are_named_in_a_notice() {
    let mut session = six_classes();
    run(&mut session, "style.categorized", json!({"layer": "countries", "field": "subregion"}));
    run(&mut session, "map.setFurniture", json!({"legend": true}));
    // One line under the heading, and room across for few columns of long names.
    let view = RenderRequest { width: 1000, height: 60, ..RenderRequest::default() };
    let image = rustgis_render::render(session.project(), &view).expect("renders");
    let notice = image
        .notices
        .iter()
        .find(|n| n.contains("the legend has no room for"))
        .unwrap_or_else(|| panic!("a notice: {:?}", image.notices));
    assert!(notice.contains("draw a taller image"), "{notice}");
    assert!(notice.contains('\''), "names the rows left out: {notice}");
}

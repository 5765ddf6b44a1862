//! The icons the server and its tools carry: each is an SVG that draws, and the server's PNG is
//! its SVG drawn at 48 × 48 (`UPDATE_ICONS=1 cargo test -p rustgis-mcp --test icons` draws it
//! again after the SVG changed).
#![allow(clippy::disallowed_methods, reason = "the test writes the PNG it checks when asked to")]

use base64::Engine;
use resvg::tiny_skia::Pixmap;
use rmcp::model::Icon;
use rustgis_mcp::icons::{SERVER_PNG, SERVER_PNG_SIDE, SERVER_SVG, server_icons};
use rustgis_mcp::{TOOLS, tool_list};

/// Draws an SVG at `side` × `side` pixels.
fn draw(svg: &[u8], side: u32) -> Pixmap {
    let tree = resvg::usvg::Tree::from_data(svg, &resvg::usvg::Options::default()).expect("the icon is an SVG");
    let mut pixmap = Pixmap::new(side, side).expect("a pixmap");
    let scale = side as f32 / tree.size().width();
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap
}

/// An icon's bytes, from its `data:` URI.
fn bytes_of(icon: &Icon) -> Vec<u8> {
    let (head, data) = icon.src.split_once(',').expect("a data: URI");
    assert_eq!(Some(head), icon.mime_type.as_ref().map(|m| format!("data:{m};base64")).as_deref());
    base64::engine::general_purpose::STANDARD.decode(data).expect("base64")
}

/// How many pixels are not transparent.
fn drawn(pixmap: &Pixmap) -> usize {
    pixmap.pixels().iter().filter(|p| p.alpha() > 0).count()
}

#[test]
fn the_server_png_is_its_svg_drawn_at_48_pixels() {
    let pixmap = draw(SERVER_SVG.as_bytes(), SERVER_PNG_SIDE);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/icons/rustgis-48.png");
    if std::env::var_os("UPDATE_ICONS").is_some() {
        std::fs::write(path, pixmap.encode_png().expect("a PNG")).expect("write the PNG");
        return;
    }
    let committed = Pixmap::decode_png(SERVER_PNG).expect("the committed PNG decodes");
    assert_eq!((committed.width(), committed.height()), (SERVER_PNG_SIDE, SERVER_PNG_SIDE));
    assert!(
        committed.data() == pixmap.data(),
        "icons/rustgis-48.png is not icons/rustgis.svg drawn at 48 × 48: run UPDATE_ICONS=1 cargo test -p rustgis-mcp \
         --test icons and commit it"
    );
    // A whole square but its rounded corners: the icon has its own background.
    let ink = drawn(&pixmap);
    assert!(ink > 48 * 48 * 95 / 100 && ink < 48 * 48, "{ink} of 2304 pixels drawn");
}

#[test]
fn the_server_carries_a_png_and_an_svg_icon() {
    let icons = server_icons();
    let mimes: Vec<_> = icons.iter().map(|i| i.mime_type.as_deref().unwrap_or_default()).collect();
    assert_eq!(mimes, ["image/png", "image/svg+xml"]);
    assert_eq!(bytes_of(&icons[0]), SERVER_PNG);
    assert_eq!(icons[0].sizes.as_deref(), Some(&["48x48".to_owned()][..]));
    assert_eq!(bytes_of(&icons[1]), SERVER_SVG.as_bytes());
}

#[test]
fn every_tool_has_an_icon_for_light_and_dark_themes_that_draws() {
    for (def, tool) in TOOLS.iter().zip(tool_list()) {
        let icons = tool.icons.unwrap_or_else(|| panic!("{} has no icons", def.name));
        let themes: Vec<String> =
            icons.iter().map(|i| serde_json::to_value(i.theme).expect("a theme").to_string()).collect();
        assert_eq!(themes, ["\"light\"", "\"dark\""], "{}", def.name);
        for icon in &icons {
            let pixmap = draw(&bytes_of(icon), 24);
            let ink = drawn(&pixmap);
            assert!(ink > 40 && ink < 24 * 24 / 2, "{}'s icon draws {ink} pixels of 576", def.name);
        }
    }
}

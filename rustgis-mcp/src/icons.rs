//! Icons: the server's (a globe with a pin, as SVG and as a 48 × 48 PNG, since clients must show
//! PNG and may show SVG) and one a tool, line drawings in SVG for light and for dark themes. All
//! are `data:` URIs: the server needs no network to show them, and clients fetch nothing.

use std::sync::LazyLock;

use base64::Engine;
use rmcp::model::{Icon, IconTheme};

/// The server's icon as SVG.
pub const SERVER_SVG: &str = include_str!("../icons/rustgis.svg");

/// The server's icon as a 48 × 48 PNG, drawn from [`SERVER_SVG`] (`tests/icons.rs` checks that
/// it still is, and redraws it with `UPDATE_ICONS=1`).
pub const SERVER_PNG: &[u8] = include_bytes!("../icons/rustgis-48.png");

/// The side of [`SERVER_PNG`] in pixels.
pub const SERVER_PNG_SIDE: u32 = 48;

/// Each tool's drawing: SVG elements on a 24 × 24 grid, stroked in the theme's colour.
const TOOL_DRAWINGS: &[(&str, &str)] = &[
    (
        "run_command",
        r#"<path d="M2 5a1 1 0 0 1 1-1h18a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1z"/><path d="M6 9l3 3-3 3M12 15h6"/>"#,
    ),
    ("run", r#"<path d="M6 2h9l4 4v16H6z"/><path d="M9 10h7M9 14h7M9 18h4"/>"#),
    ("list_commands", r#"<path d="M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01"/>"#),
    ("describe_command", r#"<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5h.01"/>"#),
    ("read_table", r#"<path d="M3 5h18v14H3zM3 10h18M3 15h18M9 5v14"/>"#),
    ("view_map", r#"<path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14"/>"#),
    ("snapshot", r#"<path d="M3 8h4l2-3h6l2 3h4v11H3z"/><circle cx="12" cy="13" r="3.5"/>"#),
    ("search_docs", r#"<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/>"#),
];

/// The stroke of tool icons on a light background, and on a dark one.
const LIGHT_STROKE: &str = "#2d3b45";
const DARK_STROKE: &str = "#e6edf3";

/// A tool's icon as a whole SVG document, stroked for `theme`; `None` for a tool without one.
pub fn tool_svg(tool: &str, theme: IconTheme) -> Option<String> {
    let (_, drawing) = TOOL_DRAWINGS.iter().find(|(name, _)| *name == tool)?;
    let stroke = if theme == IconTheme::Dark { DARK_STROKE } else { LIGHT_STROKE };
    Some(format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="{stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">{drawing}</svg>"#
    ))
}

fn data_uri(mime: &str, bytes: &[u8]) -> String {
    format!("data:{mime};base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// The server's icons (`serverInfo.icons`): the PNG, then the SVG.
pub fn server_icons() -> Vec<Icon> {
    static ICONS: LazyLock<Vec<Icon>> = LazyLock::new(|| {
        vec![
            Icon::new(data_uri("image/png", SERVER_PNG))
                .with_mime_type("image/png")
                .with_sizes(vec![format!("{SERVER_PNG_SIDE}x{SERVER_PNG_SIDE}")]),
            Icon::new(data_uri("image/svg+xml", SERVER_SVG.as_bytes()))
                .with_mime_type("image/svg+xml")
                .with_sizes(vec!["any".to_owned()]),
        ]
    });
    ICONS.clone()
}

/// A tool's icons: its SVG for light themes and for dark ones (none for a tool without one).
pub fn tool_icons(tool: &str) -> Vec<Icon> {
    [IconTheme::Light, IconTheme::Dark]
        .into_iter()
        .filter_map(|theme| {
            let svg = tool_svg(tool, theme)?;
            Some(
                Icon::new(data_uri("image/svg+xml", svg.as_bytes()))
                    .with_mime_type("image/svg+xml")
                    .with_sizes(vec!["any".to_owned()])
                    .with_theme(theme),
            )
        })
        .collect()
}

//! The Print Layout window's state: which layout it shows, what a new one starts from, the item
//! to add and where to export. Every action is a `layout.*` command run as the user, so it is
//! one undo step named in History, as an agent's would be.

use std::path::{Path, PathBuf};

use rustgis_core::{PrintLayout, Project};
use serde_json::{Value as Json, json};

/// The templates `layout.fromTemplate` knows: their names and what the window calls them.
pub const TEMPLATES: [(&str, &str); 2] = [
    ("a4-landscape-title-legend", "A4 landscape: title, map, legend, scale bar"),
    ("a4-portrait-title", "A4 portrait: title, map, legend and scale bar under it"),
];

/// The items the window adds: their `type` for `layout.addItem` and their name in the window.
pub const ITEM_TYPES: [(&str, &str); 7] = [
    ("map", "Map"),
    ("legend", "Legend"),
    ("title", "Title"),
    ("text", "Text"),
    ("scale_bar", "Scale bar"),
    ("north_arrow", "North arrow"),
    ("overview", "Overview map"),
];

/// The formats `layout.export` writes.
pub const EXPORT_FORMATS: [&str; 3] = ["pdf", "svg", "png"];

/// The longest side, in pixels, of the page preview the window draws.
pub const PREVIEW_PIXELS: f64 = 560.0;

/// The Print Layout window's state.
#[derive(Debug, Clone)]
pub struct LayoutDialog {
    /// The layout shown, by name.
    pub layout: Option<String>,
    /// Which of [`TEMPLATES`] a new layout starts from.
    pub template: usize,
    /// The title a new layout puts on its page (empty: the map's title, else the project's name).
    pub title: String,
    /// Which of [`ITEM_TYPES`] **Add item** adds.
    pub item_type: usize,
    /// The text of a title or text item to add.
    pub item_text: String,
    /// Where **Export** writes (relative paths are relative to the project's folder).
    pub path: String,
    /// Which of [`EXPORT_FORMATS`] **Export** writes.
    pub format: usize,
    /// Whether **Export** replaces a file already there (a file chosen in the platform's Save
    /// dialog was already confirmed there).
    pub overwrite: bool,
    /// The last action's outcome: its text, and whether it failed.
    pub outcome: Option<(String, bool)>,
    /// An item being moved or resized in the items grid, and its place so far: stored (one
    /// `layout.updateItem`) when the drag or the typing ends.
    pub moving: Option<(usize, [f64; 4])>,
}

impl LayoutDialog {
    /// The window over `project`, showing its newest layout (none yet: the window offers to make
    /// one from a template).
    pub fn new(project: &Project) -> LayoutDialog {
        let mut dialog = LayoutDialog {
            layout: project.layouts.last().map(|l| l.name.clone()),
            template: 0,
            title: String::new(),
            item_type: 1,
            item_text: String::new(),
            path: String::new(),
            format: 0,
            overwrite: false,
            outcome: None,
            moving: None,
        };
        dialog.path = dialog.default_path();
        dialog
    }

    /// The layout shown, if it (still) exists in `project`.
    pub fn shown<'p>(&self, project: &'p Project) -> Option<&'p PrintLayout> {
        let name = self.layout.as_deref()?;
        project.layouts.iter().find(|l| l.name == name)
    }

    /// `layout.fromTemplate` for a new layout from the chosen template and title.
    pub fn from_template(&self) -> (&'static str, Json) {
        let mut params = json!({ "template": TEMPLATES[self.template].0 });
        if !self.title.trim().is_empty() {
            params["title"] = Json::String(self.title.trim().to_owned());
        }
        ("layout.fromTemplate", params)
    }

    /// `layout.addItem` for the chosen item type on `layout`, in the place such an item usually
    /// takes on the page (the title across the top, the legend bottom left, the scale bar bottom
    /// right…); it can be moved after.
    pub fn add_item(&self, layout: &PrintLayout) -> (&'static str, Json) {
        let (w, h) = (layout.width_mm, layout.height_mm);
        let kind = ITEM_TYPES[self.item_type].0;
        let rect = match kind {
            "map" => [10.0, 25.0, w - 20.0, h - 75.0],
            "legend" => [10.0, h - 48.0, 90.0, 40.0],
            "title" => [10.0, 8.0, w - 20.0, 14.0],
            "text" => [10.0, h - 14.0, w - 20.0, 8.0],
            "scale_bar" => [w - 90.0, h - 24.0, 80.0, 14.0],
            "north_arrow" => [w - 30.0, 27.0, 18.0, 22.0],
            _ => [w - 75.0, h - 70.0, 65.0, 45.0],
        };
        let mut params = json!({ "layout": layout.name, "type": kind, "rect_mm": rect });
        if matches!(kind, "title" | "text") {
            let text = self.item_text.trim();
            params["text"] = Json::String(if text.is_empty() { ITEM_TYPES[self.item_type].1 } else { text }.to_owned());
        }
        ("layout.addItem", params)
    }

    /// `layout.updateItem` moving or resizing item `index` of `layout` to `rect_mm`.
    pub fn move_item(layout: &str, index: usize, rect_mm: [f64; 4]) -> (&'static str, Json) {
        ("layout.updateItem", json!({ "layout": layout, "index": index, "rect_mm": rect_mm }))
    }

    /// `layout.removeItem` for item `index` of `layout`.
    pub fn remove_item(layout: &str, index: usize) -> (&'static str, Json) {
        ("layout.removeItem", json!({ "layout": layout, "index": index }))
    }

    /// `layout.export` of the layout shown to the path and format chosen; `Err` says what is
    /// missing.
    pub fn export(&self) -> Result<(&'static str, Json), String> {
        let layout = self.layout.as_deref().ok_or("make or choose a layout first")?;
        let path = self.path.trim();
        if path.is_empty() {
            return Err("type where to write the file, or choose it with Choose…".to_owned());
        }
        let params = json!({
            "layout": layout,
            "path": path,
            "format": EXPORT_FORMATS[self.format],
            "overwrite": self.overwrite,
        });
        Ok(("layout.export", params))
    }

    /// The file the export writes by default: the layout's name with the format's extension (in
    /// the project's folder).
    pub fn default_path(&self) -> String {
        let stem: String = self
            .layout
            .as_deref()
            .unwrap_or("layout")
            .chars()
            .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
            .collect();
        format!("{stem}.{}", EXPORT_FORMATS[self.format])
    }

    /// Takes a path chosen in the platform's Save dialog: its extension picks the format, and
    /// the dialog already asked before replacing a file.
    pub fn chosen_path(&mut self, path: &Path) {
        let path = with_format_extension(path, EXPORT_FORMATS[self.format]);
        if let Some(format) = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(|e| EXPORT_FORMATS.iter().position(|f| f.eq_ignore_ascii_case(e)))
        {
            self.format = format;
        }
        self.path = path.display().to_string();
        self.overwrite = true;
    }

    /// The layout as the preview draws it: the same page at the dpi that makes its longest side
    /// [`PREVIEW_PIXELS`].
    pub fn preview_of(layout: &PrintLayout) -> PrintLayout {
        let longest_inches = layout.width_mm.max(layout.height_mm) / 25.4;
        PrintLayout { dpi: (PREVIEW_PIXELS / longest_inches.max(0.1)) as f32, ..layout.clone() }
    }
}

/// `path` with `extension` when it has none of the export formats'.
fn with_format_extension(path: &Path, extension: &str) -> PathBuf {
    let known = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXPORT_FORMATS.iter().any(|f| f.eq_ignore_ascii_case(e)));
    if known { path.to_path_buf() } else { path.with_extension(extension) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a4_landscape() -> PrintLayout {
        PrintLayout { name: "poster".to_owned(), width_mm: 297.0, height_mm: 210.0, dpi: 300.0, items: Vec::new() }
    }

    #[test]
    fn every_item_type_is_added_inside_the_page() {
        let layout = a4_landscape();
        for item_type in 0..ITEM_TYPES.len() {
            let dialog = LayoutDialog { item_type, ..LayoutDialog::new(&Project::default()) };
            let (_, params) = dialog.add_item(&layout);
            let rect: Vec<f64> = serde_json::from_value(params["rect_mm"].clone()).expect("a rect");
            assert!(rect[0] >= 0.0 && rect[1] >= 0.0, "{params}");
            assert!(rect[0] + rect[2] <= layout.width_mm && rect[1] + rect[3] <= layout.height_mm, "{params}");
        }
    }

    #[test]
    fn a_title_item_takes_the_text_typed_or_its_type_name() {
        let layout = a4_landscape();
        let mut dialog = LayoutDialog { item_type: 2, ..LayoutDialog::new(&Project::default()) };
        assert_eq!(dialog.add_item(&layout).1["text"], "Title");
        dialog.item_text = " Rivers of Europe ".to_owned();
        assert_eq!(dialog.add_item(&layout).1["text"], "Rivers of Europe");
    }

    #[test]
    fn a_path_chosen_without_an_extension_gets_the_formats_and_one_with_an_extension_picks_the_format() {
        let mut dialog = LayoutDialog::new(&Project::default());
        dialog.chosen_path(Path::new("/tmp/map"));
        assert_eq!((dialog.path.as_str(), dialog.format, dialog.overwrite), ("/tmp/map.pdf", 0, true));
        dialog.chosen_path(Path::new("/tmp/map.SVG"));
        assert_eq!(EXPORT_FORMATS[dialog.format], "svg");
    }

    #[test]
    fn export_without_a_layout_or_a_path_says_what_is_missing() {
        let mut dialog = LayoutDialog::new(&Project::default());
        assert!(dialog.export().expect_err("no layout").contains("make or choose a layout"));
        dialog.layout = Some("poster".to_owned());
        dialog.path = "  ".to_owned();
        assert!(dialog.export().expect_err("no path").contains("where to write"));
    }

    #[test]
    fn the_preview_draws_the_page_at_most_preview_pixels_wide() {
        let preview = LayoutDialog::preview_of(&a4_landscape());
        let width_px = preview.width_mm / 25.4 * f64::from(preview.dpi);
        assert!((width_px - PREVIEW_PIXELS).abs() < 1.0, "{width_px}");
    }
}

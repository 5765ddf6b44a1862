//! `layout.*`: print layouts (a page with a map frame, legend, title, text, scale bar, north
//! arrow and an overview map), made item by item or from a template, edited item by item, saved
//! in the project and exported as PDF, SVG or PNG.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx, WritePath};
use crate::error::{Error, Result};
use crate::furniture::Furniture;
use crate::policy::Access;
use crate::print_layout::{ItemKind, LayoutItem, MapFit, Paper, PrintLayout, TEMPLATES};
use crate::render_hook::PageFormat;

/// The layout `page` the `layout.*Item` examples edit: a title (item 0), a map (1), a legend (2).
const LAYOUT_PAGE: &str = r#"layout.addItem {"layout": "page", "type": "title", "text": "Population density", "rect_mm": [10, 8, 190, 14]}
layout.addItem {"layout": "page", "type": "map", "rect_mm": [10, 25, 190, 200]}
layout.addItem {"layout": "page", "type": "legend", "title": "People", "rect_mm": [10, 230, 90, 57]}"#;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("layout.create")
            .summary("Create a print layout: a page (A4, A3, Letter or custom mm) to put a map, legend and title on")
            .doc("`page` (or `size`) is `A4`, `A3`, `Letter` or `{\"width_mm\": 500, \"height_mm\": 700}`; `orientation` is \
             `portrait` (default) or `landscape`; `dpi` (72–600, default 300) is the PNG's resolution and the \
             PDF's pixel size. The layout starts empty: add items with layout.addItem, or start from a template \
             with layout.fromTemplate. Layouts are saved in the .rgis.")
            .examples(&[
                r#"layout.create {"name": "poster", "page": "A3", "orientation": "landscape"}"#,
                r#"layout.create {"name": "square", "page": {"width_mm": 300, "height_mm": 300}, "dpi": 150}"#,
                r#"layout.create {"name": "letter", "size": "Letter"}"#,
            ])
            .edits_returning(create),
        CommandDef::build("layout.addItem")
            .summary("Add an item to a print layout: map, overview, legend, title, text, scale bar or north arrow")
            .doc("`rect_mm` is `[x, y, width, height]` in millimetres from the page's top-left corner and must lie \
             on the page. `type` is `map` (the visible layers over `extent` in the map's CRS, default the view), \
             `overview` (all the layers, with the first map frame's extent outlined in red), `legend` (optional `columns` and \
             `title`; rows that do not fit go into more columns, then smaller type down to 6 pt), `title` (`text`, \
             `subtitle`, default the map's), `text` (`text`, `size_pt`), `scale_bar` and `north_arrow` (both for the first \
             map frame), `image` (`path`: a PNG or SVG file of at most 16 MiB, drawn whole into the box, \
             centred; it needs file access, is checked when added and read again at each export). A map frame \
             shows the map's graticule, credits and attribution (and its title and subtitle when the page has no \
             title item); give it `furniture` (as map.setFurniture takes it, `{}` for none) to draw its own. A \
             layout that does not exist yet is created as an A4 portrait page at 300 dpi, with a notice \
             (layout.create makes other pages). Items are numbered from 0 in the order layout.list shows.")
            .examples(&[
                r#"layout.addItem {"layout": "page", "type": "map", "rect_mm": [10, 25, 190, 200]}"#,
                r#"layout.addItem {"layout": "page", "type": "title", "text": "Population density", "rect_mm": [10, 8, 190, 14]}"#,
                r#"layout.addItem {"layout": "page", "type": "legend", "title": "People", "rect_mm": [10, 230, 90, 57]}"#,
            ])
            .edits_returning(add_item),
        CommandDef::build("layout.updateItem")
            .summary("Change an item of a print layout: move or resize it, or change its text, extent or legend")
            .doc("`index` is the item's number in layout.list (from 0). Give the fields to change, as \
             layout.addItem takes them for the item's type: `rect_mm` for any item; `extent` and `furniture` \
             for a map; `title` and `columns` for a legend; `text` and `subtitle` for a title; `text` and \
             `size_pt` for text; `path` for an image. A field the item's type does not have is refused; to \
             change an item's type, remove it and add another. One undo step.")
            .examples(&[
                r#"layout.updateItem {"layout": "page", "index": 1, "rect_mm": [10, 25, 190, 150]}"#,
                r#"layout.updateItem {"layout": "page", "index": 0, "text": "Population density, 2020"}"#,
            ])
            .example_setup(LAYOUT_PAGE)
            .edits_returning(update_item),
        CommandDef::build("layout.removeItem")
            .summary("Remove an item from a print layout")
            .doc("`index` is the item's number in layout.list (from 0); the items after it move up one. Returns \
             the item removed, as layout.addItem takes it. One undo step.")
            .examples(&[r#"layout.removeItem {"layout": "page", "index": 2}"#])
            .example_setup(LAYOUT_PAGE)
            .edits_returning(remove_item),
        CommandDef::build("layout.list")
            .summary("List the project's print layouts with their pages and items")
            .doc("Each layout's name, page size in millimetres, dpi and items (type and `rect_mm`). Also lists the \
             templates layout.fromTemplate knows.")
            .examples(&[r#"layout.list {}"#])
            .reads_returning(list),
        CommandDef::build("layout.fromTemplate")
            .summary("Create a print layout from a template, such as a4-landscape-title-legend")
            .doc("Templates: `a4-landscape-title-legend` (title, map, legend, scale bar) and `a4-portrait-title` \
             (title, map, and under it legend and scale bar). Each fits itself to the map: the frame has the \
             map's shape, as large as the page allows (a wide map gets the page's width, the legend under it); a \
             north arrow is added only where north is up across the map (it spans at most 60° of longitude, \
             stays within 70° of latitude north and south, and north is within 5° of straight up everywhere on \
             it: not on world or polar maps); an overview map (landscape) only on a regional map (less than half \
             the world's longitudes and latitudes). The map frame shows the map's graticule, credits and \
             attribution; the title item its subtitle. `title` defaults to the map's title, else the project's \
             name; `name` to the template's.")
            .examples(&[
                r#"layout.fromTemplate {"template": "a4-landscape-title-legend", "title": "Population density"}"#,
            ])
            .edits_returning(from_template),
        CommandDef::build("layout.export")
            .summary("Export a print layout as PDF, SVG or PNG")
            .doc("`format` defaults to the path's extension. PDF and SVG are vector output (text as text; each \
             embeds the subset of DejaVu Sans its text uses); PNG is drawn at the layout's dpi. The file is written beside its \
             destination and renamed into place; an existing file is replaced only with `overwrite: true`.")
            .examples(&[r#"layout.export {"layout": "a4-landscape-title-legend", "path": "map.pdf"}"#])
            .access(Access::WRITES_FILES)
            .long()
            .reads_returning(export),
    ]
}

/// A page: a paper name or a custom size.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum PageParam {
    /// `A4`, `A3` or `Letter`.
    Named(String),
    /// A custom size in millimetres.
    Custom {
        /// Width in millimetres.
        width_mm: f64,
        /// Height in millimetres.
        height_mm: f64,
    },
}

/// Parameters of `layout.create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CreateParams {
    /// The layout's name (unique in the project).
    name: String,
    /// `A4` (default), `A3`, `Letter` or `{"width_mm": …, "height_mm": …}`; also taken as `size`.
    #[serde(alias = "size")]
    page: Option<PageParam>,
    /// `portrait` (default) or `landscape`.
    orientation: Option<String>,
    /// 72–600 (default 300).
    dpi: Option<f32>,
}

/// What `layout.create` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct LayoutCreated {
    /// The layout's name.
    layout: String,
    /// The page's width in millimetres.
    width_mm: f64,
    /// The page's height in millimetres.
    height_mm: f64,
}

fn create(ctx: &mut Ctx<'_>, p: CreateParams) -> Result<LayoutCreated> {
    let paper = match p.page {
        None => Paper::A4,
        Some(PageParam::Named(name)) => match name.to_ascii_uppercase().as_str() {
            "A4" => Paper::A4,
            "A3" => Paper::A3,
            "LETTER" => Paper::Letter,
            _ => {
                return Err(Error::invalid(
                    "page",
                    format!("'{name}' is not a page size; use A4, A3, Letter or {{\"width_mm\": …, \"height_mm\": …}}"),
                ));
            }
        },
        Some(PageParam::Custom { width_mm, height_mm }) => Paper::Custom(width_mm, height_mm),
    };
    let landscape = landscape(p.orientation.as_deref())?;
    let layout = PrintLayout::new(&p.name, paper, landscape, p.dpi.unwrap_or(300.0))?;
    let (width_mm, height_mm) = (layout.width_mm, layout.height_mm);
    insert(ctx, layout)?;
    Ok(LayoutCreated { layout: p.name, width_mm, height_mm })
}

fn landscape(orientation: Option<&str>) -> Result<bool> {
    match orientation.map(str::to_ascii_lowercase).as_deref() {
        None | Some("portrait") => Ok(false),
        Some("landscape") => Ok(true),
        Some(other) => {
            Err(Error::invalid("orientation", format!("'{other}' is not an orientation; use portrait or landscape")))
        }
    }
}

/// Adds a layout, refusing a name already taken.
fn insert(ctx: &mut Ctx<'_>, layout: PrintLayout) -> Result<()> {
    if layout.name.trim().is_empty() {
        return Err(Error::invalid("name", "a layout needs a name"));
    }
    if ctx.project().layouts.iter().any(|l| l.name == layout.name) {
        return Err(Error::invalid(
            "name",
            format!("there is already a layout named '{}'; pick another name", layout.name),
        ));
    }
    ctx.project_mut().layouts.push(layout);
    Ok(())
}

/// Parameters of `layout.addItem`: the layout and the item (its `type`, fields and `rect_mm`).
#[derive(Debug, Deserialize, JsonSchema)]
struct AddItemParams {
    /// The layout's name.
    layout: String,
    /// The item.
    #[serde(flatten)]
    item: LayoutItem,
}

/// What `layout.addItem` and `layout.fromTemplate` return.
#[derive(Debug, Serialize, JsonSchema)]
struct LayoutItems {
    /// The layout's name.
    layout: String,
    /// How many items its page holds now.
    items: usize,
}

fn add_item(ctx: &mut Ctx<'_>, p: AddItemParams) -> Result<LayoutItems> {
    if !ctx.project().layouts.iter().any(|l| l.name == p.layout) {
        insert(ctx, PrintLayout::new(&p.layout, Paper::A4, false, 300.0)?)?;
        ctx.notice(format!("created layout '{}': an A4 portrait page at 300 dpi", p.layout));
    }
    let idx = layout_index(ctx, &p.layout)?;
    let item = checked_item(ctx, idx, p.item, "layout.addItem", true)?;
    let layout = &mut ctx.project_mut().layouts[idx];
    layout.items.push(item);
    Ok(LayoutItems { layout: layout.name.clone(), items: layout.items.len() })
}

/// The item checked for the page of layout `idx`: on the page, a legend's columns in range, an
/// image's file readable (when `read_image`, with file access) and its path made absolute.
fn checked_item(
    ctx: &Ctx<'_>,
    idx: usize,
    mut item: LayoutItem,
    command: &str,
    read_image: bool,
) -> Result<LayoutItem> {
    let layout = &ctx.project().layouts[idx];
    let [x, y, w, h] = item.rect_mm;
    let on_page = [x, y, w, h].iter().all(|v| v.is_finite())
        && x >= 0.0
        && y >= 0.0
        && w > 0.0
        && h > 0.0
        && x + w <= layout.width_mm + 1e-9
        && y + h <= layout.height_mm + 1e-9;
    if !on_page {
        return Err(Error::invalid(
            "rect_mm",
            format!(
                "{:?} is not on the {} × {} mm page: give [x, y, width, height] with x + width ≤ {} and y + height ≤ {}",
                item.rect_mm, layout.width_mm, layout.height_mm, layout.width_mm, layout.height_mm
            ),
        ));
    }
    match &mut item.kind {
        ItemKind::Legend { columns, .. } => super::map::check_columns(*columns, "columns")?,
        ItemKind::Image { path } if read_image => {
            // Reading a file is what `layer.open` needs access for; the item is checked now.
            crate::policy::Policy::check(&format!("{command} {{type: image}}"), &Access::READS_FILES, ctx.caller())
                .map_err(Error::Refused)?;
            let absolute = ctx.read_given(&path.to_string_lossy())?;
            crate::print_layout::read_image(&absolute)?;
            *path = absolute;
        }
        _ => {}
    }
    Ok(item)
}

/// Parameters of `layout.updateItem`: the item, and the fields to change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct UpdateItemParams {
    /// The layout's name.
    layout: String,
    /// The item's number in `layout.list`, from 0.
    index: usize,
    /// `[x, y, width, height]` in millimetres from the page's top-left corner (any item).
    rect_mm: Option<[f64; 4]>,
    /// A map's `[min_x, min_y, max_x, max_y]` in the map's CRS.
    extent: Option<[f64; 4]>,
    /// A map's own furniture, as `map.setFurniture` sets it (`{}` for none).
    furniture: Option<Furniture>,
    /// A legend's heading.
    title: Option<String>,
    /// A legend's columns (1–8).
    columns: Option<u32>,
    /// A title's or text's text.
    text: Option<String>,
    /// A title's subtitle (`""` for none).
    subtitle: Option<String>,
    /// A text's size in points.
    size_pt: Option<f32>,
    /// An image's file.
    #[schemars(extend("x-rustgis-file" = "read"))]
    path: Option<std::path::PathBuf>,
}

fn update_item(ctx: &mut Ctx<'_>, p: UpdateItemParams) -> Result<LayoutItems> {
    if let Some(path) = &p.path {
        // Refused first, whatever else is wrong; read (and made absolute) below.
        ctx.read_given(&path.to_string_lossy())?;
    }
    let idx = layout_index(ctx, &p.layout)?;
    let mut item = item_at(ctx, idx, p.index)?.clone();
    let UpdateItemParams {
        layout: _,
        index,
        rect_mm,
        mut extent,
        mut furniture,
        mut title,
        mut columns,
        mut text,
        mut subtitle,
        mut size_pt,
        mut path,
    } = p;
    if let Some(rect_mm) = rect_mm {
        item.rect_mm = rect_mm;
    }
    let new_path = path.is_some();
    match &mut item.kind {
        ItemKind::Map { extent: e, furniture: f } => {
            set(e, extent.take());
            set(f, furniture.take());
        }
        ItemKind::Legend { title: t, columns: c } => {
            set(t, title.take());
            set(c, columns.take());
        }
        ItemKind::Title { text: t, subtitle: s } => {
            if let Some(text) = text.take() {
                *t = text;
            }
            set(s, subtitle.take());
        }
        ItemKind::Text { text: t, size_pt: s } => {
            if let Some(text) = text.take() {
                *t = text;
            }
            set(s, size_pt.take());
        }
        ItemKind::Image { path: old } => {
            if let Some(path) = path.take() {
                *old = path;
            }
        }
        _ => {}
    }
    let misplaced: Vec<&str> = [
        ("extent", extent.is_some()),
        ("furniture", furniture.is_some()),
        ("title", title.is_some()),
        ("columns", columns.is_some()),
        ("text", text.is_some()),
        ("subtitle", subtitle.is_some()),
        ("size_pt", size_pt.is_some()),
        ("path", path.is_some()),
    ]
    .iter()
    .filter(|(_, given)| *given)
    .map(|(name, _)| *name)
    .collect();
    if let Some(first) = misplaced.first() {
        return Err(Error::invalid(
            first,
            format!(
                "item {index} is a {} item, which has no {}; to change an item's type, remove it and add another",
                item_type(&item),
                misplaced.join(", ")
            ),
        ));
    }
    let item = checked_item(ctx, idx, item, "layout.updateItem", new_path)?;
    let layout = &mut ctx.project_mut().layouts[idx];
    layout.items[index] = item;
    Ok(LayoutItems { layout: layout.name.clone(), items: layout.items.len() })
}

/// Sets an optional field when a value is given.
fn set<T>(field: &mut Option<T>, value: Option<T>) {
    if value.is_some() {
        *field = value;
    }
}

/// An item's `type`, as `layout.addItem` takes it.
fn item_type(item: &LayoutItem) -> String {
    serde_json::to_value(&item.kind)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned))
        .unwrap_or_else(|| "layout".to_owned())
}

/// Item `index` of layout `idx`, or an error saying how many items there are.
fn item_at<'c>(ctx: &'c Ctx<'_>, idx: usize, index: usize) -> Result<&'c LayoutItem> {
    let layout = &ctx.project().layouts[idx];
    layout.items.get(index).ok_or_else(|| {
        Error::invalid(
            "index",
            match layout.items.len() {
                0 => format!("layout '{}' has no items", layout.name),
                n => format!("layout '{}' has items 0 to {}, not {index}; layout.list shows them", layout.name, n - 1),
            },
        )
    })
}

/// Parameters of `layout.removeItem`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RemoveItemParams {
    /// The layout's name.
    layout: String,
    /// The item's number in `layout.list`, from 0.
    index: usize,
}

/// What `layout.removeItem` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ItemRemoved {
    /// The layout's name.
    layout: String,
    /// How many items its page holds now.
    items: usize,
    /// The item removed, as `layout.addItem` takes it.
    removed: LayoutItem,
}

fn remove_item(ctx: &mut Ctx<'_>, p: RemoveItemParams) -> Result<ItemRemoved> {
    let idx = layout_index(ctx, &p.layout)?;
    item_at(ctx, idx, p.index)?;
    let layout = &mut ctx.project_mut().layouts[idx];
    let removed = layout.items.remove(p.index);
    Ok(ItemRemoved { layout: layout.name.clone(), items: layout.items.len(), removed })
}

fn layout_index(ctx: &Ctx<'_>, name: &str) -> Result<usize> {
    let layouts = &ctx.project().layouts;
    layouts.iter().position(|l| l.name == name).ok_or_else(|| {
        let names: Vec<&str> = layouts.iter().map(|l| l.name.as_str()).collect();
        Error::invalid(
            "layout",
            if names.is_empty() {
                format!("there is no layout '{name}': the project has none (make one with layout.create or layout.fromTemplate)")
            } else {
                format!("there is no layout '{name}'; the project has {}", names.join(", "))
            },
        )
    })
}

/// Parameters of `layout.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListParams {}

/// What `layout.list` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct LayoutList {
    /// The project's layouts.
    layouts: Vec<LayoutEntry>,
    /// The templates `layout.fromTemplate` takes.
    templates: Vec<TemplateEntry>,
}

/// One layout of `layout.list`.
#[derive(Debug, Serialize, JsonSchema)]
struct LayoutEntry {
    /// Its name.
    name: String,
    /// The page's width in millimetres.
    width_mm: f64,
    /// The page's height in millimetres.
    height_mm: f64,
    /// The resolution it exports at.
    dpi: f32,
    /// The items on its page, as `layout.addItem` takes them.
    items: Vec<LayoutItem>,
}

/// One template of `layout.list`.
#[derive(Debug, Serialize, JsonSchema)]
struct TemplateEntry {
    /// Its name, for `layout.fromTemplate`.
    name: String,
    /// What its page holds.
    holds: String,
}

fn list(ctx: &mut Ctx<'_>, _p: ListParams) -> Result<LayoutList> {
    let layouts = ctx
        .project()
        .layouts
        .iter()
        .map(|l| LayoutEntry {
            name: l.name.clone(),
            width_mm: l.width_mm,
            height_mm: l.height_mm,
            dpi: l.dpi,
            items: l.items.clone(),
        })
        .collect();
    let templates = TEMPLATES
        .iter()
        .map(|(name, what)| TemplateEntry { name: (*name).to_owned(), holds: (*what).to_owned() })
        .collect();
    Ok(LayoutList { layouts, templates })
}

/// Parameters of `layout.fromTemplate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TemplateParams {
    /// `a4-landscape-title-legend` or `a4-portrait-title`.
    template: String,
    /// The layout's name (default: the template's).
    name: Option<String>,
    /// The title on the page (default: the map's title, else the project's name).
    title: Option<String>,
    /// 72–600 (default 300).
    dpi: Option<f32>,
}

fn from_template(ctx: &mut Ctx<'_>, p: TemplateParams) -> Result<LayoutItems> {
    let name = p.name.unwrap_or_else(|| p.template.clone());
    let project = ctx.project();
    let title = p.title.or_else(|| project.view.furniture.title.clone()).unwrap_or_else(|| project.name.clone());
    let layout = PrintLayout::from_template(&p.template, &name, &title, p.dpi.unwrap_or(300.0), &map_fit(project))?;
    let n_items = layout.items.len();
    insert(ctx, layout)?;
    Ok(LayoutItems { layout: name, items: n_items })
}

/// How the project's map fits a template: its view, else its visible layers, else the world.
fn map_fit(project: &crate::project::Project) -> MapFit {
    let crs = project.view.crs;
    match project.view.extent.or_else(|| project.extent_in(crs)) {
        Some(extent) => MapFit::of(&extent, crs),
        None => MapFit::default(),
    }
}

/// Parameters of `layout.export`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExportParams {
    /// The layout's name.
    layout: String,
    /// Where to write the file (relative paths are relative to the project's folder).
    path: WritePath,
    /// `pdf`, `svg` or `png` (default: from the path's extension).
    format: Option<String>,
    /// Replace the file if it exists (default false).
    overwrite: Option<bool>,
}

/// What `layout.export` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct LayoutWritten {
    /// The file written.
    path: std::path::PathBuf,
    /// `pdf`, `svg` or `png`.
    format: String,
    /// Its size in bytes.
    bytes: usize,
    /// Its SHA-256, lowercase hex.
    sha256: String,
    /// The page's width in millimetres.
    width_mm: f64,
    /// The page's height in millimetres.
    height_mm: f64,
    /// The page's width in pixels at the layout's dpi.
    width: u32,
    /// The page's height in pixels at the layout's dpi.
    height: u32,
    /// Legend rows (classes, categories, layers) left out because they did not fit their box,
    /// even in more columns and in 6 pt type; empty when the legend shows them all.
    legend_left_out: Vec<String>,
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<LayoutWritten> {
    let path = ctx.write_path(&p.path)?;
    let idx = layout_index(ctx, &p.layout)?;
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let format = p.format.as_deref().map(str::to_ascii_lowercase).unwrap_or_else(|| extension.clone());
    let page_format = match format.as_str() {
        "pdf" => PageFormat::Pdf,
        "svg" => PageFormat::Svg,
        "png" => PageFormat::Png,
        other => {
            return Err(Error::invalid(
                "format",
                format!("layout.export writes pdf, svg or png, not '{other}'; end the path in .pdf, .svg or .png"),
            ));
        }
    };
    if extension != format {
        return Err(Error::invalid("path", format!("{} does not end in .{format}", path.display())));
    }
    let overwrite = p.overwrite.unwrap_or(false) || ctx.may_replace(&path);
    if !overwrite && path.exists() {
        return Err(Error::FileExists(path));
    }
    let layout = ctx.project().layouts[idx].clone();
    // Image items are read again as the page is drawn: each must still be a file the caller may read.
    for item in &layout.items {
        if let ItemKind::Image { path: image } = &item.kind {
            let given = format!("{} (an image of layout '{}')", image.display(), layout.name);
            ctx.check_file(&given, &crate::io::project_file::absolute(image), crate::policy::FileUse::Read)?;
        }
    }
    let page = ctx.renderer()?.render_layout(ctx.project(), &layout, page_format)?;
    let bytes = page.bytes;
    super::map::write_checked(&path, overwrite, &bytes)?;
    if !page.legend_left_out.is_empty() {
        ctx.notice(format!(
            "layout '{}': the legend's box is too small for {} of its rows, left out: {}; make the box larger \
             (layout.updateItem with rect_mm) or give it more columns",
            layout.name,
            page.legend_left_out.len(),
            page.legend_left_out.join(", ")
        ));
    }
    if let Some(notice) = super::map::web_layers_left_out(ctx.project(), &format!("layout '{}'", layout.name)) {
        ctx.notice(notice);
    }
    let (width, height) = layout.size_px();
    Ok(LayoutWritten {
        path,
        format,
        bytes: bytes.len(),
        sha256: crate::render_hook::sha256_hex(&bytes),
        width_mm: layout.width_mm,
        height_mm: layout.height_mm,
        width,
        height,
        legend_left_out: page.legend_left_out,
    })
}

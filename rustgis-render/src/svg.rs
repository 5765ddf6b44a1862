//! Vector output: the map as SVG (paths for every feature, text as `<text>` in DejaVu Sans, the
//! glyphs it uses embedded as an `@font-face`), and as PDF through svg2pdf, which embeds a subset
//! of the font so the text stays text. Text in other scripts names, in a `<tspan>`, the installed
//! face the PNG draws it in (`fonts.rs`); usvg shapes it and svg2pdf embeds a subset of that face.
//! Limitation: the SVG embeds DejaVu Sans only, so a viewer without the named face uses its own.
//!
//! The SVG is laid out by the same plan as the PNG (`view::plan`): the same frame, furniture,
//! legend, scale bar and feature labels (placed exactly as in the PNG). Limitation: marker
//! shapes other than squares are written as circles.

use std::collections::BTreeSet;
use std::sync::Arc;

use rustgis_core::{Color, GeometryKind, Project, Symbol};

use crate::draw::TOLERANCE_PX;
use crate::error::{Error, Result};
use crate::fonts;
use crate::furniture;
use crate::geom::Pt;
use crate::view::{Planned, plan};
use crate::watch::Watch;
use rustgis_core::RenderRequest;

/// The font family every text is written in (the font the PNG draws with).
const FAMILY: &str = "DejaVu Sans";

/// The root's `font-family`: the embedded face first, then DejaVu Sans as installed (which is
/// what usvg and svg2pdf find, as they do not read `@font-face`), then any sans-serif.
const FAMILIES: &str = "'RustGIS DejaVu Sans', 'DejaVu Sans', sans-serif";

/// How text is anchored at its x.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    End,
}

/// An SVG document being written: its elements, its size, and the characters its text uses
/// (the glyphs its embedded font needs).
pub(crate) struct Svg {
    out: String,
    width: u32,
    height: u32,
    chars: BTreeSet<char>,
    /// The characters drawn in each installed face (not DejaVu Sans), by face.
    faces: std::collections::BTreeMap<fonts::FaceIdx, BTreeSet<char>>,
    /// Whether some text is in an installed face (not DejaVu Sans).
    fallback: bool,
}

/// How a `<text>` is painted: size, colour, an optional halo (colour, width) and its turn.
struct TextStyle {
    size: f32,
    color: Color,
    halo: Option<(Color, f32)>,
    anchor: Anchor,
    /// Degrees clockwise about `pivot`.
    angle: f32,
    pivot: (f32, f32),
}

/// Draws `project` as an SVG document of `view.width` × `view.height` pixels. The document is
/// self-contained: the glyphs of DejaVu Sans its text uses are embedded as an `@font-face`
/// (a TrueType subset in a `data:` URL), and every `<text>` asks for that face first.
pub fn render_svg(project: &Project, view: &RenderRequest) -> Result<String> {
    let mut planned = plan(project, view, &Watch::none())?;
    write(&mut planned, view)?.finish()
}

/// Draws `project` as a one-page PDF, the page `view.width` × `view.height` pixels at
/// `view.dpi` (so 96 dpi gives 1 px = 0.75 pt). Text is text, in an embedded subset of DejaVu Sans.
pub fn render_pdf(project: &Project, view: &RenderRequest) -> Result<Vec<u8>> {
    let mut planned = plan(project, view, &Watch::none())?;
    // svg2pdf embeds its own subset, so the SVG it reads carries none.
    let tree = write(&mut planned, view)?.tree()?;
    let page = svg2pdf::PageOptions { dpi: if view.dpi.is_finite() && view.dpi > 0.0 { view.dpi } else { 96.0 } };
    svg2pdf::to_pdf(&tree, svg2pdf::ConversionOptions::default(), page)
        .map_err(|e| Error::Internal(format!("cannot write the PDF: {e}")))
}

/// Parses an SVG from a file (a layout's image): DejaVu Sans as its only font, and images only
/// from data URLs inside it, never from other files or the network.
pub(crate) fn parse_untrusted(svg: &[u8], path: &std::path::Path) -> Result<usvg::Tree> {
    usvg::Tree::from_data(svg, &options(false)).map_err(|e| {
        Error::Core(rustgis_core::Error::invalid(
            "path",
            format!("{} is not an SVG RustGIS can draw: {e}", path.display()),
        ))
    })
}

/// usvg's options: DejaVu Sans (and, with `fallback`, the installed fonts, each character that
/// falls back going to the face the PNG uses), and `<image>` only from data URLs.
fn options(fallback: bool) -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    if fallback {
        options.fontdb = fonts::database();
        options.font_resolver.select_fallback = Box::new(|c, _, _| fonts::face_for(c).and_then(fonts::database_id));
    } else {
        Arc::make_mut(&mut options.fontdb).load_font_data(dejavu::sans::regular().to_vec());
    }
    options.font_family = FAMILY.to_owned();
    options.image_href_resolver = usvg::ImageHrefResolver {
        resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
        resolve_string: Box::new(|_, _| None),
    };
    options
}

/// The map as an SVG document (not yet finished: a layout nests it in its page).
pub(crate) fn write(planned: &mut Planned<'_>, view: &RenderRequest) -> Result<Svg> {
    // Labels are placed exactly as the PNG places them (drawing into a pixel that is thrown away).
    let labels = match (planned.labelled, planned.font.as_mut()) {
        (true, Some(font)) => {
            let reserved: Vec<[f32; 4]> = planned
                .title
                .iter()
                .map(crate::legend::Title::rect)
                .chain(planned.legend.iter().map(crate::legend::Legend::rect))
                .chain(planned.scale_bar.iter().map(crate::legend::ScaleBar::rect))
                .collect();
            let bounds = [0.0, 0.0, view.width as f32, view.height as f32];
            let mut scratch = crate::view::new_pixmap(1, 1)?;
            let (scene, frame) = (&planned.scene, &planned.frame);
            crate::labels::draw_labels(&mut scratch, scene, frame, font, bounds, &reserved, &Watch::none())?.drawn
        }
        _ => Vec::new(),
    };
    let Planned { scene, frame, map_rect, margin_px, furniture, title, legend, scale_bar, font, .. } = &*planned;
    let s = frame.dpi_scale;
    let mut svg = Svg::new(view.width, view.height);
    // Paper and sea.
    svg.rect([0.0, 0.0, view.width as f32, view.height as f32], Some(scene.background), None);
    if let Some(outline) = &scene.outline {
        let paper = if scene.background.a == 0 { Color { r: 0, g: 0, b: 0, a: 0 } } else { Color::rgb(255, 255, 255) };
        svg.rect([0.0, 0.0, view.width as f32, view.height as f32], Some(paper), None);
        let d = path_of(outline.iter().map(|p| frame.px(*p)), true);
        svg.path(&d, Some((scene.background, 1.0)), None, &[]);
    }
    // Layers, bottom first.
    let clip = frame.map_box_grown(8.0);
    let tol = TOLERANCE_PX / frame.scale;
    let mut indices = Vec::new();
    let mut points: Vec<Pt> = Vec::new();
    for layer in &scene.layers {
        layer.features_in(&clip, &mut indices);
        let active = crate::symbology::active_rules(&layer.style, scene.crs, frame);
        for &idx in &indices {
            let feature = &layer.features[idx];
            if !feature.shown(layer, active.as_deref()) {
                continue;
            }
            let symbol = crate::symbology::effective(&layer.symbols[feature.symbol], feature.overrides.as_deref());
            let symbol = &*symbol;
            let stroke = symbol.stroke.map(|c| (c, symbol.width * s));
            if !feature.rings.is_empty() {
                let mut d = String::new();
                for ring in &feature.rings {
                    points.clear();
                    ring.reduce(&clip, tol, &mut points);
                    d.push_str(&path_of(points.iter().map(|p| frame.px(*p)), true));
                }
                svg.path(
                    &d,
                    symbol.fill.map(|c| (c, symbol.opacity)),
                    stroke.map(|(c, w)| (c, w, symbol.opacity)),
                    &symbol.dash,
                );
            }
            for line in &feature.lines {
                points.clear();
                line.reduce(&clip, tol, &mut points);
                let d = path_of(points.iter().map(|p| frame.px(*p)), false);
                svg.path(&d, None, stroke.map(|(c, w)| (c, w, symbol.opacity)), &symbol.dash);
            }
            let rotation = feature.overrides.as_ref().and_then(|o| o.rotation).filter(|r| *r != 0.0);
            for p in &feature.points {
                let (x, y) = frame.px(*p);
                if let Some(degrees) = rotation {
                    svg.out.push_str(&format!("<g transform=\"rotate({} {} {})\">\n", n(degrees), n(x), n(y)));
                }
                svg.marker(symbol, x, y, feature.size * s);
                if rotation.is_some() {
                    svg.out.push_str("</g>\n");
                }
            }
        }
    }
    if let Some(outline) = &scene.outline {
        let d = path_of(outline.iter().map(|p| frame.px(*p)), true);
        svg.path(&d, None, Some((Color::rgb(0x44, 0x44, 0x44), s, 1.0)), &[]);
    }
    if let Some(graticule) = &furniture.graticule {
        let lines = furniture::graticule_lines(scene, frame, graticule);
        let grey = Color::rgb(0x55, 0x66, 0x77);
        for (_, _, line) in &lines {
            svg.path(&path_of(line.iter().copied(), false), None, Some((grey, 0.6 * s, 130.0 / 255.0)), &[]);
        }
        if graticule.labels
            && let Some(font) = font
        {
            for (text, x, y, size) in furniture::graticule_labels(&lines, frame, *map_rect, font) {
                svg.text(&text, x, y, size, Color::rgb(0x33, 0x44, 0x55), Some(1.5 * s), Anchor::Start);
            }
        }
    }
    for label in &labels {
        svg.label(label);
    }
    if *margin_px > 0 || furniture.neat_line {
        let (w, h) = (view.width as f32, view.height as f32);
        let white = Some(Color::rgb(255, 255, 255));
        for r in
            [[0.0, 0.0, w, map_rect[1]], [0.0, map_rect[3], w, h], [0.0, 0.0, map_rect[0], h], [map_rect[2], 0.0, w, h]]
        {
            if r[2] > r[0] && r[3] > r[1] {
                svg.rect(r, white, None);
            }
        }
        if furniture.neat_line {
            svg.rect(*map_rect, None, Some((Color::rgb(0x22, 0x22, 0x22), 1.2 * s)));
        }
    }
    if let Some(title) = title {
        title.svg(&mut svg);
    }
    if let Some(legend) = legend {
        legend.svg(&mut svg);
    }
    if let Some(bar) = scale_bar {
        bar.svg(&mut svg);
    }
    if furniture.north_arrow {
        svg.north_arrow(&furniture::north_arrow(scene, frame, *map_rect), s, font.as_ref());
    }
    if let Some(credits) = &furniture.credits {
        let y = map_rect[3] - 9.0 * s * 0.24 - 3.0 * s;
        svg.text(credits, map_rect[2] - 4.0 * s, y, 9.0 * s, Color::rgb(0x44, 0x44, 0x44), Some(1.5 * s), Anchor::End);
    }
    Ok(svg)
}

impl Svg {
    /// An empty document of `width` × `height` pixels (a map, or a layout's page).
    pub(crate) fn new(width: u32, height: u32) -> Svg {
        Svg { out: String::new(), width, height, chars: BTreeSet::new(), faces: Default::default(), fallback: false }
    }

    /// The finished document, self-contained: with the `@font-face` of the glyphs its text uses,
    /// in DejaVu Sans and in each installed face it falls back to (none when it has no text).
    pub(crate) fn finish(self) -> Result<String> {
        let installed: Vec<(&str, &[u8], u32, &BTreeSet<char>)> = self
            .faces
            .iter()
            .filter_map(|(idx, chars)| fonts::face(*idx).map(|f| (f.family.as_str(), f.data, f.index, chars)))
            .collect();
        let style = if self.chars.is_empty() {
            String::new()
        } else {
            crate::subset::font_face_style(&self.chars, &installed)?
        };
        Ok(self.document(&style))
    }

    /// The finished document parsed by usvg, for svg2pdf (which embeds its own font subsets, so
    /// the document carries none), with the installed fonts when some text falls back to them.
    pub(crate) fn tree(self) -> Result<usvg::Tree> {
        let options = options(self.fallback);
        usvg::Tree::from_str(&self.document(""), &options)
            .map_err(|e| Error::Internal(format!("the SVG written does not parse: {e}")))
    }

    /// `inner` (a map) nested with its top-left at `(x, y)`: an inner `<svg>` clips to its box.
    pub(crate) fn nest(&mut self, inner: Svg, (x, y): (f32, f32)) {
        let (width, height) = (inner.width, inner.height);
        self.out.push_str(&format!(
            "<svg x=\"{}\" y=\"{}\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n",
            n(x),
            n(y)
        ));
        self.out.push_str(&inner.out);
        self.out.push_str("</svg>\n");
        self.chars.extend(inner.chars);
        for (face, chars) in inner.faces {
            self.faces.entry(face).or_default().extend(chars);
        }
        self.fallback |= inner.fallback;
    }

    fn document(self, style: &str) -> String {
        let (width, height) = (self.width, self.height);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FAMILIES}\">\n{style}{}</svg>\n",
            self.out
        )
    }

    /// A north arrow with its "N".
    pub(crate) fn north_arrow(&mut self, arrow: &furniture::NorthArrow, s: f32, font: Option<&crate::text::Font>) {
        let dark = Color::rgb(0x22, 0x22, 0x22);
        for (points, fill) in [(arrow.light, Color::rgb(255, 255, 255)), (arrow.dark, dark)] {
            self.path(&path_of(points.into_iter(), true), Some((fill, 1.0)), Some((dark, s, 1.0)), &[]);
        }
        let width = font.map_or(arrow.size * 0.7, |f| f.layout("N", arrow.size).width);
        let ascent = arrow.size * 0.73;
        self.text(
            "N",
            arrow.label.0 - width / 2.0,
            arrow.label.1 + ascent / 2.0,
            arrow.size,
            dark,
            Some(2.0 * s),
            Anchor::Start,
        );
    }

    /// A feature label, each line a `<text>`, turned about its origin as the PNG draws it.
    fn label(&mut self, label: &crate::labels::DrawnLabel) {
        let style = TextStyle {
            size: label.size,
            color: label.color,
            halo: label.halo,
            anchor: Anchor::Start,
            angle: label.angle.to_degrees(),
            pivot: (label.x, label.y),
        };
        for (text, dx, dy) in &label.lines {
            self.text_element(text, label.x + dx, label.y + dy, &style);
        }
    }

    /// Raw SVG with no text (an image item).
    pub(crate) fn raw(&mut self, svg: &str) {
        self.out.push_str(svg);
    }

    /// A rectangle `[left, top, right, bottom]`, filled and/or outlined.
    pub(crate) fn rect(&mut self, [l, t, r, b]: [f32; 4], fill: Option<Color>, stroke: Option<(Color, f32)>) {
        self.out.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            n(l),
            n(t),
            n(r - l),
            n(b - t)
        ));
        self.paint(fill.map(|c| (c, 1.0)), stroke.map(|(c, w)| (c, w, 1.0)), &[]);
        self.out.push_str("/>\n");
    }

    /// A path, filled (even-odd) and/or stroked with round joins.
    pub(crate) fn path(
        &mut self,
        d: &str,
        fill: Option<(Color, f32)>,
        stroke: Option<(Color, f32, f32)>,
        dash: &[f32],
    ) {
        if d.is_empty() {
            return;
        }
        self.out.push_str(&format!("<path d=\"{d}\" fill-rule=\"evenodd\" stroke-linejoin=\"round\""));
        self.paint(fill, stroke, dash);
        self.out.push_str("/>\n");
    }

    fn paint(&mut self, fill: Option<(Color, f32)>, stroke: Option<(Color, f32, f32)>, dash: &[f32]) {
        match fill {
            Some((c, opacity)) => {
                self.out.push_str(&format!(" fill=\"{}\"", hex(c)));
                let alpha = f32::from(c.a) / 255.0 * opacity;
                if alpha < 1.0 {
                    self.out.push_str(&format!(" fill-opacity=\"{}\"", n(alpha)));
                }
            }
            None => self.out.push_str(" fill=\"none\""),
        }
        if let Some((c, width, opacity)) = stroke.filter(|(_, w, _)| *w > 0.0) {
            self.out.push_str(&format!(" stroke=\"{}\" stroke-width=\"{}\"", hex(c), n(width)));
            let alpha = f32::from(c.a) / 255.0 * opacity;
            if alpha < 1.0 {
                self.out.push_str(&format!(" stroke-opacity=\"{}\"", n(alpha)));
            }
            if !dash.is_empty() {
                let pattern: Vec<String> = dash.iter().map(|d| n(*d)).collect();
                self.out.push_str(&format!(" stroke-dasharray=\"{}\"", pattern.join(" ")));
            }
        }
    }

    /// A point marker: the shape the PNG draws (a circle, or the marker's outline as a path).
    fn marker(&mut self, symbol: &Symbol, x: f32, y: f32, size: f32) {
        let r = size / 2.0;
        match crate::draw::marker_outline(symbol.marker, x, y, r.max(0.25)) {
            None => self.out.push_str(&format!("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"", n(x), n(y), n(r))),
            Some(points) => self.out.push_str(&format!("<path d=\"{}\"", path_of(points.into_iter(), true))),
        }
        let stroke = symbol.stroke.map(|c| (c, symbol.width, symbol.opacity));
        self.paint(symbol.fill.map(|c| (c, symbol.opacity)), stroke, &[]);
        self.out.push_str("/>\n");
    }

    /// A filled, outlined circle (a nested-circles legend's).
    pub(crate) fn circle(&mut self, (x, y): (f32, f32), r: f32, fill: (Color, f32), stroke: (Color, f32)) {
        self.out.push_str(&format!("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"", n(x), n(y), n(r)));
        self.paint(Some(fill), Some((stroke.0, stroke.1, 1.0)), &[]);
        self.out.push_str("/>\n");
    }

    /// A legend swatch in `[x, y, w, h]`, as `legend.rs` draws it.
    pub(crate) fn swatch(&mut self, kind: GeometryKind, symbol: &Symbol, [x, y, w, h]: [f32; 4], s: f32) {
        let stroke_width = (symbol.width * s).clamp(0.0, 3.0 * s);
        let stroke = symbol.stroke.map(|c| (c, stroke_width, symbol.opacity));
        match kind {
            GeometryKind::Point => self.marker(symbol, x + w / 2.0, y + h / 2.0, symbol.size.min(12.0) * s),
            GeometryKind::LineString => {
                let d = format!("M{} {}L{} {}", n(x), n(y + h / 2.0), n(x + w), n(y + h / 2.0));
                self.path(&d, None, stroke.map(|(c, w, o)| (c, w.max(1.5), o)), &[]);
            }
            _ => {
                let d = format!("M{} {}H{}V{}H{}Z", n(x), n(y), n(x + w), n(y + h), n(x));
                self.path(&d, symbol.fill.map(|c| (c, symbol.opacity)), stroke, &[]);
            }
        }
    }

    /// Text with its baseline-left (or baseline-right) at `(x, y)`, with a white halo when given.
    #[expect(clippy::too_many_arguments, reason = "a text's place, size, colour, halo and anchor")]
    pub(crate) fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        color: Color,
        halo: Option<f32>,
        anchor: Anchor,
    ) {
        let halo = halo.map(|width| (Color::rgb(255, 255, 255), width));
        self.text_element(text, x, y, &TextStyle { size, color, halo, anchor, angle: 0.0, pivot: (x, y) });
    }

    /// The one writer of `<text>`: it also notes the characters, for the embedded font.
    fn text_element(&mut self, text: &str, x: f32, y: f32, style: &TextStyle) {
        let (x, y) = (n(x), n(y));
        self.out.push_str(&format!(
            "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" fill=\"{}\"",
            n(style.size),
            hex(style.color)
        ));
        if let Anchor::End = style.anchor {
            self.out.push_str(" text-anchor=\"end\"");
        }
        if style.angle != 0.0 {
            let (px, py) = (n(style.pivot.0), n(style.pivot.1));
            self.out.push_str(&format!(" transform=\"rotate({} {px} {py})\"", n(style.angle)));
        }
        if let Some((halo, width)) = style.halo {
            self.out.push_str(&format!(
                " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\"",
                hex(halo),
                n(width * 2.0)
            ));
        }
        self.out.push('>');
        self.text_content(text);
        self.out.push_str("</text>\n");
        self.chars.extend(text.chars().filter(|c| !c.is_control()));
    }
}

impl Svg {
    /// A text's characters, the pieces the PNG draws in an installed face in a `<tspan>` naming
    /// that face first (the rest of the text inherits DejaVu Sans).
    fn text_content(&mut self, text: &str) {
        if fonts::dejavu_alone(text) {
            escape_into(&mut self.out, text);
            return;
        }
        for (piece, face) in crate::text::face_pieces(text, &mut Vec::new()) {
            match fonts::face(face).filter(|_| face != fonts::DEJAVU) {
                None => escape_into(&mut self.out, piece),
                Some(found) => {
                    self.fallback = true;
                    self.faces.entry(face).or_default().extend(piece.chars().filter(|c| !c.is_control()));
                    let family: String =
                        found.family.chars().filter(|c| !matches!(c, '\'' | '"' | '<' | '&')).collect();
                    let embedded = crate::subset::embedded_family(&family);
                    self.out.push_str(&format!("<tspan font-family=\"'{embedded}', '{family}', {FAMILIES}\">"));
                    escape_into(&mut self.out, piece);
                    self.out.push_str("</tspan>");
                }
            }
        }
    }
}

/// `M x y L x y … [Z]` of pixel points.
pub(crate) fn path_of(points: impl Iterator<Item = (f32, f32)>, close: bool) -> String {
    let mut d = String::new();
    let mut any = false;
    for (idx, (x, y)) in points.enumerate() {
        if !(x.is_finite() && y.is_finite()) {
            continue;
        }
        d.push_str(&format!("{}{} {}", if idx == 0 || !any { 'M' } else { 'L' }, n(x), n(y)));
        any = true;
    }
    if any && close {
        d.push('Z');
    }
    d
}

/// A number with two decimals at most (a hundredth of a pixel), without trailing zeros.
fn n(v: f32) -> String {
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".to_owned() } else { text.to_owned() }
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}

fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

//! The map canvas: the drawing shown and moved with the view, pan and zoom, clicks that select,
//! and screen snapshots for agents.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use egui::Color32;

use super::AppState;
use super::widgets::shift_click;
use crate::map::{Drawer, Drawn, MapView, ZOOM_STEP, home_extent};
use crate::table::CLICK_TOLERANCE_PX;

/// The map canvas: its view, the drawing thread and the newest drawing shown.
pub struct Canvas {
    /// What the canvas shows; set at the first frame from the project's extent.
    pub view: Option<MapView>,
    /// The canvas size in physical pixels at the last frame.
    pub size: [u32; 2],
    /// Where the canvas is in the window, in points.
    pub rect: Option<egui::Rect>,
    /// The project's view extent last seen, so an agent's `map.zoomTo` moves the canvas.
    pub project_extent: Option<rustgis_core::Extent>,
    /// The pointer's map coordinates.
    pub cursor: Option<[f64; 2]>,
    /// Whether the canvas follows the project's extent (as `view_map` draws it) until the user
    /// moves the map.
    pub follow_project: bool,
    /// Where a Select box drag began, in points.
    pub box_start: Option<egui::Pos2>,
    /// The views the toolbar's Previous extent goes back to, newest last.
    pub back: Vec<MapView>,
    /// The views Next extent goes forward to again, newest last.
    pub forward: Vec<MapView>,
    /// Where the newest drawing was shown at the last frame, in points: the canvas itself once
    /// the drawing is current, moved and scaled with the view while the next one is drawn.
    pub drawing_at: Option<egui::Rect>,
    drawer: Option<Drawer>,
    drawn: Option<Drawn>,
    texture: Option<egui::TextureHandle>,
}

impl std::fmt::Debug for Canvas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas").field("view", &self.view).field("size", &self.size).finish_non_exhaustive()
    }
}

impl Canvas {
    /// Shows `view` instead of the current view, which Previous extent brings back (at most 50
    /// are kept); the map stops following the project's extent.
    pub fn go_to(&mut self, view: MapView) {
        if let Some(current) = self.view.take() {
            if self.back.len() == 50 {
                self.back.remove(0);
            }
            self.back.push(current);
        }
        self.forward.clear();
        self.follow_project = false;
        self.view = Some(view);
    }

    /// Back to the view before the last navigation; `false` when there is none.
    pub fn previous_extent(&mut self) -> bool {
        let Some(view) = self.back.pop() else { return false };
        if let Some(current) = self.view.replace(view) {
            self.forward.push(current);
        }
        self.follow_project = false;
        true
    }

    /// Forward again to the view Previous extent left; `false` when there is none.
    pub fn next_extent(&mut self) -> bool {
        let Some(view) = self.forward.pop() else { return false };
        if let Some(current) = self.view.replace(view) {
            self.back.push(current);
        }
        self.follow_project = false;
        true
    }

    /// A canvas that has shown nothing yet and follows the project's extent.
    pub(super) fn new() -> Canvas {
        Canvas {
            view: None,
            size: [0, 0],
            rect: None,
            project_extent: None,
            cursor: None,
            follow_project: true,
            box_start: None,
            back: Vec::new(),
            forward: Vec::new(),
            drawing_at: None,
            drawer: None,
            drawn: None,
            texture: None,
        }
    }
}

/// The map canvas: the newest drawing, moved and scaled to the view while the next one is
/// drawn; drag or arrow keys pan, the wheel and `+`/`−` zoom; a click selects the feature under
/// it (Shift adds it) and, with Identify on, shows its attributes. While the style dialog is
/// open the canvas draws its preview.
pub fn map_canvas(ui: &mut egui::Ui, state: &mut AppState) {
    let ppp = ui.ctx().pixels_per_point();
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
    let size = [(rect.width() * ppp).round().max(1.0) as u32, (rect.height() * ppp).round().max(1.0) as u32];
    let canvas = &mut state.canvas;
    canvas.rect = Some(rect);
    let project = state.host.session().project();
    if canvas.project_extent != project.view.extent {
        // An agent's (or the user's) map.zoomTo: show what it asked for.
        canvas.follow_project = true;
        canvas.project_extent = project.view.extent;
    }
    if canvas.follow_project || canvas.view.is_none() {
        canvas.view = Some(MapView::fit(&home_extent(project), size));
    }
    let Some(mut view) = canvas.view else { return };
    let before = view;
    let boxing = state.select_box && state.measure.is_none();
    if boxing {
        if response.drag_started() {
            canvas.box_start = response.interact_pointer_pos();
        }
    } else if response.drag_started() {
        // A pan is a navigation Previous extent undoes, as the toolbar's are.
        canvas.back.push(view);
        canvas.forward.clear();
    }
    if response.dragged() && !boxing {
        let delta = response.drag_delta();
        view.pan_pixels(f64::from(delta.x * ppp), f64::from(delta.y * ppp));
    }
    // A point of the window (points) as pixels of the canvas.
    let to_pixels = |p: egui::Pos2| [f64::from((p.x - rect.min.x) * ppp), f64::from((p.y - rect.min.y) * ppp)];
    let hover = response.hover_pos();
    canvas.cursor = hover.map(|p| view.to_map(to_pixels(p), size));
    let clicked = response.clicked().then(|| response.interact_pointer_pos()).flatten().map(|p| {
        let point = view.to_map(to_pixels(p), size);
        (point, CLICK_TOLERANCE_PX * f64::from(ppp) * view.units_per_pixel, shift_click(ui))
    });
    let typing = ui.ctx().egui_wants_keyboard_input();
    let (scroll, keys) = ui.input(|i| {
        let step = 40.0 * f64::from(ppp);
        let mut pan = [0.0, 0.0];
        let mut zoom = 1.0;
        if !typing {
            if i.key_pressed(egui::Key::ArrowLeft) {
                pan[0] += step;
            }
            if i.key_pressed(egui::Key::ArrowRight) {
                pan[0] -= step;
            }
            if i.key_pressed(egui::Key::ArrowUp) {
                pan[1] += step;
            }
            if i.key_pressed(egui::Key::ArrowDown) {
                pan[1] -= step;
            }
            if i.key_pressed(egui::Key::Plus) || i.key_pressed(egui::Key::Equals) {
                zoom *= ZOOM_STEP;
            }
            if i.key_pressed(egui::Key::Minus) {
                zoom /= ZOOM_STEP;
            }
        }
        (i.smooth_scroll_delta.y, (pan, zoom))
    });
    view.pan_pixels(keys.0[0], keys.0[1]);
    let center = [f64::from(size[0]) / 2.0, f64::from(size[1]) / 2.0];
    view.zoom_at(keys.1, center, size);
    if response.hovered() && scroll != 0.0 {
        let anchor = hover.map_or(center, to_pixels);
        view.zoom_at(ZOOM_STEP.powf(f64::from(scroll) / 50.0), anchor, size);
    }
    if view != before {
        canvas.follow_project = false;
    }
    canvas.view = Some(view);
    canvas.size = size;

    let ctx = ui.ctx().clone();
    let drawer = canvas.drawer.get_or_insert_with(|| Drawer::start(move || ctx.request_repaint()));
    drawer.set_web(Some(state.host.web_fetcher()));
    let (project, revision) = match state.style.as_ref().and_then(|style| style.previewed().map(|p| (p, style))) {
        Some((previewed, style)) => {
            (previewed, state.host.revision().wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ style.preview_key())
        }
        None => (project, state.host.revision()),
    };
    drawer.request(project, revision, view, size);
    if let Some(drawn) = drawer.take() {
        let image = egui::ColorImage::from_rgba_premultiplied(
            [drawn.size[0] as usize, drawn.size[1] as usize],
            drawn.rgba.as_slice(),
        );
        match &mut canvas.texture {
            Some(texture) => texture.set(image, egui::TextureOptions::LINEAR),
            None => canvas.texture = Some(ui.ctx().load_texture("map", image, egui::TextureOptions::LINEAR)),
        }
        if let Some(error) = &drawn.error {
            state.messages.error(format!("cannot draw the map: {error}"));
        }
        canvas.drawn = Some(drawn);
    }
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    if let (Some(texture), Some(drawn)) = (&canvas.texture, &canvas.drawn) {
        // Where the drawing's corners fall in the current view, in points.
        let extent = drawn.view.extent(drawn.size);
        let top_left = view.to_pixel([extent.min_x, extent.max_y], size);
        let bottom_right = view.to_pixel([extent.max_x, extent.min_y], size);
        let to_point = |p: [f64; 2]| rect.min + egui::vec2(p[0] as f32 / ppp, p[1] as f32 / ppp);
        let placed = egui::Rect::from_min_max(to_point(top_left), to_point(bottom_right));
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture.id(), placed, uv, Color32::WHITE);
        canvas.drawing_at = Some(placed);
    }
    if boxing && let (Some(start), Some(end)) = (state.canvas.box_start, response.interact_pointer_pos()) {
        // The Select box: the box follows the pointer; letting go selects what it holds.
        let drawn = egui::Rect::from_two_pos(start, end);
        painter.rect(
            drawn,
            0.0,
            Color32::from_rgba_unmultiplied(255, 200, 0, 40),
            egui::Stroke::new(1.5, Color32::from_rgb(230, 160, 0)),
            egui::StrokeKind::Inside,
        );
        if response.drag_stopped() {
            state.canvas.box_start = None;
            let to_map = |p: egui::Pos2| view.to_map(to_pixels(p), size);
            let ([x0, y0], [x1, y1]) = (to_map(drawn.min), to_map(drawn.max));
            // Corners that are not numbers of the map (a view gone wrong) select nothing.
            if let Some(area) = rustgis_core::Extent::from_corners(x0, y0, x1, y1) {
                state.select_in_box(area, shift_click(ui));
            }
        }
    }
    if let Some(corners) = &mut state.select_polygon
        && state.measure.is_none()
    {
        // The Select polygon tool: a click adds a corner instead of selecting.
        if let Some((point, _, _)) = clicked {
            corners.push(point);
        }
        let to_screen = |p: [f64; 2]| {
            let [x, y] = view.to_pixel(p, size);
            rect.min + egui::vec2(x as f32 / ppp, y as f32 / ppp)
        };
        let placed: Vec<egui::Pos2> = corners.iter().map(|p| to_screen(*p)).collect();
        let stroke = egui::Stroke::new(1.5, Color32::from_rgb(230, 160, 0));
        if placed.len() >= 3 {
            painter.add(egui::Shape::convex_polygon(
                placed.clone(),
                Color32::from_rgba_unmultiplied(255, 200, 0, 40),
                egui::Stroke::NONE,
            ));
        }
        painter.add(egui::Shape::closed_line(placed.clone(), stroke));
        for point in &placed {
            painter.circle(*point, 3.0, Color32::WHITE, stroke);
        }
        return;
    }
    if let Some(line) = &mut state.measure {
        // The Measure tool: a click adds a point to the line instead of selecting.
        if let Some((point, _, _)) = clicked {
            line.points.push(point);
        }
        let to_screen = |p: [f64; 2]| {
            let [x, y] = view.to_pixel(p, size);
            rect.min + egui::vec2(x as f32 / ppp, y as f32 / ppp)
        };
        super::map_tools::draw_measure(&painter, line, state.canvas.cursor, to_screen);
    } else if let Some((point, tolerance, add)) = clicked {
        state.click_map(point, tolerance, add);
    }
}

/// Answers an agent's `snapshot {"mode": "screen"}` with the canvas as the window shows it,
/// once the newest drawing is on screen: egui's viewport screenshot, cut to the canvas.
pub(super) fn take_screen_snapshot(ui: &mut egui::Ui, state: &mut AppState) {
    if state.screenshot.as_ref().is_some_and(|done| done.load(Ordering::SeqCst)) {
        state.screenshot = None;
    }
    if state.screenshot.is_some() || !state.host.screen_wanted() {
        return;
    }
    let current = state.canvas.drawer.as_ref().is_some_and(|d| d.is_current(state.canvas.drawn.as_ref()));
    let Some(rect) = state.canvas.rect.filter(|_| current) else {
        ui.ctx().request_repaint();
        return;
    };
    let Some(request) = state.host.take_screen_request() else { return };
    let ppp = ui.ctx().pixels_per_point();
    let done = Arc::new(AtomicBool::new(false));
    state.screenshot = Some(done.clone());
    ui.ctx().request_screenshot(move |image| {
        request.answer(crop_png(&image, rect, ppp));
        done.store(true, Ordering::SeqCst);
    });
}

/// The part of a window picture under `rect` (points), as a PNG.
pub fn crop_png(
    image: &egui::ColorImage,
    rect: egui::Rect,
    pixels_per_point: f32,
) -> Result<rustgis_mcp::ScreenImage, String> {
    let [width, height] = image.size;
    let clamp = |v: f32, max: usize| ((v * pixels_per_point).round().max(0.0) as usize).min(max);
    let (x0, y0) = (clamp(rect.min.x, width), clamp(rect.min.y, height));
    let (x1, y1) = (clamp(rect.max.x, width), clamp(rect.max.y, height));
    if x1 <= x0 || y1 <= y0 {
        return Err("the map is not on screen".to_owned());
    }
    let (w, h) = (x1 - x0, y1 - y0);
    let mut rgba = Vec::with_capacity(w * h * 4);
    for y in y0..y1 {
        for pixel in &image.pixels[y * width + x0..y * width + x1] {
            rgba.extend_from_slice(&pixel.to_array());
        }
    }
    let size = tiny_skia::IntSize::from_wh(w as u32, h as u32).ok_or("the map has no size")?;
    let pixmap = tiny_skia::Pixmap::from_vec(rgba, size).ok_or("the picture does not fit its size")?;
    let png = rustgis_render::encode_png(&pixmap, 96.0).map_err(|e| e.to_string())?;
    Ok(rustgis_mcp::ScreenImage { png, width: w as u32, height: h as u32 })
}

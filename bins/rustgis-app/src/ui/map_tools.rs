//! The map toolbar above the canvas: zoom in and out, zoom full, to the active layer and to its
//! selection, previous and next extent; Identify, and the Measure tool (clicks on the map draw
//! a line and the toolbar gives its length on the ellipsoid, whatever the map's projection).

use egui::{Color32, RichText};

use super::AppState;
use super::widgets::{button, named};

/// The Measure tool's line: the points clicked, in the map's CRS.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Measure {
    /// The points clicked, in order, in the map's CRS.
    pub points: Vec<[f64; 2]>,
}

/// The map toolbar: the navigation buttons, Identify, Measure (on: the length so far and Clear).
pub fn map_toolbar(ui: &mut egui::Ui, state: &mut AppState) {
    // Wraps onto a second line when the map is narrow (the styling panel open), so no tool is
    // cut off.
    ui.horizontal_wrapped(|ui| {
        navigation(ui, state);
        ui.separator();
        let identify = ui.toggle_value(&mut state.identify_tool, "Identify");
        named(&identify, egui::Role::Button, "Identify tool");
        let select = ui
            .toggle_value(&mut state.select_box, "Select box")
            .on_hover_text("Drag a box on the map to select the active layer's features in it (Shift adds)");
        named(&select, egui::Role::Button, "Select box tool");
        let mut polygon = state.select_polygon.is_some();
        let toggle = ui
            .toggle_value(&mut polygon, "Select polygon")
            .on_hover_text("Click the map to draw a polygon, then Select (or Enter) to select what it meets");
        named(&toggle, egui::Role::Button, "Select polygon tool");
        if toggle.changed() {
            state.select_polygon = polygon.then(Vec::new);
        }
        if let Some(corners) = state.select_polygon.clone() {
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter)) && !ui.ctx().egui_wants_keyboard_input();
            let select = ui.add_enabled(corners.len() >= 3, egui::Button::new("Select")).on_hover_text(format!(
                "Select what the polygon of {} corners meets (Enter); Shift adds to the selection",
                corners.len()
            ));
            named(&select, egui::Role::Button, "Select in polygon");
            if (select.clicked() || enter) && corners.len() >= 3 {
                let add = ui.input(|i| i.modifiers.shift);
                state.select_in_polygon(&corners, add);
                state.select_polygon = Some(Vec::new());
            }
            if button(ui, "Clear", "Clear the polygon's corners".to_owned()).clicked() {
                state.select_polygon = Some(Vec::new());
            }
        }
        let mut measuring = state.measure.is_some();
        let measure = ui
            .toggle_value(&mut measuring, "Measure")
            .on_hover_text("Click the map to draw a line; its length is measured on the ellipsoid (WGS 84)");
        named(&measure, egui::Role::Button, "Measure tool");
        if measure.changed() {
            state.measure = measuring.then(Measure::default);
        }
        let Some(line) = &state.measure else { return };
        let crs = state.host.session().project().view.crs;
        let text = match (line.points.len(), measured_length(crs, &line.points)) {
            (0 | 1, _) => "Click the map to measure".to_owned(),
            (2, Some(metres)) => format!("Length {} (2 points)", length_text(metres)),
            (n, Some(metres)) => match measured_area(crs, &line.points) {
                Some(area) => {
                    format!("Length {} ({n} points); closed, it holds {}", length_text(metres), area_text(area))
                }
                None => format!("Length {} ({n} points)", length_text(metres)),
            },
            (_, None) => format!("A point has no longitude and latitude in {crs}: clear and measure again"),
        };
        let shown = ui.label(RichText::new(&text).strong());
        named(&shown, egui::Role::Label, text);
        if button(ui, "Clear", "Clear the measured line".to_owned()).clicked() {
            state.measure = Some(Measure::default());
        }
    });
}

/// The length in metres of the line through `points` (in `crs`) on the WGS 84 ellipsoid, each
/// segment a geodesic; `None` when a point has no longitude and latitude.
pub fn measured_length(crs: rustgis_core::Crs, points: &[[f64; 2]]) -> Option<f64> {
    let to_lon_lat = rustgis_core::crs::Transformer::new(crs, rustgis_core::Crs::WGS84).ok()?;
    let lon_lat = points
        .iter()
        .map(|[x, y]| to_lon_lat.apply(*x, *y).map(|(x, y)| geo::Coord { x, y }))
        .collect::<Option<Vec<_>>>()?;
    Some(lon_lat.windows(2).map(|pair| rustgis_core::measure::geodesic_distance(pair[0], pair[1])).sum())
}

/// The area in square metres of the polygon the points make when closed, on the WGS 84
/// ellipsoid; `None` for fewer than 3 points or a point with no longitude and latitude.
pub fn measured_area(crs: rustgis_core::Crs, points: &[[f64; 2]]) -> Option<f64> {
    if points.len() < 3 {
        return None;
    }
    let to_lon_lat = rustgis_core::crs::Transformer::new(crs, rustgis_core::Crs::WGS84).ok()?;
    let ring = points
        .iter()
        .map(|[x, y]| to_lon_lat.apply(*x, *y).map(|(x, y)| geo::Coord { x, y }))
        .collect::<Option<Vec<_>>>()?;
    let polygon = geo::Polygon::new(geo::LineString::new(ring), Vec::new());
    Some(rustgis_core::measure::geodesic_area(&geo::Geometry::Polygon(polygon)).abs())
}

/// An area as a map reader says it: square metres below a hectare, hectares below a square
/// kilometre, else square kilometres.
pub fn area_text(square_metres: f64) -> String {
    if square_metres < 10_000.0 {
        format!("{square_metres:.1} m²")
    } else if square_metres < 1_000_000.0 {
        format!("{:.2} ha", square_metres / 10_000.0)
    } else {
        format!("{:.3} km²", square_metres / 1_000_000.0)
    }
}

/// A length as a map reader says it: metres to the decimetre below a kilometre, else
/// kilometres to the metre.
pub fn length_text(metres: f64) -> String {
    if metres < 1000.0 { format!("{metres:.1} m") } else { format!("{:.3} km", metres / 1000.0) }
}

/// Draws the measured line over the map: its segments, its points, and a dashed last segment
/// to the pointer. `to_screen` places a map point in the window.
pub(super) fn draw_measure(
    painter: &egui::Painter,
    line: &Measure,
    cursor: Option<[f64; 2]>,
    to_screen: impl Fn([f64; 2]) -> egui::Pos2,
) {
    let stroke = egui::Stroke::new(2.0, Color32::from_rgb(0xd6, 0x27, 0x28));
    let placed: Vec<egui::Pos2> = line.points.iter().map(|p| to_screen(*p)).collect();
    for pair in placed.windows(2) {
        painter.line_segment([pair[0], pair[1]], stroke);
    }
    for point in &placed {
        painter.circle(*point, 3.5, Color32::WHITE, stroke);
    }
    if let (Some(last), Some(cursor)) = (placed.last(), cursor) {
        painter.add(egui::Shape::dashed_line(&[*last, to_screen(cursor)], stroke, 6.0, 4.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustgis_core::Crs;

    #[test]
    fn a_one_degree_square_on_the_equator_holds_its_area_on_the_ellipsoid() {
        // 1° × 1° at the equator on WGS 84: pyproj's Geod(ellps='WGS84').polygon_area_perimeter
        // gives 12,308,778,361 m².
        let points = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let km2 = measured_area(Crs::WGS84, &points).expect("an area") / 1e6;
        assert!((km2 - 12_308.78).abs() < 1.0, "{km2}");
        assert_eq!(measured_area(Crs::WGS84, &points[..2]), None, "two points hold no area");
    }

    #[test]
    fn areas_read_in_square_metres_hectares_or_square_kilometres() {
        assert_eq!(area_text(950.0), "950.0 m²");
        assert_eq!(area_text(25_000.0), "2.50 ha");
        assert_eq!(area_text(12_308_778_000.0), "12308.778 km²");
    }

    #[test]
    fn a_degree_of_longitude_on_the_equator_measures_as_on_the_ellipsoid() {
        // 111,319.49 m on WGS 84 (a × π / 180).
        let metres = measured_length(Crs::WGS84, &[[0.0, 0.0], [1.0, 0.0]]).expect("a length");
        assert!((metres - 111_319.49).abs() < 0.01, "{metres}");
    }

    #[test]
    fn a_line_in_web_mercator_measures_on_the_ground_not_in_projected_metres() {
        // Paris to Berlin, about 878 km on the ground; far more in Web Mercator's metres.
        let (paris, berlin) = (
            rustgis_core::webmercator::from_lon_lat(2.3522, 48.8566),
            rustgis_core::webmercator::from_lon_lat(13.405, 52.52),
        );
        let metres = measured_length(Crs::WEB_MERCATOR, &[[paris.0, paris.1], [berlin.0, berlin.1]]).expect("a length");
        assert!((metres / 1000.0 - 878.0).abs() < 2.0, "{metres}");
    }

    #[test]
    fn lengths_read_in_metres_below_a_kilometre_and_in_kilometres_above() {
        assert_eq!(length_text(532.04), "532.0 m");
        assert_eq!(length_text(878_123.4), "878.123 km");
    }
}

/// A navigation of the toolbar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Navigate {
    ZoomIn,
    ZoomOut,
    Full,
    Layer,
    Selection,
    Previous,
    Next,
}

/// The navigation buttons; each view they leave is one Previous extent away.
fn navigation(ui: &mut egui::Ui, state: &mut AppState) {
    let buttons = [
        (Navigate::ZoomIn, "+", "Zoom in", true),
        (Navigate::ZoomOut, "−", "Zoom out", true),
        (Navigate::Full, "Full", "Zoom full: every layer", true),
        (Navigate::Layer, "Layer", "Zoom to the active layer", state.host.active_layer().is_some()),
        (
            Navigate::Selection,
            "Selection",
            "Zoom to the active layer's selected features",
            state.host.active_layer().is_some(),
        ),
        (Navigate::Previous, "Previous", "Previous extent", !state.canvas.back.is_empty()),
        (Navigate::Next, "Next", "Next extent", !state.canvas.forward.is_empty()),
    ];
    let mut chosen = None;
    for (navigate, text, name, enabled) in buttons {
        let response = ui.add_enabled(enabled, egui::Button::new(text)).on_hover_text(name);
        named(&response, egui::Role::Button, name);
        if response.clicked() {
            chosen = Some(navigate);
        }
    }
    if let Some(navigate) = chosen {
        navigate_to(state, navigate);
    }
}

/// Moves the canvas as `navigate` says; what cannot be done is said in the status bar.
fn navigate_to(state: &mut AppState, navigate: Navigate) {
    use crate::map::{MapView, ZOOM_STEP, selection_extent};
    let size = state.canvas.size;
    let project = state.host.session().project();
    let active = state.host.active_layer().map(str::to_owned);
    let view = match navigate {
        Navigate::Previous => {
            state.canvas.previous_extent();
            return;
        }
        Navigate::Next => {
            state.canvas.next_extent();
            return;
        }
        Navigate::ZoomIn | Navigate::ZoomOut => {
            let Some(mut view) = state.canvas.view else { return };
            let factor = if navigate == Navigate::ZoomIn { ZOOM_STEP } else { 1.0 / ZOOM_STEP };
            view.zoom_at(factor, [f64::from(size[0]) / 2.0, f64::from(size[1]) / 2.0], size);
            view
        }
        Navigate::Full => {
            let crs = project.view.crs;
            let extent = project
                .extent_in(crs)
                .or_else(|| rustgis_core::crs::world_extent(crs))
                .unwrap_or(rustgis_core::Extent::WORLD);
            MapView::fit(&extent, size)
        }
        Navigate::Layer => {
            let Some(layer) = active else { return };
            match crate::map::layer_extent(project, &layer) {
                Some(extent) => MapView::fit(&extent, size),
                None => {
                    state.messages.error(format!("{layer} has no extent to zoom to (no geometries)"));
                    return;
                }
            }
        }
        Navigate::Selection => {
            let Some(layer) = active else { return };
            match selection_extent(project, &layer) {
                Some(extent) => MapView::fit(&extent, size),
                None => {
                    state.messages.error(format!(
                        "no features of {layer} are selected: select some on the map or in its attribute table first"
                    ));
                    return;
                }
            }
        }
    };
    state.canvas.go_to(view);
}

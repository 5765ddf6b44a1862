//! The status bar: the relay's label, the running jobs, the last message, the cursor and the
//! scale.

use std::time::SystemTime;

use egui::RichText;

use super::AppState;
use super::widgets::{ERROR_RED, named};

/// The status bar: the relay's label (click to stop it, once confirmed), the last message, cursor
/// coordinates and the map scale.
pub fn status_bar(ui: &mut egui::Ui, state: &mut AppState, now: SystemTime) {
    ui.horizontal(|ui| {
        if let Some(label) = state.host.relay_status().label(now) {
            let color = if label.red { ERROR_RED } else { ui.visuals().text_color() };
            let response = ui
                .add(egui::Label::new(RichText::new(&label.text).color(color)).sense(egui::Sense::click()))
                .on_hover_text(&label.hover);
            if response.clicked() {
                state.confirm_stop_relay = true;
            }
            ui.separator();
        }
        jobs_status(ui, state);
        approvals_badge(ui, state);
        if let Some(message) = state.messages.current() {
            let color = if message.error { ERROR_RED } else { ui.visuals().weak_text_color() };
            let shown = ui.add(egui::Label::new(RichText::new(&message.text).color(color)).sense(egui::Sense::click()));
            if shown.on_hover_text("Every message, with its time: View ▸ Message log").clicked() {
                state.message_log_open = true;
            }
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let crs = state.host.session().project().view.crs;
            crs_button(ui, state, crs);
            scale_field(ui, state, crs);
            if let Some([x, y]) = state.canvas.cursor {
                let text = cursor_text(crs, x, y);
                let shown = ui.label(&text);
                named(&shown, egui::Role::Label, format!("Cursor {text}"));
            }
        });
    });
}

/// The scales the status bar's list offers, as QGIS's scale box does.
pub const SCALE_PRESETS: [f64; 14] = [
    1_000.0,
    5_000.0,
    10_000.0,
    25_000.0,
    50_000.0,
    100_000.0,
    250_000.0,
    500_000.0,
    1_000_000.0,
    2_500_000.0,
    5_000_000.0,
    10_000_000.0,
    50_000_000.0,
    100_000_000.0,
];

/// The CRSs the status bar's CRS button offers besides a code typed.
const CRS_PRESETS: [(&str, &str); 5] = [
    ("EPSG:4326", "WGS 84 longitude/latitude"),
    ("EPSG:3857", "Web Mercator"),
    ("EPSG:8857", "Equal Earth (world, equal area)"),
    ("EPSG:3035", "ETRS89 LAEA Europe"),
    ("EPSG:3832", "Pacific-centred Mercator"),
];

/// The map's scale as an editable field: type `1:25000` (or `25000`, `25,000`) and Enter, or pick
/// one of [`SCALE_PRESETS`]; the map zooms about its centre to it (Previous extent goes back).
fn scale_field(ui: &mut egui::Ui, state: &mut AppState, crs: rustgis_core::Crs) {
    let Some(view) = state.canvas.view else { return };
    let current = view.scale_denominator(crs);
    let id = ui.make_persistent_id("scale field");
    let mut chosen = None;
    ui.menu_button("Scales", |ui| {
        for scale in SCALE_PRESETS {
            let item = ui.button(format!("1:{}", thousands(scale)));
            named(&item, egui::Role::Button, format!("Scale preset 1:{}", thousands(scale)));
            if item.clicked() {
                chosen = Some(scale);
                ui.close();
            }
        }
    })
    .response
    .on_hover_text("Scales to choose from");
    let mut text = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or_else(|| format!("1:{}", round_scale(current)));
    let field = ui
        .add(egui::TextEdit::singleline(&mut text).desired_width(110.0))
        .on_hover_text("The map's scale: type one (1:25000) and press Enter");
    named(&field, egui::Role::TextInput, "Scale");
    if field.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        match parse_scale(&text) {
            Some(scale) => chosen = Some(scale),
            None => state.messages.error(format!("{text} is not a scale: type one such as 1:25000")),
        }
    }
    if let Some(scale) = chosen {
        let mut zoomed = view;
        zoomed.units_per_pixel *= scale / current;
        state.canvas.go_to(zoomed);
    }
}

/// A scale typed as `1:25000`, `1:25,000`, `25000` or `1 : 25 000`; `None` for anything else
/// (or a scale that is not positive).
pub fn parse_scale(text: &str) -> Option<f64> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace() && *c != ',' && *c != '_').collect();
    let number = cleaned.strip_prefix("1:").unwrap_or(&cleaned);
    number.parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0)
}

/// A whole number with thousands separators: 25,000.
fn thousands(n: f64) -> String {
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The map's CRS as a button: it opens a list of common CRSs and a field for any code, each set
/// with `map.setCrs` run as the user.
fn crs_button(ui: &mut egui::Ui, state: &mut AppState, crs: rustgis_core::Crs) {
    let id = ui.make_persistent_id("crs code");
    let mut chosen: Option<String> = None;
    let button = ui
        .menu_button(crs.to_string(), |ui| {
            for (code, name) in CRS_PRESETS {
                let item = ui.button(format!("{code}  {name}"));
                named(&item, egui::Role::Button, format!("Map CRS preset {code}"));
                if item.clicked() {
                    chosen = Some(code.to_owned());
                    ui.close();
                }
            }
            ui.separator();
            let mut code = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or_default();
            let field = ui.add(egui::TextEdit::singleline(&mut code).hint_text("EPSG:25832, Robinson…"));
            named(&field, egui::Role::TextInput, "Map CRS code");
            ui.data_mut(|d| d.insert_temp(id, code.clone()));
            if ui.button("Set").clicked() && !code.trim().is_empty() {
                chosen = Some(code.trim().to_owned());
                ui.close();
            }
        })
        .response
        .on_hover_text("The map's CRS: click to change it (map.setCrs)");
    named(&button, egui::Role::Button, format!("Map CRS {crs}"));
    if let Some(code) = chosen {
        ui.data_mut(|d| d.remove::<String>(id));
        state.run("map.setCrs", serde_json::json!({ "crs": code }));
    }
}

/// The cursor's coordinates as a GIS user reads them: latitude and longitude to 5 decimals
/// (about a metre) with their hemispheres in a geographic CRS, easting and northing to the
/// decimetre in a projected one (whose unit is the metre or near it). Past a pole no latitude
/// exists: the text says the cursor is off the world; a longitude past ±180° is read as the
/// meridian it lands on (190° is 170°W).
fn cursor_text(crs: rustgis_core::Crs, x: f64, y: f64) -> String {
    if crs.is_geographic() {
        if y.abs() > 90.0 {
            let pole = if y < 0.0 { "south" } else { "north" };
            return format!("off the world: {y:.5}° is past the {pole} pole");
        }
        let x = if x.abs() > 180.0 { (x + 180.0).rem_euclid(360.0) - 180.0 } else { x };
        let ew = if x < 0.0 { 'W' } else { 'E' };
        let ns = if y < 0.0 { 'S' } else { 'N' };
        format!("{:.5}°{ns} {:.5}°{ew}", y.abs(), x.abs())
    } else {
        format!("{x:.1} E, {y:.1} N")
    }
}

/// How many of the assistant's calls wait for the user's approval, while the AI Assistant panel
/// that lists them is closed: a click opens it. A call that waits unseen is a stalled agent.
fn approvals_badge(ui: &mut egui::Ui, state: &mut AppState) {
    if state.assistant_open {
        return;
    }
    let waiting = state.assistant.as_ref().map_or(0, |run| run.approvals().len());
    if waiting == 0 {
        return;
    }
    let text = if waiting == 1 {
        "1 call waits for your approval".to_owned()
    } else {
        format!("{waiting} calls wait for your approval")
    };
    let badge = ui
        .add(egui::Button::new(RichText::new(&text).strong().color(egui::Color32::BLACK)).fill(APPROVAL_AMBER))
        .on_hover_text("Open the AI Assistant to approve or deny them");
    named(&badge, egui::Role::Button, &text);
    if badge.clicked() {
        state.assistant_open = true;
    }
    ui.separator();
    // Approvals arrive from the relay's threads: look again soon while one waits.
    ui.ctx().request_repaint_after(std::time::Duration::from_millis(500));
}

/// The approval badge's colour: amber, for something that waits on the user.
const APPROVAL_AMBER: egui::Color32 = egui::Color32::from_rgb(0xf2, 0xb1, 0x34);

/// The jobs in the status bar: each running one with its progress bar and a cancel button; a job
/// that ended is said in the message (red when it failed).
fn jobs_status(ui: &mut egui::Ui, state: &mut AppState) {
    for job in state.host.take_ended_jobs() {
        let (text, failed) = match (job.state, &job.error) {
            (_, Some(error)) => (format!("job {} failed: {error}", job.id), true),
            (rustgis_core::JobState::Cancelled, None) if job.partial.is_some() => {
                (format!("job {} ({}) was cancelled; its partial result is kept", job.id, job.command), false)
            }
            (state, None) => (format!("job {} ({}) {}", job.id, job.command, state.name()), false),
        };
        state.messages.push(text, failed);
    }
    let jobs = state.host.unfinished_jobs();
    for job in &jobs {
        let label = format!("job {} {}", job.id, job.command);
        ui.label(&label).on_hover_text(format!("{} · {} · {}", job.actor, job.state.name(), job.message));
        let bar = egui::ProgressBar::new(job.progress as f32).desired_width(120.0).show_percentage();
        let shown = ui.add(bar).on_hover_text(&job.message);
        named(&shown, egui::Role::ProgressIndicator, format!("Progress of job {}", job.id));
        let cancel = ui
            .add_enabled(job.state != rustgis_core::JobState::Cancelling, egui::Button::new("Cancel"))
            .on_hover_text(format!("Cancel job {}", job.id));
        named(&cancel, egui::Role::Button, format!("Cancel job {}", job.id));
        if cancel.clicked()
            && let Err(e) = state.host.cancel_job(job.id)
        {
            state.fail(&e);
        }
        ui.separator();
    }
    if !jobs.is_empty() {
        // The bars move while nothing else happens in the window.
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
}

fn round_scale(n: f64) -> String {
    if !n.is_finite() || n <= 0.0 {
        return "?".to_owned();
    }
    let digits = 10f64.powf(n.log10().floor() - 1.0).max(1.0);
    format!("{:.0}", (n / digits).round() * digits)
}

/// Asks before the status bar's label stops the relay: agents are disconnected and Let your
/// Agents Control RustGIS is turned off, so a stray click must not do it.
pub(super) fn stop_relay_prompt(ui: &mut egui::Ui, state: &mut AppState) {
    if !state.confirm_stop_relay {
        return;
    }
    let attached = state.host.relay_status().attached;
    let mut choice = None;
    egui::Window::new("Stop the MCP relay?").collapsible(false).resizable(false).show(ui.ctx(), |ui| {
        ui.label(format!(
            "Stopping disconnects the {attached} attached agent{} and turns Let your Agents Control RustGIS off \
             (MCP over HTTP and the file bridge stop too).",
            if attached == 1 { "" } else { "s" }
        ));
        ui.horizontal(|ui| {
            if ui.button("Stop the relay").clicked() {
                choice = Some(true);
            }
            if ui.button("Keep it running").clicked() {
                choice = Some(false);
            }
        });
    });
    let Some(stop) = choice else { return };
    state.confirm_stop_relay = false;
    if stop {
        state.host.stop_relay();
        state.messages.notice("MCP relay stopped; agents are off");
    }
}

#[cfg(test)]
mod tests {
    use super::cursor_text;
    use rustgis_core::Crs;

    #[test]
    fn the_cursor_reads_as_latitude_and_longitude_with_hemispheres_in_degrees() {
        assert_eq!(cursor_text(Crs::WGS84, -3.70379, 40.41678), "40.41678°N 3.70379°W");
        assert_eq!(cursor_text(Crs::WGS84, 151.2093, -33.8688), "33.86880°S 151.20930°E");
    }

    #[test]
    fn a_cursor_past_a_pole_is_off_the_world_and_one_past_the_antimeridian_wraps() {
        assert_eq!(cursor_text(Crs::WGS84, -57.56184, -196.21908), "off the world: -196.21908° is past the south pole");
        assert_eq!(cursor_text(Crs::WGS84, 190.0, 10.0), "10.00000°N 170.00000°W");
    }

    #[test]
    fn the_cursor_reads_as_easting_and_northing_in_a_projected_crs() {
        let utm = Crs::epsg(32631);
        assert_eq!(cursor_text(utm, 640_511.27, 5_067_890.04), "640511.3 E, 5067890.0 N");
    }
}

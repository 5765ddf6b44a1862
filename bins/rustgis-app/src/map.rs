//! The map canvas's view (centre and scale, pan and zoom, zoom to a layer) and its drawer: a
//! worker thread that draws the project with rustgis-render, so a frame never waits for a map.
//! While a drawing is on its way the window shows the last one moved and scaled to the view.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use rustgis_core::{Crs, Extent, Project};
use rustgis_render::RenderRequest;

/// How much one wheel notch or `+`/`−` zooms.
pub const ZOOM_STEP: f64 = 1.25;

/// What part of the map the canvas shows: a centre in the view CRS and map units per pixel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapView {
    /// The centre, in the view CRS (x is longitude in EPSG:4326).
    pub center: [f64; 2],
    /// Map units per canvas pixel.
    pub units_per_pixel: f64,
}

impl MapView {
    /// The view that shows `extent` whole and centred in a canvas of `size` pixels (as
    /// rustgis-render fits an extent, so the canvas and `view_map` draw the same map).
    pub fn fit(extent: &Extent, size: [u32; 2]) -> MapView {
        let width = (extent.max_x - extent.min_x).max(1e-9);
        let height = (extent.max_y - extent.min_y).max(1e-9);
        let upp = (width / f64::from(size[0].max(1))).max(height / f64::from(size[1].max(1)));
        MapView {
            center: [(extent.min_x + extent.max_x) / 2.0, (extent.min_y + extent.max_y) / 2.0],
            units_per_pixel: upp,
        }
    }

    /// The extent a canvas of `size` pixels shows.
    pub fn extent(&self, size: [u32; 2]) -> Extent {
        let half_w = f64::from(size[0]) * self.units_per_pixel / 2.0;
        let half_h = f64::from(size[1]) * self.units_per_pixel / 2.0;
        Extent {
            min_x: self.center[0] - half_w,
            min_y: self.center[1] - half_h,
            max_x: self.center[0] + half_w,
            max_y: self.center[1] + half_h,
        }
    }

    /// Moves the map with the pointer: a drag of `dx, dy` pixels (y down).
    pub fn pan_pixels(&mut self, dx: f64, dy: f64) {
        self.center[0] -= dx * self.units_per_pixel;
        self.center[1] += dy * self.units_per_pixel;
    }

    /// Zooms by `factor` (> 1 in) keeping the map point under `anchor` (pixels from the
    /// canvas's top-left) in place.
    pub fn zoom_at(&mut self, factor: f64, anchor: [f64; 2], size: [u32; 2]) {
        if !(factor.is_finite() && factor > 0.0) {
            return;
        }
        let before = self.to_map(anchor, size);
        self.units_per_pixel /= factor;
        let after = self.to_map(anchor, size);
        self.center[0] += before[0] - after[0];
        self.center[1] += before[1] - after[1];
    }

    /// The map coordinates of a canvas pixel.
    pub fn to_map(&self, pixel: [f64; 2], size: [u32; 2]) -> [f64; 2] {
        [
            self.center[0] + (pixel[0] - f64::from(size[0]) / 2.0) * self.units_per_pixel,
            self.center[1] - (pixel[1] - f64::from(size[1]) / 2.0) * self.units_per_pixel,
        ]
    }

    /// The canvas pixel of map coordinates.
    pub fn to_pixel(&self, map: [f64; 2], size: [u32; 2]) -> [f64; 2] {
        [
            (map[0] - self.center[0]) / self.units_per_pixel + f64::from(size[0]) / 2.0,
            (self.center[1] - map[1]) / self.units_per_pixel + f64::from(size[1]) / 2.0,
        ]
    }

    /// The map scale's denominator (1 : n) at 96 dpi, measured at the centre.
    pub fn scale_denominator(&self, crs: Crs) -> f64 {
        // The ground distance of a map unit at the centre, on the ellipsoid: true for any CRS
        // (feet, a projection's scale away from its centre line), not only metres.
        let metres_per_unit =
            rustgis_core::crs::metres_per_unit_at(crs, self.center[0], self.center[1], self.units_per_pixel * 10.0)
                .unwrap_or(if crs.is_geographic() { 111_319.49 } else { 1.0 });
        self.units_per_pixel * metres_per_unit / (0.0254 / 96.0)
    }
}

/// The extent the map starts at: the project's view extent, else all its layers, else the
/// world, in the view CRS.
pub fn home_extent(project: &Project) -> Extent {
    let crs = project.view.crs;
    project
        .view
        .extent
        .or_else(|| project.extent_in(crs))
        .or_else(|| rustgis_core::crs::world_extent(crs))
        .unwrap_or(Extent::WORLD)
}

/// A layer's extent in the view CRS, for "Zoom to layer".
pub fn layer_extent(project: &Project, name: &str) -> Option<Extent> {
    project.layer(name)?.extent_in(project.view.crs)
}

/// The extent of a layer's selected features in the view CRS, for "Zoom to selection"; `None`
/// when none is selected.
pub fn selection_extent(project: &Project, name: &str) -> Option<Extent> {
    let layer = project.layer(name)?;
    if layer.selection.is_empty() {
        return None;
    }
    let mut selected = layer.clone();
    selected.features =
        std::sync::Arc::new(layer.features.iter().filter(|f| layer.selection.contains(&f.id)).cloned().collect());
    selected.extent_in(project.view.crs)
}

/// A drawn map: straight RGBA pixels and the view and size they were drawn for.
#[derive(Clone)]
pub struct Drawn {
    /// The request's number.
    pub id: u64,
    /// What was drawn.
    pub view: MapView,
    /// The size in pixels.
    pub size: [u32; 2],
    /// Premultiplied RGBA, as tiny-skia draws it.
    pub rgba: Arc<Vec<u8>>,
    /// How long it took.
    pub took: Duration,
    /// Why it could not be drawn.
    pub error: Option<String>,
}

impl std::fmt::Debug for Drawn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Drawn").field("id", &self.id).field("size", &self.size).finish_non_exhaustive()
    }
}

struct Job {
    id: u64,
    project: Project,
    view: MapView,
    size: [u32; 2],
    web: Option<rustgis_core::web::WebFetcher>,
}

/// The drawing thread: the newest request wins; older ones still waiting are skipped.
pub struct Drawer {
    jobs: Sender<Job>,
    done: Receiver<Drawn>,
    next_id: u64,
    asked: Option<(u64, u64, MapView, [u32; 2])>,
    /// What fetches web layers' tiles (the host's, behind the network guard).
    web: Option<rustgis_core::web::WebFetcher>,
}

impl std::fmt::Debug for Drawer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Drawer").field("next_id", &self.next_id).finish_non_exhaustive()
    }
}

impl Drawer {
    /// Starts the thread; `wake` is called when a drawing is ready (the window's repaint).
    pub fn start(wake: impl Fn() + Send + 'static) -> Drawer {
        let (jobs, job_rx) = crossbeam_channel::unbounded::<Job>();
        let (done_tx, done) = crossbeam_channel::unbounded();
        let spawned = std::thread::Builder::new().name("rustgis-app-map".to_owned()).spawn(move || {
            while let Ok(mut job) = job_rx.recv() {
                // Only the newest view matters: skip what the user has already moved past.
                while let Ok(newer) = job_rx.try_recv() {
                    job = newer;
                }
                if done_tx.send(draw(&job)).is_err() {
                    break;
                }
                wake();
            }
        });
        if let Err(e) = spawned {
            tracing::error!("cannot start the map drawing thread: {e}");
        }
        Drawer { jobs, done, next_id: 1, asked: None, web: None }
    }

    /// Fetches web layers' tiles through `web` in the drawings asked for from now on.
    pub fn set_web(&mut self, web: Option<rustgis_core::web::WebFetcher>) {
        if self.web != web {
            self.web = web;
            // The next request draws again, with the web layers.
            self.asked = None;
        }
    }

    /// Asks for the map of `project` at `view` and `size`, unless that exact drawing (same
    /// project revision) was already asked for.
    pub fn request(&mut self, project: &Project, revision: u64, view: MapView, size: [u32; 2]) {
        if size[0] == 0 || size[1] == 0 {
            return;
        }
        if let Some((_, asked_revision, asked_view, asked_size)) = self.asked
            && asked_revision == revision
            && asked_view == view
            && asked_size == size
        {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.asked = Some((id, revision, view, size));
        let web = self.web.clone();
        if self.jobs.send(Job { id, project: project.clone(), view, size, web }).is_err() {
            tracing::error!("the map drawing thread has ended");
        }
    }

    /// The newest finished drawing, if one arrived.
    pub fn take(&self) -> Option<Drawn> {
        self.done.try_iter().last()
    }

    /// Whether the newest request has been drawn (`last` is the newest drawing shown).
    pub fn is_current(&self, last: Option<&Drawn>) -> bool {
        match (self.asked, last) {
            (Some((id, ..)), Some(drawn)) => drawn.id == id,
            (None, _) => true,
            _ => false,
        }
    }
}

fn draw(job: &Job) -> Drawn {
    let started = Instant::now();
    let view = RenderRequest {
        width: job.size[0],
        height: job.size[1],
        extent: Some(job.view.extent(job.size)),
        web: job.web.clone(),
        ..RenderRequest::default()
    };
    let (rgba, error) = match rustgis_render::render_pixmap(&job.project, &view) {
        Ok(pixmap) => (pixmap.take(), None),
        Err(e) => (vec![255; job.size[0] as usize * job.size[1] as usize * 4], Some(e.to_string())),
    };
    Drawn { id: job.id, view: job.view, size: job.size, rgba: Arc::new(rgba), took: started.elapsed(), error }
}

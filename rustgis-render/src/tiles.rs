//! XYZ tiles in Web Mercator: one tile ([`render_tile`]), many from one prepared project
//! ([`TileRenderer`]), and whole pyramids written to a `z/x/y.png` folder or an MBTiles file on
//! every core ([`TileRenderer::write`]).
//!
//! Tiles are cut from one continuous map: geometry is clipped a few pixels outside each tile,
//! so a line crossing a tile edge is drawn in both tiles and they meet without a seam. Labels
//! are placed per tile and only where they fit wholly inside it, so no label is cut in half
//! (a label near a tile edge may be left out).

use std::cell::RefCell;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

use rustgis_core::{Crs, Extent, Project, webmercator};
use tiny_skia::Pixmap;

use crate::draw::{Frame, Scratch, TOLERANCE_PX, draw_scene};
use crate::error::{Error, Result};
use crate::image::{Region, rendered};
use crate::labels::draw_labels;
use crate::scene::{Scene, SceneLayer};
use crate::text::Font;
use crate::view::{MAX_SIDE, new_pixmap};
use crate::watch::Watch;
use rustgis_core::RenderedImage;

/// The deepest zoom level served.
pub(crate) const MAX_ZOOM: u8 = 30;

/// Tiles are drawn this many pixels larger on every side and cut out of the middle, so that
/// nothing the rasterizer does at an image's edge (a thin line fading where it is clipped)
/// shows in a tile: neighbouring tiles then agree pixel for pixel along their common edge.
const TILE_PAD: u32 = 4;

/// A project prepared once (projected to Web Mercator, indexed, symbols chosen) and drawn as
/// many tiles, from any number of threads.
///
/// PostGIS layers hold no features: each tile reads the features of its own box (with the
/// tile's padding) from the database, one bbox query a layer, and prepares its layers then.
pub struct TileRenderer {
    scene: Scene,
    /// The project, when a visible layer lives in PostGIS (its tiles read it tile by tile).
    live: Option<Project>,
    tolerance_px: f64,
}

impl std::fmt::Debug for TileRenderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TileRenderer").field("layers", &self.scene.layers.len()).finish()
    }
}

/// Where a tile pyramid goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TileFormat {
    /// A folder of `z/x/y.png` files (the XYZ scheme, y down from the north).
    #[default]
    Dir,
    /// One MBTiles file (SQLite; rows in the TMS scheme, identical tiles stored once).
    MBTiles,
}

/// What [`TileRenderer::write`] should write.
#[derive(Debug, Clone, PartialEq)]
pub struct TileJob {
    /// Zoom levels, such as `0..=5`.
    pub zooms: RangeInclusive<u8>,
    /// Only tiles meeting this longitude/latitude box; `None` for the whole world.
    pub bbox: Option<Extent>,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
    /// The folder, or the `.mbtiles` file.
    pub out: PathBuf,
    /// Folder or MBTiles.
    pub format: TileFormat,
    /// Tile size in pixels (256 or 512 are usual).
    pub size: u32,
    /// Replace an existing file, or write into a folder that already has files.
    pub overwrite: bool,
}

impl TileJob {
    /// A job for these zooms into `out`, in the format its name suggests (`.mbtiles` or a
    /// folder), 256-pixel tiles on every core.
    pub fn new(out: impl Into<PathBuf>, zooms: RangeInclusive<u8>) -> TileJob {
        let out = out.into();
        let format = if out.extension().is_some_and(|e| e.eq_ignore_ascii_case("mbtiles")) {
            TileFormat::MBTiles
        } else {
            TileFormat::Dir
        };
        TileJob { zooms, bbox: None, threads: 0, out, format, size: 256, overwrite: false }
    }
}

/// What a tile job wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct TileReport {
    /// Where.
    pub out: PathBuf,
    /// Tiles written.
    pub tiles: u64,
    /// Of which blank (one colour).
    pub blank: u64,
    /// PNG bytes written (before MBTiles deduplication).
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
}

/// Draws one 256-pixel-or-other tile of `project` (XYZ scheme, Web Mercator).
pub fn render_tile(project: &Project, z: u8, x: u32, y: u32, size: u32) -> Result<RenderedImage> {
    TileRenderer::new(project)?.render(z, x, y, size)
}

/// Writes the tiles `job` asks for (see [`TileRenderer::write`]).
pub fn write_tiles(project: &Project, job: &TileJob, progress: impl Fn(u64, u64) + Sync) -> Result<TileReport> {
    TileRenderer::new(project)?.write(job, &progress)
}

/// The Web Mercator extent of a tile, in metres.
pub fn tile_extent(z: u8, x: u32, y: u32) -> Extent {
    let span = 2.0 * webmercator::HALF_WORLD / 2f64.powi(i32::from(z));
    let left = -webmercator::HALF_WORLD + f64::from(x) * span;
    let top = webmercator::HALF_WORLD - f64::from(y) * span;
    Extent { min_x: left, min_y: top - span, max_x: left + span, max_y: top }
}

/// The tiles of zoom `z` that meet a longitude/latitude box (the whole world for `None`), row by row.
pub fn tiles_in(z: u8, bbox: Option<&Extent>) -> Vec<(u32, u32)> {
    let n = 1u64 << z.min(MAX_ZOOM);
    let last = (n - 1) as u32;
    let (x0, y0, x1, y1) = match bbox {
        None => (0, 0, last, last),
        Some(b) => {
            let to_tile = |lon: f64, lat: f64| {
                let (mx, my) = webmercator::from_lon_lat(lon.clamp(-180.0, 180.0), lat);
                let fx = (mx + webmercator::HALF_WORLD) / (2.0 * webmercator::HALF_WORLD) * n as f64;
                let fy = (webmercator::HALF_WORLD - my) / (2.0 * webmercator::HALF_WORLD) * n as f64;
                (
                    (fx.floor() as i64).clamp(0, i64::from(last)) as u32,
                    (fy.floor() as i64).clamp(0, i64::from(last)) as u32,
                )
            };
            let (x0, y0) = to_tile(b.min_x, b.max_y);
            let (x1, y1) = to_tile(b.max_x, b.min_y);
            (x0, y0, x1, y1)
        }
    };
    (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| (x, y))).collect()
}

impl TileRenderer {
    /// Prepares the visible layers of `project` for tiles.
    pub fn new(project: &Project) -> Result<TileRenderer> {
        let live = project.shown_layers().any(|l| l.postgis().is_some()).then(|| project.clone());
        Ok(TileRenderer { scene: Scene::new(project, Crs::WEB_MERCATOR)?, live, tolerance_px: TOLERANCE_PX })
    }

    /// Fetches web layers' tiles through `web` (the host's network client); without it they
    /// are left out of the tiles.
    pub fn with_web(mut self, web: rustgis_core::web::WebFetcher) -> TileRenderer {
        self.scene.web = Some(web);
        self
    }

    /// Drops detail finer than `px` pixels (default a quarter pixel); 0 draws every vertex,
    /// which is slower and looks the same (the tests compare the two).
    pub fn with_tolerance(mut self, px: f64) -> TileRenderer {
        self.tolerance_px = if px.is_finite() { px.max(0.0) } else { TOLERANCE_PX };
        self
    }

    /// Draws tile z/x/y at `size` pixels and encodes it.
    pub fn render(&self, z: u8, x: u32, y: u32, size: u32) -> Result<RenderedImage> {
        thread_local! {
            // Buffers, the last pixmap and the glyph caches, kept between the tiles a thread draws.
            static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
        }
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut scratch) => self.render_with(z, x, y, size, &mut scratch),
            Err(_) => self.render_with(z, x, y, size, &mut Scratch::default()),
        })
    }

    /// Draws tile z/x/y into a pixmap (premultiplied RGBA).
    pub fn render_pixmap(&self, z: u8, x: u32, y: u32, size: u32) -> Result<Pixmap> {
        let padded = self.draw(z, x, y, size, &mut Scratch::default())?;
        padded
            .clone_rect(
                tiny_skia::IntRect::from_xywh(TILE_PAD as i32, TILE_PAD as i32, size, size)
                    .ok_or(Error::Size { width: size, height: size })?,
            )
            .ok_or(Error::Size { width: size, height: size })
    }

    fn render_with(&self, z: u8, x: u32, y: u32, size: u32, scratch: &mut Scratch) -> Result<RenderedImage> {
        let padded = self.draw(z, x, y, size, scratch)?;
        let region = Region { x: TILE_PAD, y: TILE_PAD, width: size, height: size };
        let image = rendered(&padded, region, 96.0);
        scratch.pixmap = Some(padded);
        image
    }

    /// Draws the tile with [`TILE_PAD`] pixels around it.
    fn draw(&self, z: u8, x: u32, y: u32, size: u32, scratch: &mut Scratch) -> Result<Pixmap> {
        let max = if z > MAX_ZOOM { 0 } else { ((1u64 << z) - 1) as u32 };
        if z > MAX_ZOOM || x > max || y > max {
            return Err(Error::TileOutOfRange { z, x, y, max });
        }
        if size == 0 || size > MAX_SIDE {
            return Err(Error::Size { width: size, height: size });
        }
        let side = size + 2 * TILE_PAD;
        // Every pixel is painted over (the background first), so a used pixmap will do.
        let mut pixmap = match scratch.pixmap.take() {
            Some(p) if p.width() == side && p.height() == side => p,
            _ => new_pixmap(side, side)?,
        };
        let e = tile_extent(z, x, y);
        let scale = f64::from(size) / e.width();
        let pad = f64::from(TILE_PAD) / scale;
        let frame = Frame {
            width: pixmap.width(),
            height: pixmap.height(),
            left: e.min_x - pad,
            top: e.max_y + pad,
            scale,
            dpi_scale: 1.0,
            tolerance_px: self.tolerance_px,
        };
        let live_scene = self.live_scene(&e, pad)?;
        let scene = live_scene.as_ref().unwrap_or(&self.scene);
        draw_scene(&mut pixmap, scene, &frame, scratch, &Watch::none())?;
        // A tile has no notices to carry: a web tile not fetched is a gap in it.
        scratch.notices.clear();
        if scene.layers.iter().any(|l| l.labels.is_some()) {
            // Labels stay wholly inside the tile proper.
            let (pad, far) = (TILE_PAD as f32, (TILE_PAD + size) as f32);
            let mut font = match scratch.font.take() {
                Some(font) => font,
                None => Font::dejavu()?,
            };
            // A tile reports no label counts: a map's labels span many tiles.
            draw_labels(&mut pixmap, scene, &frame, &mut font, [pad, pad, far, far], &[], &Watch::none())?;
            scratch.font = Some(font);
        }
        Ok(pixmap)
    }

    /// For a project with PostGIS layers, the scene of one tile (extent `e`, padded by `pad`):
    /// its PostGIS layers hold the features whose box meets the padded tile, prepared for this
    /// tile; the other layers are the ones prepared once for every tile.
    fn live_scene(&self, e: &Extent, pad: f64) -> Result<Option<Scene>> {
        let Some(project) = &self.live else { return Ok(None) };
        let Some(padded) = Extent::from_corners(e.min_x - pad, e.min_y - pad, e.max_x + pad, e.max_y + pad) else {
            return Ok(None);
        };
        let Some(live) = rustgis_core::project_for_view(project, &padded, Crs::WEB_MERCATOR)? else {
            return Ok(None);
        };
        let base = &self.scene;
        let mut layers = Vec::with_capacity(base.layers.len());
        // The scene's layers are the project's visible ones, in order.
        for (prepared, layer) in base.layers.iter().zip(live.shown_layers()) {
            layers.push(match layer.postgis() {
                Some(_) => Arc::new(SceneLayer::new(layer, base.crs, &base.world, &Watch::none())?),
                None => Arc::clone(prepared),
            });
        }
        Ok(Some(Scene {
            crs: base.crs,
            world: base.world,
            background: base.background,
            layers,
            web: base.web.clone(),
            outline: base.outline.clone(),
        }))
    }

    /// Writes the tiles `job` asks for on `job.threads` threads, calling `progress(done, total)`
    /// after each tile is written (from the calling thread, which does all the writing).
    pub fn write(&self, job: &TileJob, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<TileReport> {
        let started = Instant::now();
        check_job(job)?;
        self.check_bulk(job)?;
        let tiles: Vec<(u8, u32, u32)> = job
            .zooms
            .clone()
            .flat_map(|z| tiles_in(z, job.bbox.as_ref()).into_iter().map(move |(x, y)| (z, x, y)))
            .collect();
        let total = tiles.len() as u64;
        let threads = match job.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        }
        .min(tiles.len().max(1));
        let mut sink = Sink::open(job)?;
        let next = AtomicUsize::new(0);
        let done = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let failure: Mutex<Option<Error>> = Mutex::new(None);
        // Workers draw and encode; this thread alone writes, which an SQLite file needs anyway.
        let (sender, receiver) = mpsc::sync_channel::<(u8, u32, u32, RenderedImage)>(threads * 4);
        let (mut n_blank, mut n_bytes) = (0u64, 0u64);
        std::thread::scope(|scope| -> Result<()> {
            for worker in 0..threads {
                let sender = sender.clone();
                let (tiles, next, stop, failure) = (&tiles, &next, &stop, &failure);
                std::thread::Builder::new()
                    .name(format!("rustgis-tiles-{worker}"))
                    .spawn_scoped(scope, move || {
                        let mut scratch = Scratch::default();
                        while !stop.load(Ordering::Relaxed) {
                            let idx = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&(z, x, y)) = tiles.get(idx) else { break };
                            let drawn = self.render_with(z, x, y, job.size, &mut scratch);
                            match drawn {
                                Ok(image) => {
                                    if sender.send((z, x, y, image)).is_err() {
                                        break;
                                    }
                                }
                                Err(e) => {
                                    stop.store(true, Ordering::Relaxed);
                                    if let Ok(mut slot) = failure.lock() {
                                        slot.get_or_insert(e);
                                    }
                                    break;
                                }
                            }
                        }
                    })
                    .map_err(|source| Error::Io {
                        action: "cannot start a tile thread for",
                        path: job.out.clone(),
                        cause: source,
                    })?;
            }
            drop(sender);
            for (z, x, y, image) in receiver {
                n_blank += u64::from(image.blank);
                n_bytes += image.png.len() as u64;
                if let Err(e) = sink.put(z, x, y, &image) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(n, total);
            }
            Ok(())
        })?;
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(e);
        }
        sink.finish(job)?;
        Ok(TileReport {
            out: job.out.clone(),
            tiles: done.into_inner(),
            blank: n_blank,
            bytes: n_bytes,
            seconds: started.elapsed().as_secs_f64(),
            threads,
        })
    }
}

impl TileRenderer {
    /// Refuses a pyramid that would fetch a basemap in bulk: OpenStreetMap's tile usage policy
    /// (and its followers') forbids it, so such layers are drawn only up to a small zoom.
    fn check_bulk(&self, job: &TileJob) -> Result<()> {
        let deepest = *job.zooms.end();
        for layer in &self.scene.layers {
            if let Some(max) = layer.web.as_ref().and_then(|w| w.bulk_max_zoom())
                && deepest > max
            {
                return Err(Error::InvalidValue {
                    param: "zoom",
                    message: format!(
                        "layer '{}' is an OpenStreetMap-based basemap, whose tile usage policy forbids bulk                          downloading: a tile pyramid may draw it up to zoom {max}, not {deepest}; choose zooms up to                          {max} or hide the layer (layer.setVisible {{\"visible\": false}})",
                        layer.name
                    ),
                });
            }
        }
        Ok(())
    }
}

fn check_job(job: &TileJob) -> Result<()> {
    if job.zooms.is_empty() || *job.zooms.end() > MAX_ZOOM {
        return Err(Error::InvalidValue {
            param: "zoom",
            message: format!("zooms {:?} are not a range within 0–{MAX_ZOOM}", job.zooms),
        });
    }
    if !(16..=4096).contains(&job.size) {
        return Err(Error::InvalidValue { param: "size", message: format!("{} px tiles; use 16 to 4096", job.size) });
    }
    if let Some(b) = &job.bbox
        && (b.width() <= 0.0
            || b.height() <= 0.0
            || b.min_x < -180.0
            || b.max_x > 180.0
            || b.min_y < -90.0
            || b.max_y > 90.0)
    {
        return Err(Error::InvalidValue {
            param: "bbox",
            message: "give [min_lon, min_lat, max_lon, max_lat] within ±180, ±90 with min < max".to_owned(),
        });
    }
    Ok(())
}

/// Where tiles are written. A folder of tiles is built as a whole beside the target (hard links
/// to the files of the folder it replaces, then the new tiles) and put in place by one rename
/// ([`rustgis_core::io::atomic::FileSet`]), so a tile server never serves half a pyramid, and a
/// killed run leaves the old folder as it was (its temporary folder is removed by the next run).
enum Sink {
    Dir { root: PathBuf, set: rustgis_core::io::atomic::FileSet },
    MBTiles(crate::mbtiles::MBTilesWriter),
}

impl Sink {
    fn open(job: &TileJob) -> Result<Sink> {
        match job.format {
            TileFormat::Dir => {
                let has_files = std::fs::read_dir(&job.out).is_ok_and(|mut entries| entries.next().is_some());
                if has_files && !job.overwrite {
                    return Err(Error::FileExists(job.out.clone()));
                }
                if let Some(parent) = job.out.parent().filter(|p| !p.as_os_str().is_empty()) {
                    create_dir(parent)?;
                }
                let mut set = rustgis_core::io::atomic::FileSet::new_folder(&job.out, true)?;
                let root = set.add_folder(&job.out)?;
                if has_files {
                    // Written into, the folder keeps what it had: the new one starts as its copy.
                    link_tree(&job.out, &root)?;
                }
                Ok(Sink::Dir { root, set })
            }
            TileFormat::MBTiles => {
                if job.out.exists() && !job.overwrite {
                    return Err(Error::FileExists(job.out.clone()));
                }
                Ok(Sink::MBTiles(crate::mbtiles::MBTilesWriter::create(&job.out)?))
            }
        }
    }

    fn put(&mut self, z: u8, x: u32, y: u32, image: &RenderedImage) -> Result<()> {
        match self {
            Sink::Dir { root, .. } => {
                let folder = root.join(z.to_string()).join(x.to_string());
                create_dir(&folder)?;
                let path = folder.join(format!("{y}.png"));
                // The folder started as hard links to the old one's files: a tile written over one
                // must be a new file, or the old pyramid's tile would change in place.
                match std::fs::remove_file(&path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        return Err(Error::Core(rustgis_core::io::atomic::cannot_write(&path, e)));
                    }
                    _ => {}
                }
                #[allow(
                    clippy::disallowed_methods,
                    reason = "a pyramid is thousands of small tiles: syncing each (io::atomic) would multiply the run's \
                              time, and an interrupted run is simply run again"
                )]
                std::fs::write(&path, &image.png)
                    .map_err(|source| Error::Core(rustgis_core::io::atomic::cannot_write(&path, source)))
            }
            Sink::MBTiles(writer) => writer.put(z, x, y, image),
        }
    }

    fn finish(self, job: &TileJob) -> Result<()> {
        match self {
            Sink::Dir { set, .. } => {
                set.commit()?;
                Ok(())
            }
            Sink::MBTiles(writer) => writer.finish(job),
        }
    }
}

/// Makes `to` a copy of the folder `from`: hard links to its files (a copy where links cannot be
/// made), its folders made anew.
fn link_tree(from: &Path, to: &Path) -> Result<()> {
    let io = |path: &Path, cause| Error::Io { action: "cannot copy the tiles of", path: path.to_owned(), cause };
    for entry in std::fs::read_dir(from).map_err(|e| io(from, e))? {
        let entry = entry.map_err(|e| io(from, e))?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().map_err(|e| io(&source, e))?;
        if kind.is_dir() {
            create_dir(&target)?;
            link_tree(&source, &target)?;
        } else if kind.is_file() && std::fs::hard_link(&source, &target).is_err() {
            std::fs::copy(&source, &target).map_err(|e| io(&source, e))?;
        }
    }
    Ok(())
}

fn create_dir(path: &Path) -> Result<()> {
    std::fs::create_dir_all(path).map_err(|source| Error::Io {
        action: "cannot create the folder",
        path: path.to_owned(),
        cause: source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_five_has_1024_tiles_and_zoom_zero_one() {
        assert_eq!(tiles_in(5, None).len(), 1024);
        assert_eq!(tiles_in(0, None), vec![(0, 0)]);
    }

    #[test]
    fn the_tiles_over_helsinki_are_where_osm_has_them() {
        let helsinki = Extent { min_x: 24.93, min_y: 60.16, max_x: 24.95, max_y: 60.17 };
        assert_eq!(tiles_in(10, Some(&helsinki)), vec![(582, 296)]);
    }

    #[test]
    fn tile_zero_is_the_whole_square_world() {
        let e = tile_extent(0, 0, 0);
        assert!((e.max_x - webmercator::HALF_WORLD).abs() < 1e-6 && (e.min_y + webmercator::HALF_WORLD).abs() < 1e-6);
    }
}

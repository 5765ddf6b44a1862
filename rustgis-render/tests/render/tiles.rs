//! XYZ tiles: seamless edges, no visible loss from simplification against full-detail renders,
//! and pyramids written to a folder and to MBTiles.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::path::{Path, PathBuf};

use rustgis_core::{Color, Crs, Layer, Project, Session, Style, Symbol, io::geojson};
use rustgis_render::{Error, TileFormat, TileJob, TileRenderer, render_tile, write_tiles};
use tiny_skia::Pixmap;

/// The sample without labels: labels are placed per tile on purpose, so they are not seamless.
fn sample_without_labels() -> Project {
    let mut project = Session::with_sample().expect("sample").project().clone();
    for layer in &mut project.layers {
        layer.labels = None;
    }
    project
}

/// Mean absolute difference per channel (0–255) over a region of two pixmaps.
fn mean_difference(a: &Pixmap, b: &Pixmap, region: impl Iterator<Item = (u32, u32)>) -> f64 {
    let (mut total, mut n) = (0u64, 0u64);
    for (x, y) in region {
        let (p, q) = (a.pixel(x, y).expect("in a"), b.pixel(x, y).expect("in b"));
        for (u, v) in [(p.red(), q.red()), (p.green(), q.green()), (p.blue(), q.blue()), (p.alpha(), q.alpha())] {
            total += u64::from(u.abs_diff(v));
            n += 1;
        }
    }
    total as f64 / n.max(1) as f64
}

#[test]
fn four_tiles_meet_without_seams() {
    let renderer = TileRenderer::new(&sample_without_labels()).expect("prepare");
    // Zoom-3 tiles (4..5, 2..3) make up zoom-2 tile (2, 1); drawn at twice the size, it is the
    // same map at the same scale.
    let whole = renderer.render_pixmap(2, 2, 1, 512).expect("parent");
    let mut stitched = Pixmap::new(512, 512).expect("size");
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let tile = renderer.render_pixmap(3, 4 + dx, 2 + dy, 256).expect("tile");
        stitched.draw_pixmap(
            (dx * 256) as i32,
            (dy * 256) as i32,
            tile.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
    }
    // The bands either side of the inner tile edges are where a seam would show.
    let band = (0..512u32).flat_map(|i| (254..258u32).flat_map(move |j| [(j, i), (i, j)]));
    let at_edges = mean_difference(&whole, &stitched, band);
    assert!(at_edges < 0.5, "tile edges differ by {at_edges:.2} per channel");
    let everywhere = mean_difference(&whole, &stitched, (0..512u32).flat_map(|y| (0..512u32).map(move |x| (x, y))));
    assert!(everywhere < 0.25, "tiles differ from one render by {everywhere:.2} per channel");
}

fn bench_dir() -> PathBuf {
    std::env::var_os("RUSTGIS_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench"))
}

/// Mapnik's benchmark project (see benches/benches/render.rs), or `None` when the data is absent.
fn bench_project() -> Option<Project> {
    let (land, countries) =
        (bench_dir().join("ne_10m_land.geojson"), bench_dir().join("ne_110m_admin_0_countries.geojson"));
    if !land.is_file() || !countries.is_file() {
        eprintln!("skipping the bench-data part: {} is absent (set RUSTGIS_BENCH_DATA)", land.display());
        return None;
    }
    let mut project = Project::new("bench");
    project.view.background = Color::rgb(0xaa, 0xd3, 0xdf);
    for (path, fill, stroke) in [
        (land, Some(Color::rgb(0xf2, 0xef, 0xe9)), Color::rgb(0x80, 0x80, 0x80)),
        (countries, None, Color::rgb(0x55, 0x55, 0x55)),
    ] {
        let text = std::fs::read_to_string(&path).expect("readable");
        let data = geojson::read_str(&text, &path).expect("parses");
        let mut layer = Layer::new("layer", Crs::WGS84, data.fields, data.features);
        let mut symbol = Symbol::for_kind(rustgis_core::GeometryKind::Polygon, Color::rgb(0, 0, 0));
        (symbol.fill, symbol.stroke, symbol.width) = (fill, Some(stroke), 0.5);
        layer.style = Style::Single { symbol };
        project.layers.push(layer);
    }
    Some(project)
}

/// Tiles drawn with detail under a quarter pixel dropped look like full-detail tiles: the mean
/// difference stays under 2/255 per channel on every tile.
fn check_no_visible_loss(project: &Project, tiles: &[(u8, u32, u32)]) {
    let fast = TileRenderer::new(project).expect("prepare");
    let full = TileRenderer::new(project).expect("prepare").with_tolerance(0.0);
    for &(z, x, y) in tiles {
        let a = fast.render_pixmap(z, x, y, 256).expect("tile");
        let b = full.render_pixmap(z, x, y, 256).expect("full-detail tile");
        let difference = mean_difference(&a, &b, (0..256u32).flat_map(|y| (0..256u32).map(move |x| (x, y))));
        assert!(difference < 2.0, "tile {z}/{x}/{y} differs from full detail by {difference:.2} per channel");
    }
}

const CHECKED_TILES: [(u8, u32, u32); 10] = [
    (0, 0, 0),
    (1, 1, 0),
    (2, 2, 1),
    (3, 4, 2),
    (4, 8, 5),
    (5, 16, 10),
    (5, 30, 9),
    (8, 130, 86),
    (8, 135, 88),
    (8, 142, 90),
];

#[test]
fn simplified_tiles_of_the_sample_match_full_detail() {
    check_no_visible_loss(&sample_without_labels(), &CHECKED_TILES);
}

#[test]
fn simplified_tiles_of_natural_earth_10m_land_match_full_detail() {
    if let Some(project) = bench_project() {
        check_no_visible_loss(&project, &CHECKED_TILES);
    }
}

#[test]
fn a_tile_outside_its_zoom_level_is_an_error() {
    let err = render_tile(&Project::new("x"), 2, 4, 0, 256).expect_err("x = 4 at zoom 2");
    assert!(matches!(err, Error::TileOutOfRange { max: 3, .. }), "{err}");
}

fn fresh(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tile-tests").join(name);
    if path.is_dir() {
        std::fs::remove_dir_all(&path).expect("old output can be removed");
    } else if path.exists() {
        std::fs::remove_file(&path).expect("old output can be removed");
    }
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("target is writable");
    path
}

#[test]
fn a_pyramid_is_written_as_z_x_y_png_files() {
    let out = fresh("pyramid");
    let mut job = TileJob::new(&out, 0..=2);
    job.threads = 2;
    let report = write_tiles(&sample_without_labels(), &job, |_, _| {}).expect("tiles");
    assert_eq!(report.tiles, 1 + 4 + 16);
    let tile = Pixmap::load_png(out.join("2/3/1.png")).expect("z2 x3 y1 exists and decodes");
    assert_eq!((tile.width(), tile.height()), (256, 256));
}

#[test]
fn progress_counts_up_to_the_total() {
    let out = fresh("progress");
    let seen = std::sync::Mutex::new(Vec::new());
    write_tiles(&sample_without_labels(), &TileJob::new(&out, 0..=1), |done, total| {
        seen.lock().expect("not poisoned").push((done, total));
    })
    .expect("tiles");
    let seen = seen.into_inner().expect("not poisoned");
    assert_eq!(seen.last(), Some(&(5, 5)));
}

#[test]
fn a_folder_with_files_is_not_written_into_unless_asked() {
    let out = fresh("existing");
    std::fs::create_dir_all(&out).expect("create");
    std::fs::write(out.join("keep.txt"), "mine").expect("write");
    let mut job = TileJob::new(&out, 0..=0);
    let err = write_tiles(&sample_without_labels(), &job, |_, _| {}).expect_err("folder has files");
    assert!(matches!(err, Error::FileExists(_)), "{err}");
    job.overwrite = true;
    write_tiles(&sample_without_labels(), &job, |_, _| {}).expect("overwrite");
    assert!(out.join("0/0/0.png").is_file() && out.join("keep.txt").is_file());
}

#[test]
fn an_mbtiles_file_holds_every_tile_with_rows_counted_from_the_south() {
    let out = fresh("world.mbtiles");
    let job = TileJob::new(&out, 0..=2);
    assert_eq!(job.format, TileFormat::MBTiles);
    write_tiles(&sample_without_labels(), &job, |_, _| {}).expect("tiles");
    let db = rusqlite::Connection::open(&out).expect("opens");
    let n: i64 = db.query_row("SELECT count(*) FROM tiles", [], |r| r.get(0)).expect("count");
    assert_eq!(n, 21);
    let format: String =
        db.query_row("SELECT value FROM metadata WHERE name = 'format'", [], |r| r.get(0)).expect("format");
    assert_eq!(format, "png");
    // XYZ tile 2/3/0 (north-east) is TMS row 3.
    let data: Vec<u8> = db
        .query_row("SELECT tile_data FROM tiles WHERE zoom_level = 2 AND tile_column = 3 AND tile_row = 3", [], |r| {
            r.get(0)
        })
        .expect("the tile");
    let direct = render_tile(&sample_without_labels(), 2, 3, 0, 256).expect("tile");
    assert_eq!(data, direct.png);
}

/// The files under a folder, relative to it, sorted.
fn tree(folder: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                out.push(path.strip_prefix(folder).expect("inside").display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The names beside `path` in its folder that start with a dot (temporaries, journals).
fn hidden_beside(path: &Path) -> Vec<String> {
    let folder = path.parent().expect("a parent");
    std::fs::read_dir(folder)
        .expect("a folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn a_tile_folder_whose_commit_fails_is_left_as_it_was_with_nothing_beside_it() {
    let out = fresh("failed-commit/tiles");
    write_tiles(&sample_without_labels(), &TileJob::new(&out, 0..=1), |_, _| {}).expect("tiles");
    let before = tree(&out);
    let mut job = TileJob::new(&out, 0..=2);
    job.overwrite = true;
    let failure = rustgis_core::io::atomic::fail_at_rename(1);
    let error = write_tiles(&sample_without_labels(), &job, |_, _| {}).expect_err("the injected failure");
    drop(failure);
    assert!(error.to_string().contains("injected"), "{error}");
    assert_eq!(tree(&out), before, "the old pyramid, whole");
    assert_eq!(hidden_beside(&out), Vec::<String>::new(), "no temporary folder is left");
}

#[test]
fn a_tile_folder_is_replaced_whole_by_one_rename_keeping_what_it_had() {
    let out = fresh("replaced/tiles");
    write_tiles(&sample_without_labels(), &TileJob::new(&out, 0..=1), |_, _| {}).expect("tiles");
    let mut job = TileJob::new(&out, 2..=2);
    job.overwrite = true;
    write_tiles(&sample_without_labels(), &job, |_, _| {}).expect("more tiles");
    let files = tree(&out);
    assert_eq!(files.len(), 5 + 16, "zooms 0–1 kept, zoom 2 added: {files:?}");
    assert_eq!(hidden_beside(&out), Vec::<String>::new(), "no temporary folder is left");
}

#[test]
fn an_mbtiles_file_whose_commit_fails_is_left_as_it_was_with_nothing_beside_it() {
    let out = fresh("failed-mbtiles/world.mbtiles");
    write_tiles(&sample_without_labels(), &TileJob::new(&out, 0..=0), |_, _| {}).expect("tiles");
    let before = std::fs::read(&out).expect("written");
    let mut job = TileJob::new(&out, 0..=1);
    job.overwrite = true;
    let failure = rustgis_core::io::atomic::fail_at_rename(1);
    write_tiles(&sample_without_labels(), &job, |_, _| {}).expect_err("the injected failure");
    drop(failure);
    assert_eq!(std::fs::read(&out).expect("still there"), before);
    assert_eq!(hidden_beside(&out), Vec::<String>::new(), "no temporary file is left");
}

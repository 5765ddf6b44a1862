//! Writes that survive kill -9 and a full disk (issue 34), for every writer of core: each export
//! format, GeoTIFF and project files. A child process (this test binary, run again with
//! `RUSTGIS_CRASH_CHILD` set) writes two different versions of one output in a loop and is killed
//! at random moments; after each kill, the output as RustGIS's next open finds it (an interrupted
//! commit of a set finished by that open) is the one version or the other, whole: every feature's
//! geometry, attributes and CRS from the same version. On a full disk (a small tmpfs, mounted when
//! the tests run as root), a write fails naming the full disk and leaves the old output whole,
//! with no temporary file behind.
#![cfg(target_os = "linux")]
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::TempFolder;
use geo::{Geometry, Point};
use rustgis_core::io::{self, Format, ReadOptions, WriteOptions};
use rustgis_core::{Crs, Feature, Field, FieldType, Layer, Project, Value};

/// The variable that makes a run of this binary the writing child.
const CHILD: &str = "RUSTGIS_CRASH_CHILD";

/// The writers under test: a name (also the output's file name) and the format.
const WRITERS: &[(&str, Writer)] = &[
    ("out.geojson", Writer::Data(Format::GeoJson)),
    ("out.fgb", Writer::Data(Format::FlatGeobuf)),
    ("out.shp", Writer::Data(Format::Shapefile)),
    ("out.zip", Writer::Data(Format::Shapefile)),
    ("out.gpkg", Writer::Data(Format::GeoPackage)),
    ("out.csv", Writer::Data(Format::Csv)),
    ("out.kml", Writer::Data(Format::Kml)),
    ("out.kmz", Writer::Data(Format::Kml)),
    ("out.gpx", Writer::Data(Format::Gpx)),
    ("out.parquet", Writer::Data(Format::GeoParquet)),
    ("out.tif", Writer::GeoTiff),
    ("out.rgis", Writer::Project),
];

#[derive(Debug, Clone, Copy)]
enum Writer {
    Data(Format),
    GeoTiff,
    Project,
}

impl Writer {
    /// Whether the format keeps a CRS other than EPSG:4326 (KML and GPX hold only longitudes and
    /// latitudes; CSV names no CRS).
    fn keeps_crs(self) -> bool {
        !matches!(self, Writer::Data(Format::Kml | Format::Gpx | Format::Csv))
    }
}

/// Version `a` (true) or `b` of the output: the same number of features, so that a `.shp` of one
/// and a `.dbf` of the other would read without error; eastern points in EPSG:4326 named `a`, or
/// western ones in EPSG:3857 (or 4326 where the format holds only that) named `b`, each with 200
/// characters of text, so that a write takes a while and needs more room than a full disk leaves.
fn version(a: bool, writer: Writer) -> Layer {
    let crs = if a || !writer.keeps_crs() { Crs::WGS84 } else { Crs::WEB_MERCATOR };
    let sign = if a { 1.0 } else { -1.0 };
    // Hex digits from a multiplicative hash: text that compression cannot shrink much.
    let padding = |i: u64| -> String {
        (0..25u64).map(|k| format!("{:08x}", (i * 31 + k + u64::from(a)).wrapping_mul(2_654_435_761) as u32)).collect()
    };
    let features = (0..400u64)
        .map(|i| Feature {
            id: i + 1,
            geometry: Some(Geometry::Point(Point::new(sign * (1.0 + (i % 170) as f64), (i % 80) as f64))),
            attributes: vec![
                Value::String(if a { "a" } else { "b" }.to_owned()),
                Value::Int(i as i64),
                Value::String(padding(i)),
            ],
        })
        .collect();
    let fields = vec![
        Field::new("version", FieldType::String),
        Field::new("n", FieldType::Integer),
        Field::new("padding", FieldType::String),
    ];
    Layer::new("out", crs, fields, features)
}

/// The cells of version `a` (all 1) or `b` (numbers from 2 on that deflate cannot squeeze, so
/// that it needs more room than a full disk leaves).
fn cells(a: bool) -> Vec<f64> {
    (0..64 * 256usize).map(|i| if a { 1.0 } else { 2.0 + ((i * 7919) % 10_007) as f64 / 3.0 }).collect()
}

/// Writes version `a` or `b` of `writer`'s output at `path`.
fn write(path: &Path, writer: Writer, a: bool) -> rustgis_core::Result<()> {
    match writer {
        Writer::Data(format) => {
            let mut options = WriteOptions::default();
            options.table = Some("t".to_owned());
            io::write_path(&version(a, writer), path, format, true, &options).map(|_| ())
        }
        Writer::GeoTiff => {
            let grid = rustgis_core::raster::Grid::from_values(64, 256, cells(a), None)?;
            let transform = rustgis_core::raster::GeoTransform([0.0, 1.0, 0.0, 0.0, 0.0, -1.0]);
            let crs = if a { Crs::WGS84 } else { Crs::WEB_MERCATOR };
            let raster = rustgis_core::raster::Raster::from_grids(vec![grid], transform, Some(crs))?;
            rustgis_core::raster::write_geotiff(&raster, path, true, rustgis_core::raster::WriteType::F64).map(|_| ())
        }
        Writer::Project => {
            let mut project = Project::new(if a { "a" } else { "b" });
            project.layers.push(version(a, Writer::Project));
            let mut text = Vec::new();
            rustgis_core::project_file::write(&project, None, path, &mut text)?;
            io::atomic::write_bytes(path, true, &text).map(|_| ())
        }
    }
}

/// Which version the output at `path` is, read as RustGIS's next open reads it; a panic when it
/// is neither whole.
fn check_whole(path: &Path, writer: Writer) -> bool {
    match writer {
        Writer::Data(format) => {
            let mut options = ReadOptions::default();
            // The table GeoPackage outputs are written as (for KML, `table` names a folder).
            if format == Format::GeoPackage {
                options.table = Some("t".to_owned());
            }
            let data = io::read_path(path, format, &options)
                .unwrap_or_else(|e| panic!("{}: the output does not read: {e}", path.display()));
            assert_eq!(data.features.len(), 400, "{}: every feature is there", path.display());
            let is_a = matches!(data.features[0].geometry, Some(Geometry::Point(p)) if p.x() > 0.0);
            let expected = version(is_a, writer);
            // GPX keeps no attributes of its own: there the geometries tell the versions apart.
            let version_col = data.fields.iter().position(|f| f.name == "version");
            for (read, written) in data.features.iter().zip(expected.features.iter()) {
                if let Some(col) = version_col {
                    assert_eq!(
                        read.attributes[col],
                        written.attributes[0],
                        "{}: one version's attributes",
                        path.display()
                    );
                }
                assert_eq!(
                    read.geometry,
                    written.geometry,
                    "{}: feature {} has its version's geometry",
                    path.display(),
                    read.id
                );
            }
            if writer.keeps_crs() {
                assert_eq!(data.crs, expected.crs, "{}: the CRS of the same version", path.display());
            }
            is_a
        }
        Writer::GeoTiff => {
            let raster = rustgis_core::raster::Raster::open(path)
                .unwrap_or_else(|e| panic!("{}: the raster does not read: {e}", path.display()));
            let band = raster.read_band(0).expect("the cells read");
            let is_a = band.get(0, 0) == 1.0;
            assert!(band.iter().eq(cells(is_a)), "every cell of one version");
            assert_eq!(raster.crs(), if is_a { Crs::WGS84 } else { Crs::WEB_MERCATOR }, "the CRS of the same version");
            is_a
        }
        Writer::Project => {
            let opened = rustgis_core::project_file::read_file(path)
                .unwrap_or_else(|e| panic!("{}: the project does not read: {e}", path.display()));
            let is_a = opened.project.name == "a";
            assert_eq!(opened.project.layers[0].features.len(), 400);
            assert_eq!(opened.project.layers[0].crs, if is_a { Crs::WGS84 } else { Crs::WEB_MERCATOR });
            is_a
        }
    }
}

/// The child: writes the two versions of one output in turn until it is killed.
#[test]
fn child_writes_two_versions_until_killed() {
    let Ok(spec) = std::env::var(CHILD) else { return };
    let (index, path) = spec.split_once(':').expect("index:path");
    let writer = WRITERS[index.parse::<usize>().expect("an index")].1;
    let path = PathBuf::from(path);
    for round in 0.. {
        write(&path, writer, round % 2 == 0).expect("the child's write succeeds");
    }
}

/// A small random number generator (xorshift), seeded from the clock: kills land anywhere.
struct Random(u64);

impl Random {
    fn new() -> Random {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos());
        Random((nanos as u64) | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Kills `kills` children writing `writer`'s output, each at a random moment after its first
/// complete write, and checks the output after each kill.
fn check_kill_loop(index: usize, kills: usize) {
    let (name, writer) = WRITERS[index];
    let folder = TempFolder::new("crash-safety", &format!("kill-{index}"));
    let path = folder.join(name);
    write(&path, writer, true).expect("the first version is written");
    let mut random = Random::new();
    let mut seen = [false, false];
    for kill in 0..kills {
        let mut child = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", "child_writes_two_versions_until_killed", "--nocapture", "--test-threads=1"])
            .env(CHILD, format!("{index}:{}", path.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the child starts");
        let started = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let deadline = Instant::now() + Duration::from_secs(20);
        // Wait for the child's first write to land, then kill it somewhere in the next ones.
        while std::fs::metadata(&path).and_then(|m| m.modified()).ok() == started && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_micros(random.below(30_000)));
        child.kill().expect("kill -9");
        child.wait().expect("the child is gone");
        let is_a = check_whole(&path, writer);
        seen[usize::from(is_a)] = true;
        // Each write removes what the killed ones before it left: leftovers never pile up.
        let leftovers = folder.file_names().iter().filter(|n| n.starts_with('.')).count();
        assert!(leftovers <= 8, "{name}: after kill {kill}, {leftovers} temporaries: {:?}", folder.file_names());
    }
    // The next write removes what killed writes left behind: only the output remains.
    write(&path, writer, true).expect("a write after the kills");
    let expected: Vec<String> = match name {
        "out.shp" => ["out.cpg", "out.dbf", "out.prj", "out.shp", "out.shx"].map(String::from).to_vec(),
        other => vec![other.to_owned()],
    };
    assert_eq!(folder.file_names(), expected, "{name}: no temporaries, journals or old members are left");
    assert!(seen[0] || seen[1], "{name}");
}

#[test]
fn killed_geojson_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(0, 15);
}

#[test]
fn killed_flatgeobuf_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(1, 15);
}

#[test]
fn killed_shapefile_exports_leave_the_old_or_the_new_set_whole_never_a_mix() {
    check_kill_loop(2, 50);
}

#[test]
fn killed_zipped_shapefile_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(3, 15);
}

#[test]
fn killed_geopackage_exports_leave_the_old_or_the_new_file_whole_and_no_scratch_database() {
    check_kill_loop(4, 30);
}

#[test]
fn killed_csv_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(5, 15);
}

#[test]
fn killed_kml_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(6, 15);
}

#[test]
fn killed_kmz_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(7, 15);
}

#[test]
fn killed_gpx_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(8, 15);
}

#[test]
fn killed_geoparquet_exports_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(9, 15);
}

#[test]
fn killed_geotiff_writes_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(10, 15);
}

#[test]
fn killed_project_saves_leave_the_old_or_the_new_file_whole() {
    check_kill_loop(11, 15);
}

/// A small tmpfs mounted for one test, unmounted when dropped; `None` (and a line saying why on
/// standard error) when it cannot be mounted (not root, no mount permission).
struct SmallDisk {
    dir: PathBuf,
    _folder: TempFolder,
}

impl SmallDisk {
    fn mount(name: &str, kib: u64) -> Option<SmallDisk> {
        let folder = TempFolder::new("crash-safety", &format!("disk-{name}"));
        let dir = folder.join("disk");
        std::fs::create_dir_all(&dir).expect("a mount point");
        let out =
            Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"]).arg(&dir).output();
        match out {
            Ok(out) if out.status.success() => Some(SmallDisk { dir, _folder: folder }),
            Ok(out) => {
                eprintln!(
                    "SKIPPED: the full-disk test needs to mount a tmpfs (as root, as .ci/run does): {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                None
            }
            Err(e) => {
                eprintln!("SKIPPED: the full-disk test cannot run mount: {e}");
                None
            }
        }
    }

    /// Fills the disk to within `left` bytes of full.
    fn fill_leaving(&self, left: u64) {
        let stats = Command::new("df").args(["-B1", "--output=avail"]).arg(&self.dir).output().expect("df");
        let text = String::from_utf8_lossy(&stats.stdout);
        let available: u64 = text.lines().nth(1).and_then(|l| l.trim().parse().ok()).expect("df gives the space left");
        let fill = available.saturating_sub(left);
        std::fs::write(self.dir.join("filler"), vec![0u8; fill as usize]).expect("the disk fills");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let done = Command::new("umount").arg(&self.dir).status();
        if !done.is_ok_and(|s| s.success()) {
            eprintln!("could not unmount {}", self.dir.display());
        }
    }
}

/// Writes version `a` of every output on a small disk, fills the disk, then writes version `b`:
/// each write fails naming the full disk and leaves version `a` whole, and nothing else behind.
#[test]
fn on_a_full_disk_every_write_fails_saying_so_and_leaves_the_old_output_whole() {
    let Some(disk) = SmallDisk::mount("full", 4096) else { return };
    for (name, writer) in WRITERS {
        let path = disk.dir.join(name);
        write(&path, *writer, true).unwrap_or_else(|e| panic!("{name}: the first version fits: {e}"));
    }
    let before = listing(&disk.dir);
    disk.fill_leaving(16 << 10);
    for (name, writer) in WRITERS {
        let path = disk.dir.join(name);
        let error = write(&path, *writer, false).err().unwrap_or_else(|| panic!("{name}: the disk is full"));
        assert!(error.to_string().contains("the disk is full"), "{name}: {error}");
        assert!(check_whole(&path, *writer), "{name}: the old version is still there, whole");
    }
    let expected: std::collections::BTreeSet<String> = before.into_iter().chain(["filler".to_owned()]).collect();
    assert_eq!(listing(&disk.dir), expected, "nothing is left behind");
}

fn listing(dir: &Path) -> std::collections::BTreeSet<String> {
    std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect()
}

/// The variable that makes a run of this binary the child writing past its file-size limit.
const FSIZE_CHILD: &str = "RUSTGIS_FSIZE_CHILD";

/// The child: writes version `b` of a GeoJSON file (about 100 KB) under a file-size limit of 32
/// KiB, and says what came of it.
#[test]
#[allow(clippy::print_stdout, reason = "the child tells its parent what came of the write")]
fn child_writes_past_its_file_size_limit() {
    let Ok(path) = std::env::var(FSIZE_CHILD) else { return };
    match write(Path::new(&path), WRITERS[0].1, false) {
        Ok(()) => println!("WROTE"),
        Err(e) => println!("ERROR: {e}"),
    }
}

#[test]
fn a_write_past_the_file_size_limit_is_an_error_naming_the_limit_not_a_killed_process() {
    let folder = TempFolder::new("crash-safety", "fsize");
    let path = folder.join("out.geojson");
    write(&path, WRITERS[0].1, true).expect("the first version is written");
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -f 64 && exec "$0" --exact child_writes_past_its_file_size_limit --nocapture --test-threads=1"#)
        .arg(exe)
        .env(FSIZE_CHILD, &path)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the child was not killed by SIGXFSZ: {:?}\n{stdout}", out.status);
    assert!(stdout.contains("ERROR: ") && stdout.contains("file-size limit"), "{stdout}");
    assert!(check_whole(&path, WRITERS[0].1), "the old version is still there, whole");
    assert_eq!(folder.file_names(), ["out.geojson"], "no temporary is left");
}

//! Tile pyramids that survive kill -9 and a full disk (issue 34): a child process (this test
//! binary, run again with `RUSTGIS_TILES_CHILD` set) writes two versions of a pyramid (a folder, an
//! MBTiles file) in a loop and is killed at random moments; after each kill the output is one
//! version, whole. On a full disk (a small tmpfs, mounted when the tests run as root) a run fails
//! saying so and leaves the old pyramid whole.
#![cfg(target_os = "linux")]
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rustgis_core::{Color, Project, Session};
use rustgis_render::{TileJob, write_tiles};

const CHILD: &str = "RUSTGIS_TILES_CHILD";

/// Version `a` or `b` of the map: the sample's countries on a red or a blue sea.
fn version(a: bool) -> Project {
    let mut project = Session::with_sample().expect("sample").project().clone();
    project.layers.retain(|l| l.name == "countries");
    project.layers[0].labels = None;
    project.view.background = if a { Color::rgb(255, 0, 0) } else { Color::rgb(0, 0, 255) };
    project
}

fn write(out: &Path, a: bool) -> rustgis_render::Result<()> {
    let mut job = TileJob::new(out, 0..=2);
    job.overwrite = true;
    job.threads = 1;
    write_tiles(&version(a), &job, |_, _| {}).map(|_| ())
}

/// The PNG tiles of a pyramid, by z/x/y, from a folder or an MBTiles file.
fn tiles(out: &Path) -> Vec<Vec<u8>> {
    if out.extension().is_some_and(|e| e == "mbtiles") {
        let db = rusqlite::Connection::open(out).expect("the MBTiles file opens");
        let mut statement = db
            .prepare("SELECT tile_data FROM tiles ORDER BY zoom_level, tile_column, tile_row")
            .expect("the tiles table");
        statement.query_map([], |row| row.get(0)).expect("tiles").map(|t| t.expect("a tile")).collect()
    } else {
        let mut paths = Vec::new();
        for z in 0..=2u32 {
            for x in 0..(1u32 << z) {
                for y in 0..(1u32 << z) {
                    paths.push(out.join(format!("{z}/{x}/{y}.png")));
                }
            }
        }
        paths.iter().map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))).collect()
    }
}

/// Which version the pyramid at `out` is; a panic when it is not one whole version (every tile
/// there, and the sea red in all of them or blue in all of them: tiles of land only say nothing).
fn check_whole(out: &Path) -> bool {
    let tiles = tiles(out);
    assert_eq!(tiles.len(), 21, "every tile of zooms 0–2");
    let (mut red, mut blue) = (0, 0);
    for png in &tiles {
        let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
        let sea = |r, b| pixmap.pixels().iter().any(|p| (p.red(), p.green(), p.blue()) == (r, 0, b));
        red += usize::from(sea(255, 0));
        blue += usize::from(sea(0, 255));
    }
    assert!(red == 0 || blue == 0, "{red} tiles of version a and {blue} of version b");
    assert!(red + blue > 0, "the sea shows somewhere");
    red > 0
}

#[test]
fn child_writes_two_pyramids_until_killed() {
    let Ok(out) = std::env::var(CHILD) else { return };
    for round in 0.. {
        write(Path::new(&out), round % 2 == 0).expect("the child's run succeeds");
    }
}

fn folder(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tile-crashes").join(name);
    if path.exists() {
        std::fs::remove_dir_all(&path).expect("old output can be removed");
    }
    std::fs::create_dir_all(&path).expect("a folder");
    path
}

fn check_kill_loop(name: &str, kills: usize) {
    let dir = folder(name);
    let out = dir.join(name);
    write(&out, true).expect("the first version");
    let mut random =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    for _ in 0..kills {
        let mut child = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", "child_writes_two_pyramids_until_killed", "--nocapture", "--test-threads=1"])
            .env(CHILD, &out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the child starts");
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        std::thread::sleep(Duration::from_millis(200 + random % 1500));
        child.kill().expect("kill -9");
        child.wait().expect("the child is gone");
        check_whole(&out);
    }
    write(&out, true).expect("a run after the kills");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, [name.to_owned()], "no temporaries are left");
}

#[test]
fn killed_runs_leave_the_old_or_the_new_tile_folder_whole() {
    check_kill_loop("tiles", 10);
}

#[test]
fn killed_runs_leave_the_old_or_the_new_mbtiles_file_whole() {
    check_kill_loop("tiles.mbtiles", 10);
}

#[test]
fn on_a_full_disk_a_pyramid_run_fails_saying_so_and_leaves_the_old_one_whole() {
    for name in ["tiles", "tiles.mbtiles"] {
        let dir = folder(&format!("disk-{name}"));
        let mount = Command::new("mount").args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"]).arg(&dir).output();
        match mount {
            Ok(out) if out.status.success() => {}
            other => {
                eprintln!("SKIPPED: the full-disk test needs to mount a tmpfs (as root, as .ci/run does): {other:?}");
                return;
            }
        }
        let out = dir.join(name);
        let result = std::panic::catch_unwind(|| {
            write(&out, true).expect("the first version fits");
            let filler = vec![0u8; 1 << 20];
            for k in 0.. {
                if std::fs::write(dir.join(format!("filler-{k}")), &filler).is_err() {
                    break;
                }
            }
            let error = write(&out, false).expect_err("the disk is full");
            assert!(error.to_string().contains("the disk is full"), "{name}: {error}");
            assert!(check_whole(&out), "{name}: the old pyramid, whole");
            let hidden = std::fs::read_dir(&dir)
                .expect("a folder")
                .filter(|e| e.as_ref().is_ok_and(|e| e.file_name().to_string_lossy().starts_with('.')))
                .count();
            assert_eq!(hidden, 0, "{name}: no temporaries are left");
        });
        let unmounted = Command::new("umount").arg(&dir).status();
        assert!(unmounted.is_ok_and(|s| s.success()), "unmounted");
        if let Err(panic) = result {
            std::panic::resume_unwind(panic);
        }
    }
}

//! Shared helpers for the RustGIS benchmarks: where the bench data lives, skipping with a clear
//! message when it is absent, and the Python peer (GDAL through pyogrio or rasterio) a bench
//! compares with in the same run.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The folder holding the larger benchmark data (`../shared/data/bench` beside the repository),
/// or `RUSTGIS_BENCH_DATA` when set.
pub fn bench_data_dir() -> PathBuf {
    std::env::var_os("RUSTGIS_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench"))
}

/// The path of a bench data file, or `None` (after saying so on stderr) when it is absent.
pub fn bench_file(name: &str) -> Option<PathBuf> {
    let path = bench_data_dir().join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("skipping: bench data {} is absent (set RUSTGIS_BENCH_DATA to its folder)", path.display());
        None
    }
}

/// Installs the map renderer in a session (benches measure with the real renderer).
pub fn install_renderer(session: &mut rustgis_core::Session) {
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::new()));
}

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A Python script of `scripts/` run with the repository's `.venv`, answering one line per
/// request line: the peer (GDAL) doing the same work as RustGIS, timed in the same run.
pub struct PythonPeer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl PythonPeer {
    /// Starts `scripts/<script>`; `None` (said on stderr) when it cannot start.
    pub fn start(script: &str) -> Option<PythonPeer> {
        let python = repo_root().join(".venv/bin/python");
        let mut child = Command::new(&python)
            .arg(repo_root().join("scripts").join(script))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| eprintln!("skipping the GDAL peer: cannot start {} ({e})", python.display()))
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(PythonPeer { child, input, output })
    }

    /// Sends one request line (its parts tab-separated) and returns the answer, a number.
    pub fn ask(&mut self, request: &[&str]) -> u64 {
        writeln!(self.input, "{}", request.join("\t")).expect("the peer takes the request");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("the peer answers");
        line.trim().parse().unwrap_or_else(|_| panic!("the peer answers with a number, not {line:?}"))
    }
}

impl Drop for PythonPeer {
    fn drop(&mut self) {
        if let Err(e) = self.child.kill() {
            eprintln!("the peer already ended: {e}");
        }
        if let Err(e) = self.child.wait() {
            eprintln!("cannot wait for the peer: {e}");
        }
    }
}

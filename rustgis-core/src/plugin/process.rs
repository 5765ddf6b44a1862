//! The one place RustGIS runs another program: a plugin's (or a task's, or a command-line
//! tool's) child process, started from an argv (never through a shell), fed one request on
//! standard input and read line by line from standard output, under a timeout and a bound on
//! what it may write. Whatever the child does (crash, hang, garbage, a flood of output) costs
//! that call only: the child is killed, its threads end with its pipes, and the call is an error.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::Value as Json;

use crate::progress::Progress;

/// The most bytes of standard error kept (the end is kept: the cause of a crash is last).
pub(crate) const MAX_STDERR_BYTES: usize = 64 << 10;

/// A program to start: what, with which arguments, where.
#[derive(Debug, Clone)]
pub(crate) struct Program {
    /// The executable: a path, or a name looked up on `PATH`.
    pub(crate) executable: OsString,
    /// Its arguments.
    pub(crate) args: Vec<OsString>,
    /// Its working folder.
    pub(crate) folder: PathBuf,
}

/// How long a call may take and how much it may write.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CallLimits {
    /// How long the child may run.
    pub(crate) timeout: Duration,
    /// The most bytes of standard output, all lines together.
    pub(crate) max_output: usize,
}

/// How a call ended when it did not end well.
#[derive(Debug)]
pub(crate) enum CallError {
    /// The program could not be started.
    Start(String),
    /// It ran longer than its timeout and was stopped.
    TimedOut(Duration),
    /// The caller cancelled (or the command's run time ended); the child was stopped.
    Cancelled,
    /// It wrote a line that is not JSON (the line's start), or more than it may.
    Garbage(String),
    /// It ended with a failure status.
    Crashed(String),
}

/// What a finished child left: its status and the end of its standard error.
#[derive(Debug)]
pub(crate) struct Finished {
    /// Whether it exited with status 0.
    pub(crate) success: bool,
    /// Its exit status, in words.
    pub(crate) status: String,
    /// The last [`MAX_STDERR_BYTES`] of its standard error.
    pub(crate) stderr: String,
}

/// What a child wrote to standard output, as it arrives.
enum Line {
    Json(Json),
    Garbage(String),
    TooMuch,
}

/// Starts `program`, writes `request` and a newline to its standard input (then closes it) and
/// hands each JSON line it writes to `on_line`. Returns when the child has ended and its
/// output is read; stops (kills) it at the timeout, on cancellation, on a line that is not JSON
/// or past `max_output`.
pub(crate) fn call(
    program: &Program,
    request: &[u8],
    limits: CallLimits,
    progress: &dyn Progress,
    mut on_line: impl FnMut(Json),
) -> Result<Finished, (CallError, String)> {
    let mut child = Command::new(&program.executable)
        .args(&program.args)
        .current_dir(&program.folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            (
                CallError::Start(format!(
                    "cannot start {} in {}: {e}",
                    program.executable.to_string_lossy(),
                    program.folder.display()
                )),
                String::new(),
            )
        })?;
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let mut request = request.to_vec();
    request.push(b'\n');
    // The request is written on a thread of its own: a child that never reads its input must
    // not block this call past its timeout.
    spawn_named("rustgis-child-in", move || {
        if let Some(mut stdin) = stdin {
            // A child that exits without reading closes the pipe; that is its business.
            if let Err(e) = stdin.write_all(&request).and_then(|()| stdin.flush()) {
                tracing::debug!("the child did not read its whole request: {e}");
            }
        }
    });
    let (lines_tx, lines_rx) = mpsc::channel::<Line>();
    let max_output = limits.max_output;
    spawn_named("rustgis-child-out", move || {
        let Some(stdout) = stdout else { return };
        let mut reader = BufReader::new(stdout).take(max_output as u64 + 1);
        let mut line = Vec::new();
        let mut total = 0usize;
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => return,
                Ok(n) => total += n,
            }
            if total > max_output {
                // The receiver may be gone (the call ended); nothing more to tell then.
                if lines_tx.send(Line::TooMuch).is_err() {
                    tracing::debug!("a child's output past its bound came after its call ended");
                }
                return;
            }
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let parsed = match serde_json::from_str::<Json>(text.trim()) {
                Ok(json) => Line::Json(json),
                Err(_) => Line::Garbage(text.chars().take(200).collect()),
            };
            if lines_tx.send(parsed).is_err() {
                return;
            }
        }
    });
    let (stderr_tx, stderr_rx) = mpsc::channel::<String>();
    spawn_named("rustgis-child-err", move || {
        let Some(mut stderr) = stderr else { return };
        let mut kept: Vec<u8> = Vec::new();
        let mut buffer = [0u8; 8192];
        while let Ok(n) = stderr.read(&mut buffer) {
            if n == 0 {
                break;
            }
            kept.extend_from_slice(&buffer[..n]);
            if kept.len() > MAX_STDERR_BYTES {
                kept.drain(..kept.len() - MAX_STDERR_BYTES);
            }
        }
        if stderr_tx.send(String::from_utf8_lossy(&kept).into_owned()).is_err() {
            tracing::debug!("a child's standard error came after its call ended");
        }
    });
    let started = Instant::now();
    let stop = |child: &mut Child, error: CallError| {
        stop_child(child);
        let stderr = stderr_rx.recv_timeout(Duration::from_millis(200)).unwrap_or_default();
        Err((error, stderr))
    };
    loop {
        let left = limits.timeout.saturating_sub(started.elapsed());
        if left.is_zero() {
            return stop(&mut child, CallError::TimedOut(limits.timeout));
        }
        if progress.is_cancelled() {
            return stop(&mut child, CallError::Cancelled);
        }
        match lines_rx.recv_timeout(left.min(Duration::from_millis(25))) {
            Ok(Line::Json(json)) => on_line(json),
            Ok(Line::Garbage(start)) => {
                return stop(&mut child, CallError::Garbage(format!("it wrote a line that is not JSON: {start:?}")));
            }
            Ok(Line::TooMuch) => {
                return stop(&mut child, CallError::Garbage(format!("it wrote more than {} bytes", limits.max_output)));
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    // Standard output is closed: wait for the child itself, still under the timeout.
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let stderr = stderr_rx.recv_timeout(Duration::from_millis(500)).unwrap_or_default();
                let finished = Finished { success: status.success(), status: status.to_string(), stderr };
                if !finished.success {
                    let message = format!("it ended with {}", finished.status);
                    return Err((CallError::Crashed(message), finished.stderr));
                }
                return Ok(finished);
            }
            Ok(None) if started.elapsed() >= limits.timeout => {
                return stop(&mut child, CallError::TimedOut(limits.timeout));
            }
            Ok(None) if progress.is_cancelled() => return stop(&mut child, CallError::Cancelled),
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return stop(&mut child, CallError::Crashed(format!("cannot wait for it: {e}"))),
        }
    }
}

/// Kills a child and reaps it, so no zombie is left.
fn stop_child(child: &mut Child) {
    // Killing a child that has just exited fails; it is reaped below either way.
    if let Err(e) = child.kill() {
        tracing::debug!("killing a child that may have exited already: {e}");
    }
    if let Err(e) = child.wait() {
        tracing::warn!("cannot reap a stopped child: {e}");
    }
}

fn spawn_named(name: &str, work: impl FnOnce() + Send + 'static) {
    // The threads end with the child's pipes; none holds anything the session needs.
    if let Err(e) = std::thread::Builder::new().name(name.to_owned()).spawn(work) {
        tracing::warn!("cannot start the thread {name}: {e}; the call ends when the child does");
    }
}

/// How a command-line tool's run ended: its status and the ends of its output.
#[derive(Debug)]
pub(crate) struct ToolRun {
    /// Whether it exited with status 0.
    pub(crate) success: bool,
    /// Its exit status, in words.
    pub(crate) status: String,
    /// The last [`MAX_STDERR_BYTES`] of its standard output.
    pub(crate) stdout: String,
    /// The last [`MAX_STDERR_BYTES`] of its standard error.
    pub(crate) stderr: String,
}

/// Runs a command-line tool (no standard input) until it ends, keeping the ends of its output;
/// stops it at the timeout or on cancellation.
pub(crate) fn run_tool(program: &Program, timeout: Duration, progress: &dyn Progress) -> Result<ToolRun, CallError> {
    let mut child = Command::new(&program.executable)
        .args(&program.args)
        .current_dir(&program.folder)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CallError::Start(format!("cannot start {}: {e}", program.executable.to_string_lossy())))?;
    let (out_tx, out_rx) = mpsc::channel::<String>();
    let (err_tx, err_rx) = mpsc::channel::<String>();
    if let Some(stdout) = child.stdout.take() {
        spawn_named("rustgis-tool-out", move || keep_tail(stdout, &out_tx));
    }
    if let Some(stderr) = child.stderr.take() {
        spawn_named("rustgis-tool-err", move || keep_tail(stderr, &err_tx));
    }
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let wait = Duration::from_millis(500);
                return Ok(ToolRun {
                    success: status.success(),
                    status: status.to_string(),
                    stdout: out_rx.recv_timeout(wait).unwrap_or_default(),
                    stderr: err_rx.recv_timeout(wait).unwrap_or_default(),
                });
            }
            Ok(None) if started.elapsed() >= timeout => {
                stop_child(&mut child);
                return Err(CallError::TimedOut(timeout));
            }
            Ok(None) if progress.is_cancelled() => {
                stop_child(&mut child);
                return Err(CallError::Cancelled);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => {
                stop_child(&mut child);
                return Err(CallError::Crashed(format!("cannot wait for it: {e}")));
            }
        }
    }
}

fn keep_tail(mut from: impl Read, to: &mpsc::Sender<String>) {
    let mut kept: Vec<u8> = Vec::new();
    let mut buffer = [0u8; 8192];
    while let Ok(n) = from.read(&mut buffer) {
        if n == 0 {
            break;
        }
        kept.extend_from_slice(&buffer[..n]);
        if kept.len() > MAX_STDERR_BYTES {
            kept.drain(..kept.len() - MAX_STDERR_BYTES);
        }
    }
    if to.send(String::from_utf8_lossy(&kept).into_owned()).is_err() {
        tracing::debug!("a tool's output came after its run ended");
    }
}

/// The first file named `name` in the folders of `PATH` that is a regular file.
pub(crate) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| candidate.is_file())
}

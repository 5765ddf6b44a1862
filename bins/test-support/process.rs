//! A child process the hosts' end-to-end tests speak to in JSON lines (a host on its standard
//! input, an MCP client), killed if a test ends while it runs: included by path
//! (`#[path = "../../test-support/process.rs"] mod process;`).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::Value as Json;

/// How long one line may take before the test gives up (generous for a loaded debug build).
const LINE_WAIT: Duration = Duration::from_secs(60);

pub(crate) struct Process {
    pub(crate) child: Child,
    pub(crate) stdin: Option<ChildStdin>,
    /// The lines the process prints, read on a thread of their own so a wait can end.
    lines: Receiver<String>,
}

impl Process {
    /// Starts `command` with its standard input and output piped (standard error as the command
    /// sets it: inherited unless the test chose otherwise).
    pub(crate) fn spawn(command: &mut Command) -> Process {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("it starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Process { child, stdin, lines }
    }

    /// Writes one line to the process.
    pub(crate) fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("the process reads");
    }

    /// Reads one JSON line from the process (waiting at most a minute).
    pub(crate) fn recv(&mut self) -> Json {
        let line = match self.lines.recv_timeout(LINE_WAIT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("the process printed nothing within {LINE_WAIT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the process ended without answering"),
        };
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
    }

    /// Closes standard input and returns every line the process prints after, up to the end of
    /// its output.
    #[allow(dead_code, reason = "included by path; not every test binary reads to the end")]
    pub(crate) fn close_and_read_to_end(&mut self) -> Vec<String> {
        drop(self.stdin.take());
        let mut rest = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(LINE_WAIT) {
            rest.push(line);
        }
        rest
    }

    /// Closes standard input, waits for the process to end and returns how it ended and what it
    /// wrote to standard error (which the command must pipe).
    #[allow(dead_code, reason = "included by path; not every test binary reads standard error")]
    pub(crate) fn close_and_wait_with_stderr(&mut self) -> (ExitStatus, String) {
        drop(self.stdin.take());
        // Read to the end before waiting, so a process with much to say is never stuck on a full pipe.
        let mut stderr = String::new();
        self.child.stderr.take().expect("stderr is piped").read_to_string(&mut stderr).expect("stderr reads");
        (self.child.wait().expect("the process ends"), stderr)
    }

    /// Closes standard input and waits for a successful exit.
    #[allow(dead_code, reason = "included by path; not every test binary closes its process")]
    pub(crate) fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the process ends");
        assert!(status.success(), "{status}");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if let Ok(None) = self.child.try_wait() {
            if let Err(e) = self.child.kill() {
                eprintln!("cannot end a test process: {e}");
            }
            if let Err(e) = self.child.wait() {
                eprintln!("cannot reap a test process: {e}");
            }
        }
    }
}

//! A child process the hosts' end-to-end tests speak to in JSON lines (a host on its standard
//! input, an MCP client), killed if a test ends while it runs: included by path
//! (`#[path = "../../test-support/process.rs"] mod process;`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value as Json;

pub(crate) struct Process {
    pub(crate) child: Child,
    pub(crate) stdin: Option<ChildStdin>,
    pub(crate) stdout: BufReader<ChildStdout>,
}

impl Process {
    /// Starts `command` with its standard input and output piped (standard error as the command
    /// sets it: inherited unless the test chose otherwise).
    pub(crate) fn spawn(command: &mut Command) -> Process {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("it starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Process { child, stdin, stdout }
    }

    /// Writes one line to the process.
    pub(crate) fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("the process reads");
    }

    /// Reads one JSON line from the process.
    pub(crate) fn recv(&mut self) -> Json {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("the process writes");
        assert!(n > 0, "the process ended without answering");
        serde_json::from_str(&line).expect("a JSON line")
    }

    /// Closes standard input and waits for a successful exit.
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

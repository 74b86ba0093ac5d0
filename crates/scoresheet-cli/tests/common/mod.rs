//! Shared by the CLI test binaries: run `scoresheet` with arguments and standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`, writing `stdin` to it, and collects its output.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    // Write from another thread: the binary's output may fill its pipe before it has read all
    // its input. A binary that stops early (usage error) may not read it all: not a failure.
    let mut pipe = child.stdin.take().expect("piped stdin");
    let input = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let output = child.wait_with_output().expect("binary finishes");
    let _ = writer.join();
    output
}

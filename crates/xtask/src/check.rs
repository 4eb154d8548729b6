//! `check-bundles`: every judge program's bundle compiles cleanly with plain rustc (both
//! `--edition 2021` and the default edition 2015), fits a judge's size limit, and
//! behaves exactly like the workspace binary on its cases.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use cargo_metadata::{Message, TargetKind};

use crate::workspace::{case_inputs, Binary, Workspace};

/// The largest bundle a judge accepts, in bytes (64 KiB).
pub const MAX_BUNDLE_BYTES: usize = 64 * 1024;

/// How `check-bundles` runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Judge programs checked at once (each compiles with `rustc -O`).
    pub jobs: usize,
    /// The cargo profile the workspace binaries are built with (default `test`: the
    /// dev profile with the workspace's optimisation, and what `cargo test` built).
    pub profile: String,
    /// Longest run of one program on one case file.
    pub timeout: Duration,
    /// Cargo's target folder for the workspace build (default: the workspace's own).
    pub target_dir: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            jobs: 2,
            profile: "test".to_owned(),
            timeout: Duration::from_secs(60),
            target_dir: None,
        }
    }
}

/// What was checked for one judge program.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The binary's name.
    pub name: String,
    /// The bundle's size in bytes.
    pub bytes: usize,
    /// Case files on which both programs agreed.
    pub cases: usize,
}

/// Checks every judge program of `ws` (see [`Workspace::judge_programs`]); prints one
/// line per program and returns what was checked.
///
/// # Errors
///
/// The workspace does not build, or any judge program fails a check (all failures are
/// listed).
pub fn check_bundles(ws: &Workspace, options: &Options) -> Result<Vec<Checked>> {
    let judges = ws.judge_programs();
    if judges.is_empty() {
        println!("bundle check: no judge programs (binaries with tests/cases/<name>/*.in)");
        return Ok(Vec::new());
    }
    let executables = build(ws, options)?;
    let scratch = tempfile::tempdir().context("cannot make a scratch folder")?;
    let queue = Mutex::new(judges.clone());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let Some(judge) = queue.lock().unwrap().pop() else {
                    break;
                };
                let result = match executables.iter().find(|(name, _)| *name == judge.name) {
                    Some((_, exe)) => check_one(ws, judge, exe, scratch.path(), options),
                    None => Err(anyhow::anyhow!(
                        "cargo built no executable `{}`",
                        judge.name
                    )),
                };
                match &result {
                    Ok(checked) => println!(
                        "bundle {}: {} bytes, {} case files identical",
                        checked.name, checked.bytes, checked.cases
                    ),
                    Err(error) => println!("bundle {}: FAILED: {error:#}", judge.name),
                }
                results.lock().unwrap().push((judge.name.clone(), result));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let failed: Vec<&str> = results
        .iter()
        .filter(|(_, r)| r.is_err())
        .map(|(name, _)| name.as_str())
        .collect();
    println!(
        "bundles: {} passed, {} failed",
        results.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        bail!("bundles failed: {}", failed.join(", "));
    }
    Ok(results.into_iter().filter_map(|(_, r)| r.ok()).collect())
}

/// Builds the root package's binaries with cargo; returns (name, executable) pairs.
fn build(ws: &Workspace, options: &Options) -> Result<Vec<(String, PathBuf)>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&ws.root)
        .args([
            "build",
            "--bins",
            "--message-format=json-render-diagnostics",
            "-p",
        ])
        .arg(&ws.package)
        .arg("--manifest-path")
        .arg(ws.root.join("Cargo.toml"))
        .stdout(Stdio::piped());
    command.args(["--profile", &options.profile]);
    if let Some(dir) = &options.target_dir {
        command.env("CARGO_TARGET_DIR", dir);
    }
    let mut child = command.spawn().context("cannot run cargo build")?;
    let stdout = child.stdout.take().context("no cargo stdout")?;
    let mut executables = Vec::new();
    for message in Message::parse_stream(std::io::BufReader::new(stdout)) {
        if let Message::CompilerArtifact(artifact) = message.context("reading cargo's messages")? {
            if let Some(exe) = artifact.executable {
                if artifact.target.is_kind(TargetKind::Bin) {
                    executables.push((artifact.target.name.clone(), exe.into()));
                }
            }
        }
    }
    let status = child.wait()?;
    if !status.success() {
        bail!("cargo build of `{}` failed ({status})", ws.package);
    }
    Ok(executables)
}

/// Bundles, compiles and runs one judge program against the workspace binary `exe`.
fn check_one(
    ws: &Workspace,
    judge: &Binary,
    exe: &Path,
    scratch: &Path,
    options: &Options,
) -> Result<Checked> {
    let name = &judge.name;
    let text = crate::bundle(ws, name)?;
    if text.len() > MAX_BUNDLE_BYTES {
        bail!(
            "the bundle is {} bytes, over the {MAX_BUNDLE_BYTES}-byte limit",
            text.len()
        );
    }
    let dir = scratch.join(name);
    fs::create_dir_all(&dir)?;
    let source = dir.join("main.rs");
    fs::write(&source, &text)?;
    // What the issue asks (`--edition 2021`), and what a judge running plain
    // `rustc -O main.rs` gets (edition 2015).
    let mut builds = Vec::new();
    for edition in [Some("2021"), None] {
        let label = edition.map_or("plain `rustc -O` (edition 2015)", |_| {
            "`rustc --edition 2021 -O`"
        });
        let bundled = dir.join(format!("main-{}", edition.unwrap_or("2015")));
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let mut command = Command::new(rustc);
        if let Some(edition) = edition {
            command.args(["--edition", edition]);
        }
        let output = command
            .args(["-O", "-o"])
            .arg(&bundled)
            .arg(&source)
            .output()
            .context("cannot run rustc")?;
        if !output.status.success() || !output.stderr.is_empty() {
            bail!(
                "{label} on the bundle {}:\n{}",
                if output.status.success() {
                    "warns"
                } else {
                    "fails"
                },
                String::from_utf8_lossy(&output.stderr)
            );
        }
        builds.push((label, bundled));
    }
    let inputs = case_inputs(&ws.cases_dir(name));
    let mut differences = Vec::new();
    for input in &inputs {
        let case = input.file_stem().unwrap_or_default().to_string_lossy();
        let args: Vec<String> = fs::read_to_string(input.with_extension("args"))
            .map(|text| text.lines().map(str::to_owned).collect())
            .unwrap_or_default();
        let stdin = fs::read(input)?;
        let expected = run(exe, &args, &stdin, options.timeout)
            .with_context(|| format!("workspace binary on {case}"))?;
        for (label, bundled) in &builds {
            let got = run(bundled, &args, &stdin, options.timeout)
                .with_context(|| format!("bundle built by {label} on {case}"))?;
            if let Some(difference) = compare(&expected, &got) {
                differences.push(format!("{case} (built by {label}): {difference}"));
            }
        }
    }
    if !differences.is_empty() {
        bail!(
            "the bundle differs from the workspace binary:\n{}",
            differences.join("\n")
        );
    }
    Ok(Checked {
        name: name.clone(),
        bytes: text.len(),
        cases: inputs.len(),
    })
}

/// What one run printed.
#[derive(Debug)]
pub struct Run {
    /// Exit status.
    pub status: ExitStatus,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
}

/// Runs `exe` with `args`, feeding it `stdin`; kills it after `timeout`.
///
/// # Errors
///
/// The program cannot start, or it ran longer than `timeout`.
pub fn run(exe: &Path, args: &[String], stdin: &[u8], timeout: Duration) -> Result<Run> {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {}", exe.display()))?;
    let mut pipe = child.stdin.take().context("no stdin")?;
    let input = stdin.to_vec();
    // The program may stop reading early: a broken pipe is not a failure.
    let writer = std::thread::spawn(move || drop(pipe.write_all(&input)));
    let read = |mut source: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = source.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read(Box::new(child.stdout.take().context("no stdout")?));
    let stderr = read(Box::new(child.stderr.take().context("no stderr")?));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            bail!("{} ran longer than {timeout:?}", exe.display());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    Ok(Run {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Describes the first difference between two runs (status, stdout, stderr), if any.
pub fn compare(expected: &Run, got: &Run) -> Option<String> {
    if expected.status.code() != got.status.code() {
        return Some(format!(
            "exit status {:?}, expected {:?}",
            got.status.code(),
            expected.status.code()
        ));
    }
    for (stream, expected, got) in [
        ("stdout", &expected.stdout, &got.stdout),
        ("stderr", &expected.stderr, &got.stderr),
    ] {
        if expected == got {
            continue;
        }
        let offset = expected
            .iter()
            .zip(got.iter())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.len().min(got.len()));
        let line = expected[..offset].iter().filter(|&&b| b == b'\n').count() + 1;
        let line_of = |bytes: &[u8]| {
            String::from_utf8_lossy(bytes.split(|&b| b == b'\n').nth(line - 1).unwrap_or(b""))
                .into_owned()
        };
        return Some(format!(
            "{stream} differs at line {line} ({} vs {} bytes): got {:?}, expected {:?}",
            got.len(),
            expected.len(),
            line_of(got),
            line_of(expected)
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    fn run_of(code: i32, stdout: &str, stderr: &str) -> Run {
        Run {
            status: ExitStatus::from_raw(code << 8),
            stdout: stdout.as_bytes().to_vec(),
            stderr: stderr.as_bytes().to_vec(),
        }
    }

    #[test]
    fn identical_runs_compare_equal() {
        assert_eq!(
            compare(
                &run_of(1, "a\nb\n", "line 2: x\n"),
                &run_of(1, "a\nb\n", "line 2: x\n")
            ),
            None
        );
    }

    #[test]
    fn differences_name_the_stream_and_the_line() {
        let expected = run_of(0, "a\nb\nc\n", "");
        let status = compare(&expected, &run_of(1, "a\nb\nc\n", "")).unwrap();
        assert_eq!(status, "exit status Some(1), expected Some(0)");
        let stdout = compare(&expected, &run_of(0, "a\nB\nc\n", "")).unwrap();
        assert!(
            stdout.starts_with("stdout differs at line 2 (6 vs 6 bytes)"),
            "{stdout}"
        );
        assert!(stdout.contains("got \"B\", expected \"b\""), "{stdout}");
        let missing = compare(&expected, &run_of(0, "a\nb\n", "")).unwrap();
        assert!(
            missing.starts_with("stdout differs at line 3 (4 vs 6 bytes)"),
            "{missing}"
        );
        let stderr = compare(&expected, &run_of(0, "a\nb\nc\n", "oops\n")).unwrap();
        assert!(stderr.starts_with("stderr differs at line 1"), "{stderr}");
    }
}

//! `check-bundles`: every judge program's bundle compiles cleanly with plain rustc, the
//! current compiler under every edition and the old one (Debian 12's rustc 1.63) under
//! the editions it knows, fits a judge's size limit, and behaves exactly like the
//! workspace binary on its cases; and every library a judge program may inline compiles,
//! whole, with the old compiler, each error traced to the workspace file it came from.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use cargo_metadata::{Message, TargetKind};

use crate::compilers::{self, Build, Compiler};
use crate::workspace::{case_inputs, Binary, Workspace};

pub use crate::limits::{MAX_BUNDLE_BYTES, ROOM_BUNDLE_BYTES};

/// How a bundle of `bytes` bytes stands against [`ROOM_BUNDLE_BYTES`] and
/// [`MAX_BUNDLE_BYTES`], for a person: `58000 bytes, 3440 below 60 KiB (61440), 7536
/// below the 64 KiB limit`.
#[must_use]
pub fn describe_size(bytes: usize) -> String {
    let room = match ROOM_BUNDLE_BYTES.checked_sub(bytes) {
        Some(room) => format!("{room} below 60 KiB ({ROOM_BUNDLE_BYTES})"),
        None => format!(
            "WARNING: {} over 60 KiB ({ROOM_BUNDLE_BYTES})",
            bytes - ROOM_BUNDLE_BYTES
        ),
    };
    let limit = match MAX_BUNDLE_BYTES.checked_sub(bytes) {
        Some(left) => format!("{left} below the 64 KiB limit ({MAX_BUNDLE_BYTES})"),
        None => format!(
            "{} over the 64 KiB limit ({MAX_BUNDLE_BYTES})",
            bytes - MAX_BUNDLE_BYTES
        ),
    };
    format!("{bytes} bytes, {room}, {limit}")
}

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
    /// The old compiler (default Debian's `/usr/bin/rustc`, 1.63 on Debian 12).
    pub old_rustc: PathBuf,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            jobs: 2,
            profile: "test".to_owned(),
            timeout: Duration::from_secs(60),
            target_dir: None,
            old_rustc: PathBuf::from(compilers::DEBIAN_RUSTC),
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
    /// Case files on which every build agreed with the workspace binary.
    pub cases: usize,
    /// The builds (compiler and edition) that compiled without any message.
    pub builds: Vec<String>,
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
    let compilers = compilers::detect(&options.old_rustc)?;
    for compiler in &compilers {
        println!(
            "compiler {compiler}: editions {}",
            compiler.editions.join(", ")
        );
    }
    let scratch = tempfile::tempdir().context("cannot make a scratch folder")?;
    let old: Vec<&Compiler> = compilers.iter().filter(|c| c.old).collect();
    let library_failures = check_libraries(ws, &old, scratch.path())?;
    let executables = build(ws, options)?;
    let queue = Mutex::new(judges.clone());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let Some(judge) = queue.lock().unwrap().pop() else {
                    break;
                };
                let result = match executables.iter().find(|(name, _)| *name == judge.name) {
                    Some((_, exe)) => {
                        check_one(ws, judge, exe, &compilers, scratch.path(), options)
                    }
                    None => Err(anyhow::anyhow!(
                        "cargo built no executable `{}`",
                        judge.name
                    )),
                };
                match &result {
                    Ok(checked) => println!(
                        "bundle {}: {}; {} builds, {} case files identical",
                        checked.name,
                        describe_size(checked.bytes),
                        checked.builds.len(),
                        checked.cases
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
    print_matrix(&compilers, &results);
    warn_if_crowded(&results);
    println!(
        "bundles: {} passed, {} failed",
        results.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() || !library_failures.is_empty() {
        let mut failures: Vec<String> = library_failures
            .iter()
            .map(|f| format!("library {}", f.library))
            .collect();
        failures.extend(failed.iter().map(|name| format!("bundle {name}")));
        bail!("failed: {}", failures.join(", "));
    }
    Ok(results.into_iter().filter_map(|(_, r)| r.ok()).collect())
}

/// Prints a warning naming the bundles over [`ROOM_BUNDLE_BYTES`], if any.
fn warn_if_crowded(results: &[(String, Result<Checked>)]) {
    let crowded: Vec<String> = results
        .iter()
        .filter_map(|(name, result)| result.as_ref().ok().map(|checked| (name, checked.bytes)))
        .filter(|(_, bytes)| *bytes > ROOM_BUNDLE_BYTES)
        .map(|(name, bytes)| format!("{name} ({bytes} bytes)"))
        .collect();
    if !crowded.is_empty() {
        println!(
            "warning: over 60 KiB ({ROOM_BUNDLE_BYTES} bytes), little room left below the \
             {MAX_BUNDLE_BYTES}-byte limit: {}",
            crowded.join(", ")
        );
    }
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
    compilers: &[Compiler],
    scratch: &Path,
    options: &Options,
) -> Result<Checked> {
    let name = &judge.name;
    let text = crate::bundle(ws, name)?;
    if text.len() > MAX_BUNDLE_BYTES {
        bail!("the bundle is too large: {}", describe_size(text.len()));
    }
    let dir = scratch.join(name);
    fs::create_dir_all(&dir)?;
    let builds = compile_everywhere(ws, judge, &text, &dir, compilers)?;
    let cases = compare_cases(ws, name, exe, &builds, options)?;
    Ok(Checked {
        name: name.clone(),
        bytes: text.len(),
        cases,
        builds: builds.into_iter().map(|(label, _)| label).collect(),
    })
}

/// Writes `text`, the bundle of `judge`, to `dir` and compiles it with every compiler
/// under every edition it knows (a judge running plain `rustc -O main.rs` compiles as
/// edition 2015, others pass an edition); returns each build's label and executable.
///
/// # Errors
///
/// A compiler cannot be run, or any build gives an error or a warning (each traced to
/// the workspace's sources).
fn compile_everywhere(
    ws: &Workspace,
    judge: &Binary,
    text: &str,
    dir: &Path,
    compilers: &[Compiler],
) -> Result<Vec<(String, PathBuf)>> {
    let source = dir.join("main.rs");
    fs::write(&source, text)?;
    let mut builds = Vec::new();
    let mut refused = Vec::new();
    for compiler in compilers {
        for &edition in &compiler.editions {
            let build = Build { compiler, edition };
            let bundled = dir.join(format!("main-{}", build.tag()));
            let output = Command::new(&compiler.command)
                .args(["--edition", edition, "-O", "-o"])
                .arg(&bundled)
                .arg(&source)
                .output()
                .with_context(|| format!("cannot run {}", compiler.command.display()))?;
            if output.status.success() && output.stderr.is_empty() {
                builds.push((build.to_string(), bundled));
                continue;
            }
            let stderr = String::from_utf8_lossy(&output.stderr);
            let traced =
                crate::locate::trace(ws, Some(&judge.root), text, &source, &stderr).join("\n");
            refused.push(format!(
                "{build} {} the bundle; in the workspace's sources:\n{traced}\n{stderr}",
                if output.status.success() {
                    "warns on"
                } else {
                    "fails on"
                },
            ));
        }
    }
    if !refused.is_empty() {
        bail!("{}", refused.join("\n"));
    }
    Ok(builds)
}

/// Runs the workspace binary `exe` and every build in `builds` on each case file of the
/// judge program `name`; returns how many case files there are.
///
/// # Errors
///
/// A program cannot be run or times out, or any build differs from `exe` (all listed).
fn compare_cases(
    ws: &Workspace,
    name: &str,
    exe: &Path,
    builds: &[(String, PathBuf)],
    options: &Options,
) -> Result<usize> {
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
        for (label, bundled) in builds {
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
    Ok(inputs.len())
}

/// Compiles every workspace library that a judge program may inline (those the root
/// package depends on, and theirs), whole and unpruned ([`crate::library_source`]), as
/// a library with each old compiler under each of its editions. Prints one line per
/// library; returns the failures, each with rustc's message and the workspace file and
/// line of each error (also printed).
///
/// # Errors
///
/// A library cannot be prepared or rustc cannot be run.
pub fn check_libraries(
    ws: &Workspace,
    compilers: &[&Compiler],
    scratch: &Path,
) -> Result<Vec<LibraryFailure>> {
    let order = library_order(ws)?;
    let mut failures: Vec<LibraryFailure> = Vec::new();
    for lib in &order {
        let failed_dep = ws.libraries[lib]
            .dependencies
            .iter()
            .find(|dep| failures.iter().any(|f| &f.library == *dep));
        if let Some(dep) = failed_dep {
            println!("library {lib}: not compiled, since `{dep}`, which it uses, failed");
            continue;
        }
        let (passed, problems) = compile_library(ws, lib, compilers, scratch)?;
        if problems.is_empty() {
            println!("library {lib}: compiles with {}", passed.join(", "));
        } else {
            let report = problems.join("\n");
            println!("library {lib}: FAILED: {report}");
            failures.push(LibraryFailure {
                library: lib.clone(),
                report,
            });
        }
    }
    Ok(failures)
}

/// The workspace libraries a judge program may inline (those the root package depends
/// on, and theirs), each after the libraries it uses.
///
/// # Errors
///
/// The libraries depend on each other in a cycle.
fn library_order(ws: &Workspace) -> Result<Vec<String>> {
    let mut reachable: Vec<String> = ws.root_dependencies.iter().cloned().collect();
    let mut index = 0;
    while index < reachable.len() {
        if let Some(library) = ws.libraries.get(&reachable[index]) {
            for dep in &library.dependencies {
                if !reachable.contains(dep) {
                    reachable.push(dep.clone());
                }
            }
        }
        index += 1;
    }
    reachable.sort();
    // Dependencies first; a library whose dependency failed is not compiled (its file
    // holds the dependency, whose errors are already reported).
    let mut order: Vec<String> = Vec::new();
    while order.len() < reachable.len() {
        let before = order.len();
        for lib in &reachable {
            let ready = ws.libraries[lib]
                .dependencies
                .iter()
                .all(|dep| order.contains(dep) || !reachable.contains(dep));
            if ready && !order.contains(lib) {
                order.push(lib.clone());
            }
        }
        if order.len() == before {
            bail!("the workspace libraries depend on each other in a cycle");
        }
    }
    Ok(order)
}

/// Compiles the whole of `lib` ([`crate::library_source`]) as a library with each
/// compiler under each of its editions; returns the builds that passed and, for each
/// that did not, rustc's message with the workspace lines it traces to.
///
/// # Errors
///
/// The library cannot be prepared or rustc cannot be run.
fn compile_library(
    ws: &Workspace,
    lib: &str,
    compilers: &[&Compiler],
    scratch: &Path,
) -> Result<(Vec<String>, Vec<String>)> {
    let text = crate::library_source(ws, lib)?;
    let source = scratch.join(format!("lib-{lib}.rs"));
    fs::write(&source, &text)?;
    let mut problems = Vec::new();
    let mut passed = Vec::new();
    for compiler in compilers {
        for &edition in &compiler.editions {
            let build = Build { compiler, edition };
            // Errors only: unused items are expected, the library being whole.
            let output = Command::new(&compiler.command)
                .args(["--edition", edition, "--crate-type", "lib", "--crate-name"])
                .arg(format!("lib_{lib}"))
                .args(["--emit=metadata", "-A", "warnings", "--out-dir"])
                .arg(scratch)
                .arg(&source)
                .output()
                .with_context(|| format!("cannot run {}", compiler.command.display()))?;
            if output.status.success() {
                passed.push(build.to_string());
                continue;
            }
            let stderr = String::from_utf8_lossy(&output.stderr);
            let traced = crate::locate::trace(ws, None, &text, &source, &stderr);
            problems.push(format!(
                "{build} refuses code of `{lib}`:\n{}\n{stderr}",
                traced.join("\n")
            ));
        }
    }
    Ok((passed, problems))
}

/// A library the old compiler refused.
#[derive(Clone, Debug)]
pub struct LibraryFailure {
    /// The library's name (`congo`).
    pub library: String,
    /// For each refusing build: the workspace lines traced, then rustc's message.
    pub report: String,
}

/// Prints how many judge programs compiled cleanly under each compiler and edition.
fn print_matrix(compilers: &[Compiler], results: &[(String, Result<Checked>)]) {
    println!("compiled without errors or warnings, and identical on every case file:");
    for compiler in compilers {
        for &edition in &compiler.editions {
            let label = Build { compiler, edition }.to_string();
            let passed = results
                .iter()
                .filter(|(_, r)| r.as_ref().is_ok_and(|c| c.builds.contains(&label)))
                .count();
            println!("  {label}: {passed} of {} programs", results.len());
        }
    }
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

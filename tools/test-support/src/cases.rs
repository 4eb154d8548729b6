//! Snapshot tests of the programs: the case runner of each package's `tests/cases.rs`.
//!
//! Every program `NAME` tested this way has a folder `tests/cases/NAME/` in its package.
//! Each `CASE.in` in it is fed to the program on standard input (with the arguments
//! listed in `CASE.args`, one per line, when that file exists). The exit status, the
//! input, standard output and standard error are pinned by an insta snapshot
//! `tests/snapshots/NAME__CASE.snap` of the package, whose header names the input file
//! (`input_file`). The input is shown as numbered lines, and each error `line N: ...` of
//! standard error right under the input line `N` it is about (when the errors come in
//! input order; else standard error is shown whole). For an input of two or more cases
//! (a count then cases of a fixed number of lines, or one case a line, as [`judge!`]
//! says per program), each case is also run alone: when those answers make up the whole
//! output exactly, each is shown under its case's last line (`= ...`) instead of
//! standard output (which is then pinned through them). When `CASE.out` exists
//! (expected outputs copied from the problem statements and the shared vectors),
//! standard output must also equal it byte for byte, and a mismatch is shown as a line
//! diff. Every case of a program runs; the test then fails once, naming every failing
//! case, without a backtrace whatever `RUST_BACKTRACE` says.
//!
//! [`judge!`]: crate::judge

use std::fs;
use std::path::Path;
use std::sync::Once;

use insta::internals::TextSnapshotContents;
use similar::TextDiff;

/// Longest input line shown in full in a snapshot; longer lines are cut.
const SHOWN_LINE: usize = 100;

/// One input line as shown (`text`, without its newline; `len` counts it): lossy UTF-8,
/// control characters and the byte-order mark escaped (`\r`, `\u{feff}`), cut after
/// [`SHOWN_LINE`] bytes and marked with its length.
fn shown_line(text: &[u8], len: usize) -> String {
    let cut = &text[..text.len().min(SHOWN_LINE)];
    let mut shown: String = String::from_utf8_lossy(cut)
        .chars()
        .map(|c| match c {
            '\t' => c.to_string(),
            _ if c.is_control() || c == '\u{feff}' => c.escape_default().to_string(),
            _ => c.to_string(),
        })
        .collect();
    if len > SHOWN_LINE {
        shown.push_str(&format!("… ({len} bytes in all)"));
    }
    shown
}

/// The input section of a report: each line numbered (from 1), with the `errors` that
/// name it (`line N: ...`, in input order) right under it, then the `answers` given
/// after it (`= ...`: the output of the case that ends on that line).
fn input_section(input: &[u8], errors: &[(usize, &str)], answers: &[Answer]) -> String {
    if input.is_empty() {
        return "(empty)\n".to_owned();
    }
    let lines: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    let width = lines.len().to_string().len();
    let mut errors = errors.iter().peekable();
    let mut answers = answers.iter().peekable();
    let mut shown = String::new();
    for (i, line) in lines.iter().enumerate() {
        let (text, ended) = match line.strip_suffix(b"\n") {
            Some(text) => (text, true),
            None => (*line, false),
        };
        let end = if ended { "" } else { NO_NEWLINE };
        shown.push_str(&format!(
            "{:>width$}| {}{end}\n",
            i + 1,
            shown_line(text, line.len())
        ));
        while let Some((_, error)) = errors.next_if(|&&(at, _)| at == i + 1) {
            shown.push_str(&format!("{:>width$}> {error}\n", ""));
        }
        while let Some((_, answer)) = answers.next_if(|&&(at, _)| at == i + 1) {
            let answer = String::from_utf8_lossy(answer);
            for line in answer.split_inclusive('\n') {
                let (text, end) = match line.strip_suffix('\n') {
                    Some(text) => (text, ""),
                    None => (line, NO_NEWLINE),
                };
                let shown_answer = format!("= {text}{end}");
                shown.push_str(&format!("{:>width$}{}\n", "", shown_answer.trim_end()));
            }
        }
    }
    shown
}

/// A case's answer: the number of the case's last input line, and the case's output.
type Answer = (usize, Vec<u8>);

/// The mark of a last line without its newline.
const NO_NEWLINE: &str = "  (no final newline)";

/// How a program's input splits into cases that it answers one by one.
#[derive(Clone, Copy)]
pub enum Split {
    /// A case count, then cases of this many lines.
    Cases(usize),
    /// Each non-blank line is a case.
    Lines,
    /// The input is one whole (one case, or a conversation with state).
    Whole,
}

/// How the answers of the cases make up the whole output.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    /// One after another.
    Concatenated,
    /// One blank line between two answers.
    BlankLineApart,
}

/// The cases of `input` split by `split`: for each, the number of its last input line and
/// the input that asks it alone. `None` unless there are two or more complete cases.
fn split_cases(input: &[u8], split: Split) -> Option<Vec<(usize, Vec<u8>)>> {
    let nonblank: Vec<(usize, &[u8])> = input
        .split_inclusive(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix(b"\n").unwrap_or(line)))
        .filter(|(_, line)| !line.iter().all(u8::is_ascii_whitespace))
        .collect();
    let cases: Vec<(usize, Vec<u8>)> = match split {
        Split::Whole => return None,
        Split::Lines => nonblank
            .iter()
            .map(|&(number, line)| (number, [line, b"\n"].concat()))
            .collect(),
        Split::Cases(size) => {
            let (count, rest) = nonblank.split_first()?;
            let count = count
                .1
                .strip_prefix("\u{feff}".as_bytes())
                .unwrap_or(count.1);
            let count: usize = std::str::from_utf8(count).ok()?.trim().parse().ok()?;
            let cases: Vec<_> = rest.chunks(size).take(count).collect();
            if cases.len() < count || cases.last().is_some_and(|c| c.len() < size) {
                return None;
            }
            cases
                .iter()
                .map(|lines| {
                    let mut alone = b"1\n".to_vec();
                    for (_, line) in lines.iter() {
                        alone.extend_from_slice(line);
                        alone.push(b'\n');
                    }
                    (lines[size - 1].0, alone)
                })
                .collect()
        }
    };
    Some(cases).filter(|cases| cases.len() >= 2)
}

/// Each case's answer, from running the program on each case alone (`args` as given),
/// when those answers make up `stdout` exactly: answers by the number of the case's last
/// input line, and how they join.
fn answers(
    exe: &str,
    args: &[&str],
    input: &[u8],
    split: Split,
    stdout: &[u8],
) -> Option<(Vec<Answer>, Join)> {
    let answers: Vec<Answer> = split_cases(input, split)?
        .into_iter()
        .map(|(at, alone)| (at, crate::run(exe, args, &alone).stdout))
        .collect();
    let given: Vec<&[u8]> = answers
        .iter()
        .map(|(_, answer)| &answer[..])
        .filter(|answer| !answer.is_empty())
        .collect();
    let join = if given.is_empty() {
        return None;
    } else if given.concat() == stdout {
        Join::Concatenated
    } else if given.join(&b"\n"[..]) == stdout {
        Join::BlankLineApart
    } else {
        return None;
    };
    Some((answers, join))
}

/// Standard error split into the errors shown under their input lines (`line N: ...`
/// with `N` an input line, in input order, before any other message) and the rest;
/// `None` when it does not split that way (then it is shown whole).
fn line_errors(stderr: &str, input_lines: usize) -> Option<(Vec<(usize, &str)>, &str)> {
    let mut errors = Vec::new();
    let mut rest = stderr;
    while let Some(line) = rest.split_inclusive('\n').next() {
        let number = line
            .strip_prefix("line ")
            .and_then(|l| l.split_once(": "))
            .and_then(|(n, _)| n.parse::<usize>().ok())
            .filter(|&n| (1..=input_lines).contains(&n));
        match number {
            Some(n) if line.ends_with('\n') && errors.last().is_none_or(|&(at, _)| at <= n) => {
                errors.push((n, line.trim_end_matches('\n')));
                rest = &rest[line.len()..];
            }
            _ => break,
        }
    }
    Some((errors, rest)).filter(|(errors, _)| !errors.is_empty())
}

/// The report pinned by a snapshot: arguments, exit status, the input (with the errors
/// about its lines and, when known, each case's answer under it), standard output (unless
/// shown by case) and the rest of standard error.
fn report(
    args: &[String],
    output: &std::process::Output,
    input: &[u8],
    answers: Option<(Vec<Answer>, Join)>,
) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let input_lines = input.split_inclusive(|&b| b == b'\n').count();
    let (errors, rest) = line_errors(&stderr, input_lines).unwrap_or((Vec::new(), &stderr));
    let (answers, stdout) = match answers {
        None => (
            Vec::new(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        ),
        Some((answers, join)) => {
            let how = match join {
                Join::Concatenated => "one after another",
                Join::BlankLineApart => "one blank line apart",
            };
            (
                answers,
                format!("(the answers shown by case above, {how})\n"),
            )
        }
    };
    format!(
        "args: {args:?}\nstatus: {}\n--- input\n{}--- stdout\n{stdout}--- stderr\n{rest}",
        status_text(output.status.code()),
        input_section(input, &errors, &answers),
    )
}

/// Once per test binary: snapshots are compared here, so insta only prints its diff and
/// writes the `.snap.new` file (or, with `INSTA_UPDATE=always`, the `.snap`), never
/// stopping at the first failure; a failing test prints its message without a backtrace.
fn set_up() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Before any snapshot assertion of any thread (they all start here); insta reads
        // its settings once.
        std::env::set_var("INSTA_FORCE_PASS", "1");
        std::panic::set_hook(Box::new(|info| eprintln!("{info}")));
    });
}

/// Whether the stored snapshot `name` (in `snapshots`) pins `report`.
fn stored_snapshot_is(snapshots: &Path, name: &str, report: &str) -> bool {
    let path = snapshots.join(format!("{name}.snap"));
    let report = TextSnapshotContents::new(report.to_owned(), insta::TextSnapshotKind::File);
    insta::Snapshot::from_file(&path)
        .ok()
        .and_then(|stored| stored.as_text().map(|text| text.matches_latest(&report)))
        .unwrap_or(false)
}

/// The exit status as a plain number, or how the program ended without one.
fn status_text(code: Option<i32>) -> String {
    code.map_or_else(|| "none (killed by a signal)".to_owned(), |c| c.to_string())
}

/// What failed in one case, for the final report.
struct CaseFailure {
    case: String,
    what: String,
}

/// Runs `exe` (the binary `name` of the package in `root`) on one case; `Err` says what
/// did not match.
fn run_case(root: &Path, name: &str, exe: &str, split: Split, input: &Path) -> Result<(), String> {
    let case = input.file_stem().unwrap().to_str().unwrap().to_owned();
    let args: Vec<String> = fs::read_to_string(input.with_extension("args"))
        .map(|text| text.lines().map(str::to_owned).collect())
        .unwrap_or_default();
    let stdin = fs::read(input).unwrap();
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = crate::run(exe, &arg_refs, &stdin);
    let mut problems = Vec::new();
    if let Ok(expected) = fs::read(input.with_extension("out")) {
        if output.stdout != expected {
            let (got, expected) = (
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&expected),
            );
            let diff = TextDiff::from_lines(&*expected, &*got)
                .unified_diff()
                .header(&format!("{case}.out"), "stdout")
                .to_string();
            problems.push(format!("stdout differs from {case}.out:\n{diff}"));
        }
    }
    let answers = answers(exe, &arg_refs, &stdin, split, &output.stdout);
    let report = report(&args, &output, &stdin, answers);
    let relative = input.strip_prefix(root).unwrap_or(input);
    let snapshots = root.join("tests/snapshots");
    let snapshot = format!("{name}__{case}");
    insta::with_settings!({
        // Absolute: the package's folder, not this file's.
        snapshot_path => &snapshots,
        prepend_module_to_snapshot => false,
        omit_expression => true,
        input_file => relative,
    }, {
        insta::assert_snapshot!(snapshot.clone(), report);
    });
    // insta passes (INSTA_FORCE_PASS): the snapshot is good if the stored one, perhaps
    // just rewritten by INSTA_UPDATE=always, pins this report.
    if !stored_snapshot_is(&snapshots, &snapshot, &report) {
        problems.push(format!(
            "snapshot {snapshot} differs (insta's diff is above; review: cargo insta review)"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Runs `exe` (the binary `name` of the package in the folder `root`, whose input splits
/// into cases by `split`) on every case file of `<root>/tests/cases/<name>/`, pinned by
/// the snapshots `<root>/tests/snapshots/<name>__<case>.snap`, then fails once if any case
/// failed, listing them all. [`judge!`](crate::judge) calls it.
///
/// # Panics
///
/// Some case failed, or the folder has no case file.
pub fn run_cases(root: &str, name: &str, exe: &str, split: Split) {
    set_up();
    let root = Path::new(root);
    let dir = root.join("tests/cases").join(name);
    let mut inputs: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no case files in {}", dir.display());
    let failures: Vec<CaseFailure> = inputs
        .iter()
        .filter_map(|input| {
            run_case(root, name, exe, split, input)
                .err()
                .map(|what| CaseFailure {
                    case: input.file_stem().unwrap().to_string_lossy().into_owned(),
                    what,
                })
        })
        .collect();
    if !failures.is_empty() {
        let list: Vec<String> = failures
            .iter()
            .map(|f| format!("- {name}/{}: {}", f.case, f.what))
            .collect();
        panic!(
            "{} of {} cases of {name} failed:\n{}",
            failures.len(),
            inputs.len(),
            list.join("\n")
        );
    }
}

/// One test per program: `judge!(test_name, "binary-name", split);` in a package's
/// `tests/cases.rs`, `split` saying how its input splits into cases answered one by one
/// ([`Split`](crate::cases::Split)). The binary is the package's own
/// (`CARGO_BIN_EXE_<name>`), its case files and snapshots are under the package's
/// `tests/` ([`run_cases`](crate::cases::run_cases)).
#[macro_export]
macro_rules! judge {
    ($test:ident, $name:literal, $split:expr) => {
        #[test]
        fn $test() {
            #[allow(unused_imports)]
            use $crate::cases::Split::*;
            $crate::cases::run_cases(
                env!("CARGO_MANIFEST_DIR"),
                $name,
                env!(concat!("CARGO_BIN_EXE_", $name)),
                $split,
            );
        }
    };
}

//! Snapshot tests of the judge programs.
//!
//! Every judge program `NAME` has a folder `tests/cases/NAME/`. Each `CASE.in` in it is
//! fed to the program on standard input (with the arguments listed in `CASE.args`, one
//! per line, when that file exists). The exit status, standard output and standard error
//! are pinned by an insta snapshot `NAME__CASE`, whose header names the input file and
//! shows the input (`input_file`, `description`); when `CASE.out` exists (expected outputs
//! copied from the problem statements and the shared vectors), standard output must also
//! equal it byte for byte, and a mismatch is shown as a line diff. Every case of a
//! program runs; the test then fails once, naming every failing case.

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;

use similar::TextDiff;

mod common;

/// Longest input line shown in full in a snapshot's description; longer lines are cut.
const SHOWN_LINE: usize = 100;

/// The input as shown in a snapshot's description: lossy UTF-8, each line over
/// [`SHOWN_LINE`] bytes cut and marked with its length.
fn shown_input(input: &[u8]) -> String {
    let mut shown = String::new();
    for line in input.split_inclusive(|&b| b == b'\n') {
        if line.len() > SHOWN_LINE {
            shown.push_str(&String::from_utf8_lossy(&line[..SHOWN_LINE]));
            shown.push_str(&format!("… ({} bytes in all)\n", line.len()));
        } else {
            shown.push_str(&String::from_utf8_lossy(line));
        }
    }
    shown
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

/// Runs `exe` (the binary `name`) on one case; `Err` says what did not match.
fn run_case(name: &str, exe: &str, input: &Path) -> Result<(), String> {
    let case = input.file_stem().unwrap().to_str().unwrap().to_owned();
    let args: Vec<String> = fs::read_to_string(input.with_extension("args"))
        .map(|text| text.lines().map(str::to_owned).collect())
        .unwrap_or_default();
    let stdin = fs::read(input).unwrap();
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = common::run(exe, &arg_refs, &stdin);
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
    let report = format!(
        "args: {args:?}\nstatus: {}\n--- stdout\n{}--- stderr\n{}",
        status_text(output.status.code()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    let relative = input
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(input);
    let snapshot = panic::catch_unwind(AssertUnwindSafe(|| {
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            input_file => relative,
            description => shown_input(&stdin),
        }, {
            insta::assert_snapshot!(format!("{name}__{case}"), report);
        });
    }));
    if snapshot.is_err() {
        problems.push(format!(
            "snapshot {name}__{case} differs (insta's diff is above)"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Runs `exe` (the binary `name`) on every case file of `tests/cases/<name>/`, then fails
/// once if any case failed, listing them all.
fn run_cases(name: &str, exe: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(name);
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
            run_case(name, exe, input).err().map(|what| CaseFailure {
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

/// One test per judge program: `judge!(test_name, "binary-name");`.
macro_rules! judge {
    ($test:ident, $name:literal) => {
        #[test]
        fn $test() {
            run_cases($name, env!(concat!("CARGO_BIN_EXE_", $name)));
        }
    };
}

// Judge programs are added here as they land, one line each.
judge!(reversi_board, "reversi-board");
judge!(congo_board, "congo-board");
judge!(congo_moves_lion, "congo-moves-lion");
judge!(congo_moves_zebra, "congo-moves-zebra");
judge!(congo_moves_giraffe, "congo-moves-giraffe");
judge!(congo_moves_elephant, "congo-moves-elephant");
judge!(congo_moves_pawn, "congo-moves-pawn");
judge!(congo_moves_superpawn, "congo-moves-superpawn");
judge!(congo_moves_monkey, "congo-moves-monkey");
judge!(congo_moves_crocodile, "congo-moves-crocodile");
judge!(congo_moves, "congo-moves");
judge!(congo_play, "congo-play");
judge!(congo_perft, "congo-perft");
judge!(congo_engine, "congo-engine");
judge!(congo_checker, "congo-checker");
judge!(congo_eval, "congo-eval");
judge!(congo_minimax, "congo-minimax");
judge!(congo_eval_advanced, "congo-eval-advanced");
judge!(congo_alphabeta, "congo-alphabeta");
judge!(reversi_perft, "reversi-perft");
judge!(mobility, "mobility");
judge!(reversi_solve, "reversi-solve");

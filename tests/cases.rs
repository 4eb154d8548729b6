//! Snapshot tests of the judge programs.
//!
//! Every judge program `NAME` has a folder `tests/cases/NAME/`. Each `CASE.in` in it is
//! fed to the program on standard input (with the arguments listed in `CASE.args`, one
//! per line, when that file exists). The exit status, standard output and standard error
//! are pinned by an insta snapshot `NAME__CASE`; when `CASE.out` exists (expected outputs
//! copied from the problem statements and the shared vectors), standard output must also
//! equal it byte for byte.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[allow(dead_code)] // until the first judge program is listed below
/// Runs `exe` (the binary `name`) on every case file of `tests/cases/<name>/`.
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
    for input in inputs {
        let case = input.file_stem().unwrap().to_str().unwrap().to_owned();
        let args: Vec<String> = fs::read_to_string(input.with_extension("args"))
            .map(|text| text.lines().map(str::to_owned).collect())
            .unwrap_or_default();
        let stdin = fs::read(&input).unwrap();
        let mut child = Command::new(exe)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            // The program may stop reading early; a broken pipe is not a test failure.
            let _ = pipe.write_all(&stdin);
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        if let Ok(expected) = fs::read(input.with_extension("out")) {
            assert!(
                output.stdout == expected,
                "{name}/{case}: stdout differs from {case}.out\n--- got\n{}\n--- expected\n{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&expected),
            );
        }
        let report = format!(
            "args: {args:?}\nstatus: {:?}\n--- stdout\n{}--- stderr\n{}",
            output.status.code(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
        );
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("{name}__{case}"), report);
        });
    }
}

#[allow(unused_macros)] // until the first judge program is listed below
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
judge!(mobility, "mobility");

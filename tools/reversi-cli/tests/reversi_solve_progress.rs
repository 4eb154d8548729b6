//! `reversi-solve --progress`: one line per position on standard error (its answer,
//! nodes, time, nodes per second) and a summary line, while standard output stays the
//! answers alone. Timings vary from run to run, so this is checked by shape here rather
//! than by a snapshot in tests/cases.

use std::io::Write;
use std::process::Command;

const SOLVE: &str = env!("CARGO_BIN_EXE_reversi-solve");

/// Runs `reversi-solve ARGS` on `input`: exit code, standard output, standard error.
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = test_support::spawn_piped(Command::new(SOLVE).args(args));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write the input");
    let out = child.wait_with_output().expect("wait for reversi-solve");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
    )
}

/// The number after `word ` in `line`.
fn number_after(line: &str, word: &str) -> f64 {
    let rest = &line[line
        .find(word)
        .unwrap_or_else(|| panic!("{word} in {line:?}"))
        + word.len()..];
    let text: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    text.parse()
        .unwrap_or_else(|_| panic!("a number after {word} in {line:?}"))
}

#[test]
fn progress_reports_every_position_and_a_total() {
    let input = include_str!("cases/reversi-solve/pass-and-finished.in");
    let expected = include_str!("cases/reversi-solve/pass-and-finished.out");
    let (code, out, err) = run(&["--progress"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, expected, "--progress leaves standard output as it is");
    let lines: Vec<&str> = err.lines().collect();
    let answers: Vec<&str> = expected.lines().collect();
    assert_eq!(lines.len(), answers.len() + 1, "{err}");
    let mut nodes = 0.0;
    for (i, (line, answer)) in lines.iter().zip(&answers).enumerate() {
        let head = format!("position {}: {answer} nodes ", i + 1);
        assert!(line.starts_with(&head), "{line:?} should start {head:?}");
        let n = number_after(line, " nodes ");
        if answer.starts_with("- ") {
            assert_eq!(
                n, 0.0,
                "a finished game is scored without a search: {line:?}"
            );
        } else {
            assert!(n >= 1.0, "a solve visits at least its root: {line:?}");
        }
        nodes += n;
        assert!(number_after(line, " time ") >= 0.0);
        assert!(line.contains(" s nodes/s "), "{line:?}");
    }
    let total = lines[answers.len()];
    assert!(total.starts_with("total: 5 positions, nodes "), "{total:?}");
    assert_eq!(
        number_after(total, "nodes "),
        nodes,
        "the total sums the positions"
    );
    assert!(total.contains(" s, nodes/s "), "{total:?}");
}

#[test]
fn progress_counts_the_nodes_of_a_real_solve_and_skips_bad_lines() {
    // 10 empties (the library's doc example), then a bad line.
    let input = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n\
                 not a position\n";
    let (code, out, err) = run(&["--progress", "--all"], input);
    assert_eq!(code, 1, "a bad line makes the exit status 1: {err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("position 1: "), "{err}");
    assert!(number_after(lines[0], " nodes ") > 10.0, "{err}");
    assert!(lines.iter().any(|l| l.starts_with("line 2: ")), "{err}");
    let total = lines.last().expect("a summary line");
    assert!(total.starts_with("total: 1 positions, nodes "), "{err}");
}

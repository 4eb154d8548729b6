//! `reversi-solve` on the repository's FFO file (`crates/reversi-engine/tests/data/
//! ffo-40-59.txt`, read as it is: its `#` comments, then positions followed by their
//! published score, best moves and every move's score), and its warning before a solve
//! expected to take minutes.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::Command;

const SOLVE: &str = env!("CARGO_BIN_EXE_reversi-solve");

/// The FFO file of the engine crate's tests.
fn ffo_file() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../crates/reversi-engine/tests/data/ffo-40-59.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The file's comments and its first three positions (FFO #40-#42, 20 and 22 empties:
/// seconds), fed as they are: each answer is a best move the file lists and the score it
/// publishes, and nothing is refused.
#[test]
fn the_ffo_file_is_read_and_its_scores_are_found() {
    let text = ffo_file();
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.starts_with('#')).unwrap();
    assert!(first > 0, "the file starts with comments");
    let input: String = lines[..first + 3]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let output = test_support::run(SOLVE, &[], input.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
    let answers = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 3, "{answers:?}");
    for (line, answer) in lines[first..first + 3].iter().zip(answers) {
        let fields: Vec<&str> = line.split(' ').collect();
        let (score, best) = (fields[2], fields[3]);
        let (played, found) = answer.split_once(' ').unwrap();
        assert_eq!(found, score, "{line}");
        assert!(
            best.split(',').any(|m| m == played),
            "{played} not in {best}"
        );
    }
}

/// Before a position of 30 empty squares on one thread, `line N: 30 empties: this solve
/// may take minutes` comes on standard error, after the answers to the lines before it,
/// while the solve runs (the test stops the program then: the solve would take minutes).
#[test]
fn a_long_solve_is_announced_before_it_starts() {
    let text = ffo_file();
    let positions: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    // FFO #40 (20 empties), then FFO #57 (30 empties).
    let input = format!("{}\n\n{}\n", positions[0], positions[17]);
    assert_eq!(
        positions[17][..64].matches('-').count(),
        30,
        "{}",
        positions[17]
    );
    let mut child = test_support::spawn_piped(&mut Command::new(SOLVE));
    // The input stays open: the program reads the second position and starts on it.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut warning = String::new();
    stderr.read_line(&mut warning).unwrap();
    assert_eq!(warning, "line 3: 30 empties: this solve may take minutes\n");
    // The answer to FFO #40 came first, flushed before the warning.
    let mut answer = String::new();
    stdout.read_line(&mut answer).unwrap();
    assert_eq!(answer, "a2 +38\n");
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "", "no answer to the long solve");
}

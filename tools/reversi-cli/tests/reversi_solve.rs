//! `reversi-solve` on the repository's FFO file (`crates/reversi-engine/tests/data/
//! ffo-40-59.txt`, read as it is: its `#` comments, then positions followed by their
//! published score, best moves and every move's score).

use std::path::Path;

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

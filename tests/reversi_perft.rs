//! `reversi-perft` from outside: arguments, divide lines, last line = leaf count (the
//! expected counts are the published Othello perft table).

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-perft"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn leaf_count_on_the_last_line() {
    for (args, leaves) in [
        (&["0"][..], "1"),
        (&["5"], "1396"),
        (&["9"], "3005288"),
        (&["9", "--convention", "a"], "3005288"),
        (&["--convention", "n", "9"], "3005320"),
        (&["9", "--convention=E"], "3005288"),
    ] {
        let (status, stdout, stderr) = run(args);
        assert_eq!(status, Some(0), "{args:?}: {stderr}");
        assert_eq!(stdout.lines().last(), Some(leaves), "{args:?}");
    }
}

#[test]
fn divide_lists_the_first_moves() {
    let (status, stdout, _) = run(&["3", "--divide"]);
    assert_eq!(status, Some(0));
    assert_eq!(stdout, "c4 14\nd3 14\ne6 14\nf5 14\n56\n");
}

#[test]
fn bad_arguments_exit_2_with_usage() {
    for args in [
        &[][..],
        &["x"],
        &["5", "--convention"],
        &["5", "--convention", "q"],
        &["5", "--fast"],
        &["5", "6"],
        &["-3"],
        &["61"],
    ] {
        let (status, stdout, stderr) = run(args);
        assert_eq!(status, Some(2), "{args:?}");
        assert!(stdout.is_empty());
        assert!(
            stderr.contains("usage: reversi-perft"),
            "{args:?}: {stderr}"
        );
    }
}

//! The `congo-engine` program in conversation: on random positions its answer to every
//! `go` is one legal move, printed before the time given is over.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command};
use std::time::{Duration, Instant};

use congo::{Position, Rules};
use test_support::Rng;

/// Positions with both lions and a legal move, reached by random playouts.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut pos = Position::START;
        for _ in 0..rng.below(60) {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize], Rules::FULL);
        }
        pos.legal_moves(&mut moves);
        if !moves.is_empty() {
            out.push(pos);
        }
    }
    out
}

/// Starts `congo-engine` for a conversation: the process (its standard error piped, to be
/// read at the end), its input, and its output read line by line.
fn start_engine() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child =
        test_support::spawn_piped(&mut Command::new(env!("CARGO_BIN_EXE_congo-engine")));
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

#[test]
fn engine_answers_every_go_with_a_legal_move_in_time() {
    let (child, mut stdin, mut stdout) = start_engine();
    let time = Duration::from_millis(200);
    let mut line = String::new();
    let mut moves = Vec::new();
    for pos in random_positions(12, 5) {
        let asked = Instant::now();
        writeln!(stdin, "position {pos}\ngo {}", time.as_secs_f64()).unwrap();
        stdin.flush().unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let elapsed = asked.elapsed();
        assert!(elapsed < time, "{pos}: answered after {elapsed:?}");
        let text = line.trim_end_matches('\n');
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{pos}: {text:?} is not legal: {e}"));
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&mv));
        // Play it, as a controller would, and ask again from there.
        writeln!(stdin, "moves {text}").unwrap();
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(output.status.success());
}

/// Runs `congo-engine` with `args` on `input`; its standard output and error (it must
/// exit with status 0).
fn run(args: &[&str], input: &str) -> (String, String) {
    let output = test_support::run(env!("CARGO_BIN_EXE_congo-engine"), args, input.as_bytes());
    assert!(output.status.success());
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn info_goes_to_standard_error_and_the_move_alone_to_standard_output() {
    let (out, err) = run(&["--info"], "newgame\ngo 0.05\n");
    let pos = Position::START;
    assert_eq!(out.lines().count(), 1, "{out:?}");
    assert!(pos.parse_move(out.trim_end()).is_ok(), "{out:?}");
    assert!(!err.is_empty());
    for line in err.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        // info depth D score S nodes N nps R time MS pv MOVES...
        assert_eq!(words[0], "info", "{line}");
        for (i, name) in ["depth", "score", "nodes", "nps", "time"]
            .iter()
            .enumerate()
        {
            assert_eq!(words[1 + 2 * i], *name, "{line}");
            assert!(words[2 + 2 * i].parse::<i64>().is_ok(), "{line}");
        }
        assert_eq!(words[11], "pv", "{line}");
    }
    // Without --info, nothing on standard error.
    let (out, err) = run(&[], "newgame\ngo 0.05\n");
    assert_eq!(out.lines().count(), 1);
    assert_eq!(err, "");
}

#[test]
fn tiny_times_get_legal_moves() {
    let mut input = String::new();
    let positions = random_positions(10, 11);
    for pos in &positions {
        input.push_str(&format!("position {pos}\ngo 0.01\n"));
    }
    let (out, err) = run(&[], &input);
    assert_eq!(err, "");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), positions.len());
    for (pos, answer) in positions.iter().zip(answers) {
        assert!(pos.parse_move(answer).is_ok(), "{pos}: {answer}");
    }
}

/// A lion facing the enemy lion across an open file is captured (the lion capture): the
/// White lion on c1 must not step onto the open d-file (d1 or d2), where the lion on d7
/// would take it.
#[test]
fn the_engine_never_walks_into_a_lion_capture() {
    let (out, _) = run(&[], "position 3l3/7/7/7/7/7/2L1E2 w 0\ngo 0.1\n");
    let mv = out.trim_end();
    assert!(mv != "c1d1" && mv != "c1d2", "{mv}");
}

/// Time use, measured as a controller does: the first `go`, sent as soon as the program
/// is started, is answered before its time is over counting the start-up, and no sooner
/// than half of it (no new iteration starts before half the time has passed, and from the
/// start position no iteration finds a won or lost game). A later `go` is the same,
/// counted from when it was sent.
#[test]
fn the_engine_uses_most_of_the_time_and_never_more_counting_its_start_up() {
    let time = Duration::from_millis(300);
    let sent = Instant::now();
    let (mut child, mut stdin, mut stdout) = start_engine();
    let mut line = String::new();
    for round in 0..2 {
        let asked = if round == 0 { sent } else { Instant::now() };
        writeln!(stdin, "newgame\ngo {}", time.as_secs_f64()).unwrap();
        stdin.flush().unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let elapsed = asked.elapsed();
        assert!(
            elapsed >= time / 2 && elapsed < time,
            "go {round}: answered after {elapsed:?}"
        );
        assert!(
            Position::START.parse_move(line.trim_end()).is_ok(),
            "{line:?}"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

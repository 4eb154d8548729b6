//! The engine protocol program: every answer is a legal move, given within the time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use congo::{Position, Rules};

/// Sends `commands` one by one; after each `go`, reads the answer line and returns the
/// answers with the time each took.
fn session(commands: &[String]) -> Vec<(String, Duration)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for command in commands {
        let start = Instant::now();
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        if command.starts_with("go") {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            answers.push((line.trim().to_owned(), start.elapsed()));
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
    answers
}

#[test]
fn engine_plays_legal_moves_within_the_time() {
    let fens = [
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
        "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
        "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
    ];
    // A first search pays for the process start; its answer is not timed.
    let mut commands = vec!["go 0.01".to_owned()];
    for fen in fens {
        commands.push(format!("position {fen}"));
        commands.push("go 0.2".to_owned());
    }
    let answers = &session(&commands)[1..];
    assert_eq!(answers.len(), fens.len());
    for (fen, (answer, took)) in fens.iter().zip(answers) {
        let pos: Position = fen.parse().unwrap();
        assert!(
            pos.parse_move(answer).is_ok(),
            "{fen}: illegal answer {answer:?}"
        );
        assert!(*took < Duration::from_millis(200), "{fen}: took {took:?}");
    }
}

#[test]
fn engine_follows_a_game_given_as_moves() {
    // The engine plays a game against itself, told each move with `moves`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut pos = Position::start();
    writeln!(stdin, "newgame").unwrap();
    for ply in 0..16 {
        let start = Instant::now();
        writeln!(stdin, "go 0.1").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        let took = start.elapsed();
        // The first answer also pays for the process start.
        assert!(
            ply == 0 || took < Duration::from_millis(100),
            "took {took:?}"
        );
        let answer = answer.trim();
        let mv = pos
            .parse_move(answer)
            .unwrap_or_else(|e| panic!("{pos}: {answer}: {e}"));
        pos = pos.play(mv, Rules::FULL);
        writeln!(stdin, "moves {answer}").unwrap();
        if pos.status() != congo::Status::Continue {
            break;
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn engine_takes_the_lion_when_it_can() {
    let commands = [
        "position 3l3/7/7/7/7/7/3L3 w 0".to_owned(),
        "go 0.1".to_owned(),
    ];
    assert_eq!(session(&commands)[0].0, "d1d7");
}

//! The `congo-engine` program in conversation: on random positions its answer to every
//! `go` is one legal move, printed before the time given is over.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Rng;
use congo::{Position, Rules};

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

#[test]
fn engine_answers_every_go_with_a_legal_move_in_time() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_congo-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
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

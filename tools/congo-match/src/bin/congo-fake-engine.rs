//! A Congo engine for testing `congo-match`: it speaks the protocol and plays random
//! legal moves, or misbehaves in one chosen way.
//!
//! usage: congo-fake-engine [--mode MODE] [--after N] [--seed S]
//!
//! MODE (the misbehaviour starts at the engine's (N+1)-th `go`, N = `--after`, default 0):
//!   good         a random legal move (seeded), at once
//!   illegal      a well-formed but illegal move (`d4d5` onto/from an empty square)
//!   malformed    `hello world`
//!   hang         reads its input but never answers
//!   deaf         never reads its input again and never answers
//!   crash        exits with status 3
//!   flood        endless output without a newline
//!   flood-lines  endless lines `info flood`
//!   flood-blank  endless blank lines (each ignored on its own)
//!   long-line    a 1 MiB line, then a newline
//!   late         answers a legal move 0.5 s after the time given
//!   chatty       answers a legal move, then an extra line
//!   orphan       starts a background child that keeps its output open, then hangs

use std::io::{BufRead, Write};
use std::time::Duration;

use congo_match::rules::Board;
use match_core::fake::{serve, FakeOptions};

/// Writes `bytes` for ever (until the pipe is closed, then exits).
fn flood(out: &mut impl Write, bytes: &[u8]) -> ! {
    loop {
        if out.write_all(bytes).is_err() {
            std::process::exit(0);
        }
    }
}

/// Answers a `go` in `mode`: `legal` is a random legal move; `seconds` the time given.
fn answer(mode: &str, legal: &str, seconds: f64, out: &mut impl Write) {
    match mode {
        "good" => writeln!(out, "{legal}").unwrap(),
        "illegal" => writeln!(out, "d4d5").unwrap(),
        "malformed" => writeln!(out, "hello world").unwrap(),
        "hang" => {
            let mut line = String::new();
            loop {
                line.clear();
                if std::io::stdin().lock().read_line(&mut line).unwrap_or(0) == 0 {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            }
        }
        "deaf" => std::thread::sleep(Duration::from_secs(3600)),
        "crash" => std::process::exit(3),
        "flood" => flood(out, &[b'x'; 8192]),
        "flood-lines" => flood(out, b"info flood\n"),
        "flood-blank" => flood(out, &[b'\n'; 8192]),
        "long-line" => {
            let _ = out.write_all(&vec![b'y'; 1 << 20]);
            let _ = writeln!(out);
        }
        "late" => {
            std::thread::sleep(Duration::from_secs_f64(seconds + 0.5));
            writeln!(out, "{legal}").unwrap();
        }
        "chatty" => writeln!(out, "{legal}\nextra").unwrap(),
        "orphan" => {
            let _ = std::process::Command::new("sleep").arg("3600").spawn();
            std::thread::sleep(Duration::from_secs(3600));
        }
        other => {
            eprintln!("unknown mode {other}");
            std::process::exit(2);
        }
    }
    let _ = out.flush();
}

fn main() {
    let o = FakeOptions::from_args(&[]);
    let mut rng = fastrand::Rng::with_seed(o.seed);
    let start = Board::from_fen("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0").expect("start");
    let mut board = start;
    let mut gos = 0u32;
    serve(|_, words, out| {
        match words.first().copied() {
            Some("newgame") => board = start,
            Some("position") => board = Board::from_fen(&words[1..].join(" ")).expect("fen"),
            Some("moves") => {
                for mv in &words[1..] {
                    board = board.play(mv).expect("legal move from the controller");
                }
            }
            Some("quit") => return false,
            Some("go") => {
                let seconds: f64 = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0.1);
                gos += 1;
                let moves = board.legal_moves();
                let legal = moves[rng.usize(..moves.len())].clone();
                answer(o.mode_of_request(gos), &legal, seconds, out);
            }
            _ => {}
        }
        true
    });
}

//! Congo engine protocol: `newgame`, `position <fen>`, `moves <m1> <m2> ...`,
//! `go <seconds>`; each `go` prints one legal move for the current position, chosen by
//! iterative deepening alpha-beta within half the given time. Options: `--edition 2021`,
//! `--no-promotion`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use congo::{judge, Material, Position};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let material = if args
        .windows(2)
        .any(|w| w[0] == "--edition" && w[1] == "2021")
    {
        Material::EDITION_2021
    } else {
        Material::FULL
    };
    let rules = match judge::rules_from_args(args) {
        Ok((rules, rest)) if rest.is_empty() => rules,
        Ok((_, rest)) => {
            eprintln!("congo-engine: unknown argument {:?}", rest[0]);
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("congo-engine: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut pos = Position::start();
    let mut ok = true;
    for (i, line) in stdin.lock().split(b'\n').enumerate() {
        let Ok(line) = line else { break };
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let error = match command {
            "" => None,
            "newgame" => {
                pos = Position::start();
                None
            }
            "position" => match rest.parse::<Position>() {
                Ok(p) => {
                    pos = p;
                    None
                }
                Err(e) => Some(format!("bad position: {e}")),
            },
            "moves" => {
                let mut error = None;
                for text in rest.split_whitespace() {
                    match pos.parse_move(text) {
                        Ok(mv) => pos = pos.play(mv, rules),
                        Err(e) => {
                            error = Some(format!("illegal move {text}: {e}"));
                            break;
                        }
                    }
                }
                error
            }
            "go" => match rest.parse::<f64>() {
                Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
                    // Half the time, less a margin for start-up and output.
                    let budget = (seconds * 0.5 - 0.005).max(0.001);
                    let deadline = Instant::now() + Duration::from_secs_f64(budget.min(1e6));
                    match pos.best_move(rules, &material, deadline, 64) {
                        Some(result) => {
                            if writeln!(out, "{}", result.best)
                                .and_then(|()| out.flush())
                                .is_err()
                            {
                                return ExitCode::FAILURE;
                            }
                            None
                        }
                        None => Some("no legal move: the game is over".to_owned()),
                    }
                }
                _ => Some(format!(
                    "bad time {rest:?}: expected a positive number of seconds"
                )),
            },
            other => Some(format!("unknown command {other:?}")),
        };
        if let Some(error) = error {
            eprintln!("line {}: {error}", i + 1);
            ok = false;
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

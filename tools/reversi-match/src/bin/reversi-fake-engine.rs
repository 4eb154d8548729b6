//! A Reversi engine for testing `reversi-match`: it speaks GTP or NBoard and plays random
//! legal moves (a pass when it has none), or misbehaves in one chosen way.
//!
//! usage: reversi-fake-engine [--nboard] [--mode MODE] [--after N] [--seed S]
//!
//! MODE (the misbehaviour starts at the engine's (N+1)-th move request, N = `--after`,
//! default 0):
//!   good          a random legal move (seeded), or a pass when it has none, at once
//!   illegal       a move on an occupied square (the first disc from a1)
//!   pass          a pass even when it has a legal move
//!   no-pass       a move (a1..h8, the first empty square) even when it must pass
//!   malformed     `= hello` (GTP) or `=== hello` (NBoard)
//!   hang          never answers
//!   crash         exits with status 3
//!   late          answers 0.5 s after its time (GTP `time_settings 0 T 1`, or what
//!                 `time_left` last gave; 0.1 s if none)
//!   slow          a random legal move, after 0.1 s (within a time a move, but a game
//!                 clock runs out)
//!   spend         a random legal move, after half the time it has: GTP, half the time
//!                 a move or of what `time_left` gave; NBoard, half of TI's main time
//!                 less the seconds of its own moves in the game, plus half TI's
//!                 increment (as an NBoard engine that keeps its clock from the GGF)
//!   resign        resigns (GTP `= resign`)
//!   refuse-pass   plays well, but refuses `play <c> pass` with `? syntax error` as GRhino
//!                 does (from the start, whatever --after says), passing implicitly
//!
//! With `--nboard` it also writes `status thinking` before each answer (lines the match
//! runner must read past), and copies `set depth N` to its standard error.

use std::io::Write;
use std::time::Duration;

use match_core::fake::{serve, FakeOptions};
use reversi::ggf::{Clock, Game};
use reversi::{Board, Color, Ply};

/// The engine's state.
struct Fake {
    o: FakeOptions,
    rng: fastrand::Rng,
    board: Board,
    /// Seconds a move (GTP `time_settings`), or left on the game clock (GTP `time_left`,
    /// NBoard's GGF: [`clock_left`]).
    time: f64,
    requests: u32,
}

impl Fake {
    /// `board` with `color` to move: a side that must pass passes implicitly.
    fn to_move(board: Board, color: Color) -> Board {
        if board.side_to_move() != color && board.must_pass() {
            board.pass().expect("must pass")
        } else {
            board
        }
    }

    /// Plays `ply` for `color` on the board.
    fn play(&mut self, color: Color, ply: Ply) {
        let board = Fake::to_move(self.board, color);
        self.board = board.play_ply(ply).expect("a legal ply from the runner");
    }

    /// The answer to a move request for `color` (playing it on the board when legal), or
    /// `None` to answer nothing.
    fn answer(&mut self, color: Color) -> Option<String> {
        self.requests += 1;
        let board = Fake::to_move(self.board, color);
        // A finished game has no legal ply; a pass stands for it as before.
        let legal = reversi::random::ply(&mut self.rng, &board).unwrap_or(Ply::Pass);
        let mode = self.o.mode_of_request(self.requests);
        let first = |set: reversi::SquareSet| set.first().expect("a square");
        let text = match mode {
            "good" | "refuse-pass" => legal.to_string(),
            "slow" => {
                std::thread::sleep(Duration::from_millis(100));
                legal.to_string()
            }
            "spend" => {
                std::thread::sleep(Duration::from_secs_f64(self.time / 2.0));
                legal.to_string()
            }
            "illegal" => first(!board.empty_squares()).to_string(),
            "pass" => "pass".to_string(),
            "no-pass" if board.legal_moves().is_empty() => first(board.empty_squares()).to_string(),
            "no-pass" => legal.to_string(),
            "malformed" => "hello".to_string(),
            "hang" => return None,
            "crash" => std::process::exit(3),
            "late" => {
                std::thread::sleep(Duration::from_secs_f64(self.time + 0.5));
                legal.to_string()
            }
            "resign" => "resign".to_string(),
            other => {
                eprintln!("unknown mode {other}");
                std::process::exit(2);
            }
        };
        if text == legal.to_string() {
            self.play(color, legal);
        }
        Some(text)
    }

    /// One GTP command; the answer's text (`= ...` or `? ...`).
    fn gtp(&mut self, words: &[&str]) -> Option<String> {
        let color = |w: Option<&&str>| match w.map(|w| w.to_ascii_lowercase()) {
            Some(c) if c.starts_with('b') => Color::Black,
            _ => Color::White,
        };
        match words.first().copied() {
            Some("boardsize" | "komi" | "name" | "protocol_version") => Some("=".into()),
            Some("clear_board") => {
                self.board = Board::START;
                Some("=".into())
            }
            Some("time_settings") => {
                // The byo-yomi time (0 with a game clock, until `time_left`).
                self.time = words.get(2).and_then(|t| t.parse().ok()).unwrap_or(0.1);
                Some("=".into())
            }
            Some("time_left") => {
                // A game clock: `late` answers past what is left.
                self.time = words.get(2).and_then(|t| t.parse().ok()).unwrap_or(0.1);
                Some("=".into())
            }
            Some("play") => {
                let ply: Ply = words.get(2).and_then(|p| p.parse().ok())?;
                if ply == Ply::Pass && self.o.mode == "refuse-pass" {
                    return Some("? syntax error".into());
                }
                self.play(color(words.get(1)), ply);
                Some("=".into())
            }
            Some("genmove") => self.answer(color(words.get(1))).map(|a| format!("= {a}")),
            Some("quit") => std::process::exit(0),
            _ => Some("? unknown command".into()),
        }
    }

    /// One NBoard command; the answer's lines, if any.
    fn nboard(&mut self, line: &str, words: &[&str]) -> Option<String> {
        match words.first().copied() {
            Some("ping") => Some(format!("pong {}", words.get(1).unwrap_or(&""))),
            Some("set") if words.get(1) == Some(&"depth") => {
                // Told on standard error (the runner's `--log-dir` keeps it).
                eprintln!("{line}");
                None
            }
            Some("set") if words.get(1) == Some(&"game") => {
                if let Some(clock) = line
                    .strip_prefix("set game ")
                    .and_then(|ggf| ggf.parse::<Game>().ok())
                    .and_then(|game| Some((game.clock?, game)))
                    .map(|(clock, game)| clock_left(clock, &game))
                {
                    self.time = clock;
                }
                self.board = Board::START;
                // The plies: every `B[..]` and `W[..]` after the board.
                let moves = line.split("BO[").nth(1).unwrap_or("");
                for part in moves.split(']') {
                    let (side, ply) = match part.rsplit_once('[') {
                        Some((s, p)) if s.ends_with('B') => (Color::Black, p),
                        Some((s, p)) if s.ends_with('W') => (Color::White, p),
                        _ => continue,
                    };
                    // The ply, without its evaluation and time (`PA//0.01`).
                    let ply = match ply.split('/').next()? {
                        "PA" => "pass",
                        ply => ply,
                    };
                    self.play(side, ply.parse().ok()?);
                }
                None
            }
            Some("go") => {
                let color = self.board.side_to_move();
                let answer = self.answer(color)?;
                Some(format!("status thinking\n=== {answer}"))
            }
            _ => None,
        }
    }
}

/// What a GGF game's clock leaves the side to move: the main time less the seconds of
/// its moves (those that give one), plus the increment.
fn clock_left(clock: Clock, game: &Game) -> f64 {
    let used = game.seconds_used(game.board.side_to_move());
    (clock.main - used).max(0.0) + clock.increment
}

fn main() {
    let o = FakeOptions::from_args(&["--nboard"]);
    let mut fake = Fake {
        rng: fastrand::Rng::with_seed(o.seed),
        o,
        board: Board::START,
        time: 0.1,
        requests: 0,
    };
    serve(|line, words, out| {
        let answer = if fake.o.has("--nboard") {
            fake.nboard(line.trim(), words).map(|a| a + "\n")
        } else {
            fake.gtp(words).map(|a| a + "\n\n")
        };
        if let Some(text) = answer {
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        }
        true
    });
}

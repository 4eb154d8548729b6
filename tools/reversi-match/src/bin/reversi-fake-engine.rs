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
//!
//! It reads commands and writes answers with the `reversi-protocol` crate's types, as
//! the engine does; only the misbehaviours (`hello`, NBoard's `=== resign`) are text
//! outside the protocol.

use std::io::Write;
use std::time::Duration;

use match_core::fake::{serve, FakeOptions};
use reversi::ggf::{Clock, GgfGame, MoveItem};
use reversi::{Board, Color, Ply};
use reversi_protocol::gtp::{self, Command as GtpCommand};
use reversi_protocol::nboard::{Command as NboardCommand, Reply};

/// The answer to a move request.
enum Answer {
    /// A move or a pass (GTP `= d3`, NBoard `=== D3`), legal or not.
    Ply(Ply),
    /// GTP `= resign` (NBoard has no resignation: `=== resign`, a malformed answer).
    Resign,
    /// `hello`, a malformed answer.
    Hello,
}

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
    fn answer(&mut self, color: Color) -> Option<Answer> {
        self.requests += 1;
        let board = Fake::to_move(self.board, color);
        // A finished game has no legal ply; a pass stands for it as before.
        let legal = reversi::random::ply(&mut self.rng, &board).unwrap_or(Ply::Pass);
        let mode = self.o.mode_of_request(self.requests);
        let first = |set: reversi::SquareSet| set.first().expect("a square");
        let answer = match mode {
            "good" | "refuse-pass" => Answer::Ply(legal),
            "slow" => {
                std::thread::sleep(Duration::from_millis(100));
                Answer::Ply(legal)
            }
            "spend" => {
                std::thread::sleep(Duration::from_secs_f64(self.time / 2.0));
                Answer::Ply(legal)
            }
            "illegal" => Answer::Ply(Ply::Move(first(!board.empty_squares()))),
            "pass" => Answer::Ply(Ply::Pass),
            "no-pass" if board.legal_moves().is_empty() => {
                Answer::Ply(Ply::Move(first(board.empty_squares())))
            }
            "no-pass" => Answer::Ply(legal),
            "malformed" => Answer::Hello,
            "hang" => return None,
            "crash" => std::process::exit(3),
            "late" => {
                std::thread::sleep(Duration::from_secs_f64(self.time + 0.5));
                Answer::Ply(legal)
            }
            "resign" => Answer::Resign,
            other => {
                eprintln!("unknown mode {other}");
                std::process::exit(2);
            }
        };
        if matches!(answer, Answer::Ply(ply) if ply == legal) {
            self.play(color, legal);
        }
        Some(answer)
    }

    /// One GTP command line; its response, if any.
    fn gtp(&mut self, line: &str) -> Option<gtp::Response> {
        let request = gtp::read_line(line)?;
        let result = match request.command {
            Ok(
                GtpCommand::Boardsize(_)
                | GtpCommand::Komi(_)
                | GtpCommand::Name
                | GtpCommand::ProtocolVersion,
            ) => Ok(String::new()),
            Ok(GtpCommand::ClearBoard) => {
                self.board = Board::START;
                Ok(String::new())
            }
            // The byo-yomi time (0 with a game clock, until `time_left`).
            Ok(GtpCommand::TimeSettings { byo_yomi, .. }) => {
                self.time = byo_yomi;
                Ok(String::new())
            }
            // A game clock: `late` answers past what is left.
            Ok(GtpCommand::TimeLeft { seconds, .. }) => {
                self.time = seconds;
                Ok(String::new())
            }
            Ok(GtpCommand::Play(_, Ply::Pass)) if self.o.mode == "refuse-pass" => {
                Err("syntax error".to_owned())
            }
            Ok(GtpCommand::Play(color, ply)) => {
                self.play(color, ply);
                Ok(String::new())
            }
            Ok(GtpCommand::Genmove(color)) => Ok(match self.answer(color)? {
                Answer::Ply(ply) => gtp::Move::Ply(ply).to_string(),
                Answer::Resign => gtp::Move::Resign.to_string(),
                Answer::Hello => "hello".to_owned(),
            }),
            Ok(GtpCommand::Quit) => std::process::exit(0),
            _ => Err("unknown command".to_owned()),
        };
        Some(gtp::Response {
            id: request.id,
            result,
        })
    }

    /// One NBoard command line; the answer's lines, if any.
    fn nboard(&mut self, line: &str) -> Option<String> {
        match NboardCommand::parse(line).ok()? {
            NboardCommand::Ping(n) => Some(Reply::Pong(n).to_string()),
            NboardCommand::SetDepth(_) => {
                // Told on standard error (the runner's `--log-dir` keeps it).
                eprintln!("{line}");
                None
            }
            NboardCommand::SetGame(game) => {
                if let Some(clock) = game.clock {
                    self.time = clock_left(clock, &game);
                }
                self.board = game.board_after;
                None
            }
            NboardCommand::Go => {
                let color = self.board.side_to_move();
                let answer = match self.answer(color)? {
                    Answer::Ply(ply) => Reply::Move(MoveItem::from(ply)).to_string(),
                    Answer::Resign => "=== resign\n".to_owned(),
                    Answer::Hello => "=== hello\n".to_owned(),
                };
                Some(Reply::Status("thinking".to_owned()).to_string() + &answer)
            }
            _ => None,
        }
    }
}

/// What a GGF game's clock leaves the side to move: the main time less the seconds of
/// its moves (those that give one), plus the increment.
fn clock_left(clock: Clock, game: &GgfGame) -> f64 {
    let used = game.seconds_used(game.board_after.side_to_move());
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
    serve(|line, _, out| {
        let answer = if fake.o.has("--nboard") {
            fake.nboard(line.trim())
        } else {
            fake.gtp(line).map(|response| response.to_string())
        };
        if let Some(text) = answer {
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        }
        true
    });
}

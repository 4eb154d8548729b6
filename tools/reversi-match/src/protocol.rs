//! The client side of the two protocols Othello engines speak, over an
//! [`Engine`] process:
//!
//! - **GTP** (Edax, Egaroucid, GRhino's `gtp-rhino`): at the start of a game
//!   `boardsize 8`, `clear_board` and, with a time limit of `T` seconds a move,
//!   `time_settings 0 T 1` (no main time, a byo-yomi of `T` seconds for 1 stone), or with
//!   `T` seconds a game `time_settings T 0 0` (main time, sudden death); before each of
//!   its moves the plies it has not seen (`play b d3`, `play w pass`), with a game clock
//!   `time_left b S 0` (`S` its seconds left, to the millisecond), then `genmove b` or
//!   `genmove w`, answered `= d3`, `= pass` or `= resign`. Each answer is
//!   the first non-blank line: `= ...` for success, `? ...` for an error. An engine that
//!   refuses `play <colour> pass` (GRhino's `gtp-rhino` answers `? syntax error`) is not
//!   told passes from then on: it passes implicitly, as the transcript notation does
//!   (it is then told the next move of the other colour directly).
//! - **NBoard** (version 2; Edax, NTest): at the start `nboard 2`, `set depth N` when a
//!   depth is given, and `ping 1`, answered `pong 1`; before each of its moves
//!   `set game <GGF>` (the game so far from the start position, [`ggf_game`]), then
//!   `go`, answered `=== d3` (optionally `=== d3/<eval>/<seconds>`; a pass `=== PA`). Lines such as `status ...`,
//!   `nodestats ...`, `search ...`, `set myname ...` are read past. The GGF's moves carry
//!   the seconds each took (`B[d3//0.12]`; the opening's carry none), as a GUI sends
//!   them, so that the engine counts its own use. With a time limit of `T` seconds a
//!   move (which the protocol cannot say) `TI` is an increment of `T` and no main time
//!   (`TI[0:00.000/0:00.100]`): a clock that gives the engine `T` for each move. With a
//!   game clock `TI` is the game's time (`TI[0:04.000]`), from which the engine takes
//!   its moves' seconds.
//!
//! The commands and answers are the `reversi-protocol` crate's types, the wire format
//! the engine's sessions use too: [`gtp::Command`], [`gtp::Response`], [`gtp::Move`];
//! [`nboard::Command`], [`nboard::Reply`]. This module says only what is sent when.

use std::time::Duration;

use match_core::engine::{excerpt, Engine, Fault};
use reversi::ggf::{Clock, GgfGame, MoveItem};
use reversi::{Board, Color, Ply};
use reversi_protocol::gtp::{self, Command as GtpCommand};
use reversi_protocol::nboard::{self, Command as NboardCommand, Reply};

/// The deadline of every command but a move request (set-up, `play`, `ping`), engine
/// start-up included.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// The deadline of a move request with no time limit: a week (an engine that never
/// answers stops the match only when killed).
pub const NO_LIMIT: Duration = Duration::from_secs(7 * 86_400);

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The Go Text Protocol as Othello engines use it.
    Gtp,
    /// The NBoard protocol, version 2.
    Nboard,
}

impl std::str::FromStr for Protocol {
    type Err = String;

    fn from_str(s: &str) -> Result<Protocol, String> {
        match s {
            "gtp" => Ok(Protocol::Gtp),
            "nboard" => Ok(Protocol::Nboard),
            _ => Err(format!("{s:?}: the protocol is gtp or nboard")),
        }
    }
}

/// An engine's time control in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No limit (an engine that ignores the clock, such as GRhino, which searches to
    /// fixed depths).
    Unlimited,
    /// Seconds a move, not carried over to the next (GTP `time_settings 0 T 1`).
    PerMove(f64),
    /// Seconds for all the engine's moves of one game, sudden death (GTP
    /// `time_settings T 0 0`, and `time_left` before each move request): each answer's
    /// time is taken from the clock, and the engine loses on time when its answers take
    /// more than the clock and the grace together (the grace is given once a game).
    PerGame(f64),
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::Unlimited => f.write_str("no time limit"),
            TimeControl::PerMove(t) => write!(f, "{t} s a move"),
            TimeControl::PerGame(t) => write!(f, "{t} s a game"),
        }
    }
}

/// What an engine answered to a move request: a move or a pass, legal or not, or (GTP
/// `= resign`) that it resigns.
pub use reversi_protocol::gtp::Move as Answer;

/// An engine in a game: its process, its protocol, its time limit and what it knows.
pub struct Player {
    engine: Engine,
    protocol: Protocol,
    /// Its time control.
    clock: TimeControl,
    /// The game's plies the engine knows (GTP).
    told: usize,
    /// The engine refused `play <colour> pass` (GRhino answers `? syntax error`): it is
    /// not told passes again; it passes implicitly, as a transcript does (GTP).
    implicit_pass: bool,
}

/// A command's line: its text and the newline.
fn line(command: &impl std::fmt::Display) -> String {
    format!("{command}\n")
}

/// Whether `line` is NBoard's `pong 1`.
fn is_pong(line: &str) -> bool {
    line.parse::<Reply>() == Ok(Reply::Pong(1))
}

impl Player {
    /// Starts a game with `engine`: the protocol's set-up (see the module docs), over
    /// NBoard with `set depth N` when `depth` is given (GTP has no depth: it is not sent).
    ///
    /// # Errors
    ///
    /// The engine refuses a command, answers out of turn, or fails to answer in
    /// [`COMMAND_TIMEOUT`].
    pub fn start(
        engine: Engine,
        protocol: Protocol,
        clock: TimeControl,
        depth: Option<u32>,
    ) -> Result<Player, Fault> {
        let mut player = Player {
            engine,
            protocol,
            clock,
            told: 0,
            implicit_pass: false,
        };
        match protocol {
            Protocol::Gtp => {
                player.command(&GtpCommand::Boardsize(8))?;
                player.command(&GtpCommand::ClearBoard)?;
                let settings = match clock {
                    TimeControl::Unlimited => None,
                    TimeControl::PerMove(t) => Some((0.0, t, 1)),
                    TimeControl::PerGame(t) => Some((t, 0.0, 0)),
                };
                if let Some((main, byo_yomi, stones)) = settings {
                    player.command(&GtpCommand::TimeSettings {
                        main,
                        byo_yomi,
                        stones,
                    })?;
                }
            }
            Protocol::Nboard => {
                player.engine.send(line(&NboardCommand::Nboard(2)));
                if let Some(depth) = depth {
                    player.engine.send(line(&NboardCommand::SetDepth(depth)));
                }
                let (answer, _) = player.engine.request_skipping(
                    line(&NboardCommand::Ping(1)),
                    COMMAND_TIMEOUT,
                    &|l| !is_pong(l) && nboard::is_information(l),
                )?;
                if !is_pong(&answer) {
                    return Err(Fault::Malformed(excerpt(&answer)));
                }
            }
        }
        Ok(player)
    }

    /// A GTP command other than `genmove`: the text of its success (`=`) response.
    fn command(&mut self, command: &GtpCommand) -> Result<String, Fault> {
        self.engine.drain()?;
        let (answer, _) = self.engine.request(line(command), COMMAND_TIMEOUT)?;
        match answer.parse::<gtp::Response>() {
            Ok(gtp::Response {
                result: Ok(text), ..
            }) => Ok(text),
            Ok(gtp::Response { result: Err(_), .. }) => {
                Err(Fault::Refused(format!("{command}: {}", excerpt(&answer))))
            }
            Err(_) => Err(Fault::Malformed(excerpt(&answer))),
        }
    }

    /// Asks for the move of `color` after `plies` (the whole game from the start
    /// position, passes written out; `seconds` the time of each ply when known, NBoard
    /// only), with `deadline` from the request to the answer and `left` the seconds left
    /// on its game clock, if it has one (GTP: sent by `time_left` first); returns the
    /// answer and the time it took.
    ///
    /// # Errors
    ///
    /// A fault of the engine (a refused `play`, a malformed answer, no answer in time,
    /// a crash, flooding, output out of turn).
    pub fn genmove(
        &mut self,
        plies: &[Ply],
        seconds: &[Option<f64>],
        color: Color,
        deadline: Duration,
        left: Option<f64>,
    ) -> Result<(Answer, Duration), Fault> {
        match self.protocol {
            Protocol::Gtp => self.gtp_genmove(plies, color, deadline, left),
            Protocol::Nboard => self.nboard_go(plies, seconds, deadline),
        }
    }

    fn gtp_genmove(
        &mut self,
        plies: &[Ply],
        color: Color,
        deadline: Duration,
        left: Option<f64>,
    ) -> Result<(Answer, Duration), Fault> {
        // Plies alternate colours from Black, passes included.
        for (i, ply) in plies.iter().enumerate().skip(self.told) {
            let mover = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if *ply == Ply::Pass && self.implicit_pass {
                continue;
            }
            match self.command(&GtpCommand::Play(mover, *ply)) {
                Err(Fault::Refused(_)) if *ply == Ply::Pass => self.implicit_pass = true,
                other => {
                    other?;
                }
            }
        }
        if let Some(seconds) = left {
            self.command(&GtpCommand::TimeLeft {
                color,
                seconds,
                stones: 0,
            })?;
        }
        self.engine.drain()?;
        let (line, took) = self
            .engine
            .request(self::line(&GtpCommand::Genmove(color)), deadline)?;
        let answer = match line.parse::<gtp::Response>() {
            Ok(gtp::Response {
                result: Ok(text), ..
            }) => text.parse::<Answer>().ok(),
            _ => None,
        }
        .ok_or_else(|| Fault::Malformed(excerpt(&line)))?;
        // The engine has played its own move on its board.
        self.told = plies.len() + 1;
        Ok((answer, took))
    }

    fn nboard_go(
        &mut self,
        plies: &[Ply],
        seconds: &[Option<f64>],
        deadline: Duration,
    ) -> Result<(Answer, Duration), Fault> {
        let clock = match self.clock {
            TimeControl::Unlimited => None,
            TimeControl::PerMove(t) => Some(Clock {
                main: 0.0,
                increment: t,
            }),
            TimeControl::PerGame(t) => Some(Clock {
                main: t,
                increment: 0.0,
            }),
        };
        let game = ggf_game(plies, seconds, "black", "white", None, clock);
        self.engine.drain_skipping(&nboard::is_information)?;
        self.engine
            .send(line(&NboardCommand::SetGame(Box::new(game))));
        let (answer, took) = self.engine.request_skipping(
            line(&NboardCommand::Go),
            deadline,
            &nboard::is_information,
        )?;
        match answer.parse::<Reply>() {
            Ok(Reply::Move(item)) => Ok((Answer::Ply(item.ply), took)),
            _ => Err(Fault::Malformed(excerpt(&answer))),
        }
    }

    /// Ends the game: kills the engine's process group.
    pub fn kill(&mut self) {
        self.engine.kill();
    }
}

/// The game of `plies` from the start position, as [`reversi::ggf`]'s writer prints it
/// in one GGF line: `PC[reversi-match]`, the players' names, the result as Black's disc
/// difference (`RE[+12]`) when given, the clock (`TI`) when given, the start board and
/// the plies (`B[f5]`, `W[PA]`), each with its time in seconds when `seconds` has it
/// (`B[f5//0.25]`; `seconds[i]` is the time of `plies[i]`, and a shorter slice leaves
/// the rest without one).
///
/// ```
/// use reversi_match::protocol::ggf_game;
/// let plies = ["f5", "d6"].map(|p| p.parse().unwrap());
/// assert_eq!(
///     ggf_game(&plies, &[], "a", "b", None, None).to_string(),
///     "(;GM[Othello]PC[reversi-match]PB[a]PW[b]TY[8]\
///      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
///      B[f5]W[d6];)"
/// );
/// assert!(ggf_game(&plies, &[None, Some(0.25)], "a", "b", None, None)
///     .to_string()
///     .ends_with("B[f5]W[d6//0.25];)"));
/// ```
#[must_use]
pub fn ggf_game(
    plies: &[Ply],
    seconds: &[Option<f64>],
    black: &str,
    white: &str,
    result: Option<i32>,
    clock: Option<Clock>,
) -> GgfGame {
    let mut game = GgfGame::new(Board::START);
    for (i, &ply) in plies.iter().enumerate() {
        let item = MoveItem {
            seconds: seconds.get(i).copied().flatten(),
            ..MoveItem::from(ply)
        };
        // The plies of a game here are legal (each was played on the board first); one
        // that is not would still be written, as it was given.
        if game.play(item).is_err() {
            game.moves.push(item);
        }
    }
    game.place = Some("reversi-match".to_owned());
    game.black = Some(black.to_owned());
    game.white = Some(white.to_owned());
    game.result = result.map(|result| format!("{result:+}"));
    game.clock = clock;
    game
}

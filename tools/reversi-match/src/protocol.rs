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
//!   `set game <GGF>` (the game so far from the start position, [`ggf_text`]), then
//!   `go`, answered `=== d3` (optionally `=== d3/<eval>/<seconds>`; a pass `=== PA`). Lines such as `status ...`,
//!   `nodestats ...`, `search ...`, `set myname ...` are read past. The GGF's moves carry
//!   the seconds each took (`B[d3//0.12]`; the opening's carry none), as a GUI sends
//!   them, so that the engine counts its own use. With a time limit of `T` seconds a
//!   move (which the protocol cannot say) `TI` is an increment of `T` and no main time
//!   (`TI[0:00.000/0:00.100]`): a clock that gives the engine `T` for each move. With a
//!   game clock `TI` is the game's time (`TI[0:04.000]`), from which the engine takes
//!   its moves' seconds.

use std::time::Duration;

use match_core::engine::{excerpt, Engine, Fault};
use reversi::ggf::{Clock, Game, MoveItem};
use reversi::{Board, Color, Ply};

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

/// What an engine answered to a move request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move or a pass, legal or not.
    Ply(Ply),
    /// It resigned (GTP `= resign`).
    Resign,
}

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

/// Whether an NBoard line is information to read past (not an answer).
fn nboard_info(line: &str) -> bool {
    [
        "status",
        "nodestats",
        "search",
        "set ",
        "hint",
        "learn",
        "pong",
    ]
    .iter()
    .any(|word| line.starts_with(word))
}

/// The GTP name of a colour.
fn gtp_color(color: Color) -> &'static str {
    match color {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// Reads a move answer (`d3`, `D3`, `pass`, `PA`, `resign`), or a malformed-answer fault
/// quoting `line`.
fn parse_answer(word: &str, line: &str) -> Result<Answer, Fault> {
    if word.eq_ignore_ascii_case("resign") {
        return Ok(Answer::Resign);
    }
    if word.eq_ignore_ascii_case("pa") {
        return Ok(Answer::Ply(Ply::Pass));
    }
    word.parse::<Ply>()
        .map(Answer::Ply)
        .map_err(|_| Fault::Malformed(excerpt(line)))
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
                player.command("boardsize 8")?;
                player.command("clear_board")?;
                match clock {
                    TimeControl::Unlimited => {}
                    TimeControl::PerMove(t) => {
                        player.command(&format!("time_settings 0 {t} 1"))?;
                    }
                    TimeControl::PerGame(t) => {
                        player.command(&format!("time_settings {t} 0 0"))?;
                    }
                }
            }
            Protocol::Nboard => {
                player.engine.send("nboard 2\n".to_string());
                if let Some(depth) = depth {
                    player.engine.send(format!("set depth {depth}\n"));
                }
                let (line, _) = player.engine.request_skipping(
                    "ping 1\n".to_string(),
                    COMMAND_TIMEOUT,
                    &|l| l != "pong 1" && nboard_info(l),
                )?;
                if line != "pong 1" {
                    return Err(Fault::Malformed(excerpt(&line)));
                }
            }
        }
        Ok(player)
    }

    /// A GTP command other than `genmove`: the text after `=` of its answer.
    fn command(&mut self, text: &str) -> Result<String, Fault> {
        self.engine.drain()?;
        let (line, _) = self.engine.request(format!("{text}\n"), COMMAND_TIMEOUT)?;
        if let Some(rest) = line.strip_prefix('=') {
            Ok(rest.trim().to_string())
        } else if line.starts_with('?') {
            Err(Fault::Refused(format!("{text}: {}", excerpt(&line))))
        } else {
            Err(Fault::Malformed(excerpt(&line)))
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
            match self.command(&format!("play {} {ply}", gtp_color(mover))) {
                Err(Fault::Refused(_)) if *ply == Ply::Pass => self.implicit_pass = true,
                other => {
                    other?;
                }
            }
        }
        if let Some(left) = left {
            self.command(&format!("time_left {} {left:.3} 0", gtp_color(color)))?;
        }
        self.engine.drain()?;
        let (line, took) = self
            .engine
            .request(format!("genmove {}\n", gtp_color(color)), deadline)?;
        let Some(rest) = line.strip_prefix('=') else {
            return Err(Fault::Malformed(excerpt(&line)));
        };
        let answer = parse_answer(rest.trim(), &line)?;
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
        let game = ggf_text(plies, seconds, "black", "white", None, clock);
        self.engine.drain_skipping(&nboard_info)?;
        self.engine.send(format!("set game {game}\n"));
        let (line, took) =
            self.engine
                .request_skipping("go\n".to_string(), deadline, &nboard_info)?;
        let Some(rest) = line.strip_prefix("===") else {
            return Err(Fault::Malformed(excerpt(&line)));
        };
        let word = rest.split('/').next().unwrap_or("").trim();
        Ok((parse_answer(word, &line)?, took))
    }

    /// Ends the game: kills the engine's process group.
    pub fn kill(&mut self) {
        self.engine.kill();
    }
}

/// The game of `plies` from the start position as one GGF line ([`reversi::ggf`]'s
/// writer): `PC[reversi-match]`, the players' names, the result as Black's disc
/// difference (`RE[+12]`) when given, the clock (`TI`) when given, the start board and
/// the plies (`B[f5]`, `W[PA]`), each with its time in seconds when `seconds` has it
/// (`B[f5//0.25]`; `seconds[i]` is the time of `plies[i]`, and a shorter slice leaves
/// the rest without one).
///
/// ```
/// use reversi_match::protocol::ggf_text;
/// let plies = ["f5", "d6"].map(|p| p.parse().unwrap());
/// assert_eq!(
///     ggf_text(&plies, &[], "a", "b", None, None),
///     "(;GM[Othello]PC[reversi-match]PB[a]PW[b]TY[8]\
///      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
///      B[f5]W[d6];)"
/// );
/// assert!(ggf_text(&plies, &[None, Some(0.25)], "a", "b", None, None)
///     .ends_with("B[f5]W[d6//0.25];)"));
/// ```
#[must_use]
pub fn ggf_text(
    plies: &[Ply],
    seconds: &[Option<f64>],
    black: &str,
    white: &str,
    result: Option<i32>,
    clock: Option<Clock>,
) -> String {
    let mut game = Game::new(Board::START);
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
    game.to_string()
}

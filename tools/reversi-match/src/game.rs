//! One game between two engine commands, by the rules of the `reversi` crate.

use std::path::PathBuf;
use std::time::Duration;

use match_core::engine::{Engine, Fault};
use match_core::summary::{GameResult, MatchRecord};
use reversi::{Board, Color, Outcome, Ply};
use serde::{Deserialize, Serialize};

use crate::opening::Opening;
pub use crate::protocol::TimeControl;
use crate::protocol::{Answer, Player, Protocol, NO_LIMIT};

/// How one engine is run.
#[derive(Clone, Debug)]
pub struct EngineSettings {
    /// Its shell command.
    pub command: String,
    /// Its protocol.
    pub protocol: Protocol,
    /// Its time control.
    pub clock: TimeControl,
    /// Its search depth, sent over NBoard (`set depth N`) at the start of each game.
    pub depth: Option<u32>,
}

/// How games are played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The engines: `[engine1, engine2]`.
    pub engines: [EngineSettings; 2],
    /// What an answer may take beyond its time limit.
    pub grace: Duration,
    /// Where each game's engine standard error goes (`game-<n>-engine<k>.log`).
    pub log_dir: Option<PathBuf>,
}

/// One game, as recorded (one JSON object a line in the record file).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The game's index, from 0.
    pub game: usize,
    /// The opening's moves from the start position (a transcript, passes implicit).
    pub opening: String,
    /// Which engine played Black (who moves first): 1 or 2.
    pub black: u8,
    /// Which engine played White: 1 or 2.
    pub white: u8,
    /// The plies played after the opening (`d3`, `pass`).
    pub moves: Vec<String>,
    /// `Black wins`, `White wins`, `Draw`.
    pub result: String,
    /// Which engine won (1 or 2), none for a draw.
    pub winner: Option<u8>,
    /// Why the game ended: `game over` (neither side can move), `engine<k> resigned`,
    /// or `engine<k> <fault>`.
    pub reason: String,
    /// The kind of fault that lost the game (`illegal`, `timeout`, `crash`, ...), if any.
    #[serde(deserialize_with = "match_core::resume::fault_kind")]
    pub fault: match_core::resume::FaultKind,
    /// Black's and White's discs at the end.
    pub discs: [u32; 2],
    /// Engine 1's discs minus engine 2's, for a game that ended by the rules.
    pub disc_difference: Option<i32>,
    /// The position at the end (`.obf`: a1 ... h8, `X` Black, `O` White, `-` empty, the
    /// side to move).
    pub final_obf: String,
    /// The game in GGF, from the start position.
    pub ggf: String,
    /// The longest answer of each engine, in milliseconds: `[engine1, engine2]`.
    pub max_answer_ms: [f64; 2],
    /// The sum of each engine's answer times, in milliseconds.
    pub total_answer_ms: [f64; 2],
    /// The number of answers of each engine (plies played, plus a faulty answer).
    pub answers: [u32; 2],
}

impl MatchRecord for Record {
    fn result(&self) -> GameResult<'_> {
        GameResult {
            game: self.game,
            winner: self.winner,
            fault: self.fault,
            end: self
                .reason
                .strip_prefix("engine1 ")
                .or(self.reason.strip_prefix("engine2 "))
                .unwrap_or(&self.reason),
            max_answer_ms: self.max_answer_ms,
            total_answer_ms: self.total_answer_ms,
            answers: self.answers,
            disc_difference: self.disc_difference,
        }
    }

    fn opening(&self) -> &str {
        &self.opening
    }

    fn engine1_first(&self) -> bool {
        // Black moves first.
        self.black == 1
    }
}

/// How a game ended: the winning colour (none for a draw), why, the kind of fault.
type Ending = (Option<Color>, String, Option<&'static str>);

/// One game under way.
struct Game<'a> {
    index: usize,
    opening: &'a Opening,
    /// The index (0 or 1) of the engine playing Black.
    black_engine: usize,
    /// Every ply from the start position, passes written out.
    plies: Vec<Ply>,
    /// The seconds each ply took (the opening's: none), told to NBoard engines.
    seconds: Vec<Option<f64>>,
    board: Board,
    max_ms: [f64; 2],
    total_ms: [f64; 2],
    answers: [u32; 2],
    /// Each engine's seconds left on a game clock ([`TimeControl::PerGame`]); below zero
    /// once it has used some of its grace.
    left: [f64; 2],
}

impl Game<'_> {
    /// The index (0 or 1) of the engine playing `color`.
    fn engine_of(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black_engine,
            Color::White => 1 - self.black_engine,
        }
    }

    /// The colour engine `k` plays.
    fn color_of(&self, k: usize) -> Color {
        if k == self.black_engine {
            Color::Black
        } else {
            Color::White
        }
    }

    /// A loss of engine `k` for `fault`.
    fn lost(&self, k: usize, fault: &Fault) -> Ending {
        let reason = format!("engine{} {fault}", k + 1);
        (Some(self.color_of(k).other()), reason, Some(fault.kind()))
    }

    /// Asks the engine to move for the side to move and plays its answer (a move, or a
    /// pass when it has none); the end of the game if it resigned or faulted.
    fn turn(&mut self, settings: &Settings, players: &mut [Player]) -> Result<(), Ending> {
        let color = self.board.side_to_move();
        let k = self.engine_of(color);
        let (deadline, left) = match settings.engines[k].clock {
            TimeControl::Unlimited => (NO_LIMIT, None),
            TimeControl::PerMove(t) => (Duration::from_secs_f64(t) + settings.grace, None),
            TimeControl::PerGame(_) => (
                Duration::from_secs_f64((self.left[k] + settings.grace.as_secs_f64()).max(0.0)),
                Some(self.left[k].max(0.0)),
            ),
        };
        let (answer, took) = players[k]
            .genmove(&self.plies, &self.seconds, color, deadline, left)
            .map_err(|fault| self.lost(k, &fault))?;
        self.left[k] -= took.as_secs_f64();
        let ms = took.as_secs_f64() * 1000.0;
        self.max_ms[k] = self.max_ms[k].max(ms);
        self.total_ms[k] += ms;
        self.answers[k] += 1;
        let ply = match answer {
            Answer::Resign => {
                return Err((
                    Some(color.other()),
                    format!("engine{} resigned", k + 1),
                    None,
                ))
            }
            Answer::Ply(ply) => ply,
        };
        let next = self.board.play_ply(ply);
        let next = next.map_err(|why| {
            let fault = Fault::Illegal {
                answer: ply.to_string(),
                why: why.to_string(),
            };
            self.lost(k, &fault)
        })?;
        self.plies.push(ply);
        self.seconds.push(Some(took.as_secs_f64()));
        self.board = next;
        Ok(())
    }

    /// The game's record, ended as `ending` says.
    fn finish(self, settings: &Settings, (winner, reason, fault): Ending) -> Record {
        let counts = self.board.disc_counts();
        let result = match winner {
            Some(color) => Outcome::Win(color),
            None => Outcome::Draw,
        };
        let black_minus_white = counts.black as i32 - counts.white as i32;
        // Only a game that ended by the rules has a disc result (not a resignation or a
        // fault).
        let disc_difference = self
            .board
            .is_game_over()
            .then_some(if self.black_engine == 0 {
                black_minus_white
            } else {
                -black_minus_white
            });
        let ggf = crate::protocol::ggf_game(
            &self.plies,
            &[],
            &settings.engines[self.black_engine].command,
            &settings.engines[1 - self.black_engine].command,
            self.board.is_game_over().then_some(black_minus_white),
            None,
        )
        .to_string();
        let after_opening = self.opening.plies().len();
        Record {
            game: self.index,
            opening: self.opening.0.to_string(),
            black: self.black_engine as u8 + 1,
            white: 2 - self.black_engine as u8,
            moves: self.plies[after_opening..]
                .iter()
                .map(Ply::to_string)
                .collect(),
            result: result.to_string(),
            winner: winner.map(|c| self.engine_of(c) as u8 + 1),
            reason,
            fault,
            discs: [counts.black, counts.white],
            disc_difference,
            final_obf: self.board.to_obf(),
            ggf,
            max_answer_ms: self.max_ms,
            total_answer_ms: self.total_ms,
            answers: self.answers,
        }
    }
}

/// Starts both engines and their protocols' set-up, or the fault of the first that
/// fails, with its index.
fn start_players(settings: &Settings, index: usize) -> Result<Vec<Player>, (usize, Fault)> {
    let mut players = Vec::with_capacity(2);
    for (k, e) in settings.engines.iter().enumerate() {
        let log = settings
            .log_dir
            .as_ref()
            .map(|dir| dir.join(format!("game-{index}-engine{}.log", k + 1)));
        let player = Engine::spawn(&e.command, log.as_deref(), "reversi-match")
            .and_then(|engine| Player::start(engine, e.protocol, e.clock, e.depth))
            .map_err(|fault| (k, fault))?;
        players.push(player);
    }
    Ok(players)
}

/// Plays game `index` from `opening`; engine 1 plays Black when `engine1_black`. The
/// game ends when neither side can move (most discs wins), or at once when an engine
/// resigns or faults (an illegal move or pass, a malformed answer, no answer in its
/// time plus the grace, a crash, flooding, output out of turn, a refused command).
#[must_use]
pub fn play(settings: &Settings, index: usize, opening: &Opening, engine1_black: bool) -> Record {
    let mut game = Game {
        index,
        opening,
        black_engine: if engine1_black { 0 } else { 1 },
        plies: opening.plies(),
        seconds: vec![None; opening.plies().len()],
        board: *opening.board(),
        max_ms: [0.0; 2],
        total_ms: [0.0; 2],
        answers: [0; 2],
        left: settings.engines.each_ref().map(|e| match e.clock {
            TimeControl::PerGame(t) => t,
            _ => 0.0,
        }),
    };
    let mut players = match start_players(settings, index) {
        Ok(players) => players,
        Err((k, fault)) => {
            let end = game.lost(k, &fault);
            return game.finish(settings, end);
        }
    };
    let end = loop {
        if let Some(outcome) = game.board.outcome() {
            break (outcome.winner(), "game over".to_string(), None);
        }
        if let Err(end) = game.turn(settings, &mut players) {
            break end;
        }
    };
    for player in &mut players {
        player.kill();
    }
    game.finish(settings, end)
}

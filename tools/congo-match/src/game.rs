//! One game between two engine commands.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::{excerpt, Engine, Fault};
use crate::rules::{Board, End, Side};

/// How games are played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The engines' shell commands: `[engine1, engine2]`.
    pub commands: [String; 2],
    /// Seconds per move, sent as `go <seconds>`.
    pub time: f64,
    /// What an answer may take beyond `time`.
    pub grace: Duration,
    /// Plies after the opening before the game is a draw.
    pub max_plies: u32,
    /// Where each game's engine standard error goes (`game-<n>-engine<k>.log`).
    pub log_dir: Option<PathBuf>,
}

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

/// One game, as recorded (one JSON object a line in the record file).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The game's index, from 0.
    pub game: usize,
    /// The opening FEN.
    pub opening: String,
    /// Which engine played White: 1 or 2.
    pub white: u8,
    /// Which engine played Black: 1 or 2.
    pub black: u8,
    /// The moves played from the opening.
    pub moves: Vec<String>,
    /// The result.
    pub result: Score,
    /// Which engine won (1 or 2), none for a draw.
    pub winner: Option<u8>,
    /// Why the game ended.
    pub reason: String,
    /// The kind of fault that lost the game (`illegal`, `timeout`, `crash`, ...), if any.
    #[serde(deserialize_with = "match_core::resume::fault_kind")]
    pub fault: match_core::resume::FaultKind,
    /// The FEN at the end.
    pub final_fen: String,
    /// The longest answer of each engine, in milliseconds: `[engine1, engine2]`.
    pub max_answer_ms: [f64; 2],
    /// The sum of each engine's answer times, in milliseconds.
    pub total_answer_ms: [f64; 2],
    /// The number of answers of each engine (moves played, plus a faulty answer).
    pub answers: [u32; 2],
}

impl Record {
    /// Engine 1's points: 1, 0.5 or 0.
    #[must_use]
    pub fn points1(&self) -> f64 {
        match self.winner {
            Some(1) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

impl match_core::summary::MatchRecord for Record {
    fn result(&self) -> match_core::summary::GameResult<'_> {
        match_core::summary::GameResult {
            game: self.game,
            winner: self.winner,
            fault: self.fault,
            end: if self.reason.starts_with("ply cap") {
                "ply cap"
            } else {
                self.reason.as_str()
            },
            max_answer_ms: self.max_answer_ms,
            total_answer_ms: self.total_answer_ms,
            answers: self.answers,
            disc_difference: None,
        }
    }

    fn opening(&self) -> &str {
        &self.opening
    }

    fn engine1_first(&self) -> bool {
        // White moves first.
        self.white == 1
    }
}

/// Answer times of the two engines.
#[derive(Clone, Copy, Debug, Default)]
struct Timing {
    max_ms: [f64; 2],
    total_ms: [f64; 2],
    answers: [u32; 2],
}

impl Timing {
    /// Counts an answer of engine `k` (0 or 1) that took `took`.
    fn add(&mut self, k: usize, took: Duration) {
        let ms = took.as_secs_f64() * 1000.0;
        self.max_ms[k] = self.max_ms[k].max(ms);
        self.total_ms[k] += ms;
        self.answers[k] += 1;
    }
}

/// How a game ended: the winning side (none for a draw), why, and the kind of fault.
type Ending = (Option<Side>, String, Option<&'static str>);

/// One game under way: who plays which side, the moves so far, the answer times.
struct Game<'a> {
    index: usize,
    opening: &'a Board,
    /// The index into `commands` (0 or 1) of the engine playing White.
    white_engine: usize,
    moves: Vec<String>,
    board: Board,
    timing: Timing,
}

impl Game<'_> {
    /// The index into `commands` (0 or 1) of the engine playing `side`.
    fn engine_of(&self, side: Side) -> usize {
        match side {
            Side::White => self.white_engine,
            Side::Black => 1 - self.white_engine,
        }
    }

    /// The side engine `k` plays.
    fn side_of(&self, k: usize) -> Side {
        if k == self.white_engine {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The game's record, ended as `ending` says.
    fn finish(self, (winner, reason, fault): Ending) -> Record {
        let result = match winner {
            Some(Side::White) => Score::WhiteWins,
            Some(Side::Black) => Score::BlackWins,
            None => Score::Draw,
        };
        Record {
            game: self.index,
            opening: self.opening.fen(),
            white: self.white_engine as u8 + 1,
            black: 2 - self.white_engine as u8,
            winner: winner.map(|s| self.engine_of(s) as u8 + 1),
            moves: self.moves,
            result,
            reason,
            fault,
            final_fen: self.board.fen(),
            max_answer_ms: self.timing.max_ms,
            total_answer_ms: self.timing.total_ms,
            answers: self.timing.answers,
        }
    }

    /// Asks the engine to move for the side to move and plays its answer; the fault
    /// that loses the game otherwise, with the engine's index.
    fn turn(&mut self, settings: &Settings, engines: &mut [Engine]) -> Result<(), (usize, Fault)> {
        let k = self.engine_of(self.board.side_to_move());
        let engine = &mut engines[k];
        let mut text = format!("position {}\n", self.opening.fen());
        if !self.moves.is_empty() {
            text.push_str("moves ");
            text.push_str(&self.moves.join(" "));
            text.push('\n');
        }
        let deadline = Duration::from_secs_f64(settings.time) + settings.grace;
        let answer = engine.drain().and_then(|()| {
            engine.send(text);
            engine.request(format!("go {}\n", settings.time), deadline)
        });
        let (line, took) = answer.map_err(|fault| (k, fault))?;
        self.timing.add(k, took);
        if !Board::is_move_text(&line) {
            return Err((k, Fault::Malformed(excerpt(&line))));
        }
        let next = self.board.play(&line).map_err(|why| {
            let answer = excerpt(&line);
            (k, Fault::Illegal { answer, why })
        })?;
        self.moves.push(line);
        self.board = next;
        Ok(())
    }
}

/// The end of the game by the rules in `board`, if it is over.
fn ending(board: &Board) -> Option<Ending> {
    board.end().map(|end| match end {
        End::Win(side, why) => (Some(side), why.to_string(), None),
        End::Draw(why) => (None, why.to_string(), None),
    })
}

/// Starts both engines (engine `k`'s standard error to `game-<index>-engine<k>.log` in
/// the log folder), or the fault of the first that cannot start, with its index.
fn spawn_engines(settings: &Settings, index: usize) -> Result<Vec<Engine>, (usize, Fault)> {
    let mut engines: Vec<Engine> = Vec::with_capacity(2);
    for (k, command) in settings.commands.iter().enumerate() {
        let log = settings
            .log_dir
            .as_ref()
            .map(|dir| dir.join(format!("game-{index}-engine{}.log", k + 1)));
        let engine = Engine::spawn(command, log.as_deref(), "congo-match").map_err(|f| (k, f))?;
        engines.push(engine);
    }
    Ok(engines)
}

/// Plays game `index` from `opening`; engine 1 is White when `engine1_white`.
#[must_use]
pub fn play(settings: &Settings, index: usize, opening: &Board, engine1_white: bool) -> Record {
    let mut game = Game {
        index,
        opening,
        white_engine: if engine1_white { 0 } else { 1 },
        moves: Vec::new(),
        board: *opening,
        timing: Timing::default(),
    };
    if let Some(end) = ending(&game.board) {
        return game.finish(end);
    }
    let lost = |game: &Game<'_>, (k, fault): (usize, Fault)| -> Ending {
        let reason = format!("engine{} {fault}", k + 1);
        (Some(game.side_of(k).other()), reason, Some(fault.kind()))
    };
    let mut engines = match spawn_engines(settings, index) {
        Ok(engines) => engines,
        Err(fault) => {
            let end = lost(&game, fault);
            return game.finish(end);
        }
    };
    for engine in &mut engines {
        engine.send("newgame\n".to_string());
    }
    let mut plies = 0u32;
    let end = loop {
        if let Some(end) = ending(&game.board) {
            break end;
        }
        if plies >= settings.max_plies {
            break (None, format!("ply cap ({})", settings.max_plies), None);
        }
        match game.turn(settings, &mut engines) {
            Ok(()) => plies += 1,
            Err(fault) => break lost(&game, fault),
        }
    };
    for engine in &mut engines {
        engine.kill();
    }
    game.finish(end)
}

//! One game between two engine commands.

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, Serialize)]
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
    pub fault: Option<&'static str>,
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

/// Answer times of the two engines.
#[derive(Clone, Copy, Debug, Default)]
struct Timing {
    max_ms: [f64; 2],
    total_ms: [f64; 2],
    answers: [u32; 2],
}

/// Plays game `index` from `opening`; engine 1 is White when `engine1_white`.
#[must_use]
pub fn play(settings: &Settings, index: usize, opening: &Board, engine1_white: bool) -> Record {
    let white_engine: usize = if engine1_white { 0 } else { 1 };
    // engine_of[side]: index into `commands` (0 or 1).
    let engine_of = |side: Side| match side {
        Side::White => white_engine,
        Side::Black => 1 - white_engine,
    };
    let mut moves: Vec<String> = Vec::new();
    let mut board = *opening;
    let mut t = Timing::default();
    let finish = |board: &Board,
                  moves: Vec<String>,
                  winner: Option<Side>,
                  reason: String,
                  fault: Option<&'static str>,
                  t: Timing| {
        let result = match winner {
            Some(Side::White) => Score::WhiteWins,
            Some(Side::Black) => Score::BlackWins,
            None => Score::Draw,
        };
        Record {
            game: index,
            opening: opening.fen(),
            white: white_engine as u8 + 1,
            black: 2 - white_engine as u8,
            moves,
            result,
            winner: winner.map(|s| engine_of(s) as u8 + 1),
            reason,
            fault,
            final_fen: board.fen(),
            max_answer_ms: t.max_ms,
            total_answer_ms: t.total_ms,
            answers: t.answers,
        }
    };
    if let Some(end) = board.end() {
        return match end {
            End::Win(side, why) => finish(&board, moves, Some(side), why.to_string(), None, t),
            End::Draw(why) => finish(&board, moves, None, why.to_string(), None, t),
        };
    }
    let mut engines: Vec<Engine> = Vec::with_capacity(2);
    for (k, command) in settings.commands.iter().enumerate() {
        let log = settings
            .log_dir
            .as_ref()
            .map(|dir| dir.join(format!("game-{index}-engine{}.log", k + 1)));
        match Engine::spawn(command, log.as_deref()) {
            Ok(engine) => engines.push(engine),
            Err(fault) => {
                let loser = if k == white_engine {
                    Side::White
                } else {
                    Side::Black
                };
                return finish(
                    &board,
                    moves,
                    Some(loser.other()),
                    format!("engine{} {fault}", k + 1),
                    Some(fault.kind()),
                    t,
                );
            }
        }
    }
    for engine in &mut engines {
        engine.send("newgame\n".to_string());
    }
    let opening_fen = opening.fen();
    let deadline = Duration::from_secs_f64(settings.time) + settings.grace;
    let mut plies = 0u32;
    let result = loop {
        if let Some(end) = board.end() {
            break match end {
                End::Win(side, why) => (Some(side), why.to_string(), None),
                End::Draw(why) => (None, why.to_string(), None),
            };
        }
        if plies >= settings.max_plies {
            break (None, format!("ply cap ({})", settings.max_plies), None);
        }
        let us = board.side_to_move();
        let k = engine_of(us);
        let engine = &mut engines[k];
        let mut text = format!("position {opening_fen}\n");
        if !moves.is_empty() {
            text.push_str("moves ");
            text.push_str(&moves.join(" "));
            text.push('\n');
        }
        let answer = engine.drain().and_then(|()| {
            engine.send(text);
            engine.go(settings.time, deadline)
        });
        let outcome = answer.and_then(|(line, took)| {
            let ms = took.as_secs_f64() * 1000.0;
            t.max_ms[k] = t.max_ms[k].max(ms);
            t.total_ms[k] += ms;
            t.answers[k] += 1;
            if !Board::is_move_text(&line) {
                return Err(Fault::Malformed(excerpt(&line)));
            }
            board
                .play(&line)
                .map(|next| (line.clone(), next))
                .map_err(|why| Fault::Illegal {
                    answer: excerpt(&line),
                    why,
                })
        });
        match outcome {
            Ok((mv, next)) => {
                moves.push(mv);
                board = next;
                plies += 1;
            }
            Err(fault) => {
                break (
                    Some(us.other()),
                    format!("engine{} {fault}", k + 1),
                    Some(fault.kind()),
                )
            }
        }
    };
    for engine in &mut engines {
        engine.kill();
    }
    finish(&board, moves, result.0, result.1, result.2, t)
}

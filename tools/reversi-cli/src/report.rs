//! What `reversi-analyse` prints for a game: a text table a person reads
//! ([`write_text`]) or one JSON object a line for tools ([`json_line`]).

use std::io::{self, Write};

use reversi::{Board, Color};
use reversi_engine::{GameAnalysis, PlayerSummary, PlyAnalysis};
use serde::Serialize;

use reversi::record::{GameRecord, Place};

/// A game analysed, with what the output says about it.
#[derive(Clone, Copy, Debug)]
pub struct Analysed<'a> {
    /// The game's number in the run, from 1 (the games read well, in order).
    pub number: usize,
    /// The input it was read from: a file's path, or `-` for standard input.
    pub input: &'a str,
    /// Where the game was read in its input.
    pub place: Place,
    /// The game as read.
    pub game: &'a GameRecord,
    /// Its analysis.
    pub analysis: &'a GameAnalysis,
}

/// A number of discs as the text shows it: with no decimals when `whole` (exact values,
/// and totals that are whole numbers), else two; `signed` adds `+` to a value at or
/// above 0.
fn discs(value: f64, whole: bool, signed: bool) -> String {
    match (whole, signed) {
        (true, true) => format!("{value:+.0}"),
        (true, false) => format!("{value:.0}"),
        (false, true) => format!("{value:+.2}"),
        (false, false) => format!("{value:.2}"),
    }
}

/// A total as the text shows it: no decimals when a whole number.
fn total(value: f64) -> String {
    discs(value, value.fract() == 0.0, false)
}

/// A player as the header line names them: the name, a WTHOR player number, or `?`.
fn player(color: Color, name: Option<&str>, game: &GameRecord) -> String {
    let number = game.wthor.map(|numbers| match color {
        Color::Black => numbers.black,
        Color::White => numbers.white,
    });
    match (name, number) {
        (Some(name), _) => format!("{color} {name:?}"),
        (None, Some(number)) => format!("{color} player {number}"),
        (None, None) => format!("{color} ?"),
    }
}

/// The players as the header line names them (nothing when the game names neither).
fn players(game: &GameRecord) -> String {
    if game.black.is_none() && game.white.is_none() && game.wthor.is_none() {
        return String::new();
    }
    format!(
        ": {}, {}",
        player(Color::Black, game.black.as_deref(), game),
        player(Color::White, game.white.as_deref(), game)
    )
}

/// The line of one ply.
fn ply_line(ply: &PlyAnalysis) -> String {
    let start = format!(
        "{:>5}  {:<6} {:>7}  {:<4}",
        ply.number,
        ply.color.to_string(),
        ply.empties,
        ply.played.to_string()
    );
    let Some(score) = &ply.score else {
        return start.trim_end().to_owned();
    };
    let search = if score.exact {
        "exact".to_owned()
    } else {
        format!("depth {}", score.depth)
    };
    let mistake = if score.mistake { "  ?" } else { "" };
    format!(
        "{start} {:>7}  {:<4} {:>7} {:>6}  {search}{mistake}",
        discs(score.value, score.exact, true),
        score.best.to_string(),
        discs(score.best_value, score.exact, true),
        discs(score.loss, score.exact, false),
    )
}

/// One player's summary line.
fn summary_line(color: Color, summary: &PlayerSummary) -> String {
    let plural =
        |n: u32, word: &str, words: &str| format!("{n} {}", if n == 1 { word } else { words });
    format!(
        "{color}: {} ({} exact), {}, {}, loss {} in all, largest {}",
        plural(summary.moves, "move", "moves"),
        summary.exact,
        plural(summary.passes, "pass", "passes"),
        plural(summary.mistakes, "mistake", "mistakes"),
        total(summary.total_loss),
        total(summary.largest_loss),
    )
}

/// Writes a game's analysis as text: a header line (the game's number, input and place,
/// the players when named, the start board when not the usual one), a line per ply (number, player,
/// empties, move, its value, the best move, its value, the loss, `exact` or the depth
/// searched, `?` for a mistake; a pass alone), each player's summary, a blank line.
///
/// # Errors
///
/// Those of `out`.
pub fn write_text(out: &mut impl Write, analysed: &Analysed) -> io::Result<()> {
    let game = analysed.game;
    let input = if analysed.input == "-" {
        String::new()
    } else {
        format!("{}, ", analysed.input)
    };
    let start = if game.start == Board::START {
        String::new()
    } else {
        format!(", from {}", game.start.to_obf())
    };
    writeln!(
        out,
        "game {} ({input}{}){}{start}",
        analysed.number,
        analysed.place,
        players(game),
    )?;
    writeln!(
        out,
        "{:>5}  {:<6} {:>7}  {:<4} {:>7}  {:<4} {:>7} {:>6}  search",
        "ply", "player", "empties", "move", "value", "best", "value", "loss"
    )?;
    for ply in &analysed.analysis.plies {
        writeln!(out, "{}", ply_line(ply))?;
    }
    let summary = &analysed.analysis.summary;
    for color in [Color::Black, Color::White] {
        writeln!(out, "{}", summary_line(color, summary.get(color)))?;
    }
    writeln!(out)
}

/// One ply in JSON ([`json_line`]).
#[derive(Serialize)]
struct JsonPly {
    ply: usize,
    player: &'static str,
    empties: u32,
    #[serde(rename = "move")]
    played: String,
    value: Option<f64>,
    best: Option<String>,
    best_value: Option<f64>,
    loss: Option<f64>,
    exact: Option<bool>,
    depth: Option<u32>,
    mistake: Option<bool>,
}

/// One player's summary in JSON.
#[derive(Serialize)]
struct JsonSummary {
    moves: u32,
    exact: u32,
    passes: u32,
    mistakes: u32,
    total_loss: f64,
    largest_loss: f64,
}

/// A game in JSON ([`json_line`]).
#[derive(Serialize)]
struct JsonGame<'a> {
    game: usize,
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<u64>,
    black: Option<&'a str>,
    white: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black_player: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    white_player: Option<u16>,
    start: String,
    plies: Vec<JsonPly>,
    summary: JsonSummaries,
}

/// Both players' summaries in JSON.
#[derive(Serialize)]
struct JsonSummaries {
    black: JsonSummary,
    white: JsonSummary,
}

/// The name of a side in JSON.
fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn json_ply(ply: &PlyAnalysis) -> JsonPly {
    let score = ply.score.as_ref();
    JsonPly {
        ply: ply.number,
        player: side(ply.color),
        empties: ply.empties,
        played: ply.played.to_string(),
        value: score.map(|s| s.value),
        best: score.map(|s| s.best.to_string()),
        best_value: score.map(|s| s.best_value),
        loss: score.map(|s| s.loss),
        exact: score.map(|s| s.exact),
        depth: score.map(|s| s.depth),
        mistake: score.map(|s| s.mistake),
    }
}

fn json_summary(summary: &PlayerSummary) -> JsonSummary {
    JsonSummary {
        moves: summary.moves,
        exact: summary.exact,
        passes: summary.passes,
        mistakes: summary.mistakes,
        total_loss: summary.total_loss,
        largest_loss: summary.largest_loss,
    }
}

/// A game's analysis as one line of JSON (no newline): the fields the tool's README
/// lists (`game`, `input`, `line` or `record`, `black`, `white`, `start`, `plies`,
/// `summary`).
///
/// # Panics
///
/// Never: the values serialize (no map keys, finite numbers or `null`).
#[must_use]
pub fn json_line(analysed: &Analysed) -> String {
    let game = analysed.game;
    let (line, record) = match analysed.place {
        Place::Line(line) => (Some(line), None),
        Place::Record { index, .. } => (None, Some(index)),
    };
    let json = JsonGame {
        game: analysed.number,
        input: analysed.input,
        line,
        record,
        black: game.black.as_deref(),
        white: game.white.as_deref(),
        black_player: game.wthor.map(|numbers| numbers.black),
        white_player: game.wthor.map(|numbers| numbers.white),
        start: game.start.to_obf(),
        plies: analysed.analysis.plies.iter().map(json_ply).collect(),
        summary: JsonSummaries {
            black: json_summary(&analysed.analysis.summary.black),
            white: json_summary(&analysed.analysis.summary.white),
        },
    };
    serde_json::to_string(&json).expect("plain values serialize")
}

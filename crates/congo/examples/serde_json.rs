//! A game record as JSON through the `serde` feature:
//! `cargo run -p congo --features serde --example serde_json`.

use congo::{ByColor, Move, Outcome, Position, Rules};
use serde::{Deserialize, Serialize};

/// What a program might save: where a game started, its rules, its moves, its result.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    start: Position,
    rules: Rules,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    seconds_left: ByColor<u32>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Position::START;
    let moves: Vec<Move> = vec!["d2d3".parse()?, "d6d5".parse()?];
    let mut end = start;
    for &mv in &moves {
        end = end.play(mv, Rules::FULL)?;
    }
    let record = Record {
        start,
        rules: Rules::FULL,
        moves,
        outcome: end.outcome(),
        seconds_left: ByColor::new(290, 285),
    };
    let json = serde_json::to_string_pretty(&record)?;
    println!("{json}");
    let back: Record = serde_json::from_str(&json)?;
    assert_eq!(back, record);
    Ok(())
}

//! The `serde` feature (issue #12): values round-trip through JSON as their text forms.
//! Run with `cargo test -p congo --features serde` (Cargo.toml skips it without the
//! feature).

use congo::{ByColor, Color, Move, Outcome, Piece, Position, Role, Rules, Square};
use serde::{Deserialize, Serialize};

/// A value as a program would store it: a game record.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    start: Position,
    rules: Rules,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    clocks: ByColor<u32>,
    first_to_move: Color,
    captured: Vec<Piece>,
    kinds: Vec<Role>,
    square: Square,
}

#[test]
fn a_record_round_trips_through_json() {
    let record = Record {
        start: Position::START,
        rules: Rules::EDITION_2021,
        moves: vec!["d2d3".parse().unwrap(), "b1d3f5".parse().unwrap()],
        outcome: Some(Outcome::Win(Color::Black)),
        clocks: ByColor::new(30, 45),
        first_to_move: Color::White,
        captured: vec!["z".parse().unwrap(), "P".parse().unwrap()],
        kinds: vec![Role::Crocodile],
        square: "c5".parse::<Square>().unwrap(),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        concat!(
            r#"{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0","rules":"2021","#,
            r#""moves":["d2d3","b1d3f5"],"outcome":"Black wins","clocks":{"white":30,"black":45},"#,
            r#""first_to_move":"white","captured":["z","P"],"kinds":["crocodile"],"#,
            r#""square":{"name":"c5","size":"7x7"}}"#
        )
    );
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.start.zobrist_key(), Position::START.zobrist_key());
}

#[test]
fn every_position_of_a_game_round_trips() {
    let mut pos = Position::START;
    let mut moves = Vec::new();
    for ply in 0..60 {
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{pos}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        moves.sort();
        let mv = moves[(ply * 7) % moves.len()];
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        pos = pos.play(mv, Rules::FULL).unwrap();
    }
}

#[test]
fn bad_text_is_a_deserialization_error() {
    let err = serde_json::from_str::<Position>("\"7/7/7/7/7/7/6 w 0\"").unwrap_err();
    assert!(
        err.to_string().contains("rank 1 has 6 squares, expected 7"),
        "{err}"
    );
    assert!(serde_json::from_str::<Move>("\"d1\"").is_err());
    assert!(serde_json::from_str::<Outcome>("\"Continue\"").is_err());
    assert!(serde_json::from_str::<Rules>("2021").is_err()); // a number, not the text
    assert!(serde_json::from_str::<ByColor<u8>>(r#"{"white":1}"#).is_err());
}

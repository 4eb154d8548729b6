//! Congo, as a downstream user writes it from the crate docs: parse, list moves, play
//! checked, validate, hash, text round trips, serde.

use congo::{Color, Move, Outcome, Position, Rules};

#[test]
fn parse_list_play_validate_hash_serde() -> Result<(), Box<dyn std::error::Error>> {
    // Parse a FEN; the start position.
    let start = Position::START;
    let pos: Position = start.to_string().parse()?;
    assert_eq!(pos, start);
    assert_eq!(Position::default(), start);

    // List the legal moves.
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty());

    // Play checked: a legal move gives a position, a move from an empty square an error.
    let after = pos.play(moves[0], Rules::FULL)?;
    assert_ne!(after.side_to_move(), pos.side_to_move());
    let empty_square_move = "a4a5".parse()?;
    assert!(pos.play(empty_square_move, Rules::FULL).is_err());
    // White may not move Black's giraffe.
    assert!(pos.play("a7a6".parse()?, Rules::FULL).is_err());

    // A lion capture ends the game: the lion on d3 takes the lion on d5 (across the river).
    let facing: Position = "7/7/3l3/7/3L3/7/7 w 0".parse()?;
    let end = facing.play("d3d5".parse()?, Rules::FULL)?;
    assert_eq!(end.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(end.winner(), Some(Color::White));

    // Moves sort in the judge listing's order, and every text form reads back.
    let mut sorted = moves.clone();
    sorted.sort();
    let names: Vec<String> = sorted.iter().map(Move::to_string).collect();
    let mut by_name = names.clone();
    by_name.sort();
    assert_eq!(names, by_name);
    for mv in &moves {
        assert_eq!(mv.to_string().parse::<Move>()?, *mv);
    }
    assert_eq!(Rules::FULL.to_string().parse::<Rules>()?, Rules::FULL);
    let white_wins: Outcome = "White wins".parse()?;
    assert_eq!(white_wins, Outcome::Win(Color::White));

    // Validate: the start is valid; a board without lions is not.
    assert!(pos.validate().is_ok());
    let no_lions: Position = "7/7/7/7/7/7/7 w 0".parse()?;
    assert!(no_lions.validate().is_err());

    // Hash: incremental equals from scratch; the game is not over at the start.
    assert_eq!(after.zobrist_key(), after.zobrist_key_from_scratch());
    assert_eq!(pos.outcome(), None);

    // serde JSON of a position.
    let json = serde_json::to_string(&after)?;
    assert_eq!(serde_json::from_str::<Position>(&json)?, after);
    Ok(())
}

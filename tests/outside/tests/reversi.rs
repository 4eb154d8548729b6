//! Reversi, as a downstream user writes it from the crate docs.

use reversi::{Board, Color, Convention, IllegalMove, InvalidBoard, Outcome, Transcript};

#[test]
fn parse_list_play_validate_hash() -> Result<(), Box<dyn std::error::Error>> {
    // Parse a board from its text form (what `Display` writes) and a game transcript.
    let board: Board = Board::START.to_string().parse()?;
    assert_eq!(board, Board::START);
    let game: Transcript = "f5d6c3d3c4".parse()?;
    let board = *game.board();
    assert_eq!(board.side_to_move(), Color::White);

    // Squares parse and print without naming the board size (always 8x8).
    let d3: reversi::Square = "d3".parse()?;
    assert_eq!((d3.to_string(), d3.index()), ("d3".to_owned(), 19));
    assert!(Board::START.legal_moves().contains(d3));
    assert!("i9".parse::<reversi::Square>().is_err());

    // List the legal moves.
    let moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|square| square.to_string())
        .collect();
    assert!(!moves.is_empty());

    // Play checked: a legal move gives the next board, an illegal one an error.
    let first = board.legal_moves().first().unwrap();
    let next = board.play(first)?;
    assert_eq!(next.side_to_move(), Color::Black);
    let a1 = "a1".parse::<reversi::Square>()?;
    assert!(matches!(board.play(a1), Err(IllegalMove::NoFlip { .. })));

    // Validate: a board from a game is valid; an empty board is not.
    assert_eq!(next.validate(), Ok(()));
    let empty: Board = format!("{}Black to move\n", "........\n".repeat(8)).parse()?;
    assert!(matches!(
        empty.validate(),
        Err(InvalidBoard::EmptyCentre { .. })
    ));

    // Hash: the incremental key equals the one computed from scratch.
    assert_eq!(next.zobrist_key(), next.zobrist_key_from_scratch());
    assert_ne!(next.zobrist_key(), board.zobrist_key());

    // Perft, the outcome's text form, serde.
    assert_eq!(Board::START.perft(4, Convention::PassIsPly), 244);
    assert_eq!("White wins".parse::<Outcome>()?, Outcome::Win(Color::White));
    let json = serde_json::to_string(&next)?;
    assert_eq!(serde_json::from_str::<Board>(&json)?, next);
    let json = serde_json::to_string(&game)?;
    assert_eq!(json, r#""f5d6c3d3c4""#);
    assert_eq!(serde_json::from_str::<Transcript>(&json)?, game);
    Ok(())
}

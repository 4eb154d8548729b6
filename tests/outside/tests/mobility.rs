//! Piece mobility, as a downstream user writes it from the crate docs.

use mobility::{Board, Piece};

#[test]
fn parse_count_round_trip_serde() -> Result<(), Box<dyn std::error::Error>> {
    // Parse a board size and pieces (Betza notation or a name).
    let board: Board = "10x10".parse()?;
    let rook: Piece = "R".parse()?;
    let knight: Piece = "knight".parse()?;
    // Count: a rook reaches 18 squares from every square of 10x10.
    assert_eq!(board.strength(&rook), 2 * 100 * 9);
    // List a piece's moves from a square.
    let chess = Board::CHESS;
    assert_eq!(chess.moves(chess.square("a1")?, &knight)?.len(), 2);
    // Text round trips: the board as `10x10`, the piece as Betza.
    assert_eq!(board.to_string().parse::<Board>()?, board);
    assert_eq!(Piece::parse_betza(&knight.to_string())?, knight);
    // serde: the same text forms in JSON.
    assert_eq!(serde_json::to_string(&board)?, r#""10x10""#);
    let json = serde_json::to_string(&rook)?;
    assert_eq!(serde_json::from_str::<Piece>(&json)?, rook);
    Ok(())
}

//! Replay a game transcript, show the board, the legal moves and the score, check the
//! board and its hash, and read the board back from its text:
//! `cargo run -p reversi-bitboard --example transcript [TRANSCRIPT]`.

use reversi::{Board, Transcript};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "f5d6c3d3c4".to_owned());
    let game: Transcript = text.parse()?;
    let board: &Board = game.board();
    println!(
        "after {} moves ({game}), {} to move:",
        game.len(),
        board.side_to_move()
    );
    print!("{board}");

    let moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|s| format!("{s} (flips {})", board.flips(s).len()))
        .collect();
    if board.is_game_over() {
        println!("game over, winner: {:?}", board.winner());
    } else if board.must_pass() {
        println!("{} must pass", board.side_to_move());
    } else {
        println!("legal moves: {}", moves.join(", "));
    }
    let discs = board.disc_counts();
    println!("discs: black {}, white {}", discs.black, discs.white);
    if let Some(outcome) = board.outcome() {
        println!("result: {outcome}");
    }

    // A game's board is always valid; its Zobrist key is kept up to date by each move.
    board.validate()?;
    println!("zobrist key: {:#018x}", board.zobrist_key());
    assert_eq!(board.zobrist_key(), board.zobrist_key_from_scratch());
    // The text form (`Display`, with the side to move) reads back as the same board.
    let again: Board = board.to_string().parse()?;
    assert_eq!(again, *board);
    Ok(())
}

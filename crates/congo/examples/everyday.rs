//! The everyday tasks with a Congo position, from the documentation alone:
//! `cargo run -p congo --example everyday [FEN]`.
//!
//! Parse a FEN, check it can occur in a game, list the legal moves in the judge's order,
//! play one (checked), see the outcome, use the Zobrist key to spot a repeated position,
//! and read back every text form.

use std::collections::HashMap;

use congo::{Color, Move, Outcome, Position, Role, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let fen = std::env::args()
        .nth(1)
        .unwrap_or_else(|| Position::START.to_string());
    let position: Position = fen.parse()?;
    match position.validate() {
        Ok(()) => println!("{position}: a position games can reach"),
        Err(why) => println!("{position}: no game reaches it ({why})"),
    }

    // Legal moves, sorted as the judge programs print them.
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.sort();
    let names: Vec<String> = moves.iter().map(Move::to_string).collect();
    println!("{} legal moves: {}", moves.len(), names.join(" "));
    let pawns = position.pieces(position.side_to_move(), Role::Pawn);
    println!("{} to move, {} pawns", position.side_to_move(), pawns.len());

    // Checked play: text from a user may be anything.
    for text in ["a7a6", "a4a5", "d2d3"] {
        let mv: Move = text.parse()?;
        match position.play(mv, Rules::FULL) {
            Ok(after) => println!("{text}: {after}"),
            Err(why) => println!("{text}: refused ({why})"),
        }
    }

    // A short game, first legal move each time; the Zobrist key finds repetitions (the
    // move number is not part of it).
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut pos = position;
    for ply in 0..40 {
        if let Some(earlier) = seen.insert(pos.zobrist_key(), ply) {
            println!("ply {ply}: the position of ply {earlier} again");
            break;
        }
        pos.legal_moves(&mut moves);
        moves.sort();
        match moves.first() {
            // A generated move: the unchecked form is safe and faster.
            Some(&mv) => pos = pos.play_unchecked(mv, Rules::FULL),
            None => break,
        }
        if let Some(outcome) = pos.outcome() {
            println!("ply {ply}: {outcome}");
            break;
        }
    }
    assert_eq!(pos.zobrist_key(), pos.zobrist_key_from_scratch());
    println!(
        "after the game: {pos}, {}",
        pos.outcome()
            .map_or("Continue".to_string(), |o| o.to_string())
    );

    // Text forms read back what they write.
    assert_eq!(pos.to_string().parse::<Position>()?, pos);
    assert_eq!("White wins".parse::<Outcome>()?, Outcome::Win(Color::White));
    assert_eq!(
        Rules::EDITION_2021.to_string().parse::<Rules>()?,
        Rules::EDITION_2021
    );
    assert_eq!(
        Role::Crocodile.to_string().parse::<Role>()?,
        Role::Crocodile
    );
    Ok(())
}

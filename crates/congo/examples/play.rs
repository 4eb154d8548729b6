//! Read a FEN, show the position and the legal moves, play a move, ask the game status:
//! `cargo run -p congo --example play [FEN [MOVE]]`.

use std::process::ExitCode;

use congo::{IllegalMove, Move, Position, Rules};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let fen = args.next();
    let fen = fen.as_deref().unwrap_or("3l3/7/7/1pM4/1p1p3/7/3L3 w 0");
    let position: Position = match fen.parse() {
        Ok(position) => position,
        Err(error) => {
            eprintln!("bad FEN {fen:?}: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!("{position}");

    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.sort();
    println!("{} legal moves: {}", names.len(), names.join(" "));

    // The move given, or the legal move with the most landings (a monkey's captures).
    // Move text is checked against the position: a monkey's path must jump real pieces.
    let longest = moves.iter().max_by_key(|m| m.landing_count());
    let text = args
        .next()
        .or_else(|| longest.map(|m| m.to_string()))
        .unwrap_or_default();
    // `play` checks the move (`play_unchecked` is the fast form for generated moves).
    match text
        .parse::<Move>()
        .map_err(IllegalMove::from)
        .and_then(|mv| Ok((mv, position.play(mv, Rules::FULL)?)))
    {
        Ok((mv, after)) => {
            println!("after {mv}: {after}");
            match after.status().outcome() {
                Some(outcome) => println!("game over: {outcome} ({:?})", after.status()),
                None => println!("the game goes on"),
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("cannot play {text:?}: {error}");
            ExitCode::FAILURE
        }
    }
}

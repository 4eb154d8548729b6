//! Congo Part II: the legal pawn moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-pawn", Some(congo::Role::Pawn))
}

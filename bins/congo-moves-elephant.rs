//! Congo Part II: the legal elephant moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-elephant", Some(congo::Role::Elephant))
}

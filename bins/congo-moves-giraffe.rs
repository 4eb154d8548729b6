//! Congo Part II: the legal giraffe moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-giraffe", Some(congo::Role::Giraffe))
}

//! Congo Part II: the legal crocodile moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-crocodile", Some(congo::Role::Crocodile))
}

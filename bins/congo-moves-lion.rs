//! Congo Part II: the legal lion moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-lion", Some(congo::Role::Lion))
}

//! Congo Part II: the legal superpawn moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-superpawn", Some(congo::Role::Superpawn))
}

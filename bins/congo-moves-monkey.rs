//! Congo Part II: the legal monkey moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-monkey", Some(congo::Role::Monkey))
}

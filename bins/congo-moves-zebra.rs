//! Congo Part II: the legal zebra moves of the side to move, per FEN line.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves-zebra", Some(congo::Role::Zebra))
}

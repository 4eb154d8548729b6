//! Congo: every legal move of the side to move, sorted, one line per FEN.

fn main() -> std::process::ExitCode {
    congo::judge::moves_main("congo-moves", None)
}

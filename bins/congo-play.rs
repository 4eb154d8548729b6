//! Congo Part III: plays one move per case (FEN line, move line) and prints the new FEN
//! and the game status.

fn main() -> std::process::ExitCode {
    congo::judge::play_main("congo-play")
}

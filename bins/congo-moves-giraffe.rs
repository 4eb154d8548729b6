//! Congo Part II: the legal giraffe moves of the side to move, per FEN line.

use congo::text;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-moves-giraffe", text::OPTIONS_SYNOPSIS);
    program.cases(text::rules_from_options, |_, [fen], out, _| {
        text::write_moves(fen, Some(congo::Role::Giraffe), out)
    })
}

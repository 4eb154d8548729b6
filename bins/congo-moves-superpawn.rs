//! Congo Part II: the legal superpawn moves of the side to move, per FEN line.

use congo::text;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-moves-superpawn", text::OPTIONS_SYNOPSIS);
    program.cases(text::rules_from_options, |_, [fen], out, _| {
        text::write_moves(fen, Some(congo::Role::Superpawn), out)
    })
}

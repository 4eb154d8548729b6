//! Congo Part III: plays one move per case (FEN line, move line) and prints the new FEN
//! and the game status (`Continue`, `White wins` or `Black wins`). An illegal move prints
//! `line L: illegal move <move>: <reason>` on standard error and nothing on standard
//! output for that case.

use congo_course::text as course;
use judge::Failure;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-play", include_str!("help/congo-play.txt"));
    program.cases(course::rule_options, |&rules, [fen, mv], out, _| {
        course::write_play(fen, mv, rules, out).map_err(|e| Failure::at(e.line(), e))
    })
}

//! Congo: every legal move of the side to move, sorted, one line per FEN. The rule options
//! are accepted (move generation does not depend on them).

use congo_course::text as course;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-moves", include_str!("help/congo-moves.txt"));
    program.cases(course::rule_options, |_, [fen], out, _| {
        course::write_moves(fen, out)
    })
}

//! Congo Part II: the legal crocodile moves of the side to move, per FEN line.

use congo::Role;
use congo_course::text as course;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new(
        "congo-moves-crocodile",
        include_str!("help/congo-moves-crocodile.txt"),
    );
    program.cases(course::rule_options, |_, [f], out, _| {
        course::write_moves_of(f, Role::Crocodile, out)
    })
}

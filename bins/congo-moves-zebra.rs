//! Congo Part II: the legal zebra moves of the side to move, per FEN line.

use congo::Role;
use congo_course::text as course;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new(
        "congo-moves-zebra",
        include_str!("help/congo-moves-zebra.txt"),
    );
    program.cases(course::rule_options, |_, [f], out, _| {
        course::write_moves_of(f, Role::Zebra, out)
    })
}

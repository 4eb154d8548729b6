//! Congo Part V advanced evaluation: material + mobility + attack. Reads `N` then `N` FEN
//! lines and prints one integer per FEN, from the side to move's view. Options: `--edition
//! 2021|2022`, `--no-promotion`.

use congo_course::text as course;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new(
        "congo-eval-advanced",
        include_str!("help/congo-eval-advanced.txt"),
    );
    program.cases(course::rule_options, |&r, [f], out, _| {
        course::write_score(f, r, course::advanced, out)
    })
}

//! Congo "setting the board": reads `N` then `N` FEN lines, prints each board's piece
//! listing, boards separated by one blank line. The rule options are accepted (the
//! listing does not depend on them), any other argument is refused.

use congo::Position;
use congo_course::text as course;

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-board", include_str!("help/congo-board.txt"));
    program.cases(course::rule_options, |_, [fen], out, answered| {
        let position = Position::from_fen_bytes(fen)?;
        if answered > 0 {
            out.push(b'\n');
        }
        congo_course::write_listing(&position, out);
        Ok::<_, judge::Failure>(())
    })
}

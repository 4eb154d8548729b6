//! Congo "setting the board": reads `N` then `N` FEN lines, prints each board's piece
//! listing, boards separated by one blank line.

use congo::judge::{self, Failure};
use congo::Position;

fn main() -> std::process::ExitCode {
    // No options: the rule options are accepted (the listing does not depend on them),
    // anything else is refused.
    if let Err(code) = judge::rules_from_command_line("congo-board") {
        return code;
    }
    judge::main(|[fen], out, answered| {
        let pos = Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        if answered > 0 {
            out.push(b'\n');
        }
        pos.write_listing(out);
        Ok(())
    })
}

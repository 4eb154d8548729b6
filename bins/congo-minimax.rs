//! Congo Part IV minimax: negamax to depth 2 on the material evaluation. Reads `N` then `N`
//! FEN lines and prints one integer per FEN, from the side to move's view. Options:
//! `--edition 2021|2022`, `--no-promotion`.

use std::io::Write;
use std::process::ExitCode;

use congo::judge::{self, Failure};
use congo::options::Options;
use congo::{Game, Position};

fn main() -> ExitCode {
    let options = match Options::from_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    judge::main(|[fen], out, _| {
        let position = Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        let game = Game::new(position, options.rules);
        let _ = writeln!(out, "{}", game.minimax(2, &options.table));
        Ok(())
    })
}

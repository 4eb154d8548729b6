//! Congo Part IV evaluation: the material evaluation. Reads `N` then `N` FEN lines and
//! prints one integer per FEN, from the side to move's view. Options: `--edition
//! 2021|2022`, `--no-promotion`.

use std::io::Write;
use std::process::ExitCode;

use congo::eval::material_eval;
use congo::judge::{self, Failure};
use congo::{Game, MaterialTable, Position};

fn main() -> ExitCode {
    let rules =
        match judge::rules_from_args(std::env::args().skip(1)).and_then(|(rules, rest)| match rest
            .first()
        {
            None => Ok(rules),
            Some(arg) => Err(format!("unknown argument {arg:?}")),
        }) {
            Ok(rules) => rules,
            Err(e) => {
                eprintln!(
                "congo-eval: {e}\nusage: congo-eval [--edition 2021|2022] [--no-promotion] < input"
            );
                return ExitCode::from(2);
            }
        };
    // The 2021 table agrees with the standard one on every piece of that edition, so the
    // standard table serves both editions; they differ only in promotion.
    let table = MaterialTable::STANDARD;
    judge::main(|[fen], out, _| {
        let position = Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        let game = Game::new(position, rules);
        let _ = writeln!(out, "{}", material_eval(&game.position, &table));
        Ok(())
    })
}

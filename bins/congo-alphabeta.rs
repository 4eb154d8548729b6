//! Congo Part V alpha-beta: fail-hard negamax alpha-beta to depth 4 on the advanced
//! evaluation. Reads `N` then `N` FEN lines and prints one integer per FEN, from the side
//! to move's view. Options: `--edition 2021|2022`, `--no-promotion`.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-alphabeta", |game, table| game.alpha_beta(4, table))
}

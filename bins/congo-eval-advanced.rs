//! Congo Part V advanced evaluation: material + mobility + attack. Reads `N` then `N` FEN
//! lines and prints one integer per FEN, from the side to move's view. Options: `--edition
//! 2021|2022`, `--no-promotion`.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-eval-advanced", |game, table| {
        congo::eval::advanced_eval(&game.position, table)
    })
}

//! Congo Part V: the depth-4 fail-hard alpha-beta value of each FEN on the advanced evaluation.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-alphabeta", |pos, rules, material| {
        pos.alpha_beta(4, rules, material)
    })
}

//! Congo Part IV: the depth-2 negamax value of each FEN on the Part IV evaluation.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-minimax", |pos, rules, material| {
        pos.minimax(2, rules, material)
    })
}

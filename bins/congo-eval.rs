//! Congo Part IV: the evaluation (material, lion cases) of each FEN, from the side to move's view.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-eval", |pos, _, material| pos.evaluate(material))
}

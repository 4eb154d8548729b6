//! Congo Part V: the advanced evaluation (material, mobility, attack) of each FEN.

fn main() -> std::process::ExitCode {
    congo::judge::score_main("congo-eval-advanced", |pos, _, material| {
        pos.evaluate_advanced(material)
    })
}

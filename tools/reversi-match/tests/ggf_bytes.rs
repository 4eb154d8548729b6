//! The GGF lines `reversi-match` writes (its records' `ggf` and NBoard's `set game`) are
//! the same bytes as before its writer moved to `reversi::ggf`: the writer it had
//! (`src/ggf.rs` until then) is kept below as the reference and both write the same
//! seeded random games, passes, results, clocks and awkward names included.

use reversi::ggf::Clock;
use reversi::{Board, Color, Ply};
use reversi_match::protocol::ggf_game;

/// The reference: `reversi_match::ggf` as it was, one function.
fn reference(
    plies: &[Ply],
    black: &str,
    white: &str,
    result: Option<i32>,
    time: Option<&str>,
) -> String {
    fn value(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                ']' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' | '\r' => out.push(' '),
                c => out.push(c),
            }
        }
        out
    }
    let mut out = format!(
        "(;GM[Othello]PC[reversi-match]PB[{}]PW[{}]",
        value(black),
        value(white)
    );
    if let Some(result) = result {
        out.push_str(&format!("RE[{result:+}]"));
    }
    if let Some(time) = time {
        out.push_str(&format!("TI[{}]", value(time)));
    }
    out.push_str(
        "TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]",
    );
    let mut color = Color::Black;
    for ply in plies {
        let side = if color == Color::Black { 'B' } else { 'W' };
        let field = ply.square().map_or("PA".to_owned(), |s| s.to_string());
        out.push_str(&format!("{side}[{field}]"));
        color = color.other();
    }
    out.push_str(";)");
    out
}

/// A seeded random legal game from the start, played to its end or cut short.
fn random_plies(rng: &mut fastrand::Rng) -> Vec<Ply> {
    let length = rng.usize(0..70);
    reversi::random::plies(rng, &Board::START, length)
}

#[test]
fn written_games_are_the_same_bytes_as_before() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let names = [
        "",
        "black",
        "./edax -q",
        "a]b",
        "c\\d",
        "two\nlines\r",
        "Ünïcode",
    ];
    let mut passes = 0;
    for _ in 0..2000 {
        let plies = random_plies(&mut rng);
        passes += plies.iter().filter(|p| **p == Ply::Pass).count();
        let black = names[rng.usize(..names.len())];
        let white = names[rng.usize(..names.len())];
        let result = rng.bool().then(|| rng.i32(-64..=64));
        // What the NBoard client gives: a time per move times the moves left.
        let seconds = rng
            .bool()
            .then(|| f64::from(rng.u32(1..5000)) / 100.0 * f64::from(rng.u32(1..31)));
        let time = seconds.map(|s| format!("{}:{:06.3}", (s / 60.0).floor(), s % 60.0));
        let clock = seconds.map(|main| Clock {
            main,
            increment: 0.0,
        });
        assert_eq!(
            ggf_game(&plies, &[], black, white, result, clock).to_string(),
            reference(&plies, black, white, result, time.as_deref()),
        );
    }
    assert!(passes > 0, "no game with a pass");
}

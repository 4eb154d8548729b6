//! The pattern evaluation against exact scores: FFO #40-#59 (20 to 26 empty squares,
//! `tests/data/ffo-40-59.txt`, the published suite's scores).

use reversi::Board;
use reversi_engine::eval::{self, SCALE};

/// (board, exact score for the side to move) of each FFO position.
fn ffo() -> Vec<(Board, i32)> {
    include_str!("data/ffo-40-59.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let board = Board::from_obf(&l[..66]).expect("an FFO line");
            let score: i32 = l[67..].split(' ').next().unwrap().parse().expect("a score");
            (board, score)
        })
        .collect()
}

/// Mean absolute error in discs of `f` (evaluation units) against the exact scores.
fn mae(positions: &[(Board, i32)], f: impl Fn(u64, u64) -> i32) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|(b, score)| {
            (f(b.mover_bits(), b.opponent_bits()) as f64 / SCALE as f64 - *score as f64).abs()
        })
        .sum();
    total / positions.len() as f64
}

#[test]
fn the_pattern_evaluation_predicts_ffo_scores_better_than_the_baselines() {
    let positions = ffo();
    assert_eq!(positions.len(), 20);
    let pattern = mae(&positions, eval::evaluate);
    let zero = mae(&positions, |_, _| 0);
    let mobility = mae(&positions, eval::mobility_only);
    let hand = mae(&positions, eval::hand_set);
    eprintln!("FFO #40-#59 MAE (discs): pattern {pattern:.2}, mobility only {mobility:.2}, hand-set {hand:.2}, zero {zero:.2}");
    assert!(pattern < zero, "pattern {pattern:.2} vs always 0 {zero:.2}");
    assert!(
        pattern < mobility,
        "pattern {pattern:.2} vs mobility only {mobility:.2}"
    );
    assert!(pattern < hand, "pattern {pattern:.2} vs hand-set {hand:.2}");
}

#[test]
fn the_pattern_evaluation_gets_more_ffo_winners_right_than_the_baselines() {
    // Exact scores of 0 (a draw) have no winner to get right.
    let positions: Vec<(Board, i32)> = ffo().into_iter().filter(|&(_, s)| s != 0).collect();
    let right = |f: fn(u64, u64) -> i32| {
        positions
            .iter()
            .filter(|(b, s)| f(b.mover_bits(), b.opponent_bits()).signum() == s.signum())
            .count()
    };
    let (pattern, mobility, hand) = (
        right(eval::evaluate),
        right(eval::mobility_only),
        right(eval::hand_set),
    );
    eprintln!("FFO #40-#59 winners right of {}: pattern {pattern}, mobility only {mobility}, hand-set {hand}", positions.len());
    assert!(
        pattern > positions.len() / 2,
        "pattern {pattern} of {}",
        positions.len()
    );
    assert!(
        pattern >= mobility && pattern >= hand,
        "pattern {pattern}, mobility {mobility}, hand-set {hand}"
    );
}

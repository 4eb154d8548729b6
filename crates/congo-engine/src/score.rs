//! Scores: centipawns from the side to move's side. Capturing the enemy lion is [`WIN`]
//! less the plies to it, so a quicker win scores higher; [`INF`] bounds every window.
//! The transposition table packs a score in an `i16`, so the bounds are asserted here at
//! compile time against that packing and against the deepest ply.

/// The score of capturing the enemy lion now; `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 30_000;
/// Above any score: the window's bounds.
pub(crate) const INF: i32 = 32_000;
/// The deepest ply of the search path (the quiescence search included).
pub(crate) const MAX_PLY: usize = 100;
/// Scores beyond `WIN - MATE_RANGE` are wins (or, negated, losses) in so many plies.
const MATE_RANGE: i32 = 1000;

// The window's bound is above every score, and a win at any ply stays a win.
const _: () = assert!(WIN < INF && WIN - MAX_PLY as i32 > WIN - MATE_RANGE);
// Every score the search stores lies within ±INF (mate scores included): the table's
// entry packs it as an `i16`.
const _: () = assert!(INF <= i16::MAX as i32 && -INF >= i16::MIN as i32);

/// A mate score as stored in the table (`dir` 1), relative to the stored node, or back
/// (`dir` -1) relative to the root.
pub(crate) fn mate_shift(score: i32, ply: usize, dir: i32) -> i32 {
    if score.abs() > WIN - MATE_RANGE {
        score + score.signum() * dir * ply as i32
    } else {
        score
    }
}

/// Whether `score` is a won or lost game.
pub(crate) fn is_mate(score: i32) -> bool {
    score.abs() > WIN - MATE_RANGE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_shift_by_the_ply_and_back() {
        // A win in 7 plies from the root, found at ply 3: 4 plies from the stored node.
        let stored = mate_shift(WIN - 7, 3, 1);
        assert_eq!(stored, WIN - 4);
        assert_eq!(mate_shift(stored, 3, -1), WIN - 7);
        assert_eq!(mate_shift(-(WIN - 7), 3, 1), -(WIN - 4));
        // Other scores are not moved.
        assert_eq!(mate_shift(250, 3, 1), 250);
        assert!(is_mate(WIN - 7) && is_mate(-(WIN - 7)) && !is_mate(250));
    }
}

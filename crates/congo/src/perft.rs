//! Perft: counting the leaves of the legal-move tree, the test of move generation and
//! making moves.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

impl Position {
    /// Perft: the number of move sequences of `depth` plies from this position (leaf
    /// nodes of the legal-move tree; 1 at depth 0). The last ply is counted without
    /// making its moves.
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// assert_eq!(Position::START.perft(3, Rules::FULL), 14332);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32, rules: Rules) -> u64 {
        // One move list per ply (more plies than this could never finish anyway).
        let mut buffers = vec![Vec::with_capacity(64); depth.min(64) as usize];
        self.perft_with(depth, rules, &mut buffers)
    }

    fn perft_with(&self, depth: u32, rules: Rules, buffers: &mut [Vec<Move>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut own = Vec::new();
                let (moves, rest) = match buffers.split_first_mut() {
                    Some((moves, rest)) => (moves, rest),
                    None => (&mut own, &mut [][..]),
                };
                self.legal_moves(moves);
                let mut n = 0;
                for &mv in moves.iter() {
                    // Without the Zobrist key: perft never reads it, and these positions
                    // never leave this function.
                    n += self
                        .make::<false>(mv, rules)
                        .perft_with(depth - 1, rules, rest);
                }
                n
            }
        }
    }

    /// Perft divided by first move: each legal move with the perft of `depth - 1` after
    /// it, in generation order. Empty at depth 0. The counts add up to
    /// [`Position::perft`].
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// let divide = Position::START.divide(2, Rules::FULL);
    /// assert_eq!(divide.len(), 24);
    /// assert!(divide.iter().all(|&(_, n)| n == 24));
    /// ```
    #[must_use]
    pub fn divide(&self, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| (mv, self.play_unchecked(mv, rules).perft(depth - 1, rules)))
            .collect()
    }
}

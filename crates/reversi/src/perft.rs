//! Perft: the number of leaves of the game tree to a given depth, in three conventions.

mod convention;
mod walk;

pub use convention::{Convention, ParseConventionError};

use crate::bitboard::{flips, moves};
use crate::board::Board;
use crate::Ply;
use walk::{portable, A, E, N};

/// Leaves below the position at `depth` (any depth, 0 included) in `convention`.
pub(crate) fn count(p: u64, o: u64, depth: u32, convention: Convention) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
    if let Some(leaves) = x86::count(p, o, depth, convention as u8) {
        return leaves;
    }
    match convention {
        Convention::PassIsPly => portable::<A>(p, o, depth),
        Convention::PassIsFree => portable::<N>(p, o, depth),
        Convention::FullDepthOnly => portable::<E>(p, o, depth),
    }
}

/// The perft code compiled a second time with the instructions of recent x86-64 CPUs
/// (POPCNT for the bulk count, TZCNT/BLSI and the BMI2 shifts for the move loop and the
/// lowest-set-bit trick, AVX2 for 4 axes or 4 rays at once), chosen at run time so that
/// the default build stays portable. Measured to pay (about 1.9 times faster at depth
/// 12): see the crate's README.
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
// The crate denies (instead of forbidding) `unsafe_code` only for this module: calling a
// `#[target_feature]` function is `unsafe` (on Rust 1.74) because the CPU must have the
// features, which `count` checks right before the call.
#[allow(unsafe_code)]
#[warn(unsafe_op_in_unsafe_fn)]
mod x86 {
    use super::walk::{node_wide, A, E, N};

    /// Perft compiled with the extra features; only called once they are detected.
    ///
    /// The recursive call sits in its own `unsafe` block, as edition 2024 requires
    /// (`unsafe_op_in_unsafe_fn`); compilers before 1.65 call that block unused, hence
    /// the `allow`, so the single-file copy compiles without warnings everywhere.
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    #[allow(unused_unsafe)]
    unsafe fn fast<const C: u8>(p: u64, o: u64, depth: u32) -> u64 {
        // SAFETY: this function runs only on a CPU with its features (see `count`), so
        // calling it again from inside is sound.
        node_wide::<C>(p, o, depth, |p, o, depth| unsafe { fast::<C>(p, o, depth) })
    }

    /// Leaves below the position in the convention whose const parameter is `c` ([`A`],
    /// [`N`] or [`E`]: a `Convention as u8`), or `None` when this CPU lacks the features.
    pub(super) fn count(p: u64, o: u64, depth: u32, c: u8) -> Option<u64> {
        let detected = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2");
        if !detected {
            return None;
        }
        // SAFETY: `fast` only needs the CPU features listed in its `target_feature`
        // attribute, and every one of them was detected just above.
        Some(unsafe {
            match c {
                A => fast::<A>(p, o, depth),
                N => fast::<N>(p, o, depth),
                _ => fast::<E>(p, o, depth),
            }
        })
    }
}

impl Board {
    /// The number of leaves of the game tree `depth` plies below this board, counting
    /// passes and finished games as `convention` says ([`Convention::PassIsPly`] is the
    /// usual choice and the [`Default`]). `perft(0, _)` is 1.
    ///
    /// ```
    /// use reversi::{Board, Convention};
    /// assert_eq!(Board::START.perft(4, Convention::PassIsPly), 244);
    /// assert_eq!(Board::START.perft(9, Convention::PassIsFree), 3_005_320);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32, convention: Convention) -> u64 {
        count(self.mover_bits(), self.opponent_bits(), depth, convention)
    }

    /// Perft split by the first ply: for each legal move, sorted by its name (file, then
    /// rank: `c4`, `d3`, `e6`, `f5` from the start, as the perft programs print them),
    /// the number of leaves below it ([`Board::perft`] of the child at `depth - 1`). A side with no
    /// legal move gives one [`Ply::Pass`] entry (with all the leaves, whatever the
    /// convention makes of the pass). The counts add up to [`Board::perft`], except for a
    /// finished game or at depth 0, which have no first ply: the result is then empty and
    /// [`Board::perft`] gives the count.
    ///
    /// ```
    /// use reversi::{Board, Convention};
    /// let split = Board::START.divide(3, Convention::PassIsPly);
    /// let names: Vec<String> = split.iter().map(|(ply, _)| ply.to_string()).collect();
    /// assert_eq!(names, ["c4", "d3", "e6", "f5"]);
    /// assert!(split.iter().all(|&(_, leaves)| leaves == 14));
    /// ```
    #[must_use]
    pub fn divide(&self, depth: u32, convention: Convention) -> Vec<(Ply, u64)> {
        if depth == 0 || self.is_game_over() {
            return Vec::new();
        }
        let (p, o) = (self.mover_bits(), self.opponent_bits());
        let legal = moves(p, o);
        if legal == 0 {
            return vec![(Ply::Pass, count(p, o, depth, convention))];
        }
        let mut split: Vec<(Ply, u64)> = crate::SquareSet::from_bits(legal)
            .indices()
            .map(|index| {
                let square = index as u32;
                let flipped = flips(p, o, square);
                let leaves = count(
                    o ^ flipped,
                    p ^ flipped ^ (1 << square),
                    depth - 1,
                    convention,
                );
                (Ply::Move(crate::Square::at(index)), leaves)
            })
            .collect();
        // Squares order by file, then rank: on 8x8, the order of their names.
        split.sort_unstable_by_key(|&(ply, _)| match ply {
            Ply::Move(square) => Some(square),
            Ply::Pass => None,
        });
        split
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable code, whatever this CPU has (the public functions may take the fast
    /// path): depth 9 of the published table in each convention, where passes and
    /// finished games first occur.
    #[test]
    fn portable_perft_matches_the_table() {
        let (p, o) = (Board::START.mover_bits(), Board::START.opponent_bits());
        assert_eq!(portable::<A>(p, o, 8), 390_216);
        assert_eq!(portable::<A>(p, o, 9), 3_005_288);
        assert_eq!(portable::<N>(p, o, 9), 3_005_320);
        assert_eq!(portable::<E>(p, o, 9), 3_005_288);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

        /// The fast path (when this CPU has it) and the portable code agree, in every
        /// convention, on positions of random games (`picks` chooses each move among the
        /// legal ones, and when to stop and compare), passes and finished games included:
        /// every position at 12 empties or fewer, and the one where the game ends.
        #[test]
        fn fast_and_portable_agree_on_random_game_positions(
            picks in proptest::collection::vec(proptest::prelude::any::<u16>(), 60..=60)
        ) {
            let mut board = Board::START;
            let mut picks = picks.into_iter().cycle();
            let mut checked = 0;
            loop {
                let pick = picks.next().unwrap_or(0);
                let (p, o) = (board.mover_bits(), board.opponent_bits());
                let empties = (!(p | o)).count_ones();
                if empties <= 12 || pick % 8 == 0 || board.is_game_over() {
                    for depth in 1..=4 {
                        for (convention, portable) in [
                            (Convention::PassIsPly, portable::<A> as fn(u64, u64, u32) -> u64),
                            (Convention::PassIsFree, portable::<N>),
                            (Convention::FullDepthOnly, portable::<E>),
                        ] {
                            proptest::prop_assert_eq!(
                                count(p, o, depth, convention),
                                portable(p, o, depth)
                            );
                        }
                        checked += 1;
                    }
                }
                let legal = moves(p, o);
                if legal == 0 {
                    match board.pass() {
                        Ok(passed) => {
                            board = passed;
                            continue;
                        }
                        Err(_) => break,
                    }
                }
                let index = crate::SquareSet::from_bits(legal)
                    .indices()
                    .nth(usize::from(pick) % legal.count_ones() as usize)
                    .unwrap_or(0);
                let square = crate::Square::at(index);
                board = board.play(square).unwrap();
            }
            // Every game compares where it ends (4 depths), and some games end early
            // (a wipeout) with no pick stopping to compare before.
            proptest::prop_assert!(checked >= 4, "{}", checked);
        }
    }
}

//! Random legal play from a seed, for tests, benchmarks, fuzz seeds, match openings and
//! training data (the cargo feature `random`; judge programs never enable it).
//!
//! One rule throughout: on a board where the side to move has legal moves, the move is
//! the `k`-th of them in square order (a1, b1, ..., h8), `k` drawn uniformly below their
//! number by [`fastrand::Rng::u64`]; a side that must pass passes (drawing nothing);
//! nothing is played on a finished game. The draws are `fastrand`'s (wyrand), so a seed
//! gives the same games on every platform.
//!
//! ```
//! use reversi::{random, Board, Ply};
//! let mut rng = fastrand::Rng::with_seed(7);
//! // A whole game: its plies, passes included, from the start to its end.
//! let plies = random::game(&mut rng, &Board::START);
//! let end = plies.iter().try_fold(Board::START, |board, &ply| board.play_ply(ply))?;
//! assert!(end.is_game_over());
//! // A position of at most 20 empty squares (or a finished game before that).
//! let board = random::position(&mut rng, 20);
//! assert!(board.empty_squares().len() <= 20 || board.is_game_over());
//! // The same seed, the same game.
//! assert_eq!(random::game(&mut fastrand::Rng::with_seed(7), &Board::START), plies);
//! # Ok::<_, reversi::IllegalMove>(())
//! ```

use crate::board::Board;
use crate::ply::Ply;
use crate::transcript::Transcript;

/// The ply played on `board` by the choice `choice` (any number: taken modulo the number
/// of legal moves): the legal move of that rank in square order, a pass when the side to
/// move must pass, `None` when the game is over. For choices that come from elsewhere,
/// as a property test's.
///
/// ```
/// use reversi::{random, Board, Ply};
/// // The start's legal moves in square order: d3, c4, f5, e6.
/// assert_eq!(random::pick(&Board::START, 2), Some(Ply::Move("f5".parse()?)));
/// assert_eq!(random::pick(&Board::START, 6), Some(Ply::Move("f5".parse()?)));
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[must_use]
pub fn pick(board: &Board, choice: usize) -> Option<Ply> {
    let moves = board.legal_moves();
    match moves.len() {
        0 if board.must_pass() => Some(Ply::Pass),
        0 => None,
        n => moves.iter().nth(choice % n as usize).map(Ply::Move),
    }
}

/// A uniformly random ply of `board` (see the module's rule): `None` when the game is
/// over.
#[must_use]
pub fn ply(rng: &mut fastrand::Rng, board: &Board) -> Option<Ply> {
    let moves = board.legal_moves();
    match moves.len() {
        0 => pick(board, 0),
        n => moves
            .iter()
            .nth(rng.u64(..u64::from(n)) as usize)
            .map(Ply::Move),
    }
}

/// Random plies from `start` until the game ends or `plies` plies are played (passes
/// count): the plies played. A finished game is not an error: fewer plies come back.
#[must_use]
pub fn plies(rng: &mut fastrand::Rng, start: &Board, plies: usize) -> Vec<Ply> {
    let mut board = *start;
    let mut played = Vec::new();
    while played.len() < plies {
        match ply(rng, &board) {
            Some(next) => {
                board = board.play_ply(next).expect("a legal ply");
                played.push(next);
            }
            None => break,
        }
    }
    played
}

/// A random game from `start` to its end: its plies, passes included.
#[must_use]
pub fn game(rng: &mut fastrand::Rng, start: &Board) -> Vec<Ply> {
    plies(rng, start, usize::MAX)
}

/// A random game from the start as a transcript (passes implicit): its first `moves`
/// moves, or all of them when it ends before.
///
/// ```
/// let mut rng = fastrand::Rng::with_seed(3);
/// let opening = reversi::random::transcript(&mut rng, 8);
/// assert_eq!(opening.len(), 8);
/// ```
#[must_use]
pub fn transcript(rng: &mut fastrand::Rng, moves: usize) -> Transcript {
    let mut transcript = Transcript::new();
    while transcript.len() < moves {
        let board = *transcript.board();
        let next = match ply(rng, &board) {
            // A pass is implicit in a transcript: the move is the other side's.
            Some(Ply::Pass) => ply(rng, &board.pass().expect("a forced pass")),
            next => next,
        };
        match next {
            Some(Ply::Move(square)) => transcript.play(square).expect("a legal move"),
            _ => break,
        }
    }
    transcript
}

/// A random position of the game from the start: plays until at most `empties` empty
/// squares are left (a pass does not count) or the game is over, and gives that board.
#[must_use]
pub fn position(rng: &mut fastrand::Rng, empties: u32) -> Board {
    let mut board = Board::START;
    while board.empty_squares().len() > empties {
        match ply(rng, &board) {
            Some(next) => board = board.play_ply(next).expect("a legal ply"),
            None => break,
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squares::Square;

    /// The rule as the walkers written before this module had it: collect the legal
    /// moves, draw `rng.usize(..n)` (on 64-bit targets the same draw as `u64(..n)`).
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn the_same_draws_as_a_collected_list() {
        for seed in 0..200 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut old = fastrand::Rng::with_seed(seed);
            let mut board = Board::START;
            while !board.is_game_over() {
                let expected = if board.must_pass() {
                    Ply::Pass
                } else {
                    let moves: Vec<Square> = board.legal_moves().iter().collect();
                    Ply::Move(moves[old.usize(..moves.len())])
                };
                let played = ply(&mut rng, &board).unwrap();
                assert_eq!(played, expected);
                board = board.play_ply(played).unwrap();
            }
            assert_eq!(ply(&mut rng, &board), None);
        }
    }

    #[test]
    fn positions_stop_at_their_empties_and_plies_at_their_count() {
        for seed in 0..50 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let board = position(&mut rng, 30);
            assert!(board.empty_squares().len() == 30 || board.is_game_over());
            // No game ends in 8 plies (the shortest takes 9).
            let some = plies(&mut rng, &Board::START, 8);
            assert_eq!(some.len(), 8);
        }
        // A finished game gives no ply.
        let mut rng = fastrand::Rng::with_seed(1);
        let plies_played = game(&mut rng, &Board::START);
        let end = plies_played
            .iter()
            .try_fold(Board::START, |b, &p| b.play_ply(p))
            .unwrap();
        assert!(game(&mut rng, &end).is_empty());
        assert!(position(&mut rng, 0).is_game_over());
    }
}

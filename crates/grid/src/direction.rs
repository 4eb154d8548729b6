//! Directions: the move vectors of leapers and riders.

/// A move vector `(d_file, d_rank)`: files to the right, ranks up (toward the higher rank
/// numbers). Never `(0, 0)`, so a rider always moves.
///
/// The mobility exercise writes directions in matrix coordinates `(dr, dk)`, with rows
/// growing downward: [`Direction::from_matrix`] and [`Direction::matrix`] convert, so
/// `(dr, dk) = (1, 2)` is `(d_file, d_rank) = (2, -1)`.
///
/// ```
/// use grid::Direction;
///
/// let north_east = Direction::new(1, 1).unwrap();
/// assert_eq!(north_east.matrix(), (-1, 1));
/// assert_eq!(Direction::from_matrix(-1, 1), Some(north_east));
/// assert_eq!(Direction::new(0, 0), None);
/// assert!(Direction::KING.contains(&north_east));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction {
    d_file: i32,
    d_rank: i32,
}

const fn dir(d_file: i32, d_rank: i32) -> Direction {
    Direction { d_file, d_rank }
}

impl Direction {
    /// The four orthogonal steps (rook, wazir): up, right, down, left.
    pub const ORTHOGONAL: [Direction; 4] = [dir(0, 1), dir(1, 0), dir(0, -1), dir(-1, 0)];
    /// The four diagonal steps (bishop, ferz).
    pub const DIAGONAL: [Direction; 4] = [dir(1, 1), dir(1, -1), dir(-1, -1), dir(-1, 1)];
    /// The eight king steps: the orthogonal then the diagonal ones.
    pub const KING: [Direction; 8] = [
        dir(0, 1),
        dir(1, 0),
        dir(0, -1),
        dir(-1, 0),
        dir(1, 1),
        dir(1, -1),
        dir(-1, -1),
        dir(-1, 1),
    ];
    /// The eight knight leaps `(±1, ±2)` and `(±2, ±1)`.
    pub const KNIGHT: [Direction; 8] = [
        dir(1, 2),
        dir(2, 1),
        dir(2, -1),
        dir(1, -2),
        dir(-1, -2),
        dir(-2, -1),
        dir(-2, 1),
        dir(-1, 2),
    ];

    /// The direction `(d_file, d_rank)`, or `None` for `(0, 0)`. Any other size is
    /// allowed: a step longer than the board simply reaches no square.
    #[must_use]
    pub const fn new(d_file: i32, d_rank: i32) -> Option<Direction> {
        if d_file == 0 && d_rank == 0 {
            None
        } else {
            Some(dir(d_file, d_rank))
        }
    }

    /// The direction written in matrix coordinates `(d_row, d_col)`, rows growing
    /// downward (toward rank 1); `None` for `(0, 0)` or a row step of `i32::MIN`
    /// (whose negation does not fit).
    ///
    /// ```
    /// use grid::Direction;
    /// assert_eq!(Direction::from_matrix(1, 2), Direction::new(2, -1));
    /// ```
    #[must_use]
    pub const fn from_matrix(d_row: i32, d_col: i32) -> Option<Direction> {
        match d_row.checked_neg() {
            Some(d_rank) => Direction::new(d_col, d_rank),
            None => None,
        }
    }

    /// Files moved, positive toward file `z`.
    #[must_use]
    pub const fn d_file(self) -> i32 {
        self.d_file
    }

    /// Ranks moved, positive toward the higher rank numbers.
    #[must_use]
    pub const fn d_rank(self) -> i32 {
        self.d_rank
    }

    /// The direction in matrix coordinates `(d_row, d_col)`, rows growing downward.
    /// Saturates the row step at `i32::MAX` for a rank step of `i32::MIN`.
    #[must_use]
    pub const fn matrix(self) -> (i32, i32) {
        (self.d_rank.saturating_neg(), self.d_file)
    }

    /// The direction pointing the other way, or `None` if a component is `i32::MIN`.
    ///
    /// ```
    /// use grid::Direction;
    /// assert_eq!(Direction::new(1, 2).unwrap().reversed(), Direction::new(-1, -2));
    /// ```
    #[must_use]
    pub const fn reversed(self) -> Option<Direction> {
        match (self.d_file.checked_neg(), self.d_rank.checked_neg()) {
            (Some(d_file), Some(d_rank)) => Some(dir(d_file, d_rank)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets() {
        let all: Vec<Direction> = Direction::ORTHOGONAL
            .into_iter()
            .chain(Direction::DIAGONAL)
            .collect();
        assert_eq!(all, Direction::KING);
        for d in Direction::ORTHOGONAL {
            assert_eq!(d.d_file().abs() + d.d_rank().abs(), 1);
        }
        for d in Direction::DIAGONAL {
            assert_eq!((d.d_file().abs(), d.d_rank().abs()), (1, 1));
        }
        let mut knight: Vec<(i32, i32)> = Direction::KNIGHT
            .iter()
            .map(|d| (d.d_file(), d.d_rank()))
            .collect();
        knight.sort();
        let mut expected = Vec::new();
        for (a, b) in [(1, 2), (2, 1)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                expected.push((a * sa, b * sb));
            }
        }
        expected.sort();
        assert_eq!(knight, expected);
    }

    #[test]
    fn matrix_conversion() {
        for d in Direction::KING.into_iter().chain(Direction::KNIGHT) {
            let (dr, dk) = d.matrix();
            assert_eq!(Direction::from_matrix(dr, dk), Some(d));
            assert_eq!(d.reversed().unwrap().reversed(), Some(d));
        }
        assert_eq!(Direction::from_matrix(0, 0), None);
        assert_eq!(Direction::from_matrix(i32::MIN, 0), None);
    }
}

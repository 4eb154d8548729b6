//! Rays: the squares a leaper or rider reaches from a square in one direction.

use std::iter::FusedIterator;

use crate::direction::Direction;
use crate::square::Square;

/// The squares a leaper or rider reaches from a square in one [`Direction`], nearest
/// first, the start excluded; built by [`Square::ray`].
///
/// A ray stops at the board's edge or after its step limit; it never skips a square off
/// the board to come back on (the board is not a torus).
///
/// ```
/// use grid::{BoardSize, Direction, Square};
/// let a1 = Square::parse("a1", BoardSize::CONGO)?;
/// let up = Direction::new(0, 1).unwrap();
/// assert_eq!(a1.ray(up, None).count(), 6);
/// let two_up = Direction::new(0, 2).unwrap();
/// let names: Vec<String> = a1.ray(two_up, None).map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a3", "a5", "a7"]);
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ray {
    from: Option<Square>,
    direction: Direction,
    remaining: Option<u32>,
}

impl Ray {
    /// The ray from `from` (excluded) in `direction`, at most `max_steps` squares long
    /// (`None`: until the edge).
    #[must_use]
    pub fn new(from: Square, direction: Direction, max_steps: Option<u32>) -> Ray {
        Ray {
            from: Some(from),
            direction,
            remaining: max_steps,
        }
    }

    /// The direction of the ray.
    #[must_use]
    pub fn direction(&self) -> Direction {
        self.direction
    }
}

impl Iterator for Ray {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if let Some(remaining) = &mut self.remaining {
            if *remaining == 0 {
                self.from = None;
                return None;
            }
            *remaining -= 1;
        }
        let next = self.from?.offset(self.direction);
        self.from = next;
        next
    }
}

impl FusedIterator for Ray {}

impl Square {
    /// The squares reached by repeating `direction` from this square (the square itself
    /// excluded), nearest first, up to `max_steps` steps (`None`: until the edge).
    /// `Some(1)` is a leaper's single step.
    ///
    /// ```
    /// use grid::{BoardSize, Direction, Square};
    /// let d4 = Square::parse("d4", BoardSize::CHESS)?;
    /// let down_right = Direction::from_matrix(1, 1).unwrap();
    /// let names: Vec<String> = d4.ray(down_right, None).map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["e3", "f2", "g1"]);
    /// assert_eq!(d4.ray(down_right, Some(2)).count(), 2);
    /// # Ok::<_, grid::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn ray(self, direction: Direction, max_steps: Option<u32>) -> Ray {
        Ray::new(self, direction, max_steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    #[test]
    fn rider_rays_reach_the_edge() {
        // From every square of several boards, a rook-like ray along each orthogonal
        // reaches exactly the distance to the edge.
        for (files, ranks) in [(1, 1), (7, 7), (8, 8), (26, 26), (5, 11)] {
            let size = BoardSize::new(files, ranks).unwrap();
            for square in size.squares() {
                let (f, r) = (i64::from(square.file()), i64::from(square.rank()));
                let (files, ranks) = (i64::from(files), i64::from(ranks));
                let expected = [ranks - 1 - r, files - 1 - f, r, f];
                for (d, n) in Direction::ORTHOGONAL.into_iter().zip(expected) {
                    let ray: Vec<Square> = square.ray(d, None).collect();
                    assert_eq!(ray.len() as i64, n);
                    let mut at = square;
                    for next in &ray {
                        assert_eq!(at.offset(d), Some(*next));
                        at = *next;
                    }
                    assert_eq!(at.offset(d), None);
                    assert_eq!(square.ray(d, Some(1)).next(), square.offset(d));
                    assert_eq!(square.ray(d, Some(2)).count() as i64, n.min(2));
                    assert_eq!(square.ray(d, Some(0)).count(), 0);
                }
            }
        }
    }

    #[test]
    fn exercise_example() {
        // zet('d4', (1, 1), herhaald=True) = {e3, f2, g1}.
        let d4 = Square::parse("d4", BoardSize::CHESS).unwrap();
        let d = Direction::from_matrix(1, 1).unwrap();
        let names: Vec<String> = d4.ray(d, None).map(|s| s.to_string()).collect();
        assert_eq!(names, ["e3", "f2", "g1"]);
        // zet('d4', (1, 2)) = {f3}.
        let d = Direction::from_matrix(1, 2).unwrap();
        assert_eq!(d4.offset(d).unwrap().to_string(), "f3");
    }
}

//! The eight directions a Congo piece steps, slides or jumps in, by name.

use grid::Direction;

use crate::piece::Color;

/// A compass direction on the board: north is toward rank 7, east toward file g.
///
/// The discriminants run clockwise from north. That order is the order monkey jumps are
/// tried, so it fixes the order of generated moves, and a [`Move`](crate::Move) stores its
/// jump path as these 3-bit values.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Dir {
    /// Toward rank 7.
    N = 0,
    /// Toward rank 7 and file g.
    NE = 1,
    /// Toward file g.
    E = 2,
    /// Toward rank 1 and file g.
    SE = 3,
    /// Toward rank 1.
    S = 4,
    /// Toward rank 1 and file a.
    SW = 5,
    /// Toward file a.
    W = 6,
    /// Toward rank 7 and file a.
    NW = 7,
}

impl Dir {
    /// All eight, clockwise from north.
    pub(crate) const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// The direction `eighths` eighths of a turn clockwise from this one (2 is a right
    /// angle, 4 the opposite direction).
    #[inline(always)]
    pub(crate) const fn rotate(self, eighths: u8) -> Dir {
        Dir::ALL[((self as u8).wrapping_add(eighths) & 7) as usize]
    }

    /// The direction pointing the other way.
    #[inline(always)]
    pub(crate) const fn opposite(self) -> Dir {
        self.rotate(4)
    }

    /// The direction of the 3-bit value `bits & 7` (see [`Dir`]).
    #[inline(always)]
    pub(crate) const fn from_bits(bits: u64) -> Dir {
        Dir::ALL[(bits & 7) as usize]
    }

    /// Forward for `color`: north for White, south for Black.
    #[inline(always)]
    pub(crate) const fn forward(color: Color) -> Dir {
        match color {
            Color::White => Dir::N,
            Color::Black => Dir::S,
        }
    }

    /// The step as a [`grid::Direction`] `(d_file, d_rank)`: the orthogonal directions
    /// are [`Direction::ORTHOGONAL`]'s and the diagonal ones [`Direction::DIAGONAL`]'s.
    pub(crate) const fn vector(self) -> Direction {
        // ORTHOGONAL is N, E, S, W and DIAGONAL is NE, SE, SW, NW: clockwise both.
        let i = self as usize;
        if i % 2 == 0 {
            Direction::ORTHOGONAL[i / 2]
        } else {
            Direction::DIAGONAL[i / 2]
        }
    }

    /// Whether a step this way raises the square index (north, north-east, east and
    /// north-west: +7, +8, +1, +6), so the nearest square of a ray is its lowest bit.
    #[inline(always)]
    pub(crate) const fn raises_index(self) -> bool {
        matches!(self, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compass() {
        for (i, d) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(d as usize, i);
            assert_eq!(Dir::from_bits(i as u64 + 8), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.opposite().vector().reversed(), Some(d.vector()));
            assert_eq!(d.rotate(8), d);
            assert_eq!(d.rotate(1).rotate(7), d);
            let (f, r) = (d.vector().d_file(), d.vector().d_rank());
            assert_eq!(d.raises_index(), r * 7 + f > 0);
            // A quarter turn clockwise maps (f, r) to (r, -f).
            let q = d.rotate(2).vector();
            assert_eq!((q.d_file(), q.d_rank()), (r, -f));
        }
        let mut king: Vec<Direction> = Dir::ALL.iter().map(|d| d.vector()).collect();
        king.sort();
        let mut expected = Direction::KING.to_vec();
        expected.sort();
        assert_eq!(king, expected);
        assert_eq!(Dir::N.vector(), Direction::new(0, 1).unwrap());
        assert_eq!(Dir::forward(Color::Black), Dir::S);
    }
}

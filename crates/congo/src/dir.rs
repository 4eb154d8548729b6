//! The eight directions a Congo piece steps, slides or jumps in, by name.

use crate::piece::Color;

/// A compass direction on the board: north is toward rank 7, east toward file g.
///
/// The discriminants run clockwise from north. That order is the order monkey jumps are
/// tried, so it fixes the order of generated moves, and a [`Move`](crate::Move) stores its
/// jump path as these 3-bit values.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    /// Toward rank 7.
    N,
    /// Toward rank 7 and file g.
    NE,
    /// Toward file g.
    E,
    /// Toward rank 1 and file g.
    SE,
    /// Toward rank 1.
    S,
    /// Toward rank 1 and file a.
    SW,
    /// Toward file a.
    W,
    /// Toward rank 7 and file a.
    NW,
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

    /// The four orthogonal directions, clockwise from north.
    pub(crate) const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The direction `eighths` eighths of a turn clockwise from this one (2 is a right
    /// angle, 4 the opposite direction).
    pub(crate) const fn rotate(self, eighths: u8) -> Dir {
        Dir::ALL[((self as u8).wrapping_add(eighths) & 7) as usize]
    }

    /// The direction pointing the other way.
    pub(crate) const fn opposite(self) -> Dir {
        self.rotate(4)
    }

    /// The three directions forward for `color`, straight ahead first: north, north-east
    /// and north-west for White; south, south-west and south-east for Black. Backward for
    /// one side is forward for the other.
    pub(crate) const fn ahead(color: Color) -> [Dir; 3] {
        let forward = match color {
            Color::White => Dir::N,
            Color::Black => Dir::S,
        };
        [forward, forward.rotate(1), forward.rotate(7)]
    }

    /// The step `(d_file, d_rank)`: files toward g, ranks toward 7.
    pub(crate) const fn delta(self) -> (i32, i32) {
        // Clockwise from north the file grows for NE, E, SE and shrinks for SW, W, NW; the
        // rank changes as the file does a quarter turn later.
        const D_FILE: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
        (D_FILE[self as usize], D_FILE[self.rotate(2) as usize])
    }

    /// Whether a step this way raises the square index (north, north-east, east and
    /// north-west: +7, +8, +1, +6), so the nearest square of a ray is its lowest bit.
    pub(crate) const fn raises_index(self) -> bool {
        matches!(self, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::Direction;

    /// The step as a [`grid::Direction`].
    fn vector(d: Dir) -> Direction {
        let (f, r) = d.delta();
        Direction::new(f, r).unwrap()
    }

    #[test]
    fn compass_agrees_with_grid() {
        // Orthogonal and diagonal alternate clockwise; grid lists each set clockwise.
        for (i, d) in Dir::ALL.into_iter().enumerate() {
            let grid_set = if i % 2 == 0 {
                Direction::ORTHOGONAL
            } else {
                Direction::DIAGONAL
            };
            assert_eq!(vector(d), grid_set[i / 2]);
            assert_eq!(d as usize, i);
            assert_eq!(vector(d.opposite()).reversed(), Some(vector(d)));
            assert_eq!(d.rotate(8), d);
            assert_eq!(d.rotate(1).rotate(7), d);
            let (f, r) = d.delta();
            assert_eq!(d.raises_index(), r * 7 + f > 0);
            // A quarter turn clockwise maps (f, r) to (r, -f).
            assert_eq!(d.rotate(2).delta(), (r, -f));
        }
        let orthogonal: Vec<Direction> = Dir::ORTHOGONAL.into_iter().map(vector).collect();
        assert_eq!(orthogonal, Direction::ORTHOGONAL);
        assert_eq!(Dir::ahead(Color::White), [Dir::N, Dir::NE, Dir::NW]);
        assert_eq!(Dir::ahead(Color::Black), [Dir::S, Dir::SW, Dir::SE]);
    }
}

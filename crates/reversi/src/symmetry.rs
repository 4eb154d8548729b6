//! The 8 symmetries of the board (the dihedral group of the square, D4) on squares,
//! square sets and boards, and the canonical form of a board under them.
//!
//! Coordinates are 0-based `(file, rank)`, a1 = (0, 0), h1 = (7, 0), h8 = (7, 7); bit
//! `rank * 8 + file` of a bitboard. Rotations turn anticlockwise as the board is drawn by
//! `Display` (rank 8 on top, file a on the left): a quarter turn takes a1 to h1.
//!
//! Internally a symmetry is the product of three reflections, applied in this order:
//! files reversed (`M`, `(f, r) -> (7 - f, r)`), ranks reversed (`V`,
//! `(f, r) -> (f, 7 - r)`), and the transpose in the a1-h8 diagonal (`T`,
//! `(f, r) -> (r, f)`); `M` and `V` commute, and `M T = T V`, `V T = T M` (written as
//! maps, right one first), which is all composition needs.

use crate::board::Board;
use crate::squares::{Square, SquareSet};

/// One of the 8 symmetries of the square board (the dihedral group D4): the identity,
/// 3 rotations and 4 reflections. Each maps squares to squares, and hence square sets and
/// boards to their images; legal moves, flips, passes and perft counts are preserved
/// (property-tested: the image of a legal move is a legal move of the image board, with
/// the image flips).
///
/// Coordinates are 0-based `(file, rank)`, a1 = (0, 0), h8 = (7, 7). Rotations turn
/// anticlockwise as the board is drawn by `Display` (rank 8 on top, file a on the left):
///
/// | symmetry | `(file, rank)` goes to | a1 goes to | b1 goes to |
/// |---|---|---|---|
/// | [`Identity`](Symmetry::Identity) | `(file, rank)` | a1 | b1 |
/// | [`Rotate90`](Symmetry::Rotate90) | `(7 - rank, file)` | h1 | h2 |
/// | [`Rotate180`](Symmetry::Rotate180) | `(7 - file, 7 - rank)` | h8 | g8 |
/// | [`Rotate270`](Symmetry::Rotate270) | `(rank, 7 - file)` | a8 | a7 |
/// | [`FlipVertical`](Symmetry::FlipVertical) | `(file, 7 - rank)` | a8 | b8 |
/// | [`MirrorHorizontal`](Symmetry::MirrorHorizontal) | `(7 - file, rank)` | h1 | g1 |
/// | [`FlipDiagonal`](Symmetry::FlipDiagonal) | `(rank, file)` | a1 | a2 |
/// | [`FlipAntiDiagonal`](Symmetry::FlipAntiDiagonal) | `(7 - rank, 7 - file)` | h8 | h7 |
///
/// On bitboards (bit `rank * 8 + file`) [`FlipVertical`](Symmetry::FlipVertical) is a
/// byte swap, [`Rotate180`](Symmetry::Rotate180) a bit reversal, and the others a few
/// delta swaps (a mask, two shifts and three XORs each): no branch, no loop, no table.
///
/// ```
/// use reversi::{Square, Symmetry};
/// let a1: Square = "a1".parse()?;
/// assert_eq!(a1.transform(Symmetry::Rotate90).to_string(), "h1");
/// let b1: Square = "b1".parse()?;
/// assert_eq!(b1.transform(Symmetry::FlipDiagonal).to_string(), "a2");
/// // Composition: first a quarter turn, then another one.
/// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate90), Symmetry::Rotate180);
/// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Symmetry {
    /// Every square stays: `(file, rank) -> (file, rank)`.
    Identity = 0,
    /// A quarter turn anticlockwise (as `Display` draws the board, rank 8 on top):
    /// `(file, rank) -> (7 - rank, file)`; a1 -> h1 -> h8 -> a8 -> a1.
    Rotate90 = 1,
    /// A half turn: `(file, rank) -> (7 - file, 7 - rank)`; a1 <-> h8, h1 <-> a8.
    Rotate180 = 2,
    /// Three quarter turns anticlockwise (a quarter turn clockwise):
    /// `(file, rank) -> (rank, 7 - file)`; a1 -> a8 -> h8 -> h1 -> a1.
    Rotate270 = 3,
    /// Ranks reversed, the board upside down: `(file, rank) -> (file, 7 - rank)`;
    /// a1 <-> a8. On a bitboard, a byte swap.
    FlipVertical = 4,
    /// Files reversed, the board seen in a mirror: `(file, rank) -> (7 - file, rank)`;
    /// a1 <-> h1.
    MirrorHorizontal = 5,
    /// Reflection in the a1-h8 diagonal: `(file, rank) -> (rank, file)`; b1 <-> a2,
    /// h1 <-> a8, a1 and h8 stay.
    FlipDiagonal = 6,
    /// Reflection in the a8-h1 diagonal: `(file, rank) -> (7 - rank, 7 - file)`;
    /// a1 <-> h8, b1 <-> h7, a8 and h1 stay.
    FlipAntiDiagonal = 7,
}

// --- Bitboard kernels (bit `rank * 8 + file`). ---

/// Exchanges bit `i` and bit `i + delta` for every bit `i` of `mask` (`mask` and
/// `mask << delta` disjoint).
#[inline(always)]
const fn delta_swap(bits: u64, mask: u64, delta: u32) -> u64 {
    let t = ((bits >> delta) ^ bits) & mask;
    bits ^ t ^ (t << delta)
}

/// `M`: files reversed in every rank (each byte's bits reversed): neighbouring files,
/// then pairs of files, then halves of the rank.
#[inline(always)]
const fn mirror_files(bits: u64) -> u64 {
    let bits = delta_swap(bits, 0x5555_5555_5555_5555, 1);
    let bits = delta_swap(bits, 0x3333_3333_3333_3333, 2);
    delta_swap(bits, 0x0F0F_0F0F_0F0F_0F0F, 4)
}

/// `V`: ranks reversed (the bytes reversed).
#[inline(always)]
const fn flip_ranks(bits: u64) -> u64 {
    bits.swap_bytes()
}

/// `T`: the transpose in the a1-h8 diagonal, `(f, r) -> (r, f)`. The two off-diagonal
/// 4x4 quadrants swap (`(f + 4, r) <-> (f, r + 4)`, 8 * 4 - 4 = 28 bits apart), then the
/// off-diagonal 2x2 blocks of each quadrant (14 bits apart), then the off-diagonal
/// squares of each 2x2 block (7 bits apart).
#[inline(always)]
const fn transpose(bits: u64) -> u64 {
    let bits = delta_swap(bits, 0x0000_0000_F0F0_F0F0, 28);
    let bits = delta_swap(bits, 0x0000_CCCC_0000_CCCC, 14);
    delta_swap(bits, 0x00AA_00AA_00AA_00AA, 7)
}

/// The reflection in the a8-h1 diagonal, `(f, r) -> (7 - r, 7 - f)`: as [`transpose`],
/// with the quadrants on the a1-h8 diagonal exchanged instead (`(f, r) <-> (f + 4,
/// r + 4)`, 36 bits apart; then 18 and 9).
#[inline(always)]
const fn transpose_anti(bits: u64) -> u64 {
    let bits = delta_swap(bits, 0x0000_0000_0F0F_0F0F, 36);
    let bits = delta_swap(bits, 0x0000_3333_0000_3333, 18);
    delta_swap(bits, 0x0055_0055_0055_0055, 9)
}

impl Symmetry {
    /// The 8 symmetries: the identity, the rotations by a quarter, half and three
    /// quarter turn, then the reflections (ranks reversed, files reversed, a1-h8
    /// diagonal, a8-h1 diagonal). [`Board::canonical`] breaks ties in this order.
    ///
    /// ```
    /// use reversi::Symmetry;
    /// assert_eq!(Symmetry::ALL.len(), 8);
    /// assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipVertical,
        Symmetry::MirrorHorizontal,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// The symmetry as `M^m` (files reversed), then `V^v` (ranks reversed), then `T^t`
    /// (transpose): bit 0 = `m`, bit 1 = `v`, bit 2 = `t`.
    const fn code(self) -> u8 {
        match self {
            Symmetry::Identity => 0b000,
            Symmetry::MirrorHorizontal => 0b001,
            Symmetry::FlipVertical => 0b010,
            Symmetry::Rotate180 => 0b011,
            Symmetry::FlipDiagonal => 0b100,
            // (f, r) -> (7 - f, r) -> (r, 7 - f)
            Symmetry::Rotate270 => 0b101,
            // (f, r) -> (f, 7 - r) -> (7 - r, f)
            Symmetry::Rotate90 => 0b110,
            // (f, r) -> (7 - f, 7 - r) -> (7 - r, 7 - f)
            Symmetry::FlipAntiDiagonal => 0b111,
        }
    }

    /// The symmetry of a [`Symmetry::code`] (its low 3 bits).
    const fn from_code(code: u8) -> Symmetry {
        match code & 7 {
            0b000 => Symmetry::Identity,
            0b001 => Symmetry::MirrorHorizontal,
            0b010 => Symmetry::FlipVertical,
            0b011 => Symmetry::Rotate180,
            0b100 => Symmetry::FlipDiagonal,
            0b101 => Symmetry::Rotate270,
            0b110 => Symmetry::Rotate90,
            _ => Symmetry::FlipAntiDiagonal,
        }
    }

    /// The composition: `self` first, then `next`. The result maps a square to
    /// `next` of `self` of it (`s.then(n)` is `n ∘ s` in the usual notation).
    ///
    /// ```
    /// use reversi::{Square, Symmetry};
    /// // Ranks reversed, then the transpose: (f, r) -> (f, 7 - r) -> (7 - r, f).
    /// assert_eq!(Symmetry::FlipVertical.then(Symmetry::FlipDiagonal), Symmetry::Rotate90);
    /// // The other order: (f, r) -> (r, f) -> (r, 7 - f).
    /// assert_eq!(Symmetry::FlipDiagonal.then(Symmetry::FlipVertical), Symmetry::Rotate270);
    /// let d3: Square = "d3".parse()?;
    /// let (s, n) = (Symmetry::Rotate90, Symmetry::MirrorHorizontal);
    /// assert_eq!(d3.transform(s.then(n)), d3.transform(s).transform(n));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn then(self, next: Symmetry) -> Symmetry {
        let (first, second) = (self.code(), next.code());
        // Moving `T` of `first` to the left of `second`'s reflections swaps them
        // (`V^v M^m T = T V^m M^v`), so `second`'s m and v change places when `first`
        // transposes.
        let swap = first >> 2;
        let m2 = second & 1;
        let v2 = second >> 1 & 1;
        let (m2, v2) = if swap == 1 { (v2, m2) } else { (m2, v2) };
        Symmetry::from_code((first ^ second) & 0b100 | (first & 0b011) ^ (m2 | v2 << 1))
    }

    /// The symmetry that undoes `self`: `s.then(s.inverse())` is the identity. The
    /// rotations by a quarter and three quarter turns are each other's inverse; every
    /// other symmetry is its own.
    ///
    /// ```
    /// use reversi::Symmetry;
    /// assert_eq!(Symmetry::Rotate270.inverse(), Symmetry::Rotate90);
    /// assert_eq!(Symmetry::FlipAntiDiagonal.inverse(), Symmetry::FlipAntiDiagonal);
    /// for s in Symmetry::ALL {
    ///     assert_eq!(s.then(s.inverse()), Symmetry::Identity);
    /// }
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The order of the symmetry: the least `n >= 1` such that applying it `n` times is
    /// the identity. 1 for the identity, 4 for the quarter turns, 2 for the half turn and
    /// the four reflections.
    ///
    /// ```
    /// use reversi::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.order(), 4);
    /// assert_eq!(Symmetry::FlipDiagonal.order(), 2);
    /// let mut s = Symmetry::Identity;
    /// for _ in 0..4 {
    ///     s = s.then(Symmetry::Rotate270);
    /// }
    /// assert_eq!(s, Symmetry::Identity);
    /// ```
    #[must_use]
    pub const fn order(self) -> u32 {
        match self {
            Symmetry::Identity => 1,
            Symmetry::Rotate90 | Symmetry::Rotate270 => 4,
            _ => 2,
        }
    }

    /// The image of the bitboard `bits` (bit `rank * 8 + file`): bit `i` set in the
    /// result when the square of index `i` is the image of a square of `bits`.
    #[inline]
    const fn bits(self, bits: u64) -> u64 {
        match self {
            Symmetry::Identity => bits,
            Symmetry::Rotate90 => transpose(flip_ranks(bits)),
            Symmetry::Rotate180 => bits.reverse_bits(),
            Symmetry::Rotate270 => transpose(mirror_files(bits)),
            Symmetry::FlipVertical => flip_ranks(bits),
            Symmetry::MirrorHorizontal => mirror_files(bits),
            Symmetry::FlipDiagonal => transpose(bits),
            Symmetry::FlipAntiDiagonal => transpose_anti(bits),
        }
    }
}

impl Square {
    /// The image of the square under `symmetry` (see [`Symmetry`] for each one's map).
    ///
    /// ```
    /// use reversi::{Square, Symmetry};
    /// let d3: Square = "d3".parse()?;
    /// // (3, 2) -> (7 - 2, 3) = (5, 3)
    /// assert_eq!(d3.transform(Symmetry::Rotate90).to_string(), "f4");
    /// assert_eq!(d3.transform(Symmetry::FlipAntiDiagonal).to_string(), "f5");
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn transform(self, symmetry: Symmetry) -> Square {
        let code = symmetry.code();
        // Files reversed: index ^ 7; ranks reversed: index ^ 56.
        let index = self.index() ^ ((code as usize & 1) * 7) ^ ((code as usize >> 1 & 1) * 56);
        let index = if code & 0b100 != 0 {
            (index & 7) << 3 | index >> 3
        } else {
            index
        };
        Square::at(index)
    }
}

impl SquareSet {
    /// The images of the set's squares under `symmetry` (see [`Symmetry`]), computed on
    /// the bitboard without a branch or loop.
    ///
    /// ```
    /// use reversi::{Board, Symmetry};
    /// let moves = Board::START.legal_moves(); // d3 c4 f5 e6
    /// let turned = moves.transform(Symmetry::Rotate90);
    /// let names: Vec<String> = turned.iter().map(|s| s.to_string()).collect();
    /// // d3 -> f4, c4 -> e3, f5 -> d6, e6 -> c5
    /// assert_eq!(names, ["e3", "f4", "c5", "d6"]);
    /// ```
    #[must_use]
    #[inline]
    pub const fn transform(self, symmetry: Symmetry) -> SquareSet {
        SquareSet::from_bits(symmetry.bits(self.bits()))
    }

    /// The least of the 8 images of the set (as [`SquareSet::bits`], a `u64`) and the
    /// symmetry that maps the set to it; when several do, the first in
    /// [`Symmetry::ALL`]. All 8 images of a set have the same canonical set.
    ///
    /// ```
    /// use reversi::{Square, SquareSet, Symmetry};
    /// let h8: Square = "h8".parse()?;
    /// // The least image of a corner is a1 (bit 0): a half turn maps h8 there first.
    /// let (least, symmetry) = SquareSet::from(h8).canonical();
    /// assert_eq!(least.bits(), 1);
    /// assert_eq!(symmetry, Symmetry::Rotate180);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn canonical(self) -> (SquareSet, Symmetry) {
        let mut best = (self, Symmetry::Identity);
        for symmetry in Symmetry::ALL {
            let image = self.transform(symmetry);
            if image.bits() < best.0.bits() {
                best = (image, symmetry);
            }
        }
        best
    }
}

impl Board {
    /// The image of the board under `symmetry`: both sides' discs moved by it (see
    /// [`Symmetry`]), the same side to move, the Zobrist key of the new discs. The legal
    /// moves of the image are the images of the legal moves, and playing the image of a
    /// move on the image board gives the image of the board after the move.
    ///
    /// ```
    /// use reversi::{Board, Square, Symmetry};
    /// let d3: Square = "d3".parse()?;
    /// let s = Symmetry::MirrorHorizontal;
    /// let played_then_mirrored = Board::START.play(d3)?.transform(s);
    /// let mirrored_then_played = Board::START.transform(s).play(d3.transform(s))?;
    /// assert_eq!(played_then_mirrored, mirrored_then_played);
    /// assert_eq!(
    ///     Board::START.transform(s).to_string(),
    ///     "........\n........\n........\n...OX...\n...XO...\n........\n........\n........\nBlack to move\n"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn transform(&self, symmetry: Symmetry) -> Board {
        Board::with_key(
            symmetry.bits(self.mover_bits()),
            symmetry.bits(self.opponent_bits()),
            self.side_to_move(),
        )
    }

    /// The canonical form of the board under the 8 symmetries, with the symmetry that
    /// maps the board to it: of the 8 images ([`Board::transform`]) the least by the
    /// `u128` key `(mover << 64) | opponent` of its bitboards ([`Board::mover_bits`]
    /// for the side to move, [`Board::opponent_bits`] for the other), and when several
    /// images are equal the symmetry first in [`Symmetry::ALL`]. The side to move is
    /// kept. All 8 images of a board have the same canonical form, so it is a key for
    /// opening books and tables that store one entry for all of them; the order is part
    /// of the API and stays as documented, so stored keys stay valid.
    ///
    /// To use a book keyed by canonical boards: look up the canonical board, then map
    /// the book's move back to the board played with the inverse symmetry.
    ///
    /// ```
    /// use reversi::{Board, Square, Symmetry};
    /// // The start is its own canonical form.
    /// assert_eq!(Board::START.canonical(), (Board::START, Symmetry::Identity));
    ///
    /// // After d3 the canonical board is the one after f5, its reflection in the a8-h1
    /// // diagonal (which keeps the start).
    /// let board = Board::START.play("d3".parse()?)?;
    /// let (key, symmetry) = board.canonical();
    /// assert_eq!(key, Board::START.play("f5".parse()?)?);
    /// assert_eq!(symmetry, Symmetry::FlipAntiDiagonal);
    /// assert_eq!(board.transform(symmetry), key);
    /// // A book holding d6 for the canonical board (f5 d6, the perpendicular opening)
    /// // holds its image under the inverse symmetry for the board itself: d3 c5.
    /// let book_move: Square = "d6".parse()?;
    /// let reply = book_move.transform(symmetry.inverse());
    /// assert_eq!(reply, "c5".parse()?);
    /// assert!(board.legal_moves().contains(reply));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> (Board, Symmetry) {
        let key = |mover: u64, opponent: u64| (mover as u128) << 64 | opponent as u128;
        let (mover, opponent) = (self.mover_bits(), self.opponent_bits());
        let mut best = (key(mover, opponent), Symmetry::Identity);
        for symmetry in Symmetry::ALL {
            let image = key(symmetry.bits(mover), symmetry.bits(opponent));
            if image < best.0 {
                best = (image, symmetry);
            }
        }
        (self.transform(best.1), best.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map of each symmetry on `(file, rank)`, from the table in [`Symmetry`]'s docs.
    fn geometry(symmetry: Symmetry, file: u8, rank: u8) -> (u8, u8) {
        match symmetry {
            Symmetry::Identity => (file, rank),
            Symmetry::Rotate90 => (7 - rank, file),
            Symmetry::Rotate180 => (7 - file, 7 - rank),
            Symmetry::Rotate270 => (rank, 7 - file),
            Symmetry::FlipVertical => (file, 7 - rank),
            Symmetry::MirrorHorizontal => (7 - file, rank),
            Symmetry::FlipDiagonal => (rank, file),
            Symmetry::FlipAntiDiagonal => (7 - rank, 7 - file),
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn each_square_goes_where_the_geometry_says() {
        for symmetry in Symmetry::ALL {
            for square in Square::ALL {
                let (file, rank) = geometry(symmetry, square.file(), square.rank());
                let image = Square::new(file, rank).unwrap();
                assert_eq!(square.transform(symmetry), image, "{symmetry:?} {square}");
                assert_eq!(
                    SquareSet::from(square).transform(symmetry),
                    SquareSet::from(image),
                    "{symmetry:?} {square}"
                );
            }
        }
    }

    #[test]
    fn named_squares_by_hand() {
        // (symmetry, square, image), each worked out from the maps in the docs.
        let cases = [
            (Symmetry::Rotate90, "a1", "h1"),
            (Symmetry::Rotate90, "h1", "h8"),
            (Symmetry::Rotate90, "h8", "a8"),
            (Symmetry::Rotate90, "a8", "a1"),
            (Symmetry::Rotate90, "b1", "h2"),
            (Symmetry::Rotate90, "d3", "f4"),
            (Symmetry::Rotate180, "a1", "h8"),
            (Symmetry::Rotate180, "b1", "g8"),
            (Symmetry::Rotate180, "d3", "e6"),
            (Symmetry::Rotate270, "a1", "a8"),
            (Symmetry::Rotate270, "b1", "a7"),
            (Symmetry::Rotate270, "d3", "c5"),
            (Symmetry::FlipVertical, "a1", "a8"),
            (Symmetry::FlipVertical, "d3", "d6"),
            (Symmetry::MirrorHorizontal, "a1", "h1"),
            (Symmetry::MirrorHorizontal, "d3", "e3"),
            (Symmetry::FlipDiagonal, "b1", "a2"),
            (Symmetry::FlipDiagonal, "a2", "b1"),
            (Symmetry::FlipDiagonal, "h1", "a8"),
            (Symmetry::FlipDiagonal, "a1", "a1"),
            (Symmetry::FlipDiagonal, "d3", "c4"),
            (Symmetry::FlipAntiDiagonal, "a1", "h8"),
            (Symmetry::FlipAntiDiagonal, "b1", "h7"),
            (Symmetry::FlipAntiDiagonal, "h1", "h1"),
            (Symmetry::FlipAntiDiagonal, "a8", "a8"),
            (Symmetry::FlipAntiDiagonal, "d3", "f5"),
        ];
        for (symmetry, from, to) in cases {
            assert_eq!(sq(from).transform(symmetry), sq(to), "{symmetry:?} {from}");
        }
    }

    #[test]
    fn composition_is_the_composition_of_the_maps() {
        for first in Symmetry::ALL {
            for next in Symmetry::ALL {
                let both = first.then(next);
                for square in Square::ALL {
                    assert_eq!(
                        square.transform(both),
                        square.transform(first).transform(next),
                        "{first:?} then {next:?} on {square}"
                    );
                }
            }
        }
    }

    #[test]
    fn compositions_by_hand() {
        use Symmetry::*;
        // (f, r) -> (7 - f, r) -> (7 - f, 7 - r)
        assert_eq!(MirrorHorizontal.then(FlipVertical), Rotate180);
        // (f, r) -> (7 - r, f) -> (r, f)
        assert_eq!(Rotate90.then(MirrorHorizontal), FlipDiagonal);
        // (f, r) -> (r, f) -> (7 - f, 7 - r)
        assert_eq!(FlipDiagonal.then(FlipAntiDiagonal), Rotate180);
        assert_eq!(Rotate90.then(Rotate180), Rotate270);
        assert_eq!(Rotate270.then(Rotate270), Rotate180);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_form_a_group() {
        // b1 and c1 together have a different image under each symmetry.
        let probe = SquareSet::from(sq("b1")).with(sq("c1"));
        for (i, a) in Symmetry::ALL.iter().enumerate() {
            for b in &Symmetry::ALL[..i] {
                assert_ne!(probe.transform(*a), probe.transform(*b), "{a:?} {b:?}");
            }
            assert_eq!(a.then(a.inverse()), Symmetry::Identity);
            assert_eq!(a.inverse().then(*a), Symmetry::Identity);
            assert_eq!(Symmetry::Identity.then(*a), *a);
            assert_eq!(a.then(Symmetry::Identity), *a);
            let mut power = *a;
            for n in 1..=a.order() {
                assert_eq!(power == Symmetry::Identity, n == a.order(), "{a:?}^{n}");
                power = power.then(*a);
            }
        }
    }

    #[test]
    fn the_start_is_canonical_and_fixed_by_four_symmetries() {
        // Black e4 (4, 3) and d5 (3, 4), White d4 and e5: the two diagonals and the half
        // turn keep every disc's colour; the other four swap the colours' squares.
        let fixed: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|&s| Board::START.transform(s) == Board::START)
            .collect();
        assert_eq!(
            fixed,
            [
                Symmetry::Identity,
                Symmetry::Rotate180,
                Symmetry::FlipDiagonal,
                Symmetry::FlipAntiDiagonal
            ]
        );
        // The others give Black d4 (bit 27) and e5 (bit 36): a greater mover key than
        // the start's e4 (28) and d5 (35), as bit 36 > bit 35.
        assert_eq!(Board::START.canonical(), (Board::START, Symmetry::Identity));
        let swapped = Board::START.transform(Symmetry::Rotate90);
        assert_eq!(swapped.mover_bits(), 1 << 27 | 1 << 36);
        assert_eq!(swapped.canonical(), (Board::START, Symmetry::Rotate90));
    }
}

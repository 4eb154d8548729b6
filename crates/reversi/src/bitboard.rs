//! Raw bitboard kernels on two `u64`s: `p` = the side to move's discs, `o` = the
//! opponent's. Bit 0 = a1, bit 7 = h1, bit 63 = h8 (index = rank * 8 + file).
//!
//! Everything here is `#[inline(always)]` so that a caller compiled with extra CPU
//! features (see `perft`) gets these kernels compiled with those features too.

/// Every square except those on file `a` and file `h`: the mask that stops
/// horizontal and diagonal shifts from wrapping around to the next rank.
pub(crate) const INNER_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Shift amounts of the four axes: along a rank, along a file, and the two diagonals.
const SHIFTS: [u32; 4] = [1, 8, 7, 9];

/// The squares reached from `p` along one axis (shift `dir`, both ways) through runs of
/// `mask` discs, plus one more step: a masked "parallel prefix" (Kogge-Stone) fill that
/// follows a run of up to 6 discs (the longest possible between two squares of a line).
#[inline(always)]
fn fill_both_ways(p: u64, mask: u64, dir: u32) -> u64 {
    let mut up = mask & (p << dir);
    let mut down = mask & (p >> dir);
    up |= mask & (up << dir);
    down |= mask & (down >> dir);
    // Squares of `mask` whose neighbour one step back is in `mask` too.
    let pair_up = mask & (mask << dir);
    let pair_down = pair_up >> dir;
    up |= pair_up & (up << (2 * dir));
    down |= pair_down & (down >> (2 * dir));
    up |= pair_up & (up << (2 * dir));
    down |= pair_down & (down >> (2 * dir));
    (up << dir) | (down >> dir)
}

/// The legal moves of the side owning `p` against `o`: every empty square that closes,
/// in at least one of the 8 directions, a run of one or more `o` discs with a `p` disc.
///
/// For each of the 4 axes and both shift directions, a fill of the `o` discs next to a
/// `p` disc, then one more shift onto the empty squares. Horizontal and diagonal fills
/// pass only discs off files `a` and `h`, so nothing wraps around to the next rank.
#[inline(always)]
pub(crate) fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER_FILES;
    (fill_both_ways(p, inner, 1)
        | fill_both_ways(p, o, 8)
        | fill_both_ways(p, inner, 7)
        | fill_both_ways(p, inner, 9))
        & !(p | o)
}

/// The squares whose discs a fill along each axis of [`SHIFTS`] may pass: all but files
/// `a` and `h` when the axis moves along a rank, everything on the vertical axis.
const AXIS_MASKS: [u64; 4] = [INNER_FILES, u64::MAX, INNER_FILES, INNER_FILES];

/// The rays from one square: `up[i]` toward higher bits (east, north-west, north,
/// north-east), `down[i]` the opposite rays (west, south-east, south, south-west). A
/// ray excludes its start square and runs to the edge of the board.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Rays {
    pub(crate) up: [u64; 4],
    pub(crate) down: [u64; 4],
}

/// `(d_file, d_rank)` of the four "up" directions; the "down" ones are their negations.
const UP_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 1), (0, 1), (1, 1)];

const fn ray(square: usize, d_file: i32, d_rank: i32) -> u64 {
    let mut bits = 0u64;
    let mut file = (square % 8) as i32 + d_file;
    let mut rank = (square / 8) as i32 + d_rank;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        bits |= 1u64 << (rank * 8 + file);
        file += d_file;
        rank += d_rank;
    }
    bits
}

const fn make_rays() -> [Rays; 64] {
    let mut table = [Rays {
        up: [0; 4],
        down: [0; 4],
    }; 64];
    let mut square = 0;
    while square < 64 {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = UP_DIRECTIONS[i];
            table[square].up[i] = ray(square, df, dr);
            table[square].down[i] = ray(square, -df, -dr);
            i += 1;
        }
        square += 1;
    }
    table
}

/// The 8 rays of every square, indexed by square index.
pub(crate) static RAYS: [Rays; 64] = make_rays();

/// The discs flipped when the owner of `p` plays on the (empty) square `square`:
/// for each ray, the run of `o` discs from the square up to the first non-`o` square,
/// kept only if that square holds a `p` disc. Rays toward higher bits find that square
/// as the lowest set bit, rays toward lower bits as the highest set bit. No loop over
/// squares; zero when the move is illegal.
#[inline(always)]
pub(crate) fn flips(p: u64, o: u64, square: u32) -> u64 {
    let rays = &RAYS[square as usize & 63];
    let mut flipped = 0;
    let mut i = 0;
    while i < 4 {
        let ray = rays.up[i];
        let blockers = ray & !o;
        let outflank = blockers & blockers.wrapping_neg() & p;
        // outflank - 1 = the squares below it; nothing when there is no outflank.
        flipped |= outflank.wrapping_sub((outflank != 0) as u64) & ray;

        let ray = rays.down[i];
        // `| 1` makes the highest-set-bit search branch-free: when no ray square is free
        // of `o`, bit 0 is either off the ray or an `o` disc, so `& p & ray` rejects it.
        let blockers = (ray & !o) | 1;
        let outflank = (1u64 << (63 - blockers.leading_zeros())) & p & ray;
        // The squares above the outflank; nothing when there is no outflank.
        flipped |= (outflank.wrapping_neg() << 1) & ray;
        i += 1;
    }
    flipped
}

/// Four copies of a bitboard, or one value per axis: the lanes of an AVX2 vector.
pub(crate) type Lanes = [u64; 4];

/// The OR of the four lanes, in every lane (two lane swaps, so it stays in a vector).
#[inline(always)]
fn or_lanes(v: Lanes) -> Lanes {
    let t = [v[0] | v[2], v[1] | v[3], v[2] | v[0], v[3] | v[1]];
    [t[0] | t[1], t[1] | t[0], t[2] | t[3], t[3] | t[2]]
}

/// The same flips as [`flips`], written for 4-lane vectors (AVX2), on bitboards given
/// in 4 equal lanes and with the flipped discs returned in 4 equal lanes. Rays toward
/// higher bits still take the lowest set bit of the ray's non-`o` squares; on rays
/// toward lower bits the highest set bit would need a vector leading-zero count, which
/// AVX2 lacks, so it is found by smearing the non-`o` squares down the ray (3 shifts)
/// and keeping the one no other is above. Scalar code in lanes: compiled with AVX2,
/// each lane loop becomes vector operations.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // lanes by index, as the vectorizer wants them
pub(crate) fn flips_wide(p: Lanes, o: Lanes, square: u32) -> Lanes {
    let rays = &RAYS[square as usize & 63];
    let mut flipped = [0u64; 4];
    for i in 0..4 {
        let ray = rays.up[i];
        let blockers = ray & !o[i];
        let outflank = blockers & blockers.wrapping_neg() & p[i];
        flipped[i] = outflank.wrapping_sub((outflank != 0) as u64) & ray;
    }
    for i in 0..4 {
        // Rays toward lower bits: `free` = the ray's squares without an `o` disc; `below`
        // = every square of the line below one of them (shifts by 1, 2 and 4 steps cover
        // the 7 squares a ray can have). The first free square from the move is the
        // highest one, `free & !below`; if the mover holds it, the ray's squares above
        // it (all `o` discs) flip.
        let ray = rays.down[i];
        let s = DOWN_SHIFTS[i];
        let free = ray & !o[i];
        let mut below = free >> s;
        below |= below >> s;
        below |= below >> (2 * s);
        below |= below >> (4 * s);
        let outflank = free & !below & p[i];
        flipped[i] |= ray & !(below | free) & 0u64.wrapping_sub((outflank != 0) as u64);
    }
    or_lanes(flipped)
}

/// [`moves`] on bitboards given in 4 equal lanes, one axis a lane: compiled with AVX2,
/// each step is one vector operation for the 4 axes. (Compiled without, the lanes cost
/// more than [`moves`]: the portable code keeps using that.)
#[inline(always)]
#[allow(clippy::needless_range_loop)] // lanes by index, as the vectorizer wants them
pub(crate) fn moves_wide(p: Lanes, o: Lanes) -> u64 {
    let mut reach = [0u64; 4];
    for i in 0..4 {
        let s = SHIFTS[i];
        let mask = o[i] & AXIS_MASKS[i];
        let mut up = mask & (p[i] << s);
        let mut down = mask & (p[i] >> s);
        up |= mask & (up << s);
        down |= mask & (down >> s);
        let pair_up = mask & (mask << s);
        let pair_down = pair_up >> s;
        up |= pair_up & (up << (2 * s));
        down |= pair_down & (down >> (2 * s));
        up |= pair_up & (up << (2 * s));
        down |= pair_down & (down >> (2 * s));
        reach[i] = ((up << s) | (down >> s)) & !(p[i] | o[i]);
    }
    reach[0] | reach[1] | reach[2] | reach[3]
}

/// Shift amounts of the "down" rays of [`Rays`]: west, south-east, south, south-west.
const DOWN_SHIFTS: [u32; 4] = [1, 7, 8, 9];

/// The squares one king step (8 directions) from a square of `set`, without wrapping
/// around the a and h files.
pub(crate) const fn neighbours(set: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((set << 1) & NOT_A) | ((set >> 1) & NOT_H);
    let row = set | sideways;
    sideways | (row << 8) | (row >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_of_corners_and_edges() {
        // a1 (0): east = b1..h1, north = a2..a8, north-east = the long diagonal.
        assert_eq!(RAYS[0].up[0], 0xFE);
        assert_eq!(RAYS[0].up[2], 0x0101_0101_0101_0100);
        assert_eq!(RAYS[0].up[3], 0x8040_2010_0804_0200);
        assert_eq!(RAYS[0].up[1], 0, "no north-west ray from file a");
        assert_eq!(RAYS[0].down, [0; 4]);
        // h8 (63): west = a8..g8, south = h1..h7, south-west = the long diagonal.
        assert_eq!(RAYS[63].down[0], 0x7F00_0000_0000_0000);
        assert_eq!(RAYS[63].down[2], 0x0080_8080_8080_8080);
        assert_eq!(RAYS[63].down[3], 0x0040_2010_0804_0201);
        assert_eq!(RAYS[63].up, [0; 4]);
    }

    #[test]
    fn start_position_moves_and_flips() {
        // Black (to move): e4 (28), d5 (35); White: d4 (27), e5 (36).
        let black = (1 << 28) | (1 << 35);
        let white = (1 << 27) | (1 << 36);
        // d3 (19), c4 (26), f5 (37), e6 (44).
        let expected = (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(moves(black, white), expected);
        assert_eq!(flips(black, white, 19), 1 << 27, "d3 flips d4");
        assert_eq!(flips(black, white, 44), 1 << 36, "e6 flips e5");
        assert_eq!(flips(black, white, 20), 0, "e3 flips nothing");
    }

    #[test]
    fn no_wrap_around_between_h_and_a_files() {
        // Mover on h1 (7), opponent on a2 (8): b2 (9) is not a move along a wrapped "east".
        assert_eq!(moves(1 << 7, 1 << 8), 0);
        // Mover on a2 (8), opponent on h1 (7): g1 (6) is not a move along a wrapped "west".
        assert_eq!(moves(1 << 8, 1 << 7), 0);
        assert_eq!(flips(1 << 7, 1 << 8, 9), 0);
        assert_eq!(flips(1 << 8, 1 << 7, 6), 0);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]

        /// The scalar and the four-lane kernels agree on arbitrary disc patterns
        /// (overlapping bits are given to neither side).
        #[test]
        fn both_flip_kernels_agree_on_random_positions(a: u64, b: u64) {
            let p = a & !b;
            let o = b & !a;
            let empty = !(p | o);
            proptest::prop_assert_eq!(moves(p, o), moves_wide([p; 4], [o; 4]));
            for square in 0..64 {
                if empty >> square & 1 != 0 {
                    proptest::prop_assert_eq!(
                        [flips(p, o, square); 4],
                        flips_wide([p; 4], [o; 4], square)
                    );
                }
            }
        }
    }

    #[test]
    fn run_closed_at_the_edge_and_long_runs() {
        // Row 1: mover a1, opponent b1..g1, h1 empty: h1 flips six discs.
        let p = 1;
        let o = 0x7E;
        assert_eq!(moves(p, o), 0x80);
        assert_eq!(flips(p, o, 7), 0x7E);
        // Opponent run to the edge with no closing disc flips nothing.
        assert_eq!(flips(0, 0x7E, 0), 0);
    }
}

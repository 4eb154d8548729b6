//! Parity: the empty squares of a quadrant with an odd number of empties are tried
//! first near the end (the last move of a region goes to the side that enters it).

/// The four quadrants (files a-d / e-h by ranks 1-4 / 5-8), for parity.
pub(crate) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The empty squares lying in a quadrant with an odd number of empty squares.
#[inline(always)]
pub(crate) fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 != 0 {
            odd |= q;
        }
    }
    odd & empty
}

/// The empty squares of `empty` (exactly `N` of them) in the order the small solvers
/// try them: those in a quadrant with an odd number of empties first, each group in
/// square order.
#[inline(always)]
pub(crate) fn parity_order<const N: usize>(empty: u64) -> [u32; N] {
    let odd = odd_quadrants(empty);
    let mut xs = [0u32; N];
    let mut i = 0;
    for set in [empty & odd, empty & !odd] {
        let mut bits = set;
        while bits != 0 && i < N {
            xs[i] = bits.trailing_zeros();
            i += 1;
            bits &= bits - 1;
        }
    }
    xs
}

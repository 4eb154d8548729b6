//! A fixed pseudo-random sequence for tables built at compile time (Zobrist keys).

/// One step of SplitMix64 (Steele, Lea and Flood, 2014): the state advances by the
/// golden-ratio constant and the output is the new state mixed. Returns
/// `(new state, output)`. A `const fn`, so tables of keys are built by the compiler, the
/// same in every build and on every platform.
///
/// ```
/// // From seed 0, the first output of the reference implementation (the value Java's
/// // SplittableRandom gives).
/// assert_eq!(grid::split_mix64(0).1, 0xE220_A839_7B1D_CDAF);
/// ```
#[must_use]
pub const fn split_mix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

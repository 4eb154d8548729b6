//! The evaluation's weights, in centipawns, by feature index (see [`super::eval`]).
//! Written by `congo-tune tune` (see tools/congo-tune/README.md); hand-set values until
//! the first tuning run.

/// The weight of each feature.
pub(crate) const WEIGHTS: [i32; super::eval::FEATURES] = [
    100, 280, 250, 350, 300, 0, 400, 300, 0, 8, 16, 24, 32, 40, 48, 0, 2, 4, 6, 8, 8, 8, 0, 2, 4,
    6, 8, 8, 8, 0, 2, 4, 6, 8, 8, 8, 0, 2, 4, 6, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 8, 8,
    0, 2, 4, 6, 8, 8, 8, 0, 0, 0, 0, 0, 3, 6, 9, 0, 3, 6, 9, 0, 3, 6, 9, 0, 3, 6, 9, 0, 0, 0, 0, 0,
    3, 6, 9, 0, 3, 6, 9, 2, 3, 4, 4, 4, 5, 3, 4, 8, -12, -200, -25, -60, -10, 10,
];

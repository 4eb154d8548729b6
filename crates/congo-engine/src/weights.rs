//! The evaluation's weights, in centipawns, by feature (the layout: [`super::features`]).
//! Written by `congo-tune tune` (the recipe: tools/congo-tune/README.md).

use crate::features::Weights;

/// The weight of each feature.
pub(crate) const WEIGHTS: Weights = Weights([
    117, 170, 215, 281, 309, 0, 388, 268, 0, -8, -32, -6, 39, 99, 0, -141, -100, -140, -126, -36,
    -125, 18, -25, -34, -2, 25, -81, 84, -35, -51, -21, -5, -2, 46, -5, -100, -4, -15, -7, -40, 38,
    28, 14, 15, -4, -16, 0, 0, 0, 0, 19, -2, -41, -5, 79, 33, -38, 13, -28, -2, -71, -36, -68, 3,
    -30, -14, 26, 31, -19, -91, -18, 34, -11, -8, -33, -7, -76, -27, -1, -4, -9, 2, 8, 20, 0, 0,
    -15, 15, -38, -5, 26, 21, -28, -24, -27, -4, 11, 61, 12, 1, 10, 10, 4, 6, 7, -19, -307, -21,
    -40, -17, 9,
]);

//! The unit of the evaluation and its bounds, shared by the pattern evaluation
//! ([`super::evaluate`]) and the hand-set one (`hand.rs`); re-exported by [`super`].

/// Units of the evaluation per disc of final disc difference: an evaluation of
/// `3 * SCALE` predicts that the side to move ends 3 discs ahead.
pub const SCALE: i32 = 128;

/// The largest magnitude [`evaluate`](super::evaluate) returns: `64 * SCALE - 1`, so
/// that a prediction is always strictly between a wipe-out loss and a wipe-out win.
pub const MAX: i32 = 64 * SCALE - 1;

/// `value` limited to `-MAX..=MAX`.
#[inline]
pub(crate) fn clamp(value: i32) -> i32 {
    value.clamp(-MAX, MAX)
}

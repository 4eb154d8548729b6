//! The bundle size limits: what a judge accepts, and the room every bundle keeps.

/// The largest bundle a judge accepts, in bytes (64 KiB): `check-bundles` fails above it.
pub const MAX_BUNDLE_BYTES: usize = 64 * 1024;

/// The size every bundle keeps below, in bytes (60 KiB), so that the programs can grow
/// before they reach [`MAX_BUNDLE_BYTES`]: the bundler compacts the file until it fits
/// ([`crate::layout::fit`]), and `check-bundles` warns above it.
pub const ROOM_BUNDLE_BYTES: usize = 60 * 1024;

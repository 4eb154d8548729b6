//! GGF games as the NBoard protocol's `set game` carries them: the rules crate's
//! [`reversi::ggf`], re-exported here under the path this crate has always given them.
//! The format, its reading and its writing live there, in one place.
//!
//! ```
//! use reversi_engine::protocol::ggf::GgfGame;
//! let game: GgfGame = "(;GM[Othello]TY[8]B[F5//1.1];)".parse()?;
//! assert_eq!(game.moves[0].seconds, Some(1.1));
//! # Ok::<_, reversi_engine::protocol::ggf::ParseGgfError>(())
//! ```

pub use reversi::ggf::{Clock, GgfGame, MoveItem, ParseGgfError, ParseMoveItemError};

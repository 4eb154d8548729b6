//! Othello games in GGF, the Generic Game Format of the GGS game server (described at
//! <https://skatgame.net/mburo/ggsa/ggf>), which GGS archives, the NBoard GUI's
//! `set game` command and match runners write: read, written and replayed by the rules.
//!
//! A game is `(;` then properties `NAME[value]` then `;)`; in a value, `]` and `\` are
//! escaped with a backslash (`PB[a\]b]` is the name `a]b`). A file or stream holds games
//! one after another, on one line each or across lines ([`read_games`]). The properties
//! read and written here:
//!
//! | property | meaning | field of [`GgfGame`] |
//! |---|---|---|
//! | `GM` | the game, `Othello` (another is refused) | |
//! | `PC`, `DT` | the place (server) and the date, as written | [`GgfGame::place`], [`GgfGame::date`] |
//! | `PB`, `PW` | Black's and White's names | [`GgfGame::black`], [`GgfGame::white`] |
//! | `RE` | the result for Black, as written (`+12.00`, `-64.00:r` resigned, `:t` time out, `:s` agreed score, `?` unknown) | [`GgfGame::result`] |
//! | `TI` | both players' clock: main time (`15:00`, `1:00:00` or seconds), then optionally `/increment/extension` | [`GgfGame::clock`] |
//! | `TY` | the game type: `8` (8x8 board; `8r`, a random start given by `BO`, is the same here; other sizes and the komi, synchro and anti variants are refused) | |
//! | `BO` | the start position: `8`, the 64 squares a1 b1 ... h1 a2 ... h8 as `*` Black, `O` White, `-` empty (white space between them allowed), then `*` or `O` to move; the usual start when missing | [`GgfGame::start`] |
//! | `B`, `W` | a move of Black or White: a square (`F5`, any case) or `PA` (a pass), optionally `/eval` (discs, for the mover) and `/time` (seconds): `B[F5//1.1]`, `W[D6/-2.00/0.52]` | [`GgfGame::moves`] |
//!
//! Other properties (ratings `RB`, `RW`, separate clocks `TB`, `TW`, comments) are
//! skipped on read; komi games (`KB`, `KW`) are refused.
//!
//! ```
//! use reversi::ggf::{GgfGame, MoveItem};
//! use reversi::{Board, Ply};
//!
//! let mut game = GgfGame::new(Board::START);
//! game.black = Some("Anna".to_owned());
//! game.play(MoveItem { ply: "f5".parse()?, eval: Some(0.5), seconds: Some(1.25) })?;
//! game.play(MoveItem::from("d6".parse::<Ply>()?))?;
//! let text = game.to_string();
//! assert_eq!(
//!     text,
//!     "(;GM[Othello]PB[Anna]TY[8]\
//!      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
//!      B[f5/0.5/1.25]W[d6];)"
//! );
//! assert_eq!(GgfGame::parse(&text)?, game);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod game;
mod item;
mod parse;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use game::{Clock, GgfGame};
pub use item::{MoveItem, ParseMoveItemError};
pub use parse::ParseGgfError;
pub use read::{read_games, Games, GgfError, MAX_GAME_BYTES};

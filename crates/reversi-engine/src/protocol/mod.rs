//! The protocols that GUIs and match runners speak to Othello engines: GTP
//! ([`gtp`]) and the NBoard protocol ([`nboard`], whose `set game` carries a game in
//! GGF, [`reversi::ggf`], re-exported as [`ggf`]). Each module reads command lines and
//! writes replies; the sessions answer them with an [`Engine`](crate::Engine).

mod book;
pub mod ggf;
pub mod gtp;
pub mod nboard;
mod session;

pub use book::{SessionBook, LEARN_DEPTH, LEARN_PLIES};
pub use session::{Defaults, Flow, GtpSession, NboardSession, NAME, NBOARD_DEFAULT_DEPTH};

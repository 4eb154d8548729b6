//! The protocols that GUIs and match runners speak to Othello engines: GTP
//! ([`gtp`]) and the NBoard protocol ([`nboard`], whose `set game` carries a game in
//! GGF, [`reversi::ggf`], re-exported as [`ggf`]). Each module reads command lines and
//! writes replies; the sessions answer them with an [`Engine`](crate::Engine).

mod book;
pub mod ggf;
pub mod gtp;
mod gtp_session;
pub mod nboard;
mod nboard_session;
mod session;

pub use book::{SessionBook, BOOK_MARGIN, LEARN_DEPTH, LEARN_PLIES};
pub use gtp_session::GtpSession;
pub use nboard_session::{NboardSession, NBOARD_DEFAULT_DEPTH};
pub use session::{Defaults, Flow, NAME};

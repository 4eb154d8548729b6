//! The engine's sessions of the protocols that GUIs and match runners speak to Othello
//! engines: GTP and the NBoard protocol (whose `set game` carries a game in GGF,
//! [`reversi::ggf`]). Their commands and replies are the `reversi-protocol` crate's
//! (`reversi_protocol::gtp`, `reversi_protocol::nboard`), the one wire format that the
//! engine, the match runner and its test engine share; the sessions answer them with an
//! [`Engine`](crate::Engine).

mod book;
mod gtp_session;
mod nboard_session;
mod session;

pub use book::SessionBook;
#[doc(hidden)]
pub use book::{BOOK_MARGIN, LEARN_DEPTH, LEARN_PLIES};
pub use gtp_session::GtpSession;
pub use nboard_session::NboardSession;
#[doc(hidden)]
pub use nboard_session::NBOARD_DEFAULT_DEPTH;
#[doc(hidden)]
pub use session::NAME;
pub use session::{Defaults, Flow};

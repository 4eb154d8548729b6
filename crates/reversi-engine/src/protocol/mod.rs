//! The protocols that GUIs and match runners speak to Othello engines: GTP
//! ([`gtp`]) and the NBoard protocol ([`nboard`], whose `set game` carries a game in
//! GGF, [`reversi::ggf`]). The two modules are the `reversi-protocol` crate's, the one
//! wire format that the engine, the match runner and its test engine share: they read
//! command lines and write replies (and the other way round); the sessions answer them
//! with an [`Engine`](crate::Engine).

mod book;
#[doc(hidden)]
pub mod ggf;
mod gtp_session;
mod nboard_session;
mod session;

pub use reversi_protocol::{gtp, nboard};

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

//! The protocols that GUIs and match runners speak to Othello engines: GTP
//! ([`gtp`]) and the NBoard protocol ([`nboard`], whose `set game` carries a game in
//! GGF, [`reversi::ggf`]). Each module reads command lines and
//! writes replies; the sessions answer them with an [`Engine`](crate::Engine).

mod book;
#[doc(hidden)]
pub mod ggf;
pub mod gtp;
mod gtp_session;
pub mod nboard;
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

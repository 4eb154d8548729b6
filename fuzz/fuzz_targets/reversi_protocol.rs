//! Fuzz target: `reversi-engine`'s protocol lines never panic, as GTP and as NBoard.
//! Every line goes to a GTP session and to an NBoard session, which search one ply (a
//! small table): a GTP line that is not only a comment gets exactly one response
//! (`=` or `?`, ended by an empty line and holding none), a `?` leaves the board as it
//! was; an NBoard line that does not read, or is refused, writes nothing and leaves the
//! board as it was; and both boards stay ones a game can reach.
//! Input: lines separated by newlines; each input starts both sessions afresh.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_engine::protocol::{Defaults, GtpSession, NboardSession};
use reversi_protocol::gtp;
use reversi_engine::Engine;

const DEFAULTS: Defaults = Defaults { depth: Some(1), nodes: None, move_time: None };

fuzz_target!(|data: &[u8]| {
    let mut gtp_session = GtpSession::new(Engine::with_table_bytes(1 << 16), DEFAULTS);
    let mut nboard_session = NboardSession::new(Engine::with_table_bytes(1 << 16), DEFAULTS);
    for line in data.split(|&b| b == b'\n') {
        let line = match std::str::from_utf8(line) {
            Ok(line) => line,
            Err(_) => continue,
        };
        let before = *gtp_session.board();
        let mut out = Vec::new();
        gtp_session.handle_line(line, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        if gtp::read_line(line).is_none() {
            assert!(out.is_empty());
        } else {
            assert!(out.starts_with('=') || out.starts_with('?'));
            assert!(out.ends_with("\n\n") && !out[..out.len() - 2].contains("\n\n"));
            if out.starts_with('?') {
                assert_eq!(*gtp_session.board(), before);
            }
        }
        assert!(gtp_session.board().validate().is_ok());

        let before = *nboard_session.board();
        let mut out = Vec::new();
        if nboard_session.handle_line(line, &mut out).unwrap().is_err() {
            assert!(out.is_empty());
            assert_eq!(*nboard_session.board(), before);
        }
    }
});

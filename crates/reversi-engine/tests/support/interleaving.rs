//! NBoard sessions with commands arriving during their searches, checked against the
//! protocol's ordering: shared by the property test `nboard_interleaving.rs` and the
//! fuzz target `nboard_interleaving` (`#[path]`-included by both).
//!
//! A script is a list of lines, each marked whether it arrives while the line before it
//! runs (it is then queued on the session's input before that line is handled, as a GUI
//! sends `ping`, `move`, `set game` or `quit` to an engine that thinks). The checks:
//! - every line is handled once, in the script's order (a line that stopped a search is
//!   handled right after it, before any later one);
//! - every `ping N` is answered `pong N`, the pongs in the order of the pings, each after
//!   the answer of the search it interrupted (`===` of a `go`, the final `status` of a
//!   `hint`);
//! - every `go` on a board that is not over answers exactly one `=== MOVE`, a legal move
//!   of the board it searched (`PA` when that board's side must pass), stopped or not;
//! - every `search` line of a `hint` starts with a legal move of its board;
//! - the board stays one a game can reach, and a line the session refuses changes
//!   nothing.

use std::sync::mpsc;

use reversi::Board;
use reversi_engine::protocol::{Defaults, Flow, NboardSession};
use reversi_engine::Engine;
use reversi_protocol::nboard::Command;

/// Searches capped at 4 plies and 20,000 nodes (a `set depth 60` must not run for hours
/// when nothing interrupts it): the fuzz target's and the property test's.
pub const SHORT: Defaults = Defaults {
    depth: Some(4),
    nodes: Some(20_000),
    move_time: None,
};

/// Runs `script` (each line and whether it arrives during the line before it) through an
/// NBoard session and panics when the protocol's order or a move's legality is broken.
/// What a script did: the searches a line stopped, the board at the end, and the
/// transcript (each line handled, `> ` before it, `!` after that when it arrived during
/// the line before, then its answer).
pub struct Outcome {
    pub stopped: usize,
    pub board: Board,
    pub transcript: String,
}

/// The session's searches are capped by `defaults`.
pub fn check_interleaving(script: &[(bool, String)], defaults: Defaults) -> Outcome {
    let mut session = NboardSession::new(Engine::with_table_bytes(1 << 16), defaults);
    let (send, mut incoming) = mpsc::channel::<usize>();
    let mut handled = Vec::new();
    let mut stopped = 0;
    let mut transcript = String::new();
    let mut queued: Option<usize> = None;
    let mut unread = 0;
    loop {
        // The line to handle: the one a search returned, one queued during the line
        // before (its search ended before it was read), or the input's next.
        let at = match queued.take().or_else(|| incoming.try_recv().ok()) {
            Some(at) => at,
            None if unread < script.len() => {
                unread += 1;
                unread - 1
            }
            None => break,
        };
        if unread == at + 1 && unread < script.len() && script[unread].0 {
            // The next line arrives while this one runs.
            send.send(unread).unwrap();
            unread += 1;
        }
        handled.push(at);
        let line = &script[at].1;
        let before = *session.board();
        let mut out = Vec::new();
        let (result, next) = session
            .handle_line_watching(line, &mut out, Some(&mut incoming))
            .unwrap();
        if let Some(next) = next {
            // Only the line queued during this one can stop it.
            assert_eq!(next, at + 1, "{script:?}");
            queued = Some(next);
            stopped += 1;
        }
        let text = String::from_utf8(out).unwrap();
        let mark = if script[at].0 { "!" } else { "" };
        transcript.push_str(&format!("> {mark}{line}\n{text}"));
        check_answer(line, &before, result.is_ok(), &text);
        if result.is_err() {
            assert_eq!(
                *session.board(),
                before,
                "{line:?} refused changed the board"
            );
        }
        assert!(session.board().validate().is_ok());
        if result == Ok(Flow::Quit) {
            break;
        }
    }
    let order: Vec<usize> = (0..handled.len()).collect();
    assert_eq!(handled, order, "{script:?}");
    Outcome {
        stopped,
        board: *session.board(),
        transcript,
    }
}

/// Checks the answer `text` to `line` on the board `before` it (`ok`: not refused).
fn check_answer(line: &str, before: &Board, ok: bool, text: &str) {
    if !ok {
        assert!(text.is_empty(), "{line:?} refused but answered {text:?}");
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    match Command::parse(line) {
        Ok(Command::Ping(n)) => assert_eq!(lines, [format!("pong {n}")]),
        Ok(Command::Go) => {
            let moves: Vec<&str> = lines
                .iter()
                .copied()
                .filter(|l| l.starts_with("=== "))
                .collect();
            assert_eq!(moves.len(), 1, "{line:?}: {text:?}");
            assert_eq!(lines.last(), Some(&moves[0]), "{text:?}");
            let word = moves[0][4..].split('/').next().unwrap().to_lowercase();
            assert!(legal_word(before, &word), "{word} on {before:?}");
        }
        Ok(Command::Hint(_)) => {
            assert_eq!(lines.last(), Some(&"status"), "{text:?}");
            for search in lines.iter().filter(|l| l.starts_with("search ")) {
                let pv = search.split_whitespace().nth(1).unwrap().to_lowercase();
                let first = pv.split('/').next().unwrap().get(..2).unwrap_or("");
                assert!(legal_word(before, first), "{search:?} on {before:?}");
            }
        }
        _ => {}
    }
}

/// Whether `word` (an NBoard move, lower case: a square or `pa`) is legal on `board`.
fn legal_word(board: &Board, word: &str) -> bool {
    match word {
        "pa" => board.must_pass(),
        square => square
            .parse()
            .is_ok_and(|s| board.legal_moves().contains(s)),
    }
}

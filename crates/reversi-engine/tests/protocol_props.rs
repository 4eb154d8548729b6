//! Property tests of the protocol readers and sessions: no line makes them panic, every
//! GTP line gets exactly one well-formed response, and a line answered with an error
//! (GTP `?`, or an ignored NBoard command) changes nothing. GGF games written from random
//! legal games read back to the same board.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use reversi::ggf::GgfGame;
use reversi::{Board, Ply};
use reversi_engine::protocol::{Defaults, GtpSession, NboardSession};
use reversi_engine::Engine;
use reversi_protocol::gtp;
use reversi_protocol::nboard::Command;

/// Searches of one ply and a small table: the properties are about the protocols.
fn engine() -> Engine {
    Engine::with_table_bytes(1 << 16)
}

const DEFAULTS: Defaults = Defaults {
    depth: Some(1),
    nodes: None,
    move_time: None,
};

/// Words GTP and NBoard lines are made of: the commands, their arguments, and junk.
const WORDS: &[&str] = &[
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "boardsize",
    "clear_board",
    "komi",
    "time_settings",
    "time_left",
    "showboard",
    "known_command",
    "list_commands",
    "name",
    "version",
    "protocol_version",
    "b",
    "w",
    "black",
    "white",
    "B",
    "d3",
    "c4",
    "F5",
    "e6",
    "pass",
    "PA",
    "a1",
    "h8",
    "i9",
    "0",
    "1",
    "8",
    "60",
    "-1",
    "0.5",
    "1e9",
    "nan",
    "#",
    "\t",
    "nboard",
    "2",
    "set",
    "depth",
    "contempt",
    "game",
    "move",
    "hint",
    "go",
    "ping",
    "learn",
    "F5/1.5/0.2",
    "d3//",
    "(;GM[Othello]TY[8]B[F5];)",
    "(;",
    ";)",
    "\u{0}",
    "é",
    "quit",
];

/// A line of 0 to 5 words from [`WORDS`], or of arbitrary characters.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => vec(select(WORDS), 0..6).prop_map(|words| words.join(" ")),
        1 => "\\PC{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn gtp_lines_get_one_response_and_errors_change_nothing(lines in vec(line(), 1..30)) {
        let mut session = GtpSession::new(engine(), DEFAULTS);
        for line in &lines {
            if line.split_whitespace().next() == Some("quit") {
                continue;
            }
            let before = *session.board();
            let mut out = Vec::new();
            session.handle_line(line, &mut out).unwrap();
            let out = String::from_utf8(out).unwrap();
            if gtp::read_line(line).is_none() {
                prop_assert_eq!(out, "");
                continue;
            }
            prop_assert!(out.starts_with('=') || out.starts_with('?'), "{:?}: {:?}", line, out);
            prop_assert!(out.ends_with("\n\n"));
            prop_assert!(!out[..out.len() - 2].contains("\n\n"), "{:?}: {:?}", line, out);
            if out.starts_with('?') {
                prop_assert_eq!(*session.board(), before, "{:?}", line);
            }
            session.board().validate().unwrap();
        }
    }

    #[test]
    fn nboard_lines_never_panic_and_ignored_ones_change_nothing(lines in vec(line(), 1..30)) {
        let mut session = NboardSession::new(engine(), DEFAULTS);
        for line in &lines {
            let before = *session.board();
            let mut out = Vec::new();
            let result = session.handle_line(line, &mut out).unwrap();
            // A line that does not read is ignored (a blank one skipped); one that reads
            // may still be refused (an illegal move, `go` on a finished game).
            if Command::parse(line).is_err() && !line.trim().is_empty() {
                prop_assert!(result.is_err(), "{:?}", line);
            }
            if result.is_err() {
                prop_assert!(out.is_empty(), "{:?}", line);
                prop_assert_eq!(*session.board(), before, "{:?}", line);
            }
        }
    }

    #[test]
    fn ggf_games_of_random_legal_games_read_back(
        choices in vec(any::<usize>(), 0..70),
        upper in any::<bool>(),
        leave_out_passes in any::<bool>(),
        cut in any::<prop::sample::Index>(),
        noise in any::<char>(),
    ) {
        let mut board = Board::START;
        let mut props = String::new();
        let mut last_left_out = false;
        for &choice in &choices {
            let Some(ply) = reversi::random::pick(&board, choice) else {
                break;
            };
            let color = if board.side_to_move() == reversi::Color::Black { 'B' } else { 'W' };
            let text = match ply {
                Ply::Move(square) if upper => square.to_string().to_ascii_uppercase(),
                Ply::Move(square) => square.to_string(),
                Ply::Pass => "PA".to_owned(),
            };
            last_left_out = ply == Ply::Pass && leave_out_passes;
            if !last_left_out {
                props.push_str(&format!("{color}[{text}//0.5]"));
            }
            board = board.play_ply(ply).unwrap();
        }
        let text = format!("(;GM[Othello]PC[test]TY[8]TI[5:00]BO[8 {} *]{props};)",
            "---------------------------O*------*O---------------------------");
        let game = GgfGame::parse(&text).unwrap();
        // A last pass left out cannot be known: the board before it is read.
        if last_left_out {
            prop_assert_eq!(game.board_after.pass(), Ok(board));
        } else {
            prop_assert_eq!(game.board_after, board);
        }
        // The same text with one character replaced: an error or a game, never a panic.
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.index(chars.len());
        chars[at] = noise;
        let noisy: String = chars.into_iter().collect();
        if let Ok(game) = GgfGame::parse(&noisy) {
            prop_assert_eq!(game.moves.is_empty(), game.board_after == game.start);
        }
    }
}

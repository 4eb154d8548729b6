//! NBoard commands arriving while the engine searches (`ping`, `move`, `set game`,
//! `hint`, `go`, `quit`, junk), checked against the protocol's order: each line handled
//! once and in order, every `go` answered by one legal `===`, every `ping` by its `pong`
//! after the interrupted search's answer, the board always reachable (the checks are in
//! `support/interleaving.rs`, shared with the fuzz target `nboard_interleaving`).

#[path = "support/interleaving.rs"]
mod interleaving;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use reversi::Board;
use reversi_engine::protocol::Defaults;

/// The lines a GUI sends, some malformed; `go` and `hint` often, so that many lines
/// arrive during a search.
const LINES: &[&str] = &[
    "go",
    "go",
    "hint 3",
    "hint 1",
    "ping 1",
    "ping 2",
    "ping 3",
    "move d3",
    "move c4",
    "move f5/0.5/1.2",
    "move PA",
    "move h8",
    "set depth 2",
    "set depth 60",
    "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[F6]B[E6];)",
    "set game (;GM[Othello]TY[8]BO[8 ---",
    "set contempt 0",
    "learn",
    "nboard 2",
    "quit",
    "",
    "frobnicate",
];

/// A script: each line and whether it arrives while the line before it runs.
fn script() -> impl Strategy<Value = Vec<(bool, String)>> {
    vec(
        (any::<bool>(), select(LINES).prop_map(str::to_owned)),
        1..24,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn commands_during_searches_keep_the_protocols_order(script in script()) {
        interleaving::check_interleaving(&script, interleaving::SHORT);
    }
}

/// Searches long enough for a line sent during them to stop them (a 30-ply search from
/// the start takes hours), capped at 20 M nodes in case one is not.
const LONG: Defaults = Defaults {
    depth: None,
    nodes: Some(20_000_000),
    move_time: None,
};

/// The cases, each once: a `ping`, a `move`, a `set game` and a `quit` sent while
/// a `go` or a `hint` searches 30 plies deep (the line, queued before, stops it within a
/// look at the clock), then a 2-ply `go` on the board as the line left it.
#[test]
fn each_command_during_a_search() {
    let start = Board::START;
    let after = |square: &str| start.play(square.parse().unwrap()).unwrap();
    let mut stopped = 0;
    for search in ["go", "hint 3"] {
        for (during, board) in [
            ("ping 7", start),
            ("move d3", after("d3")),
            ("set game (;GM[Othello]PC[NBoard]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5];)", after("f5")),
            ("quit", start),
        ] {
            let script = [
                (false, "set depth 30".to_owned()),
                (false, search.to_owned()),
                (true, during.to_owned()),
                (false, "set depth 2".to_owned()),
                (false, "go".to_owned()),
            ];
            let outcome = interleaving::check_interleaving(&script, LONG);
            stopped += outcome.stopped;
            assert_eq!(outcome.board, board, "{search} then {during}");
        }
    }
    assert_eq!(
        stopped, 8,
        "every search stopped by the line sent during it"
    );
}

/// A GUI's session with lines sent during searches, pinned: the order of the replies
/// (a stopped `go` still answers `nodestats` and `===` before the `pong` of the ping that
/// stopped it; a stopped `hint` its finished `search` lines, `nodestats` and `status`).
/// What a stopped search had finished depends on the machine's timing: its numbers,
/// moves and `search` lines are redacted. The first searches run to their 2 plies on an
/// empty table and are pinned whole but for their times (after a stopped search, the
/// table holds what it reached, and a 2-ply search may find deeper values there).
#[test]
fn an_interleaved_session_is_pinned() {
    let script: Vec<(bool, String)> = [
        (false, "nboard 2"),
        (false, "set depth 2"),
        (false, "hint 2"),
        (false, "go"),
        (false, "set depth 30"),
        (false, "go"),
        (true, "ping 1"),
        (false, "hint 3"),
        (true, "move d3"),
        (false, "go"),
        (true, "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5];)"),
        (false, "ping 2"),
        (false, "go"),
        (true, "quit"),
    ]
    .into_iter()
    .map(|(during, line)| (during, line.to_owned()))
    .collect();
    let outcome = interleaving::check_interleaving(&script, LONG);
    assert_eq!(outcome.stopped, 4);
    insta::assert_snapshot!(redact_stopped(&outcome.transcript));
}

/// The transcript with what a stopped search answers redacted: its `search` lines and
/// the `status` lines of its iterations left out (how many it finished depends on the
/// machine), its move and evaluation written `MOVE/EVAL`; every `nodestats` and every time
/// (machine-dependent) redacted too. A search is stopped when the next line handled
/// arrived during it (`> !`).
fn redact_stopped(transcript: &str) -> String {
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for line in transcript.lines() {
        if line.starts_with("> ") {
            blocks.push(Vec::new());
        }
        blocks.last_mut().unwrap().push(line);
    }
    let mut out = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        let stopped = blocks
            .get(i + 1)
            .is_some_and(|next| next[0].starts_with("> !"));
        for line in block {
            let words: Vec<&str> = line.split(' ').collect();
            match words[0] {
                "nodestats" => out.push("nodestats N T".to_owned()),
                "search" if stopped => {}
                "status" if stopped && matches!(words.get(1), Some(&"depth" | &"exact")) => {}
                "===" if stopped => out.push("=== MOVE/EVAL/T".to_owned()),
                "===" => {
                    let item = words[1].rsplit_once('/').map_or(words[1], |(rest, _)| rest);
                    out.push(format!("=== {item}/T"));
                }
                _ => out.push((*line).to_owned()),
            }
        }
    }
    out.join("\n")
}

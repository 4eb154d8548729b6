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
            let (stops, end) = interleaving::check_interleaving(&script, LONG);
            stopped += stops;
            assert_eq!(end, board, "{search} then {during}");
        }
    }
    assert_eq!(
        stopped, 8,
        "every search stopped by the line sent during it"
    );
}

//! The one contract of every judge program (README, "The contract"): each answers `--help`
//! and `-h` with its help text (`bins/help/NAME.txt`, linked from the README), and the
//! wording of bad arguments is the judge crate's, also where a game crate words it. The
//! checks every package's programs share are `test_support::contract`'s; the ones about
//! these programs alone are here.

use std::fs;
use std::path::Path;

/// Every program of `bins/`, with its binary.
const PROGRAMS: &[(&str, &str)] = &[
    ("congo-board", env!("CARGO_BIN_EXE_congo-board")),
    ("congo-moves", env!("CARGO_BIN_EXE_congo-moves")),
    ("congo-moves-lion", env!("CARGO_BIN_EXE_congo-moves-lion")),
    ("congo-moves-zebra", env!("CARGO_BIN_EXE_congo-moves-zebra")),
    (
        "congo-moves-giraffe",
        env!("CARGO_BIN_EXE_congo-moves-giraffe"),
    ),
    (
        "congo-moves-elephant",
        env!("CARGO_BIN_EXE_congo-moves-elephant"),
    ),
    ("congo-moves-pawn", env!("CARGO_BIN_EXE_congo-moves-pawn")),
    (
        "congo-moves-superpawn",
        env!("CARGO_BIN_EXE_congo-moves-superpawn"),
    ),
    (
        "congo-moves-monkey",
        env!("CARGO_BIN_EXE_congo-moves-monkey"),
    ),
    (
        "congo-moves-crocodile",
        env!("CARGO_BIN_EXE_congo-moves-crocodile"),
    ),
    ("congo-play", env!("CARGO_BIN_EXE_congo-play")),
    ("congo-eval", env!("CARGO_BIN_EXE_congo-eval")),
    ("congo-minimax", env!("CARGO_BIN_EXE_congo-minimax")),
    (
        "congo-eval-advanced",
        env!("CARGO_BIN_EXE_congo-eval-advanced"),
    ),
    ("congo-alphabeta", env!("CARGO_BIN_EXE_congo-alphabeta")),
    ("congo-engine", env!("CARGO_BIN_EXE_congo-engine")),
    ("congo-checker", env!("CARGO_BIN_EXE_congo-checker")),
    ("congo-perft", env!("CARGO_BIN_EXE_congo-perft")),
    ("reversi-board", env!("CARGO_BIN_EXE_reversi-board")),
    ("reversi-perft", env!("CARGO_BIN_EXE_reversi-perft")),
    ("mobility", env!("CARGO_BIN_EXE_mobility")),
];

test_support::contract_tests!(PROGRAMS);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn congo_option_errors_use_the_judge_wording() {
    use congo_course::text::OptionError;
    assert_eq!(
        OptionError::MissingEdition.to_string(),
        judge::missing("--edition value", "2021 or 2022")
    );
    let text = "2020".to_owned();
    assert_eq!(
        OptionError::UnknownEdition { text: text.clone() }.to_string(),
        judge::bad("--edition value", text.as_bytes(), &"expected 2021 or 2022")
    );
}

#[test]
fn mobility_help_lists_every_named_piece_with_its_betza() {
    let help = fs::read_to_string(root().join("bins/help/mobility.txt")).unwrap();
    let listed: Vec<&str> = help
        .split("Pieces by name (names, then Betza):\n")
        .nth(1)
        .unwrap()
        .lines()
        .collect();
    let expected: Vec<String> = mobility::NAMED_PIECES
        .iter()
        .map(|named| {
            let betza = if named.betza.is_empty() {
                "(no moves)"
            } else {
                named.betza
            };
            format!("  {:<32} {betza}", named.names.join(", "))
        })
        .collect();
    assert_eq!(listed, expected);
}

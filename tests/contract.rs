//! The one contract of every judge program (README, "The contract"): each answers `--help`
//! and `-h` with its help text (`bins/help/NAME.txt`, linked from the README), and the
//! wording of bad arguments is the judge crate's, also where a game crate words it.

use std::fs;
use std::path::Path;
use std::process::Command;

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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_program_prints_its_help_file_for_help_and_h() {
    for &(name, exe) in PROGRAMS {
        let help = fs::read_to_string(root().join(format!("bins/help/{name}.txt"))).unwrap();
        for flag in ["--help", "-h"] {
            // Other arguments, even bad ones, do not matter: the help is asked for.
            let output = Command::new(exe).args(["--x", flag]).output().unwrap();
            assert_eq!(output.status.code(), Some(0), "{name} {flag}");
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                help,
                "{name} {flag}"
            );
            assert!(output.stderr.is_empty(), "{name} {flag}");
        }
    }
}

#[test]
fn every_help_text_has_usage_input_example_output_options_and_exit_statuses() {
    for &(name, _) in PROGRAMS {
        let help = fs::read_to_string(root().join(format!("bins/help/{name}.txt"))).unwrap();
        assert!(help.starts_with(&format!("usage: {name} ")), "{name}");
        for part in [
            "\nInput: ",
            "Example:\n  ",
            "\nOutput: ",
            "\nOptions: ",
            "\nExit status: 0 ",
        ] {
            assert!(help.contains(part), "{name}: no {part:?}");
        }
        // The example: indented lines (input lines, or a command line for the perft tools).
        let example = help.split("Example:\n").nth(1).unwrap();
        let lines = example.lines().take_while(|l| l.starts_with("  ")).count();
        assert!(lines >= 1 && help.contains("-h, --help"), "{name}");
        assert!(
            help.lines().all(|l| l.chars().count() <= 82),
            "{name}: a line over 82"
        );
    }
}

#[test]
fn the_readme_links_every_help_text() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    for &(name, _) in PROGRAMS {
        let link = format!("[`{name}`](bins/help/{name}.txt)");
        assert!(readme.contains(&link), "README has no {link}");
    }
    for entry in fs::read_dir(root().join("bins/help")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.strip_suffix(".txt").unwrap();
        assert!(
            PROGRAMS.iter().any(|&(n, _)| n == name),
            "bins/help/{file} belongs to no program"
        );
    }
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

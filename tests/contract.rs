//! The one contract of every judge program (README, "The contract"): each answers `--help`
//! and `-h` with its help text (`bins/help/NAME.txt`, linked from the README), and the
//! wording of bad arguments is the judge crate's, also where a game crate words it.

use std::fs;
use std::path::Path;
use std::process::Command;

mod common;

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
    ("reversi-solve", env!("CARGO_BIN_EXE_reversi-solve")),
    ("reversi-engine", env!("CARGO_BIN_EXE_reversi-engine")),
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

/// The example of a help text: its indented lines after `Example:`, unindented.
fn example_lines(help: &str) -> Vec<&str> {
    let example = help.split("Example:\n").nth(1).unwrap();
    example
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| &l[2..])
        .collect()
}

/// A command line's words: split at spaces, `'...'` quoting a word with spaces.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (i, part) in command.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_owned());
        } else {
            words.extend(part.split_whitespace().map(str::to_owned));
        }
    }
    words
}

/// The output lines that a help text's `Output:` paragraph shows for its example: the
/// `` `quoted` `` parts of each sentence that says `here`, in order.
fn shown_output(help: &str) -> Vec<String> {
    let output = help.split("\nOutput: ").nth(1).unwrap();
    let output = output.split("\nOptions: ").next().unwrap();
    let mut shown = Vec::new();
    let starts = output.match_indices("here ").map(|(at, _)| at);
    let heres = starts.filter(|&at| at == 0 || !output.as_bytes()[at - 1].is_ascii_alphabetic());
    let heres: Vec<usize> = heres.chain([output.len()]).collect();
    for (i, pair) in heres.windows(2).enumerate() {
        // Up to the next `here` at most.
        let part = &output[pair[0]..pair[1]];
        // The sentence ends at the first `. ` or `.\n` outside quotes.
        let mut sentence = String::new();
        let mut quoted = false;
        let chars: Vec<char> = part.chars().collect();
        for (j, &c) in chars.iter().enumerate() {
            if c == '`' {
                quoted = !quoted;
            }
            let end = !quoted && c == '.' && chars.get(j + 1).map_or(true, |n| n.is_whitespace());
            if end {
                break;
            }
            sentence.push(c);
        }
        let quotes: Vec<String> = sentence
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|q| q.replace('\n', " "))
            .collect();
        assert!(!quotes.is_empty(), "`here` number {i} quotes no output");
        shown.extend(quotes);
    }
    shown
}

#[test]
fn every_help_example_runs_and_prints_what_its_help_shows() {
    for &(name, exe) in PROGRAMS {
        let help = fs::read_to_string(root().join(format!("bins/help/{name}.txt"))).unwrap();
        let example = example_lines(&help);
        // A command line (the perft tools), or the input read on standard input.
        let (args, input) = match example[0].strip_prefix(&format!("{name} ")) {
            Some(command) => (words(command), String::new()),
            None => (
                Vec::new(),
                example.iter().map(|l| format!("{l}\n")).collect(),
            ),
        };
        let output = common::run(
            exe,
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            input.as_bytes(),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
        assert!(stderr.is_empty(), "{name}: {stderr}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        // What the help shows is the output's lines, in order (some left out).
        let mut lines = stdout.lines();
        for shown in shown_output(&help) {
            assert!(
                lines.any(|line| line == shown),
                "{name}: its help shows `{shown}` (in this order), the example prints:\n{stdout}"
            );
        }
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
fn every_option_of_every_usage_line_given_twice_is_refused_in_the_judge_wording() {
    for &(name, exe) in PROGRAMS {
        let help = fs::read_to_string(root().join(format!("bins/help/{name}.txt"))).unwrap();
        let usage = help.lines().next().unwrap();
        let options = usage
            .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
            .filter(|word| word.starts_with("--"));
        for option in options {
            // Without values: the repeat is refused before any value is read.
            let output = Command::new(exe).args([option, option]).output().unwrap();
            assert_eq!(output.status.code(), Some(2), "{name} {option} {option}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            let expected = format!("{name}: {}\n{usage}\n", judge::repeated(option));
            assert!(stderr.starts_with(&expected), "{name}: {stderr}");
            assert!(output.stdout.is_empty(), "{name} {option} {option}");
        }
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

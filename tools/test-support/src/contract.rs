//! The one contract of every program with a help text (README, "The contract"), checked
//! for the programs of one package by its `tests/contract.rs`: each answers `--help` and
//! `-h` with its help text (`bins/help/NAME.txt` of the package, linked from the
//! package's README), the text has the usual parts and an example that runs as shown, and
//! the wording of a repeated option is the judge crate's.
//!
//! Each check takes the package's folder (`env!("CARGO_MANIFEST_DIR")` of the test) and
//! its programs, each a name and its binary (`env!("CARGO_BIN_EXE_NAME")`).

use std::fs;
use std::path::Path;
use std::process::Command;

/// A program: its name and its binary.
pub type Programs<'a> = &'a [(&'a str, &'a str)];

/// The help text of `name`: `<root>/bins/help/<name>.txt`.
fn help_text(root: &Path, name: &str) -> String {
    let path = root.join(format!("bins/help/{name}.txt"));
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each program prints its help file for `--help` and for `-h`, with status 0 and nothing
/// on standard error, whatever the other arguments.
///
/// # Panics
///
/// A program does not.
pub fn every_program_prints_its_help_file_for_help_and_h(root: &str, programs: Programs) {
    let root = Path::new(root);
    for &(name, exe) in programs {
        let help = help_text(root, name);
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

/// Each help text starts with its usage line and has an input paragraph, an example, an
/// output paragraph, options and exit statuses, in lines of at most 82 characters.
///
/// # Panics
///
/// A help text has not.
pub fn every_help_text_has_usage_input_example_output_options_and_exit_statuses(
    root: &str,
    programs: Programs,
) {
    let root = Path::new(root);
    for &(name, _) in programs {
        let help = help_text(root, name);
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

/// The output lines that a help text's `Output:` paragraph (up to `Options:` or `Exit
/// status:`) shows for its example: the `` `quoted` `` parts of each sentence that says
/// `here`, in order.
fn shown_output(help: &str) -> Vec<String> {
    let output = help.split("\nOutput: ").nth(1).unwrap();
    let output = output.split("\nOptions: ").next().unwrap();
    let output = output.split("\nExit status: ").next().unwrap();
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
            let end = !quoted && c == '.' && chars.get(j + 1).is_none_or(|n| n.is_whitespace());
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

/// Each help text's example runs (status 0, nothing on standard error) and prints the
/// lines its `Output:` paragraph shows, in order.
///
/// # Panics
///
/// An example does not.
pub fn every_help_example_runs_and_prints_what_its_help_shows(root: &str, programs: Programs) {
    let root = Path::new(root);
    for &(name, exe) in programs {
        help_example_runs_and_prints_what_it_shows(name, exe, &help_text(root, name));
    }
}

/// The example of the help text `help` of the program `name` (binary `exe`) runs (status
/// 0, nothing on standard error) and prints the lines its `Output:` paragraph shows, in
/// order: the check of [`every_help_example_runs_and_prints_what_its_help_shows`] for a
/// help text that is no file of `bins/help/` (a program whose `--help` clap writes).
///
/// # Panics
///
/// The example does not.
pub fn help_example_runs_and_prints_what_it_shows(name: &str, exe: &str, help: &str) {
    let example = example_lines(help);
    // A command line (the perft tools), or the input read on standard input.
    let (args, input) = match example[0].strip_prefix(&format!("{name} ")) {
        Some(command) => (words(command), String::new()),
        None => (
            Vec::new(),
            example.iter().map(|l| format!("{l}\n")).collect(),
        ),
    };
    let output = crate::run(
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
    for shown in shown_output(help) {
        assert!(
            lines.any(|line| line == shown),
            "{name}: its help shows `{shown}` (in this order), the example prints:\n{stdout}"
        );
    }
}

/// The package's README links each program's help text, and each file of `bins/help/` is
/// a program's.
///
/// # Panics
///
/// A link is missing, or a help file belongs to no program.
pub fn the_readme_links_every_help_text(root: &str, programs: Programs) {
    let root = Path::new(root);
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    for &(name, _) in programs {
        let link = format!("[`{name}`](bins/help/{name}.txt)");
        assert!(readme.contains(&link), "README has no {link}");
    }
    for entry in fs::read_dir(root.join("bins/help")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.strip_suffix(".txt").unwrap();
        assert!(
            programs.iter().any(|&(n, _)| n == name),
            "bins/help/{file} belongs to no program"
        );
    }
}

/// Each option of each usage line, given twice, is refused (status 2, nothing on standard
/// output) in the judge crate's wording, before any value is read.
///
/// # Panics
///
/// A program does not.
pub fn every_option_of_every_usage_line_given_twice_is_refused_in_the_judge_wording(
    root: &str,
    programs: Programs,
) {
    let root = Path::new(root);
    for &(name, exe) in programs {
        let help = help_text(root, name);
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

/// The contract's tests for the programs of the package whose `tests/contract.rs` writes
/// `contract_tests!(PROGRAMS);`, `PROGRAMS` its programs with their binaries: one
/// `#[test]` per check of this module, each named like its function.
#[macro_export]
macro_rules! contract_tests {
    ($programs:expr) => {
        #[test]
        fn every_program_prints_its_help_file_for_help_and_h() {
            $crate::contract::every_program_prints_its_help_file_for_help_and_h(
                env!("CARGO_MANIFEST_DIR"),
                $programs,
            );
        }

        #[test]
        fn every_help_text_has_usage_input_example_output_options_and_exit_statuses() {
            $crate::contract::every_help_text_has_usage_input_example_output_options_and_exit_statuses(
                env!("CARGO_MANIFEST_DIR"),
                $programs,
            );
        }

        #[test]
        fn every_help_example_runs_and_prints_what_its_help_shows() {
            $crate::contract::every_help_example_runs_and_prints_what_its_help_shows(
                env!("CARGO_MANIFEST_DIR"),
                $programs,
            );
        }

        #[test]
        fn the_readme_links_every_help_text() {
            $crate::contract::the_readme_links_every_help_text(
                env!("CARGO_MANIFEST_DIR"),
                $programs,
            );
        }

        #[test]
        fn every_option_of_every_usage_line_given_twice_is_refused_in_the_judge_wording() {
            $crate::contract::every_option_of_every_usage_line_given_twice_is_refused_in_the_judge_wording(
                env!("CARGO_MANIFEST_DIR"),
                $programs,
            );
        }
    };
}

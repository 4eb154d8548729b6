//! The command line of the four programs, one style (clap): each answers `--help` (the
//! long help: clap's usage and options, then the program's `bins/help/NAME.txt`, its
//! input, example, output and exit statuses, linked from this package's README) and
//! `-h` (the summary), and `--version` (`-V`), pinned by insta snapshots; each help
//! example runs as shown; a repeated option is refused (exit status 2), as before; bad
//! values name what was expected; tables beyond the memory the system gives are an
//! error, not an abort.

use std::path::Path;
use std::process::{Command, Output};

/// The programs of `bins/` whose help has a help file, with their binaries.
const PROGRAMS: &[(&str, &str)] = &[
    ("reversi-solve", env!("CARGO_BIN_EXE_reversi-solve")),
    ("reversi-engine", env!("CARGO_BIN_EXE_reversi-engine")),
    ("reversi-analyse", env!("CARGO_BIN_EXE_reversi-analyse")),
];

/// Every program of `bins/`: those above and `reversi-book` (clap subcommands, no help
/// file).
const ALL: &[(&str, &str)] = &[
    PROGRAMS[0],
    PROGRAMS[1],
    PROGRAMS[2],
    ("reversi-book", env!("CARGO_BIN_EXE_reversi-book")),
];

/// The program `exe` run with `args` and no input, without colours whatever the
/// environment says.
fn run(exe: &str, args: &[&str]) -> Output {
    Command::new(exe)
        .args(args)
        .env_remove("CLICOLOR_FORCE")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// The standard output of `exe ARGS`, which must succeed with nothing on standard
/// error.
fn succeeds(name: &str, exe: &str, args: &[&str]) -> String {
    let output = run(exe, args);
    assert_eq!(output.status.code(), Some(0), "{name} {args:?}");
    assert!(output.stderr.is_empty(), "{name} {args:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The help file of `name`: `bins/help/NAME.txt`.
fn help_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("bins/help/{name}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Pins `text` as the snapshot `tests/snapshots/NAME.snap`.
fn pin(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => "snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name.to_owned(), text);
    });
}

/// `--help` of every program is pinned; each of the three with a help file prints it
/// last, whole (after clap's usage and options), and `-h` prints the summary: the same
/// first lines and usage, without the help file.
#[test]
fn every_program_prints_its_help_for_help_and_h() {
    for &(name, exe) in ALL {
        let long = succeeds(name, exe, &["--help"]);
        pin(&format!("help__{name}"), &long);
        let short = succeeds(name, exe, &["-h"]);
        assert!(short.len() <= long.len(), "{name}: -h is the summary");
        let first = long.lines().next().unwrap();
        assert_eq!(short.lines().next(), Some(first), "{name}");
        assert!(short.contains(&format!("Usage: {name} ")), "{name}");
        if PROGRAMS.iter().any(|&(n, _)| n == name) {
            let file = help_file(name);
            assert!(
                long.ends_with(&format!("\n\n{file}")),
                "{name}: --help ends with the file"
            );
            assert!(!short.contains(&file) && short.len() < long.len(), "{name}");
        }
    }
}

/// `--version` and `-V` print the name and Cargo's version, pinned.
#[test]
fn every_program_prints_its_version() {
    let mut versions = String::new();
    for &(name, exe) in ALL {
        let version = succeeds(name, exe, &["--version"]);
        assert_eq!(version, format!("{name} {}\n", env!("CARGO_PKG_VERSION")));
        assert_eq!(succeeds(name, exe, &["-V"]), version, "{name}");
        versions.push_str(&version);
    }
    pin("version", &versions);
}

/// Each help file has an input paragraph, an example, an output paragraph and the exit
/// statuses, in lines of at most 82 characters (clap adds the usage and the options).
#[test]
fn every_help_file_has_input_example_output_and_exit_statuses() {
    for &(name, _) in PROGRAMS {
        let help = help_file(name);
        assert!(help.starts_with("Input: "), "{name}");
        for part in ["Example:\n  ", "\nOutput: ", "\nExit status: 0 "] {
            assert!(help.contains(part), "{name}: no {part:?}");
        }
        assert!(help.contains("2 bad command line"), "{name}");
        assert!(
            help.lines().all(|l| l.chars().count() <= 82),
            "{name}: a line over 82"
        );
    }
}

/// Each help example runs (status 0, nothing on standard error) and prints the lines its
/// `Output:` paragraph shows, in order.
#[test]
fn every_help_example_runs_and_prints_what_its_help_shows() {
    for &(name, exe) in PROGRAMS {
        test_support::contract::help_example_runs_and_prints_what_it_shows(
            name,
            exe,
            &help_file(name),
        );
    }
}

/// The README links each program's help file, and each file of `bins/help/` is a
/// program's.
#[test]
fn the_readme_links_every_help_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for &(name, _) in PROGRAMS {
        let link = format!("[`{name}`](bins/help/{name}.txt)");
        assert!(readme.contains(&link), "README has no {link}");
    }
    for entry in std::fs::read_dir(root.join("bins/help")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.strip_suffix(".txt").unwrap();
        assert!(
            PROGRAMS.iter().any(|&(n, _)| n == name),
            "bins/help/{file} belongs to no program"
        );
    }
}

/// The options of a `-h` summary: each long name, and whether it takes a value.
fn options(short_help: &str) -> Vec<(String, bool)> {
    short_help
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("--"))
        .map(|rest| {
            let spec = rest.split("  ").next().unwrap();
            let name = spec.split(' ').next().unwrap();
            (format!("--{name}"), spec.contains('<'))
        })
        .filter(|(name, _)| name != "--help" && name != "--version")
        .collect()
}

/// Every option of every program's `-h`, given twice (with a good value when it takes
/// one), is refused: exit status 2, nothing on standard output, clap's `cannot be used
/// multiple times`, before anything is read. (The judge crate refused them too, in its
/// own words.)
#[test]
fn every_option_given_twice_is_refused() {
    for &(name, exe) in PROGRAMS {
        let options = options(&succeeds(name, exe, &["-h"]));
        assert!(options.len() >= 5, "{name}: {options:?}");
        for (option, takes_value) in options {
            let once: &[&str] = if takes_value {
                &[&option, "1"]
            } else {
                &[&option]
            };
            let output = run(exe, &[once, once].concat());
            assert_eq!(output.status.code(), Some(2), "{name} {option} twice");
            assert!(output.stdout.is_empty(), "{name} {option} twice");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.starts_with(&format!("error: the argument '{option}"))
                    && stderr.contains("' cannot be used multiple times\n"),
                "{name}: {stderr}"
            );
        }
    }
}

/// A bad value of a shared option is refused by every program that takes it in the
/// same words: exit status 2, the value, the option and what was expected.
#[test]
fn the_shared_options_take_the_same_values_everywhere() {
    let book = ALL[3].1;
    for (option, bad, expected) in [
        ("--threads", "0", "a number of threads from 1 to 256"),
        ("--threads", "257", "a number of threads from 1 to 256"),
        ("--table-mib", "65537", "a number of MiB from 1 to 65536"),
        ("--depth", "61", "a depth from 1 to 60"),
        ("--time", "0", "seconds above 0, at most 86400"),
    ] {
        let mut runs: Vec<(&str, Vec<&str>)> = PROGRAMS
            .iter()
            .filter(|&&(name, _)| {
                name != "reversi-solve" || !matches!(option, "--depth" | "--time")
            })
            .map(|&(_, exe)| (exe, vec![option, bad]))
            .collect();
        if option == "--threads" || option == "--table-mib" {
            runs.push((book, vec!["build", "--out", "never.book", option, bad]));
        }
        for (exe, args) in runs {
            let output = run(exe, &args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{exe} {args:?}: {stderr}");
            let words = format!("error: invalid value '{bad}' for '{option} <");
            assert!(
                stderr.starts_with(&words) && stderr.contains(&format!(": expected {expected}\n")),
                "{exe} {args:?}: {stderr}"
            );
        }
    }
}

/// Tables beyond the memory the system gives (here an address-space limit of about
/// 1 GB, set by the shell's `ulimit -v`) are an error naming `--table-mib` and the bytes
/// asked for, exit status 1, nothing answered: not an abort. Each program asks for one
/// table of the whole budget.
#[cfg(target_os = "linux")]
#[test]
fn tables_beyond_the_memory_limit_are_an_error() {
    use std::io::Write;
    for (name, exe, input, bytes) in [
        ("reversi-engine", PROGRAMS[1].1, "genmove b\n", 1u64 << 32),
        (
            "reversi-solve",
            PROGRAMS[0].1,
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n",
            1 << 32,
        ),
        ("reversi-analyse", PROGRAMS[2].1, "f5d6\n", 1 << 32),
    ] {
        let mut child = test_support::spawn_piped(Command::new("sh").args([
            "-c",
            "ulimit -v 1000000 && exec \"$0\" --table-mib 4096",
            exe,
        ]));
        // The program may end before it reads: a closed pipe is not this test's failure.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}");
        assert_eq!(
            stderr,
            format!("error: --table-mib 4096: cannot allocate {bytes} bytes for a transposition table\n"),
            "{name}"
        );
    }
}

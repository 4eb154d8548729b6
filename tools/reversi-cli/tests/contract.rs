//! The contract of the engine programs (the root README, "The contract"), as every judge
//! program keeps it: each answers `--help` and `-h` with its help text
//! (`bins/help/NAME.txt`, linked from this package's README), and refuses a repeated
//! option in the judge crate's wording (the checks are `test_support::contract`'s).

/// Every program of `bins/`, with its binary.
const PROGRAMS: &[(&str, &str)] = &[
    ("reversi-solve", env!("CARGO_BIN_EXE_reversi-solve")),
    ("reversi-engine", env!("CARGO_BIN_EXE_reversi-engine")),
    ("reversi-analyse", env!("CARGO_BIN_EXE_reversi-analyse")),
];

test_support::contract_tests!(PROGRAMS);

/// Tables beyond the memory the system gives (here an address-space limit of about
/// 1 GB, set by the shell's `ulimit -v`) are an error naming `--table-mib` and the bytes
/// asked for, exit status 1, nothing answered: not an abort. Both programs ask for one
/// table of the whole budget.
#[cfg(target_os = "linux")]
#[test]
fn tables_beyond_the_memory_limit_are_an_error() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for (name, exe, input, bytes) in [
        ("reversi-engine", PROGRAMS[1].1, "genmove b\n", 1u64 << 32),
        (
            "reversi-solve",
            PROGRAMS[0].1,
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n",
            1 << 32,
        ),
    ] {
        let mut child = Command::new("sh")
            .args([
                "-c",
                "ulimit -v 1000000 && exec \"$0\" --table-mib 4096",
                exe,
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
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

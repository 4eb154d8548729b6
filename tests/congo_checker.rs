//! `congo-checker` answers every non-blank input line with exactly one output line,
//! whatever the bytes (a runner waiting for an answer never hangs), and never panics
//! (proptest: a failing input is shrunk before it is reported).

use proptest::prelude::*;

const CHECKER: &str = env!("CARGO_BIN_EXE_congo-checker");

/// The number of lines the checker must answer: lines split at `\n` (a final `\r`
/// stripped, a byte-order mark at the start skipped), not counting blank ones (valid
/// UTF-8 that `str::trim` empties).
fn answered_lines(input: &[u8]) -> usize {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last() == Some(&&b""[..]) {
        lines.pop();
    }
    lines
        .iter()
        .filter(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            !matches!(std::str::from_utf8(line), Ok(text) if text.trim().is_empty())
        })
        .count()
}

/// Random checker inputs: noise, command-alphabet soup, or good commands corrupted.
fn inputs() -> impl Strategy<Value = Vec<u8>> {
    test_support::noisy_input(
        3,
        300,
        b"movesnxt pPsSgGmMeElLcCzZ0123456789/ wWbBabcdefg\r\n\t",
        b"moves gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nnext 3l3/7/7/7/7/7/3LZ2 w 0 d1d2\n\nmoves 3l3/7/7/7/7/7/3L3 b 4\nnext 2el3/1P5/7/7/7/7/3L3 w 0 b6c7\n",
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn one_answer_line_per_command_line(input in inputs()) {
        let output = test_support::run(CHECKER, &[], &input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert!(
            matches!(output.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
            "status {:?}, stderr {}", output.status, stderr
        );
        let answers = output.stdout.iter().filter(|&&b| b == b'\n').count();
        prop_assert_eq!(answers, answered_lines(&input));
        prop_assert!(output.stdout.is_empty() || output.stdout.ends_with(b"\n"));
        // Each bad line is reported once, and only a bad line makes the status 1.
        let reported = stderr.lines().count();
        prop_assert_eq!(output.status.code() == Some(1), reported > 0);
    }
}

#[test]
fn the_counting_rule() {
    assert_eq!(
        answered_lines(b"\xEF\xBB\xBFmoves x\r\n \n\t\r\nnext\n\xFF\nlast"),
        4
    );
    assert_eq!(answered_lines(b""), 0);
    assert_eq!(answered_lines(b"\n\n"), 0);
}

//! The `mobility` judge program on deterministic pseudo-random input: it never panics,
//! exits with status 1 exactly when some line is bad, reports each bad line, and answers
//! the good lines exactly as if the bad ones were absent.

use std::process::Output;

use test_support::Rng;

const EXE: &str = env!("CARGO_BIN_EXE_mobility");

/// Runs `mobility` with `args` on `input`.
fn run(args: &[&str], input: &[u8]) -> Output {
    test_support::run(EXE, args, input)
}

const GOOD: &[&str] = &[
    "N",
    "B",
    "QN",
    "fsW",
    "hrN",
    "R4",
    "NN",
    "once",
    "once (1, 2) (2, 1)",
    "repeated(1,1)(-1,-1) once (0, 1)",
    "  K  ",
    "cN",
    "pR",
    "mRcpR",
    "mafsmafW",
    "fmWfceFifmnD",
    "amazon",
    "Janggi elephant",
    "(1,4)",
];

const BAD: &[&str] = &[
    "xR",
    "jR",
    "mafmabW",
    "unicorn",
    "(1,4",
    "X",
    "once (0, 0)",
    "once (1, 2",
    "hN",
    "N3x",
    "repeated (99999999999, 1)",
    "once once",
    "fc",
    "NN2",
    "\u{e9}",
];

#[test]
fn bad_lines_do_not_change_the_good_answers() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let modes: &[&[&str]] = &[
        &[],
        &["--strength"],
        &["--groups", "--board", "5x7"],
        &["--table", "--board", "4x3"],
        &["--moves", "c3"],
        &["--board", "26x26"],
        &["--initial", "--strength"],
    ];
    for round in 0..24 {
        let args = modes[round % modes.len()];
        let mut mixed = Vec::new();
        let mut good_only = Vec::new();
        let mut bad_lines = Vec::new();
        for number in 1..=12 {
            if rng.next() % 3 == 0 {
                let bad = rng.pick(BAD);
                mixed.extend_from_slice(bad.as_bytes());
                bad_lines.push(number);
            } else if rng.next() % 7 == 0 {
                // A blank line is skipped, not an error.
                mixed.extend_from_slice(b"  \r");
            } else {
                let good = rng.pick(GOOD);
                mixed.extend_from_slice(good.as_bytes());
                good_only.extend_from_slice(good.as_bytes());
                good_only.push(b'\n');
            }
            mixed.push(b'\n');
        }
        let got = run(args, &mixed);
        let expected = run(args, &good_only);
        assert_eq!(expected.status.code(), Some(0), "{args:?}");
        assert_eq!(got.stdout, expected.stdout, "{args:?} on {mixed:?}");
        let stderr = String::from_utf8(got.stderr).unwrap();
        let reported: Vec<usize> = stderr
            .lines()
            .map(|l| {
                let rest = l.strip_prefix("line ").unwrap();
                rest[..rest.find(':').unwrap()].parse().unwrap()
            })
            .collect();
        assert_eq!(reported, bad_lines, "{stderr}");
        let status = if bad_lines.is_empty() { 0 } else { 1 };
        assert_eq!(got.status.code(), Some(status));
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0xFEED_FACE_CAFE_BEEF);
    let alphabet = b"oncerpatd (),-+0123456789fblrvshmcWFDNAHCLZJGKRBQX\n\r\t\xff\xc3\xa9";
    for round in 0..40 {
        let len = (rng.next() % 400) as usize;
        let input: Vec<u8> = (0..len)
            .map(|_| {
                if round % 4 == 0 {
                    (rng.next() % 256) as u8
                } else {
                    alphabet[(rng.next() % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        let output = run(&["--board", "9x11"], &input);
        let code = output.status.code();
        assert!(matches!(code, Some(0 | 1)), "status {code:?} on {input:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.lines().all(|l| l.starts_with("line ")), "{stderr}");
    }
}

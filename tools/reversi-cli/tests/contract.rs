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

//! The one wording of bad values and arguments, shared by the command line ([`crate::Program`])
//! and the case loops: [`unknown`], [`missing`], [`bad`], [`repeated`].

use std::fmt::Display;

/// The message of an argument no option takes: the one wording of every program.
///
/// ```
/// assert_eq!(judge::unknown("--x"), "unknown argument \"--x\"");
/// ```
#[must_use]
pub fn unknown(argument: &str) -> String {
    format!(
        "unknown argument \"{}\"",
        grid::excerpt(argument.as_bytes())
    )
}

/// The message of something missing (an argument, an option's value, a count): `what`
/// names it, `expected` says what it must look like.
///
/// ```
/// assert_eq!(
///     judge::missing("--edition value", "2021 or 2022"),
///     "missing --edition value: expected 2021 or 2022"
/// );
/// ```
#[must_use]
pub fn missing(what: &str, expected: &str) -> String {
    format!("missing {what}: expected {expected}")
}

/// The message of a bad value (an argument, an option's value, an input field): `what`
/// names it, `text` is what was given (shown escaped, at most 40 characters), `reason`
/// says why it is wrong or what it must look like (`expected ...`).
///
/// ```
/// assert_eq!(
///     judge::bad("DEPTH", b"x", &"expected a number from 0 to 60"),
///     "bad DEPTH \"x\": expected a number from 0 to 60"
/// );
/// ```
#[must_use]
pub fn bad(what: &str, text: &[u8], reason: &dyn Display) -> String {
    format!("bad {what} \"{}\": {reason}", grid::excerpt(text))
}

/// The message of an option given more than once (`option` as written, without any
/// `=value`): the one wording of every program, which [`Program::parse`](crate::Program::parse)
/// reports before the program's options are read.
///
/// ```
/// assert_eq!(judge::repeated("--board"), "option --board given twice");
/// ```
#[must_use]
pub fn repeated(option: &str) -> String {
    format!("option {} given twice", grid::excerpt(option.as_bytes()))
}

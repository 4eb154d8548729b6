//! The command line: a program's name and synopsis ([`Program`]), its arguments parsed
//! before any input is read, and one wording for bad arguments ([`UsageError`]), printed
//! with the usage line and exit status 2.

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::{Exit, Failure};

/// What is wrong with a command line; printed as `<program>: <error>` and the usage line.
///
/// ```
/// use judge::UsageError;
/// assert_eq!(UsageError::UnknownArgument("--fast".into()).to_string(), "unknown argument \"--fast\"");
/// let missing = UsageError::MissingValue { option: "--edition".into(), expected: "2021 or 2022".into() };
/// assert_eq!(missing.to_string(), "--edition needs a value (2021 or 2022)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UsageError {
    /// An argument the program does not take.
    #[error("unknown argument {0:?}")]
    UnknownArgument(String),
    /// An option given without its value; `expected` says what values it takes.
    #[error("{option} needs a value ({expected})")]
    MissingValue {
        /// The option, such as `--edition`.
        option: String,
        /// The values it takes, such as `2021 or 2022`.
        expected: String,
    },
    /// An argument that is not valid UTF-8.
    #[error("arguments must be valid UTF-8")]
    NotUtf8,
    /// Any other problem, in the program's words.
    #[error("{0}")]
    Other(String),
}

impl UsageError {
    /// A problem in the program's own words (a bad value, a missing operand...).
    ///
    /// ```
    /// use judge::UsageError;
    /// assert_eq!(UsageError::new("missing DEPTH").to_string(), "missing DEPTH");
    /// ```
    pub fn new(message: impl Display) -> UsageError {
        UsageError::Other(message.to_string())
    }
}

/// A judge program's identity on the command line: its name (the first word of its
/// messages) and its synopsis (what follows `usage: NAME`).
///
/// Every program parses its arguments through [`Program::run`] (or [`Program::parse`]),
/// so options every program shares (such as a future `--help`) are added there, once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Program {
    name: &'static str,
    synopsis: &'static str,
}

impl Program {
    /// The program `name`, whose usage line is `usage: <name> <synopsis>`.
    ///
    /// ```
    /// use judge::Program;
    /// let program = Program::new("congo-eval", "[--edition 2021|2022] < input");
    /// assert_eq!(program.name(), "congo-eval");
    /// assert_eq!(program.usage(), "usage: congo-eval [--edition 2021|2022] < input");
    /// ```
    #[must_use]
    pub const fn new(name: &'static str, synopsis: &'static str) -> Program {
        Program { name, synopsis }
    }

    /// The program's name.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The usage line(s): `usage: <name> <synopsis>`.
    #[must_use]
    pub fn usage(&self) -> String {
        format!("usage: {} {}", self.name, self.synopsis)
    }

    /// Parses `args` (the arguments after the program's name) with `options`, which
    /// returns its value and the arguments it did not take; any of those is an
    /// [`UsageError::UnknownArgument`] (the first one is named).
    ///
    /// # Errors
    ///
    /// [`UsageError::NotUtf8`] for an argument that is not UTF-8, the error of `options`
    /// (as [`UsageError::Other`]), or an unknown argument.
    ///
    /// ```
    /// use judge::{Program, UsageError};
    /// let program = Program::new("demo", "[--twice] < input");
    /// let twice = |args: Vec<String>| -> Result<_, UsageError> {
    ///     let (flag, rest): (Vec<_>, Vec<_>) = args.into_iter().partition(|a| a == "--twice");
    ///     Ok((!flag.is_empty(), rest))
    /// };
    /// assert_eq!(program.parse(["--twice"].map(Into::into), twice), Ok(true));
    /// assert_eq!(
    ///     program.parse(["-x"].map(Into::into), twice),
    ///     Err(UsageError::UnknownArgument("-x".into()))
    /// );
    /// ```
    pub fn parse<T, E: Display>(
        &self,
        args: impl IntoIterator<Item = OsString>,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
    ) -> Result<T, UsageError> {
        let args = args
            .into_iter()
            .map(OsString::into_string)
            .collect::<Result<Vec<String>, _>>()
            .map_err(|_| UsageError::NotUtf8)?;
        let (value, rest) = options(args).map_err(UsageError::new)?;
        match rest.into_iter().next() {
            Some(unknown) => Err(UsageError::UnknownArgument(unknown)),
            None => Ok(value),
        }
    }

    /// The whole `main` of a judge program: parses the command line with `options` (see
    /// [`Program::parse`]), then runs `body` with its value. A bad command line prints
    /// `<name>: <error>` and the usage on standard error, and nothing is read; its exit
    /// status is 2 ([`Exit::Usage`]).
    pub fn run<T, E: Display>(
        &self,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
        body: impl FnOnce(T) -> Exit,
    ) -> ExitCode {
        match self.parse(std::env::args_os().skip(1), options) {
            Ok(value) => body(value),
            Err(error) => self.usage_error(&error),
        }
        .into()
    }

    /// The whole `main` of a judge program whose input is a case count then cases of `L`
    /// lines: [`Program::run`] with [`cases`](crate::cases) as the body, `answer` getting
    /// the value of the options first. An error of `answer` is a [`Failure`] (any other
    /// error is one of the case's first line).
    pub fn cases<T, E, X, F, const L: usize>(
        &self,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
        mut answer: F,
    ) -> ExitCode
    where
        E: Display,
        X: Into<Failure>,
        F: FnMut(&T, [&[u8]; L], &mut Vec<u8>, usize) -> Result<(), X>,
    {
        self.run(options, |value| {
            crate::cases(|lines, out, answered| {
                answer(&value, lines, out, answered).map_err(Into::into)
            })
        })
    }

    /// Prints `<name>: <message>` and the usage on standard error; [`Exit::Usage`].
    pub fn usage_error(&self, message: &dyn Display) -> Exit {
        self.print_error(&format!("{message}\n{}", self.usage()))
    }

    /// Prints `<name>: <message>` on standard error, without the usage (the arguments
    /// were well formed, but one names something that cannot be used, such as a bad
    /// position); [`Exit::Usage`].
    pub fn error(&self, message: &dyn Display) -> Exit {
        self.print_error(message)
    }

    fn print_error(&self, message: &dyn Display) -> Exit {
        let stderr = io::stderr();
        let _ = writeln!(stderr.lock(), "{}: {message}", self.name);
        Exit::Usage
    }
}

//! The command line: a program's name and help text ([`Program`]), its arguments parsed
//! before any input is read, `--help`, and one wording for bad arguments
//! ([`unknown`], [`missing`], [`bad`]), printed with the usage line and exit status 2.

use std::ffi::OsString;
use std::fmt::Display;
use std::process::ExitCode;

use crate::{Exit, Failure};

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

/// A judge program's identity on the command line: its name (the first word of its
/// usage messages) and its help text, whose first line is the usage line
/// (`usage: NAME ...`).
///
/// Every program parses its arguments through [`Program::run`] (or [`Program::parse`]):
/// `--help` and `-h` print the help text on standard output (exit status 0), anything
/// else not taken by the program's options is an [`unknown`] argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    name: &'static str,
    help: &'static str,
}

/// What [`Program::parse`] found on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed<T> {
    /// `--help` or `-h`: print the help text.
    Help,
    /// The options' value: run the program.
    Run(T),
}

impl Program {
    /// The program `name` with its `help` text (first line: the usage line).
    ///
    /// ```
    /// use judge::Program;
    /// let program = Program::new("demo", "usage: demo [--twice] < input\nDoubles.\n");
    /// assert_eq!(program.name(), "demo");
    /// assert_eq!(program.usage(), "usage: demo [--twice] < input");
    /// ```
    #[must_use]
    pub const fn new(name: &'static str, help: &'static str) -> Program {
        Program { name, help }
    }

    /// The program's name.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The whole help text, as `--help` prints it.
    #[must_use]
    pub const fn help(&self) -> &'static str {
        self.help
    }

    /// The usage line: the help text's first line.
    #[must_use]
    pub fn usage(&self) -> &'static str {
        self.help.lines().next().unwrap_or("")
    }

    /// Parses `args` (the arguments after the program's name): [`Parsed::Help`] if one
    /// is `--help` or `-h`, else the value of `options`, which returns it and the
    /// arguments it did not take; any of those is an [`unknown`] argument (the first one
    /// is named).
    ///
    /// # Errors
    ///
    /// An argument that is not UTF-8, the error of `options`, or an unknown argument.
    ///
    /// ```
    /// use judge::{Parsed, Program};
    /// let program = Program::new("demo", "usage: demo [--twice] < input\n");
    /// let twice = |args: Vec<String>| -> Result<_, String> {
    ///     let (flag, rest): (Vec<_>, Vec<_>) = args.into_iter().partition(|a| a == "--twice");
    ///     Ok((!flag.is_empty(), rest))
    /// };
    /// assert_eq!(program.parse(["--twice"].map(Into::into), twice), Ok(Parsed::Run(true)));
    /// assert_eq!(program.parse(["-x", "-h"].map(Into::into), twice), Ok(Parsed::Help));
    /// assert_eq!(
    ///     program.parse(["-x"].map(Into::into), twice),
    ///     Err("unknown argument \"-x\"".to_owned())
    /// );
    /// ```
    pub fn parse<T, E: Display>(
        &self,
        args: impl IntoIterator<Item = OsString>,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
    ) -> Result<Parsed<T>, String> {
        let args = args
            .into_iter()
            .map(OsString::into_string)
            .collect::<Result<Vec<String>, _>>()
            .map_err(|_| "arguments must be valid UTF-8".to_owned())?;
        if args.iter().any(|a| a == "--help" || a == "-h") {
            return Ok(Parsed::Help);
        }
        let (value, rest) = options(args).map_err(|e| e.to_string())?;
        match rest.first() {
            Some(argument) => Err(unknown(argument)),
            None => Ok(Parsed::Run(value)),
        }
    }

    /// The whole `main` of a judge program: parses the command line with `options` (see
    /// [`Program::parse`]), then runs `body` with its value. `--help` prints the help
    /// text (exit status 0). A bad command line prints `<name>: <error>`, the usage line
    /// and a pointer to `--help` on standard error, and nothing is read; its exit status
    /// is 2 ([`Exit::Usage`]).
    pub fn run<T, E: Display>(
        &self,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
        body: impl FnOnce(T) -> Exit,
    ) -> ExitCode {
        let exit = match self.parse(std::env::args_os().skip(1), options) {
            Ok(Parsed::Run(value)) => body(value),
            Ok(Parsed::Help) => crate::print(|out| out.write_all(self.help.as_bytes())),
            Err(e) => self.error(&format_args!(
                "{e}\n{}\n(`{} --help` explains the input, output and options)",
                self.usage(),
                self.name
            )),
        };
        ExitCode::from(exit as u8)
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

    /// Prints `<name>: <message>` on standard error (a bad command line: the arguments
    /// were well formed, but one names something that cannot be used, such as a bad
    /// position); [`Exit::Usage`].
    pub fn error(&self, message: &dyn Display) -> Exit {
        crate::report(&format_args!("{}: {message}", self.name));
        Exit::Usage
    }
}

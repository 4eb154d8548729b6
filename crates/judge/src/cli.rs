//! The command line: a program's name and synopsis ([`Program`]), its arguments parsed
//! before any input is read, and one wording for bad arguments, printed with the usage
//! line and exit status 2.

use std::ffi::OsString;
use std::fmt::Display;
use std::process::ExitCode;

use crate::{Exit, Failure};

/// The message of an option given without its value (`expected` says what values it
/// takes): with [`Program::parse`]'s `unknown argument "<arg>"`, the one wording of
/// these problems for every program.
///
/// ```
/// assert_eq!(
///     judge::missing_value("--edition", "2021 or 2022"),
///     "--edition needs a value (2021 or 2022)"
/// );
/// ```
#[must_use]
pub fn missing_value(option: &str, expected: &str) -> String {
    format!("{option} needs a value ({expected})")
}

/// A judge program's identity on the command line: its name (the first word of its
/// messages) and its synopsis (what follows `usage: NAME`).
///
/// Every program parses its arguments through [`Program::run`] (or [`Program::parse`]),
/// so options every program shares (such as a future `--help`) are added there, once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// `unknown argument "<argument>"` (the first one is named).
    ///
    /// # Errors
    ///
    /// An argument that is not UTF-8, the error of `options`, or an unknown argument.
    ///
    /// ```
    /// use judge::Program;
    /// let program = Program::new("demo", "[--twice] < input");
    /// let twice = |args: Vec<String>| -> Result<_, String> {
    ///     let (flag, rest): (Vec<_>, Vec<_>) = args.into_iter().partition(|a| a == "--twice");
    ///     Ok((!flag.is_empty(), rest))
    /// };
    /// assert_eq!(program.parse(["--twice"].map(Into::into), twice), Ok(true));
    /// assert_eq!(
    ///     program.parse(["-x"].map(Into::into), twice),
    ///     Err("unknown argument \"-x\"".to_owned())
    /// );
    /// ```
    pub fn parse<T, E: Display>(
        &self,
        args: impl IntoIterator<Item = OsString>,
        options: impl FnOnce(Vec<String>) -> Result<(T, Vec<String>), E>,
    ) -> Result<T, String> {
        let args = args
            .into_iter()
            .map(OsString::into_string)
            .collect::<Result<Vec<String>, _>>()
            .map_err(|_| "arguments must be valid UTF-8".to_owned())?;
        let (value, rest) = options(args).map_err(|e| e.to_string())?;
        match rest.first() {
            Some(unknown) => Err(format!("unknown argument {unknown:?}")),
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
        let (name, synopsis) = (self.name, self.synopsis);
        let exit = self
            .parse(std::env::args_os().skip(1), options)
            .map_or_else(
                |e| self.error(&format_args!("{e}\nusage: {name} {synopsis}")),
                body,
            );
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

    /// Prints `<name>: <message>` on standard error, without the usage (the arguments
    /// were well formed, but one names something that cannot be used, such as a bad
    /// position); [`Exit::Usage`].
    pub fn error(&self, message: &dyn Display) -> Exit {
        crate::report(&format_args!("{}: {message}", self.name));
        Exit::Usage
    }
}

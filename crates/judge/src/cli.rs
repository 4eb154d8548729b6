//! The command line: a program's name and help text ([`Program`]), its arguments parsed
//! before any input is read, `--help`, a repeated option refused, and bad arguments in
//! the one wording of [`crate::words`], printed with the usage line and exit status 2.

use std::ffi::OsString;
use std::fmt::Display;
use std::process::ExitCode;

use crate::words::{repeated, unknown};
use crate::{Exit, Failure};

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

    /// The usage line: the help text's first line, with the lines after it that start
    /// with a space (a usage too long for one line goes on, indented).
    ///
    /// ```
    /// use judge::Program;
    /// let program = Program::new("demo", "usage: demo [--a N] [--b N]\n    [FILE...]\nDoubles.\n");
    /// assert_eq!(program.usage(), "usage: demo [--a N] [--b N]\n    [FILE...]");
    /// ```
    #[must_use]
    pub fn usage(&self) -> &'static str {
        let mut end = 0;
        for (i, line) in self.help.split_inclusive('\n').enumerate() {
            if i > 0 && !line.starts_with(' ') {
                break;
            }
            end += line.len();
        }
        self.help[..end].trim_end()
    }

    /// Parses `args` (the arguments after the program's name): [`Parsed::Help`] if one
    /// is `--help` or `-h`, else the value of `options`, which returns it and the
    /// arguments it did not take; any of those is an [`unknown`] argument (the first one
    /// is named).
    ///
    /// Every option is taken at most once: an argument starting with `--` (its name is
    /// what comes before any `=`, so `--edition 2021` and `--edition=2022` are one
    /// option) that an earlier argument already named is a [`repeated`] option, refused
    /// before `options` runs. No program's option takes a value starting with `--`.
    ///
    /// # Errors
    ///
    /// An argument that is not UTF-8, a repeated option, the error of `options`, or an
    /// unknown argument.
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
    /// assert_eq!(
    ///     program.parse(["--twice", "--twice"].map(Into::into), twice),
    ///     Err("option --twice given twice".to_owned())
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
        // No option's value starts with `--`, so every such argument is an option.
        let options_given = args.iter().filter(|a| a.len() > 2 && a.starts_with("--"));
        let names: Vec<&str> = options_given
            .map(|a| a.split('=').next().unwrap_or(a))
            .collect();
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(repeated(name));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: Program = Program::new("demo", "usage: demo [--x V] [--flag]\n");

    /// `--x V` and `--x=V` (the last one wins), `--flag`; other arguments are left.
    fn options(args: Vec<String>) -> Result<((String, bool), Vec<String>), String> {
        let (mut x, mut flag, mut rest) = (String::new(), false, Vec::new());
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--x" => x = args.next().unwrap_or_default(),
                "--flag" => flag = true,
                _ if arg.starts_with("--x=") => x = arg["--x=".len()..].to_owned(),
                _ => rest.push(arg),
            }
        }
        Ok(((x, flag), rest))
    }

    fn parse(args: &[&str]) -> Result<Parsed<(String, bool)>, String> {
        PROGRAM.parse(args.iter().map(OsString::from), options)
    }

    #[test]
    fn an_option_given_twice_is_refused_in_either_form() {
        for (args, option) in [
            (&["--flag", "--flag"][..], "--flag"),
            (&["--x", "1", "--x", "2"], "--x"),
            (&["--x=1", "--x", "2"], "--x"),
            (&["--x", "1", "--flag", "--x=2"], "--x"),
        ] {
            let expected = format!("option {option} given twice");
            assert_eq!(parse(args), Err(expected), "{args:?}");
        }
    }

    #[test]
    fn options_given_once_and_help_are_not_repeats() {
        assert_eq!(
            parse(&["--x", "1", "--flag"]),
            Ok(Parsed::Run(("1".to_owned(), true)))
        );
        // Values and other arguments may repeat; only options are counted.
        assert_eq!(parse(&["--x", "a", "a"]), Err(unknown("a")));
        assert_eq!(parse(&["--flag", "--flag", "-h"]), Ok(Parsed::Help));
    }
}

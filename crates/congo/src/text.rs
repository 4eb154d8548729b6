//! The rule options of the assignment's programs' command lines (`--edition`,
//! `--no-promotion`). The programs' texts are the `congo-course` crate's.

use std::fmt;

use crate::Rules;

/// A bad rule option (see [`rule_options`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// `--edition` as the last argument.
    MissingEdition,
    /// An edition other than 2021 and 2022.
    UnknownEdition {
        /// The edition given.
        text: String,
    },
}

// By hand rather than derived: the bundled programs are size-limited. The wording is the
// judge programs' one wording of bad arguments (`judge::missing`, `judge::bad`), checked
// by the workspace's tests.
impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::MissingEdition => {
                f.write_str("missing --edition value: expected 2021 or 2022")
            }
            OptionError::UnknownEdition { text } => write!(
                f,
                "bad --edition value \"{}\": expected 2021 or 2022",
                grid::excerpt(text.as_bytes())
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// The rules chosen by command-line arguments, read in order: `--no-promotion` turns
/// promotion off, `--edition 2021` (or `--edition=2021`) is the 2021 rules (no
/// promotion), `--edition 2022` the default full rules ([`Rules::FULL`]), which it does
/// not turn back on. The other arguments are returned in order, for the caller.
///
/// # Errors
///
/// [`OptionError`] for `--edition` without a value or with another edition.
///
/// ```
/// use congo::text::{rule_options, OptionError};
/// use congo::Rules;
/// let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(
///     rule_options(args(&["--edition", "2021", "3"])),
///     Ok((Rules::EDITION_2021, args(&["3"])))
/// );
/// assert_eq!(rule_options(args(&["--no-promotion"]))?.0.promotion, false);
/// assert_eq!(rule_options(args(&["--edition"])), Err(OptionError::MissingEdition));
/// assert!(rule_options(args(&["--edition=1999"])).is_err());
/// # Ok::<_, OptionError>(())
/// ```
pub fn rule_options(args: Vec<String>) -> Result<(Rules, Vec<String>), OptionError> {
    let mut rules = Rules::FULL;
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let edition = match arg.strip_prefix("--edition=") {
            Some(edition) => edition.to_owned(),
            None if arg == "--edition" => args.next().ok_or(OptionError::MissingEdition)?,
            None => {
                if arg == "--no-promotion" {
                    rules.promotion = false;
                } else {
                    rest.push(arg);
                }
                continue;
            }
        };
        match edition.as_str() {
            "2021" => rules.promotion = false,
            "2022" => {}
            _ => return Err(OptionError::UnknownEdition { text: edition }),
        }
    }
    Ok((rules, rest))
}

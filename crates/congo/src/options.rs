//! Command-line rule options of the evaluation, search and engine programs:
//! `--edition 2021|2022` and `--no-promotion`.

use thiserror::Error;

use crate::eval::MaterialTable;
use crate::movegen::Rules;

/// The rule options and material table a program runs with.
///
/// The default is the full rules (promotion on) with [`MaterialTable::STANDARD`], which
/// reproduces every 2022 sample. `--edition 2021` selects the 2021 edition: no promotion
/// and [`MaterialTable::EDITION_2021`]. `--edition 2022` selects the default explicitly.
/// `--no-promotion` turns promotion off (whatever the edition) and keeps the table.
/// Options may come in any order; of several `--edition`s the last counts.
///
/// ```
/// use congo::options::Options;
/// use congo::{MaterialTable, Rules};
/// let o = Options::from_args(["--edition", "2021"])?;
/// assert_eq!((o.rules, o.table), (Rules::EDITION_2021, MaterialTable::EDITION_2021));
/// let o = Options::from_args(["--no-promotion"])?;
/// assert!(!o.rules.promotion);
/// assert_eq!(Options::from_args(Vec::<String>::new())?, Options::default());
/// # Ok::<_, congo::options::OptionsError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// How moves are made (promotion on or off).
    pub rules: Rules,
    /// The material values of the evaluations.
    pub table: MaterialTable,
}

/// A command-line argument that is not one of the options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// An argument that is not an option.
    #[error("unknown argument {found:?} (expected --edition 2021|2022 or --no-promotion)")]
    Unknown {
        /// The argument.
        found: String,
    },
    /// `--edition` without a value or with a value other than 2021 or 2022.
    #[error("--edition expects 2021 or 2022, found {found:?}")]
    BadEdition {
        /// The value found (empty when missing).
        found: String,
    },
}

impl Options {
    /// Reads the options from the program's arguments (without the program name).
    ///
    /// # Errors
    ///
    /// [`OptionsError`] for an unknown argument or a bad edition.
    pub fn from_args<I>(args: I) -> Result<Options, OptionsError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut options = Options::default();
        let mut no_promotion = false;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_ref() {
                "--no-promotion" => no_promotion = true,
                "--edition" => {
                    let value = args.next();
                    let value = value.as_ref().map_or("", |v| v.as_ref());
                    options = match value {
                        "2021" => Options {
                            rules: Rules::EDITION_2021,
                            table: MaterialTable::EDITION_2021,
                        },
                        "2022" => Options::default(),
                        other => {
                            return Err(OptionsError::BadEdition {
                                found: other.to_owned(),
                            })
                        }
                    };
                }
                other => {
                    return Err(OptionsError::Unknown {
                        found: other.to_owned(),
                    })
                }
            }
        }
        if no_promotion {
            options.rules.promotion = false;
        }
        Ok(options)
    }
}

//! The compilers and editions a single file is checked with: the current compiler (the
//! one cargo runs) under every edition it knows, and an old compiler, by default
//! Debian 12's packaged `rustc` 1.63 in `/usr/bin/rustc` (what a grader installed from
//! the distribution runs), under the editions it knows.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

/// Editions the current compiler is checked with (2015 is what plain `rustc -O main.rs`
/// uses).
pub const CURRENT_EDITIONS: [&str; 4] = ["2015", "2018", "2021", "2024"];

/// Editions the old compiler is checked with (rustc 1.63 knows no edition 2024).
pub const OLD_EDITIONS: [&str; 3] = ["2015", "2018", "2021"];

/// Where Debian's `rustc` package installs the compiler.
pub const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// One compiler: its command, its version line, and the editions it is checked with.
#[derive(Clone, Debug)]
pub struct Compiler {
    /// The command (`rustc`, `/usr/bin/rustc`).
    pub command: PathBuf,
    /// `rustc --version` without the trailing newline (`rustc 1.63.0`).
    pub version: String,
    /// The editions it compiles each file with.
    pub editions: Vec<&'static str>,
    /// Whether this is the old compiler, whose failures are traced to source files.
    pub old: bool,
}

impl Compiler {
    /// Asks `command` its version.
    ///
    /// # Errors
    ///
    /// The command cannot be run or does not answer `--version`.
    pub fn new(command: PathBuf, editions: &[&'static str], old: bool) -> Result<Compiler> {
        let output = Command::new(&command)
            .arg("--version")
            .output()
            .with_context(|| format!("cannot run `{} --version`", command.display()))?;
        if !output.status.success() {
            bail!("`{} --version` failed", command.display());
        }
        let text = String::from_utf8_lossy(&output.stdout);
        // `rustc 1.63.0` (Debian adds no date; rustup's builds add a hash and date).
        let version = text
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        Ok(Compiler {
            command,
            version,
            editions: editions.to_vec(),
            old,
        })
    }

    /// The version number alone (`1.63.0`).
    pub fn number(&self) -> &str {
        self.version.split(' ').nth(1).unwrap_or("?")
    }
}

impl fmt::Display for Compiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.version, self.command.display())
    }
}

/// One compiler under one edition, as the label of a build.
#[derive(Clone, Copy, Debug)]
pub struct Build<'a> {
    /// The compiler.
    pub compiler: &'a Compiler,
    /// The edition (`2015`..`2024`).
    pub edition: &'static str,
}

impl Build<'_> {
    /// A file-name-safe tag (`1.63.0-2015`).
    pub fn tag(&self) -> String {
        format!("{}-{}", self.compiler.number(), self.edition)
    }
}

impl fmt::Display for Build<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rustc {} --edition {}",
            self.compiler.number(),
            self.edition
        )
    }
}

/// The current compiler (`$RUSTC`, else `rustc`) and the old one at `old`.
///
/// # Errors
///
/// Either compiler cannot be run. The old one missing is an error, never a skipped
/// check: the message says how to install it.
pub fn detect(old: &Path) -> Result<Vec<Compiler>> {
    let current: OsString = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let current = Compiler::new(PathBuf::from(current), &CURRENT_EDITIONS, false)?;
    let old = Compiler::new(old.to_path_buf(), &OLD_EDITIONS, true).with_context(|| {
        format!(
            "the old compiler {} is missing or broken: install Debian's rustc package \
             (`apt-get install rustc`, rustc 1.63 on Debian 12), or pass --old-rustc PATH",
            old.display()
        )
    })?;
    Ok(vec![current, old])
}

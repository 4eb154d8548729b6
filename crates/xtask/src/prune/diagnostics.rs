//! Running rustc on a bundle and sorting what it says ([`Report`]): the errors, the
//! names they mention, and the unused items the pruner removes.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};

/// One position (1-based line, 1-based character column) that rustc pointed at.
pub(super) type Position = (usize, usize);

/// At most this many rustc checks for stripping trait impls.
pub(super) const MAX_STRIP_CHECKS: usize = 12;

/// What rustc said about a file.
#[derive(Default)]
pub(super) struct Report {
    /// Rendered errors.
    pub(super) errors: Vec<String>,
    /// How many of the errors are unresolved imports (E0432).
    pub(super) unresolved_import_errors: usize,
    /// Where those unresolved imports are.
    pub(super) unresolved_imports: BTreeSet<Position>,
    /// The identifiers other errors name (in backquotes): items that must stay.
    pub(super) error_names: BTreeSet<String>,
    /// The same, one set per error, its notes included (which name the unmet trait
    /// bound of a method call).
    pub(super) error_name_sets: Vec<BTreeSet<String>>,
    /// Where the unused items are that this module knows how to answer.
    pub(super) dead: BTreeSet<Position>,
    /// The name at each of those positions.
    pub(super) dead_names: BTreeMap<Position, String>,
    /// Those of them that are types "never constructed": live code may still name them.
    pub(super) silence: BTreeSet<Position>,
    /// Rendered warnings of other lints.
    pub(super) other: Vec<String>,
    /// All rendered warnings (for messages).
    pub(super) rendered: Vec<String>,
}

/// Runs `rustc` on `text` (check only) and sorts its diagnostics.
pub(super) fn check(text: &str, scratch: &Path) -> Result<Report> {
    let source = scratch.join("bundle.rs");
    fs::write(&source, text).with_context(|| format!("cannot write {}", source.display()))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--crate-name",
            "bundle",
        ])
        .args(["--emit=metadata", "--error-format=json", "-o"])
        .arg(scratch.join("bundle.rmeta"))
        .arg(&source)
        .output()
        .with_context(|| format!("cannot run {}", rustc.to_string_lossy()))?;
    let mut report = Report::default();
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        match serde_json::from_str::<serde_json::Value>(line) {
            Ok(diagnostic) => report.add(&diagnostic),
            Err(_) => report.errors.push(line.to_owned()),
        }
    }
    if !output.status.success() && report.errors.is_empty() {
        report.errors.push(format!(
            "rustc failed ({}) without a diagnostic",
            output.status
        ));
    }
    Ok(report)
}

impl Report {
    /// Sorts one of rustc's JSON diagnostics into the report.
    fn add(&mut self, diagnostic: &serde_json::Value) {
        let rendered = diagnostic["rendered"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let level = diagnostic["level"].as_str().unwrap_or_default();
        let code = diagnostic["code"]["code"].as_str().unwrap_or_default();
        let message = diagnostic["message"].as_str().unwrap_or_default();
        match level {
            "error" if message.starts_with("aborting due to") => {}
            "error" if code == "E0432" => {
                self.unresolved_import_errors += 1;
                self.unresolved_imports.extend(primary_spans(diagnostic));
                self.errors.push(rendered);
            }
            "error" | "error: internal compiler error" => {
                self.error_names.extend(quoted_identifiers(message));
                let mut names: BTreeSet<String> = quoted_identifiers(message).into_iter().collect();
                for child in diagnostic["children"].as_array().into_iter().flatten() {
                    names.extend(quoted_identifiers(
                        child["message"].as_str().unwrap_or_default(),
                    ));
                }
                self.error_name_sets.push(names);
                self.errors.push(rendered);
            }
            "warning" if matches!(code, "dead_code" | "unused_imports" | "unused_macros") => {
                self.dead.extend(primary_spans(diagnostic));
                self.dead_names.extend(primary_names(diagnostic));
                if message.contains("never constructed") {
                    self.silence.extend(primary_spans(diagnostic));
                }
                self.rendered.push(rendered);
            }
            "warning"
                if diagnostic["spans"].as_array().is_some_and(|s| s.is_empty())
                    && message.ends_with(" emitted") =>
            {
                // The "N warnings emitted" summary.
            }
            "warning" => {
                self.other.push(rendered.clone());
                self.rendered.push(rendered);
            }
            _ => {}
        }
    }
}

/// Where the primary spans of a diagnostic start.
fn primary_spans(diagnostic: &serde_json::Value) -> Vec<Position> {
    diagnostic["spans"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|span| span["is_primary"].as_bool() == Some(true))
        .map(|span| {
            let line = span["line_start"].as_u64().unwrap_or_default();
            let column = span["column_start"].as_u64().unwrap_or_default();
            (line as usize, column as usize)
        })
        .collect()
}

/// The identifiers inside backquotes in a message: `` `&Move` `` gives `Move`.
pub(super) fn quoted_identifiers(message: &str) -> Vec<String> {
    message
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| {
            quoted
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|word| !word.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The text under each primary span of a diagnostic (the unused item's name).
fn primary_names(diagnostic: &serde_json::Value) -> Vec<(Position, String)> {
    let mut names = Vec::new();
    for span in diagnostic["spans"].as_array().into_iter().flatten() {
        if span["is_primary"].as_bool() != Some(true) {
            continue;
        }
        let line = span["line_start"].as_u64().unwrap_or_default() as usize;
        let column = span["column_start"].as_u64().unwrap_or_default() as usize;
        let Some(source) = span["text"].get(0) else {
            continue;
        };
        let text = source["text"].as_str().unwrap_or_default();
        let start = source["highlight_start"].as_u64().unwrap_or(1) as usize;
        let end = source["highlight_end"].as_u64().unwrap_or(1) as usize;
        let name: String = text
            .chars()
            .skip(start.saturating_sub(1))
            .take(end.saturating_sub(start))
            .collect();
        names.push(((line, column), name));
    }
    names
}

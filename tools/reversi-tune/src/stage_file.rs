//! What the training pipeline's file stages (`positions-file`, `label-file`) share: the
//! output file a run resumes (read whole, then cut after its last finished part) and
//! appends to, and the progress bar.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom};
use std::path::Path;

use anyhow::{Context, Result};

/// The output file `path` (created empty when missing) and its text, to resume; `kind`
/// names the file in the error of one that is not text.
pub fn open_output(path: &Path, kind: &str) -> Result<(File, String)> {
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    let mut text = String::new();
    file.read_to_string(&mut text)
        .with_context(|| format!("{} is not a {kind}", path.display()))?;
    Ok((file, text))
}

/// Cuts `file` (whose text has `len` bytes) after its first `kept` bytes, when shorter.
pub fn keep(file: &mut File, kept: usize, len: usize) -> Result<()> {
    if kept < len {
        file.set_len(kept as u64)?;
        file.seek(SeekFrom::End(0))?;
    }
    Ok(())
}

/// A writer appending to `path`.
pub fn appender(path: &Path) -> Result<BufWriter<File>> {
    let file = OpenOptions::new()
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    Ok(BufWriter::new(file))
}

/// A progress bar on standard error (hidden without `show`) of `len` `unit`, at
/// `position` already: the count, the rate and the time left.
pub fn progress_bar(len: u64, position: u64, unit: &str, show: bool) -> indicatif::ProgressBar {
    let bar = if show {
        indicatif::ProgressBar::new(len)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{per_sec}}, {{eta}} left");
    bar.set_style(indicatif::ProgressStyle::with_template(&template).expect("a valid template"));
    bar.set_position(position.min(len));
    bar.reset_eta();
    bar
}

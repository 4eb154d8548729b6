//! What the training pipeline's file stages (`positions-file`, `label-file`,
//! `fit-file`) share: the input files' lines, the output file a run resumes (read
//! whole, then cut after its last finished part) and appends to, and the progress bar.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom};
use std::path::Path;

use anyhow::{Context, Result};

/// Calls `f` with the number (from 1) and the text, trimmed, of each line of the input
/// file `path` that is neither blank nor a `#` comment. A line that is not UTF-8 text is
/// passed with its bad bytes replaced (U+FFFD), so that the caller skips it as a bad line
/// and reads the lines after it.
///
/// # Errors
/// The file cannot be opened or read, or `f` fails.
pub fn for_each_line(path: &Path, mut f: impl FnMut(usize, &str) -> Result<()>) -> Result<()> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut reader = BufReader::new(file);
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        let read = reader
            .read_until(b'\n', &mut bytes)
            .with_context(|| format!("cannot read {}", path.display()))?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        let line = String::from_utf8_lossy(&bytes);
        let text = line.trim();
        if !text.is_empty() && !text.starts_with('#') {
            f(number, text)?;
        }
    }
}

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

/// A rate `per_sec` (units a second) as the progress bar shows it: whole units a second
/// from 10 up, one decimal below.
fn rate(per_sec: f64) -> String {
    if per_sec >= 10.0 {
        format!("{per_sec:.0}/s")
    } else {
        format!("{per_sec:.1}/s")
    }
}

/// A progress bar on standard error (hidden without `show`) of `len` `unit`, at
/// `position` already: the count, the rate and the time left.
pub fn progress_bar(len: u64, position: u64, unit: &str, show: bool) -> indicatif::ProgressBar {
    let bar = if show {
        indicatif::ProgressBar::new(len)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{rate}}, {{eta}} left");
    let style = indicatif::ProgressStyle::with_template(&template)
        .expect("a valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        );
    bar.set_style(style);
    bar.set_position(position.min(len));
    bar.reset_eta();
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_shows_whole_units_from_ten_up() {
        assert_eq!(rate(301.234_5), "301/s");
        assert_eq!(rate(10.0), "10/s");
        assert_eq!(rate(9.96), "10.0/s");
        assert_eq!(rate(0.34), "0.3/s");
    }
}

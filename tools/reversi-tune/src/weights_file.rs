//! Reading a weights file given on the command line (`--weights`, `average`'s inputs),
//! and checking before a long run that its output file can be written.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};
use reversi_engine::eval::weights::Weights;

/// Reads a weights file, naming it in the error.
///
/// # Errors
///
/// The file cannot be read or is not a valid weights file.
pub fn read_weights(path: &Path) -> Result<Weights> {
    let bytes = fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))
}

/// Checks, before the work that ends by writing `output`, that it can be written there:
/// not a directory, in a directory that exists. (A run of an hour should not end with
/// "cannot write".)
///
/// # Errors
///
/// `output` is a directory, or its directory does not exist.
pub fn check_output(output: &Path) -> Result<()> {
    if output.is_dir() {
        bail!("cannot write {}: it is a directory", output.display());
    }
    let parent = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        bail!(
            "cannot write {}: no directory {}",
            output.display(),
            parent.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_and_the_fault() {
        let missing = Path::new("/nonexistent/weights.bin");
        let err = format!("{:#}", read_weights(missing).unwrap_err());
        assert!(
            err.starts_with("cannot read /nonexistent/weights.bin"),
            "{err}"
        );
        let path = std::env::temp_dir().join(format!("not-weights-{}.bin", std::process::id()));
        fs::write(&path, b"not a weights file").unwrap();
        let err = format!("{:#}", read_weights(&path).unwrap_err());
        fs::remove_file(&path).unwrap();
        assert!(err.contains("magic bytes are not RVEW"), "{err}");
        assert!(err.starts_with(&path.display().to_string()), "{err}");
    }

    #[test]
    fn an_output_in_no_directory_or_a_directory_is_refused() {
        let dir = std::env::temp_dir();
        let err = format!("{:#}", check_output(&dir).unwrap_err());
        assert!(err.ends_with("it is a directory"), "{err}");
        let err = format!(
            "{:#}",
            check_output(Path::new("/nonexistent/w.bin")).unwrap_err()
        );
        assert_eq!(
            err,
            "cannot write /nonexistent/w.bin: no directory /nonexistent"
        );
        check_output(&dir.join("new-weights.bin")).unwrap();
        check_output(Path::new("w.bin")).unwrap();
    }

    #[test]
    fn the_built_in_file_reads_back() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../crates/reversi-engine/src/eval/weights.bin");
        assert_eq!(read_weights(&path).unwrap(), Weights::builtin().unwrap());
    }
}

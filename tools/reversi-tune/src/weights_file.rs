//! Reading a weights file given on the command line (`--weights`, `average`'s inputs).

use std::fs;
use std::path::Path;

use anyhow::{Context, Result};
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
    fn the_built_in_file_reads_back() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../crates/reversi-engine/src/eval/weights.bin");
        assert_eq!(read_weights(&path).unwrap(), Weights::builtin().unwrap());
    }
}

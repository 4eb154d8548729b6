//! Where games start: reading an openings file, and seeding random openings (distinct
//! positions reached by random legal plies from a start position).

use std::collections::HashSet;
use std::hash::Hash;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Result};

/// The largest openings file read (bytes): millions of openings; a larger file (or a
/// device such as `/dev/zero`) is an error, not an unbounded read.
pub const MAX_FILE: u64 = 256 * 1024 * 1024;

/// Reads an openings file of at most [`MAX_FILE`] bytes, as UTF-8.
///
/// # Errors
///
/// The file cannot be read, is larger than [`MAX_FILE`], or is not UTF-8 (naming the
/// line).
pub fn read_file(path: &Path) -> Result<String> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE {
        bail!("larger than {MAX_FILE} bytes");
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        anyhow::anyhow!("line {line}: not UTF-8 text")
    })
}

/// A game's position as the openings seeder sees it.
pub trait Position: Sized {
    /// What tells two openings apart (the position itself, or its FEN).
    type Key: Eq + Hash;

    /// The position after one legal ply chosen with `rng`, or `None` when there is none
    /// (the game is over).
    ///
    /// # Errors
    ///
    /// The rules refuse the ply (a bug of the adapter; the message says why).
    fn random_ply(&self, rng: &mut fastrand::Rng) -> Result<Option<Self>>;

    /// Whether a game can start here (it is not over, nor already decided).
    fn is_playable(&self) -> bool;

    /// The key of the position.
    fn key(&self) -> Self::Key;

    /// The position in words, for messages (a FEN, a move list).
    fn describe(&self) -> String;
}

/// The number of draws in a row that find no new opening before [`random`] gives up.
pub const MAX_FAILED_DRAWS: usize = 10_000;

/// `count` distinct openings, each made by `plies` random legal plies from `from`, drawn
/// from a generator seeded with `seed` (the same arguments give the same openings).
/// Openings that are not playable ([`Position::is_playable`]), or that the plies cannot
/// reach (the game ends on the way), are drawn again.
///
/// # Errors
///
/// No new playable opening in [`MAX_FAILED_DRAWS`] draws in a row (there are fewer than
/// `count` distinct ones, or they are too rare).
pub fn random<P: Position + Clone>(
    from: &P,
    count: usize,
    plies: u32,
    seed: u64,
) -> Result<Vec<P>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut seen = HashSet::new();
    // Not `with_capacity(count)`: a huge count must fail by the search, not abort the
    // process on an allocation.
    let mut out = Vec::new();
    let mut failed = 0usize;
    while out.len() < count {
        failed += 1;
        if failed > MAX_FAILED_DRAWS {
            bail!(
                "found only {} distinct openings of {plies} plies from {} (asked for {count})",
                out.len(),
                from.describe()
            );
        }
        let mut board = from.clone();
        let mut ok = true;
        for _ in 0..plies {
            match board.random_ply(&mut rng)? {
                Some(next) => board = next,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && board.is_playable() && seen.insert(board.key()) {
            out.push(board);
            failed = 0;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that may step by 1 or 2 up to 6; the game is over at 6.
    #[derive(Clone, Debug, PartialEq)]
    struct Count(u32);

    impl Position for Count {
        type Key = u32;
        fn random_ply(&self, rng: &mut fastrand::Rng) -> Result<Option<Count>> {
            Ok((self.0 < 6).then(|| Count((self.0 + 1 + rng.u32(..2)).min(6))))
        }
        fn is_playable(&self) -> bool {
            self.0 < 6
        }
        fn key(&self) -> u32 {
            self.0
        }
        fn describe(&self) -> String {
            format!("count {}", self.0)
        }
    }

    #[test]
    fn openings_are_distinct_reproducible_and_playable() {
        // Two plies of 1 or 2 from 0 reach 2, 3 or 4: three distinct openings.
        let three = random(&Count(0), 3, 2, 7).unwrap();
        let mut keys: Vec<u32> = three.iter().map(|c| c.0).collect();
        keys.sort_unstable();
        assert_eq!(keys, [2, 3, 4]);
        assert_eq!(random(&Count(0), 3, 2, 7).unwrap(), three);
        let err = random(&Count(0), 4, 2, 7).unwrap_err();
        assert_eq!(
            err.to_string(),
            "found only 3 distinct openings of 2 plies from count 0 (asked for 4)"
        );
        // Four plies from 0 reach 4, 5 or 6; 6 is over: two playable openings.
        assert_eq!(random(&Count(0), 2, 4, 1).unwrap().len(), 2);
        assert!(random(&Count(0), 3, 4, 1).is_err());
    }
}

//! The weight tables of the pattern evaluation and their file format.
//!
//! A [`Weights`] holds, for each game stage (a range of empty squares, [`stage_of`]), one
//! `i16` per index of each pattern ([`super::pattern::PATTERNS`]) and one per
//! scalar feature ([`SCALARS`]), all in evaluation units ([`SCALE`](super::SCALE) per
//! disc). The evaluation of a position is the sum of its instances' entries and its
//! scalar features times their weights.
//!
//! # File format (version 1, little-endian)
//!
//! ```text
//! magic      4 bytes  "RVEW"
//! version    u16      1
//! stages     u16      number of stages: ceil(60 / width)
//! width      u8       empty squares per stage, 1 to 60 (stage = min((empties - 1) / width,
//!                     stages - 1)): 4 gives 15 stages, 2 gives 30, 1 one a ply
//! patterns   u16      then per pattern: u8 number of squares, then the squares (u8 bit
//!                     indices, digit order): the feature layout, checked on load
//! scalars    u16      number of scalar features
//! per stage: scalars x i16, then per pattern its shared entries (the indices i with
//!            canonical(i) == i, ascending), zero-run coded: an i16; if it is 0, a u16
//!            follows with the length of the run of zeros it starts (1..=65535)
//! checksum   u32      FNV-1a (32 bits) of every byte before it
//! ```

use std::fmt;

use reversi::kernel;

use super::pattern::{indices, INSTANCES, PATTERNS};

/// The magic bytes at the start of a weights file.
pub const MAGIC: [u8; 4] = *b"RVEW";
/// The file format version this crate reads and writes.
pub const VERSION: u16 = 1;
/// Empty squares per stage of [`Weights::zero`] (weights of another width are made by
/// [`Weights::zero_with_width`] or read from a file that states it).
pub const STAGE_WIDTH: usize = 4;
/// The most empty squares a stage can span (one stage for the whole game).
pub const MAX_STAGE_WIDTH: usize = 60;
/// Scalar features, in this order: 1 (a bias), 1 if the number of empty squares is odd
/// (parity: the side to move would play the last square), the side to move's legal
/// moves, the opponent's legal moves, the empty squares next to an opponent disc
/// (potential mobility of the side to move), the empty squares next to a disc of the
/// side to move (the opponent's potential mobility).
pub const SCALARS: usize = 6;
/// Entries of one stage's pattern tables (every index of every pattern).
pub const TABLE_LEN: usize = table_len();

const fn table_len() -> usize {
    let mut total = 0;
    let mut k = 0;
    while k < PATTERNS.len() {
        total += PATTERNS[k].size();
        k += 1;
    }
    total
}

/// Where each pattern's entries start in a stage's table (`PATTERNS[k]`'s index `i` is
/// entry `PATTERN_OFFSET[k] + i`).
///
/// ```
/// use reversi_engine::eval::weights::PATTERN_OFFSET;
/// assert_eq!(PATTERN_OFFSET[..3], [0, 59_049, 59_049 + 19_683]);
/// ```
pub const PATTERN_OFFSET: [usize; 11] = {
    let mut out = [0; 11];
    let mut total = 0;
    let mut k = 0;
    while k < 11 {
        out[k] = total;
        total += PATTERNS[k].size();
        k += 1;
    }
    out
};

/// For each instance (in the order of [`indices`]), where its pattern's entries start.
const INSTANCE_OFFSET: [usize; INSTANCES] = {
    let mut out = [0; INSTANCES];
    let mut slot = 0;
    let mut k = 0;
    while k < 11 {
        let mut i = 0;
        while i < PATTERNS[k].instances.len() {
            out[slot] = PATTERN_OFFSET[k];
            slot += 1;
            i += 1;
        }
        k += 1;
    }
    out
};

/// The number of stages of `width` empty squares each (1..=[`MAX_STAGE_WIDTH`]):
/// `ceil(60 / width)`, the last one holding the 60 empties of the start.
///
/// ```
/// use reversi_engine::eval::weights::stages;
/// assert_eq!((stages(4), stages(2), stages(1), stages(7)), (15, 30, 60, 9));
/// ```
#[must_use]
pub const fn stages(width: usize) -> usize {
    60_usize.div_ceil(width)
}

/// The stage of a position with `empties` empty squares (0..=64; 0 is read as 1) when
/// stages are `width` empty squares wide: `(empties - 1) / width`, at most
/// `stages(width) - 1`.
///
/// ```
/// use reversi_engine::eval::weights::stage_of;
/// assert_eq!(stage_of(1, 4), 0);
/// assert_eq!(stage_of(4, 4), 0);
/// assert_eq!(stage_of(5, 4), 1);
/// assert_eq!(stage_of(60, 4), 14);
/// assert_eq!(stage_of(60, 2), 29);
/// assert_eq!(stage_of(7, 1), 6);
/// ```
#[must_use]
pub const fn stage_of(empties: u32, width: usize) -> usize {
    let s = (if empties == 0 { 0 } else { empties - 1 }) as usize / width;
    if s >= stages(width) {
        stages(width) - 1
    } else {
        s
    }
}

/// The features of a position as the evaluation reads them: its number of empty squares
/// (which picks the stage), the index into a stage's table ([`TABLE_LEN`] entries) of
/// each pattern instance, and the scalar features ([`SCALARS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Empty squares (the stage is [`stage_of`] them, or [`Weights::stage`]).
    pub empties: u32,
    /// For each pattern instance, its entry in the stage's table.
    pub entries: [u32; INSTANCES],
    /// The scalar features, in the order [`SCALARS`] describes.
    pub scalars: [i32; SCALARS],
}

impl Features {
    /// The features of `player` (to move) against `opponent` (disjoint bitboards).
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::eval::weights::Features;
    /// let f = Features::of(Board::START.mover_bits(), Board::START.opponent_bits());
    /// assert_eq!(f.empties, 60);
    /// assert_eq!(f.scalars, [1, 0, 4, 4, 10, 10]);
    /// ```
    #[must_use]
    pub fn of(player: u64, opponent: u64) -> Features {
        let idx = indices(player, opponent);
        let mut entries = [0u32; INSTANCES];
        for (slot, e) in entries.iter_mut().enumerate() {
            *e = INSTANCE_OFFSET[slot] as u32 + idx[slot];
        }
        Features {
            empties: empties(player, opponent),
            entries,
            scalars: scalars(player, opponent),
        }
    }
}

#[inline(always)]
fn empties(player: u64, opponent: u64) -> u32 {
    (!(player | opponent)).count_ones()
}

#[inline(always)]
fn scalars(player: u64, opponent: u64) -> [i32; SCALARS] {
    scalars_with_moves(
        player,
        opponent,
        kernel::moves(player, opponent),
        kernel::moves(opponent, player),
    )
}

/// [`scalars`] given the two sides' legal moves.
#[inline(always)]
fn scalars_with_moves(
    player: u64,
    opponent: u64,
    player_moves: u64,
    opponent_moves: u64,
) -> [i32; SCALARS] {
    let empty = !(player | opponent);
    [
        1,
        (empty.count_ones() & 1) as i32,
        player_moves.count_ones() as i32,
        opponent_moves.count_ones() as i32,
        (kernel::neighbours(opponent) & empty).count_ones() as i32,
        (kernel::neighbours(player) & empty).count_ones() as i32,
    ]
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file ends before the part named.
    Truncated(&'static str),
    /// The first 4 bytes are not [`MAGIC`].
    Magic,
    /// A version other than [`VERSION`].
    Version(u16),
    /// The stage width is not 1 to 60, the number of stages not the width's, or the
    /// patterns or scalars differ from this crate's layout.
    Layout(&'static str),
    /// A zero run of length 0 or past the end of a pattern's entries.
    Run {
        /// The stage whose tables hold the bad run.
        stage: usize,
        /// The pattern (index into `PATTERNS`).
        pattern: usize,
    },
    /// The checksum does not match the bytes.
    Checksum {
        /// The checksum the file states.
        stated: u32,
        /// The checksum of its bytes.
        actual: u32,
    },
    /// Bytes after the checksum.
    Trailing(usize),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Truncated(part) => write!(f, "weights file truncated in {part}"),
            WeightsError::Magic => write!(f, "not a weights file (magic bytes are not RVEW)"),
            WeightsError::Version(v) => write!(f, "weights file version {v}, expected {VERSION}"),
            WeightsError::Layout(what) => write!(
                f,
                "weights file layout differs from the evaluation's: {what}"
            ),
            WeightsError::Run { stage, pattern } => {
                write!(
                    f,
                    "bad zero run in stage {stage}, pattern {}",
                    PATTERNS[*pattern].name
                )
            }
            WeightsError::Checksum { stated, actual } => {
                write!(
                    f,
                    "weights file checksum {stated:#010x}, its bytes give {actual:#010x}"
                )
            }
            WeightsError::Trailing(n) => {
                let s = if *n == 1 { "" } else { "s" };
                write!(f, "{n} byte{s} after the weights file's checksum")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// FNV-1a, 32 bits.
#[must_use]
pub fn checksum(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The weights of the pattern evaluation: per stage, one `i16` per pattern index and per
/// scalar feature, in evaluation units. The stages are [`Weights::stage_width`] empty
/// squares wide ([`STAGE_WIDTH`] for the compiled-in weights).
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    /// Empty squares per stage.
    width: usize,
    /// The stage of each number of empty squares, 0..=64 (`stage_of(n, width)`): one load
    /// where the evaluation would divide.
    stage_of: [u8; 65],
    /// `stages * TABLE_LEN` entries, stage-major.
    tables: Vec<i16>,
    /// `stages * SCALARS` weights.
    scalars: Vec<i16>,
}

impl fmt::Debug for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nonzero = self.tables.iter().filter(|&&w| w != 0).count();
        write!(
            f,
            "Weights {{ stages: {}, width: {}, nonzero entries: {nonzero} }}",
            self.stages(),
            self.width
        )
    }
}

/// Reads little-endian values from a byte slice, naming the part when it runs out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, part: &'static str) -> Result<&'a [u8], WeightsError> {
        if self.bytes.len() - self.at < n {
            return Err(WeightsError::Truncated(part));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self, part: &'static str) -> Result<u8, WeightsError> {
        Ok(self.take(1, part)?[0])
    }
    fn u16(&mut self, part: &'static str) -> Result<u16, WeightsError> {
        let s = self.take(2, part)?;
        Ok(u16::from_le_bytes([s[0], s[1]]))
    }
    fn i16(&mut self, part: &'static str) -> Result<i16, WeightsError> {
        let s = self.take(2, part)?;
        Ok(i16::from_le_bytes([s[0], s[1]]))
    }
}

impl Weights {
    /// All weights zero (every position evaluates to 0).
    ///
    /// ```
    /// use reversi_engine::eval::weights::Weights;
    /// assert_eq!(Weights::zero().evaluate(1, 2), 0);
    /// ```
    #[must_use]
    pub fn zero() -> Weights {
        Weights::zero_with_width(STAGE_WIDTH).expect("STAGE_WIDTH is a valid width")
    }

    /// All weights zero, on stages of `width` empty squares ([`stages`]`(width)` of them).
    ///
    /// ```
    /// use reversi_engine::eval::weights::{Weights, WeightsError};
    /// let w = Weights::zero_with_width(2)?;
    /// assert_eq!((w.stages(), w.stage_width(), w.stage(60), w.stage(2)), (30, 2, 29, 0));
    /// assert_eq!(Weights::zero_with_width(0), Err(WeightsError::Layout("stage width")));
    /// # Ok::<_, WeightsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`WeightsError::Layout`] for a width of 0 or above [`MAX_STAGE_WIDTH`].
    pub fn zero_with_width(width: usize) -> Result<Weights, WeightsError> {
        if !(1..=MAX_STAGE_WIDTH).contains(&width) {
            return Err(WeightsError::Layout("stage width"));
        }
        let mut stage_of = [0u8; 65];
        for (n, s) in stage_of.iter_mut().enumerate() {
            *s = self::stage_of(n as u32, width) as u8;
        }
        Ok(Weights {
            width,
            stage_of,
            tables: vec![0; stages(width) * TABLE_LEN],
            scalars: vec![0; stages(width) * SCALARS],
        })
    }

    /// Empty squares per stage.
    #[must_use]
    pub fn stage_width(&self) -> usize {
        self.width
    }

    /// The number of stages ([`stages`] of the width).
    #[must_use]
    pub fn stages(&self) -> usize {
        stages(self.width)
    }

    /// The stage of a position with `empties` empty squares (0..=64):
    /// [`stage_of`]`(empties, self.stage_width())`.
    #[inline(always)]
    #[must_use]
    pub fn stage(&self, empties: u32) -> usize {
        self.stage_of[empties as usize] as usize
    }

    /// The weights compiled into the crate (`src/eval/weights.bin`, written by
    /// `reversi-tune`), the ones [`evaluate`](super::evaluate) uses.
    ///
    /// ```
    /// use reversi_engine::eval::weights::Weights;
    /// let w = Weights::builtin()?;
    /// // evaluate() is the same sum, clamped.
    /// assert_eq!(w.evaluate(1, 2), reversi_engine::eval::evaluate(1, 2));
    /// # Ok::<_, reversi_engine::eval::weights::WeightsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`WeightsError`] if the compiled-in file is not a valid weights file of this
    /// layout (the crate's tests check that it is).
    pub fn builtin() -> Result<Weights, WeightsError> {
        Weights::from_bytes(BUILTIN)
    }

    /// The entry of `pattern` (index into `PATTERNS`) at `index` in `stage`.
    #[must_use]
    pub fn entry(&self, stage: usize, pattern: usize, index: usize) -> i16 {
        self.tables[stage * TABLE_LEN + PATTERN_OFFSET[pattern] + index]
    }

    /// Sets the entry of `pattern` at `index` in `stage`. Indices that share a weight
    /// ([`Pattern::canonical`](super::pattern::Pattern::canonical)) should be set alike:
    /// the file keeps only the canonical one.
    pub fn set_entry(&mut self, stage: usize, pattern: usize, index: usize, value: i16) {
        self.tables[stage * TABLE_LEN + PATTERN_OFFSET[pattern] + index] = value;
    }

    /// The weight of scalar feature `i` in `stage`.
    #[must_use]
    pub fn scalar(&self, stage: usize, i: usize) -> i16 {
        self.scalars[stage * SCALARS + i]
    }

    /// Sets the weight of scalar feature `i` in `stage`.
    pub fn set_scalar(&mut self, stage: usize, i: usize, value: i16) {
        self.scalars[stage * SCALARS + i] = value;
    }

    /// The evaluation of `player` (to move) against `opponent` with these weights, in
    /// evaluation units, not clamped: the sum of the entries of the position's pattern
    /// instances and its scalar features times their weights.
    #[inline]
    #[must_use]
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        let idx = indices(player, opponent);
        let st = self.stage(empties(player, opponent));
        let table = &self.tables[st * TABLE_LEN..(st + 1) * TABLE_LEN];
        let mut sum = 0i32;
        for slot in 0..INSTANCES {
            sum += table[INSTANCE_OFFSET[slot] + idx[slot] as usize] as i32;
        }
        sum + self.scalar_sum(st, &scalars(player, opponent))
    }

    /// [`Weights::evaluate`] of `player` (to move) against `opponent`, whose pattern
    /// indices for the side to move are `mover` (the `mover` field of
    /// [`Indices`](super::pattern::Indices), kept up to date move by move) and whose
    /// legal moves are `player_moves` and `opponent_moves`
    /// (`reversi::kernel::moves(player, opponent)` and the other way round): the same
    /// value without computing the indices and the moves again.
    ///
    /// ```
    /// use reversi::kernel;
    /// use reversi_engine::eval::{pattern::Indices, weights::Weights};
    /// let w = Weights::builtin()?;
    /// let (p, o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
    /// let idx = Indices::of(p, o);
    /// let (pm, om) = (kernel::moves(p, o), kernel::moves(o, p));
    /// assert_eq!(w.evaluate_indexed(&idx.mover, p, o, pm, om), w.evaluate(p, o));
    /// # Ok::<_, reversi_engine::eval::weights::WeightsError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn evaluate_indexed(
        &self,
        mover: &[u16; INSTANCES],
        player: u64,
        opponent: u64,
        player_moves: u64,
        opponent_moves: u64,
    ) -> i32 {
        let st = self.stage(empties(player, opponent));
        let table = &self.tables[st * TABLE_LEN..(st + 1) * TABLE_LEN];
        let mut sum = 0i32;
        for slot in 0..INSTANCES {
            sum += table[INSTANCE_OFFSET[slot] + mover[slot] as usize] as i32;
        }
        let s = scalars_with_moves(player, opponent, player_moves, opponent_moves);
        sum + self.scalar_sum(st, &s)
    }

    /// The scalar features of a position times their weights in stage `st`.
    #[inline(always)]
    fn scalar_sum(&self, st: usize, s: &[i32; SCALARS]) -> i32 {
        let w = &self.scalars[st * SCALARS..(st + 1) * SCALARS];
        let mut sum = 0;
        for i in 0..SCALARS {
            sum += s[i] * w[i] as i32;
        }
        sum
    }

    /// Reads a weights file (format in the module docs), checking its magic, version,
    /// layout, runs and checksum.
    ///
    /// # Errors
    ///
    /// A [`WeightsError`] naming what was wrong.
    ///
    /// ```
    /// use reversi_engine::eval::weights::{Weights, WeightsError};
    /// let bytes = Weights::zero().to_bytes();
    /// assert_eq!(Weights::from_bytes(&bytes)?, Weights::zero());
    /// assert_eq!(Weights::from_bytes(b"RVEX"), Err(WeightsError::Magic));
    /// # Ok::<_, WeightsError>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4, "magic")? != MAGIC {
            return Err(WeightsError::Magic);
        }
        let version = r.u16("version")?;
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let stages = r.u16("stages")? as usize;
        let mut w = Weights::zero_with_width(r.u8("stage width")? as usize)?;
        if stages != w.stages() {
            return Err(WeightsError::Layout("number of stages"));
        }
        if r.u16("patterns")? as usize != PATTERNS.len() {
            return Err(WeightsError::Layout("number of patterns"));
        }
        for p in &PATTERNS {
            let n = r.u8("pattern squares")? as usize;
            if r.take(n, "pattern squares")? != p.squares {
                return Err(WeightsError::Layout("a pattern's squares"));
            }
        }
        if r.u16("scalars")? as usize != SCALARS {
            return Err(WeightsError::Layout("number of scalar features"));
        }
        let canonical: Vec<Vec<u32>> = PATTERNS.iter().map(|p| p.canonical()).collect();
        for stage in 0..stages {
            for i in 0..SCALARS {
                let v = r.i16("scalar weights")?;
                w.set_scalar(stage, i, v);
            }
            for (k, canon) in canonical.iter().enumerate() {
                let mut zeros = 0usize;
                for (index, &c) in canon.iter().enumerate() {
                    if c as usize != index {
                        let shared = w.entry(stage, k, c as usize);
                        w.set_entry(stage, k, index, shared);
                        continue;
                    }
                    if zeros > 0 {
                        zeros -= 1;
                        continue;
                    }
                    let v = r.i16("pattern entries")?;
                    if v == 0 {
                        let run = r.u16("pattern entries")? as usize;
                        if run == 0 {
                            return Err(WeightsError::Run { stage, pattern: k });
                        }
                        zeros = run - 1;
                    } else {
                        w.set_entry(stage, k, index, v);
                    }
                }
                if zeros > 0 {
                    return Err(WeightsError::Run { stage, pattern: k });
                }
            }
        }
        let body = r.at;
        let s = r.take(4, "checksum")?;
        let stated = u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
        let actual = checksum(&bytes[..body]);
        if stated != actual {
            return Err(WeightsError::Checksum { stated, actual });
        }
        if r.at != bytes.len() {
            return Err(WeightsError::Trailing(bytes.len() - r.at));
        }
        Ok(w)
    }

    /// The weights as a file (format in the module docs); [`Weights::from_bytes`] reads
    /// it back (with each shared index taking its canonical index's value).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.stages() as u16).to_le_bytes());
        out.push(self.width as u8);
        out.extend_from_slice(&(PATTERNS.len() as u16).to_le_bytes());
        for p in &PATTERNS {
            out.push(p.squares.len() as u8);
            out.extend_from_slice(p.squares);
        }
        out.extend_from_slice(&(SCALARS as u16).to_le_bytes());
        let canonical: Vec<Vec<u32>> = PATTERNS.iter().map(|p| p.canonical()).collect();
        for stage in 0..self.stages() {
            for i in 0..SCALARS {
                out.extend_from_slice(&self.scalar(stage, i).to_le_bytes());
            }
            for (k, canon) in canonical.iter().enumerate() {
                let values: Vec<i16> = canon
                    .iter()
                    .enumerate()
                    .filter(|&(index, &c)| c as usize == index)
                    .map(|(index, _)| self.entry(stage, k, index))
                    .collect();
                let mut i = 0;
                while i < values.len() {
                    if values[i] != 0 {
                        out.extend_from_slice(&values[i].to_le_bytes());
                        i += 1;
                        continue;
                    }
                    let mut run = 0;
                    while i < values.len() && values[i] == 0 && run < u16::MAX as usize {
                        run += 1;
                        i += 1;
                    }
                    out.extend_from_slice(&0i16.to_le_bytes());
                    out.extend_from_slice(&(run as u16).to_le_bytes());
                }
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}

/// The weights file compiled into the crate.
pub const BUILTIN: &[u8] = include_bytes!("weights.bin");

#[cfg(test)]
#[path = "weights_tests.rs"]
mod tests;

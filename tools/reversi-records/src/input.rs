//! Reading records: the input kinds (WTHOR, GGF, transcript lines), telling them apart,
//! and one stream of [`Record`]s or errors for each.

use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use reversi::ggf::{self, GgfError};
use reversi::wthor::{GameReader, Names, WthorError};
use reversi::{ParseTranscriptError, Transcript};

use crate::record::Record;

/// The longest transcript line read (bytes, line end excluded): 60 moves of two
/// characters leave room for white space and a comment. A longer line is an error and
/// the reader goes on with the next line.
pub const MAX_LINE_BYTES: usize = 4096;

/// A kind of game file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A WTHOR game file (`.wtb`).
    Wthor,
    /// GGF games (`.ggf`).
    Ggf,
    /// One transcript a line (`f5d6c3...`); blank lines and lines starting with `#` are
    /// skipped.
    Transcript,
}

impl Kind {
    /// The kind of a file: by its extension (`.wtb`, `.ggf`, `.txt`, any case), else by
    /// its first bytes `head`: `(` after white space is GGF; text (printable ASCII and
    /// white space only) is transcripts; anything else WTHOR.
    ///
    /// ```
    /// use reversi_records::Kind;
    /// use std::path::Path;
    /// assert_eq!(Kind::detect(Path::new("WTH_1977.WTB"), b""), Kind::Wthor);
    /// assert_eq!(Kind::detect(Path::new("games"), b"\n (;GM[Othello]"), Kind::Ggf);
    /// assert_eq!(Kind::detect(Path::new("-"), b"f5d6c3\n"), Kind::Transcript);
    /// assert_eq!(Kind::detect(Path::new("-"), &[20, 7, 5, 22, 12, 0]), Kind::Wthor);
    /// ```
    #[must_use]
    pub fn detect(path: &Path, head: &[u8]) -> Kind {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("wtb") => return Kind::Wthor,
            Some("ggf") => return Kind::Ggf,
            Some("txt") => return Kind::Transcript,
            _ => {}
        }
        let text = head.trim_ascii_start();
        if text.first() == Some(&b'(') {
            Kind::Ggf
        } else if head
            .iter()
            .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace())
        {
            Kind::Transcript
        } else {
            Kind::Wthor
        }
    }
}

/// Why a record, or a whole input, could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// A WTHOR file's error (its message names the record, from 0, and its byte).
    Wthor(WthorError),
    /// A GGF stream's error (its message names the game's line).
    Ggf(GgfError),
    /// A GGF game read but not from the standard start position.
    NotStandardStart {
        /// The game's number in the input, from 1.
        game: u64,
    },
    /// A transcript line that is not a legal game.
    Transcript {
        /// The line, from 1.
        line: u64,
        /// What is wrong.
        error: ParseTranscriptError,
    },
    /// A transcript line longer than [`MAX_LINE_BYTES`].
    LongLine {
        /// The line, from 1.
        line: u64,
    },
    /// The input could not be read.
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Wthor(e) => write!(f, "{e}"),
            ReadError::Ggf(e) => write!(f, "{e}"),
            ReadError::NotStandardStart { game } => write!(
                f,
                "game {game}: starts from another position than the standard start (a transcript cannot hold it)"
            ),
            ReadError::Transcript { line, error } => write!(f, "line {line}: {error}"),
            ReadError::LongLine { line } => {
                write!(f, "line {line}: longer than {MAX_LINE_BYTES} bytes")
            }
            ReadError::Io(e) => write!(f, "reading: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// The names for WTHOR input (`WTHOR.JOU`, `WTHOR.TRN`), when given.
#[derive(Clone, Copy, Debug, Default)]
pub struct WthorNames<'a> {
    /// The player names.
    pub players: Option<&'a Names>,
    /// The tournament names.
    pub tournaments: Option<&'a Names>,
}

/// The records of `input`, read as `kind`, one at a time: each a [`Record`] or the
/// [`ReadError`] of that record (the following ones are still read), or of the whole
/// input (a WTHOR header that cannot be read: the only item).
///
/// ```
/// use reversi_records::{read_records, Kind, WthorNames};
/// let text = "f5d6c3\n# a comment\n\nf5a1\nd3c3\n";
/// let items: Vec<_> = read_records(Kind::Transcript, text.as_bytes(), WthorNames::default()).collect();
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[0].as_ref().unwrap().transcript.to_string(), "f5d6c3");
/// assert_eq!(items[1].as_ref().unwrap_err().to_string(), "line 4: move 2 (a1): White on a1 flips no disc");
/// ```
pub fn read_records<'a, R: Read + 'a>(
    kind: Kind,
    input: R,
    names: WthorNames<'a>,
) -> Box<dyn Iterator<Item = Result<Record, ReadError>> + 'a> {
    match kind {
        Kind::Wthor => match GameReader::new(BufReader::new(input)) {
            Ok(reader) => {
                let depth = reader.header().depth;
                Box::new(reader.map(move |item| {
                    item.map(|game| {
                        Record::from_wthor(&game, depth, names.players, names.tournaments)
                    })
                    .map_err(ReadError::Wthor)
                }))
            }
            Err(error) => Box::new(std::iter::once(Err(ReadError::Wthor(error)))),
        },
        Kind::Ggf => Box::new(ggf::read_games(BufReader::new(input)).enumerate().map(
            |(i, item)| {
                let game = item.map_err(ReadError::Ggf)?;
                Record::from_ggf(&game).ok_or(ReadError::NotStandardStart { game: i as u64 + 1 })
            },
        )),
        Kind::Transcript => Box::new(TranscriptLines::new(BufReader::new(input))),
    }
}

/// Transcripts, one a line ([`Kind::Transcript`]): white space around a transcript is
/// ignored, blank lines and lines starting with `#` are skipped.
#[derive(Debug)]
pub struct TranscriptLines<R> {
    input: R,
    line: u64,
    buffer: Vec<u8>,
    failed: bool,
}

impl<R: BufRead> TranscriptLines<R> {
    /// Reads transcripts from `input`.
    pub fn new(input: R) -> TranscriptLines<R> {
        TranscriptLines {
            input,
            line: 0,
            buffer: Vec::with_capacity(256),
            failed: false,
        }
    }

    /// Reads the next line into the buffer (at most [`MAX_LINE_BYTES`] + 1 bytes kept,
    /// the rest of a longer line skipped); `false` at the end of the input.
    fn next_line(&mut self) -> std::io::Result<bool> {
        self.buffer.clear();
        self.line += 1;
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buffer)?;
        if read == 0 {
            return Ok(false);
        }
        if self.buffer.last() != Some(&b'\n') && read as u64 == limit {
            // Skip to the line's end without keeping it.
            let mut sink = Vec::new();
            loop {
                sink.clear();
                let n = (&mut self.input).take(4096).read_until(b'\n', &mut sink)?;
                if n == 0 || sink.last() == Some(&b'\n') {
                    break;
                }
            }
        }
        Ok(true)
    }
}

impl<R: BufRead> Iterator for TranscriptLines<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Result<Record, ReadError>> {
        if self.failed {
            return None;
        }
        loop {
            match self.next_line() {
                Ok(false) => return None,
                Ok(true) => {}
                Err(e) => {
                    self.failed = true;
                    return Some(Err(ReadError::Io(e)));
                }
            }
            let line = self.line;
            let text = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
            if text.len() > MAX_LINE_BYTES {
                return Some(Err(ReadError::LongLine { line }));
            }
            let text = text.trim_ascii();
            if text.is_empty() || text[0] == b'#' {
                continue;
            }
            return Some(
                Transcript::parse_bytes(text)
                    .map(Record::new)
                    .map_err(|error| ReadError::Transcript { line, error }),
            );
        }
    }
}

//! Reading the games of any game file: the formats and how they are told apart, where a
//! game was read, the errors, and the one stream of games.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use super::detect::{fill, sniff, Format, Prefixed};
use super::game::GameRecord;
use crate::ggf::{self, GgfError};
use crate::transcript::{ParseTranscriptError, Transcript};
use crate::wthor::{self, WthorError, GAME_LEN, HEADER_LEN};
use std::fs::File;
use std::path::Path;

/// The longest transcript line read (bytes, line end excluded: 64 KiB). A longer line is
/// one error ([`ReadError::LongLine`]) and the lines after it are still read; memory
/// stays bounded whatever the input.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// Where a game (or an error) was read in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The line, from 1: a transcript's, or a GGF game's `(;`.
    Line(u64),
    /// The record of a WTHOR file, from 0, and its byte offset.
    Record {
        /// The record's number, from 0 (the numbering of [`wthor`]).
        index: u64,
        /// The record's byte offset in the file.
        offset: u64,
    },
}

/// `line 12`, `record 3 at byte 220`.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Line(line) => write!(f, "line {line}"),
            Place::Record { index, offset } => write!(f, "record {index} at byte {offset}"),
        }
    }
}

/// Why a game of an input could not be read. Its text starts with the place (`line N:`,
/// `record N at byte M:`), but for a WTHOR header's error and a read error. After a
/// read error ([`ReadError::Io`], or a WTHOR file's [`WthorError::Io`]) nothing more is
/// read; after any other, the next game is.
#[derive(Debug)]
pub enum ReadError {
    /// A transcript line whose moves are not a legal game.
    Transcript {
        /// The line, from 1.
        line: u64,
        /// What is wrong.
        source: ParseTranscriptError,
        /// For a move that cannot be played there, after at least one that can: the
        /// game of the moves before it ([`ReadError::take_legal`]).
        legal: Option<Box<GameRecord>>,
    },
    /// A transcript line longer than [`MAX_LINE_BYTES`].
    LongLine {
        /// The line, from 1.
        line: u64,
        /// The longest line read, [`MAX_LINE_BYTES`].
        max: usize,
    },
    /// A GGF game (or text between games) that is not a game; the message names the
    /// line of its `(;`.
    Ggf(GgfError),
    /// A WTHOR file's error: a bad record (naming its number and byte offset, the
    /// records after it still read), or a header that is not a game file's, or a cut
    /// file.
    Wthor(WthorError),
    /// The input could not be read.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Transcript { line, source, .. } => write!(f, "line {line}: {source}"),
            ReadError::LongLine { line, max } => write!(f, "line {line}: longer than {max} bytes"),
            ReadError::Ggf(error) => f.write_str(&ggf_message(error)),
            ReadError::Wthor(error) => error.fmt(f),
            ReadError::Io(error) => write!(f, "reading: {error}"),
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(error: io::Error) -> ReadError {
        ReadError::Io(error)
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Transcript { source, .. } => Some(source),
            ReadError::LongLine { .. } => None,
            ReadError::Ggf(error) => error.source(),
            ReadError::Wthor(error) => error.source(),
            ReadError::Io(error) => Some(error),
        }
    }
}

/// A GGF reader's error as `line N: what`.
fn ggf_message(error: &GgfError) -> String {
    match error {
        GgfError::Game { line, error, .. } => format!("line {line}: {error}"),
        GgfError::NotUtf8 { line, .. } => format!("line {line}: the game is not UTF-8 text"),
        GgfError::Unterminated { line, .. } => {
            format!("line {line}: the input ends before the game's \";)\"")
        }
        GgfError::Unclosed {
            line, next_line, ..
        } => format!(
            "line {line}: the game is not closed (\";)\") before the next game at line {next_line}"
        ),
        GgfError::TooLong { line, .. } => format!("line {line}: the game is longer than 1 MiB"),
        GgfError::Outside { line, found, .. } => {
            format!("line {line}: {found:?} outside a game (a game starts with \"(;\")")
        }
        GgfError::Io(error) => format!("reading: {error}"),
    }
}

impl ReadError {
    /// Where the error is: the line, or the WTHOR record; `None` for a WTHOR header's
    /// error and a read error.
    #[must_use]
    pub fn place(&self) -> Option<Place> {
        match self {
            ReadError::Transcript { line, .. } | ReadError::LongLine { line, .. } => {
                Some(Place::Line(*line))
            }
            ReadError::Ggf(error) => match *error {
                GgfError::Game { line, .. }
                | GgfError::NotUtf8 { line, .. }
                | GgfError::Unterminated { line, .. }
                | GgfError::Unclosed { line, .. }
                | GgfError::TooLong { line, .. }
                | GgfError::Outside { line, .. } => Some(Place::Line(line)),
                GgfError::Io(_) => None,
            },
            ReadError::Wthor(WthorError::Record { index, offset, .. })
            | ReadError::Wthor(WthorError::TruncatedRecord { index, offset, .. }) => {
                Some(Place::Record {
                    index: *index,
                    offset: *offset,
                })
            }
            ReadError::Wthor(_) | ReadError::Io(_) => None,
        }
    }

    /// The game of the moves before a move that cannot be played (a transcript's, a GGF
    /// game's, a WTHOR record's), taken out of the error, with its place: a program may
    /// still use them. `None` for any other error, or when no move came before. A cut
    /// WTHOR game keeps its players and year, not its scores (the whole game's).
    ///
    /// ```
    /// use reversi::record::{read_games, Place};
    /// let mut games = read_games(&b"f5d6f5\n"[..]);
    /// let mut error = games.next().unwrap().unwrap_err();
    /// let (place, game) = error.take_legal().unwrap();
    /// assert_eq!((place, game.plies.len()), (Place::Line(1), 2));
    /// ```
    pub fn take_legal(&mut self) -> Option<(Place, GameRecord)> {
        let place = self.place()?;
        let game = match self {
            ReadError::Transcript { legal, .. } => legal.take().map(|game| *game),
            ReadError::Ggf(GgfError::Game { legal, .. }) => {
                legal.take().map(|game| GameRecord::from_ggf(&game))
            }
            ReadError::Wthor(WthorError::Record { legal, .. }) => legal.take().map(|game| {
                let mut record = GameRecord::from_wthor(&game, 0, None, None);
                record.black_discs = None;
                record.theoretical = None;
                record
            }),
            _ => None,
        }?;
        (!game.plies.is_empty()).then_some((place, game))
    }
}

/// The games of an input, in order ([`read_games`]): each with its place, or the error of
/// that game.
#[derive(Debug)]
pub struct Games<R> {
    state: State<R>,
}

/// What the input turned out to be.
#[derive(Debug)]
enum State<R> {
    /// Not looked at yet, and its format if the caller said it.
    Start(R, Option<Format>),
    /// GGF games.
    Ggf(ggf::Games<Prefixed<R>>),
    /// Transcripts, one a line.
    Transcripts(Lines<Prefixed<R>>),
    /// A WTHOR file: its records, the header's depth, the next record's number.
    Wthor(wthor::GameReader<Prefixed<R>>, u8, u64),
    /// Read to its end, or stopped by a read error.
    Done,
}

/// Reads every game of `input`, its format detected from its first bytes
/// ([`Format::detect`]): GGF games, a WTHOR game file, or transcripts one a line. Each
/// item is a game with its [`Place`], or the [`ReadError`] of a game that is not one
/// (naming its place); a bad game never stops the ones after it. Streams: one game (or
/// line, or record) in memory at a time.
///
/// A WTHOR game's players and tournament are numbers ([`GameRecord::wthor`]): name them
/// with [`GameRecord::name_wthor_players`] from the `WTHOR.JOU` and `WTHOR.TRN` files
/// ([`wthor::Names`]).
///
/// ```
/// use reversi::record::{read_games, Place};
/// let text = "\n(;GM[Othello]PB[Anna]B[f5]W[d6];)\n(;GM[Othello]B[a1];)\n";
/// let games: Vec<_> = read_games(text.as_bytes()).collect();
/// let (place, game) = games[0].as_ref().unwrap();
/// assert_eq!((*place, game.black.as_deref(), game.plies.len()), (Place::Line(2), Some("Anna"), 2));
/// assert_eq!(games[1].as_ref().unwrap_err().to_string(),
///     "line 3: move 1 (B[a1]): Black on a1 flips no disc");
/// ```
pub fn read_games<R: BufRead>(input: R) -> Games<R> {
    Games {
        state: State::Start(input, None),
    }
}

/// [`read_games`] of an input in a known `format` (for example the one its file's
/// extension names: [`Format::from_extension`]).
///
/// ```
/// use reversi::record::{read_games_as, Format};
/// // "(" read as a transcript: not a move.
/// let mut games = read_games_as(&b"(;GM[Othello];)"[..], Format::Transcripts);
/// assert!(games.next().unwrap().is_err());
/// ```
pub fn read_games_as<R: BufRead>(input: R, format: Format) -> Games<R> {
    Games {
        state: State::Start(input, Some(format)),
    }
}

/// [`read_games`] of the file at `path`, in the format its extension names (`.wtb`,
/// `.ggf`, `.txt`: [`Format::from_extension`]), else the one its first bytes say; a
/// WTHOR file is then read whatever its header says, so that its error names it.
///
/// ```
/// let path = std::env::temp_dir().join(format!("read-file-{}.txt", std::process::id()));
/// std::fs::write(&path, "f5d6\nf5f5\n")?;
/// let games: Vec<_> = reversi::record::read_file(&path)?.collect();
/// assert_eq!((games.len(), games[0].is_ok(), games[1].is_err()), (2, true, true));
/// std::fs::remove_file(&path)?;
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// # Errors
/// The file cannot be opened.
pub fn read_file(path: &Path) -> io::Result<Games<BufReader<File>>> {
    let input = BufReader::with_capacity(1 << 16, File::open(path)?);
    Ok(match Format::from_extension(path) {
        Some(format) => read_games_as(input, format),
        None => read_games(input),
    })
}

impl<R: BufRead> Games<R> {
    /// Looks at the start of the input and sets the state of its format.
    fn start(&mut self, input: R, format: Option<Format>) -> Result<(), ReadError> {
        let (format, input, (line, offset)) = sniff(input, format)?;
        self.state = match format {
            Format::Wthor => match wthor::GameReader::new(input) {
                Ok(reader) => {
                    let depth = reader.header().depth;
                    State::Wthor(reader, depth, 0)
                }
                Err(error) => return Err(ReadError::Wthor(error)),
            },
            Format::Ggf => State::Ggf(ggf::Games::starting_at(input, line, offset)),
            Format::Transcripts => State::Transcripts(Lines {
                input,
                line: line - 1,
                buffer: Vec::new(),
            }),
        };
        Ok(())
    }

    /// The next item of the state.
    fn next_item(&mut self) -> Option<Result<(Place, GameRecord), ReadError>> {
        match &mut self.state {
            State::Ggf(games) => {
                let item = games.next()?;
                let line = games.item_line();
                Some(match item {
                    Ok(game) => Ok((Place::Line(line), GameRecord::from_ggf(&game))),
                    Err(GgfError::Io(error)) => Err(ReadError::Io(error)),
                    Err(error) => Err(ReadError::Ggf(error)),
                })
            }
            State::Transcripts(lines) => lines.next_game(),
            State::Wthor(reader, depth, index) => {
                let depth = *depth;
                let item = reader.next_mapped(
                    |bytes, year| GameRecord::from_wthor_bytes(bytes, year, depth),
                    |game| GameRecord::from_wthor(&game, depth, None, None),
                )?;
                let i = *index;
                *index += 1;
                let offset = (HEADER_LEN + GAME_LEN * i as usize) as u64;
                let place = Place::Record { index: i, offset };
                Some(item.map(|game| (place, game)).map_err(ReadError::Wthor))
            }
            State::Start(..) | State::Done => None,
        }
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<(Place, GameRecord), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let State::Start(..) = self.state {
            if let State::Start(input, format) = std::mem::replace(&mut self.state, State::Done) {
                if let Err(error) = self.start(input, format) {
                    self.state = State::Done;
                    return Some(Err(error));
                }
            }
        }
        let item = self.next_item();
        match &item {
            None
            | Some(Err(ReadError::Io(_)))
            | Some(Err(ReadError::Wthor(WthorError::Io { .. }))) => self.state = State::Done,
            _ => {}
        }
        item
    }
}

impl<R: BufRead> std::iter::FusedIterator for Games<R> {}

/// A transcript line's moves, without the white space between them (`f5 d6 c3`, as
/// people write them), and the text after them: the words after the first that are not
/// squares (an opening's name), `None` when there are none.
fn split_moves(text: &[u8]) -> (Vec<u8>, Option<String>) {
    let is_squares = |word: &[u8]| {
        word.len() % 2 == 0
            && word
                .chunks(2)
                .all(|pair| crate::Square::parse_bytes(&pair.to_ascii_lowercase()).is_ok())
    };
    let mut moves = Vec::new();
    let mut words = text
        .split(|b| b.is_ascii_whitespace())
        .filter(|word| !word.is_empty())
        .enumerate();
    for (i, word) in &mut words {
        if i > 0 && !is_squares(word) {
            // The comment: from this word to the end of the line, as written.
            let start = word.as_ptr() as usize - text.as_ptr() as usize;
            let comment = String::from_utf8_lossy(grid::trim(&text[start..])).into_owned();
            return (moves, Some(comment));
        }
        moves.extend_from_slice(word);
    }
    (moves, None)
}

/// Transcripts, one a line.
#[derive(Debug)]
struct Lines<R> {
    input: R,
    /// The number of the last line read.
    line: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into the buffer (at most [`MAX_LINE_BYTES`] + 1 bytes kept, the
    /// rest of a longer line skipped); `false` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        self.buffer.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buffer)?;
        if read == 0 {
            return Ok(false);
        }
        self.line += 1;
        if self.buffer.last() != Some(&b'\n') && read as u64 == limit {
            // Skip to the line's end without keeping it.
            loop {
                let buffer = fill(&mut self.input)?;
                if buffer.is_empty() {
                    break;
                }
                match buffer.iter().position(|&b| b == b'\n') {
                    Some(end) => {
                        self.input.consume(end + 1);
                        break;
                    }
                    None => {
                        let n = buffer.len();
                        self.input.consume(n);
                    }
                }
            }
        }
        Ok(true)
    }

    /// The next line's game, or why not; `None` at the end of the input.
    fn next_game(&mut self) -> Option<Result<(Place, GameRecord), ReadError>> {
        loop {
            match self.next_line() {
                Ok(false) => return None,
                Ok(true) => {}
                Err(error) => return Some(Err(ReadError::Io(error))),
            }
            let line = self.line;
            let text = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
            if text.len() > MAX_LINE_BYTES {
                return Some(Err(ReadError::LongLine {
                    line,
                    max: MAX_LINE_BYTES,
                }));
            }
            let (compact, comment) = split_moves(text);
            if compact.is_empty() || compact[0] == b'#' {
                continue;
            }
            let place = Place::Line(line);
            let named = |mut game: GameRecord| {
                game.comment.clone_from(&comment);
                game
            };
            if compact == b"-" {
                return Some(Ok((place, named(GameRecord::new(crate::Board::START)))));
            }
            let compact = &compact[..];
            return Some(match Transcript::parse_bytes(compact) {
                Ok(transcript) => Ok((place, named(GameRecord::from_transcript(&transcript)))),
                Err(source) => {
                    let legal = match source {
                        ParseTranscriptError::Illegal { index, .. } if index > 1 => {
                            Transcript::parse_bytes(&compact[..2 * (index - 1)])
                                .ok()
                                .map(|t| Box::new(GameRecord::from_transcript(&t)))
                        }
                        _ => None,
                    };
                    Err(ReadError::Transcript {
                        line,
                        source,
                        legal,
                    })
                }
            });
        }
    }
}

//! The games `reversi-analyse` reads: GGF records, transcripts one a line, or WTHOR
//! `.wtb` files, each game with where it was read, or an error naming the line or the
//! record; a bad game never stops the ones after it.
//!
//! A text input is GGF when its first character other than white space (after a UTF-8
//! byte-order mark) is `(`, else transcripts, one a line (blank lines skipped). A WTHOR
//! file is binary: the caller says so (`reversi-analyse` by the extension `.wtb`).

use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

use judge::{LineError, LineReader};
use reversi::ggf::{self, GgfError};
use reversi::wthor::{self, WthorError};
use reversi::{Board, ParseTranscriptError, Ply, Transcript};
use thiserror::Error;

/// Where a game was read in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The line (from 1) of a transcript, or of a GGF game's `(;`.
    Line(u64),
    /// The record of a WTHOR file, numbered from 0 as [`reversi::wthor`] numbers them,
    /// and its byte offset.
    Record {
        /// The record's number, from 0.
        index: u64,
        /// The record's byte offset in the file.
        offset: u64,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Line(line) => write!(f, "line {line}"),
            Place::Record { index, offset } => write!(f, "record {index} at byte {offset}"),
        }
    }
}

/// A game read: where, its start board, its plies (passes included), the players'
/// names when the input gives them (a WTHOR game gives its player numbers instead).
#[derive(Clone, Debug, PartialEq)]
pub struct InputGame {
    /// Where the game was read.
    pub place: Place,
    /// The board the game starts from.
    pub start: Board,
    /// The plies, passes included.
    pub plies: Vec<Ply>,
    /// Black's name (GGF `PB`).
    pub black: Option<String>,
    /// White's name (GGF `PW`).
    pub white: Option<String>,
    /// The players' numbers in `WTHOR.JOU` (Black, White), for a WTHOR game.
    pub wthor_players: Option<(u16, u16)>,
}

impl InputGame {
    /// A game from the start with these plies, read at `place`, no names.
    fn from_start(place: Place, plies: Vec<Ply>) -> InputGame {
        InputGame {
            place,
            start: Board::START,
            plies,
            black: None,
            white: None,
            wthor_players: None,
        }
    }
}

/// Why a game of the input could not be read. Its text starts with the place: `line N:`
/// or, for WTHOR, `record N at byte M:`.
#[derive(Debug, Error)]
pub enum InputError {
    /// A transcript line whose moves are not a game.
    #[error("line {line}: {source}")]
    Transcript {
        /// The line, from 1.
        line: u64,
        /// What is wrong.
        source: ParseTranscriptError,
        /// The game of the legal moves before an illegal one (none when the line is cut
        /// at a move that is no square, or at the first move): a program may still
        /// analyse them.
        legal: Option<Box<InputGame>>,
    },
    /// A line that is not text (not UTF-8, or over 64 KiB).
    #[error("line {line}: {source}")]
    Line {
        /// The line, from 1.
        line: u64,
        /// What is wrong.
        source: LineError,
    },
    /// A GGF game (or text between games) that is not a game; the message is
    /// [`reversi::ggf`]'s.
    #[error("line {line}: {message}")]
    Ggf {
        /// The line of the game's `(;` or of the text, from 1.
        line: u64,
        /// What is wrong.
        message: String,
        /// For a move that cannot be played there: the game of the moves before it
        /// (a program may still analyse them).
        legal: Option<Box<InputGame>>,
    },
    /// A WTHOR file's error: a bad record (naming its number and byte offset, the other
    /// records still read), or a bad header or a cut file.
    #[error(transparent)]
    Wthor(#[from] WthorError),
    /// The input could not be read; nothing more is read from it.
    #[error("reading: {0}")]
    Io(#[from] io::Error),
}

impl InputError {
    /// The game of the moves before a move that cannot be played (a transcript's or a
    /// GGF game's), taken out of the error; `None` for any other error.
    pub fn take_legal(&mut self) -> Option<InputGame> {
        match self {
            InputError::Transcript { legal, .. } | InputError::Ggf { legal, .. } => {
                legal.take().map(|game| *game)
            }
            // Only a game with a move to analyse.
            InputError::Wthor(WthorError::Record {
                index,
                offset,
                legal,
                ..
            }) => legal
                .take()
                .filter(|game| !game.moves().is_empty())
                .map(|game| wthor_game(&game, *index, *offset)),
            _ => None,
        }
    }
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Skips the white space (and a byte-order mark) at the start of `input`: the newlines
/// skipped, and the first other byte (not taken), `None` for an input of white space.
fn skip_blank(input: &mut impl BufRead) -> io::Result<(u64, Option<u8>)> {
    let mut newlines = 0;
    let mut first = true;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((newlines, None));
        }
        if first && buffer.starts_with(BOM) {
            input.consume(BOM.len());
            first = false;
            continue;
        }
        first = false;
        let blank = buffer
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        newlines += buffer[..blank].iter().filter(|&&b| b == b'\n').count() as u64;
        let next = buffer.get(blank).copied();
        input.consume(blank);
        if next.is_some() {
            return Ok((newlines, next));
        }
    }
}

/// The games of a text input, in order (see [`read_text`]).
pub struct TextGames<R> {
    state: State<R>,
    /// The lines skipped before the first game, added to the readers' line numbers.
    skipped: u64,
}

/// What a text input turned out to be.
enum State<R> {
    /// Not looked at yet.
    Start(R),
    /// GGF games, and the line of the first byte other than white space the reader took
    /// since it was last cleared: a game's `(`.
    Ggf(ggf::Games<Counted<R>>, Rc<Cell<Option<u64>>>),
    /// Transcripts, one a line.
    Transcripts(LineReader<R>),
    /// Read to its end, or stopped by a read error.
    Done,
}

/// Reads the games of a text input: GGF when its first character other than white
/// space is `(`, else transcripts one a line (see the [module docs](self)). Streams:
/// one game (or line) in memory at a time.
///
/// ```
/// use reversi_cli::games::{read_text, Place};
/// let text = "\nf5d6c3\nf5f5\nf5d6\n";
/// let games: Vec<_> = read_text(text.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().place, Place::Line(2));
/// assert_eq!(games[1].as_ref().unwrap_err().to_string(), "line 3: move 2 (f5): square f5 is not empty");
/// assert_eq!(games[2].as_ref().unwrap().plies.len(), 2);
/// ```
pub fn read_text<R: BufRead>(input: R) -> TextGames<R> {
    TextGames {
        state: State::Start(input),
        skipped: 0,
    }
}

impl<R: BufRead> TextGames<R> {
    /// Looks at the start of the input and chooses GGF or transcripts.
    fn start(&mut self, mut input: R) -> Result<(), io::Error> {
        let (skipped, first) = skip_blank(&mut input)?;
        self.skipped = skipped;
        self.state = match first {
            None => State::Done,
            Some(b'(') => {
                let first = Rc::new(Cell::new(None));
                let counted = Counted {
                    input,
                    line: 1,
                    first: Rc::clone(&first),
                };
                State::Ggf(ggf::read_games(counted), first)
            }
            Some(_) => State::Transcripts(LineReader::new(input)),
        };
        Ok(())
    }

    /// The next transcript line's game, or why not.
    fn next_transcript(&mut self) -> Option<Result<InputGame, InputError>> {
        let State::Transcripts(lines) = &mut self.state else {
            return None;
        };
        let line = match lines.next_nonblank() {
            Ok(Some(line)) => line,
            Ok(None) => return None,
            Err(error) => return Some(Err(InputError::Io(error))),
        };
        let number = line.number() as u64 + self.skipped;
        let text = match line.bytes() {
            Ok(text) => text,
            Err(source) => {
                return Some(Err(InputError::Line {
                    line: number,
                    source,
                }))
            }
        };
        let game = |transcript| {
            let plies = wthor::Game::new(transcript).plies();
            InputGame::from_start(Place::Line(number), plies)
        };
        // Moves may be separated by spaces or tabs (`f5 d6 c3`), as people write them.
        let compact: Vec<u8> = text
            .iter()
            .copied()
            .filter(|b| !matches!(b, b' ' | b'\t'))
            .collect();
        Some(match Transcript::parse_bytes(&compact) {
            Ok(transcript) => Ok(game(transcript)),
            Err(source) => {
                // Moves are two bytes each, after leading white space.
                let legal = match source {
                    ParseTranscriptError::Illegal { index, .. } if index > 1 => {
                        let moves = &compact.trim_ascii_start()[..2 * (index - 1)];
                        Transcript::parse_bytes(moves).ok().map(game).map(Box::new)
                    }
                    _ => None,
                };
                Err(InputError::Transcript {
                    line: number,
                    source,
                    legal,
                })
            }
        })
    }

    /// The next GGF game, or why not.
    fn next_ggf(&mut self) -> Option<Result<InputGame, InputError>> {
        let State::Ggf(games, first) = &mut self.state else {
            return None;
        };
        first.set(None);
        let item = games.next()?;
        let line = first.get().unwrap_or(0) + self.skipped;
        let input_game = |game: ggf::Game| InputGame {
            place: Place::Line(line),
            start: game.start,
            plies: game.moves.iter().map(|item| item.ply).collect(),
            black: game.black,
            white: game.white,
            wthor_players: None,
        };
        Some(match item {
            Ok(game) => Ok(input_game(game)),
            Err(mut error) => {
                let legal = match &mut error {
                    // Only a game with a move to analyse.
                    GgfError::Game { legal, .. } => legal
                        .take()
                        .filter(|g| !g.moves.is_empty())
                        .map(|g| Box::new(input_game(*g))),
                    _ => None,
                };
                match ggf_error(error) {
                    InputError::Ggf { line, message, .. } => Err(InputError::Ggf {
                        line,
                        message,
                        legal,
                    }),
                    other => Err(other),
                }
            }
        })
    }
}

/// A GGF reader's error as an [`InputError`]: its line and what is wrong (the line
/// lifted out of the reader's wording).
fn ggf_error(error: GgfError) -> InputError {
    let (line, message) = match error {
        GgfError::Game { line, error, .. } => (line, error.to_string()),
        GgfError::NotUtf8 { line, .. } => (line, "the game is not UTF-8 text".to_owned()),
        GgfError::Unterminated { line, .. } => {
            (line, "the input ends before the game's \";)\"".to_owned())
        }
        GgfError::Unclosed {
            line, next_line, ..
        } => (
            line,
            format!("the game is not closed (\";)\") before the next game at line {next_line}"),
        ),
        GgfError::TooLong { line, .. } => (line, "the game is longer than 1 MiB".to_owned()),
        GgfError::Outside { line, found, .. } => (
            line,
            format!("{found:?} outside a game (a game starts with \"(;\")"),
        ),
        GgfError::Io(error) => return InputError::Io(error),
    };
    InputError::Ggf {
        line,
        message,
        legal: None,
    }
}

impl<R: BufRead> Iterator for TextGames<R> {
    type Item = Result<InputGame, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if matches!(self.state, State::Start(_)) {
            if let State::Start(input) = std::mem::replace(&mut self.state, State::Done) {
                if let Err(error) = self.start(input) {
                    return Some(Err(InputError::Io(error)));
                }
            }
        }
        let item = match self.state {
            State::Ggf(..) => self.next_ggf().map(|item| self.lines_of_ggf(item)),
            State::Transcripts(_) => self.next_transcript(),
            State::Start(_) | State::Done => None,
        };
        match item {
            Some(Err(InputError::Io(error))) => {
                self.state = State::Done;
                Some(Err(InputError::Io(error)))
            }
            None => {
                self.state = State::Done;
                None
            }
            item => item,
        }
    }
}

impl<R: BufRead> TextGames<R> {
    /// A GGF item with its error's line counted from the start of the input (the reader
    /// counts from the first game).
    fn lines_of_ggf(&self, item: Result<InputGame, InputError>) -> Result<InputGame, InputError> {
        match item {
            Ok(game) => Ok(game),
            Err(InputError::Ggf {
                line,
                message,
                legal,
            }) => Err(InputError::Ggf {
                line: line + self.skipped,
                message,
                legal,
            }),
            Err(error) => Err(error),
        }
    }
}

/// The games of a WTHOR `.wtb` file, in order, each placed by its record; a bad record
/// is that record's error and the next ones still read.
///
/// # Errors
///
/// The header's [`WthorError`]: not a WTHOR game file (too short, not 8x8, not games).
///
/// ```
/// use reversi::wthor::{self, Game, Header};
/// use reversi_cli::games::{read_wthor, Place};
/// let games = [Game::new("f5d6c3".parse()?)];
/// let mut file = Vec::new();
/// wthor::write_games(&mut file, &Header::for_games(2024, 1), &games)?;
/// let read: Vec<_> = read_wthor(&file[..])?.collect::<Result<_, _>>()?;
/// assert_eq!(read[0].place, Place::Record { index: 0, offset: 16 });
/// assert_eq!(read[0].plies.len(), 3);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn read_wthor<R: Read>(
    input: R,
) -> Result<impl Iterator<Item = Result<InputGame, InputError>>, WthorError> {
    let games = wthor::GameReader::new(input)?;
    Ok(games.enumerate().map(|(index, game)| {
        let index = index as u64;
        Ok(wthor_game(
            &game?,
            index,
            16 + index * wthor::GAME_LEN as u64,
        ))
    }))
}

/// A WTHOR game as read at record `index` (byte `offset`).
fn wthor_game(game: &wthor::Game, index: u64, offset: u64) -> InputGame {
    let mut input = InputGame::from_start(Place::Record { index, offset }, game.plies());
    input.wthor_players = Some((game.black_player, game.white_player));
    input
}

/// A GGF input that counts its lines as the reader takes its bytes, and notes the line of
/// the first byte other than white space taken since `first` was cleared (the reader
/// gives a good game no line; this is its `(;`'s).
struct Counted<R> {
    input: R,
    /// The line of the next byte, from 1.
    line: u64,
    first: Rc<Cell<Option<u64>>>,
}

impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.input.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The bytes taken are still in the buffer: fill_buf reads nothing new here.
        if let Ok(buffer) = self.input.fill_buf() {
            for &byte in &buffer[..amount.min(buffer.len())] {
                if self.first.get().is_none() && !byte.is_ascii_whitespace() {
                    self.first.set(Some(self.line));
                }
                if byte == b'\n' {
                    self.line += 1;
                }
            }
        }
        self.input.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use reversi::ggf::{Game, MoveItem};

    /// The plies of a seeded random game of at most `length` plies from the start, never
    /// ending in a pass.
    fn random_plies(seed: u64, length: usize) -> Vec<Ply> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut plies = reversi::random::plies(&mut rng, &Board::START, length);
        // A game cut right after a pass ends in it; a transcript cannot say so (its
        // passes are found by the rules before the move that follows them).
        if plies.last() == Some(&Ply::Pass) {
            plies.pop();
        }
        plies
    }

    /// A game's text: a transcript, or a GGF game on one line.
    fn text(plies: &[Ply], ggf: bool) -> String {
        if !ggf {
            return plies
                .iter()
                .filter(|p| **p != Ply::Pass)
                .map(Ply::to_string)
                .collect();
        }
        let mut game = Game::new(Board::START);
        for &ply in plies {
            game.play(MoveItem::from(ply)).unwrap();
        }
        game.to_string()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Good games and bad ones (an illegal last move) one a line, after some blank
        /// lines, in GGF or as transcripts: each good game is read at its line with its
        /// plies, each bad one is an error naming its line, in order.
        #[test]
        fn games_and_errors_at_their_lines(
            seeds in proptest::collection::vec((any::<u64>(), 1usize..70, any::<bool>()), 1..8),
            blank in 0usize..3,
            ggf in any::<bool>(),
        ) {
            let mut input = "\n".repeat(blank);
            let mut expected = Vec::new();
            for (i, &(seed, length, good)) in seeds.iter().enumerate() {
                let line = (blank + i + 1) as u64;
                let plies = random_plies(seed, length);
                let mut game = text(&plies, ggf);
                if !good {
                    // A move on an occupied square: d4 always holds a disc.
                    game = if ggf { game.replace(";)", "B[d4];)") } else { game + "d4" };
                }
                input.push_str(&game);
                input.push('\n');
                expected.push((line, good.then_some(plies)));
            }
            let read: Vec<_> = read_text(input.as_bytes()).collect();
            prop_assert_eq!(read.len(), expected.len());
            for (item, (line, plies)) in read.iter().zip(&expected) {
                match (item, plies) {
                    (Ok(game), Some(plies)) => {
                        prop_assert_eq!(game.place, Place::Line(*line));
                        prop_assert_eq!(&game.plies, plies);
                    }
                    (Err(error), None) => {
                        let text = error.to_string();
                        prop_assert!(text.starts_with(&format!("line {line}: ")), "{}", text);
                    }
                    (item, _) => prop_assert!(false, "line {}: {:?}", line, item),
                }
            }
        }

        /// Any bytes: no panic, every game replays, every error names a line of the input.
        #[test]
        fn any_bytes_read_safely(data in proptest::collection::vec(any::<u8>(), 0..200)) {
            let lines = data.split(|&b| b == b'\n').count() as u64;
            for item in read_text(&data[..]) {
                match item {
                    Ok(game) => {
                        prop_assert!(matches!(game.place, Place::Line(n) if (1..=lines).contains(&n)));
                        let mut board = game.start;
                        for ply in &game.plies {
                            board = board.play_ply(*ply).unwrap();
                        }
                    }
                    Err(error) => {
                        let text = error.to_string();
                        let line = text.strip_prefix("line ").and_then(|r| r.split_once(':'));
                        let line = line.and_then(|(n, _)| n.parse::<u64>().ok());
                        prop_assert!(line.is_some_and(|n| (1..=lines).contains(&n)), "{}", text);
                    }
                }
            }
        }
    }

    #[test]
    fn a_byte_order_mark_and_crlf_lines() {
        let games: Vec<_> = read_text(&b"\xEF\xBB\xBF\r\n(;GM[Othello]B[f5];)\r\n"[..]).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().unwrap().place, Place::Line(2));
        let games: Vec<_> = read_text(&b"\xEF\xBB\xBFf5d6\r\nf5\r\n"[..]).collect();
        let lines: Vec<Place> = games.iter().map(|g| g.as_ref().unwrap().place).collect();
        assert_eq!(lines, [Place::Line(1), Place::Line(2)]);
    }

    #[test]
    fn an_illegal_move_keeps_the_legal_moves_before_it() {
        let games: Vec<_> = read_text(&b"  f5 d6\tF5c3\nf5z9\nf5f5\nd3d3\n"[..]).collect();
        let legal = |i: usize| match &games[i] {
            Err(InputError::Transcript { legal, .. }) => legal.as_ref().map(|g| g.plies.clone()),
            other => panic!("{other:?}"),
        };
        let f5: Ply = "f5".parse().unwrap();
        assert_eq!(legal(0), Some(vec![f5, "d6".parse().unwrap()]));
        // Not a square: no game; an illegal move after one legal move: that move.
        assert_eq!(legal(1), None);
        assert_eq!(legal(2), Some(vec![f5]));
        assert_eq!(legal(3), Some(vec!["d3".parse().unwrap()]));
        assert!(matches!(
            &games[0],
            Err(InputError::Transcript { legal: Some(game), .. }) if game.place == Place::Line(1)
        ));
    }

    #[test]
    fn a_ggf_game_cut_at_an_illegal_move_keeps_the_moves_before_it() {
        let text = b"\n(;GM[Othello]PB[Anna]B[f5]W[d6]B[f5];)\n(;GM[Othello]B[a1];)\n";
        let mut games: Vec<_> = read_text(&text[..]).collect();
        let error = games[0].as_mut().unwrap_err();
        assert!(
            error.to_string().starts_with("line 2: move 3 (B[f5]): "),
            "{error}"
        );
        let legal = error.take_legal().unwrap();
        assert_eq!(legal.place, Place::Line(2));
        assert_eq!(legal.black.as_deref(), Some("Anna"));
        let f5d6: Vec<Ply> = vec!["f5".parse().unwrap(), "d6".parse().unwrap()];
        assert_eq!(legal.plies, f5d6);
        // An illegal first move leaves no game to analyse.
        assert!(games[1].as_mut().unwrap_err().take_legal().is_none());
    }

    #[test]
    fn a_wthor_record_cut_at_an_illegal_move_keeps_the_moves_before_it() {
        let games = [
            wthor::Game::new("f5d6c3".parse().unwrap()),
            wthor::Game::new("f5".parse().unwrap()),
        ];
        let mut file = Vec::new();
        wthor::write_games(&mut file, &wthor::Header::for_games(2000, 2), &games).unwrap();
        // The first record's third move becomes f5 again (occupied); the second's first
        // becomes a1.
        file[16 + 8 + 2] = 56;
        file[16 + 68 + 8] = 11;
        let mut read: Vec<_> = read_wthor(&file[..]).unwrap().collect();
        let error = read[0].as_mut().unwrap_err();
        assert!(error
            .to_string()
            .starts_with("record 0 at byte 16: move 3 (f5)"));
        let legal = error.take_legal().unwrap();
        let f5d6: Vec<Ply> = vec!["f5".parse().unwrap(), "d6".parse().unwrap()];
        assert_eq!(legal.plies, f5d6);
        assert_eq!(
            legal.place,
            Place::Record {
                index: 0,
                offset: 16
            }
        );
        // An illegal first move leaves no game to analyse.
        assert!(read[1].as_mut().unwrap_err().take_legal().is_none());
    }

    #[test]
    fn a_line_not_utf8_and_an_empty_input() {
        let games: Vec<_> = read_text(&b"f5\n\xFF\xFE\nd3\n"[..]).collect();
        // The transcript's own error (the reversi crate's wording), at its line.
        let error = games[1].as_ref().unwrap_err();
        assert!(
            matches!(error, InputError::Transcript { line: 2, .. }),
            "{error}"
        );
        assert!(error.to_string().starts_with("line 2: move 1: "));
        assert!(games[2].is_ok());
        assert_eq!(read_text(&b" \n\t\n"[..]).count(), 0);
    }

    #[test]
    fn a_wthor_header_that_is_not_a_game_files() {
        assert!(read_wthor(&[0u8; 10][..]).is_err());
    }
}

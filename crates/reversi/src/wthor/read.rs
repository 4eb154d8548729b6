//! Streaming readers: the records after a header, counted against it ([`GameReader`],
//! [`NameReader`]).

use super::error::WthorError;
use super::game::WthorGame;
use super::header::Header;
use super::header::NameKind;
use super::header::GAME_LEN;
use super::header::HEADER_LEN;
use super::record::RecordError;
use std::io;
use std::io::Read;

/// Reads until `buf` is full or the reader ends; the number of bytes read.
pub(super) fn read_up_to<R: Read>(reader: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Reads the header, or says why not.
pub(super) fn read_header<R: Read>(reader: &mut R) -> Result<Header, WthorError> {
    let mut bytes = [0u8; HEADER_LEN];
    let len =
        read_up_to(reader, &mut bytes).map_err(|source| WthorError::Io { offset: 0, source })?;
    if len < HEADER_LEN {
        return Err(WthorError::ShortHeader { len });
    }
    Ok(Header::from_bytes(bytes))
}

/// The records after the header: fixed-size, counted against the header, one at a time.
#[derive(Debug)]
pub(super) struct Records<R> {
    reader: R,
    record_len: usize,
    expected: u64,
    index: u64,
    offset: u64,
    done: bool,
}

impl<R: Read> Records<R> {
    fn new(reader: R, record_len: usize, expected: u64) -> Records<R> {
        Records {
            reader,
            record_len,
            expected,
            index: 0,
            offset: HEADER_LEN as u64,
            done: false,
        }
    }

    /// Fills `buf` (`record_len` bytes) with the next record and gives its number and
    /// offset; `None` after the last record or after an error that ends the file.
    fn next_into(&mut self, buf: &mut [u8]) -> Option<Result<(u64, u64), WthorError>> {
        if self.done {
            return None;
        }
        let len = match read_up_to(&mut self.reader, buf) {
            Ok(len) => len,
            Err(source) => return Some(Err(self.fail_io(source))),
        };
        let (index, offset) = (self.index, self.offset);
        if self.index == self.expected {
            self.done = true;
            if len == 0 {
                return None;
            }
            return Some(self.count_rest(len as u64));
        }
        if len == 0 {
            self.done = true;
            return Some(Err(WthorError::WrongCount {
                expected: self.expected,
                found: index,
            }));
        }
        if len < self.record_len {
            self.done = true;
            return Some(Err(WthorError::TruncatedRecord {
                index,
                offset,
                len,
                record_len: self.record_len,
            }));
        }
        self.index += 1;
        self.offset += self.record_len as u64;
        Some(Ok((index, offset)))
    }

    /// After the records the header announces, `extra` bytes were found: counts the
    /// rest (flat memory) for the error.
    fn count_rest(&mut self, extra: u64) -> Result<(u64, u64), WthorError> {
        let mut extra = extra;
        let mut scratch = [0u8; 4096];
        loop {
            match read_up_to(&mut self.reader, &mut scratch) {
                Ok(0) => break,
                Ok(n) => extra += n as u64,
                Err(source) => return Err(self.fail_io(source)),
            }
        }
        let len = self.record_len as u64;
        Err(WthorError::WrongCount {
            expected: self.expected,
            found: self.expected + (extra + len - 1) / len,
        })
    }

    fn fail_io(&mut self, source: io::Error) -> WthorError {
        self.done = true;
        WthorError::Io {
            offset: self.offset,
            source,
        }
    }
}

/// The games of a `.wtb` file, read one record at a time from any [`Read`] (wrap a file
/// in a [`std::io::BufReader`]): an iterator of `Result<WthorGame, WthorError>`.
///
/// A record with a bad square byte or an illegal move gives its
/// [`WthorError::Record`] and the next records are still read. A file that ends inside a
/// record ([`WthorError::TruncatedRecord`]), holds another number of records than its
/// header says ([`WthorError::WrongCount`], after the records there are) or fails to read
/// gives that error last.
///
/// ```
/// use reversi::wthor::{self, WthorGame, GameReader, Header, RecordError, WthorError};
/// let games = [WthorGame::new("f5d6".parse()?), WthorGame::new("f5f6".parse()?)];
/// let mut file = Vec::new();
/// wthor::write_games(&mut file, &Header::for_games(2000, 2), &games)?;
/// file[16 + 8] = 11; // the first game now opens on a1: illegal
/// let read: Vec<_> = GameReader::new(&file[..])?.collect();
/// assert_eq!(read.len(), 2);
/// match &read[0] {
///     Err(WthorError::Record { index: 0, offset: 16, source: RecordError::Illegal { number: 1, .. }, .. }) => {}
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(read[1].as_ref().unwrap().moves(), games[1].moves());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    header: Header,
    records: Records<R>,
}

impl<R: Read> GameReader<R> {
    /// Reads the header; the games follow as the iterator's items.
    ///
    /// # Errors
    /// [`WthorError::ShortHeader`], [`WthorError::Io`], and for a header that is not a
    /// game file's: [`WthorError::NotEightByEight`] (P1 neither 0 nor 8),
    /// [`WthorError::NotGames`] (P2 not 0), [`WthorError::NameFile`] (names and no game:
    /// N1 0, N2 not).
    pub fn new(mut reader: R) -> Result<GameReader<R>, WthorError> {
        let header = read_header(&mut reader)?;
        if header.board_size != 0 && header.board_size != 8 {
            return Err(WthorError::NotEightByEight {
                board_size: header.board_size,
            });
        }
        if header.file_type != 0 {
            return Err(WthorError::NotGames {
                file_type: header.file_type,
            });
        }
        if header.games == 0 && header.names > 0 {
            return Err(WthorError::NameFile {
                names: header.names,
            });
        }
        Ok(GameReader {
            records: Records::new(reader, GAME_LEN, u64::from(header.games)),
            header,
        })
    }

    /// The file's header.
    #[must_use]
    pub const fn header(&self) -> &Header {
        &self.header
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<WthorGame, WthorError>;

    fn next(&mut self) -> Option<Result<WthorGame, WthorError>> {
        self.next_mapped(|_, _| None, |game| game)
    }
}

impl<R: Read> GameReader<R> {
    /// The next record as a `T`: `fast` of its bytes and the header's year when it gives
    /// one (a caller's own replay of a legal record), else `slow` of the game, or the
    /// record's error as [`GameReader`]'s iterator gives it.
    pub(crate) fn next_mapped<T>(
        &mut self,
        fast: impl FnOnce(&[u8; GAME_LEN], u16) -> Option<T>,
        slow: impl FnOnce(WthorGame) -> T,
    ) -> Option<Result<T, WthorError>> {
        let mut record = [0u8; GAME_LEN];
        Some(match self.records.next_into(&mut record)? {
            Ok((index, offset)) => {
                if let Some(value) = fast(&record, self.header.game_year) {
                    return Some(Ok(value));
                }
                WthorGame::from_record(&record, self.header.game_year)
                    .map(slow)
                    .map_err(|source| {
                        // An illegal move: the record cut before it is a game.
                        let legal = match source {
                            RecordError::Illegal { number, .. } => {
                                record[8 + number - 1..].fill(0);
                                let cut = WthorGame::from_record(&record, self.header.game_year);
                                cut.ok().map(Box::new)
                            }
                            _ => None,
                        };
                        WthorError::Record {
                            index,
                            offset,
                            source,
                            legal,
                        }
                    })
            }
            Err(error) => Err(error),
        })
    }
}

impl<R: Read> std::iter::FusedIterator for GameReader<R> {}

/// The names of a `.jou` or `.trn` file, read one record at a time from any [`Read`]: an
/// iterator of `Result<String, WthorError>`, name number 0 first. A name is the record's
/// bytes up to the first NUL (all of them without one), decoded as Latin-1.
///
/// ```
/// use reversi::wthor::{self, Header, NameKind, NameReader};
/// let mut file = Vec::new();
/// wthor::write_names(&mut file, &Header::for_names(2), NameKind::Tournament, &["Championnat de Suède", "Open"])?;
/// assert_eq!(file.len(), 16 + 2 * 26);
/// assert_eq!(file[16 + 17], 0xe8); // è in Latin-1
/// let names: Vec<String> = NameReader::new(&file[..], NameKind::Tournament)?.collect::<Result<_, _>>()?;
/// assert_eq!(names, ["Championnat de Suède", "Open"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct NameReader<R> {
    header: Header,
    kind: NameKind,
    records: Records<R>,
}

impl<R: Read> NameReader<R> {
    /// Reads the header; the names follow as the iterator's items.
    ///
    /// # Errors
    /// [`WthorError::ShortHeader`], [`WthorError::Io`].
    pub fn new(mut reader: R, kind: NameKind) -> Result<NameReader<R>, WthorError> {
        let header = read_header(&mut reader)?;
        Ok(NameReader {
            records: Records::new(reader, kind.record_len(), u64::from(header.names)),
            header,
            kind,
        })
    }

    /// The file's header.
    #[must_use]
    pub const fn header(&self) -> &Header {
        &self.header
    }
}

impl<R: Read> Iterator for NameReader<R> {
    type Item = Result<String, WthorError>;

    fn next(&mut self) -> Option<Result<String, WthorError>> {
        let mut record = [0u8; 26];
        let record = &mut record[..self.kind.record_len()];
        Some(self.records.next_into(record)?.map(|_| {
            record
                .iter()
                .take_while(|&&b| b != 0)
                .map(|&b| char::from(b))
                .collect()
        }))
    }
}

impl<R: Read> std::iter::FusedIterator for NameReader<R> {}

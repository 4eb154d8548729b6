//! The formats of game files ([`Format`]), how an input's first bytes tell them apart,
//! and the reader that keeps the bytes looked at ([`Prefixed`]) for the format's reader.

use std::io::{self, BufRead, Read};
use std::path::Path;

use crate::wthor::HEADER_LEN;

/// The UTF-8 byte-order mark, skipped at the start of a text input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The bytes of text (after leading white space) looked at for a GGF game's `(;`.
pub(super) const TEXT_LOOKAHEAD: usize = 4096;

/// A game file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// GGF games (`(;GM[Othello]...;)`), one after another, across lines or not.
    Ggf,
    /// A WTHOR game file (`.wtb`): a 16-byte header, then 68-byte records.
    Wthor,
    /// Transcripts (`f5d6c3...`), one a line: spaces and tabs between moves allowed,
    /// `-` the game of no move yet, then optionally a name (the words from the first
    /// after the first that is not squares:
    /// [`GameRecord::comment`](super::GameRecord::comment)); blank lines and lines
    /// starting with `#` skipped.
    Transcripts,
}

impl Format {
    /// The format a file's extension names: `.wtb`, `.ggf`, `.txt` (any case); `None`
    /// for another one, or none.
    ///
    /// ```
    /// use reversi::record::Format;
    /// use std::path::Path;
    /// assert_eq!(Format::from_extension(Path::new("WTH_1977.WTB")), Some(Format::Wthor));
    /// assert_eq!(Format::from_extension(Path::new("games.txt")), Some(Format::Transcripts));
    /// assert_eq!(Format::from_extension(Path::new("-")), None);
    /// ```
    #[must_use]
    pub fn from_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "wtb" => Some(Format::Wthor),
            "ggf" => Some(Format::Ggf),
            "txt" => Some(Format::Transcripts),
            _ => None,
        }
    }

    /// The format of an input that starts with `head`, by the rule
    /// [`read_games`](super::read_games) applies to its first bytes:
    ///
    /// - WTHOR when the first 16 bytes are a WTHOR header: a creation date (century at
    ///   most 21, month at most 12, day at most 31) and a NUL among them, which no text
    ///   holds;
    /// - else GGF when `(;` (a GGF game's start) is in the first 4 KiB of text after the
    ///   leading white space (and a UTF-8 byte-order mark);
    /// - else transcripts.
    ///
    /// ```
    /// use reversi::record::Format;
    /// assert_eq!(Format::detect(b"\n (;GM[Othello]"), Format::Ggf);
    /// assert_eq!(Format::detect(b"# games of 2004\n(;GM[Othello]B[f5];)"), Format::Ggf);
    /// assert_eq!(Format::detect(b"f5d6c3\n"), Format::Transcripts);
    /// let header = reversi::wthor::Header::for_games(1977, 0).to_bytes();
    /// assert_eq!(Format::detect(&header), Format::Wthor);
    /// // Text with NULs is not a WTHOR header: its first bytes are no date.
    /// assert_eq!(Format::detect(b"f5d6c3d3c4f4\0\0 more\n"), Format::Transcripts);
    /// ```
    #[must_use]
    pub fn detect(head: &[u8]) -> Format {
        if is_wthor_header(head) {
            return Format::Wthor;
        }
        let text = head.strip_prefix(BOM).unwrap_or(head);
        let start = text
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(text.len());
        let end = text.len().min(start + TEXT_LOOKAHEAD);
        if is_ggf(&text[start..end]) {
            Format::Ggf
        } else {
            Format::Transcripts
        }
    }
}

/// Whether `head` starts with a WTHOR header (see [`Format::detect`]).
fn is_wthor_header(head: &[u8]) -> bool {
    head.len() >= HEADER_LEN
        && head[0] <= 21
        && head[1] < 100
        && head[2] <= 12
        && head[3] <= 31
        && head[..HEADER_LEN].contains(&0)
}

/// Whether text holds a GGF game's start.
fn is_ggf(text: &[u8]) -> bool {
    text.windows(2).any(|pair| pair == b"(;")
}

/// An input with the bytes already taken from it to tell its format put back in front:
/// what the format's reader reads.
#[derive(Debug)]
pub(crate) struct Prefixed<R> {
    head: Vec<u8>,
    /// The bytes of `head` already read.
    taken: usize,
    input: R,
}

impl<R: BufRead> Prefixed<R> {
    /// `input` with nothing put back.
    pub(super) fn new(input: R) -> Prefixed<R> {
        Prefixed {
            head: Vec::new(),
            taken: 0,
            input,
        }
    }

    /// The next `n` bytes (fewer at the end of the input), not taken: read from the input
    /// into the front buffer as needed.
    fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        self.head.drain(..self.taken);
        self.taken = 0;
        while self.head.len() < n {
            let buffer = fill(&mut self.input)?;
            if buffer.is_empty() {
                break;
            }
            let take = buffer.len().min(n - self.head.len());
            self.head.extend_from_slice(&buffer[..take]);
            self.input.consume(take);
        }
        Ok(&self.head[..n.min(self.head.len())])
    }
}

impl<R: BufRead> Read for Prefixed<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.taken < self.head.len() {
            let n = out.len().min(self.head.len() - self.taken);
            out[..n].copy_from_slice(&self.head[self.taken..self.taken + n]);
            self.taken += n;
            return Ok(n);
        }
        self.input.read(out)
    }
}

impl<R: BufRead> BufRead for Prefixed<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.taken < self.head.len() {
            return Ok(&self.head[self.taken..]);
        }
        self.input.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.taken < self.head.len() {
            self.taken = (self.taken + amount).min(self.head.len());
        } else {
            self.input.consume(amount);
        }
    }
}

/// Tells the format of `input` by its first bytes ([`Format::detect`]), or takes
/// `format`: the input to read it from, and for text the line (from 1) and byte offset
/// of its first byte after the leading white space (skipped).
pub(super) fn sniff<R: BufRead>(
    input: R,
    format: Option<Format>,
) -> io::Result<(Format, Prefixed<R>, (u64, u64))> {
    let mut input = Prefixed::new(input);
    let told = format.is_some();
    let format = match format {
        Some(format) => format,
        None if is_wthor_header(input.peek(HEADER_LEN)?) => Format::Wthor,
        None => Format::Transcripts,
    };
    if format == Format::Wthor {
        return Ok((format, input, (1, 0)));
    }
    let start = skip_blank(&mut input)?;
    if !told && is_ggf(input.peek(TEXT_LOOKAHEAD)?) {
        return Ok((Format::Ggf, input, start));
    }
    Ok((format, input, start))
}

/// The input's buffer, filled (empty at the end of the input).
pub(super) fn fill<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    input.fill_buf()
}

/// Skips a byte-order mark and the white space at the start of `input`: the line (from
/// 1) and byte offset of the first other byte (not taken).
fn skip_blank<R: BufRead>(input: &mut R) -> io::Result<(u64, u64)> {
    let (mut line, mut offset) = (1, 0);
    if fill(input)?.starts_with(BOM) {
        input.consume(BOM.len());
        offset += BOM.len() as u64;
    }
    loop {
        let buffer = fill(input)?;
        if buffer.is_empty() {
            return Ok((line, offset));
        }
        let blank = buffer
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        line += buffer[..blank].iter().filter(|&&b| b == b'\n').count() as u64;
        offset += blank as u64;
        let more = blank == buffer.len();
        input.consume(blank);
        if !more {
            return Ok((line, offset));
        }
    }
}

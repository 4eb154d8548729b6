//! Bounded line reading.
//!
//! Judge programs read untrusted input: a single line may be hundreds of megabytes long.
//! [`LineReader`] keeps at most its cap ([`MAX_LINE`], 64 KiB, by default) of any line and
//! skips the rest of a longer line without storing it, reporting it as
//! [`Line::TooLong`]; so every judge program reads its input with flat memory.
//!
//! Lines are bytes (no UTF-8 requirement: invalid UTF-8 passes through for the caller to
//! report, see [`Line::str`]). The line terminator (`\n`, `\r\n`, or a final `\r` before
//! the end of input) is stripped, a UTF-8 byte-order mark at the very start of the input
//! is skipped, and a last line without a final newline is still a line. Lines are
//! numbered from 1.
//!
//! ```
//! use judge::lines::{Line, LineReader};
//! let input = b"\xEF\xBB\xBF2\r\nd3\nlong line";
//! let mut lines = LineReader::with_max_line(&input[..], 4);
//! assert_eq!(lines.next_line()?, Some(Line::Text { number: 1, text: b"2" }));
//! assert_eq!(lines.next_line()?, Some(Line::Text { number: 2, text: b"d3" }));
//! assert_eq!(lines.next_line()?, Some(Line::TooLong { number: 3, start: b"long" }));
//! assert_eq!(lines.next_line()?, None);
//! # Ok::<_, std::io::Error>(())
//! ```

use std::fmt;
use std::io::{self, BufRead};

/// The default cap of [`LineReader`]: the longest line kept, in bytes (64 KiB), not
/// counting its terminator.
pub const MAX_LINE: usize = 1 << 16;

/// The UTF-8 encoding of U+FEFF, the byte-order mark some editors write first.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why a line cannot be used as text: the one wording of these errors for every program.
///
/// ```
/// use judge::LineError;
/// assert_eq!(LineError::TooLong { max: 65536 }.to_string(), "line longer than 65536 bytes");
/// assert_eq!(LineError::NotUtf8 { byte: 3 }.to_string(), "not valid UTF-8 (byte 3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is longer than the reader's cap.
    TooLong {
        /// The cap, in bytes.
        max: usize,
    },
    /// The line is not valid UTF-8.
    NotUtf8 {
        /// The 1-based position in the line of the first byte that is not valid UTF-8.
        byte: usize,
    },
}

// By hand rather than derived: the bundled programs are size-limited.
impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LineError::TooLong { max } => write!(f, "line longer than {max} bytes"),
            LineError::NotUtf8 { byte } => write!(f, "not valid UTF-8 (byte {byte})"),
        }
    }
}

impl std::error::Error for LineError {}

/// `text` as a string, or [`LineError::NotUtf8`] naming the first bad byte.
///
/// # Errors
///
/// [`LineError::NotUtf8`] when `text` is not valid UTF-8.
///
/// ```
/// use judge::lines::utf8;
/// use judge::LineError;
/// assert_eq!(utf8(b"d3"), Ok("d3"));
/// assert_eq!(utf8(b"d\xFF3"), Err(LineError::NotUtf8 { byte: 2 }));
/// ```
pub fn utf8(text: &[u8]) -> Result<&str, LineError> {
    std::str::from_utf8(text).map_err(|e| LineError::NotUtf8 {
        byte: e.valid_up_to() + 1,
    })
}

/// One line read by [`LineReader::next_line`], with its 1-based line number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line of at most the cap's length, terminator stripped.
    Text {
        /// The 1-based line number.
        number: usize,
        /// The line's bytes, without `\r` or `\n` at the end.
        text: &'a [u8],
    },
    /// A line longer than the cap. Its rest was read and discarded, never stored.
    TooLong {
        /// The 1-based line number.
        number: usize,
        /// The first cap bytes of the line (for a message; see [`grid::excerpt`]).
        start: &'a [u8],
    },
}

impl<'a> Line<'a> {
    /// The 1-based line number.
    ///
    /// ```
    /// use judge::lines::Line;
    /// assert_eq!(Line::Text { number: 7, text: b"x" }.number(), 7);
    /// ```
    #[must_use]
    pub fn number(&self) -> usize {
        match *self {
            Line::Text { number, .. } | Line::TooLong { number, .. } => number,
        }
    }

    /// The bytes kept of the line: all of a [`Line::Text`], the first cap bytes of a
    /// [`Line::TooLong`] (to show in a message, see [`grid::excerpt`]).
    ///
    /// ```
    /// use judge::lines::Line;
    /// assert_eq!(Line::TooLong { number: 2, start: b"dddd" }.kept(), b"dddd");
    /// ```
    #[must_use]
    pub fn kept(&self) -> &'a [u8] {
        match *self {
            Line::Text { text, .. } => text,
            Line::TooLong { start, .. } => start,
        }
    }

    /// The line's bytes, or [`LineError::TooLong`] (whose cap is the length of `start`).
    ///
    /// # Errors
    ///
    /// [`LineError::TooLong`] for a [`Line::TooLong`].
    ///
    /// ```
    /// use judge::lines::Line;
    /// use judge::LineError;
    /// assert_eq!(Line::Text { number: 1, text: b"d3" }.bytes(), Ok(&b"d3"[..]));
    /// let long = Line::TooLong { number: 2, start: b"dddd" };
    /// assert_eq!(long.bytes(), Err(LineError::TooLong { max: 4 }));
    /// ```
    pub fn bytes(&self) -> Result<&'a [u8], LineError> {
        match *self {
            Line::Text { text, .. } => Ok(text),
            Line::TooLong { start, .. } => Err(LineError::TooLong { max: start.len() }),
        }
    }

    /// The line as a string: [`Line::bytes`], then [`utf8`].
    ///
    /// # Errors
    ///
    /// [`LineError::TooLong`] for a line over the cap, [`LineError::NotUtf8`] for a line
    /// that is not UTF-8.
    ///
    /// ```
    /// use judge::lines::Line;
    /// use judge::LineError;
    /// assert_eq!(Line::Text { number: 1, text: b"go 1" }.str(), Ok("go 1"));
    /// let bad = Line::Text { number: 1, text: b"\xFF" };
    /// assert_eq!(bad.str(), Err(LineError::NotUtf8 { byte: 1 }));
    /// ```
    pub fn str(&self) -> Result<&'a str, LineError> {
        self.bytes().and_then(utf8)
    }
}

/// Reads lines from a [`BufRead`] keeping at most a fixed number of bytes of each.
///
/// Memory use is the cap plus the input's own buffer, whatever the input. See the
/// [module documentation](self) for what a line is.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    buffer: Vec<u8>,
    number: usize,
    max_line: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the default cap, [`MAX_LINE`] bytes.
    ///
    /// ```
    /// use judge::lines::{LineReader, MAX_LINE};
    /// assert_eq!(LineReader::new(&b""[..]).max_line(), MAX_LINE);
    /// ```
    pub fn new(input: R) -> LineReader<R> {
        LineReader::with_max_line(input, MAX_LINE)
    }

    /// A reader keeping lines of at most `max_line` bytes (terminator not counted);
    /// longer lines are [`Line::TooLong`].
    ///
    /// ```
    /// use judge::lines::{Line, LineReader};
    /// let mut lines = LineReader::with_max_line(&b"abc\nabcd\n"[..], 3);
    /// assert!(matches!(lines.next_line()?, Some(Line::Text { .. })));
    /// assert!(matches!(lines.next_line()?, Some(Line::TooLong { number: 2, .. })));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn with_max_line(input: R, max_line: usize) -> LineReader<R> {
        LineReader {
            input,
            buffer: Vec::new(),
            number: 0,
            max_line,
        }
    }

    /// The cap: the longest line kept, in bytes.
    ///
    /// ```
    /// use judge::lines::LineReader;
    /// assert_eq!(LineReader::with_max_line(&b""[..], 9).max_line(), 9);
    /// ```
    #[must_use]
    pub fn max_line(&self) -> usize {
        self.max_line
    }

    /// How many lines were read so far (the number of the last line returned, 0 at first).
    ///
    /// ```
    /// use judge::lines::LineReader;
    /// let mut lines = LineReader::new(&b"\n\n"[..]);
    /// while lines.next_line()?.is_some() {}
    /// assert_eq!(lines.lines_read(), 2);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    #[must_use]
    pub fn lines_read(&self) -> usize {
        self.number
    }

    /// The next line, `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// An I/O error of the input (interrupted reads are retried).
    ///
    /// ```
    /// use judge::lines::{Line, LineReader};
    /// let mut lines = LineReader::new(&b"a\r\n\nb"[..]);
    /// assert_eq!(lines.next_line()?, Some(Line::Text { number: 1, text: b"a" }));
    /// assert_eq!(lines.next_line()?, Some(Line::Text { number: 2, text: b"" }));
    /// assert_eq!(lines.next_line()?, Some(Line::Text { number: 3, text: b"b" }));
    /// assert_eq!(lines.next_line()?, None);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        // `move`: edition 2015 (plain `rustc` on single-file submissions) rejects a
        // closure that only borrows `self` here.
        Ok(self
            .read()?
            .map(move |(start, end, too_long)| self.line(start, end, too_long)))
    }

    /// The next line that is not blank (ASCII whitespace only), trimmed of ASCII
    /// whitespace at both ends ([`trim`]); `None` at the end of the input. Blank lines
    /// are counted but skipped; a [`Line::TooLong`] is returned as it is.
    ///
    /// # Errors
    ///
    /// An I/O error of the input (interrupted reads are retried).
    ///
    /// ```
    /// use judge::lines::{Line, LineReader};
    /// let mut lines = LineReader::new(&b"\n \t\r\n d 3 \n"[..]);
    /// assert_eq!(lines.next_nonblank()?, Some(Line::Text { number: 3, text: b"d 3" }));
    /// assert_eq!(lines.next_nonblank()?, None);
    /// assert_eq!(lines.lines_read(), 3);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn next_nonblank(&mut self) -> io::Result<Option<Line<'_>>> {
        while let Some((start, end, too_long)) = self.read()? {
            let text = &self.buffer[start..end];
            if too_long {
                return Ok(Some(self.line(start, end, true)));
            }
            let trimmed = trim(text);
            if !trimmed.is_empty() {
                let start = start + (trimmed.as_ptr() as usize - text.as_ptr() as usize);
                return Ok(Some(self.line(start, start + trimmed.len(), false)));
            }
        }
        Ok(None)
    }

    /// The line `buffer[start..end]` as read by [`LineReader::read`].
    fn line(&self, start: usize, end: usize, too_long: bool) -> Line<'_> {
        let (number, text) = (self.number, &self.buffer[start..end]);
        if too_long {
            Line::TooLong {
                number,
                start: text,
            }
        } else {
            Line::Text { number, text }
        }
    }

    /// Reads the next line into the buffer: the range of its text (or of its first cap
    /// bytes, when too long) and whether it is too long; `None` at the end of the input.
    fn read(&mut self) -> io::Result<Option<(usize, usize, bool)>> {
        self.buffer.clear();
        let first = self.number == 0;
        // Keep one byte more than the cap for a `\r` before the `\n`, and room for a
        // byte-order mark on the first line.
        let keep =
            self.max_line
                .saturating_add(1)
                .saturating_add(if first { BOM.len() } else { 0 });
        let mut any = false;
        let mut overflow = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = keep - self.buffer.len();
            if chunk.len() > room {
                overflow = true;
            }
            self.buffer
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.input.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let mut start = 0;
        let mut end = self.buffer.len();
        if first && self.buffer.starts_with(BOM) {
            start = BOM.len();
        }
        if !overflow && self.buffer[start..end].ends_with(b"\r") {
            end -= 1;
        }
        if overflow || end - start > self.max_line {
            return Ok(Some((
                start,
                start + (end - start).min(self.max_line),
                true,
            )));
        }
        Ok(Some((start, end, false)))
    }
}

/// `text` without leading and trailing ASCII whitespace: [`grid::trim`], the one copy
/// that the game crates' parsers use too.
///
/// ```
/// assert_eq!(judge::lines::trim(b" \td3 \r"), b"d3");
/// ```
pub use grid::trim;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line as (number, `Ok(text)` or `Err(start)` when too long).
    type Read = (usize, Result<Vec<u8>, Vec<u8>>);

    /// Every line of `input` read with cap `max`.
    fn read_all(input: &[u8], max: usize) -> Vec<Read> {
        // A tiny buffer so lines span many `fill_buf` calls.
        let mut lines = LineReader::with_max_line(io::BufReader::with_capacity(3, input), max);
        let mut all = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            all.push(match line {
                Line::Text { number, text } => (number, Ok(text.to_vec())),
                Line::TooLong { number, start } => (number, Err(start.to_vec())),
            });
        }
        all
    }

    fn text(number: usize, text: &[u8]) -> Read {
        (number, Ok(text.to_vec()))
    }

    fn too_long(number: usize, start: &[u8]) -> Read {
        (number, Err(start.to_vec()))
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert_eq!(read_all(b"", 4), vec![]);
    }

    #[test]
    fn lines_are_numbered_and_stripped() {
        assert_eq!(
            read_all(b"a\nbc\r\n\n\r\nd", 4),
            vec![
                text(1, b"a"),
                text(2, b"bc"),
                text(3, b""),
                text(4, b""),
                text(5, b"d")
            ]
        );
    }

    #[test]
    fn final_newline_or_not_gives_the_same_lines() {
        assert_eq!(read_all(b"a\nb", 4), read_all(b"a\nb\n", 4));
        assert_eq!(read_all(b"a\nb\r", 4), vec![text(1, b"a"), text(2, b"b")]);
        assert_eq!(read_all(b"\n", 4), vec![text(1, b"")]);
    }

    #[test]
    fn lines_exactly_at_the_cap_are_kept() {
        assert_eq!(read_all(b"abcd\n", 4), vec![text(1, b"abcd")]);
        assert_eq!(read_all(b"abcd\r\n", 4), vec![text(1, b"abcd")]);
        assert_eq!(read_all(b"abcd", 4), vec![text(1, b"abcd")]);
        assert_eq!(read_all(b"abcd\r", 4), vec![text(1, b"abcd")]);
        assert_eq!(read_all(b"\xEF\xBB\xBFabcd\r\n", 4), vec![text(1, b"abcd")]);
    }

    #[test]
    fn lines_over_the_cap_are_too_long_and_skipped() {
        assert_eq!(
            read_all(b"abcde\nxy\n", 4),
            vec![too_long(1, b"abcd"), text(2, b"xy")]
        );
        assert_eq!(
            read_all(b"ok\nabcd\rx\r\nend", 4),
            vec![text(1, b"ok"), too_long(2, b"abcd"), text(3, b"end")]
        );
        assert_eq!(read_all(b"abcde", 4), vec![too_long(1, b"abcd")]);
        assert_eq!(read_all(b"abcde\r", 4), vec![too_long(1, b"abcd")]);
        assert_eq!(read_all(b"a\r\r\n", 1), vec![too_long(1, b"a")]);
    }

    #[test]
    fn a_huge_line_is_not_stored() {
        let mut input = vec![b'd'; 10_000_000];
        input.extend_from_slice(b"\nnext\n");
        let mut lines = LineReader::new(&input[..]);
        assert_eq!(
            lines.next_line().unwrap(),
            Some(Line::TooLong {
                number: 1,
                start: &input[..MAX_LINE]
            })
        );
        assert!(lines.buffer.capacity() <= 4 * MAX_LINE);
        assert_eq!(
            lines.next_line().unwrap(),
            Some(Line::Text {
                number: 2,
                text: b"next"
            })
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        assert_eq!(
            read_all(b"\xEF\xBB\xBF1\n\xEF\xBB\xBF2\n", 8),
            vec![text(1, b"1"), text(2, b"\xEF\xBB\xBF2")]
        );
        assert_eq!(read_all(b"\xEF\xBB\xBF", 8), vec![text(1, b"")]);
        // Part of a mark is not a mark.
        assert_eq!(read_all(b"\xEF\xBB\n", 8), vec![text(1, b"\xEF\xBB")]);
    }

    #[test]
    fn invalid_utf8_passes_through() {
        assert_eq!(
            read_all(b"\xFF\xFE x\n\x80\n", 8),
            vec![text(1, b"\xFF\xFE x"), text(2, b"\x80")]
        );
    }

    proptest! {
        /// Bytes over a small alphabet rich in terminators: every line is there, numbered,
        /// within the cap, and a line is too long exactly when over the cap.
        #[test]
        fn random_bytes_never_lose_or_invent_lines(
            input in proptest::collection::vec(
                proptest::sample::select(b"ab\r\n\xEF\xBB\xBF\xFF".to_vec()),
                0..40,
            ),
            max in 0usize..6,
        ) {
            let lines = read_all(&input, max);
            let expected = input.split(|&b| b == b'\n').count()
                - usize::from(input.is_empty() || input.ends_with(b"\n"));
            prop_assert_eq!(lines.len(), expected);
            for (i, (number, line)) in lines.iter().enumerate() {
                prop_assert_eq!(*number, i + 1);
                match line {
                    Ok(text) => prop_assert!(text.len() <= max && !text.contains(&b'\n')),
                    Err(start) => prop_assert_eq!(start.len(), max),
                }
            }
        }
    }

    #[test]
    fn next_nonblank_skips_and_counts_blank_lines() {
        let input = b"\xEF\xBB\xBF \r\n\n\t x y \r\n          \n  \nlast";
        let mut lines = LineReader::with_max_line(&input[..], 8);
        let line = lines.next_nonblank().unwrap();
        assert_eq!(
            line,
            Some(Line::Text {
                number: 3,
                text: b"x y"
            })
        );
        // Blanks longer than the cap are a line too long, not a blank line.
        let line = lines.next_nonblank().unwrap();
        assert_eq!(
            line,
            Some(Line::TooLong {
                number: 4,
                start: b"        "
            })
        );
        let line = lines.next_nonblank().unwrap();
        assert_eq!(
            line,
            Some(Line::Text {
                number: 6,
                text: b"last"
            })
        );
        assert_eq!(lines.next_nonblank().unwrap(), None);
        assert_eq!(lines.lines_read(), 6);
        let mut blank = LineReader::new(&b"\n\n"[..]);
        assert_eq!(blank.next_nonblank().unwrap(), None);
        assert_eq!(blank.lines_read(), 2);
    }

    #[test]
    fn trim_strips_ascii_whitespace_only() {
        assert_eq!(trim(b"\t a b \r\n"), b"a b");
        assert_eq!(trim(b""), b"");
        assert_eq!(trim(b"\xEF\xBB\xBF "), b"\xEF\xBB\xBF");
    }
}

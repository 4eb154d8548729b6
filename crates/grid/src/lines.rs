//! Text helpers for error messages ([`excerpt`]), and a frozen copy of the judge
//! programs' line reader.
//!
//! Input reading moved to the `judge` crate (`judge::lines`), which every judge program
//! uses. [`LineReader`] and [`Line`] stay here, unchanged, only until `bins/mobility.rs`
//! (being rewritten) moves to `judge::lines`; then they are deleted. Do not use them in
//! new code. [`excerpt`] stays: the error types of the game crates use it
//! (also as `grid::excerpt`).

use std::io::{self, BufRead};

/// The cap of [`LineReader`]: the longest line kept, in bytes (64 KiB), not counting
/// its terminator.
pub const DEFAULT_MAX_LINE: usize = 1 << 16;

/// The UTF-8 encoding of U+FEFF, the byte-order mark some editors write first.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How many characters of input text [`excerpt`] shows.
pub const EXCERPT_CHARS: usize = 40;

/// Input text for an error message: at most [`EXCERPT_CHARS`] characters, then `…` if
/// there was more; invalid UTF-8 shown as U+FFFD and control characters escaped (`\t`,
/// `\u{feff}`), so a message stays short and printable whatever the input.
///
/// ```
/// use grid::lines::excerpt;
/// assert_eq!(excerpt(b"d\t9"), "d\\t9");
/// let long = excerpt(&[b'x'; 100]);
/// assert_eq!(long, format!("{}…", "x".repeat(40)));
/// ```
#[must_use]
pub fn excerpt(text: &[u8]) -> String {
    // Each character is at most 4 bytes: decode only what can be shown.
    let head = &text[..text.len().min(4 * (EXCERPT_CHARS + 1))];
    let lossy = String::from_utf8_lossy(head);
    let mut chars = lossy.chars();
    let mut shown: String =
        chars
            .by_ref()
            .take(EXCERPT_CHARS)
            .fold(String::new(), |mut shown, c| {
                // Escaped as by `{:?}` on a string: `'` stays as it is.
                match c {
                    '\'' => shown.push(c),
                    _ => shown.extend(c.escape_debug()),
                }
                shown
            });
    // A cut `head` still holds more than `EXCERPT_CHARS` characters.
    if chars.next().is_some() || head.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// One line read by [`LineReader::next_line`], with its 1-based line number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        /// The first cap bytes of the line (for a message; see [`excerpt`]).
        start: &'a [u8],
    },
}

/// Reads lines from a [`BufRead`] keeping at most a fixed number of bytes of each.
///
/// Memory use is the cap plus the input's own buffer, whatever the input. A copy of
/// `judge::LineReader`, kept only for `bins/mobility.rs` (see the
/// [module documentation](self)): lines are bytes, `\n`, `\r\n` or a final `\r`
/// stripped, a UTF-8 byte-order mark at the start skipped, numbered from 1.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    buffer: Vec<u8>,
    number: usize,
    max_line: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the default cap, [`DEFAULT_MAX_LINE`] bytes.
    ///
    /// ```
    /// use grid::lines::{LineReader, DEFAULT_MAX_LINE};
    /// assert_eq!(LineReader::new(&b""[..]).max_line(), DEFAULT_MAX_LINE);
    /// ```
    pub fn new(input: R) -> LineReader<R> {
        LineReader {
            input,
            buffer: Vec::new(),
            number: 0,
            max_line: DEFAULT_MAX_LINE,
        }
    }

    /// The cap: the longest line kept, in bytes.
    pub fn max_line(&self) -> usize {
        self.max_line
    }

    /// The next line, `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// An I/O error of the input (interrupted reads are retried).
    ///
    /// ```
    /// use grid::lines::{Line, LineReader};
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

    /// The line `buffer[start..end]` as read by [`LineReader::read`].
    fn line(&self, start: usize, end: usize, too_long: bool) -> Line<'_> {
        let number = self.number;
        if too_long {
            Line::TooLong {
                number,
                start: &self.buffer[start..end],
            }
        } else {
            Line::Text {
                number,
                text: &self.buffer[start..end],
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_printable() {
        assert_eq!(excerpt(b""), "");
        assert_eq!(excerpt(&[b'a'; 40]), "a".repeat(40));
        assert_eq!(excerpt(&[b'a'; 41]), format!("{}…", "a".repeat(40)));
        assert_eq!(excerpt("é".repeat(40).as_bytes()), "é".repeat(40));
        assert_eq!(
            excerpt("é".repeat(41).as_bytes()),
            format!("{}…", "é".repeat(40))
        );
        assert_eq!(excerpt(b"\xFFx"), "\u{fffd}x");
        assert_eq!(excerpt("\u{feff}1".as_bytes()), "\\u{feff}1");
        assert_eq!(excerpt(&[b'"'; 50]), format!("{}…", "\\\"".repeat(40)));
        assert_eq!(excerpt(b"it's"), "it's");
        let huge = vec![b'd'; 1 << 20];
        assert_eq!(excerpt(&huge).chars().count(), 41);
    }
}

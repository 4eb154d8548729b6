//! Input text quoted in error messages ([`excerpt`]): short and printable whatever the
//! input, so that a message about a 100 MB line stays one short line; and [`trim`], the
//! byte-level trim every parser of judge input uses.

/// How many characters of input text [`excerpt`] shows.
pub const EXCERPT_CHARS: usize = 40;

/// Input text for an error message: at most [`EXCERPT_CHARS`] characters, then `…` if
/// there was more; invalid UTF-8 shown as U+FFFD and control characters escaped (`\t`,
/// `\u{feff}`), so a message stays short and printable whatever the input.
///
/// ```
/// use grid::excerpt;
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

/// `text` without leading and trailing ASCII whitespace (blanks, tabs, CR, LF, form
/// feed). (`<[u8]>::trim_ascii` does the same from Rust 1.80; the judges' rustc 1.63
/// lacks it.)
///
/// ```
/// assert_eq!(grid::trim(b" \td3 \r"), b"d3");
/// assert_eq!(grid::trim(b"   "), b"");
/// ```
#[must_use]
pub fn trim(text: &[u8]) -> &[u8] {
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |last| last + 1);
    &text[start..end]
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

//! The board listing of the "setting the board" problem.

use std::fmt;

use congo::{Color, Position, Role};

/// Files (and ranks) of the board.
const SIZE: usize = 7;
/// The squares of rank 1 (bits 0-6).
const RANK_1: u64 = 0x7f;
/// File `a`: bit 0 of every rank (`1 + 2^7 + ... + 2^42`).
const FILE_A: u64 = ((1 << 49) - 1) / 0x7f;

/// The listing's line labels, by kind then colour.
/// (Each padded to 16 bytes so it is copied with one fixed-size move, with its length.)
const LABELS: [[([u8; 16], usize); 2]; 8] = {
    let mut t = [[([0u8; 16], 0usize); 2]; 8];
    let mut role = 0;
    while role < 8 {
        let mut color = 0;
        while color < 2 {
            let prefix = Color::ALL[color].name().as_bytes();
            let name = Role::ALL[role].name().as_bytes();
            let mut n = 0;
            let mut k = 0;
            while k < prefix.len() {
                t[role][color].0[n] = prefix[k];
                n += 1;
                k += 1;
            }
            t[role][color].0[n] = b' ';
            n += 1;
            k = 0;
            while k < name.len() {
                t[role][color].0[n] = name[k];
                n += 1;
                k += 1;
            }
            t[role][color].0[n] = b':';
            t[role][color].1 = n + 1;
            color += 1;
        }
        role += 1;
    }
    t
};

/// The board listing of the "setting the board" problem: for each kind in
/// [`Role::ALL`] order, a White then a Black line `white pawn: a2 b2`, squares sorted
/// alphabetically (by file, then rank), then `side to play: white|black`. Each line
/// ends with `\n`; a kind without pieces gives `white giraffe:` (no trailing space).
///
/// ```
/// use congo::Position;
/// let text = congo_course::listing(&Position::START).to_string();
/// assert!(text.starts_with("white pawn: a2 b2 c2 d2 e2 f2 g2\nblack pawn: a6 "));
/// assert!(text.contains("\nwhite superpawn:\n"));
/// assert!(text.ends_with("black zebra: g7\nside to play: white\n"));
/// ```
#[must_use]
pub fn listing(position: &Position) -> Listing<'_> {
    Listing(position)
}

/// Appends the [`listing`] to `out` as bytes (the fast path for
/// programs that print many boards).
///
/// ```
/// use congo::Position;
/// let mut out = Vec::new();
/// congo_course::write_listing(&Position::START, &mut out);
/// assert_eq!(out, congo_course::listing(&Position::START).to_string().into_bytes());
/// ```
pub fn write_listing(position: &Position, out: &mut Vec<u8>) {
    // At most 16 * 17 bytes of labels, 49 * 3 of squares and 20 of side line.
    let mut buf = [0u8; 512];
    let mut n = 0;
    for (role, labels) in LABELS.iter().enumerate() {
        for (color, label) in labels.iter().enumerate() {
            buf[n..n + 16].copy_from_slice(&label.0);
            n += label.1;
            let bb = position.pieces(Color::ALL[color], Role::ALL[role]).bits();
            if bb != 0 {
                // The files holding a piece: all ranks folded onto rank 1 (ranks
                // 5-7 onto 1-3, then 3-4 onto 1-2, then 2 onto 1).
                let mut folded = bb | bb >> (4 * SIZE);
                folded |= folded >> (2 * SIZE);
                folded |= folded >> SIZE;
                let mut files = folded & RANK_1;
                while files != 0 {
                    let file = files.trailing_zeros() as u8;
                    files &= files - 1;
                    let mut column = (bb >> file) & FILE_A;
                    while column != 0 {
                        let rank = (column.trailing_zeros() as usize / SIZE) as u8;
                        column &= column - 1;
                        buf[n] = b' ';
                        buf[n + 1] = b'a' + file;
                        buf[n + 2] = b'1' + rank;
                        n += 3;
                    }
                }
            }
            buf[n] = b'\n';
            n += 1;
        }
    }
    out.extend_from_slice(&buf[..n]);
    out.extend_from_slice(match position.side_to_move() {
        Color::White => b"side to play: white\n",
        Color::Black => b"side to play: black\n",
    });
}

/// The board listing of a position, written by its `Display`; see [`listing`].
#[derive(Clone, Copy, Debug)]
pub struct Listing<'a>(&'a Position);

impl fmt::Display for Listing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::with_capacity(512);
        write_listing(self.0, &mut out);
        f.write_str(&String::from_utf8_lossy(&out))
    }
}

//! Games in GGF (the Generic Game Format of the GGS server, which the NBoard protocol's
//! `set game` carries): `(;GM[Othello]PC[..]PB[..]PW[..]RE[..]TI[..]TY[8]BO[8 .. *]B[f5]W[d6]..;)`.
//!
//! The board `BO[8 <64 squares> <side>]` lists the squares rank 1 first (a1 ... h1, then
//! a2 ...), `*` a black disc, `O` a white one, `-` empty, in groups of 8, then the side to
//! move (`*` Black, `O` White); each ply is `B[<square>]` or `W[<square>]`, a pass
//! `PA`. Every game here starts from the standard start position.

use reversi::{Board, Color, Ply};

/// The fields of a game besides its plies.
#[derive(Clone, Debug, Default)]
pub struct Header<'a> {
    /// Black's name (`PB`).
    pub black: &'a str,
    /// White's name (`PW`).
    pub white: &'a str,
    /// The result as Black's disc difference (`RE[+12]`), when the game is over.
    pub result: Option<i32>,
    /// The time control (`TI`), if any.
    pub time: Option<String>,
}

/// A GGF text value: `]` and `\` escaped with a backslash, line ends as spaces.
fn value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The `BO` field's board: 8, the 64 squares rank 1 first in groups of 8, the side to
/// move.
#[must_use]
pub fn board_text(board: &Board) -> String {
    let black = board.discs(Color::Black).bits();
    let white = board.discs(Color::White).bits();
    let mut out = String::from("8");
    for rank in 0..8 {
        out.push(' ');
        for file in 0..8 {
            let bit = 1u64 << (rank * 8 + file);
            out.push(if black & bit != 0 {
                '*'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            });
        }
    }
    out.push(' ');
    out.push(if board.side_to_move() == Color::Black {
        '*'
    } else {
        'O'
    });
    out
}

/// The game of `plies` from the start position as one GGF line.
///
/// ```
/// use reversi_match::ggf::{game, Header};
/// let plies = ["f5", "d6"].map(|p| p.parse().unwrap());
/// let header = Header { black: "a", white: "b", ..Header::default() };
/// assert_eq!(
///     game(&plies, &header),
///     "(;GM[Othello]PC[reversi-match]PB[a]PW[b]TY[8]\
///      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
///      B[f5]W[d6];)"
/// );
/// ```
#[must_use]
pub fn game(plies: &[Ply], header: &Header<'_>) -> String {
    let mut out = format!(
        "(;GM[Othello]PC[reversi-match]PB[{}]PW[{}]",
        value(header.black),
        value(header.white)
    );
    if let Some(result) = header.result {
        out.push_str(&format!("RE[{result:+}]"));
    }
    if let Some(time) = &header.time {
        out.push_str(&format!("TI[{}]", value(time)));
    }
    out.push_str(&format!("TY[8]BO[{}]", board_text(&Board::START)));
    let mut color = Color::Black;
    for ply in plies {
        let side = if color == Color::Black { 'B' } else { 'W' };
        match ply {
            Ply::Move(square) => out.push_str(&format!("{side}[{square}]")),
            Ply::Pass => out.push_str(&format!("{side}[PA]")),
        }
        color = color.other();
    }
    out.push_str(";)");
    out
}

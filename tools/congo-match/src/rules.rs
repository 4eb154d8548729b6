//! The one adapter between the match runner and the `congo` crate: every use of the
//! crate's API by this tool is in this file, so a change of that API is a change here
//! only. The rest of the tool sees positions as [`Board`], moves as text, and the end of
//! a game as [`End`].

use congo::{Color, DrawReason, Outcome, Position, Rules, Status, WinReason};

/// The rules every game is played with: the full rules (pawns promote).
const RULES: Rules = Rules::FULL;

// The calls below are the whole of the tool's use of the changing part of the congo
// API (side to move, the lions' verdict, the game's status, playing a legal move).

/// The side to move of `pos`.
fn turn(pos: &Position) -> Color {
    pos.side_to_move()
}

/// The side whose lion remains when one lion is gone; `None` while both are on the board.
fn lion_winner(pos: &Position) -> Option<Side> {
    match pos.outcome() {
        Some(Outcome::Win(Color::White)) => Some(Side::White),
        Some(Outcome::Win(Color::Black)) => Some(Side::Black),
        // A position alone never gives a draw in Congo: both lions stand.
        Some(Outcome::Draw) | None => None,
    }
}

/// `pos` after `mv`, a move from `pos.legal_moves`.
fn play_legal(pos: &Position, mv: congo::Move) -> Position {
    pos.play_unchecked(mv, RULES)
}

/// `text` as a legal move of `pos`.
fn parse_legal(pos: &Position, text: &str) -> Result<congo::Move, String> {
    pos.parse_move(text).map_err(|e| e.to_string())
}

/// A side, White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White (moves first in the standard start).
    White,
    /// Black.
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// How a position ends the game, by the rules alone (no clock, no ply cap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `side` won; the text says why.
    Win(Side, &'static str),
    /// A draw; the text says why.
    Draw(&'static str),
}

/// A Congo position (placement, side to move, move number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board(Position);

impl Board {
    /// Reads a FEN such as `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`.
    ///
    /// # Errors
    ///
    /// The FEN cannot be read (the message says why).
    pub fn from_fen(fen: &str) -> Result<Board, String> {
        fen.trim()
            .parse::<Position>()
            .map(Board)
            .map_err(|e| e.to_string())
    }

    /// The FEN of the position.
    #[must_use]
    pub fn fen(&self) -> String {
        self.0.to_string()
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        match turn(&self.0) {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }

    /// The legal moves of the side to move, as text, sorted (empty when the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if lion_winner(&self.0).is_none() {
            self.0.legal_moves(&mut moves);
        }
        let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
        names.sort_unstable();
        names
    }

    /// Whether `text` is written as a move (squares such as `d2d3` or `c4a4c2`), legal
    /// here or not.
    #[must_use]
    pub fn is_move_text(text: &str) -> bool {
        text.parse::<congo::Move>().is_ok()
    }

    /// Plays the move written `text` if it is legal.
    ///
    /// # Errors
    ///
    /// The text is not a move, or the move is not legal here (the message says why).
    pub fn play(&self, text: &str) -> Result<Board, String> {
        if lion_winner(&self.0).is_some() {
            return Err("the game is over".to_string());
        }
        let mv = parse_legal(&self.0, text)?;
        Ok(Board(play_legal(&self.0, mv)))
    }

    /// Whether the game is over in this position, by the rules (the congo crate's
    /// [`Position::status`]): a lion is gone (its owner lost); the side to move has no
    /// legal move (it lost); only the two lions are left and the side to move cannot
    /// capture the other lion (a draw).
    #[must_use]
    pub fn end(&self) -> Option<End> {
        let side = |color| match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        };
        match self.0.status() {
            Status::Ongoing => None,
            Status::Won {
                winner,
                reason: WinReason::LionCaptured,
            } => Some(End::Win(side(winner), "lion captured")),
            Status::Won {
                winner,
                reason: WinReason::NoLegalMove,
            } => Some(End::Win(side(winner), "no legal move")),
            Status::Drawn(DrawReason::BareLions) => Some(End::Draw("two bare lions")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(fen: &str) -> Option<End> {
        Board::from_fen(fen).unwrap().end()
    }

    #[test]
    fn ends_by_the_rules() {
        // Black's lion is gone: White captured it.
        assert_eq!(
            end("7/7/7/7/7/7/3L3 b 1"),
            Some(End::Win(Side::White, "lion captured"))
        );
        // Two bare lions on different files and off the d4 diagonals: no capture, a draw.
        assert_eq!(
            end("2l4/7/7/7/7/7/3L3 w 0"),
            Some(End::Draw("two bare lions"))
        );
        // Two bare lions facing each other on an empty file: the side to move captures.
        assert_eq!(end("3l3/7/7/7/7/7/3L3 w 0"), None);
        // c3 and e5 on one diagonal through an empty d4: the lion capture is available.
        assert_eq!(end("7/7/4l2/7/2L4/7/7 b 0"), None);
        // White to move without a legal move: Black won.
        assert_eq!(
            end("lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0"),
            Some(End::Win(Side::Black, "no legal move"))
        );
        // A third piece: play on.
        assert_eq!(end("2l4/7/7/7/7/P6/3L3 w 0"), None);
        assert_eq!(end("2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0"), None);
    }

    #[test]
    fn moves_as_text() {
        let b = Board::from_fen("3l3/7/7/7/7/7/3LZ2 w 0").unwrap();
        assert_eq!(
            b.legal_moves().join(" "),
            "d1c1 d1c2 d1d2 d1d7 d1e2 e1c2 e1d3 e1f3 e1g2"
        );
        assert_eq!(
            b.play("d1d7").unwrap().end(),
            Some(End::Win(Side::White, "lion captured"))
        );
        assert!(b.play("d1d3").is_err());
        assert!(Board::is_move_text("d1d3"));
        assert!(!Board::is_move_text("hello"));
        assert_eq!(b.side_to_move(), Side::White);
    }
}

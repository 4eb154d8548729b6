//! Writing a game as GGF text (`Display`).

use std::fmt::{self, Display, Formatter, Write};

use super::game::{Clock, GgfGame};
use super::item::MoveItem;
use crate::board::Board;
use crate::color::Color;
use crate::Ply;

/// A property value with `]` and `\` escaped and line ends written as spaces.
struct Escaped<'a>(&'a str);

impl Display for Escaped<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                ']' | '\\' => {
                    f.write_char('\\')?;
                    f.write_char(c)?;
                }
                '\n' | '\r' => f.write_char(' ')?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// `BO`'s value: 8, the 64 squares rank 1 first in groups of 8, the side to move.
struct BoardText<'a>(&'a Board);

impl Display for BoardText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let black = self.0.discs(Color::Black).bits();
        let white = self.0.discs(Color::White).bits();
        f.write_char('8')?;
        for index in 0..64 {
            if index % 8 == 0 {
                f.write_char(' ')?;
            }
            let bit = 1u64 << index;
            f.write_char(if black & bit != 0 {
                '*'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            })?;
        }
        f.write_char(' ')?;
        f.write_char(match self.0.side_to_move() {
            Color::Black => '*',
            Color::White => 'O',
        })
    }
}

/// A move's value as a game writes it: the square in lower case or `PA`, then
/// `/eval/time` when given (shortest exact decimals; a non-finite number left out).
struct MoveText<'a>(&'a MoveItem);

impl Display for MoveText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0.ply {
            Ply::Move(square) => write!(f, "{square}")?,
            Ply::Pass => f.write_str("PA")?,
        }
        let eval = self.0.eval.filter(|e| e.is_finite());
        let seconds = self.0.seconds.filter(|s| s.is_finite());
        match (eval, seconds) {
            (None, None) => Ok(()),
            (Some(eval), None) => write!(f, "/{eval}"),
            (None, Some(seconds)) => write!(f, "//{seconds}"),
            (Some(eval), Some(seconds)) => write!(f, "/{eval}/{seconds}"),
        }
    }
}

/// Minutes and seconds with three decimals: `15:00.000`.
fn minutes(f: &mut Formatter<'_>, seconds: f64) -> fmt::Result {
    write!(f, "{}:{:06.3}", (seconds / 60.0).floor(), seconds % 60.0)
}

impl Display for Clock {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        minutes(f, self.main)?;
        if self.increment != 0.0 {
            f.write_char('/')?;
            minutes(f, self.increment)?;
        }
        Ok(())
    }
}

/// The game in one line of GGF, as [`GgfGame`]'s documentation says.
impl Display for GgfGame {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("(;GM[Othello]")?;
        let texts = [
            ("PC", &self.place),
            ("DT", &self.date),
            ("PB", &self.black),
            ("PW", &self.white),
            ("RE", &self.result),
        ];
        for (name, text) in texts {
            if let Some(text) = text {
                write!(f, "{name}[{}]", Escaped(text))?;
            }
        }
        if let Some(clock) = &self.clock {
            write!(f, "TI[{clock}]")?;
        }
        write!(f, "TY[8]BO[{}]", BoardText(&self.start))?;
        let mut color = self.start.side_to_move();
        for item in &self.moves {
            let side = match color {
                Color::Black => 'B',
                Color::White => 'W',
            };
            write!(f, "{side}[{}]", MoveText(item))?;
            color = color.other();
        }
        f.write_str(";)")
    }
}

//! Which records to keep: by player, year and opening (under the board's symmetries).

use reversi::{Square, Symmetry};

use crate::record::Record;

/// An opening: a prefix of squares, in any of the 8 orientations of the board.
///
/// A record matches when, for some symmetry `s` of [`Symmetry::ALL`], its first moves
/// mapped by `s` are the prefix: `s(move[i]) == prefix[i]` for every `i`. The prefix is
/// read as squares only (two characters each, no legality check), so it may be written
/// for the standard start or for the colour-swapped one (d4 and e5 Black, as some
/// programs draw it). From the standard start, the four symmetries that keep the start
/// position (the identity, the half turn and the two diagonal reflections) map a game
/// to a game: `f5`, `d3`, `c4` and `e6` are the same opening. The other four map it to a
/// game from the colour-swapped start: a prefix written from the standard start never
/// matches through them (its first move would not be legal), and one written from the
/// swapped start (`c5`, `e3`, `d6`, `f4` first) matches only through them. A non-empty
/// prefix matches a game through at most one symmetry (no symmetry but the identity
/// maps a first move to itself); the empty prefix matches every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    squares: Vec<Square>,
}

impl Opening {
    /// Reads an opening: squares of two characters (`f5d6c3`, any case), no separators.
    ///
    /// # Errors
    /// A message naming the first text that is not a square.
    ///
    /// ```
    /// use reversi_records::Opening;
    /// assert_eq!(Opening::parse("F5d6")?.len(), 2);
    /// assert!(Opening::parse("f5d").is_err());
    /// assert!(Opening::parse("f5z9").is_err());
    /// # Ok::<_, String>(())
    /// ```
    pub fn parse(text: &str) -> Result<Opening, String> {
        let text = text.trim();
        if text.len() % 2 != 0 || !text.is_ascii() {
            return Err(format!(
                "opening {text:?}: squares are two characters each (f5d6c3)"
            ));
        }
        let squares = (0..text.len() / 2)
            .map(|i| {
                let name = &text[2 * i..2 * i + 2];
                name.to_ascii_lowercase()
                    .parse::<Square>()
                    .map_err(|e| format!("opening {text:?}: move {}: {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Opening { squares })
    }

    /// The number of moves of the prefix.
    #[must_use]
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the prefix is empty (it matches every game).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The squares of the prefix.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The first symmetry of [`Symmetry::ALL`] that maps the first moves of `moves` to
    /// the prefix, `None` when none does (or `moves` is shorter).
    ///
    /// ```
    /// use reversi::Symmetry;
    /// use reversi_records::Opening;
    /// let moves: reversi::Transcript = "d3c5f6".parse()?;
    /// let opening = Opening::parse("f5d6")?;
    /// // d3 -> f5 and c5 -> d6 under the a8-h1 reflection: (file, rank) -> (7 - rank, 7 - file).
    /// assert_eq!(opening.symmetry(moves.moves()), Some(Symmetry::FlipAntiDiagonal));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn symmetry(&self, moves: &[Square]) -> Option<Symmetry> {
        let prefix = moves.get(..self.squares.len())?;
        Symmetry::ALL.into_iter().find(|&s| {
            prefix
                .iter()
                .zip(&self.squares)
                .all(|(m, p)| m.transform(s) == *p)
        })
    }
}

/// The filters of the command line; a record is kept when it passes all that are set.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// A text that Black's or White's name contains (case-insensitive).
    pub player: Option<String>,
    /// The year the game was played.
    pub year: Option<u16>,
    /// The opening.
    pub opening: Option<Opening>,
}

impl Filter {
    /// Whether `record` passes. A record without names never passes a player filter, nor
    /// one without a year a year filter.
    ///
    /// ```
    /// use reversi_records::{Filter, Opening, Record};
    /// let mut record = Record::new("c4e3f6".parse()?);
    /// record.game.black = Some("Tastet Marc".into());
    /// let filter = Filter { player: Some("TASTET".into()), opening: Some(Opening::parse("f5d6")?), year: None };
    /// assert!(filter.matches(&record));
    /// assert!(!Filter { year: Some(1990), ..Filter::default() }.matches(&record));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn matches(&self, record: &Record) -> bool {
        if let Some(player) = &self.player {
            let player = player.to_lowercase();
            let found = [&record.game.black, &record.game.white]
                .into_iter()
                .flatten()
                .any(|name| name.to_lowercase().contains(&player));
            if !found {
                return false;
            }
        }
        if self.year.is_some() && record.game.year != self.year {
            return false;
        }
        if let Some(opening) = &self.opening {
            if opening.symmetry(record.transcript.moves()).is_none() {
                return false;
            }
        }
        true
    }
}

//! All the names of a name file, looked up by number ([`Names`]).

use super::error::WthorError;
use super::game::WthorGame;
use super::header::NameKind;
use super::read::NameReader;
use std::io::Read;

/// All the names of a `.jou` or `.trn` file, to look a name up by its number (the
/// numbers of [`WthorGame`]).
///
/// ```
/// use reversi::wthor::{self, WthorGame, Header, NameKind, Names};
/// let mut file = Vec::new();
/// wthor::write_names(&mut file, &Header::for_names(2), NameKind::Player, &["???", "Tastet Marc"])?;
/// let players = Names::read(&file[..], NameKind::Player)?;
/// assert_eq!((players.len(), players.get(1)), (2, Some("Tastet Marc")));
/// let mut game = WthorGame::default();
/// game.white_player = 1;
/// assert_eq!(game.white_name(&players), Some("Tastet Marc"));
/// assert_eq!(players.get(2), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Names {
    kind: NameKind,
    names: Vec<String>,
}

impl Names {
    /// Reads a whole name file.
    ///
    /// # Errors
    /// The first [`WthorError`] of the [`NameReader`].
    pub fn read<R: Read>(reader: R, kind: NameKind) -> Result<Names, WthorError> {
        let names = NameReader::new(reader, kind)?.collect::<Result<Vec<_>, _>>()?;
        Ok(Names { kind, names })
    }

    /// The name of number `number` (from 0), `None` past the last.
    #[must_use]
    pub fn get(&self, number: u16) -> Option<&str> {
        self.names.get(usize::from(number)).map(String::as_str)
    }

    /// Which file the names are from.
    #[must_use]
    pub const fn kind(&self) -> NameKind {
        self.kind
    }

    /// The names, number 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[String] {
        &self.names
    }

    /// The number of names.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is no name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// A game's tournament and players by name (here, beside [`Names`], so that the game's
/// module does not depend on the names').
impl WthorGame {
    /// The tournament's name, `None` when `tournaments` has no name of that number.
    #[must_use]
    pub fn tournament_name<'a>(&self, tournaments: &'a Names) -> Option<&'a str> {
        tournaments.get(self.tournament)
    }

    /// The Black player's name, `None` when `players` has no name of that number.
    #[must_use]
    pub fn black_name<'a>(&self, players: &'a Names) -> Option<&'a str> {
        players.get(self.black_player)
    }

    /// The White player's name, `None` when `players` has no name of that number.
    #[must_use]
    pub fn white_name<'a>(&self, players: &'a Names) -> Option<&'a str> {
        players.get(self.white_player)
    }
}

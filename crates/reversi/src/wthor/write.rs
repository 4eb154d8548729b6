//! Writing `.wtb` and name files ([`write_games`], [`write_names`]).

use super::error::WriteError;
use super::game::WthorGame;
use super::header::Header;
use super::header::NameKind;
use std::io::Write;

/// Writes a `.wtb` file: `header`, then one 68-byte record a game. The games' `year`
/// fields are not written (the header's year is the file's).
///
/// # Errors
/// [`WriteError::WrongCount`] when `header.games` is not `games.len()` (nothing is then
/// written); [`WriteError::Io`].
///
/// ```
/// use reversi::wthor::{self, WthorGame, Header, WriteError};
/// let games = [WthorGame::new("f5".parse()?)];
/// let error = wthor::write_games(Vec::new(), &Header::for_games(2000, 2), &games).unwrap_err();
/// assert!(matches!(error, WriteError::WrongCount { expected: 2, given: 1 }));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_games<W: Write>(
    mut writer: W,
    header: &Header,
    games: &[WthorGame],
) -> Result<(), WriteError> {
    if u64::from(header.games) != games.len() as u64 {
        return Err(WriteError::WrongCount {
            expected: u64::from(header.games),
            given: games.len() as u64,
        });
    }
    writer.write_all(&header.to_bytes())?;
    for game in games {
        writer.write_all(&game.to_record())?;
    }
    writer.flush()?;
    Ok(())
}

/// Writes a `.jou` or `.trn` file: `header`, then each name in Latin-1, NUL-padded to its
/// record (at most 19 characters for players, 25 for tournaments, so a NUL always
/// follows).
///
/// # Errors
/// [`WriteError::WrongCount`] when `header.names` is not `names.len()`,
/// [`WriteError::NameTooLong`], [`WriteError::NotLatin1`] (all checked before anything is
/// written); [`WriteError::Io`].
///
/// ```
/// use reversi::wthor::{self, Header, NameKind, WriteError};
/// let long = "a name of more than nineteen letters";
/// let error = wthor::write_names(Vec::new(), &Header::for_names(1), NameKind::Player, &[long]).unwrap_err();
/// assert!(matches!(error, WriteError::NameTooLong { index: 0, max: 19, .. }));
/// ```
pub fn write_names<W: Write, S: AsRef<str>>(
    mut writer: W,
    header: &Header,
    kind: NameKind,
    names: &[S],
) -> Result<(), WriteError> {
    if usize::from(header.names) != names.len() {
        return Err(WriteError::WrongCount {
            expected: u64::from(header.names),
            given: names.len() as u64,
        });
    }
    let max = kind.record_len() - 1;
    for (index, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if let Some(character) = name.chars().find(|&c| c == '\0' || u32::from(c) > 0xff) {
            return Err(WriteError::NotLatin1 { index, character });
        }
        let len = name.chars().count();
        if len > max {
            return Err(WriteError::NameTooLong { index, len, max });
        }
    }
    writer.write_all(&header.to_bytes())?;
    for name in names {
        let mut record = [0u8; 26];
        for (byte, c) in record.iter_mut().zip(name.as_ref().chars()) {
            *byte = u32::from(c) as u8;
        }
        writer.write_all(&record[..kind.record_len()])?;
    }
    writer.flush()?;
    Ok(())
}

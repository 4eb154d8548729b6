//! One game as every game file gives it ([`GameRecord`]: players, event, date, start,
//! plies with their evaluations and times, result, theoretical score), its conversions
//! to and from GGF games, WTHOR games and transcripts, and [`read_games`]: every game of
//! a file or stream in any of these formats, each with where it was read.
//!
//! ```
//! use reversi::record::{read_games, Place};
//! // Transcripts one a line (GGF games and WTHOR files read through the same call).
//! let text = "f5d6c3\n# a comment\nf5f5\nf5 d6\n";
//! let games: Vec<_> = read_games(text.as_bytes()).collect();
//! assert_eq!(games.len(), 3);
//! let (place, game) = games[0].as_ref().unwrap();
//! assert_eq!((*place, game.plies.len()), (Place::Line(1), 3));
//! assert_eq!(games[1].as_ref().unwrap_err().to_string(), "line 3: move 2 (f5): square f5 is not empty");
//! assert!(games[2].is_ok());
//! ```

mod detect;
mod game;
mod read;

pub use detect::Format;
pub use game::{GameRecord, InvalidRecord, NotTranscript, PlyNote, Theoretical, WthorNumbers};
pub use read::{read_file, read_games, read_games_as, Games, Place, ReadError, MAX_LINE_BYTES};

//! The text of the assignment's programs, as pure functions: the rule options of their
//! command lines (`--edition`, `--no-promotion`), and the answers of Parts II to V
//! appended to a buffer. Reading input, reporting errors and exit statuses are the
//! `judge` crate's job; each program in `bins/` joins the two.

use std::fmt;

use congo::{IllegalMove, ParseFenError, ParseMoveError, Position, Role, Rules};

use crate::{Game, MaterialTable};

/// A bad rule option (see [`rule_options`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// `--edition` as the last argument.
    MissingEdition,
    /// An edition other than 2021 and 2022.
    UnknownEdition {
        /// The edition given.
        text: String,
    },
}

// By hand rather than derived: the bundled programs are size-limited. The wording is the
// judge programs' one wording of bad arguments (`judge::missing`, `judge::bad`), checked
// by the workspace's tests.
impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::MissingEdition => {
                f.write_str("missing --edition value: expected 2021 or 2022")
            }
            OptionError::UnknownEdition { text } => write!(
                f,
                "bad --edition value \"{}\": expected 2021 or 2022",
                grid::excerpt(text.as_bytes())
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// The rules chosen by command-line arguments, read in order: `--no-promotion` turns
/// promotion off, `--edition 2021` (or `--edition=2021`) is the 2021 rules (no
/// promotion), `--edition 2022` the default full rules ([`Rules::FULL`]), which it does
/// not turn back on. The other arguments are returned in order, for the caller.
///
/// # Errors
///
/// [`OptionError`] for `--edition` without a value or with another edition.
///
/// ```
/// use congo_course::text::{rule_options, OptionError};
/// use congo::Rules;
/// let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(
///     rule_options(args(&["--edition", "2021", "3"])),
///     Ok((Rules::EDITION_2021, args(&["3"])))
/// );
/// assert_eq!(rule_options(args(&["--no-promotion"]))?.0.promotion, false);
/// assert_eq!(rule_options(args(&["--edition"])), Err(OptionError::MissingEdition));
/// assert!(rule_options(args(&["--edition=1999"])).is_err());
/// # Ok::<_, OptionError>(())
/// ```
pub fn rule_options(args: Vec<String>) -> Result<(Rules, Vec<String>), OptionError> {
    let mut rules = Rules::FULL;
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let edition = match arg.strip_prefix("--edition=") {
            Some(edition) => edition.to_owned(),
            None if arg == "--edition" => args.next().ok_or(OptionError::MissingEdition)?,
            None => {
                if arg == "--no-promotion" {
                    rules.promotion = false;
                } else {
                    rest.push(arg);
                }
                continue;
            }
        };
        match edition.as_str() {
            "2021" => rules.promotion = false,
            "2022" => {}
            _ => return Err(OptionError::UnknownEdition { text: edition }),
        }
    }
    Ok((rules, rest))
}

/// Part II: appends every legal move of the position `fen`, sorted alphabetically,
/// separated by single spaces, and a newline (an empty line when there are none).
///
/// # Errors
///
/// A bad FEN; nothing is appended then.
///
/// ```
/// let mut out = Vec::new();
/// congo_course::text::write_moves(b"3l3/7/7/7/7/7/3LZ2 w 0", &mut out)?;
/// // The lion in its castle; it captures the other lion across the empty d-file.
/// let lion = "d1c1 d1c2 d1d2 d1d7 d1e2";
/// let zebra = "e1c2 e1d3 e1f3 e1g2";
/// assert_eq!(out, format!("{lion} {zebra}\n").as_bytes());
/// # Ok::<_, congo::ParseFenError>(())
/// ```
pub fn write_moves(fen: &[u8], out: &mut Vec<u8>) -> Result<(), ParseFenError> {
    let mut moves = Vec::new();
    Position::from_fen_bytes(fen)?.legal_moves(&mut moves);
    write_sorted(&mut moves, out);
    Ok(())
}

/// Part II: [`write_moves`] for the moves of `role`'s pieces only.
///
/// # Errors
///
/// A bad FEN; nothing is appended then.
///
/// ```
/// use congo::Role;
/// let mut out = Vec::new();
/// congo_course::text::write_moves_of(b"3l3/7/7/7/7/7/3LZ2 w 0", Role::Zebra, &mut out)?;
/// assert_eq!(out, b"e1c2 e1d3 e1f3 e1g2\n");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
pub fn write_moves_of(fen: &[u8], role: Role, out: &mut Vec<u8>) -> Result<(), ParseFenError> {
    let mut moves = Vec::new();
    Position::from_fen_bytes(fen)?.legal_moves_of(role, &mut moves);
    write_sorted(&mut moves, out);
    Ok(())
}

/// Appends the moves' names sorted (`Move`'s order is that of the names), single spaces
/// between them, and a newline.
fn write_sorted(moves: &mut [congo::Move], out: &mut Vec<u8>) {
    moves.sort_unstable();
    let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    out.extend_from_slice(names.join(" ").as_bytes());
    out.push(b'\n');
}

/// A score of the Part IV and V programs, from the side to move's view: one of
/// [`material`], [`minimax`], [`advanced`] and [`alpha_beta`] (each program's file keeps
/// only its own when bundled).
pub type Score = fn(&Game, &MaterialTable) -> i32;

/// Part IV evaluation: material ([`crate::eval::material_eval`]).
///
/// ```
/// use congo::Rules;
/// use congo_course::{Game, MaterialTable};
/// let game = Game::new("3l3/7/7/7/7/7/3LZ2 w 0".parse()?, Rules::FULL);
/// assert_eq!(congo_course::text::material(&game, &MaterialTable::STANDARD), 300);
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn material(game: &Game, table: &MaterialTable) -> i32 {
    crate::eval::material_eval(&game.position, table)
}

/// Part IV minimax: negamax to depth 2 on the material evaluation ([`Game::minimax`]).
#[must_use]
pub fn minimax(game: &Game, table: &MaterialTable) -> i32 {
    game.minimax(2, table)
}

/// Part V evaluation: material + mobility + attack ([`crate::eval::advanced_eval`]).
#[must_use]
pub fn advanced(game: &Game, table: &MaterialTable) -> i32 {
    crate::eval::advanced_eval(&game.position, table)
}

/// Part V alpha-beta: fail-hard negamax alpha-beta to depth 4 on the advanced evaluation
/// ([`Game::alpha_beta`]).
#[must_use]
pub fn alpha_beta(game: &Game, table: &MaterialTable) -> i32 {
    game.alpha_beta(4, table)
}

/// Parts IV and V: appends `score` of the game at `fen` under `rules`, with
/// [`MaterialTable::STANDARD`], and a newline.
///
/// The 2021 edition's material values agree with the standard table on every piece of
/// that edition, so one table serves both editions; they differ only in promotion.
///
/// # Errors
///
/// A bad FEN; nothing is appended then.
///
/// ```
/// use congo_course::text::{material, write_score};
/// use congo::Rules;
/// let mut out = Vec::new();
/// write_score(b"3l3/7/7/7/7/7/3LZ2 w 0", Rules::FULL, material, &mut out)?;
/// assert_eq!(out, b"300\n");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
pub fn write_score(
    fen: &[u8],
    rules: Rules,
    score: Score,
    out: &mut Vec<u8>,
) -> Result<(), ParseFenError> {
    let game = Game::new(Position::from_fen_bytes(fen)?, rules);
    let value = score(&game, &MaterialTable::STANDARD);
    out.extend_from_slice(format!("{value}\n").as_bytes());
    Ok(())
}

/// The status line of Part III: `Continue` while both lions are on the board, else
/// `White wins` or `Black wins` (the [`Outcome`](congo::Outcome) text), judged by the
/// lions alone as the assignment asks ([`Position::outcome`]; a side to move without a
/// legal move still reads `Continue`, where [`Position::status`] says it lost).
///
/// ```
/// use congo::Position;
/// use congo_course::text::status_text;
/// assert_eq!(status_text(&Position::START), "Continue");
/// assert_eq!(status_text(&"7/7/7/7/7/7/3L3 b 0".parse()?), "White wins");
/// assert_eq!(status_text(&"3l3/7/7/7/7/7/7 w 0".parse()?), "Black wins");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn status_text(position: &Position) -> &'static str {
    match position.winner() {
        None => "Continue",
        Some(congo::Color::White) => "White wins",
        Some(congo::Color::Black) => "Black wins",
    }
}

/// Why a Part III case could not be played (see [`write_play`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The FEN line is bad.
    #[error("{0}")]
    Fen(#[from] ParseFenError),
    /// The move number is the largest there is and Black is to move: the move number
    /// after the move does not fit 64 bits.
    #[error("bad move number \"18446744073709551615\": expected a number from 0 to 18446744073709551614 when Black is to move (it grows by one)")]
    MoveNumber,
    /// The move line is not a legal move of the position.
    #[error("illegal move {text}: {reason}")]
    Move {
        /// The move line as shown in the message ([`grid::excerpt`]).
        text: String,
        /// Why it is not legal.
        reason: IllegalMove,
    },
}

impl PlayError {
    /// Which input line is at fault: 0 for the FEN line, 1 for the move line.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// let error = congo_course::text::write_play(b"3l3/7/7/7/7/7/3L3 w 0", b"d1d5", congo::Rules::FULL, &mut out)
    ///     .unwrap_err();
    /// assert_eq!(error.line(), 1);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            PlayError::Fen(_) | PlayError::MoveNumber => 0,
            PlayError::Move { .. } => 1,
        }
    }
}

/// Part III: plays the move `move_text` (such as `d2d3`) in the position `fen` under
/// `rules` and appends the new FEN and the game's status (`Continue`, `White wins` or
/// `Black wins`), each on its own line.
///
/// # Errors
///
/// [`PlayError`] for a bad FEN, an illegal move, or a move number that cannot grow (the
/// largest, [`u64::MAX`], with Black to move); nothing is appended then.
///
/// ```
/// use congo_course::text::{write_play, PlayError};
/// use congo::Rules;
/// let mut out = Vec::new();
/// let last = b"3l3/7/7/7/7/7/3L3 b 18446744073709551615";
/// assert_eq!(write_play(last, b"d7d6", Rules::FULL, &mut out), Err(PlayError::MoveNumber));
/// write_play(b"3l3/7/7/7/7/7/3L3 b 18446744073709551614", b"d7d6", Rules::FULL, &mut out)?;
/// assert_eq!(out, b"7/3l3/7/7/7/7/3L3 w 18446744073709551615\nContinue\n");
/// out.clear();
/// let mut out = Vec::new();
/// congo_course::text::write_play(b"3l3/7/7/7/7/7/3L3 w 0", b"d1d2", Rules::FULL, &mut out)?;
/// assert_eq!(out, b"3l3/7/7/7/7/3L3/7 b 0\nContinue\n");
/// # Ok::<_, congo_course::text::PlayError>(())
/// ```
pub fn write_play(
    fen: &[u8],
    move_text: &[u8],
    rules: Rules,
    out: &mut Vec<u8>,
) -> Result<(), PlayError> {
    let position = Position::from_fen_bytes(fen)?;
    if position.side_to_move() == congo::Color::Black && position.move_number() == u64::MAX {
        return Err(PlayError::MoveNumber);
    }
    let mv = std::str::from_utf8(move_text)
        .map_err(|_| {
            IllegalMove::Syntax(ParseMoveError::Length {
                len: move_text.len(),
            })
        })
        .and_then(|text| position.parse_move(text))
        .map_err(|reason| PlayError::Move {
            text: grid::excerpt(move_text),
            reason,
        })?;
    let after = position.play_unchecked(mv, rules);
    out.extend_from_slice(format!("{after}\n{}\n", status_text(&after)).as_bytes());
    Ok(())
}

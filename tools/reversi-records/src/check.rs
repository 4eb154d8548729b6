//! The theoretical-score check: a WTHOR record's theoretical score against the exact
//! solver's, from the same number of empty squares.

use reversi::{Board, Color, Transcript};
use reversi_engine::{Engine, Mode, SearchLimits};

/// The position of a game at `empties` empty squares: the moves are played while the
/// board has more empty squares (a side with no move passes), so the result has exactly
/// `empties` empty squares, or more when the game ended before; the side to move there
/// is the one that has a move, unless the game is over.
///
/// ```
/// use reversi_records::check::position_at;
/// let game: reversi::Transcript = "f5d6c3d3c4".parse()?;
/// assert_eq!(position_at(&game, 58).empty_squares().len(), 58);
/// assert_eq!(position_at(&game, 10).empty_squares().len(), 55); // the game is shorter
/// # Ok::<_, reversi::ParseTranscriptError>(())
/// ```
#[must_use]
pub fn position_at(transcript: &Transcript, empties: u8) -> Board {
    let mut board = Board::START;
    for &square in transcript.moves() {
        if board.empty_squares().len() <= u32::from(empties) {
            break;
        }
        if let Ok(passed) = board.pass() {
            board = passed;
        }
        // A transcript holds legal moves only.
        board = board.play(square).unwrap_or(board);
    }
    if !board.is_game_over() {
        if let Ok(passed) = board.pass() {
            board = passed;
        }
    }
    board
}

/// Black's discs at the end with perfect play from `board` (WTHOR's count: the empty
/// squares go to the winner), by the engine's exact solver ([`Engine::solve`]); with
/// the solver's node count.
///
/// ```
/// use reversi_records::check::{perfect_black_discs, position_at};
/// // Game 4 of WTH_1978.wtb ends 64-0 with one square empty; perfect play from the
/// // final position is the final score.
/// let moves = "f5f6e6f4e3c5c4d3f3e2f2d2c3d6d1b5c1c2b3e1f1a3a6b4a4b6a2g3a5b2h3h2h1g1g2\
///              b1h4g4a1h5g5b7a7a8b8c8c6h6g6c7d7d8g7f7f8g8e7e8h8";
/// let board = position_at(&moves.parse()?, 0);
/// let mut engine = reversi_engine::Engine::with_table_bytes(1 << 20);
/// assert_eq!(perfect_black_discs(&board, &mut engine).0, 64);
/// # Ok::<_, reversi::ParseTranscriptError>(())
/// ```
pub fn perfect_black_discs(board: &Board, engine: &mut Engine) -> (u8, u64) {
    engine.set_board(*board);
    let solution = engine.solve(Mode::Exact, SearchLimits::default());
    let for_black = match board.side_to_move() {
        Color::Black => solution.lower,
        Color::White => -solution.lower,
    };
    // The score is a disc difference of a full count (64 discs): even, -64 to 64.
    (((64 + for_black) / 2) as u8, solution.nodes)
}

/// The outcome of checking one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The empty squares of the position solved (more than asked when the game ended
    /// before).
    pub empties: u32,
    /// The record's theoretical score (Black's discs).
    pub record: u8,
    /// The solver's.
    pub solver: u8,
    /// The solver's nodes.
    pub nodes: u64,
}

impl Checked {
    /// Whether the record agrees with the solver.
    #[must_use]
    pub const fn agrees(&self) -> bool {
        self.record == self.solver
    }
}

/// Checks a record's theoretical score `record` (Black's discs) from `empties` empty
/// squares of `transcript`.
pub fn check(transcript: &Transcript, empties: u8, record: u8, engine: &mut Engine) -> Checked {
    let board = position_at(transcript, empties);
    let (solved, nodes) = perfect_black_discs(&board, engine);
    Checked {
        empties: board.empty_squares().len(),
        record,
        solver: solved,
        nodes,
    }
}

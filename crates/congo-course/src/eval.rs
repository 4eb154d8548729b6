//! Evaluation (the assignment's Parts IV and V): material, and the advanced evaluation
//! material + mobility + attack, with the lion special cases.
//!
//! All scores are integers in the assignment's units (a pawn is 100), from the view of the
//! side to move.

use congo::{ByRole, Color, Move, Position, Role};

/// The score of a won game (the opponent's lion is gone), from the winner's view.
pub const WIN_SCORE: i32 = 10_000;

/// Material values per piece kind, in the assignment's units.
///
/// Lions are never counted (a missing lion is a won or lost game instead).
///
/// | kind | [`STANDARD`](Self::STANDARD) | [`EDITION_2021`](Self::EDITION_2021) |
/// |---|---|---|
/// | pawn | 100 | 100 |
/// | elephant | 200 | 200 |
/// | zebra | 300 | 300 |
/// | superpawn | 350 | 350 (no such piece in that edition) |
/// | giraffe | 400 | 400 (no such piece) |
/// | monkey | 500 (our choice) | 500 (no such piece) |
/// | crocodile | 500 (our choice) | 500 (no such piece) |
///
/// The pawn, elephant, zebra, superpawn and giraffe values are the ones the assignment's
/// problems use. No problem values the monkey or the crocodile. We give both 500: above
/// the giraffe, the strongest valued piece of the assignment, because both move like a
/// non-royal king and add a long-range power (the monkey's multi-capture jumps, the
/// crocodile's slides toward and along the river); a public Congo engine (zhukovdm/Congo)
/// likewise rates them equal and above every other non-royal piece.
///
/// The 2021 edition used only lion, zebra, elephant and pawn, with the same values as the
/// 2022 edition (its samples need pawn 100, elephant 200, zebra 300); for the pieces it did
/// not have, its table keeps the standard values so that every position has a value.
/// The two editions differ in promotion, a rule option, not in material.
///
/// ```
/// use congo::Role;
/// use congo_course::MaterialTable;
/// assert_eq!(MaterialTable::STANDARD.value(Role::Superpawn), 350);
/// assert_eq!(MaterialTable::EDITION_2021.value(Role::Elephant), 200);
/// assert_eq!(MaterialTable::STANDARD.value(Role::Lion), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MaterialTable {
    values: ByRole<i32>,
}

impl MaterialTable {
    /// The default table covering every piece (reproduces every 2022 sample).
    pub const STANDARD: MaterialTable = MaterialTable::new(ByRole {
        pawn: 100,
        superpawn: 350,
        giraffe: 400,
        monkey: 500,
        elephant: 200,
        lion: 0,
        crocodile: 500,
        zebra: 300,
    });

    /// The 2021 edition's table (pawn 100, elephant 200, zebra 300; the other kinds, absent
    /// from that edition, as in [`STANDARD`](Self::STANDARD)): [`STANDARD`](Self::STANDARD)
    /// itself, as the editions differ in promotion, a rule option, not in material.
    pub const EDITION_2021: MaterialTable = MaterialTable::STANDARD;

    /// A table from one value per kind. The lion's entry is ignored (lions are never
    /// counted).
    ///
    /// ```
    /// use congo::{ByRole, Role};
    /// use congo_course::MaterialTable;
    /// let t = MaterialTable::new(ByRole { zebra: 8, lion: 6, ..ByRole::default() });
    /// assert_eq!(t.value(Role::Zebra), 8);
    /// assert_eq!(t.value(Role::Lion), 0);
    /// ```
    #[must_use]
    pub const fn new(mut values: ByRole<i32>) -> MaterialTable {
        values.lion = 0;
        MaterialTable { values }
    }

    /// The value of one piece of kind `role` (0 for the lion).
    #[must_use]
    pub const fn value(self, role: Role) -> i32 {
        *self.values.get(role)
    }

    /// The material of `color`: the sum of its pieces' values (lions not counted).
    ///
    /// ```
    /// use congo::{Color, Position};
    /// use congo_course::MaterialTable;
    /// // 7 pawns, giraffe 400, monkey 500, 2 elephants 400, crocodile 500, zebra 300.
    /// assert_eq!(MaterialTable::STANDARD.material(&Position::START, Color::Black), 2800);
    /// ```
    #[must_use]
    pub fn material(self, pos: &Position, color: Color) -> i32 {
        Role::ALL
            .into_iter()
            .map(|role| pos.pieces(color, role).len() as i32 * self.value(role))
            .sum()
    }
}

impl Default for MaterialTable {
    /// [`MaterialTable::STANDARD`].
    fn default() -> MaterialTable {
        MaterialTable::STANDARD
    }
}

/// The lion special cases shared by both evaluations, from White's view: `Some(0)` when
/// only the two lions are left, `Some(WIN_SCORE)` when Black's lion is missing,
/// `Some(-WIN_SCORE)` when White's lion is missing, checked in that order; `None` otherwise.
fn lion_cases(pos: &Position) -> Option<i32> {
    let white_lion = !pos.pieces(Color::White, Role::Lion).is_empty();
    let black_lion = !pos.pieces(Color::Black, Role::Lion).is_empty();
    let lions = pos.pieces(Color::White, Role::Lion) | pos.pieces(Color::Black, Role::Lion);
    if white_lion && black_lion && pos.occupied() == lions {
        Some(0)
    } else if !black_lion {
        Some(WIN_SCORE)
    } else if !white_lion {
        Some(-WIN_SCORE)
    } else {
        None
    }
}

/// `white_score` from the side to move's view.
fn for_side_to_move(pos: &Position, white_score: i32) -> i32 {
    match pos.side_to_move() {
        Color::White => white_score,
        Color::Black => -white_score,
    }
}

/// The Part IV evaluation from the side to move's view: only the two lions left -> 0;
/// Black's lion missing -> +10000 for White; White's lion missing -> -10000 for White
/// (checked in that order); otherwise White's material minus Black's under `table`.
/// Negated when Black is to move.
///
/// ```
/// use congo::Position;
/// use congo_course::{eval::material_eval, MaterialTable};
/// let pos: Position = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12".parse()?;
/// assert_eq!(material_eval(&pos, &MaterialTable::STANDARD), 1200);
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn material_eval(pos: &Position, table: &MaterialTable) -> i32 {
    let white = lion_cases(pos)
        .unwrap_or_else(|| table.material(pos, Color::White) - table.material(pos, Color::Black));
    for_side_to_move(pos, white)
}

/// Mobility and attack of one side, as the advanced evaluation counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Activity {
    /// The number of the side's legal moves (as if it were to move).
    pub mobility: i32,
    /// The number of those moves whose final square holds an enemy piece, plus 10 more for
    /// each whose final square holds the enemy lion.
    pub attack: i32,
}

/// The [`Activity`] of `color` in `pos`, counted as if `color` were to move.
///
/// "Lands on an enemy piece" means the move's final square holds an enemy piece before
/// the move. A monkey's capturing jumps land on empty squares, so they count for mobility
/// only (the assignment's attack term counts landings, and its problems have no monkey).
/// A lion capture lands on the enemy lion: it counts 1 + 10.
///
/// ```
/// use congo::{Color, Position};
/// use congo_course::eval::activity;
/// // White: lion d1 (c1 c2 d2 e2, and the lion capture d1d7), zebra e1 (c2 d3 f3 g2).
/// let pos: Position = "3l3/7/7/7/7/7/3LZ2 w 0".parse()?;
/// let white = activity(&pos, Color::White);
/// assert_eq!((white.mobility, white.attack), (9, 11));
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn activity(pos: &Position, color: Color) -> Activity {
    let mut moves = Vec::with_capacity(64);
    activity_with(pos, color, &mut moves)
}

/// [`activity`] with a caller-provided move buffer (the search's hot path).
fn activity_with(pos: &Position, color: Color, moves: &mut Vec<Move>) -> Activity {
    let mut as_mover = *pos;
    as_mover.set_side_to_move(color);
    as_mover.legal_moves(moves);
    let enemy = pos.occupied_by(color.other()).bits();
    let enemy_lion = pos.pieces(color.other(), Role::Lion).bits();
    let mut attack = 0;
    for mv in moves.iter() {
        let to = 1u64 << mv.to().index();
        if enemy & to != 0 {
            attack += if enemy_lion & to != 0 { 11 } else { 1 };
        }
    }
    Activity {
        mobility: moves.len() as i32,
        attack,
    }
}

/// The Part V advanced evaluation from the side to move's view: the lion special cases
/// of [`material_eval`] replace everything; otherwise (White minus Black) material +
/// mobility + attack, each side's [`activity`] counted as if it were to move. Negated when
/// Black is to move.
///
/// ```
/// use congo::Position;
/// use congo_course::{eval::advanced_eval, MaterialTable};
/// let pos: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
/// assert_eq!(advanced_eval(&pos, &MaterialTable::STANDARD), -102);
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn advanced_eval(pos: &Position, table: &MaterialTable) -> i32 {
    let mut moves = Vec::with_capacity(64);
    advanced_eval_with(pos, table, &mut moves)
}

/// [`advanced_eval`] with a caller-provided move buffer.
pub(crate) fn advanced_eval_with(
    pos: &Position,
    table: &MaterialTable,
    moves: &mut Vec<Move>,
) -> i32 {
    let white = lion_cases(pos).unwrap_or_else(|| {
        let w = activity_with(pos, Color::White, moves);
        let b = activity_with(pos, Color::Black, moves);
        table.material(pos, Color::White) - table.material(pos, Color::Black)
            + (w.mobility - b.mobility)
            + (w.attack - b.attack)
    });
    for_side_to_move(pos, white)
}

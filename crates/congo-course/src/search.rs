//! Game-tree search: the assignment's minimax (Part IV) and fail-hard alpha-beta (Part V),
//! plain and with move ordering. (The tournament engine's search is another crate's.)
//!
//! Everything here is generic over [`SearchPosition`] (a position that lists its legal
//! moves and plays one), with the evaluation passed in as a closure, so the same code
//! searches Congo positions and, in the tests, synthetic game trees.

/// What a search needs from a game position.
///
/// Scores are always from the view of the side to move (negamax convention).
pub trait SearchPosition: Sized {
    /// A move of the game.
    type Move: Copy + PartialEq;

    /// Whether the game has ended here. A finished position is evaluated, never expanded.
    fn is_finished(&self) -> bool;

    /// Appends every legal move of the side to move to `moves` (which the caller cleared).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The position after the legal move `mv`.
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// A move-ordering hint for [`alpha_beta_ordered`]: moves with a higher hint are searched
    /// first (for example captures before quiet moves). It never changes a search's value,
    /// only how soon alpha-beta can cut. The default gives every move 0.
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// A hash of the position for [`alpha_beta_ordered`]'s table of best moves (a transposition
    /// table used for move ordering only, so collisions cost speed, never correctness).
    /// The default `None` disables the table.
    fn hash_key(&self) -> Option<u64> {
        None
    }
}

/// The value the assignment's minimax starts its maximum from (Part IV): a side with no
/// legal move (and both lions on the board) scores this, worse than any evaluation.
pub const MINIMAX_START: i32 = -10_000_000;

/// The bound of the alpha-beta root window `(-INFINITY, INFINITY)`: wider than any
/// evaluation (Part V) and equal to minus [`MINIMAX_START`], so that a fail-hard search in
/// this window returns exactly the minimax value, also for positions without moves.
pub const INFINITY: i32 = 10_000_000;

/// The assignment's minimax (Part IV), in negamax form: at a finished game or at depth 0
/// return `eval(pos)` (from the side to move's view); otherwise the maximum over the legal
/// moves of minus the child's value, starting from [`MINIMAX_START`].
///
/// ```
/// use congo_course::eval::material_eval;
/// use congo_course::search::negamax;
/// use congo_course::{Game, MaterialTable};
/// let game: Game = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
/// let table = MaterialTable::STANDARD;
/// assert_eq!(negamax(&game, 2, &mut |g: &Game| material_eval(&g.position, &table)), -100);
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn negamax<P: SearchPosition>(pos: &P, depth: u32, eval: &mut impl FnMut(&P) -> i32) -> i32 {
    if depth == 0 || pos.is_finished() {
        return eval(pos);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = MINIMAX_START;
    for mv in moves {
        let value = -negamax(&pos.play(mv), depth - 1, eval);
        if value > best {
            best = value;
        }
    }
    best
}

/// The assignment's fail-hard alpha-beta (Part V), in negamax form, moves searched in
/// generation order: at a finished game or depth 0 return `eval(pos)`; for each move,
/// value = minus the child's value searched with the window `(-beta, -alpha)`; a value
/// `>= beta` returns `beta`; a value `> alpha` raises `alpha`; finally return `alpha`.
///
/// With the window `(-INFINITY, INFINITY)` the result equals [`negamax`] at the same
/// depth; in general it is the negamax value clamped to `[alpha, beta]`.
///
/// ```
/// use congo_course::eval::advanced_eval;
/// use congo_course::search::{alpha_beta, INFINITY};
/// use congo_course::{Game, MaterialTable};
/// let game: Game = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
/// let table = MaterialTable::STANDARD;
/// let mut eval = |g: &Game| advanced_eval(&g.position, &table);
/// assert_eq!(alpha_beta(&game, 4, -INFINITY, INFINITY, &mut eval), -105);
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn alpha_beta<P: SearchPosition>(
    pos: &P,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    eval: &mut impl FnMut(&P) -> i32,
) -> i32 {
    if depth == 0 || pos.is_finished() {
        return eval(pos);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for mv in moves {
        let value = -alpha_beta(&pos.play(mv), depth - 1, -beta, -alpha, eval);
        if value >= beta {
            return beta;
        }
        if value > alpha {
            alpha = value;
        }
    }
    alpha
}

/// Search state of [`alpha_beta_ordered`].
struct Deepening<'a, P: SearchPosition, E> {
    eval: &'a mut E,
    /// One reusable move list per ply.
    buffers: Vec<Vec<P::Move>>,
    /// Per ply, the last two moves that caused a beta cutoff (killer moves).
    killers: Vec<[Option<P::Move>; 2]>,
    /// Best move last found per position hash (index: the low bits of the hash).
    table: Vec<(u64, Option<P::Move>)>,
    /// The table's number of entries (a power of two), allocated on first use.
    table_size: usize,
}

/// Entries of the best-move table of [`alpha_beta_ordered`] (small: depth-4 searches
/// visit a few thousand positions, and a judge runs one search per input line).
const ORDERED_TABLE_SIZE: usize = 1 << 12;

/// Ordering bonus of the best-move table's move: before everything else.
const TABLE_BONUS: i32 = 1 << 30;

/// Ordering bonus of the first and second killer move: above quiet moves (hint 0),
/// below the Congo captures (hint above 100).
const KILLER_BONUS: [i32; 2] = [50, 40];

impl<'a, P: SearchPosition, E: FnMut(&P) -> i32> Deepening<'a, P, E> {
    fn new(eval: &'a mut E, table_size: usize) -> Self {
        Deepening {
            eval,
            buffers: Vec::new(),
            killers: Vec::new(),
            table: Vec::new(),
            table_size,
        }
    }

    /// The table's best move for the position with hash `key`, if any.
    fn table_move(&self, key: Option<u64>) -> Option<P::Move> {
        let key = key?;
        let (stored, mv) = *self.table.get(key as usize & (self.table_size - 1))?;
        if stored == key {
            mv
        } else {
            None
        }
    }

    /// Records `mv` as the best move of the position with hash `key`.
    fn store(&mut self, key: Option<u64>, mv: P::Move) {
        if let Some(key) = key {
            if self.table.is_empty() {
                self.table = vec![(0, None); self.table_size];
            }
            self.table[key as usize & (self.table_size - 1)] = (key, Some(mv));
        }
    }

    /// Fail-hard alpha-beta with move ordering (table move, hint, then killer moves).
    fn search(&mut self, pos: &P, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if depth == 0 || pos.is_finished() {
            return (self.eval)(pos);
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
            self.killers.push([None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let killers = self.killers[ply];
        let hash = pos.hash_key();
        let table_move = self.table_move(hash);
        moves.sort_by_key(|&mv| {
            let mut key = pos.order_hint(mv);
            if table_move == Some(mv) {
                key = TABLE_BONUS;
            } else if key == 0 {
                if killers[0] == Some(mv) {
                    key = KILLER_BONUS[0];
                } else if killers[1] == Some(mv) {
                    key = KILLER_BONUS[1];
                }
            }
            std::cmp::Reverse(key)
        });
        let mut best = None;
        for &mv in &moves {
            let value = -self.search(&pos.play(mv), depth - 1, ply + 1, -beta, -alpha);
            if value >= beta {
                let k = &mut self.killers[ply];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                best = Some(mv);
                alpha = beta;
                break;
            }
            if value > alpha {
                best = Some(mv);
                alpha = value;
            }
        }
        if let Some(mv) = best {
            self.store(hash, mv);
        }
        self.buffers[ply] = moves;
        alpha
    }
}

/// The same value as [`alpha_beta`] with the window `(-INFINITY, INFINITY)` (that is, the
/// negamax value at `depth`), found faster: the assignment's fail-hard alpha-beta with
/// move ordering (the best move found for the same position by the previous iteration
/// first, then captures by [`SearchPosition::order_hint`], then killer moves), run by
/// iterative deepening from depth 1 so that each iteration orders the next.
/// Ordering changes which moves are cut, never the value: a fail-hard search in the
/// full window returns the exact negamax value in any move order.
///
/// ```
/// use congo_course::eval::advanced_eval;
/// use congo_course::search::{alpha_beta_ordered, negamax};
/// use congo_course::{Game, MaterialTable};
/// let game: Game = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12".parse()?;
/// let mut eval = |g: &Game| advanced_eval(&g.position, &MaterialTable::STANDARD);
/// assert_eq!(alpha_beta_ordered(&game, 4, &mut eval), 1020);
/// assert_eq!(alpha_beta_ordered(&game, 2, &mut eval), negamax(&game, 2, &mut eval));
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn alpha_beta_ordered<P: SearchPosition>(
    pos: &P,
    depth: u32,
    eval: &mut impl FnMut(&P) -> i32,
) -> i32 {
    let mut state = Deepening::new(eval, ORDERED_TABLE_SIZE);
    let mut value = 0;
    for d in 1..=depth.max(1) {
        value = state.search(pos, d.min(depth), 0, -INFINITY, INFINITY);
    }
    value
}

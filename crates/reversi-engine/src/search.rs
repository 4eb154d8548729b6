//! The endgame search on raw bitboards (`p` = the side to move's discs, `o` = the
//! opponent's): null-window and principal-variation alpha-beta (fail-soft), with a
//! transposition table, enhanced transposition cutoffs, stability cutoffs, fastest-first
//! move ordering, and hand-written solvers for the last 1 to 4 empty squares.
//!
//! Scores are final disc differences for the side to move (empty squares to the winner),
//! always even, from -64 to 64. A fail-soft search of window `(alpha, beta)` returns `v`
//! with: `v <= alpha` means score `<= v`; `v >= beta` means score `>= v`; otherwise
//! `v` is the score.

use std::time::Instant;

use reversi::{kernel, Color};

use crate::stability::stable_discs;
use crate::table::{Table, NO_MOVE};

/// Below this many empty squares the search uses no table (the table costs more than it
/// saves near the leaves).
pub(crate) const DEEP: u32 = 8;

/// From this many empty squares on, children are looked up in the table before any is
/// searched (enhanced transposition cutoff).
const ETC_MIN: u32 = 12;

/// From this many empty squares on, moves are ordered by a shallow search of each child.
const SORT_SEARCH_MIN: u32 = 22;

/// The four corners.
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The four quadrants (files a-d / e-h by ranks 1-4 / 5-8), for parity.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The empty squares lying in a quadrant with an odd number of empty squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 != 0 {
            odd |= q;
        }
    }
    odd & empty
}

/// Squares in the order the shallow search tries them within one parity class: corners,
/// then the rest (X- and C-squares, next to the corners, last).
const PRIORITY: [u64; 3] = [CORNERS, !(CORNERS | X_AND_C), X_AND_C];

/// The squares next to a corner (giving it away, in most positions).
const X_AND_C: u64 = 0x42C3_0000_0000_C342;

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Not stopped.
    No,
    /// The node or time limit was reached: results from now on are not proven.
    Limit,
}

/// One move of a move list.
#[derive(Clone, Copy, Default)]
struct Move {
    square: u32,
    flipped: u64,
    key: u64,
    order: i32,
}

/// The search state: table, node counter, limits.
pub(crate) struct Search {
    pub(crate) table: Table,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Stop,
    next_check: u64,
    /// Technique switches, for measuring what each one buys.
    pub(crate) use_table: bool,
    pub(crate) use_etc: bool,
    pub(crate) use_stability: bool,
    pub(crate) use_sort_search: bool,
    pub(crate) use_mobility_order: bool,
    pub(crate) use_null_window: bool,
    pub(crate) use_small_solvers: bool,
    /// The move lists of the nodes on the current line, one after another.
    stack: Vec<Move>,
    /// Where the next node's list starts in `stack`.
    top: usize,
}

/// How often (in nodes) the clock is read.
const CHECK_EVERY: u64 = 1 << 14;

impl Search {
    pub(crate) fn new(table: Table) -> Search {
        Search {
            table,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Stop::No,
            next_check: CHECK_EVERY,
            use_table: true,
            use_etc: true,
            use_stability: true,
            use_sort_search: true,
            use_mobility_order: true,
            use_null_window: true,
            use_small_solvers: true,
            stack: vec![Move::default(); 64 * 36],
            top: 0,
        }
    }

    /// Prepares a new search with these limits (the node limit counts from now).
    pub(crate) fn start(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.stop = Stop::No;
        self.top = 0;
        self.next_check = CHECK_EVERY.min(node_limit);
        self.table.new_search();
    }

    #[cold]
    fn check_limits(&mut self) {
        self.next_check = self.nodes + CHECK_EVERY;
        if self.nodes >= self.node_limit || self.deadline.map_or(false, |d| Instant::now() >= d) {
            self.stop = Stop::Limit;
        }
        self.next_check = self.next_check.min(self.node_limit);
    }

    /// Whether the search was stopped by a limit (every later result is unproven).
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop != Stop::No
    }

    /// The score of `p` to move against `o` with `n` empty squares, fail-soft in the
    /// window `(alpha, beta)`; `key` and `side` are the board's Zobrist key and colour to
    /// move (used from [`DEEP`] empties on). Meaningless once [`Search::stopped`].
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search(
        &mut self,
        p: u64,
        o: u64,
        key: u64,
        side: Color,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> i32 {
        if n <= 4 && self.use_small_solvers {
            self.solve_small(p, o, alpha, beta, n)
        } else if n < DEEP {
            self.shallow(p, o, alpha, beta, n)
        } else if beta == alpha + 1 && self.use_null_window {
            self.nws(p, o, key, side, alpha, n)
        } else {
            self.pvs(p, o, key, side, alpha, beta, n)
        }
    }

    /// The last 0 to 4 empties: finds them and calls the matching solver, the squares
    /// ordered by parity (squares alone in their quadrant first).
    #[inline]
    fn solve_small(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        let empty = !(p | o);
        match n {
            0 => {
                self.nodes += 1;
                kernel::final_score(p, o)
            }
            1 => {
                self.nodes += 1;
                solve_1(p, o, empty.trailing_zeros())
            }
            2 => {
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                self.solve_2(p, o, alpha, beta, x1, x2, false)
            }
            3 => {
                let odd = odd_quadrants(empty);
                let mut xs = [0u32; 3];
                let mut i = 0;
                for set in [empty & odd, empty & !odd] {
                    let mut bits = set;
                    while bits != 0 {
                        xs[i] = bits.trailing_zeros();
                        i += 1;
                        bits &= bits - 1;
                    }
                }
                self.solve_3(p, o, alpha, beta, xs, false)
            }
            _ => {
                let odd = odd_quadrants(empty);
                let mut xs = [0u32; 4];
                let mut i = 0;
                for set in [empty & odd, empty & !odd] {
                    let mut bits = set;
                    while bits != 0 && i < 4 {
                        xs[i] = bits.trailing_zeros();
                        i += 1;
                        bits &= bits - 1;
                    }
                }
                self.solve_4(p, o, alpha, beta, xs, false)
            }
        }
    }

    /// Two empties `x1`, `x2`; `passed`: the other side has just passed.
    #[allow(clippy::too_many_arguments)]
    fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: u32,
        x2: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        let f = kernel::flips(p, o, x1);
        if f != 0 {
            best = -solve_1(o ^ f, p ^ f ^ (1 << x1), x2);
            if best >= beta {
                return best;
            }
        }
        let f = kernel::flips(p, o, x2);
        if f != 0 {
            let v = -solve_1(o ^ f, p ^ f ^ (1 << x2), x1);
            if v > best {
                best = v;
            }
        }
        if best == -65 {
            if passed {
                return kernel::final_score(p, o);
            }
            return -self.solve_2(o, p, -beta, -alpha, x1, x2, true);
        }
        best
    }

    /// Three empties.
    fn solve_3(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        xs: [u32; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        let mut a = alpha;
        for (i, &x) in xs.iter().enumerate() {
            let f = kernel::flips(p, o, x);
            if f != 0 {
                let (y1, y2) = match i {
                    0 => (xs[1], xs[2]),
                    1 => (xs[0], xs[2]),
                    _ => (xs[0], xs[1]),
                };
                let v = -self.solve_2(o ^ f, p ^ f ^ (1 << x), -beta, -a, y1, y2, false);
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    if v > a {
                        a = v;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return kernel::final_score(p, o);
            }
            return -self.solve_3(o, p, -beta, -alpha, xs, true);
        }
        best
    }

    /// Four empties.
    fn solve_4(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        xs: [u32; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        let mut a = alpha;
        for (i, &x) in xs.iter().enumerate() {
            let f = kernel::flips(p, o, x);
            if f != 0 {
                let rest = match i {
                    0 => [xs[1], xs[2], xs[3]],
                    1 => [xs[0], xs[2], xs[3]],
                    2 => [xs[0], xs[1], xs[3]],
                    _ => [xs[0], xs[1], xs[2]],
                };
                let v = -self.solve_3(o ^ f, p ^ f ^ (1 << x), -beta, -a, rest, false);
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    if v > a {
                        a = v;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return kernel::final_score(p, o);
            }
            return -self.solve_4(o, p, -beta, -alpha, xs, true);
        }
        best
    }

    /// 5 to [`DEEP`] - 1 empties: no table, moves by parity then by square class.
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        self.nodes += 1;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, n);
        }
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut best = -65;
        let mut a = alpha;
        for parity in [odd, !odd] {
            for class in PRIORITY {
                let mut todo = moves & parity & class;
                while todo != 0 {
                    let x = todo.trailing_zeros();
                    todo &= todo - 1;
                    let f = kernel::flips(p, o, x);
                    let (np, no) = (o ^ f, p ^ f ^ (1 << x));
                    let v = if n == 5 && self.use_small_solvers {
                        -self.solve_small(np, no, -beta, -a, 4)
                    } else {
                        -self.shallow(np, no, -beta, -a, n - 1)
                    };
                    if v > best {
                        best = v;
                        if v >= beta {
                            return v;
                        }
                        if v > a {
                            a = v;
                        }
                    }
                }
            }
        }
        best
    }

    /// Orders the moves of `p` (`moves`, non-empty) into `list`: the table's move first,
    /// then fastest-first (fewest replies for the opponent, corners counted twice),
    /// fewer potential replies, parity. From [`SORT_SEARCH_MIN`] empties on, a shallow
    /// search of each child decides instead of the mobility count. Returns a child's
    /// proven value `> alpha` found in the table (enhanced transposition cutoff) instead.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn generate(
        &mut self,
        base: usize,
        p: u64,
        o: u64,
        moves: u64,
        side: Color,
        key: u64,
        hash_move: u8,
        alpha: i32,
        n: u32,
    ) -> Result<usize, (i32, u32)> {
        let empty = !(p | o);
        let mut len = 0;
        let odd = odd_quadrants(empty);
        let etc = self.use_etc && self.use_table && n >= ETC_MIN;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            let child_key = if n > DEEP {
                key ^ kernel::zobrist_move(side, x, f)
            } else {
                0
            };
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            if etc {
                if let Some(e) = self.table.probe(child_key) {
                    if -(e.upper as i32) > alpha {
                        return Err((-(e.upper as i32), x));
                    }
                }
            }
            let order = if x as u8 == hash_move {
                1 << 24
            } else if self.use_mobility_order {
                let replies = kernel::moves(np, no);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                let potential = if n >= 12 {
                    (kernel::neighbours(no) & empty & !(1u64 << x)).count_ones() as i32
                } else {
                    0
                };
                let parity = ((odd >> x) & 1) as i32;
                let corner = ((CORNERS >> x) & 1) as i32;
                -(mobility << 4) - potential + (parity << 2) + (corner << 3)
            } else {
                0
            };
            self.stack[base + len] = Move {
                square: x,
                flipped: f,
                key: child_key,
                order,
            };
            len += 1;
        }
        if self.use_sort_search && n >= SORT_SEARCH_MIN {
            let depth = if n >= 24 {
                3
            } else if n >= 20 {
                2
            } else {
                1
            };
            for i in base..base + len {
                let m = self.stack[i];
                if m.order == 1 << 24 {
                    continue;
                }
                let (np, no) = (o ^ m.flipped, p ^ m.flipped ^ (1 << m.square));
                let v = -self.mid_search(np, no, -100_000, 100_000, depth);
                self.stack[i].order = v * 64 + (m.order >> 2);
            }
        }
        Ok(len)
    }

    /// Moves the best-ordered move of `stack[i..end]` to `i` and returns it.
    #[inline]
    fn select(&mut self, i: usize, end: usize) -> Move {
        let mut best = i;
        for j in i + 1..end {
            if self.stack[j].order > self.stack[best].order {
                best = j;
            }
        }
        self.stack.swap(i, best);
        self.stack[i]
    }

    /// Null-window search of `(alpha, alpha + 1)` with the table, [`DEEP`] empties or more.
    pub(crate) fn nws(&mut self, p: u64, o: u64, key: u64, side: Color, alpha: i32, n: u32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
            if self.stopped() {
                return alpha;
            }
        }
        let beta = alpha + 1;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -self.nws(o, p, key ^ kernel::zobrist_pass(), side.other(), -beta, n);
        }
        if self.use_stability && alpha >= stability_threshold(n) {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let mut hash_move = NO_MOVE;
        if self.use_table {
            if let Some(e) = self.table.probe(key) {
                if e.lower as i32 > alpha {
                    return e.lower as i32;
                }
                if e.upper as i32 <= alpha {
                    return e.upper as i32;
                }
                hash_move = e.best;
            }
        }
        let base = self.top;
        let len = match self.generate(base, p, o, moves, side, key, hash_move, alpha, n) {
            Ok(len) => len,
            Err((v, x)) => {
                self.table.store(key, n, v, 64, x as u8);
                return v;
            }
        };
        let end = base + len;
        self.top = end;
        let mut best = -65;
        let mut best_move = NO_MOVE;
        for i in base..end {
            let m = self.select(i, end);
            let (np, no) = (o ^ m.flipped, p ^ m.flipped ^ (1 << m.square));
            let v = -self.search(np, no, m.key, side.other(), -beta, -alpha, n - 1);
            if self.stopped() {
                self.top = base;
                return alpha;
            }
            if v > best {
                best = v;
                best_move = m.square as u8;
                if v > alpha {
                    break;
                }
            }
        }
        self.top = base;
        if self.use_table {
            if best > alpha {
                self.table.store(key, n, best, 64, best_move);
            } else {
                self.table.store(key, n, -64, best, NO_MOVE);
            }
        }
        best
    }

    /// Principal-variation search of `(alpha, beta)`: the first move with the full
    /// window, the others with a null window and, if they fail high, again with the
    /// full one. [`DEEP`] empties or more.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pvs(
        &mut self,
        p: u64,
        o: u64,
        key: u64,
        side: Color,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
            if self.stopped() {
                return alpha;
            }
        }
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -self.pvs(
                o,
                p,
                key ^ kernel::zobrist_pass(),
                side.other(),
                -beta,
                -alpha,
                n,
            );
        }
        let mut hash_move = NO_MOVE;
        let (mut alpha, mut beta) = (alpha, beta);
        if self.use_table {
            if let Some(e) = self.table.probe(key) {
                let (lower, upper) = (e.lower as i32, e.upper as i32);
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                hash_move = e.best;
                // Bounds proven for this position narrow the window (fail-soft stays
                // correct: results outside it are still bounds).
                alpha = alpha.max(lower - 1);
                beta = beta.min(upper + 1);
            }
        }
        let original_alpha = alpha;
        let base = self.top;
        // No cutoff from the table here (alpha 64): a PV node wants the exact score.
        let len = self
            .generate(base, p, o, moves, side, key, hash_move, 64, n)
            .unwrap_or(0);
        let end = base + len;
        self.top = end;
        let mut best = -65;
        let mut best_move = NO_MOVE;
        for i in base..end {
            let m = self.select(i, end);
            let (np, no) = (o ^ m.flipped, p ^ m.flipped ^ (1 << m.square));
            let a = alpha.max(best);
            let mut v;
            if i == base || !self.use_null_window {
                v = -self.search(np, no, m.key, side.other(), -beta, -a, n - 1);
            } else {
                v = -self.search(np, no, m.key, side.other(), -a - 1, -a, n - 1);
                if !self.stopped() && v > a && v < beta {
                    v = -self.search(np, no, m.key, side.other(), -beta, -v, n - 1);
                }
            }
            if self.stopped() {
                self.top = base;
                return alpha;
            }
            if v > best {
                best = v;
                best_move = m.square as u8;
                if v >= beta {
                    break;
                }
            }
        }
        self.top = base;
        if self.use_table {
            if best >= beta {
                self.table.store(key, n, best, 64, best_move);
            } else if best > original_alpha {
                self.table.store(key, n, best, best, best_move);
            } else {
                self.table.store(key, n, -64, best, best_move);
            }
        }
        best
    }

    /// The value of a `depth`-ply search on [`evaluate`], for ordering moves.
    pub(crate) fn order_search(&mut self, p: u64, o: u64, depth: u32) -> i32 {
        self.mid_search(p, o, -100_000, 100_000, depth)
    }

    /// A depth-limited alpha-beta on [`evaluate`] for ordering moves.
    fn mid_search(&mut self, p: u64, o: u64, alpha: i32, beta: i32, depth: u32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return evaluate(p, o);
        }
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o) * 64;
            }
            return -self.mid_search(o, p, -beta, -alpha, depth - 1);
        }
        let mut best = -100_000;
        let mut a = alpha;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            let v = -self.mid_search(o ^ f, p ^ f ^ (1 << x), -beta, -a, depth - 1);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                if v > a {
                    a = v;
                }
            }
        }
        best
    }
}

/// The alpha from which the stability cutoff is tried at `n` empty squares: a side has
/// few stable discs early, so only a high alpha can be cut there.
#[inline]
fn stability_threshold(n: u32) -> i32 {
    // With n empties, the opponent keeps at most 64 - n discs; cutting needs
    // 64 - 2 * stable <= alpha. Stable discs beyond ~n/2 .. are rare: tuned by node counts.
    match n {
        0..=11 => 8,
        12..=15 => 16,
        16..=20 => 24,
        _ => 32,
    }
}

/// The final score when `p` is to move with the one empty square `x`: `p` plays it if it
/// can, else the opponent if it can, else nobody and the empty goes to the winner.
#[inline(always)]
fn solve_1(p: u64, o: u64, x: u32) -> i32 {
    let discs = p.count_ones() as i32;
    let n = kernel::count_flips(p, o, x) as i32;
    if n > 0 {
        return 2 * (discs + n) - 62;
    }
    let n = kernel::count_flips(o, p, x) as i32;
    if n > 0 {
        return 2 * (discs - n) - 64;
    }
    let diff = 2 * discs - 63;
    if diff > 0 {
        diff + 1
    } else {
        diff - 1
    }
}

/// A midgame evaluation for move ordering only (it never changes a proven score): the
/// mobility difference, corners, and potential mobility, for `p` to move.
#[inline]
fn evaluate(p: u64, o: u64) -> i32 {
    let mine = kernel::moves(p, o);
    let theirs = kernel::moves(o, p);
    let empty = !(p | o);
    let mobility = (mine.count_ones() as i32 + (mine & CORNERS).count_ones() as i32)
        - (theirs.count_ones() as i32 + (theirs & CORNERS).count_ones() as i32);
    let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    let potential = (kernel::neighbours(o) & empty).count_ones() as i32
        - (kernel::neighbours(p) & empty).count_ones() as i32;
    mobility * 8 + corners * 32 + potential * 2
}

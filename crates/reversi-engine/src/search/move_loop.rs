//! The principal-variation move loop, written once for every node that searches its
//! moves one after another: the solver's root ([`Solver`](crate::Solver)), the endgame's
//! principal-variation nodes ([`pvs`](super::pvs)), a thread's share of a split
//! ([`split`](super::split)), the midgame's nodes and root (`engine::midgame`,
//! `engine::deepening`), and the analysis's root, every move scored
//! (`engine::analysis`).
//!
//! Each move is searched against the best value proven so far (`a`, at least the node's
//! `alpha`): the first with the full window `(a, beta)`, the others with the null window
//! `(a, a + 1)`, and a move that fails high on it but below `beta` again with a full
//! window ([`Research`] says which). A move reaching `beta` ends the loop. What a node
//! does with each result (its best move, its proven bounds, a split of the moves after
//! the first, what a stop leaves) is its [`MoveLoop`]'s.

use super::state::Bounds;

/// The window a move is searched again in after its null-window search `(a, a + 1)`
/// proved it better than `a` with value `v` (below `beta`): `(lower, beta)`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Research {
    /// From `a`: the midgame's, whose depth-limited values are not bounds a second search
    /// must respect (the table and ProbCut make it inconsistent).
    Alpha,
    /// From `v`: the endgame's principal-variation nodes (an exact search: a result of
    /// `v` or below then means exactly `v`).
    Value,
    /// From `v - 1`: where each move's proven bounds are kept (the solver's root, a
    /// split): a result of `v` proves exactly `v`.
    BelowValue,
    /// From this bound, whatever `a` and `v`: the analysis's root, each of whose moves
    /// above the `best`-th gets the full window again, as the first `best` did.
    From(i32),
}

impl Research {
    /// The re-search window's lower bound after a null-window search at `a` gave `v`.
    #[inline(always)]
    fn lower(self, a: i32, v: i32) -> i32 {
        match self {
            Research::Alpha => a,
            Research::Value => v,
            Research::BelowValue => v - 1,
            Research::From(lower) => lower,
        }
    }
}

/// The searches of one move: the first in `(alpha, beta)` or `(alpha, alpha + 1)`, and
/// the re-search of a null window that failed high.
#[derive(Clone, Copy)]
pub(crate) struct Trial {
    /// The lower bound of the first window (the best value proven before the move).
    pub(crate) alpha: i32,
    /// The node's beta.
    pub(crate) beta: i32,
    /// The first search's value.
    pub(crate) first: i32,
    /// Whether the first search had a null window `(alpha, alpha + 1)`.
    pub(crate) null: bool,
    /// The re-search after a null window failed high: its window's lower bound and its
    /// value.
    pub(crate) research: Option<(i32, i32)>,
}

impl Trial {
    /// The move's value: the re-search's if there was one, else the first search's.
    #[inline(always)]
    pub(crate) fn value(&self) -> i32 {
        match self.research {
            Some((_, w)) => w,
            None => self.first,
        }
    }

    /// What the searches prove of the move's exact score (disc differences, fail-soft).
    #[inline(always)]
    pub(crate) fn bounds(&self) -> Bounds {
        let mut bounds = Bounds::UNKNOWN;
        let hi = if self.null { self.alpha + 1 } else { self.beta };
        bounds.add(self.first, self.alpha, hi);
        if let Some((lower, w)) = self.research {
            bounds.add(w, lower, self.beta);
        }
        bounds
    }
}

/// How [`pvs_loop`] ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum End {
    /// Every move was searched.
    Complete,
    /// A move reached `beta` ([`MoveLoop::searched`] said so); the others were not
    /// searched.
    Cutoff,
    /// A limit stopped the search ([`MoveLoop::interrupted`] was told).
    Stopped,
    /// The moves after the first went to a split ([`MoveLoop::after_first`]).
    Split,
}

/// A node's moves as [`pvs_loop`] searches them: the node keeps its best value and move
/// (or bounds), the loop decides the windows.
pub(crate) trait MoveLoop {
    /// How a null window that failed high is searched again.
    const RESEARCH: Research;
    /// Whether the first move taken gets the full window (a split's moves do not: the
    /// node's first move, searched before the split, did).
    const FULL_FIRST: bool = true;

    /// Whether moves after the first get a null window first (principal-variation
    /// search); `false`: each gets the full window (plain alpha-beta).
    #[inline(always)]
    fn null_window(&self) -> bool {
        true
    }

    /// Takes the next move to search (it becomes the current one): `false` when none is
    /// left.
    fn next(&mut self) -> bool;

    /// The best value proven so far among the node's moves (their search starts at the
    /// greater of it and `alpha`); below any value before the first.
    fn floor(&self) -> i32;

    /// The node's value of the current move searched in `(alpha, beta)` (its child's
    /// value negated, in the child's window `(-beta, -alpha)`).
    fn search(&mut self, alpha: i32, beta: i32) -> i32;

    /// Whether a limit stopped the search (the last value is then meaningless).
    fn stopped(&self) -> bool;

    /// The current move was searched: `true` ends the loop (it reached `beta`).
    fn searched(&mut self, trial: &Trial) -> bool;

    /// A limit stopped the current move's search; `proven` holds its null-window search
    /// when only its re-search was stopped (the move is then proven better than
    /// `trial.alpha`, whatever the re-search would have said).
    #[inline(always)]
    fn interrupted(&mut self, proven: Option<&Trial>) {
        let _ = proven;
    }

    /// Called after the first move when it did not end the loop: `true` when the moves
    /// after it were searched elsewhere (a split), which ends the loop.
    #[inline(always)]
    fn after_first(&mut self) -> bool {
        false
    }
}

/// Searches the moves of `node` in the window `(alpha, beta)` as a principal-variation
/// search (see the module's documentation).
#[inline(always)]
pub(crate) fn pvs_loop<L: MoveLoop>(node: &mut L, alpha: i32, beta: i32) -> End {
    let mut first = true;
    while node.next() {
        let a = alpha.max(node.floor());
        let null = !(first && L::FULL_FIRST) && node.null_window();
        let hi = if null { a + 1 } else { beta };
        let v = node.search(a, hi);
        if node.stopped() {
            node.interrupted(None);
            return End::Stopped;
        }
        let mut trial = Trial {
            alpha: a,
            beta,
            first: v,
            null,
            research: None,
        };
        if null && v > a && v < beta {
            let lower = L::RESEARCH.lower(a, v);
            let w = node.search(lower, beta);
            if node.stopped() {
                node.interrupted(Some(&trial));
                return End::Stopped;
            }
            trial.research = Some((lower, w));
        }
        if node.searched(&trial) {
            return End::Cutoff;
        }
        if first {
            first = false;
            if node.after_first() {
                return End::Split;
            }
        }
    }
    End::Complete
}

//! The parallel split (young brothers wait): a node whose first move did not cut shares
//! the moves after it with an idle thread.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::isa::{Isa, Portable};
use super::move_loop::{pvs_loop, MoveLoop, Research, Trial};
use super::node::{Move, Node};
use super::pool;
use super::state::{Bounds, Search};

/// From this many empty squares on, a node of a parallel search ([`Search::threads`])
/// whose first move did not cut shares the moves after it with a thread that is idle,
/// if one is (the young brothers wait: the first move's result sets the bound the others
/// are searched against). Below, a subtree takes less time than handing it to another
/// thread (measured at 10 with the pool: no faster on FFO #40-#44).
pub(crate) const SPLIT_MIN: u32 = 12;

/// What the threads searching the moves of one split node share.
pub(crate) struct Split {
    /// The next move to take.
    next: AtomicUsize,
    /// The best proven lower bound among the moves searched (the node's, then).
    lower: AtomicI32,
    /// Set when a move reached beta, or a limit stopped a thread: every thread stops.
    stop: Arc<AtomicBool>,
    /// Whether a move reached beta.
    cutoff: AtomicBool,
    /// Each searched move: its index, proven bounds and fail-soft value.
    results: Mutex<Vec<(usize, Bounds, i32)>>,
    /// How many of `results` were searched to the end: a move whose re-search a limit
    /// stopped keeps its proven bounds in `results`, but its value is only a lower bound,
    /// so it leaves the split incomplete.
    finished: AtomicUsize,
}

/// A split as its threads share it: the children and window, and what the threads
/// searching them share.
struct SplitTask {
    children: Vec<Node>,
    alpha: i32,
    beta: i32,
    shared: Split,
}

/// The result of [`Search::split`]: each searched move's index, proven bounds and
/// fail-soft value (as [`Search::search`] would return it in the window the move was
/// last searched with), and whether every move needed was searched (all of them, or
/// until one reached beta).
pub(crate) struct SplitResult {
    pub(crate) moves: Vec<(usize, Bounds, i32)>,
    pub(crate) complete: bool,
}

impl Search {
    /// Searches `children` (the positions after a node's moves, its first move left
    /// out, in the order to try them) on this thread and on the one that
    /// [`Search::may_split_root`] (or [`Search::may_split`]) took, which must have
    /// returned `true` first: each move with a null window on the best proven lower bound
    /// so far (`lower` at first) within `(alpha, beta)`, searched again in the window
    /// when it fails high below beta, until one reaches beta. Values are the node's (the
    /// children's negated). In a search that is not parallel, all of it on this thread.
    pub(crate) fn split_children(
        &mut self,
        children: &[Node],
        alpha: i32,
        beta: i32,
        lower: i32,
    ) -> SplitResult {
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        if let Some(k) = self.v3 {
            return self.split(k, children, alpha, beta, lower);
        }
        self.split(Portable, children, alpha, beta, lower)
    }

    /// Whether a node of `n` empties with `left` moves still to search may split: a
    /// parallel search, deep enough, and a thread idle now (taken when `true`).
    #[inline(always)]
    pub(crate) fn may_split(&self, n: u32, left: usize) -> bool {
        n >= SPLIT_MIN && left >= 2 && self.threads.as_ref().is_some_and(|t| t.take())
    }

    /// [`Search::may_split`] for the root's moves after its first (`left` of them): the
    /// root of a parallel solve has empties enough.
    pub(crate) fn may_split_root(&self, left: usize) -> bool {
        self.may_split(SPLIT_MIN, left)
    }

    /// [`Search::split_children`] in the instruction set `k`, with the helper thread
    /// taken (by [`Search::may_split`]) if this is a parallel search: the helper's part
    /// goes to the pool's queue as a job, this thread searches its own part, then gives
    /// back the job if no thread started it, else waits for it, running meanwhile the
    /// jobs queued from below this split. A stop the split asked for (a move reached
    /// beta) is not the search's: afterwards the search is stopped only when a move it
    /// needed was left unsearched.
    pub(crate) fn split<K: Isa>(
        &mut self,
        k: K,
        children: &[Node],
        alpha: i32,
        beta: i32,
        lower: i32,
    ) -> SplitResult {
        let stop = Arc::new(AtomicBool::new(false));
        let task = Arc::new(SplitTask {
            children: children.to_vec(),
            alpha,
            beta,
            shared: Split {
                next: AtomicUsize::new(0),
                lower: AtomicI32::new(lower),
                stop: Arc::clone(&stop),
                cutoff: AtomicBool::new(false),
                results: Mutex::new(Vec::with_capacity(children.len())),
                finished: AtomicUsize::new(0),
            },
        });
        let job = Arc::clone(&task);
        let help = move |helper: &mut Search| {
            helper.with_move_stack(|helper| {
                helper.split_worker(k, &job.children, job.alpha, job.beta, &job.shared);
            });
        };
        pool::split(self, &stop, help, |search| {
            search.split_worker(k, &task.children, alpha, beta, &task.shared);
        });
        let mut moves = std::mem::take(
            &mut *task
                .shared
                .results
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        moves.sort_by_key(|&(j, _, _)| j);
        let finished = task.shared.finished.load(Ordering::Relaxed);
        let complete = task.shared.cutoff.load(Ordering::Relaxed) || finished == children.len();
        self.clock.pop_split(!complete);
        SplitResult { moves, complete }
    }

    /// One thread's part of a split: takes the next move until none is left or the
    /// split stops, each searched by [`pvs_loop`] against the best proven so far.
    pub(crate) fn split_worker<K: Isa>(
        &mut self,
        k: K,
        children: &[Node],
        alpha: i32,
        beta: i32,
        shared: &Split,
    ) {
        let mut share = Share {
            search: self,
            k,
            children,
            shared,
            beta,
            current: 0,
        };
        pvs_loop(&mut share, alpha, beta);
    }

    /// The moves of a node after its first, `stack[from..self.top]`, searched by
    /// [`Search::split`] (the first's value and move `best`) in `(alpha, beta)`: the
    /// best value and its move, `None` when a limit stopped the search.
    #[inline(never)]
    pub(crate) fn split_rest<K: Isa>(
        &mut self,
        k: K,
        node: Node,
        from: usize,
        (alpha, beta): (i32, i32),
        best: (i32, u8),
    ) -> Option<(i32, u8)> {
        let mut rest: Vec<Move> = self.stack[from..self.top].to_vec();
        rest.sort_by_key(|m| std::cmp::Reverse(m.order));
        let children: Vec<Node> = rest.iter().map(|m| node.play(m)).collect();
        let split = self.split(k, &children, alpha, beta, best.0);
        if self.stopped() {
            return None;
        }
        let (mut best, mut best_move) = best;
        for (j, _, v) in split.moves {
            if v > best {
                best = v;
                best_move = rest[j].square as u8;
            }
        }
        Some((best, best_move))
    }
}

/// One thread's share of a split's moves, as [`pvs_loop`] searches them: every move with
/// a null window first (the node's first move was searched before the split).
struct Share<'a, K> {
    search: &'a mut Search,
    k: K,
    children: &'a [Node],
    shared: &'a Split,
    /// The node's beta.
    beta: i32,
    /// The current move's index in `children`.
    current: usize,
}

impl<K: Isa> Share<'_, K> {
    /// Records a searched move's proven bounds and value (`finished`: its search was
    /// not cut short by a limit, so `v` is its fail-soft value); stops every thread when
    /// it reached beta.
    fn record(&self, bounds: Bounds, v: i32, finished: bool) {
        let shared = self.shared;
        let mut results = shared
            .results
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        results.push((self.current, bounds, v));
        if finished {
            shared.finished.fetch_add(1, Ordering::Relaxed);
        }
        shared.lower.fetch_max(bounds.lower, Ordering::Relaxed);
        if bounds.lower >= self.beta {
            shared.cutoff.store(true, Ordering::Relaxed);
            shared.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl<K: Isa> MoveLoop for Share<'_, K> {
    const RESEARCH: Research = Research::BelowValue;
    const FULL_FIRST: bool = false;

    fn next(&mut self) -> bool {
        if self.shared.stop.load(Ordering::Relaxed) {
            return false;
        }
        self.current = self.shared.next.fetch_add(1, Ordering::Relaxed);
        self.current < self.children.len()
    }

    fn floor(&self) -> i32 {
        self.shared.lower.load(Ordering::Relaxed)
    }

    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        let child = self.children[self.current];
        -self.search.search_in(self.k, child, -beta, -alpha)
    }

    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    fn searched(&mut self, trial: &Trial) -> bool {
        self.record(trial.bounds(), trial.value(), true);
        false
    }

    fn interrupted(&mut self, proven: Option<&Trial>) {
        if let Some(trial) = proven {
            // The null-window result stays proven, but the move's value is unknown (its
            // re-search was stopped): the split is not complete.
            self.record(trial.bounds(), trial.first, false);
        }
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

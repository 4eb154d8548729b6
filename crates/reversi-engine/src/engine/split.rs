//! The midgame's parallel split (young brothers wait), on the pool the exact solver's
//! splits use (`search::pool`): a node [`SPLIT_DEPTH`] plies deep or more whose first
//! move did not reach beta shares the moves after it with a thread free to help; each is
//! searched with a null window on the best value so far and again in the window when it
//! fails high, until one reaches beta, which stops the others.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::midgame::{Midgame, Position};
use crate::search::move_loop::{pvs_loop, MoveLoop, Research, Trial};
use crate::search::pool;

/// The shallowest node that shares its moves: below, a subtree is over before a helper
/// would have started it.
pub(crate) const SPLIT_DEPTH: u32 = 4;

/// A split as its threads share it.
struct Split {
    /// The positions after the moves left, best first by the node's ordering, with
    /// their squares.
    children: Vec<(Position, u8)>,
    /// The children's depth.
    depth: u32,
    /// The node's beta.
    beta: i32,
    /// The next child to take.
    next: AtomicUsize,
    /// The best value so far (the node's first move's, at first): the null windows' bound.
    floor: AtomicI32,
    /// The best value and its move.
    best: Mutex<(i32, u8)>,
    /// Set when a move reached beta, or a limit stopped a thread: every thread stops.
    stop: Arc<AtomicBool>,
    /// Whether a move reached beta.
    cutoff: AtomicBool,
    /// How many children were searched to the end.
    finished: AtomicUsize,
}

impl Midgame {
    /// Whether a node `depth` plies deep with `left` moves still to search may split: a
    /// parallel search, deep enough, and a thread free now (taken when `true`).
    #[inline]
    pub(crate) fn may_split(&self, depth: u32, left: usize) -> bool {
        depth >= SPLIT_DEPTH && left >= 2 && self.threads.as_ref().is_some_and(|t| t.take())
    }

    /// Searches `children` (the positions after a node's moves but its first, best
    /// first, with their squares; `depth` plies each) in the node's window `(alpha,
    /// beta)` on this thread and the one [`Midgame::may_split`] took, `best` being the
    /// first move's value and square: the best value and its move. When a limit stops
    /// it, the search is stopped (the result is then meaningless).
    pub(crate) fn split(
        &mut self,
        children: Vec<(Position, u8)>,
        depth: u32,
        (alpha, beta): (i32, i32),
        best: (i32, u8),
    ) -> (i32, u8) {
        let stop = Arc::new(AtomicBool::new(false));
        let len = children.len();
        let split = Arc::new(Split {
            children,
            depth,
            beta,
            next: AtomicUsize::new(0),
            floor: AtomicI32::new(best.0),
            best: Mutex::new(best),
            stop: Arc::clone(&stop),
            cutoff: AtomicBool::new(false),
            finished: AtomicUsize::new(0),
        });
        let job = Arc::clone(&split);
        pool::split(
            self,
            &stop,
            move |helper| job.work(helper, alpha),
            |search| split.work(search, alpha),
        );
        let complete =
            split.cutoff.load(Ordering::Relaxed) || split.finished.load(Ordering::Relaxed) == len;
        self.clock.pop_split(!complete);
        let best = *split.best.lock().unwrap_or_else(PoisonError::into_inner);
        best
    }
}

impl Split {
    /// One thread's part: the next child until none is left or the split stops.
    fn work(&self, search: &mut Midgame, alpha: i32) {
        let mut share = Share {
            search,
            split: self,
            current: 0,
        };
        pvs_loop(&mut share, alpha, self.beta);
    }
}

/// One thread's share of a split's moves, as [`pvs_loop`] searches them: every move with
/// a null window first (the node's first move was searched before the split).
struct Share<'a> {
    search: &'a mut Midgame,
    split: &'a Split,
    /// The current child's index.
    current: usize,
}

impl MoveLoop for Share<'_> {
    const RESEARCH: Research = Research::Alpha;
    const FULL_FIRST: bool = false;

    fn next(&mut self) -> bool {
        if self.split.stop.load(Ordering::Relaxed) {
            return false;
        }
        self.current = self.split.next.fetch_add(1, Ordering::Relaxed);
        self.current < self.split.children.len()
    }

    fn floor(&self) -> i32 {
        self.split.floor.load(Ordering::Relaxed)
    }

    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        let child = &self.split.children[self.current].0;
        -self.search.pvs(child, self.split.depth, -beta, -alpha)
    }

    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    fn searched(&mut self, trial: &Trial) -> bool {
        let split = self.split;
        let v = trial.value();
        {
            let mut best = split.best.lock().unwrap_or_else(PoisonError::into_inner);
            if v > best.0 {
                *best = (v, split.children[self.current].1);
            }
        }
        split.floor.fetch_max(v, Ordering::Relaxed);
        split.finished.fetch_add(1, Ordering::Relaxed);
        if v >= split.beta {
            split.cutoff.store(true, Ordering::Relaxed);
            split.stop.store(true, Ordering::Relaxed);
        }
        false
    }

    fn interrupted(&mut self, _proven: Option<&Trial>) {
        // A stopped midgame value means nothing: the other threads stop too.
        self.split.stop.store(true, Ordering::Relaxed);
    }
}

//! The limits of a search and its stop signal, checked in one place: the node count, the
//! node limit, the deadline, the caller's [`StopSignal`] and the stop flags of the
//! parallel splits a thread works for. Both the midgame search and the exact solver
//! count their nodes on a [`Clock`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How often (in nodes) the deadline and the stop flags are read: about a millisecond of
/// midgame search, a few hundredths of one of the solver's, so a stop is seen within
/// about a millisecond; reading the clock that often costs under 0.1% of either search.
const CHECK_EVERY: u64 = 1 << 11;

/// A stop request that another thread can send to a running search: the search sees it
/// within about a millisecond and returns its best completed result (a solve returns
/// only proven bounds, as when a limit stops it).
///
/// Clones share one flag. A signal stays set until [`StopSignal::reset`]: a search
/// started while it is set stops at once.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::{Engine, SearchLimits, StopSignal};
///
/// let mut engine = Engine::with_table_bytes(1 << 20);
/// let stop = StopSignal::new();
/// engine.set_stop_signal(stop.clone());
/// let report = std::thread::scope(|scope| {
///     let search = scope.spawn(|| engine.search(SearchLimits { depth: Some(40), ..Default::default() }));
///     std::thread::sleep(Duration::from_millis(50));
///     stop.stop();
///     search.join().unwrap()
/// });
/// // A 40-ply search from the start takes far longer: it was stopped, and answered the
/// // move of its last completed iteration.
/// assert!(report.depth < 40);
/// assert!(report.best.is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// A signal not set.
    #[must_use]
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Asks every search watching this signal to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopSignal::stop`] was called since the last [`StopSignal::reset`].
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clears the signal, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// A search's node count and limits: [`Clock::count`] at every node says when to stop.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    /// The nodes counted since [`Clock::start`] (a node after the stop is not counted).
    pub(crate) nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// The node count at which the limits are read next.
    next_check: u64,
    stopped: bool,
    /// The caller's stop signal.
    signal: Option<StopSignal>,
    /// The stop flags of the splits this thread works for (set when a move of one reached
    /// beta, or a limit stopped a thread of it).
    splits: Vec<Arc<AtomicBool>>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            next_check: CHECK_EVERY,
            stopped: false,
            signal: None,
            splits: Vec::new(),
        }
    }
}

impl Clock {
    /// Starts counting from zero under these limits (`u64::MAX`: no node limit).
    pub(crate) fn start(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.stopped = false;
        self.next_check = CHECK_EVERY.min(node_limit);
    }

    /// Moves the deadline of the search under way (a paced search's, between
    /// iterations).
    pub(crate) fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Watches `signal` from now on (`None`: none).
    pub(crate) fn set_signal(&mut self, signal: Option<StopSignal>) {
        self.signal = signal;
    }

    /// A clock for a helper thread of a split of this one: no node limit, the same
    /// deadline, signal and split flags, and `split`'s flag too.
    pub(crate) fn helper(&self, split: &Arc<AtomicBool>) -> Clock {
        let mut clock = Clock {
            signal: self.signal.clone(),
            splits: self.splits.clone(),
            ..Clock::default()
        };
        clock.splits.push(Arc::clone(split));
        clock.start(u64::MAX, self.deadline);
        clock
    }

    /// The flags of the splits this thread works for, innermost last.
    pub(crate) fn splits(&self) -> &[Arc<AtomicBool>] {
        &self.splits
    }

    /// Watches the flag of a split this thread now works for.
    pub(crate) fn push_split(&mut self, split: &Arc<AtomicBool>) {
        self.splits.push(Arc::clone(split));
    }

    /// Stops watching the flag of the split pushed last; the search goes on unless
    /// `stopped` (a move of the split that was needed is left unsearched).
    pub(crate) fn pop_split(&mut self, stopped: bool) {
        self.splits.pop();
        self.stopped = stopped;
        self.next_check = if stopped {
            0
        } else {
            (self.nodes + CHECK_EVERY).min(self.node_limit)
        };
    }

    /// Counts a node and, every [`CHECK_EVERY`] nodes and at the node limit, reads the
    /// limits: `true` when the search must stop (then for every later call, and the node
    /// is not counted).
    #[inline(always)]
    pub(crate) fn count(&mut self) -> bool {
        self.nodes += 1;
        self.nodes >= self.next_check && self.check()
    }

    /// Whether the search was stopped (every later result is meaningless, or for the
    /// solver unproven).
    #[inline(always)]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// Reads the limits: whether the search must stop.
    #[cold]
    #[inline(never)]
    fn check(&mut self) -> bool {
        if self.stopped {
            // A node after the stop is not searched.
            self.nodes -= 1;
            return true;
        }
        let flagged = |flag: &AtomicBool| flag.load(Ordering::Relaxed);
        if self.nodes >= self.node_limit
            || self.signal.as_ref().is_some_and(StopSignal::is_stopped)
            || self.splits.iter().any(|s| flagged(s))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
            self.next_check = 0;
            return true;
        }
        self.next_check = (self.nodes + CHECK_EVERY).min(self.node_limit);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_node_limit_stops_at_that_node_and_nothing_after_counts() {
        let mut clock = Clock::default();
        clock.start(5000, None);
        let stopped_at = (1..=6000).find(|_| clock.count());
        assert_eq!(stopped_at, Some(5000));
        assert!(clock.stopped());
        assert!(clock.count());
        assert_eq!(
            clock.nodes, 5000,
            "the node at the limit counts, none after it"
        );
    }

    #[test]
    fn a_signal_is_seen_at_the_next_check() {
        let mut clock = Clock::default();
        let signal = StopSignal::new();
        clock.set_signal(Some(signal.clone()));
        clock.start(u64::MAX, None);
        assert!(!(0..CHECK_EVERY * 2).any(|_| clock.count()));
        signal.stop();
        let seen = (1..=CHECK_EVERY).find(|_| clock.count());
        assert!(seen.is_some(), "within {CHECK_EVERY} nodes");
        signal.reset();
        clock.start(u64::MAX, None);
        assert!(!(0..CHECK_EVERY * 2).any(|_| clock.count()));
    }

    #[test]
    fn a_split_flag_stops_a_helper_and_popping_it_resumes() {
        let mut clock = Clock::default();
        clock.start(u64::MAX, None);
        let split = Arc::new(AtomicBool::new(false));
        clock.push_split(&split);
        let mut helper = clock.helper(&split);
        split.store(true, Ordering::Relaxed);
        assert!((0..=CHECK_EVERY).any(|_| helper.count()));
        assert!((0..=CHECK_EVERY).any(|_| clock.count()));
        clock.pop_split(false);
        assert!(!clock.stopped());
        assert!(!(0..CHECK_EVERY * 2).any(|_| clock.count()));
    }

    #[test]
    fn a_past_deadline_stops() {
        let mut clock = Clock::default();
        clock.start(u64::MAX, Some(Instant::now()));
        assert!((0..=CHECK_EVERY).any(|_| clock.count()));
    }
}

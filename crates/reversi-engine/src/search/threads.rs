//! The threads of one parallel solve: how many may still run (a counter shared by the
//! threads, taken and given back at each split).

use std::sync::atomic::{AtomicIsize, Ordering};

/// The threads of one parallel solve: how many more may run now (a thread waiting for
/// the others at the end of a split lends its own, so a split anywhere below can take
/// it). Negative for a moment when a thread takes its own back while another runs on it.
pub(crate) struct Threads {
    idle: AtomicIsize,
}

impl Threads {
    /// A solve on `threads` threads (the calling one included).
    pub(crate) fn new(threads: usize) -> Threads {
        Threads {
            idle: AtomicIsize::new(threads.saturating_sub(1) as isize),
        }
    }

    /// Takes an idle thread, if any.
    pub(crate) fn take(&self) -> bool {
        let mut idle = self.idle.load(Ordering::Relaxed);
        while idle > 0 {
            match self.idle.compare_exchange_weak(
                idle,
                idle - 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(now) => idle = now,
            }
        }
        false
    }

    /// How many threads are idle now.
    pub(crate) fn idle(&self) -> isize {
        self.idle.load(Ordering::Relaxed)
    }

    /// Gives one back.
    pub(crate) fn give(&self) {
        self.idle.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one whether or not it is idle (a thread taking its own back).
    pub(crate) fn take_back(&self) {
        self.idle.fetch_sub(1, Ordering::Relaxed);
    }
}

//! The thread pool of the parallel searches: threads started once, when a [`Pool`] is
//! made (by a solver or an engine set to more than one thread), and kept until it is
//! dropped; no search starts a thread of its own.
//!
//! Work reaches the threads as jobs in one queue ([`Threads`]): the parallel splits
//! (young brothers wait) of the exact solver (`search::split`) and of the midgame
//! search (`engine::split`), each through [`Threads::share`]. An idle pool thread takes
//! the oldest job; a thread waiting for the helpers of its own
//! split takes only jobs from below that split ([`Threads::help`]: the "helpful master"
//! of Edax's and Egaroucid's splits), so it is back as soon as its split is done.
//!
//! How many threads may still be asked for help is a counter ([`Threads::take`],
//! [`Threads::give`]): a split takes one before it queues its job and the job gives it
//! back when done; a thread waiting for its split lends its own.

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

use super::clock::Clock;

/// How many times a thread waiting for its split's helper looks at the queue between
/// yields of its core, and how many times an idle pool thread that no search needs
/// looks (yielding between looks) before it sleeps until a job comes. While a search
/// runs ([`Threads::running`]), an idle pool thread keeps looking, so that a split's job
/// waits no longer than a look.
const SPINS: u32 = 256;

/// A job: its work, and the splits of the thread that queued it (the flags of
/// `Clock::splits`; empty for a job from outside a split).
struct Job {
    below: Vec<Arc<AtomicBool>>,
    work: Box<dyn FnOnce() + Send>,
}

/// What the threads of a pool and the searches on it share: the job queue and the count
/// of threads free to help.
pub(crate) struct Threads {
    jobs: Mutex<VecDeque<Job>>,
    /// `jobs.len()`, read without the lock.
    queued: AtomicUsize,
    wake: Condvar,
    /// How many threads may be asked for help now (see the module's documentation).
    /// Negative for a moment when a thread takes its own back while another runs on it.
    idle: AtomicIsize,
    /// Set when the pool is dropped: its threads end.
    quit: AtomicBool,
    /// How many searches run on the pool now ([`Threads::running`]).
    searches: AtomicUsize,
    /// The threads of a search on this pool, the calling one included.
    size: usize,
}

impl Threads {
    /// Marks a search as running on the pool until the guard is dropped: meanwhile its
    /// idle threads look for jobs without sleeping.
    pub(crate) fn running(self: &Arc<Self>) -> Running {
        self.searches.fetch_add(1, Ordering::AcqRel);
        Running(Arc::clone(self))
    }

    /// Takes a thread free to help, if any.
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

    /// How many threads are free to help now.
    pub(crate) fn idle(&self) -> isize {
        self.idle.load(Ordering::Relaxed)
    }

    /// The threads of a search on this pool, the calling one included.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Gives one back (a job done, or a thread lending its own while it waits).
    pub(crate) fn give(&self) {
        self.idle.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one whether or not it is free (a thread taking its own back).
    pub(crate) fn take_back(&self) {
        self.idle.fetch_sub(1, Ordering::Relaxed);
    }

    /// Queues `work` for a pool thread, or for a thread waiting for one of the splits
    /// `below` (the queuing thread's, innermost last).
    pub(crate) fn queue(&self, below: Vec<Arc<AtomicBool>>, work: Box<dyn FnOnce() + Send>) {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        jobs.push_back(Job { below, work });
        self.queued.store(jobs.len(), Ordering::Release);
        drop(jobs);
        self.wake.notify_one();
    }

    /// A split's two parts at once: `helper` queued as a job (the caller took a thread
    /// for it, [`Threads::take`]), `own` on the calling thread; then, if no thread
    /// started the job, the job is taken back unrun (its thread given back), else the
    /// caller waits for it, running meanwhile the jobs queued from below the split of
    /// flag `split` ([`Threads::help`]). `below` are the helper's split flags, `split`'s
    /// last. A panic in the helper goes on in the caller once both parts are done.
    pub(crate) fn share(
        self: &Arc<Self>,
        split: &Arc<AtomicBool>,
        below: Vec<Arc<AtomicBool>>,
        helper: impl FnOnce() + Send + 'static,
        own: impl FnOnce(),
    ) {
        let job = Arc::new(SharedJob {
            started: AtomicBool::new(false),
            done: AtomicBool::new(false),
            panic: Mutex::new(None),
        });
        let (state, threads) = (Arc::clone(&job), Arc::clone(self));
        self.queue(
            below,
            Box::new(move || {
                if state.started.swap(true, Ordering::AcqRel) {
                    return;
                }
                if let Err(panic) = catch_unwind(AssertUnwindSafe(helper)) {
                    *state.panic.lock().unwrap_or_else(PoisonError::into_inner) = Some(panic);
                }
                threads.give();
                state.done.store(true, Ordering::Release);
            }),
        );
        own();
        // Waiting, this thread's turn goes to any split below the helper's; unstarted,
        // the job's turn goes back unused.
        self.give();
        if job.started.swap(true, Ordering::AcqRel) {
            self.help(split, || job.done.load(Ordering::Acquire));
            self.take_back();
        }
        let panic = job
            .panic
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(panic) = panic {
            resume_unwind(panic);
        }
    }

    /// Takes the oldest job whose queuing thread worked below the split of flag `split`
    /// (`None`: any job).
    fn pop(&self, split: Option<&Arc<AtomicBool>>) -> Option<Job> {
        if self.queued.load(Ordering::Acquire) == 0 {
            return None;
        }
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let i = match split {
            None => 0,
            Some(flag) => jobs
                .iter()
                .position(|job| job.below.iter().any(|f| Arc::ptr_eq(f, flag)))?,
        };
        let job = jobs.remove(i);
        self.queued.store(jobs.len(), Ordering::Release);
        job
    }

    /// While `done` is false, runs the jobs queued from below the split of flag `split`
    /// (the calling thread waits for that split's helpers, and helps them meanwhile).
    pub(crate) fn help(&self, split: &Arc<AtomicBool>, done: impl Fn() -> bool) {
        let mut spins = 0u32;
        while !done() {
            if let Some(job) = self.pop(Some(split)) {
                (job.work)();
                spins = 0;
            } else if spins < SPINS {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// A pool thread's life: the oldest job, run, until the pool is dropped.
    fn work(&self) {
        loop {
            if let Some(job) = self.pop(None) {
                (job.work)();
                continue;
            }
            if self.quit.load(Ordering::Acquire) {
                return;
            }
            if (0..SPINS).any(|_| {
                std::thread::yield_now();
                self.queued.load(Ordering::Acquire) > 0
            }) || self.searches.load(Ordering::Acquire) > 0
            {
                continue;
            }
            let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
            let _sleep = self
                .wake
                .wait_while(jobs, |jobs| {
                    jobs.is_empty() && !self.quit.load(Ordering::Acquire)
                })
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// A search running on a pool ([`Threads::running`]), until dropped.
pub(crate) struct Running(Arc<Threads>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.searches.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The state of a split's job ([`Threads::share`]).
struct SharedJob {
    /// Set by the thread that starts the job, or by the split's own thread when it takes
    /// the job back unstarted.
    started: AtomicBool,
    /// Set when the job is done.
    done: AtomicBool,
    /// A panic of the job, for the split's own thread to go on with.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

/// A search that can share a split's moves with a pool thread: the exact solver's
/// (`Search`) and the midgame's (`Midgame`).
pub(crate) trait SplitSearch: Sized + Send + 'static {
    /// The pool of a parallel search (`None`: this thread alone).
    fn threads(&self) -> Option<&Arc<Threads>>;
    /// The search's clock (its node count, limits and split flags).
    fn clock(&mut self) -> &mut Clock;
    /// A search for a helper thread of a split of this one (flag `split`): the same
    /// table, weights and limits, the clock watching `split` and every flag this one's
    /// does, its own counters.
    fn helper(&self, split: &Arc<AtomicBool>) -> Self;
}

/// A split of `search` (flag `split`, which its clock watches from now on: the caller
/// pops it when it has read the split's results): `help` searches the helper's part on
/// a search made by [`SplitSearch::helper`] and `own` this thread's part, both at once
/// on a parallel search ([`Threads::share`]), else `own` alone. The helper's nodes are
/// added to `search`'s.
pub(crate) fn split<S: SplitSearch>(
    search: &mut S,
    split: &Arc<AtomicBool>,
    help: impl FnOnce(&mut S) + Send + 'static,
    own: impl FnOnce(&mut S),
) {
    let helper = search.threads().map(|_| search.helper(split));
    search.clock().push_split(split);
    match (search.threads().cloned(), helper) {
        (Some(threads), Some(mut helper)) => {
            let below = helper.clock().splits().to_vec();
            let nodes = Arc::new(AtomicU64::new(0));
            let counted = Arc::clone(&nodes);
            let help = move || {
                help(&mut helper);
                counted.store(helper.clock().nodes, Ordering::Relaxed);
            };
            threads.share(split, below, help, || own(search));
            search.clock().nodes += nodes.load(Ordering::Relaxed);
        }
        _ => own(search),
    }
}

/// A pool of threads for searches on `size` threads: `size - 1` threads started here
/// (the calling thread is the search's first), ended when the pool is dropped.
pub(crate) struct Pool {
    threads: Arc<Threads>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A pool for searches on `size` threads (at least 1: then no thread is started).
    pub(crate) fn new(size: usize) -> Pool {
        let size = size.max(1);
        let threads = Arc::new(Threads {
            jobs: Mutex::new(VecDeque::new()),
            queued: AtomicUsize::new(0),
            wake: Condvar::new(),
            idle: AtomicIsize::new(size as isize - 1),
            quit: AtomicBool::new(false),
            searches: AtomicUsize::new(0),
            size,
        });
        let workers = (1..size)
            .map(|i| {
                let threads = Arc::clone(&threads);
                std::thread::Builder::new()
                    .name(format!("reversi-search-{i}"))
                    .spawn(move || threads.work())
                    .unwrap_or_else(|error| panic!("cannot start a search thread: {error}"))
            })
            .collect();
        Pool { threads, workers }
    }

    /// What the searches on this pool share.
    pub(crate) fn threads(&self) -> &Arc<Threads> {
        &self.threads
    }

    /// The threads of a search on this pool, the calling one included.
    pub(crate) fn size(&self) -> usize {
        self.threads.size
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.threads.quit.store(true, Ordering::Release);
        {
            // Under the lock, so that no thread is between its check and its sleep.
            let _jobs = self
                .threads
                .jobs
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            self.threads.wake.notify_all();
        }
        for worker in self.workers.drain(..) {
            // A pool thread catches its jobs' panics: it ends only when told to.
            let _ = worker.join();
        }
    }
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("size", &self.size()).finish()
    }
}

/// `f(i, item)` for every item of `items` at once, item 0 on the calling thread and each
/// other on a scoped thread of its own, the results in the items' order; a panic goes
/// on in the caller. For coarse work on borrowed state (the book builder's engines, each
/// searching its share of a position's moves), where starting a thread costs nothing
/// beside the work: a search's own parallel work goes through a [`Pool`].
pub(crate) fn each_at_once<T: Send, R: Send>(
    items: &mut [T],
    f: impl Fn(usize, &mut T) -> R + Sync,
) -> Vec<R> {
    let f = &f;
    std::thread::scope(|scope| {
        let mut items = items.iter_mut().enumerate();
        let first = items.next();
        let handles: Vec<_> = items
            .map(|(i, item)| scope.spawn(move || f(i, item)))
            .collect();
        let mut results: Vec<R> = first.map(|(i, item)| f(i, item)).into_iter().collect();
        results.extend(
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| resume_unwind(panic))),
        );
        results
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_runs_both_parts_and_a_helper_panic_reaches_the_caller() {
        let pool = Pool::new(2);
        let threads = pool.threads();
        for _ in 0..100 {
            let split = Arc::new(AtomicBool::new(false));
            let helped = Arc::new(AtomicUsize::new(0));
            let counted = Arc::clone(&helped);
            let mut own = 0;
            assert!(threads.take());
            threads.share(
                &split,
                vec![Arc::clone(&split)],
                move || {
                    counted.fetch_add(1, Ordering::Relaxed);
                },
                || own += 1,
            );
            // The helper ran once, on the pool or not at all (taken back unstarted).
            assert!(helped.load(Ordering::Relaxed) <= 1);
            assert_eq!(own, 1);
            assert_eq!(threads.idle(), 1, "the thread taken is given back");
        }
        let split = Arc::new(AtomicBool::new(false));
        let (started, seen) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let flag = Arc::clone(&started);
        let caught = catch_unwind(AssertUnwindSafe(|| {
            assert!(threads.take());
            let helper = move || {
                flag.store(true, Ordering::Release);
                panic!("in a helper");
            };
            // This thread's part waits until the pool thread has started the helper.
            threads.share(&split, Vec::new(), helper, || {
                while !started.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
                seen.store(true, Ordering::Relaxed);
            });
        }));
        assert!(seen.load(Ordering::Relaxed));
        assert!(caught.is_err());
        assert_eq!(threads.idle(), 1);
    }

    #[test]
    fn a_waiting_thread_runs_only_jobs_from_below_its_split() {
        let pool = Pool::new(1);
        let threads = Arc::clone(pool.threads());
        let (ours, other) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let ran = Arc::new(AtomicUsize::new(0));
        for below in [
            vec![Arc::clone(&other)],
            vec![Arc::clone(&other), Arc::clone(&ours)],
        ] {
            let ran = Arc::clone(&ran);
            threads.queue(
                below,
                Box::new(move || {
                    ran.fetch_add(1, Ordering::Relaxed);
                }),
            );
        }
        // The second job is below `ours`; the first is not and stays queued.
        threads.help(&ours, || ran.load(Ordering::Relaxed) == 1);
        assert_eq!(threads.queued.load(Ordering::Relaxed), 1);
        assert!(threads.pop(Some(&ours)).is_none());
        assert!(threads.pop(None).is_some());
    }

    #[test]
    fn each_at_once_keeps_the_items_order() {
        let mut items = [1, 2, 3, 4];
        let out = each_at_once(&mut items, |i, x| {
            *x += 10;
            (i, *x)
        });
        assert_eq!(out, [(0, 11), (1, 12), (2, 13), (3, 14)]);
        assert_eq!(items, [11, 12, 13, 14]);
    }

    #[test]
    fn a_dropped_pool_ends_its_threads() {
        let pool = Pool::new(4);
        assert_eq!(pool.size(), 4);
        assert_eq!(pool.threads().idle(), 3);
        drop(pool);
    }
}

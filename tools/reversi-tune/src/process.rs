//! What the process knows of itself: CPU time (the thread's and the whole process's),
//! the timing line every long command ends with, and a parallel map over worker threads.

use std::fs;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// This thread's CPU time in seconds (Linux `/proc/thread-self/schedstat`, nanoseconds),
/// or `None` where that file does not exist.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// The CPU seconds this thread spent in `f`, 0 where they cannot be read, with `f`'s
/// result.
pub fn thread_cpu<R>(f: impl FnOnce() -> R) -> (R, f64) {
    let before = thread_cpu_seconds();
    let r = f();
    let seconds = match (before, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => 0.0,
    };
    (r, seconds)
}

/// CPU seconds of this process (all threads), from `/proc/self/stat` (user + system
/// ticks at 100 per second); `None` where that file does not exist.
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// Prints `what`, the wall time since `wall` and the process's CPU time to standard error.
pub fn report_time(what: &str, wall: Instant) {
    let cpu = process_cpu_seconds().map_or_else(|| "?".to_string(), |c| format!("{c:.1}"));
    eprintln!(
        "{what}: wall {:.1} s, process CPU {cpu} s",
        wall.elapsed().as_secs_f64()
    );
}

/// `f` on every item, on `threads` threads, each with its own state from `init`, results
/// in the items' order (so the thread count changes only the speed, as long as `f`'s
/// result does not depend on the state's history).
pub fn par_map<T: Sync, S, R: Send>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut state = init();
                let mut local = Vec::new();
                loop {
                    let start = next.fetch_add(16, Ordering::Relaxed);
                    if start >= items.len() {
                        break;
                    }
                    for (i, item) in items.iter().enumerate().skip(start).take(16) {
                        local.push((i, f(&mut state, item)));
                    }
                }
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(local);
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_map_keeps_the_items_order_on_any_thread_count() {
        let items: Vec<u64> = (0..100).collect();
        for threads in 1..4 {
            let squares = par_map(&items, threads, || (), |(), &x| x * x);
            assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
    }
}

//! The endgame search on raw bitboards (`p` = the side to move's discs, `o` = the
//! opponent's): null-window and principal-variation alpha-beta (fail-soft), with a
//! transposition table, enhanced transposition cutoffs, stability cutoffs, fastest-first
//! move ordering, and hand-written solvers for the last 1 to 4 empty squares; on several
//! threads, the moves after a node's first shared with an idle thread ([`Search::split`]).
//!
//! Scores are final disc differences for the side to move (empty squares to the winner),
//! always even, from -64 to 64. A fail-soft search of window `(alpha, beta)` returns `v`
//! with: `v <= alpha` means score `<= v`; `v >= beta` means score `>= v`; otherwise
//! `v` is the score.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicIsize, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use reversi::{kernel, Board, Color};

use crate::stability::stable_discs;
use crate::table::{Table, NO_MOVE};

/// Below this many empty squares the search uses no table (the table costs more than it
/// saves near the leaves).
pub(crate) const DEEP: u32 = 8;

/// From this many empty squares on, children are looked up in the table before any is
/// searched (enhanced transposition cutoff).
const ETC_MIN: u32 = 12;

/// From this many empty squares on, moves are ordered by the pattern evaluation
/// ([`crate::eval::evaluate`]) of each child, searched a few plies deep
/// ([`sort_depth`]), with the fastest-first terms.
const SORT_SEARCH_MIN: u32 = 16;

/// The weight of the fastest-first order (16 a reply left to the opponent) against the
/// children's evaluation ([`crate::eval::SCALE`] = 128 a disc) when both order moves:
/// one reply more weighs as much as two discs less.
const MOBILITY_WEIGHT: i32 = 16;

/// From this many empty squares on, a node of a parallel search ([`Search::threads`])
/// whose first move did not cut shares the moves after it with a thread that is idle,
/// if one is (the young brothers wait: the first move's result sets the bound the others
/// are searched against). Below, a subtree takes less time than starting a thread.
pub(crate) const SPLIT_MIN: u32 = 12;

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
    fn take(&self) -> bool {
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
    fn give(&self) {
        self.idle.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one whether or not it is idle (a thread taking its own back).
    fn take_back(&self) {
        self.idle.fetch_sub(1, Ordering::Relaxed);
    }
}

// The shallow search keeps its empty squares in an array of 8.
const _: () = assert!(DEEP <= 9);

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
#[inline(always)]
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

/// Which search techniques a [`Solver`](crate::Solver) uses: all by default. Turning one
/// off keeps every score exact and shows in the node count what the technique buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// The transposition table (and with it enhanced transposition cutoffs).
    pub table: bool,
    /// Enhanced transposition cutoffs: children looked up in the table first.
    pub enhanced_cutoffs: bool,
    /// Stability cutoffs: the opponent's stable discs bound the score.
    pub stability: bool,
    /// Null-window searches of all but the first move (principal-variation search);
    /// off, every move gets the full window (plain alpha-beta).
    pub null_window: bool,
    /// Fastest-first move ordering (fewest replies for the opponent, potential replies,
    /// parity, corners); off, moves go in square order after the table's move.
    pub mobility_order: bool,
    /// Shallow searches to order moves at 16 empties and more.
    pub sort_search: bool,
    /// Hand-written solvers of the last 1 to 4 empties (parity-ordered, the last move's
    /// flips only counted).
    pub small_solvers: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            table: true,
            enhanced_cutoffs: true,
            stability: true,
            null_window: true,
            mobility_order: true,
            sort_search: true,
            small_solvers: true,
        }
    }
}

/// Proven bounds on one position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
}

impl Bounds {
    pub(crate) const UNKNOWN: Bounds = Bounds {
        lower: -64,
        upper: 64,
    };

    /// Tightens by a fail-soft result `v` of window `(alpha, beta)`.
    pub(crate) fn add(&mut self, v: i32, alpha: i32, beta: i32) {
        if v <= alpha {
            self.upper = self.upper.min(v);
        } else if v >= beta {
            self.lower = self.lower.max(v);
        } else {
            self.lower = v;
            self.upper = v;
        }
    }
}

/// What the threads searching the moves of one split node share.
struct Split {
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
}

/// The result of [`Search::split`]: each searched move's index, proven bounds and
/// fail-soft value (as [`Search::search`] would return it in the window the move was
/// last searched with), and whether every move needed was searched (all of them, or
/// until one reached beta).
pub(crate) struct SplitResult {
    pub(crate) moves: Vec<(usize, Bounds, i32)>,
    pub(crate) complete: bool,
}

/// One move of a move list.
#[derive(Clone, Copy, Default)]
struct Move {
    square: u32,
    flipped: u64,
    key: u64,
    order: i32,
}

/// A position of the search with the table: `p` to move against `o`, `n` empty
/// squares, `key` and `side` the board's Zobrist key and colour to move (the key is
/// only kept from [`DEEP`] empties on; below, 0).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub(crate) p: u64,
    pub(crate) o: u64,
    pub(crate) key: u64,
    pub(crate) side: Color,
    pub(crate) n: u32,
}

impl Node {
    /// The node of `board`.
    pub(crate) fn of(board: &Board) -> Node {
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        Node {
            p,
            o,
            key: board.zobrist_key(),
            side: board.side_to_move(),
            n: (!(p | o)).count_ones(),
        }
    }

    /// The position after `m`, a move of this node's list (its key made here unless the
    /// list has it: a `m.key` of 0 is made again, harmlessly, if it was the real key).
    #[inline(always)]
    fn play(&self, m: &Move) -> Node {
        let key = if m.key == 0 && self.n > DEEP {
            self.key ^ kernel::zobrist_move(self.side, m.square, m.flipped)
        } else {
            m.key
        };
        Node {
            p: self.o ^ m.flipped,
            o: self.p ^ m.flipped ^ (1 << m.square),
            key,
            side: self.side.other(),
            n: self.n - 1,
        }
    }

    /// The position after a pass.
    #[inline(always)]
    fn pass(&self) -> Node {
        Node {
            p: self.o,
            o: self.p,
            key: self.key ^ kernel::zobrist_pass(),
            side: self.side.other(),
            n: self.n,
        }
    }
}

/// The instruction set a search is compiled for. The search's recursive functions call
/// each other through it, so one compiled copy of the search only ever calls itself:
/// [`Portable`] is the target's baseline, `V3` the same code compiled with POPCNT,
/// LZCNT/TZCNT and BMI1/BMI2, chosen at run time when the CPU has them (the default build
/// stays portable). Holding a value of an `Isa` type is the proof that the CPU can run
/// its code.
pub(crate) trait Isa: Copy + Send {
    /// [`Search::nws_in`].
    fn nws(self, s: &mut Search, node: Node, alpha: i32) -> i32;
    /// [`Search::pvs_in`].
    fn pvs(self, s: &mut Search, node: Node, alpha: i32, beta: i32) -> i32;
    /// [`Search::shallow_in`].
    fn shallow(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), n: u32) -> i32;
    /// [`Search::solve_2_in`].
    fn solve_2(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 2]) -> i32;
    /// [`Search::solve_3_in`].
    fn solve_3(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 3]) -> i32;
    /// [`Search::solve_4_in`].
    fn solve_4(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 4]) -> i32;
    /// [`Search::mid_search_in`].
    fn mid_search(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), depth: u32) -> i32;
}

/// The search compiled for the target's baseline instructions.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Isa for Portable {
    fn nws(self, s: &mut Search, node: Node, alpha: i32) -> i32 {
        s.nws_in(self, node, alpha)
    }
    fn pvs(self, s: &mut Search, node: Node, alpha: i32, beta: i32) -> i32 {
        s.pvs_in(self, node, alpha, beta)
    }
    fn shallow(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), n: u32) -> i32 {
        s.shallow_in(self, p, o, window, n)
    }
    fn solve_2(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 2]) -> i32 {
        s.solve_2_in(self, p, o, window, xs)
    }
    fn solve_3(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 3]) -> i32 {
        s.solve_3_in(self, p, o, window, xs)
    }
    fn solve_4(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), xs: [u32; 4]) -> i32 {
        s.solve_4_in(self, p, o, window, xs)
    }
    fn mid_search(self, s: &mut Search, p: u64, o: u64, window: (i32, i32), depth: u32) -> i32 {
        s.mid_search_in(self, p, o, window, depth)
    }
}

/// The proof that this CPU has POPCNT, LZCNT, BMI1 and BMI2, the features the search's
/// x86-64 copy (`impl Isa for V3`, in the `x86` module) is compiled with: made only by
/// [`V3::detect`]. It lives here, not in `x86`, so that the search names its own type and
/// the dependency goes one way (`x86` uses the search, not the other way round).
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
#[derive(Clone, Copy)]
pub(crate) struct V3(());

#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
impl V3 {
    /// `Some` when the CPU has the features the `x86` copy of the search is compiled with.
    pub(crate) fn detect() -> Option<V3> {
        let detected = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2");
        if detected {
            Some(V3(()))
        } else {
            None
        }
    }
}

/// The search compiled a second time for recent x86-64 CPUs, chosen at run time: `V3`'s
/// implementation of [`Isa`].
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
// The crate denies (instead of forbidding) `unsafe_code` only for this module: calling a
// `#[target_feature]` function is `unsafe` because the CPU must have the features, which
// only a `V3` value (made by `V3::detect` once it found them) proves.
#[allow(unsafe_code)]
mod x86 {
    use super::{Isa, Node, Search, V3};

    /// Defines, for each listed method of [`Isa`], a function compiled with the features
    /// that calls the search's generic body (inlined into it), and `V3`'s method calling it.
    macro_rules! fast {
        ($($name:ident => $body:ident($($arg:ident: $ty:ty),*);)*) => {
            $(
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
                unsafe fn $name(k: V3, s: &mut Search, $($arg: $ty),*) -> i32 {
                    s.$body(k, $($arg),*)
                }
            )*
            impl Isa for V3 {
                $(
                    #[inline(always)]
                    fn $name(self, s: &mut Search, $($arg: $ty),*) -> i32 {
                        // SAFETY: `self` exists, so `V3::detect` found every feature
                        // `$name` is compiled with.
                        unsafe { $name(self, s, $($arg),*) }
                    }
                )*
            }
        };
    }

    fast! {
        nws => nws_in(node: Node, alpha: i32);
        pvs => pvs_in(node: Node, alpha: i32, beta: i32);
        shallow => shallow_in(p: u64, o: u64, window: (i32, i32), n: u32);
        solve_2 => solve_2_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 2]);
        solve_3 => solve_3_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 3]);
        solve_4 => solve_4_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 4]);
        mid_search => mid_search_in(p: u64, o: u64, window: (i32, i32), depth: u32);
    }
}

/// The search state: table (shared by the threads of a parallel solve), node counter,
/// limits.
pub(crate) struct Search {
    pub(crate) table: Arc<Table>,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    /// The stop flags of the splits this search works for (set when a move of one
    /// reached beta, or a limit stopped a thread of it): read with the clock.
    aborts: Vec<Arc<AtomicBool>>,
    pub(crate) stop: Stop,
    next_check: u64,
    /// Technique switches, for measuring what each one buys.
    pub(crate) techniques: Techniques,
    /// The threads of a parallel solve (`None`: this thread alone).
    pub(crate) threads: Option<Arc<Threads>>,
    /// The move lists of the nodes on the current line, one after another.
    stack: Vec<Move>,
    /// Where the next node's list starts in `stack`.
    top: usize,
    /// The x86-64-v3 copy of the search, when this CPU can run it.
    #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
    v3: Option<V3>,
}

/// How often (in nodes) the clock is read.
const CHECK_EVERY: u64 = 1 << 14;

impl Search {
    pub(crate) fn new(table: Arc<Table>) -> Search {
        Search {
            table,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborts: Vec::new(),
            stop: Stop::No,
            next_check: CHECK_EVERY,
            techniques: Techniques::default(),
            threads: None,
            stack: vec![Move::default(); 64 * 36],
            top: 0,
            #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
            v3: V3::detect(),
        }
    }

    /// A search for a helper thread of a split of this one: the same table, threads,
    /// techniques, limits and split flags (`stop` the new split's), its own move stack and
    /// counters.
    fn helper(&self, stop: &Arc<AtomicBool>) -> Search {
        let mut s = Search::new(Arc::clone(&self.table));
        s.threads = self.threads.clone();
        s.aborts = self.aborts.clone();
        s.aborts.push(Arc::clone(stop));
        s.start_helping(u64::MAX, self.deadline);
        s.techniques = self.techniques;
        s
    }

    /// Prepares a new search with these limits (the node limit counts from now).
    pub(crate) fn start(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.start_helping(node_limit, deadline);
        self.table.new_search();
    }

    /// [`Search::start`] for a helper thread of a solve that started already: the
    /// table's entries keep their date.
    pub(crate) fn start_helping(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.stop = Stop::No;
        self.top = 0;
        self.next_check = CHECK_EVERY.min(node_limit);
    }

    #[cold]
    fn check_limits(&mut self) {
        self.next_check = self.nodes + CHECK_EVERY;
        let aborted = self.aborts.iter().any(|a| a.load(Ordering::Relaxed));
        if aborted
            || self.nodes >= self.node_limit
            || self.deadline.map_or(false, |d| Instant::now() >= d)
        {
            self.stop = Stop::Limit;
        }
        self.next_check = self.next_check.min(self.node_limit);
    }

    /// Whether the search was stopped by a limit (every later result is unproven).
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop != Stop::No
    }

    /// The score of `node`, fail-soft in the window `(alpha, beta)`, with the fastest
    /// copy of the search this CPU runs. Meaningless once [`Search::stopped`].
    pub(crate) fn search(&mut self, node: Node, alpha: i32, beta: i32) -> i32 {
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        if let Some(k) = self.v3 {
            return self.search_in(k, node, alpha, beta);
        }
        self.search_in(Portable, node, alpha, beta)
    }

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
    fn may_split(&self, n: u32, left: usize) -> bool {
        n >= SPLIT_MIN && left >= 2 && self.threads.as_ref().map_or(false, |t| t.take())
    }

    /// [`Search::may_split`] for the root's moves after its first (`left` of them): the
    /// root of a parallel solve has empties enough.
    pub(crate) fn may_split_root(&self, left: usize) -> bool {
        self.may_split(SPLIT_MIN, left)
    }

    /// [`Search::split_children`] in the instruction set `k`, with the helper thread
    /// taken (by [`Search::may_split`]) if this is a parallel search. A stop the split
    /// asked for (a move reached beta) is not the search's: afterwards the search is
    /// stopped only when a move it needed was left unsearched.
    fn split<K: Isa>(
        &mut self,
        k: K,
        children: &[Node],
        alpha: i32,
        beta: i32,
        lower: i32,
    ) -> SplitResult {
        let stop = Arc::new(AtomicBool::new(false));
        let shared = Split {
            next: AtomicUsize::new(0),
            lower: AtomicI32::new(lower),
            stop: Arc::clone(&stop),
            cutoff: AtomicBool::new(false),
            results: Mutex::new(Vec::with_capacity(children.len())),
        };
        let threads = self.threads.clone();
        let mut helper = threads.as_ref().map(|_| self.helper(&stop));
        self.aborts.push(Arc::clone(&stop));
        std::thread::scope(|scope| {
            let shared = &shared;
            let running = helper.as_mut().map(|helper| {
                scope.spawn(move || {
                    helper.split_worker(k, children, alpha, beta, shared);
                    if let Some(t) = &helper.threads {
                        t.give();
                    }
                })
            });
            self.split_worker(k, children, alpha, beta, shared);
            if let Some(thread) = running {
                // Waiting: this thread's core goes to any split below the helper's.
                if let Some(t) = &threads {
                    t.give();
                }
                if let Err(panic) = thread.join() {
                    std::panic::resume_unwind(panic);
                }
                if let Some(t) = &threads {
                    t.take_back();
                }
            }
        });
        self.aborts.pop();
        self.nodes += helper.map_or(0, |h| h.nodes);
        let mut moves = shared
            .results
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        moves.sort_by_key(|&(j, _, _)| j);
        let complete = shared.cutoff.load(Ordering::Relaxed) || moves.len() == children.len();
        self.stop = if complete { Stop::No } else { Stop::Limit };
        SplitResult { moves, complete }
    }

    /// One thread's part of a split: takes the next move until none is left or the
    /// split stops.
    fn split_worker<K: Isa>(
        &mut self,
        k: K,
        children: &[Node],
        alpha: i32,
        beta: i32,
        shared: &Split,
    ) {
        let record = |j: usize, bounds: Bounds, v: i32| {
            let mut results = shared
                .results
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            results.push((j, bounds, v));
            shared.lower.fetch_max(bounds.lower, Ordering::Relaxed);
            if bounds.lower >= beta {
                shared.cutoff.store(true, Ordering::Relaxed);
                shared.stop.store(true, Ordering::Relaxed);
            }
        };
        while !shared.stop.load(Ordering::Relaxed) {
            let j = shared.next.fetch_add(1, Ordering::Relaxed);
            let child = match children.get(j) {
                Some(&child) => child,
                None => return,
            };
            let a = alpha.max(shared.lower.load(Ordering::Relaxed));
            let mut bounds = Bounds::UNKNOWN;
            let v = -self.search_in(k, child, -a - 1, -a);
            if self.stopped() {
                shared.stop.store(true, Ordering::Relaxed);
                return;
            }
            bounds.add(v, a, a + 1);
            if v > a && v < beta {
                let w = -self.search_in(k, child, -beta, -(v - 1));
                if self.stopped() {
                    // The null-window result stays proven.
                    record(j, bounds, v);
                    shared.stop.store(true, Ordering::Relaxed);
                    return;
                }
                bounds.add(w, v - 1, beta);
                record(j, bounds, w);
            } else {
                record(j, bounds, v);
            }
        }
    }

    /// The value of a `depth`-ply search on the pattern evaluation
    /// ([`crate::eval::evaluate`], [`crate::eval::SCALE`] a disc), for ordering moves.
    pub(crate) fn order_search(&mut self, p: u64, o: u64, depth: u32) -> i32 {
        let window = (-100_000, 100_000);
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        if let Some(k) = self.v3 {
            return k.mid_search(self, p, o, window, depth);
        }
        Portable.mid_search(self, p, o, window, depth)
    }

    /// [`Search::search`] in the instruction set `k`.
    #[inline(always)]
    fn search_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32, beta: i32) -> i32 {
        let (p, o, n) = (node.p, node.o, node.n);
        if n <= 4 && self.techniques.small_solvers {
            self.solve_small(k, p, o, (alpha, beta), n)
        } else if n < DEEP {
            k.shallow(self, p, o, (alpha, beta), n)
        } else if beta == alpha + 1 && self.techniques.null_window {
            k.nws(self, node, alpha)
        } else {
            k.pvs(self, node, alpha, beta)
        }
    }

    /// The last 0 to 4 empties: finds them and calls the matching solver, the squares
    /// ordered by parity (squares alone in their quadrant first).
    #[inline(always)]
    fn solve_small<K: Isa>(&mut self, k: K, p: u64, o: u64, window: (i32, i32), n: u32) -> i32 {
        let empty = !(p | o);
        match n {
            0 => {
                self.nodes += 1;
                kernel::final_score(p, o)
            }
            1 => {
                self.nodes += 1;
                solve_1(p, empty.trailing_zeros())
            }
            2 => {
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                k.solve_2(self, p, o, window, [x1, x2])
            }
            3 => k.solve_3(self, p, o, window, parity_order(empty)),
            _ => k.solve_4(self, p, o, window, parity_order(empty)),
        }
    }

    /// Two empties `xs`: the mover's best move, else (a pass) the opponent's, else the
    /// game is over.
    #[inline(always)]
    fn solve_2_in<K: Isa>(&mut self, _: K, p: u64, o: u64, w: (i32, i32), xs: [u32; 2]) -> i32 {
        let (alpha, beta) = w;
        let [x1, x2] = xs;
        self.nodes += 1;
        let mut best = -65;
        if o & NEIGHBOURS[x1 as usize & 63] != 0 {
            let f = kernel::flips(p, o, x1);
            if f != 0 {
                best = -solve_1(o ^ f, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if o & NEIGHBOURS[x2 as usize & 63] != 0 {
            let f = kernel::flips(p, o, x2);
            if f != 0 {
                let v = -solve_1(o ^ f, x1);
                if v > best {
                    best = v;
                }
            }
        }
        if best != -65 {
            return best;
        }
        // The mover passes: the opponent minimises the mover's score (a node of its own).
        self.nodes += 1;
        let mut worst = 65;
        if p & NEIGHBOURS[x1 as usize & 63] != 0 {
            let f = kernel::flips(o, p, x1);
            if f != 0 {
                worst = solve_1(p ^ f, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if p & NEIGHBOURS[x2 as usize & 63] != 0 {
            let f = kernel::flips(o, p, x2);
            if f != 0 {
                let v = solve_1(p ^ f, x1);
                if v < worst {
                    worst = v;
                }
            }
        }
        if worst == 65 {
            return kernel::final_score(p, o);
        }
        worst
    }

    /// Three empties `xs`, in the order tried.
    #[inline(always)]
    fn solve_3_in<K: Isa>(&mut self, k: K, p: u64, o: u64, w: (i32, i32), xs: [u32; 3]) -> i32 {
        self.solve_n(k, p, o, w, xs, |s, k, p, o, w, rest| {
            s.solve_2_in(k, p, o, w, rest)
        })
    }

    /// Four empties `xs`, in the order tried.
    #[inline(always)]
    fn solve_4_in<K: Isa>(&mut self, k: K, p: u64, o: u64, w: (i32, i32), xs: [u32; 4]) -> i32 {
        self.solve_n(k, p, o, w, xs, |s, k, p, o, w, rest| {
            k.solve_3(s, p, o, w, rest)
        })
    }

    /// `N` (3 or 4) empties `xs`, in the order tried, each child (`M` = `N` - 1 empties,
    /// in the same order) solved by `child`: the mover's best move, else (a pass) the
    /// opponent's, else the game is over.
    #[inline(always)]
    fn solve_n<K: Isa, const N: usize, const M: usize>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        xs: [u32; N],
        child: impl Fn(&mut Search, K, u64, u64, (i32, i32), [u32; M]) -> i32 + Copy,
    ) -> i32 {
        self.nodes += 1;
        if let Some(v) = self.solve_n_moves(k, p, o, w, xs, child) {
            return v;
        }
        self.nodes += 1;
        match self.solve_n_moves(k, o, p, (-w.1, -w.0), xs, child) {
            Some(v) => -v,
            None => kernel::final_score(p, o),
        }
    }

    /// The best of `p`'s moves on `xs` (`N` empties), `None` when it has none.
    #[inline(always)]
    fn solve_n_moves<K: Isa, const N: usize, const M: usize>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        (alpha, beta): (i32, i32),
        xs: [u32; N],
        child: impl Fn(&mut Search, K, u64, u64, (i32, i32), [u32; M]) -> i32,
    ) -> Option<i32> {
        let mut best = -65;
        let mut a = alpha;
        for (i, &x) in xs.iter().enumerate() {
            if o & NEIGHBOURS[x as usize & 63] == 0 {
                continue;
            }
            let f = kernel::flips(p, o, x);
            if f != 0 {
                // The other empties, in their order.
                let mut rest = [0u32; M];
                for j in 0..M {
                    rest[j] = xs[if j < i { j } else { j + 1 }];
                }
                let v = -child(self, k, o ^ f, p ^ f ^ (1 << x), (-beta, -a), rest);
                if v > best {
                    best = v;
                    if v >= beta {
                        return Some(v);
                    }
                    a = a.max(v);
                }
            }
        }
        if best == -65 {
            None
        } else {
            Some(best)
        }
    }

    /// 5 to [`DEEP`] - 1 empties: no table, moves by parity then by square class. The
    /// empty squares next to an opponent's disc are tried in that order (no move
    /// generation: a square whose move flips nothing is skipped).
    #[inline(always)]
    fn shallow_in<K: Isa>(&mut self, k: K, p: u64, o: u64, w: (i32, i32), n: u32) -> i32 {
        let (alpha, beta) = w;
        self.nodes += 1;
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let candidates = empty & kernel::neighbours(o);
        // At most DEEP - 1 <= 8 empty squares here (checked below the function).
        let mut xs = [0u32; 8];
        let mut len = 0;
        for parity in [odd, !odd] {
            for class in PRIORITY {
                let mut todo = candidates & parity & class;
                while todo != 0 {
                    xs[len & 7] = todo.trailing_zeros();
                    len += 1;
                    todo &= todo - 1;
                }
            }
        }
        let mut best = -65;
        let mut a = alpha;
        for &x in &xs[..len.min(8)] {
            let f = kernel::flips(p, o, x);
            if f == 0 {
                continue;
            }
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            let v = if n == 5 && self.techniques.small_solvers {
                -self.solve_small(k, np, no, (-beta, -a), 4)
            } else {
                -k.shallow(self, np, no, (-beta, -a), n - 1)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                a = a.max(v);
            }
        }
        if best == -65 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.shallow(self, o, p, (-beta, -alpha), n);
        }
        best
    }

    /// Orders the moves of `node` (`moves`, non-empty) into `stack[base..]`: the table's
    /// move first, then fastest-first (fewest replies for the opponent, corners counted
    /// twice), fewer potential replies, parity. From [`SORT_SEARCH_MIN`] empties on, a
    /// shallow search of each child on the pattern evaluation is added to that. Returns the
    /// list's length, or a child's proven value `> alpha` found in the table (enhanced
    /// transposition cutoff) with its move instead.
    #[inline(always)]
    fn generate<K: Isa>(
        &mut self,
        k: K,
        base: usize,
        node: Node,
        moves: u64,
        hash_move: u8,
        alpha: i32,
    ) -> Result<usize, (i32, u32)> {
        let Node { p, o, key, side, n } = node;
        let empty = !(p | o);
        let mut len = 0;
        let odd = odd_quadrants(empty);
        let etc = self.techniques.enhanced_cutoffs && self.techniques.table && n >= ETC_MIN;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            // Without ETC the child's key is made when the child is searched (most
            // null-window nodes cut after one or two moves).
            let child_key = if etc {
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
            } else if self.techniques.mobility_order {
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
        if self.techniques.sort_search && n >= SORT_SEARCH_MIN {
            self.sort_search(k, base, len, node);
        }
        Ok(len)
    }

    /// Orders `stack[base..base + len]` (the moves of `node`, but the table's move) by
    /// a shallow search of each child on the pattern evaluation plus the fastest-first
    /// order already in the list (weighted by [`MOBILITY_WEIGHT`]).
    #[inline(always)]
    fn sort_search<K: Isa>(&mut self, k: K, base: usize, len: usize, node: Node) {
        let depth = sort_depth(node.n);
        for i in base..base + len {
            let m = self.stack[i];
            if m.order == 1 << 24 {
                continue;
            }
            let child = node.play(&m);
            let v = -k.mid_search(self, child.p, child.o, (-100_000, 100_000), depth);
            self.stack[i].order = v + m.order * MOBILITY_WEIGHT;
        }
    }

    /// Moves the best-ordered move of `stack[i..end]` to `i` and returns it.
    #[inline(always)]
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

    /// Counts a node of the search with the table and checks the limits now and then:
    /// `true` when the search must stop.
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
            return self.stopped();
        }
        false
    }

    /// Null-window search of `(alpha, alpha + 1)` with the table, [`DEEP`] empties or more.
    #[inline(always)]
    fn nws_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32) -> i32 {
        if self.count_node() {
            return alpha;
        }
        let Node { p, o, key, n, .. } = node;
        if self.techniques.table {
            self.table.prefetch(key);
        }
        let beta = alpha + 1;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.nws(self, node.pass(), -beta);
        }
        if self.techniques.stability && alpha >= stability_threshold(n) {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let mut hash_move = NO_MOVE;
        if self.techniques.table {
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
        let (best, best_move) = match self.nws_moves(k, node, moves, hash_move, alpha) {
            Ok(found) => found,
            Err(v) => return v,
        };
        if self.techniques.table {
            if best > alpha {
                self.table.store(key, n, best, 64, best_move);
            } else {
                self.table.store(key, n, -64, best, NO_MOVE);
            }
        }
        best
    }

    /// The moves of a null-window node (`moves`, non-empty): the best value and its
    /// move, or `Err` with the value to return at once (a limit stopped the search, or an
    /// enhanced transposition cutoff, stored). Below [`ETC_MIN`] empties the table's
    /// move is searched before the others are generated.
    #[inline(always)]
    fn nws_moves<K: Isa>(
        &mut self,
        k: K,
        node: Node,
        moves: u64,
        hash_move: u8,
        alpha: i32,
    ) -> Result<(i32, u8), i32> {
        let (mut best, mut best_move, mut moves) = (-65, NO_MOVE, moves);
        let etc = self.techniques.enhanced_cutoffs && self.techniques.table && node.n >= ETC_MIN;
        if !etc && hash_move != NO_MOVE && (moves >> hash_move) & 1 != 0 {
            let x = u32::from(hash_move);
            let m = Move {
                square: x,
                flipped: kernel::flips(node.p, node.o, x),
                key: 0,
                order: 0,
            };
            best = -self.search_in(k, node.play(&m), -alpha - 1, -alpha);
            if self.stopped() {
                return Err(alpha);
            }
            best_move = hash_move;
            moves ^= 1 << x;
            if best > alpha || moves == 0 {
                return Ok((best, best_move));
            }
        }
        let base = self.top;
        let len = match self.generate(k, base, node, moves, hash_move, alpha) {
            Ok(len) => len,
            Err((v, x)) => {
                self.table.store(node.key, node.n, v, 64, x as u8);
                return Err(v);
            }
        };
        let end = base + len;
        self.top = end;
        for i in base..end {
            let m = self.select(i, end);
            let v = -self.search_in(k, node.play(&m), -alpha - 1, -alpha);
            if self.stopped() {
                self.top = base;
                return Err(alpha);
            }
            if v > best {
                best = v;
                best_move = m.square as u8;
                if v > alpha {
                    break;
                }
            }
            if i == base && self.may_split(node.n, end - base - 1) {
                let found =
                    self.split_rest(k, node, base + 1, (alpha, alpha + 1), (best, best_move));
                self.top = base;
                return found.ok_or(alpha);
            }
        }
        self.top = base;
        Ok((best, best_move))
    }

    /// Principal-variation search of `(alpha, beta)`: the first move with the full
    /// window, the others with a null window and, if they fail high, again with the
    /// full one. [`DEEP`] empties or more.
    #[inline(always)]
    fn pvs_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32, beta: i32) -> i32 {
        if self.count_node() {
            return alpha;
        }
        let Node { p, o, key, n, .. } = node;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.pvs(self, node.pass(), -beta, -alpha);
        }
        let (alpha, beta, hash_move) = match self.pvs_probe(key, alpha, beta) {
            Ok(window) => window,
            Err(v) => return v,
        };
        let base = self.top;
        // No cutoff from the table here (alpha 64): a PV node wants the exact score.
        let len = self
            .generate(k, base, node, moves, hash_move, 64)
            .unwrap_or(0);
        self.top = base + len;
        let found = self.pvs_moves(k, node, base, (alpha, beta));
        self.top = base;
        let (best, best_move) = match found {
            Some(found) => found,
            None => return alpha,
        };
        if self.techniques.table {
            if best >= beta {
                self.table.store(key, n, best, 64, best_move);
            } else if best > alpha {
                self.table.store(key, n, best, best, best_move);
            } else {
                self.table.store(key, n, -64, best, best_move);
            }
        }
        best
    }

    /// The table's bounds of a principal-variation node: `Err` with the value when they
    /// decide it, else the window narrowed by them and the table's move.
    #[inline(always)]
    fn pvs_probe(&self, key: u64, alpha: i32, beta: i32) -> Result<(i32, i32, u8), i32> {
        if !self.techniques.table {
            return Ok((alpha, beta, NO_MOVE));
        }
        let e = match self.table.probe(key) {
            Some(e) => e,
            None => return Ok((alpha, beta, NO_MOVE)),
        };
        let (lower, upper) = (e.lower as i32, e.upper as i32);
        if lower >= beta {
            return Err(lower);
        }
        if upper <= alpha {
            return Err(upper);
        }
        if lower == upper {
            return Err(lower);
        }
        // Bounds proven for this position narrow the window (fail-soft stays correct:
        // results outside it are still bounds).
        Ok((alpha.max(lower - 1), beta.min(upper + 1), e.best))
    }

    /// The moves of a principal-variation node, listed in `stack[base..self.top]`:
    /// the best value and its move, `None` when a limit stopped the search.
    #[inline(always)]
    fn pvs_moves<K: Isa>(
        &mut self,
        k: K,
        node: Node,
        base: usize,
        (alpha, beta): (i32, i32),
    ) -> Option<(i32, u8)> {
        let end = self.top;
        let mut best = -65;
        let mut best_move = NO_MOVE;
        for i in base..end {
            let m = self.select(i, end);
            let child = node.play(&m);
            let a = alpha.max(best);
            let mut v;
            if i == base || !self.techniques.null_window {
                v = -self.search_in(k, child, -beta, -a);
            } else {
                v = -self.search_in(k, child, -a - 1, -a);
                if !self.stopped() && v > a && v < beta {
                    v = -self.search_in(k, child, -beta, -v);
                }
            }
            if self.stopped() {
                return None;
            }
            if v > best {
                best = v;
                best_move = m.square as u8;
                if v >= beta {
                    break;
                }
            }
            if i == base && self.may_split(node.n, end - base - 1) {
                return self.split_rest(k, node, base + 1, (alpha, beta), (best, best_move));
            }
        }
        Some((best, best_move))
    }

    /// The moves of a node after its first, `stack[from..self.top]`, searched by
    /// [`Search::split`] (the first's value and move `best`) in `(alpha, beta)`: the
    /// best value and its move, `None` when a limit stopped the search.
    #[inline(never)]
    fn split_rest<K: Isa>(
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

    /// A depth-limited alpha-beta on the pattern evaluation ([`crate::eval::evaluate`],
    /// finished games scored [`crate::eval::SCALE`] a disc) for ordering moves.
    #[inline(always)]
    fn mid_search_in<K: Isa>(&mut self, k: K, p: u64, o: u64, w: (i32, i32), depth: u32) -> i32 {
        let (alpha, beta) = w;
        self.nodes += 1;
        if depth == 0 {
            return crate::eval::evaluate(p, o);
        }
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o) * crate::eval::SCALE;
            }
            return -k.mid_search(self, o, p, (-beta, -alpha), depth - 1);
        }
        let mut best = -100_000;
        let mut a = alpha;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            let v = -k.mid_search(self, o ^ f, p ^ f ^ (1 << x), (-beta, -a), depth - 1);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                a = a.max(v);
            }
        }
        best
    }
}

/// The empty squares of `empty` (exactly `N` of them) in the order the small solvers
/// try them: those in a quadrant with an odd number of empties first, each group in
/// square order.
#[inline(always)]
fn parity_order<const N: usize>(empty: u64) -> [u32; N] {
    let odd = odd_quadrants(empty);
    let mut xs = [0u32; N];
    let mut i = 0;
    for set in [empty & odd, empty & !odd] {
        let mut bits = set;
        while bits != 0 && i < N {
            xs[i] = bits.trailing_zeros();
            i += 1;
            bits &= bits - 1;
        }
    }
    xs
}

/// The depth of the ordering search of each child at a node with `n` empty squares
/// (from [`SORT_SEARCH_MIN`] on): the evaluation of the child alone below 18, deeper
/// searches as the subtrees to order grow (chosen by node counts on FFO #40-#44).
#[inline]
fn sort_depth(n: u32) -> u32 {
    match n {
        0..=17 => 0,
        18..=19 => 1,
        20..=23 => 2,
        _ => 3,
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
/// can, else the opponent if it can, else nobody and the empty goes to the winner. `o`
/// must be every other square (`!p` but `x`), as with one empty square.
#[inline(always)]
fn solve_1(p: u64, x: u32) -> i32 {
    let discs = p.count_ones() as i32;
    let n = last_flips(p, x) as i32;
    if n > 0 {
        return 2 * (discs + n) - 62;
    }
    let n = last_flips(!p & !(1 << x), x) as i32;
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

/// File a.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `LINE_FLIPS[pos][bits]`: how many discs a move on the square at position `pos` of a
/// line of 8 flips along that line, when that square is the line's only empty one and
/// `bits` are the mover's discs on it (every other square of the line holds an
/// opponent's disc, or is off a short diagonal: off the board, no mover's disc lies
/// beyond, so nothing is flipped toward it).
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut bits = 0;
        while bits < 256 {
            let mut count = 0;
            let mut i = pos + 1;
            while i < 8 && (bits >> i) & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            let mut i = pos as i32 - 1;
            while i >= 0 && (bits >> i) & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += pos - i as usize - 1;
            }
            table[pos][bits] = count as u8;
            bits += 1;
        }
        pos += 1;
    }
    table
}

/// The two diagonals through each square (`a1-h8` direction, then `h1-a8`).
static DIAGONALS: [[u64; 2]; 64] = diagonals();

const fn diagonals() -> [[u64; 2]; 64] {
    let mut table = [[0u64; 2]; 64];
    let mut x = 0;
    while x < 64 {
        let mut y: usize = 0;
        while y < 64 {
            let (fx, rx, fy, ry) = (
                (x % 8) as i32,
                (x / 8) as i32,
                (y % 8) as i32,
                (y / 8) as i32,
            );
            if fx - rx == fy - ry {
                table[x][0] |= 1 << y;
            }
            if fx + rx == fy + ry {
                table[x][1] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    table
}

/// The squares next to each square (8 directions), for a quick test before computing
/// flips: a move needs an opponent's disc next to it.
static NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut x = 0;
    while x < 64 {
        let mut y: usize = 0;
        while y < 64 {
            let (df, dr) = (
                (x % 8) as i32 - (y % 8) as i32,
                (x / 8) as i32 - (y / 8) as i32,
            );
            if x != y && df * df <= 1 && dr * dr <= 1 {
                table[x] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    table
}

/// How many discs `p` flips by playing the empty square `x` when every other square is
/// full (`!p` but `x` the opponent's): [`kernel::count_flips`] for the last empty square,
/// from `p` alone. Each of the 4 lines through `x` is gathered into 8 bits (a rank by a
/// shift, a file or diagonal by one multiplication) and looked up in [`LINE_FLIPS`].
#[inline(always)]
fn last_flips(p: u64, x: u32) -> u32 {
    let (file, rank) = ((x & 7) as usize, ((x >> 3) & 7) as usize);
    let row = (p >> (rank * 8)) as u8 as usize;
    let column = (((p >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let d = &DIAGONALS[x as usize & 63];
    let d9 = ((p & d[0]).wrapping_mul(FILE_A) >> 56) as usize;
    let d7 = ((p & d[1]).wrapping_mul(FILE_A) >> 56) as usize;
    let t = &LINE_FLIPS;
    u32::from(t[file][row])
        + u32::from(t[rank][column])
        + u32::from(t[file][d9])
        + u32::from(t[file][d7])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flips_counts_the_flips_of_the_last_empty_square() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let x = (rng >> 58) as u32;
            let p = rng & !(1 << x);
            let o = !p & !(1 << x);
            assert_eq!(
                last_flips(p, x),
                kernel::count_flips(p, o, x),
                "p {p:#x} x {x}"
            );
            assert_eq!(
                last_flips(o, x),
                kernel::count_flips(o, p, x),
                "o {o:#x} x {x}"
            );
        }
    }

    #[test]
    fn neighbour_table_matches_the_kernel() {
        for (x, &near) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(near, kernel::neighbours(1 << x), "square {x}");
        }
    }
}

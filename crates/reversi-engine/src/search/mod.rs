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
//!
//! One concept a module: [`node`] (the node and move types), [`clock`] (limits and the
//! stop signal), [`ordering`] (move ordering), [`pvs`] (the null-window and
//! principal-variation searches), [`last`] (the last empties, without the table),
//! [`parity`] (parity ordering), [`split`] (the parallel split) and [`isa`] (the copies
//! of the search compiled per instruction set).

pub(crate) mod clock;
mod isa;
mod last;
pub(crate) mod node;
pub(crate) mod ordering;
mod parity;
mod pvs;
mod split;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use crate::eval::Weights;
use crate::table::{BoundsEntry, Table};
pub(crate) use clock::{Clock, StopSignal};
pub(crate) use isa::Isa;
use isa::Portable;
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
use isa::V3;
pub(crate) use node::{Move, Node};
pub(crate) use split::Threads;

/// Below this many empty squares the search uses no table (the table costs more than it
/// saves near the leaves).
pub(crate) const DEEP: u32 = 8;

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

/// The search state: table (shared by the threads of a parallel solve), node counter,
/// limits.
pub(crate) struct Search {
    pub(crate) table: Arc<Table<BoundsEntry>>,
    /// The node count, the limits and the stop signal.
    pub(crate) clock: Clock,
    /// The evaluation that orders moves ([`ordering`]).
    pub(crate) weights: Arc<Weights>,
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

impl Search {
    pub(crate) fn new(table: Arc<Table<BoundsEntry>>) -> Search {
        Search {
            table,
            clock: Clock::default(),
            weights: crate::eval::builtin(),
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
        s.clock = self.clock.helper(stop);
        s.techniques = self.techniques;
        s.weights = Arc::clone(&self.weights);
        s
    }

    /// Prepares a new search with these limits (the node limit counts from now).
    pub(crate) fn start(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.clock.start(node_limit, deadline);
        self.top = 0;
        self.table.new_search();
    }

    /// Whether the search was stopped by a limit (every later result is unproven).
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.clock.stopped()
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
}

//! The solver's search state: the table, the clock, the technique switches, the threads,
//! the move stack and the instruction set this CPU runs; the techniques and proven
//! bounds types.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::clock::Clock;
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
use super::cpu::V3;
use super::node::Move;
use super::pool::{SplitSearch, Threads};
use crate::eval::Weights;
use crate::table::Table;

/// Which search techniques the exact solver ([`Engine::solve`](crate::Engine::solve)) uses: all by default. Turning one
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
    pub(crate) table: Arc<Table>,
    /// The node count, the limits and the stop signal.
    pub(crate) clock: Clock,
    /// The evaluation that orders moves ([`ordering`]).
    pub(crate) weights: Arc<Weights>,
    /// Technique switches, for measuring what each one buys.
    pub(crate) techniques: Techniques,
    /// The pool of a parallel solve (`None`: this thread alone).
    pub(crate) threads: Option<Arc<Threads>>,
    /// The move lists of the nodes on the current line, one after another.
    pub(crate) stack: Vec<Move>,
    /// Where the next node's list starts in `stack`.
    pub(crate) top: usize,
    /// The x86-64-v3 copy of the search, when this CPU can run it.
    #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
    pub(crate) v3: Option<V3>,
}

/// A move stack deep enough for any line: 64 plies of at most 36 moves each.
fn new_move_stack() -> Vec<Move> {
    vec![Move::default(); 64 * 36]
}

impl Search {
    pub(crate) fn new(table: Arc<Table>) -> Search {
        Search::new_with_stack(table, new_move_stack())
    }

    /// [`Search::new`] with the move stack `stack`.
    fn new_with_stack(table: Arc<Table>, stack: Vec<Move>) -> Search {
        Search {
            table,
            clock: Clock::default(),
            weights: crate::eval::builtin(),
            techniques: Techniques::default(),
            threads: None,
            stack,
            top: 0,
            #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
            v3: V3::detect(),
        }
    }

    /// A search on `table` without a move stack ([`Search::with_move_stack`] lends one):
    /// the midgame's handover to the exact solver's node code.
    pub(crate) fn lean(table: Arc<Table>) -> Search {
        Search::new_with_stack(table, Vec::new())
    }

    /// A [`Search::lean`] copy of this one: the same table, weights, techniques and
    /// instruction set, a clock of its own, no threads.
    pub(crate) fn lean_copy(&self) -> Search {
        Search {
            table: Arc::clone(&self.table),
            clock: Clock::default(),
            weights: Arc::clone(&self.weights),
            techniques: self.techniques,
            threads: None,
            stack: Vec::new(),
            top: 0,
            #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
            v3: self.v3,
        }
    }

    /// Runs `f` on this search with a move stack of the calling thread's (kept from its
    /// last helper search, so a split's helper allocates none), given back afterwards.
    pub(crate) fn with_move_stack(&mut self, f: impl FnOnce(&mut Search)) {
        thread_local! {
            static STACKS: std::cell::RefCell<Vec<Vec<Move>>> = const {
                std::cell::RefCell::new(Vec::new())
            };
        }
        self.stack = STACKS
            .with(|stacks| stacks.borrow_mut().pop())
            .unwrap_or_else(new_move_stack);
        self.top = 0;
        f(self);
        let stack = std::mem::take(&mut self.stack);
        STACKS.with(|stacks| stacks.borrow_mut().push(stack));
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
}

impl SplitSearch for Search {
    fn threads(&self) -> Option<&Arc<Threads>> {
        self.threads.as_ref()
    }

    fn clock(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// The same table, threads, techniques, limits and split flags (`split` the new
    /// split's), its own counters, and no move stack yet ([`Search::with_move_stack`]
    /// lends it one on the thread that runs it).
    fn helper(&self, split: &Arc<AtomicBool>) -> Search {
        Search {
            table: Arc::clone(&self.table),
            clock: self.clock.helper(split),
            weights: Arc::clone(&self.weights),
            techniques: self.techniques,
            threads: self.threads.clone(),
            stack: Vec::new(),
            top: 0,
            #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
            v3: self.v3,
        }
    }
}

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
//! One concept a module: [`state`] (the search state), [`node`] (the node and move
//! types), [`clock`] (limits and the stop signal), [`ordering`] (move ordering),
//! [`move_loop`] (the principal-variation move loop, the midgame's and the solver's
//! root's too), [`pvs`] (the null-window and principal-variation searches), [`last`] (the last empties,
//! without the table), [`parity`] (parity ordering), [`split`] (the parallel split),
//! [`pool`] (the threads, started once, and their job queue), [`cpu`] (what this CPU runs) and [`isa`] (the copies
//! of the search compiled per instruction set, and the dispatch by empties). This
//! module only declares them: each names the others' items by their own paths.

pub(crate) mod clock;
pub(crate) mod cpu;
pub(crate) mod isa;
pub(crate) mod last;
pub(crate) mod move_loop;
pub(crate) mod node;
pub(crate) mod ordering;
pub(crate) mod parity;
pub(crate) mod pool;
pub(crate) mod pvs;
pub(crate) mod split;
pub(crate) mod state;

//! What every search of an engine shares, owned once ([`Shared`]): the transposition
//! table, the evaluation, the thread pool and the stop signal. The midgame search and
//! the solver take them from here when a search starts.

use std::sync::Arc;

use crate::eval::Weights;
use crate::search::clock::StopSignal;
use crate::search::pool::Pool;
use crate::table::Table;

/// The one state of an engine's searches: its table (one instance, both entry kinds),
/// its weights, its threads (started once) and its stop signal.
pub(crate) struct Shared {
    /// The transposition table, kept between searches.
    pub(crate) table: Arc<Table>,
    /// The evaluation of the midgame's leaves and of the solver's move ordering.
    pub(crate) weights: Arc<Weights>,
    /// The threads of [`Shared::set_threads`] (`None`: the calling thread alone).
    pub(crate) pool: Option<Arc<Pool>>,
    /// The caller's stop signal, watched by every search.
    pub(crate) signal: Option<StopSignal>,
}

impl Shared {
    /// The state of an engine on `table`: the built-in weights, one thread, no signal.
    pub(crate) fn new(table: Arc<Table>) -> Shared {
        Shared {
            table,
            weights: crate::eval::builtin(),
            pool: None,
            signal: None,
        }
    }

    /// Searches on `threads` threads from now on: a pool of them started here once (none
    /// for one thread), kept until another count is set.
    pub(crate) fn set_threads(&mut self, threads: usize) {
        if threads.max(1) != self.threads() {
            self.pool = (threads > 1).then(|| Arc::new(Pool::new(threads)));
        }
    }

    /// The threads the searches run on.
    pub(crate) fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |pool| pool.size())
    }
}

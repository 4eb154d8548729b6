//! The engine that plays: [`facade`] (the [`Engine`](facade::Engine) type and its
//! limits), [`shared`] (the one state its searches share: table, weights, threads, stop
//! signal), [`report`] (what a search or a solve found), [`driver`] (the root driver: one loop of levels from midgame depths through selective endgame levels to the exact solve), [`deepening`] (its midgame levels: root iterative deepening with aspiration), [`midgame`] (the
//! midgame search), [`split`] (its parallel split), [`solve`] (the exact solver as a mode of the engine), [`analysis`] (every move
//! scored), [`game_analysis`] (every move of a game scored, each player's losses),
//! [`time`] (the time budget and the endgame plan). This module only declares them.

pub(crate) mod analysis;
pub(crate) mod deepening;
pub(crate) mod driver;
pub(crate) mod facade;
pub(crate) mod game_analysis;
pub(crate) mod midgame;
pub(crate) mod report;
pub(crate) mod shared;
pub(crate) mod solve;
pub(crate) mod split;
pub(crate) mod time;

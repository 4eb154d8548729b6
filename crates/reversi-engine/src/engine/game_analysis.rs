//! Whole-game analysis: [`Engine::analyse_game`] scores every move of a game with
//! [`Engine::analyse`] (the played move's value, the best move and its value, the loss in
//! discs) and sums each player's mistakes and losses.

use reversi::{Board, ByColor, Color, IllegalMove, Ply};
use thiserror::Error;

use super::facade::{Engine, SearchLimits, DEFAULT_DEPTH};

/// How [`Engine::analyse_game`] searches each position of a game.
///
/// A position with at most `exact_empties` empty squares has every
/// move solved exactly, with no limit (the [`SearchLimits`] are not applied there); the
/// other positions are searched within [`limits`](Self::limits), never exactly. Without
/// `exact_empties` the limits alone decide, as [`Engine::analyse`] does: a time limit
/// solves exactly where the time allows (`exact_empties` of it:
/// 20 empties at one second a position, a solve the time stops leaving the midgame's
/// values, marked not exact), a depth at least the empty squares solves exactly.
///
/// A move is a mistake ([`MoveLoss::mistake`]) when its loss is exact and above 0, or
/// searched and above [`mistake_threshold`](Self::mistake_threshold): a searched value is
/// an estimate, and two searches of one position differ by up to about that much.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameAnalysisSettings {
    /// Solve every move exactly from this many empty squares on (the empties of the
    /// position before the move); `None`: as the limits allow.
    pub exact_empties: Option<u32>,
    /// The search of each position not solved exactly (depth, nodes, time a position);
    /// the default is a search `DEFAULT_DEPTH` plies deep.
    pub limits: SearchLimits,
    /// The loss in discs a searched (not exact) move must exceed to be a mistake;
    /// default [`DEFAULT_MISTAKE_THRESHOLD`](Self::DEFAULT_MISTAKE_THRESHOLD).
    pub mistake_threshold: f64,
}

impl Default for GameAnalysisSettings {
    fn default() -> GameAnalysisSettings {
        GameAnalysisSettings {
            exact_empties: None,
            limits: SearchLimits::default(),
            mistake_threshold: GameAnalysisSettings::DEFAULT_MISTAKE_THRESHOLD,
        }
    }
}

impl GameAnalysisSettings {
    /// The default [`mistake_threshold`](Self::mistake_threshold), in discs: above
    /// every change of a searched loss measured when the position was searched again,
    /// for the same time (at most 0.66 discs) or for twice the time (at most 2.55), at
    /// one second a position (crates/reversi-engine/RESULTS.md, "Noise of an
    /// analysis").
    pub const DEFAULT_MISTAKE_THRESHOLD: f64 = 3.0;

    /// Whether a move losing `loss` discs is a mistake: exact and above 0, or searched
    /// and above the threshold.
    fn is_mistake(&self, loss: f64, exact: bool) -> bool {
        if exact {
            loss > 0.0
        } else {
            loss > self.mistake_threshold
        }
    }

    /// The limits of [`Engine::analyse`] for a position of `empties` empty squares.
    fn limits_for(&self, empties: u32) -> SearchLimits {
        match self.exact_empties {
            Some(exact) if empties <= exact => SearchLimits {
                depth: Some(empties),
                nodes: None,
                time: None,
                target: None,
            },
            Some(_) => {
                // Deepening stops short of the end, so the analysis never solves.
                let deepest = match self.limits {
                    SearchLimits {
                        depth: Some(depth), ..
                    } => depth,
                    SearchLimits { time: None, .. } => DEFAULT_DEPTH,
                    _ => 60,
                };
                SearchLimits {
                    depth: Some(deepest.min(empties.saturating_sub(1))),
                    ..self.limits
                }
            }
            None => self.limits,
        }
    }
}

/// What a played move lost against the best move of its position, from the mover's
/// view, in discs (final disc difference, the empty squares to the winner, as
/// [`solve`](crate::solve) scores): exact when [`exact`](Self::exact), else the midgame
/// search's predictions, all of one search. (A move's value in one position's analysis
/// is a [`MoveValue`](crate::MoveValue).)
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLoss {
    /// The played move's value.
    pub value: f64,
    /// The best move (the first in square order among equals when exact).
    pub best: Ply,
    /// The best move's value.
    pub best_value: f64,
    /// `best_value - value`, never below 0: the discs the played move gave away.
    pub loss: f64,
    /// Whether the values are exact (every move solved to the end).
    pub exact: bool,
    /// The plies searched, or the empty squares when exact.
    pub depth: u32,
    /// Whether the move is a mistake: an exact loss above 0, or a searched one above
    /// the analysis's [`GameAnalysisSettings::mistake_threshold`].
    pub mistake: bool,
}

/// One ply of a game in a [`GameAnalysis`].
#[derive(Clone, Debug, PartialEq)]
pub struct PlyAnalysis {
    /// The ply's number in the game, from 1 (passes count).
    pub number: usize,
    /// The side that played it.
    pub color: Color,
    /// The empty squares of the board it was played on.
    pub empties: u32,
    /// The ply played.
    pub played: Ply,
    /// The values; `None` for a pass (forced: it has no alternative and loses nothing).
    pub score: Option<MoveLoss>,
}

impl PlyAnalysis {
    /// The discs this ply gave away: the score's loss, 0 for a pass.
    #[must_use]
    pub fn loss(&self) -> f64 {
        self.score.as_ref().map_or(0.0, |s| s.loss)
    }

    /// Whether the ply is a mistake ([`MoveLoss::mistake`]; a pass never is).
    #[must_use]
    pub fn is_mistake(&self) -> bool {
        self.score.as_ref().is_some_and(|s| s.mistake)
    }
}

/// One player's totals over a game ([`GameAnalysis::summary`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// The moves scored (passes not counted).
    pub moves: u32,
    /// The moves of those scored exactly.
    pub exact: u32,
    /// The passes.
    pub passes: u32,
    /// The mistakes ([`MoveLoss::mistake`]).
    pub mistakes: u32,
    /// The sum of the losses, in discs (every move's, mistake or not).
    pub total_loss: f64,
    /// The largest loss, in discs (0 when every move was the best).
    pub largest_loss: f64,
}

/// The analysis of a game ([`Engine::analyse_game`]): each ply, in order, and each
/// player's totals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameAnalysis {
    /// Each ply of the game, in order.
    pub plies: Vec<PlyAnalysis>,
    /// Each player's totals.
    pub summary: ByColor<PlayerSummary>,
}

/// A game's ply that cannot be played: [`Engine::analyse_game`] analyses nothing then.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("ply {number} ({ply}): {source}")]
pub struct IllegalPly {
    /// The ply's number, from 1.
    pub number: usize,
    /// The ply.
    pub ply: Ply,
    /// Why the rules refuse it.
    pub source: IllegalMove,
}

/// The boards a game's plies are played on, from `start`; the error names the first
/// illegal ply.
fn boards(start: &Board, plies: &[Ply]) -> Result<Vec<Board>, IllegalPly> {
    let mut boards = Vec::with_capacity(plies.len());
    let mut board = *start;
    for (i, &ply) in plies.iter().enumerate() {
        boards.push(board);
        let next = board.play_ply(ply);
        board = next.map_err(|source| IllegalPly {
            number: i + 1,
            ply,
            source,
        })?;
    }
    Ok(boards)
}

/// Each player's totals over `plies`.
fn summary(plies: &[PlyAnalysis]) -> ByColor<PlayerSummary> {
    let mut summary = ByColor::<PlayerSummary>::default();
    for ply in plies {
        let player = summary.get_mut(ply.color);
        let Some(score) = &ply.score else {
            player.passes += 1;
            continue;
        };
        player.moves += 1;
        player.exact += u32::from(score.exact);
        player.mistakes += u32::from(score.mistake);
        if score.loss > 0.0 {
            player.total_loss += score.loss;
            player.largest_loss = player.largest_loss.max(score.loss);
        }
    }
    summary
}

impl Engine {
    /// Analyses a game: the board it starts from and its plies (passes included, as
    /// [`reversi::wthor::WthorGame::plies`] and the GGF moves give them). Each move is scored
    /// by [`Engine::analyse`] of the board it was played on, every legal move scored by
    /// the same search (see [`GameAnalysisSettings`] for which are exact): the played
    /// move's value, the best move and its value, the loss in discs. Passes are listed,
    /// not scored (a pass is forced). `progress` is called after each ply with the plies
    /// done and the plies in all. The engine's board is left on the game's last board;
    /// its table is kept (positions of one game help each other).
    ///
    /// # Errors
    ///
    /// [`IllegalPly`]: a ply the rules refuse (checked before any search).
    ///
    /// ```
    /// use reversi::{Board, Color, Ply};
    /// use reversi_engine::{Engine, GameAnalysisSettings};
    /// // 14 empties, Black to move; Black plays b1, White answers a1.
    /// let start = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let plies: Vec<Ply> = vec!["b1".parse()?, "a1".parse()?];
    /// let settings = GameAnalysisSettings { exact_empties: Some(14), ..Default::default() };
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// let analysis = engine.analyse_game(&start, &plies, &settings, |_, _| {})?;
    /// let first = analysis.plies[0].score.as_ref().unwrap();
    /// assert!(first.exact && first.depth == 14);
    /// // The best value is the solver's score of the start board.
    /// assert_eq!(first.best_value, f64::from(reversi_engine::solve(&start).score));
    /// assert_eq!(first.loss, first.best_value - first.value);
    /// assert_eq!(analysis.plies[1].color, Color::White);
    /// assert_eq!(analysis.summary.black.moves, 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse_game(
        &mut self,
        start: &Board,
        plies: &[Ply],
        settings: &GameAnalysisSettings,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<GameAnalysis, IllegalPly> {
        let boards = boards(start, plies)?;
        let mut analysed = Vec::with_capacity(plies.len());
        for (i, (&ply, board)) in plies.iter().zip(&boards).enumerate() {
            let empties = board.empty_squares().len();
            let score = match ply {
                Ply::Move(_) => self.score_move(board, ply, settings, empties),
                _ => None,
            };
            analysed.push(PlyAnalysis {
                number: i + 1,
                color: board.side_to_move(),
                empties,
                played: ply,
                score,
            });
            progress(i + 1, plies.len());
        }
        if let (Some(last), Some(&ply)) = (boards.last(), plies.last()) {
            self.board = *last;
            // Legal: checked by `boards`.
            let _ = self.play(ply);
        }
        let summary = summary(&analysed);
        Ok(GameAnalysis {
            plies: analysed,
            summary,
        })
    }

    /// The played move's score on `board` (of `empties` empty squares), every move scored
    /// as `settings` ask; `None`
    /// only if the analysis did not score the move (a limit so small no iteration ends).
    fn score_move(
        &mut self,
        board: &Board,
        played: Ply,
        settings: &GameAnalysisSettings,
        empties: u32,
    ) -> Option<MoveLoss> {
        self.board = *board;
        let analysis = self.analyse(settings.limits_for(empties), None, |_| {});
        let best = analysis.moves.first()?;
        let value = analysis.moves.iter().find(|m| m.ply == played)?;
        let loss = (best.score - value.score).max(0.0);
        Some(MoveLoss {
            value: value.score,
            best: best.ply,
            best_value: best.score,
            loss,
            exact: analysis.exact,
            depth: analysis.depth,
            mistake: settings.is_mistake(loss, analysis.exact),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use proptest::prelude::*;

    /// The plies of a seeded random game from the start to its end, passes included.
    fn random_game(seed: u64) -> Vec<Ply> {
        reversi::random::game(&mut fastrand::Rng::with_seed(seed), &Board::START)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// On the last plies of random games: the plies at most 9 empties deep have the
        /// solver's values (best score less the played move's), the others a search of
        /// 2 plies, never exact; passes are not scored; the summary adds up the plies.
        #[test]
        fn random_game_ends_have_the_solvers_losses(seed in any::<u64>(), from in 10usize..20) {
            let plies = random_game(seed);
            let skip = plies.len().saturating_sub(from);
            let start = boards(&Board::START, &plies[..=skip]).unwrap()[skip];
            let tail = &plies[skip..];
            let settings = GameAnalysisSettings {
                exact_empties: Some(9),
                limits: SearchLimits { depth: Some(2), ..SearchLimits::default() },
                mistake_threshold: 1.5,
            };
            let mut engine = Engine::with_table_bytes(1 << 20);
            let analysis = engine.analyse_game(&start, tail, &settings, |_, _| {}).unwrap();
            let mut solver = Solver::new(1 << 20);
            let (mut mistakes, mut passes) = (0, 0);
            for (ply, board) in analysis.plies.iter().zip(boards(&start, tail).unwrap()) {
                let Some(score) = &ply.score else {
                    prop_assert_eq!(ply.played, Ply::Pass);
                    passes += 1;
                    continue;
                };
                // Exact: any loss; searched: above the threshold.
                let threshold = if score.exact { 0.0 } else { 1.5 };
                mistakes += u32::from(score.loss > threshold);
                prop_assert_eq!(score.mistake, score.loss > threshold);
                prop_assert!(score.loss >= 0.0 && score.best_value >= score.value);
                if ply.empties > 9 {
                    prop_assert!(!score.exact && score.depth == 2);
                    continue;
                }
                let scores = solver.move_scores(&board).unwrap();
                let best = scores.iter().map(|&(_, s)| s).max().unwrap();
                let played = scores.iter().find(|&&(p, _)| p == ply.played).unwrap().1;
                prop_assert!(score.exact);
                prop_assert_eq!(score.loss, f64::from(best - played));
                prop_assert_eq!(score.value, f64::from(played));
                prop_assert!(scores.contains(&(score.best, best)));
            }
            let summary = analysis.summary;
            prop_assert_eq!(summary.black.mistakes + summary.white.mistakes, mistakes);
            prop_assert_eq!(summary.black.passes + summary.white.passes, passes);
            let total: f64 = analysis.plies.iter().map(PlyAnalysis::loss).sum();
            prop_assert!((summary.black.total_loss + summary.white.total_loss - total).abs() < 1e-9);
        }
    }

    #[test]
    fn an_illegal_ply_is_named_before_any_search() {
        let plies: Vec<Ply> = vec!["f5".parse().unwrap(), "f5".parse().unwrap()];
        let mut engine = Engine::with_table_bytes(1 << 16);
        let mut called = false;
        let settings = GameAnalysisSettings::default();
        let error = engine
            .analyse_game(&Board::START, &plies, &settings, |_, _| called = true)
            .unwrap_err();
        assert_eq!(error.number, 2);
        assert_eq!(error.to_string(), "ply 2 (f5): square f5 is not empty");
        assert!(!called);
        let pass = engine
            .analyse_game(&Board::START, &[Ply::Pass], &settings, |_, _| {})
            .unwrap_err();
        assert_eq!(pass.number, 1);
    }

    #[test]
    fn limits_per_position() {
        let exact = |exact_empties, limits| GameAnalysisSettings {
            exact_empties,
            limits,
            ..GameAnalysisSettings::default()
        };
        let depth = |d| SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        };
        let time = SearchLimits {
            time: Some(std::time::Duration::from_secs(1)),
            ..SearchLimits::default()
        };
        // Up to the exact empties: solved with no limit.
        assert_eq!(exact(Some(20), time).limits_for(20), depth(20));
        // Beyond: never as deep as the empties, so never exact.
        assert_eq!(exact(Some(20), depth(30)).limits_for(21), depth(20));
        assert_eq!(exact(Some(20), depth(8)).limits_for(30), depth(8));
        assert_eq!(
            exact(Some(20), SearchLimits::default()).limits_for(40),
            depth(DEFAULT_DEPTH)
        );
        let timed = exact(Some(10), time).limits_for(30);
        assert_eq!((timed.depth, timed.time), (Some(29), time.time));
        // Without exact empties: the limits as given (Engine::analyse decides).
        assert_eq!(exact(None, time).limits_for(12), time);
    }
}

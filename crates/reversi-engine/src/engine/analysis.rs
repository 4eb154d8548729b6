//! Every move scored (multi-PV): [`Engine::analyse`] gives each legal move of the
//! engine's board (or the best N) its value, principal variation and depth, deepening
//! one ply at a time and reporting each finished iteration as it completes.

use std::time::{Duration, Instant};

use reversi::{Board, Ply, Symmetry};

use super::driver::{Drive, Level};
use super::facade::{Engine, SearchLimits};
use super::midgame::{Midgame, Position, INF, PLAY_SELECTIVITY, SELECTIVITY};
use super::time;
use crate::eval::SCALE;
use crate::search::move_loop::{pvs_loop, End, MoveLoop, Research, Trial};
use crate::Mode;

/// One move's value in an [`Analysis`], from the side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
    /// The move ([`Ply::Pass`] when the side to move must pass).
    pub ply: Ply,
    /// The value in discs: the exact final disc difference when [`MoveValue::exact`],
    /// else the midgame search's prediction.
    pub score: f64,
    /// Whether the score is the exact final score (the move solved to the end).
    pub exact: bool,
    /// The plies searched (the move included), or the empty squares when exact.
    pub depth: u32,
    /// The principal variation, [`MoveValue::ply`] first.
    pub pv: Vec<Ply>,
}

/// The moves of a position, best first, each with its value: the result of
/// [`Engine::analyse`] and what it reports after each iteration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The moves scored, best first (ties in search order): all of them, or the best N
    /// asked for. Empty when the game is over.
    pub moves: Vec<MoveValue>,
    /// The plies of the last finished iteration, or the empty squares when exact.
    pub depth: u32,
    /// Whether every score is exact.
    pub exact: bool,
    /// The confidence of the selective pruning behind the scores, in percent, as
    /// [`SearchReport::selectivity`](crate::SearchReport::selectivity): 95 for the
    /// midgame iterations, 73 to 99 for the selective levels of a search to the end,
    /// 100 when exact.
    pub selectivity: u8,
    /// The positions searched so far.
    pub nodes: u64,
    /// The time taken so far.
    pub elapsed: Duration,
}

impl Analysis {
    /// The moves scored in square order (a1, b1, ... h8, as [`reversi::SquareSet`] lists
    /// them; a pass alone), as a table of every move's value is written.
    ///
    /// ```
    /// use reversi::{Board, Ply};
    /// use reversi_engine::{Engine, SearchLimits};
    /// // 14 empties: a depth of 14 scores every move exactly.
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// engine.set_board(board);
    /// let analysis = engine.analyse(SearchLimits { depth: Some(14), ..Default::default() }, None, |_| {});
    /// let plies: Vec<Ply> = analysis.by_square().iter().map(|m| m.ply).collect();
    /// let legal: Vec<Ply> = board.legal_moves().iter().map(Ply::Move).collect();
    /// assert_eq!(plies, legal);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    #[must_use]
    pub fn by_square(&self) -> Vec<&MoveValue> {
        let mut moves: Vec<&MoveValue> = self.moves.iter().collect();
        moves.sort_by_key(|m| square_order(m.ply));
        moves
    }
}

/// A root move whose board is the image of another root move's board under a symmetry
/// of the board (at the start, d3, c4 and e6 of f5): it is not searched but given the
/// other move's value, its principal variation mapped by the symmetry.
struct Twin {
    ply: Ply,
    /// The move searched in its stead.
    of: Ply,
    /// The symmetry that maps the searched move's board (and its variation) to this
    /// move's.
    symmetry: Symmetry,
}

/// A root move of the analysis and its value at the last depth it was searched to.
struct Scored {
    ply: Ply,
    child: Board,
    /// Evaluation units; an upper bound for a move outside the best N.
    value: i32,
}

impl Engine {
    /// Scores the moves of the engine's board within `limits`: every one (`best` `None`)
    /// or the best `n` (`Some(n)`, at least one), each with its principal variation.
    /// `report` is called with every finished level, best move first (a GUI's hint pane
    /// fills while the engine thinks); the last one finished is returned. A
    /// [`StopSignal`](crate::StopSignal) or the limits stop it.
    ///
    /// It runs the root driver's levels ([`Engine`] says how a search goes), each for
    /// every move, the best `n` with the full window and every other proven below the
    /// last of them by a null-window search (searched again in full when above it):
    ///
    /// - exact when `limits.depth` is at least the empty squares, or when a time limit
    ///   leaves time to solve (`exact_empties`): midgame iterations to at most 10 plies
    ///   (reported as they finish), then every move solved to the end (a solve the
    ///   limits stop leaves the midgame's values);
    /// - else the midgame iterations one ply at a time from 1 to the depth
    ///   (`DEFAULT_DEPTH` with no limit at all); with a time or node limit and no
    ///   depth, to the last empty square but one, then the selective levels of a search
    ///   to the end (73% to 99%, [`Analysis::selectivity`]), then the exact solve.
    ///
    /// Moves whose boards are images of each other under a symmetry of the board (the
    /// four first moves) are searched once and share one value, each with its own
    /// variation (the searched one's, mapped): their values do not drift apart by the
    /// table's history.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Engine, SearchLimits};
    /// // 14 empties: a depth of 14 solves every move.
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// engine.set_board(board);
    /// let mut iterations = 0;
    /// let analysis = engine.analyse(SearchLimits { depth: Some(14), ..Default::default() }, None, |_| iterations += 1);
    /// assert!(analysis.exact && iterations >= 1);
    /// assert_eq!(analysis.moves.len() as u32, board.legal_moves().len());
    /// let best = reversi_engine::solve(&board).score;
    /// assert_eq!(analysis.moves[0].score, f64::from(best));
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn analyse(
        &mut self,
        limits: SearchLimits,
        best: Option<usize>,
        mut report: impl FnMut(&Analysis),
    ) -> Analysis {
        let start = Instant::now();
        self.attach();
        let board = self.board;
        let mut analysis = if board.is_game_over() {
            Analysis {
                exact: true,
                selectivity: 100,
                ..Analysis::default()
            }
        } else if board.must_pass() {
            self.analyse_pass(&board, limits, start)
        } else {
            self.analyse_moves(&board, limits, best, start, &mut report)
        };
        analysis.elapsed = start.elapsed();
        analysis
    }

    /// The analysis of a board whose side to move must pass: the pass, scored by a
    /// search of the board after it.
    fn analyse_pass(&mut self, board: &Board, limits: SearchLimits, start: Instant) -> Analysis {
        let saved = self.board;
        self.board = board.pass().unwrap_or(*board);
        let report = self.search(limits);
        self.board = saved;
        let mut pv = vec![Ply::Pass];
        pv.extend(report.pv.iter().copied());
        Analysis {
            moves: vec![MoveValue {
                ply: Ply::Pass,
                score: -report.score,
                exact: report.exact,
                depth: report.depth,
                pv,
            }],
            depth: report.depth,
            exact: report.exact,
            selectivity: report.selectivity,
            nodes: report.nodes,
            elapsed: start.elapsed(),
        }
    }

    /// The analysis of a board with legal moves (see [`Engine::analyse`]).
    fn analyse_moves(
        &mut self,
        board: &Board,
        limits: SearchLimits,
        best: Option<usize>,
        start: Instant,
        report: &mut impl FnMut(&Analysis),
    ) -> Analysis {
        let deadline = limits.time.map(|t| start + time::hard_limit(t));
        let (mut moves, twins) = self.root_moves(board);
        moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        let all = moves.len() + twins.len();
        let best = best.map_or(all, |n| n.clamp(1, all));
        let mut report = |analysis: &Analysis| report(&with_twins(analysis, &twins, best));
        self.midgame
            .start(limits.nodes.unwrap_or(u64::MAX), deadline);
        let best_searched = best.min(moves.len());
        // The root driver's levels, each for every move; each finished one reported.
        let mut last = self.analysis_of(&moves, best_searched, 0);
        for level in Drive::analysis(board, limits) {
            match level {
                Level::Search { depth, selectivity } => {
                    self.midgame.selectivity = selectivity;
                    if !self.score_moves(&mut moves, best_searched, depth) {
                        break;
                    }
                    last = self.analysis_of(&moves, best_searched, depth);
                    report(&last);
                }
                Level::Exact | Level::WinLossDraw => {
                    let midgame_nodes = self.midgame.clock.nodes;
                    let nodes = limits.nodes.map(|n| n.saturating_sub(midgame_nodes));
                    let solved =
                        self.solve_all(&moves, best_searched, nodes, deadline, midgame_nodes);
                    if let Some(solved) = solved {
                        report(&solved);
                        last = solved;
                    }
                    break;
                }
            }
        }
        self.midgame.selectivity = PLAY_SELECTIVITY;
        if !last.exact {
            last.nodes = self.midgame.clock.nodes;
        }
        with_twins(&last, &twins, best)
    }

    /// The moves of `board` to search, each with its child and a first value from the
    /// evaluation, and the [`Twin`]s: the moves whose child is a symmetric image of an
    /// earlier move's child (in square order), which are not searched.
    fn root_moves(&self, board: &Board) -> (Vec<Scored>, Vec<Twin>) {
        let mut moves: Vec<Scored> = Vec::new();
        let mut canonical: Vec<(Board, Symmetry)> = Vec::new();
        let mut twins = Vec::new();
        for square in board.legal_moves() {
            let child = match board.play(square) {
                Ok(child) => child,
                Err(_) => continue,
            };
            let (key, to_key) = child.canonical();
            match canonical.iter().position(|(k, _)| *k == key) {
                Some(i) => twins.push(Twin {
                    ply: Ply::Move(square),
                    of: moves[i].ply,
                    // The searched child to the key, then the key to this child.
                    symmetry: canonical[i].1.then(to_key.inverse()),
                }),
                None => {
                    canonical.push((key, to_key));
                    let value = -self
                        .midgame
                        .evaluate(child.mover_bits(), child.opponent_bits());
                    moves.push(Scored {
                        ply: Ply::Move(square),
                        child,
                        value,
                    });
                }
            }
        }
        (moves, twins)
    }

    /// One iteration `depth` plies deep: the first `best` moves (in the last iteration's
    /// order) with the full window, the others by a null window at the value of the
    /// `best`-th, searched again in full when above it; then sorted best first. `false`
    /// when a limit stopped it (the values are then those of the last iteration).
    fn score_moves(&mut self, moves: &mut [Scored], best: usize, depth: u32) -> bool {
        let mut root = EveryMove {
            search: &mut self.midgame,
            moves,
            best,
            depth,
            values: Vec::with_capacity(moves.len()),
        };
        if pvs_loop(&mut root, -INF, INF) == End::Stopped {
            return false;
        }
        let values = root.values;
        for (m, v) in moves.iter_mut().zip(values) {
            m.value = v;
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        true
    }

    /// The analysis of the best `best` of `moves` (sorted) at `depth`, with their
    /// principal variations from the table.
    fn analysis_of(&self, moves: &[Scored], best: usize, depth: u32) -> Analysis {
        let values = moves.iter().take(best).map(|m| {
            let mut pv = vec![m.ply];
            self.midgame
                .extend_pv(&m.child, depth.saturating_sub(1), &mut pv);
            MoveValue {
                ply: m.ply,
                score: f64::from(m.value.max(-64 * SCALE)) / f64::from(SCALE),
                exact: false,
                depth,
                pv,
            }
        });
        Analysis {
            moves: values.collect(),
            depth,
            exact: false,
            selectivity: SELECTIVITY[usize::from(self.midgame.level())].1,
            nodes: self.midgame.clock.nodes,
            elapsed: Duration::ZERO,
        }
    }

    /// Every move solved exactly (the best `best` reported), `None` if a limit stopped a
    /// solve. `midgame_nodes` are added to the count.
    fn solve_all(
        &mut self,
        moves: &[Scored],
        best: usize,
        nodes: Option<u64>,
        deadline: Option<Instant>,
        midgame_nodes: u64,
    ) -> Option<Analysis> {
        let mut solved: Vec<(MoveValue, i32)> = Vec::with_capacity(moves.len());
        let mut total = midgame_nodes;
        for m in moves {
            let left = nodes.map(|n| n.saturating_sub(total - midgame_nodes));
            let solution = self.run_solver(&m.child, Mode::Exact, None, left, deadline)?;
            total += solution.nodes;
            if !solution.complete || !solution.is_exact() {
                return None;
            }
            let mut pv = vec![m.ply];
            pv.extend(solution.pv.iter().copied());
            let value = MoveValue {
                ply: m.ply,
                score: f64::from(-solution.score),
                exact: true,
                depth: m.child.empty_squares().len() + 1,
                pv,
            };
            solved.push((value, -solution.score));
        }
        // Best first; equal scores in square order.
        solved.sort_by_key(|(value, score)| (std::cmp::Reverse(*score), square_order(value.ply)));
        let depth = solved.first().map_or(0, |(v, _)| v.depth);
        Some(Analysis {
            moves: solved.into_iter().take(best).map(|(v, _)| v).collect(),
            depth,
            exact: true,
            selectivity: 100,
            nodes: total,
            elapsed: Duration::ZERO,
        })
    }
}

/// The analysis's root moves in one iteration, as [`pvs_loop`] searches them: the first
/// `best` with the full window, each other by a null window at the `best`-th value so
/// far and, when above it, with the full window again (no move ends the loop).
struct EveryMove<'a> {
    search: &'a mut Midgame,
    moves: &'a [Scored],
    /// How many moves get their exact value at the depth.
    best: usize,
    /// The iteration's depth.
    depth: u32,
    /// The values of the moves searched, in order (a move's index in `moves`).
    values: Vec<i32>,
}

impl MoveLoop for EveryMove<'_> {
    const RESEARCH: Research = Research::From(-INF);

    fn null_window(&self) -> bool {
        self.values.len() >= self.best
    }

    fn next(&mut self) -> bool {
        self.values.len() < self.moves.len()
    }

    /// The `best`-th value so far: below any before there are `best`.
    fn floor(&self) -> i32 {
        if self.values.len() < self.best {
            return -INF;
        }
        let mut top = self.values.clone();
        top.sort_unstable_by(|a, b| b.cmp(a));
        top[self.best - 1]
    }

    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        let node = Position::of(&self.moves[self.values.len()].child);
        -self.search.pvs(&node, self.depth - 1, -beta, -alpha)
    }

    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    fn searched(&mut self, trial: &Trial) -> bool {
        self.values.push(trial.value());
        false
    }
}

/// Where equal exact scores put a move: in square order (a1 = 0 ... h8 = 63), a pass
/// after every square.
fn square_order(ply: Ply) -> usize {
    ply.square().map_or(64, |square| square.index())
}

/// `analysis` (of the searched moves) with every [`Twin`] of its moves after the move
/// it stands for, its value and its variation mapped by its symmetry; the best `best`
/// of them. An exact analysis keeps equal scores in square order.
fn with_twins(analysis: &Analysis, twins: &[Twin], best: usize) -> Analysis {
    let mut moves = Vec::with_capacity(analysis.moves.len() + twins.len());
    for searched in &analysis.moves {
        moves.push(searched.clone());
        for twin in twins.iter().filter(|t| t.of == searched.ply) {
            let map = |ply: &Ply| ply.transform(twin.symmetry);
            let mut pv: Vec<Ply> = searched.pv.iter().map(map).collect();
            if let Some(first) = pv.first_mut() {
                *first = twin.ply;
            }
            moves.push(MoveValue {
                ply: twin.ply,
                pv,
                ..searched.clone()
            });
        }
    }
    if analysis.exact {
        moves.sort_by(|a, b| {
            (b.score.total_cmp(&a.score)).then(square_order(a.ply).cmp(&square_order(b.ply)))
        });
    }
    moves.truncate(best);
    Analysis {
        moves,
        ..analysis.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::facade::tests::random_board;
    use crate::Solver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// With ProbCut off, the analysis's best value at depth d is the plain search's
        /// value at depth d (both are the depth-d minimax value), its best move the plain
        /// search's when no other move scores as much, and every move of the best N is
        /// scored by a search of that depth.
        #[test]
        fn the_best_value_is_the_plain_searchs(seed in any::<u64>(), plies in 4u32..40, depth in 1u32..5, n in 0usize..4) {
            let board = random_board(seed, plies);
            prop_assume!(!board.is_game_over() && !board.must_pass());
            let limits = SearchLimits { depth: Some(depth), ..Default::default() };
            let mut engine = Engine::with_table_bytes(1 << 20);
            engine.set_probcut(false);
            engine.set_board(board);
            let plain = engine.search(limits);
            engine.new_game();
            engine.set_board(board);
            let mut reported = Vec::new();
            let analysis = engine.analyse(limits, (n > 0).then_some(n), |a| reported.push(a.depth));
            prop_assert_eq!(analysis.moves[0].score, plain.score);
            // A best move scoring above every other is the one the plain search plays.
            let unique = analysis.moves.get(1).map_or(true, |m| m.score < plain.score);
            if unique && (n == 0 || n > 1) {
                prop_assert_eq!(Some(analysis.moves[0].ply), plain.best);
            }
            prop_assert_eq!(reported, (1..=depth).collect::<Vec<_>>());
            let moves = board.legal_moves().len() as usize;
            prop_assert_eq!(analysis.moves.len(), if n == 0 { moves } else { n.min(moves) });
            for pair in analysis.moves.windows(2) {
                prop_assert!(pair[0].score >= pair[1].score);
            }
        }
    }

    /// Exact mode agrees with the solver's every-move scores on random endgames.
    #[test]
    fn exact_mode_scores_every_move_as_the_solver() {
        for seed in 0..6 {
            let board = random_board(40 + seed, 48);
            if board.is_game_over() || board.must_pass() {
                continue;
            }
            let mut engine = Engine::with_table_bytes(1 << 20);
            engine.set_board(board);
            let limits = SearchLimits {
                depth: Some(60),
                ..Default::default()
            };
            let analysis = engine.analyse(limits, None, |_| {});
            assert!(analysis.exact);
            let mut solver = Solver::new(1 << 20);
            let mut expected = solver.move_scores(&board).unwrap();
            expected.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            let got: Vec<i32> = analysis.moves.iter().map(|m| m.score as i32).collect();
            let want: Vec<i32> = expected.iter().map(|&(_, s)| s).collect();
            assert_eq!(got, want, "{board:?}");
            for m in &analysis.moves {
                let solved = expected.iter().find(|&&(p, _)| p == m.ply).unwrap().1;
                assert_eq!(m.score as i32, solved, "{} on {board:?}", m.ply);
            }
        }
    }

    /// The four first moves lead to one position up to symmetry: one is searched and
    /// all four get its value, each with a variation that is legal from the start (the
    /// searched one's mapped), in midgame and exact mode alike.
    #[test]
    fn symmetric_moves_share_one_value() {
        let after = |board: Board, pv: &[Ply]| pv.iter().try_fold(board, |b, ply| b.play_ply(*ply));
        for (start, depth) in [(Board::START, 6), (random_board(7, 1), 4)] {
            let mut engine = Engine::with_table_bytes(1 << 20);
            engine.set_board(start);
            let limits = SearchLimits {
                depth: Some(depth),
                ..Default::default()
            };
            let analysis = engine.analyse(limits, None, |_| {});
            let moves = start.legal_moves().len() as usize;
            assert_eq!(analysis.moves.len(), moves);
            for m in &analysis.moves {
                assert_eq!(m.pv[0], m.ply);
                assert!(after(start, &m.pv).is_ok(), "{} {:?}", m.ply, m.pv);
                let twin = analysis.moves.iter().find(|n| {
                    n.ply != m.ply
                        && after(start, &n.pv[..1]).unwrap().canonical().0
                            == after(start, &m.pv[..1]).unwrap().canonical().0
                });
                if let Some(twin) = twin {
                    assert_eq!(twin.score, m.score, "{} and {}", m.ply, twin.ply);
                    assert_eq!(twin.pv.len(), m.pv.len());
                }
            }
            if start == Board::START {
                let first = analysis.moves[0].score;
                assert!(analysis.moves.iter().all(|m| m.score == first));
                // The best two asked for: two of the four.
                let best_two = engine.analyse(limits, Some(2), |_| {});
                assert_eq!(best_two.moves.len(), 2);
            }
        }
        // A table filled by a deeper search of the position after f5 (as in a game's
        // analysis) gives the searches of the four moves different values: one value
        // for all four all the same.
        let mut engine = Engine::with_table_bytes(1 << 20);
        engine.set_board(Board::START.play(reversi::Square::F5).unwrap());
        let deeper = SearchLimits {
            depth: Some(6),
            ..Default::default()
        };
        engine.analyse(deeper, None, |_| {});
        engine.set_board(Board::START);
        let limits = SearchLimits {
            depth: Some(4),
            ..Default::default()
        };
        let analysis = engine.analyse(limits, None, |_| {});
        let scores: Vec<f64> = analysis.moves.iter().map(|m| m.score).collect();
        assert!(scores.iter().all(|&s| s == scores[0]), "{scores:?}");
    }

    #[test]
    fn a_forced_pass_and_a_finished_game() {
        let full =
            Board::from_obf("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X")
                .unwrap();
        let mut engine = Engine::with_table_bytes(1 << 16);
        engine.set_board(full);
        let analysis = engine.analyse(SearchLimits::default(), None, |_| {});
        assert!(analysis.moves.is_empty() && analysis.exact);
    }

    #[test]
    fn a_stop_returns_the_last_finished_iteration() {
        let mut engine = Engine::with_table_bytes(1 << 20);
        let stop = crate::StopSignal::new();
        engine.set_stop_signal(stop.clone());
        let mut depths = Vec::new();
        let analysis = engine.analyse(
            SearchLimits {
                depth: Some(30),
                ..Default::default()
            },
            None,
            |a| {
                depths.push(a.depth);
                if a.depth == 3 {
                    stop.stop();
                }
            },
        );
        // Stopped within a check of the clock after the third iteration: far from 30.
        assert!((3..10).contains(&analysis.depth), "{}", analysis.depth);
        assert_eq!(depths, (1..=analysis.depth).collect::<Vec<_>>());
        assert_eq!(analysis.moves.len(), 4);
    }
}

//! `reversi-tune`: fits the pattern evaluation of `reversi-engine` (`src/eval/weights.bin`)
//! and measures its error.
//!
//! - `train`: plays seeded self-play games, scores their positions (the exact solver
//!   near the end, then stage by stage towards the opening a fixed-depth search on the
//!   weights fitted so far), fits each stage's weights by regularised least squares and
//!   writes the weights file;
//! - `mae`: the mean absolute error, in discs, of the evaluation and of a mobility-only
//!   baseline on held-out positions scored by a deeper search.
//!
//! The recipe that made the committed weights is in this package's README.

mod fit;
mod search;

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use reversi_engine::eval::weights::{stage, Features, Weights, SCALARS, STAGES, STAGE_WIDTH};
use reversi_engine::eval::SCALE;
use reversi_engine::Solver;

use crate::fit::{least_squares, Layout, Rows};
use crate::search::{alpha_beta, game_rng, play_game, Evaluate, HandSet, Play, Position, Record};

#[derive(Parser)]
#[command(about = "Fits the reversi engine's pattern evaluation and measures its error")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

/// How games are generated (shared by both subcommands).
#[derive(clap::Args, Clone, Copy, Debug)]
struct GameArgs {
    /// Seed of the games (each game's generator is derived from it and the game's number).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Uniformly random plies at the start of each game.
    #[arg(long, default_value_t = 10)]
    opening: u32,
    /// After the opening, the chance of a random move in place of the searched one.
    #[arg(long, default_value_t = 0.03)]
    random: f64,
    /// Depth of the hand-set search that plays the other moves.
    #[arg(long, default_value_t = 2)]
    play_depth: u32,
    /// Empty squares from which each game is solved exactly and finished along the
    /// solver's principal variation.
    #[arg(long, default_value_t = 16)]
    exact: u32,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

impl GameArgs {
    fn play(&self) -> Play {
        Play {
            opening: self.opening,
            random: self.random,
            depth: self.play_depth,
            exact: self.exact,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LabelEval {
    /// The pattern evaluation being measured.
    Pattern,
    /// The crate's hand-set evaluation (independent of the fitted weights).
    Hand,
    /// No evaluation: the exact solver (`--depth` is ignored; affordable up to about 22
    /// empty squares).
    Exact,
}

#[derive(Subcommand)]
enum Cmd {
    /// Plays games, scores their positions, fits the weights and writes the weights file.
    Train {
        #[command(flatten)]
        games_args: GameArgs,
        /// Games to play.
        #[arg(long, default_value_t = 5000)]
        games: u64,
        /// Depth of the search that scores positions with more empty squares than
        /// `--exact` (on the weights of the stages already fitted).
        #[arg(long, default_value_t = 4)]
        label_depth: u32,
        /// Besides each position of a game, this many of its children (the positions after
        /// other legal moves, picked at random), scored the same way.
        #[arg(long, default_value_t = 3)]
        children: u32,
        /// Children with at most this many empty squares are solved exactly.
        #[arg(long, default_value_t = 12)]
        solve_children: u32,
        /// L2 penalty on each pattern weight (discs squared per unit).
        #[arg(long, default_value_t = 2.0)]
        l2: f64,
        /// L2 penalty on each scalar weight.
        #[arg(long, default_value_t = 0.01)]
        l2_scalar: f64,
        /// Conjugate gradient iterations per stage.
        #[arg(long, default_value_t = 150)]
        iterations: u32,
        /// Pattern weights read by fewer of a stage's training positions are written as 0
        /// (rare indices: a smaller file, little change in the fit).
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        /// The weights file to write.
        #[arg(
            short,
            long,
            default_value = "crates/reversi-engine/src/eval/weights.bin"
        )]
        output: PathBuf,
    },
    /// Mean absolute error (discs) of the evaluation and of a mobility-only baseline on
    /// held-out positions with `--empties` empty squares scored by a `--depth` search.
    Mae {
        #[command(flatten)]
        games_args: GameArgs,
        /// Positions (one per game: its first with `--empties` empty squares).
        #[arg(long, default_value_t = 300)]
        positions: u64,
        /// Empty squares of the positions.
        #[arg(long, default_value_t = 30)]
        empties: u32,
        /// Depth of the search that scores them.
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// The evaluation at the leaves of that search.
        #[arg(long, value_enum, default_value_t = LabelEval::Pattern)]
        label_eval: LabelEval,
        /// A weights file to measure in place of the compiled-in one.
        #[arg(long)]
        weights: Option<PathBuf>,
    },
    /// Evaluations per second (this thread's CPU time) of `eval::evaluate`, the hand-set
    /// evaluation and the mobility-only one, on positions of seeded random games.
    Speed {
        /// Evaluations of each kind.
        #[arg(long, default_value_t = 10_000_000)]
        evaluations: u64,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Cmd::Speed { evaluations } => {
            speed(evaluations);
            Ok(())
        }
        Cmd::Train {
            games_args,
            games,
            label_depth,
            children,
            solve_children,
            l2,
            l2_scalar,
            iterations,
            min_count,
            output,
        } => {
            let labels = Labels {
                depth: label_depth,
                children,
                solve_children,
            };
            let fit = FitArgs {
                l2,
                l2_scalar,
                iterations,
                min_count,
            };
            train(&games_args, games, &labels, &fit, &output)
        }
        Cmd::Mae {
            games_args,
            positions,
            empties,
            depth,
            label_eval,
            weights,
        } => mae(
            &games_args,
            positions,
            empties,
            depth,
            label_eval,
            weights.as_ref(),
        ),
    }
}

/// CPU seconds of this process (all threads), from `/proc/self/stat` (user + system
/// ticks at 100 per second); `None` where that file does not exist.
fn cpu_seconds() -> Option<f64> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

fn report_time(what: &str, wall: Instant) {
    let cpu = cpu_seconds().map_or_else(|| "?".to_string(), |c| format!("{c:.1}"));
    eprintln!(
        "{what}: wall {:.1} s, process CPU {cpu} s",
        wall.elapsed().as_secs_f64()
    );
}

/// `f` on every item, on `threads` threads, each with its own state from `init`, results
/// in the items' order.
fn par_map<T: Sync, S, R: Send>(
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

/// The games `0..games` of `args`, each as its list of positions.
fn generate(args: &GameArgs, games: u64) -> Vec<Vec<Record>> {
    let play = args.play();
    let numbers: Vec<u64> = (0..games).collect();
    par_map(
        &numbers,
        args.threads,
        || Solver::new(8 << 20),
        |solver, &game| play_game(&mut game_rng(args.seed, game), &play, solver),
    )
}

/// How `train` scores positions beyond the games' solved endings.
struct Labels {
    depth: u32,
    children: u32,
    solve_children: u32,
}

/// Up to `n` children of `pos` (positions after its legal moves) that are not finished
/// games, picked at random by `rng`.
fn some_children(pos: Position, n: u32, rng: &mut fastrand::Rng) -> Vec<Position> {
    let mut all = Vec::new();
    let mut moves = pos.moves();
    while moves != 0 {
        let square = moves.trailing_zeros();
        moves &= moves - 1;
        let child = pos.play(square);
        if !child.is_over() {
            all.push(child);
        }
    }
    rng.shuffle(&mut all);
    all.truncate(n as usize);
    all
}

/// How `train` fits each stage.
struct FitArgs {
    l2: f64,
    l2_scalar: f64,
    iterations: u32,
    min_count: u32,
}

fn train(
    args: &GameArgs,
    games: u64,
    labels_args: &Labels,
    fit: &FitArgs,
    output: &PathBuf,
) -> Result<()> {
    let wall = Instant::now();
    let records = generate(args, games);
    let positions: usize = records.iter().map(Vec::len).sum();
    eprintln!("{games} games, {positions} positions");
    report_time("games", wall);
    let by_stage = by_stage(records, labels_args.children, args.seed);

    let layout = Layout::new();
    let mut weights = Weights::zero();
    let mut params = vec![0.0; layout.params()];
    eprintln!("stage  empties  positions  searched  rmse   mae(discs)");
    let mut total = 0usize;
    for (st, stage_records) in by_stage.iter().enumerate() {
        // Leaves of the labelling searches that stay in this stage (after passes) read
        // the previous stage's weights, copied here as the starting point of the fit.
        let labels = label_stage(stage_records, args.threads, labels_args, &weights);
        fit_stage(
            st,
            stage_records,
            &labels,
            fit,
            &layout,
            &mut params,
            &mut weights,
        );
        total += stage_records.len();
        // The next stage starts from these weights.
        if st + 1 < STAGES {
            store(&mut weights, &layout, &params, st + 1);
        }
    }
    let bytes = weights.to_bytes();
    fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    eprintln!(
        "{total} positions fitted; {} bytes written to {}",
        bytes.len(),
        output.display()
    );
    report_time("total", wall);
    Ok(())
}

/// The games' positions that are not finished games, by stage, each followed by up to
/// `children` of its children (picked by a generator seeded with `seed`).
fn by_stage(records: Vec<Vec<Record>>, children: u32, seed: u64) -> Vec<Vec<Record>> {
    let mut by_stage: Vec<Vec<Record>> = vec![Vec::new(); STAGES];
    let mut rng = fastrand::Rng::with_seed(seed);
    for r in records.into_iter().flatten() {
        // Finished games are scored exactly by any search; nothing to fit.
        if r.pos.is_over() {
            continue;
        }
        by_stage[stage(r.pos.empties())].push(r);
        for child in some_children(r.pos, children, &mut rng) {
            by_stage[stage(child.empties())].push(Record {
                pos: child,
                exact: None,
            });
        }
    }
    by_stage
}

/// The labels (discs) of a stage's records: a game's exact score where known, the exact
/// solver's up to `solve_children` empties, else a search of `depth` on `weights`.
fn label_stage(records: &[Record], threads: usize, labels: &Labels, weights: &Weights) -> Vec<f64> {
    par_map(
        records,
        threads,
        || Solver::new(4 << 20),
        |solver, r| match r.exact {
            Some(score) => score as f64,
            None if r.pos.empties() <= labels.solve_children => exact_score(r.pos, solver) as f64,
            None => {
                let mut nodes = 0;
                let (lo, hi) = (-65 * SCALE, 65 * SCALE);
                let v = alpha_beta(r.pos, labels.depth, lo, hi, weights, &mut nodes);
                v as f64 / SCALE as f64
            }
        },
    )
}

/// Fits stage `st` to its records' `labels` (`params` from the previous stage's fit, left
/// unpruned for the next), stores the weights with rare indices pruned in `weights`, and
/// prints the stage's line.
fn fit_stage(
    st: usize,
    records: &[Record],
    labels: &[f64],
    fit: &FitArgs,
    layout: &Layout,
    params: &mut [f64],
    weights: &mut Weights,
) {
    let searched = records.iter().filter(|r| r.exact.is_none()).count();
    let mut rows = Rows::default();
    for (r, &label) in records.iter().zip(labels) {
        rows.push(layout, &Features::of(r.pos.player, r.pos.opponent), label);
    }
    let rmse = least_squares(&rows, layout, params, fit.l2, fit.l2_scalar, fit.iterations);
    // Rare indices written as 0; the next stage starts from the unpruned fit.
    let mut pruned = params.to_vec();
    for (w, &count) in pruned.iter_mut().zip(&rows.counts(layout)) {
        if count < fit.min_count {
            *w = 0.0;
        }
    }
    store(weights, layout, &pruned, st);
    let positions: Vec<Position> = records.iter().map(|r| r.pos).collect();
    let mae = abs_errors(&positions, labels, |p| weights.eval(p)) / records.len().max(1) as f64;
    let low = st * STAGE_WIDTH + 1;
    eprintln!(
        "{st:5}  {low:2}..{:<3}  {:9}  {searched:8}  {rmse:5.2}  {mae:5.2}",
        low + STAGE_WIDTH - 1,
        records.len()
    );
}

/// The sum of the absolute differences, in discs, between `eval` (evaluation units) of
/// each position and its label (discs).
fn abs_errors(positions: &[Position], labels: &[f64], eval: impl Fn(Position) -> i32) -> f64 {
    positions
        .iter()
        .zip(labels)
        .map(|(&p, &y)| (eval(p) as f64 / SCALE as f64 - y).abs())
        .sum::<f64>()
}

/// The exact final score of `pos` (discs, side to move's view).
fn exact_score(pos: Position, solver: &mut Solver) -> i32 {
    match reversi::Board::from_bitboards(pos.player, pos.opponent, reversi::Color::Black) {
        Ok(board) => solver.solve(&board, reversi_engine::Mode::Exact).score,
        Err(_) => 0,
    }
}

/// Writes the fitted `params` (discs) into stage `st` of `weights`, rounded to evaluation
/// units.
fn store(weights: &mut Weights, layout: &Layout, params: &[f64], st: usize) {
    let unit = |x: f64| {
        (x * SCALE as f64)
            .round()
            .clamp(i16::MIN as f64, i16::MAX as f64) as i16
    };
    let mut entry = 0;
    for (k, p) in reversi_engine::eval::pattern::PATTERNS.iter().enumerate() {
        for index in 0..p.size() {
            weights.set_entry(
                st,
                k,
                index,
                unit(params[layout.param_of_entry[entry] as usize]),
            );
            entry += 1;
        }
    }
    for i in 0..SCALARS {
        weights.set_scalar(st, i, unit(params[layout.pattern_params + i]));
    }
}

fn mae(
    args: &GameArgs,
    positions: u64,
    empties: u32,
    depth: u32,
    label_eval: LabelEval,
    weights_file: Option<&PathBuf>,
) -> Result<()> {
    let wall = Instant::now();
    let weights = match weights_file {
        Some(path) => {
            let bytes =
                fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?
        }
        None => Weights::builtin()?,
    };
    let found = held_out(args, positions, empties);
    let (labels, nodes) = label_held_out(&found, args.threads, depth, label_eval, &weights);
    let n = found.len() as f64;
    let pattern_mae = abs_errors(&found, &labels, |p| weights.eval(p)) / n;
    // The baseline: the disc difference predicted as c times the mobility difference, c
    // fitted (least squares) on these very positions, the most favourable c for it.
    let mobility: Vec<f64> = found
        .iter()
        .map(|p| p.moves().count_ones() as f64 - p.pass().moves().count_ones() as f64)
        .collect();
    let c = mobility
        .iter()
        .zip(&labels)
        .map(|(m, y)| m * y)
        .sum::<f64>()
        / mobility.iter().map(|m| m * m).sum::<f64>().max(1e-9);
    let baseline_mae: f64 = mobility
        .iter()
        .zip(&labels)
        .map(|(m, y)| (c * m - y).abs())
        .sum::<f64>()
        / n;
    let zero_mae: f64 = labels.iter().map(|y| y.abs()).sum::<f64>() / n;
    let hand_mae = abs_errors(&found, &labels, |p| HandSet.eval(p)) / n;
    let how = match label_eval {
        LabelEval::Pattern => format!("a depth-{depth} search on the pattern evaluation"),
        LabelEval::Hand => format!("a depth-{depth} search on the hand-set evaluation"),
        LabelEval::Exact => "the exact solver".to_string(),
    };
    println!(
        "{} positions at {empties} empties (seed {}), scored by {how} ({nodes} nodes)",
        found.len(),
        args.seed
    );
    println!("pattern evaluation      MAE {pattern_mae:.2} discs");
    println!("mobility only (c={c:.2})  MAE {baseline_mae:.2} discs");
    println!("hand-set evaluation     MAE {hand_mae:.2} discs");
    println!("always 0                MAE {zero_mae:.2} discs");
    report_time("mae", wall);
    Ok(())
}

/// `positions` held-out positions: from each game of `args` in turn, its first position
/// with `empties` empty squares and a legal move.
fn held_out(args: &GameArgs, positions: u64, empties: u32) -> Vec<Position> {
    // More games than positions: a game may pass 30 empties with the side to move unable
    // to move, or be solved before it.
    let mut found: Vec<Position> = Vec::new();
    let mut game = 0;
    while (found.len() as u64) < positions {
        let batch: Vec<u64> = (game..game + positions).collect();
        game += positions;
        let play = args.play();
        let picked = par_map(
            &batch,
            args.threads,
            || Solver::new(8 << 20),
            |solver, &g| {
                let records = play_game(&mut game_rng(args.seed, g), &play, solver);
                records
                    .iter()
                    .map(|r| r.pos)
                    .find(|p| p.empties() == empties && p.moves() != 0)
            },
        );
        found.extend(picked.into_iter().flatten());
    }
    found.truncate(positions as usize);
    found
}

/// The labels (discs) of `found` by `label_eval` (a `depth` search on `weights` or the
/// hand-set evaluation, or the exact solver), and the nodes they took.
fn label_held_out(
    found: &[Position],
    threads: usize,
    depth: u32,
    label_eval: LabelEval,
    weights: &Weights,
) -> (Vec<f64>, u64) {
    let label_with: &dyn Evaluate = match label_eval {
        LabelEval::Pattern | LabelEval::Exact => weights,
        LabelEval::Hand => &HandSet,
    };
    let labelled: Vec<(i32, u64)> = par_map(
        found,
        threads,
        || Solver::new(16 << 20),
        |solver, &p| {
            if label_eval == LabelEval::Exact {
                let board =
                    reversi::Board::from_bitboards(p.player, p.opponent, reversi::Color::Black);
                return match board {
                    Ok(board) => {
                        solver.clear();
                        let s = solver.solve(&board, reversi_engine::Mode::Exact);
                        (s.score * SCALE, s.nodes)
                    }
                    Err(_) => (0, 0),
                };
            }
            let mut nodes = 0;
            let v = alpha_beta(p, depth, -65 * SCALE, 65 * SCALE, label_with, &mut nodes);
            (v, nodes)
        },
    );
    let nodes: u64 = labelled.iter().map(|&(_, n)| n).sum();
    let labels = labelled
        .iter()
        .map(|&(v, _)| v as f64 / SCALE as f64)
        .collect();
    (labels, nodes)
}

/// This thread's CPU time in seconds (`/proc/thread-self/schedstat`, nanoseconds), or
/// `None` where the file does not exist.
fn thread_cpu_seconds() -> Option<f64> {
    let text = fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn speed(evaluations: u64) {
    // 4,096 positions from random games, every stage.
    let mut rng = fastrand::Rng::with_seed(42);
    let mut set = Vec::new();
    while set.len() < 4096 {
        let mut pos = Position::start();
        while !pos.is_over() {
            let mut moves = pos.moves();
            if moves == 0 {
                pos = pos.pass();
                continue;
            }
            for _ in 0..rng.u32(..moves.count_ones()) {
                moves &= moves - 1;
            }
            pos = pos.play(moves.trailing_zeros());
            set.push(pos);
        }
    }
    set.truncate(4096);
    type Evaluation = fn(u64, u64) -> i32;
    let kinds: [(&str, Evaluation); 3] = [
        ("pattern (eval::evaluate)", reversi_engine::eval::evaluate),
        ("hand-set", reversi_engine::eval::hand_set),
        ("mobility only", reversi_engine::eval::mobility_only),
    ];
    for (name, f) in kinds {
        // The first call decodes the weights: not timed.
        let mut sum = f(set[0].player, set[0].opponent) as i64;
        let (cpu, wall) = (thread_cpu_seconds(), Instant::now());
        let mut done = 0u64;
        while done < evaluations {
            for p in &set {
                sum += f(
                    std::hint::black_box(p.player),
                    std::hint::black_box(p.opponent),
                ) as i64;
            }
            done += set.len() as u64;
        }
        let wall = wall.elapsed().as_secs_f64();
        let cpu = match (cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => wall,
        };
        println!(
            "{name:26} {done} evaluations: {:.2} M/s of CPU time ({cpu:.2} s CPU, {wall:.2} s wall; checksum {sum})",
            done as f64 / cpu / 1e6
        );
    }
}

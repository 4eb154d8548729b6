//! `train`: the training pipeline. Plays the games, gathers their positions (and some
//! children) by stage, then from the end of the game towards its start labels each
//! stage (exact scores, or a search on the weights fitted so far), fits its weights and
//! writes the weights file.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use reversi_engine::eval::pattern::PATTERNS;
use reversi_engine::eval::weights::{stage_of, stages, Features, Weights, SCALARS, STAGE_WIDTH};
use reversi_engine::eval::{MAX, SCALE};

use crate::fit::{least_squares, Layout, Rows, EXCLUDED};
use crate::games::{generate, some_children, GameArgs, Record};
use crate::label::{mean_abs_error, Labeller};
use crate::process::{par_map, report_time};
use crate::weights_file::read_weights;
use crate::wthor_games::{self, WthorArgs};

/// `train`'s options.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    #[command(flatten)]
    games_args: GameArgs,
    #[command(flatten)]
    wthor: WthorArgs,
    /// Games to play.
    #[arg(long, default_value_t = 5000)]
    games: u64,
    /// Depth of the search that scores positions with more empty squares than
    /// `--exact` (on the weights of the stages already fitted).
    #[arg(long, default_value_t = 4)]
    label_depth: u32,
    /// A searched label is the mean of a `--label-depth` and a `--label-depth`+1 search
    /// (as `label-file --pair`'s `dN+M`): the evaluation's bias alternates with the
    /// depth's parity and mostly cancels in the pair.
    #[arg(long)]
    label_pair: bool,
    /// Besides each position of a game, this many of its children (the positions after
    /// other legal moves, picked at random), scored the same way.
    #[arg(long, default_value_t = 3)]
    children: u32,
    /// Children with at most this many empty squares are solved exactly.
    #[arg(long, default_value_t = 12)]
    solve_children: u32,
    #[command(flatten)]
    fit: StageFit,
    /// The weights file to write.
    #[arg(
        short,
        long,
        default_value = "crates/reversi-engine/src/eval/weights.bin"
    )]
    output: PathBuf,
}

/// How each stage's weights are fitted to its labels (`train` and `fit-file`).
#[derive(clap::Args, Debug, Clone)]
pub struct StageFit {
    /// L2 penalty on each pattern weight (discs squared per unit).
    #[arg(long, default_value_t = 2.0)]
    l2: f64,
    /// L2 penalty on each scalar weight.
    #[arg(long, default_value_t = 0.01)]
    l2_scalar: f64,
    /// The penalties pull each stage's weights toward the previous stage's fit (the
    /// stage of `--stage-width` fewer empty squares, fitted just before) instead of toward
    /// zero: an index that a stage's positions read rarely keeps about its neighbour's
    /// value.
    #[arg(long, conflicts_with = "prior")]
    smooth: bool,
    /// A weights file of the same stage width (e.g. the compiled-in
    /// crates/reversi-engine/src/eval/weights.bin) whose stages the penalties pull toward
    /// instead of zero, and each stage's fit starts from: the new positions refine those
    /// weights rather than replace them, and an index they rarely read keeps the file's
    /// value. A stage without positions keeps the file's weights.
    #[arg(long, value_name = "FILE")]
    prior: Option<PathBuf>,
    /// Empty squares per stage (1 to 60): 4 gives 15 weight sets, 2 gives 30, 1 one a
    /// ply. The weights file states it.
    #[arg(long, default_value_t = STAGE_WIDTH, value_parser = stage_width)]
    pub stage_width: usize,
    /// Conjugate gradient iterations per stage.
    #[arg(long, default_value_t = 150)]
    iterations: u32,
    /// Pattern weights read by fewer of a stage's training positions are written as 0
    /// (rare indices: a smaller file, little change in the fit), or with `--prior` as
    /// the prior's.
    #[arg(long, default_value_t = 3)]
    min_count: u32,
    /// A pattern (its name in `reversi_engine::eval::pattern::PATTERNS`, e.g.
    /// `diag4`) left out of the fit: its weights stay 0 (repeat for more). To measure
    /// what a pattern adds.
    #[arg(long, value_name = "PATTERN")]
    without: Vec<String>,
}

/// Plays, labels, fits and writes the weights file; prints a line per stage, then the
/// time taken.
pub fn run(args: &TrainArgs) -> Result<()> {
    let wall = Instant::now();
    crate::weights_file::check_output(&args.output)?;
    let excluded = pattern_numbers(&args.fit.without)?;
    let mut records = generate(&args.games_args, 0, args.games);
    let positions: usize = records.iter().map(Vec::len).sum();
    eprintln!("{} games, {positions} positions", args.games);
    if !args.wthor.files.is_empty() {
        let real = wthor_games::positions(&args.wthor, args.games_args.seed)?;
        let taken: usize = real.iter().map(Vec::len).sum();
        eprintln!("{} WTHOR games, {taken} positions", real.len());
        records.extend(real);
    }
    report_time("games", wall);
    let width = args.fit.stage_width;
    let by_stage = by_stage(records, args.children, args.games_args.seed, width);

    let layout = Layout::without(&excluded);
    let prior = args.fit.prior_weights()?;
    let mut weights = zero(width)?;
    let mut params = vec![0.0; layout.params()];
    eprintln!("stage  empties  positions  searched  rmse   mae(discs)");
    for (st, stage_records) in by_stage.iter().enumerate() {
        // Leaves of the labelling searches that stay in this stage (after passes) read
        // the previous stage's weights, copied here as the starting point of the fit.
        let labels = label_stage(stage_records, args, &weights);
        fit_stage(
            st,
            (stage_records, &labels),
            &args.fit,
            prior.as_ref(),
            &layout,
            &mut params,
            &mut weights,
        );
        // The next stage starts from these weights.
        if st + 1 < weights.stages() {
            store(&mut weights, &layout, &params, st + 1);
        }
    }
    write_weights(&weights, &args.output, by_stage.iter().map(Vec::len).sum())?;
    report_time("total", wall);
    Ok(())
}

/// Writes `weights` to `output`, saying so with the `positions` fitted.
pub fn write_weights(weights: &Weights, output: &Path, positions: usize) -> Result<()> {
    let bytes = weights.to_bytes();
    fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    eprintln!(
        "{positions} positions fitted; {} bytes written to {}",
        bytes.len(),
        output.display()
    );
    Ok(())
}

/// The weights of each stage fitted to `by_stage`'s positions and their labels (a
/// position's `exact` score counted as exact in the stage's line), stage 0 first, each
/// starting from the fit before (with `--smooth`, pulled toward it).
///
/// # Errors
/// A pattern of `--without` that does not exist.
pub fn fit_all(by_stage: &[(Vec<Record>, Vec<f64>)], fit: &StageFit) -> Result<Weights> {
    let layout = Layout::without(&pattern_numbers(&fit.without)?);
    let prior = fit.prior_weights()?;
    let mut weights = zero(fit.stage_width)?;
    let mut params = vec![0.0; layout.params()];
    eprintln!("stage  empties  positions  searched  rmse   mae(discs)");
    for (st, (records, labels)) in by_stage.iter().enumerate() {
        if records.is_empty() {
            // Nothing to fit: the stage keeps the prior's weights, or the fit before it
            // (zero before stage 0).
            if let Some(prior) = &prior {
                params = params_of(prior, &layout, st);
                eprintln!("{st:5}  no positions: the prior's weights");
            } else if st == 0 {
                eprintln!("{st:5}  no positions: zero weights");
            } else {
                eprintln!("{st:5}  no positions: the weights of the stage before");
            }
            store(&mut weights, &layout, &params, st);
            continue;
        }
        fit_stage(
            st,
            (records, labels),
            fit,
            prior.as_ref(),
            &layout,
            &mut params,
            &mut weights,
        );
    }
    Ok(weights)
}

impl StageFit {
    /// The weights of `--prior`, if given.
    ///
    /// # Errors
    /// The file cannot be read, is not a weights file, or has another stage width.
    pub fn prior_weights(&self) -> Result<Option<Weights>> {
        let Some(path) = &self.prior else {
            return Ok(None);
        };
        let weights = read_weights(path)?;
        if weights.stage_width() != self.stage_width {
            bail!(
                "--prior {}: stages {} empty squares wide, not --stage-width {}",
                path.display(),
                weights.stage_width(),
                self.stage_width
            );
        }
        Ok(Some(weights))
    }
}

/// Stage `st` of `weights` as the parameters of `layout` (discs), the inverse of
/// [`store`] up to rounding.
fn params_of(weights: &Weights, layout: &Layout, st: usize) -> Vec<f64> {
    let disc = |value: i16| f64::from(value) / f64::from(SCALE);
    let mut params = vec![0.0; layout.params()];
    for (k, index, param) in table_entries(layout) {
        if let Some(param) = param {
            // Entries sharing a parameter hold the same value.
            params[param] = disc(weights.entry(st, k, index));
        }
    }
    for i in 0..SCALARS {
        params[layout.pattern_params + i] = disc(weights.scalar(st, i));
    }
    params
}

/// `--stage-width`'s value: 1 to 60.
fn stage_width(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(width @ 1..=60) => Ok(width),
        _ => Err(format!("{text:?} is not a stage width from 1 to 60")),
    }
}

/// Zero weights on stages `width` empty squares wide.
fn zero(width: usize) -> Result<Weights> {
    Weights::zero_with_width(width).map_err(|e| anyhow::anyhow!("--stage-width {width}: {e}"))
}

#[cfg(test)]
impl StageFit {
    /// `train`'s defaults.
    pub fn for_tests() -> StageFit {
        StageFit {
            l2: 2.0,
            l2_scalar: 0.01,
            smooth: false,
            prior: None,
            stage_width: STAGE_WIDTH,
            iterations: 150,
            min_count: 3,
            without: Vec::new(),
        }
    }
}

/// The places in `PATTERNS` of the patterns named `names` (`--without`), or an error
/// naming the first unknown one and listing the patterns.
fn pattern_numbers(names: &[String]) -> Result<Vec<usize>> {
    names
        .iter()
        .map(|name| {
            PATTERNS
                .iter()
                .position(|p| p.name == name)
                .with_context(|| {
                    let known: Vec<&str> = PATTERNS.iter().map(|p| p.name).collect();
                    format!(
                        "--without {name}: no such pattern (the patterns: {})",
                        known.join(", ")
                    )
                })
        })
        .collect()
}

/// The games' positions that are not finished games, by stage (stages `width` empty
/// squares wide), each followed by up to `children` of its children (picked by a
/// generator seeded with `seed`).
fn by_stage(records: Vec<Vec<Record>>, children: u32, seed: u64, width: usize) -> Vec<Vec<Record>> {
    let stage = |n: u32| stage_of(n, width);
    let mut by_stage: Vec<Vec<Record>> = vec![Vec::new(); stages(width)];
    let mut rng = fastrand::Rng::with_seed(seed);
    for r in records.into_iter().flatten() {
        // Finished games are scored exactly by any search; nothing to fit.
        if r.board.is_game_over() {
            continue;
        }
        by_stage[stage(r.board.empty_squares().len())].push(r);
        for child in some_children(&r.board, children, &mut rng) {
            by_stage[stage(child.empty_squares().len())].push(Record {
                board: child,
                exact: None,
            });
        }
    }
    by_stage
}

/// The labels (discs) of a stage's records: a game's exact score where known, the exact
/// solver's up to `--solve-children` empties, else a `--label-depth` search on `weights`
/// (with `--label-pair`, the mean of it and a search one ply deeper).
fn label_stage(records: &[Record], args: &TrainArgs, weights: &Weights) -> Vec<f64> {
    let weights = Arc::new(weights.clone());
    par_map(
        records,
        args.games_args.threads,
        || Labeller::new(Arc::clone(&weights), 1 << 18, 1 << 20),
        |labeller, r| match r.exact {
            Some(score) => f64::from(score),
            None if r.board.empty_squares().len() <= args.solve_children => {
                f64::from(labeller.solve(&r.board).0)
            }
            None if args.label_pair => labeller.search_paired(&r.board, args.label_depth).0,
            None => labeller.search(&r.board, args.label_depth).0,
        },
    )
}

/// Fits stage `st` to its records' `labels` (`params` from the previous stage's fit, left
/// unpruned for the next; or from `prior`'s stage, which the penalties then pull
/// toward), stores the weights with rare indices pruned in `weights`, and prints the
/// stage's line.
fn fit_stage(
    st: usize,
    (records, labels): (&[Record], &[f64]),
    args: &StageFit,
    prior: Option<&Weights>,
    layout: &Layout,
    params: &mut [f64],
    weights: &mut Weights,
) {
    let searched = records.iter().filter(|r| r.exact.is_none()).count();
    let mut rows = Rows::default();
    for (r, &label) in records.iter().zip(labels) {
        let features = Features::of(r.board.mover_bits(), r.board.opponent_bits());
        rows.push(layout, &features, label);
    }
    // `params` holds the previous stage's fit (zero before stage 0), or the prior's.
    let from_file = prior.map(|weights| params_of(weights, layout, st));
    if let Some(toward) = &from_file {
        params.copy_from_slice(toward);
    }
    let prior = from_file
        .clone()
        .or_else(|| (args.smooth && st > 0).then(|| params.to_vec()));
    let rmse = least_squares(
        &rows,
        layout,
        params,
        prior.as_deref(),
        args.l2,
        args.l2_scalar,
        args.iterations,
    );
    // Rare indices written as 0 (as the prior file's value with one); the next stage
    // starts from the unpruned fit.
    let mut pruned = params.to_vec();
    for (i, (w, &count)) in pruned.iter_mut().zip(&rows.counts(layout)).enumerate() {
        if count < args.min_count {
            *w = from_file.as_ref().map_or(0.0, |p| p[i]);
        }
    }
    store(weights, layout, &pruned, st);
    let boards: Vec<_> = records.iter().map(|r| r.board).collect();
    let mae = mean_abs_error(&boards, labels, |p, o| {
        weights.evaluate(p, o).clamp(-MAX, MAX)
    });
    let width = weights.stage_width();
    let low = st * width + 1;
    eprintln!(
        "{st:5}  {low:2}..{:<3}  {:9}  {searched:8}  {rmse:5.2}  {mae:5.2}",
        (low + width - 1).min(60),
        records.len()
    );
}

/// Writes the fitted `params` (discs) into stage `st` of `weights`, rounded to evaluation
/// units.
fn store(weights: &mut Weights, layout: &Layout, params: &[f64], st: usize) {
    let unit = |x: f64| {
        (x * f64::from(SCALE))
            .round()
            .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
    };
    for (k, index, param) in table_entries(layout) {
        weights.set_entry(st, k, index, param.map_or(0, |param| unit(params[param])));
    }
    for i in 0..SCALARS {
        weights.set_scalar(st, i, unit(params[layout.pattern_params + i]));
    }
}

/// Each entry of a stage's pattern tables, in table order, as (pattern, index, its
/// parameter in `layout`, `None` for a pattern left out of the fit).
fn table_entries(layout: &Layout) -> impl Iterator<Item = (usize, usize, Option<usize>)> + '_ {
    PATTERNS
        .iter()
        .enumerate()
        .flat_map(|(k, p)| (0..p.size()).map(move |index| (k, index)))
        .zip(&layout.param_of_entry)
        .map(|((k, index), &param)| (k, index, (param != EXCLUDED).then_some(param as usize)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `params_of` reads back what `store` wrote, on every stage.
    #[test]
    fn a_stage_reads_back_as_its_parameters() {
        let layout = Layout::new();
        let mut weights = Weights::zero();
        let mut rng = fastrand::Rng::with_seed(3);
        for st in 0..weights.stages() {
            let params: Vec<f64> = (0..layout.params())
                .map(|_| f64::from(rng.i16(-2000..2000)) / f64::from(SCALE))
                .collect();
            store(&mut weights, &layout, &params, st);
            assert_eq!(params_of(&weights, &layout, st), params, "stage {st}");
        }
    }

    /// With `--prior` and penalties too heavy to move, the fit is the prior file's weights
    /// on every stage (those with positions, those without, and the rare indices); with
    /// the usual penalty the labels move it.
    #[test]
    fn a_fit_with_a_prior_starts_from_it_and_is_pulled_toward_it() {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-prior", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let prior_path = dir.join("prior.bin");
        let builtin = Weights::builtin().unwrap();
        fs::write(&prior_path, builtin.to_bytes()).unwrap();
        let mut rng = fastrand::Rng::with_seed(8);
        let mut by_stage = vec![(Vec::new(), Vec::new()); stages(STAGE_WIDTH)];
        for _ in 0..300 {
            let empties = rng.u32(30..40);
            let board = reversi::random::position(&mut rng, empties);
            if !board.is_game_over() {
                let (records, labels) = &mut by_stage[stage_of(board.empty_squares().len(), 4)];
                records.push(Record { board, exact: None });
                labels.push(30.0);
            }
        }
        let mut fit = StageFit::for_tests();
        fit.prior = Some(prior_path.clone());
        fit.l2 = 1e12;
        fit.l2_scalar = 1e12;
        assert_eq!(fit_all(&by_stage, &fit).unwrap(), builtin);
        fit.l2 = 2.0;
        fit.l2_scalar = 0.01;
        let moved = fit_all(&by_stage, &fit).unwrap();
        let stage = stage_of(35, 4);
        assert_ne!(moved.scalar(stage, 0), builtin.scalar(stage, 0));
        // Stages without positions keep the prior's weights.
        for st in (0..moved.stages()).filter(|&st| by_stage[st].0.is_empty()) {
            assert_eq!(
                params_of(&moved, &Layout::new(), st),
                params_of(&builtin, &Layout::new(), st)
            );
        }
        // A prior of another stage width is refused.
        fit.stage_width = 2;
        let error = fit_all(&by_stage, &fit).unwrap_err().to_string();
        assert!(error.contains("not --stage-width 2"), "{error}");
    }

    #[test]
    fn patterns_left_out_are_named_as_in_the_crate() {
        let names = ["diag4".to_string(), "edge+2x".to_string()];
        assert_eq!(
            pattern_numbers(&names).unwrap(),
            vec![PATTERNS.len() - 1, 0]
        );
        let err = pattern_numbers(&["diag3".to_string()])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("--without diag3: no such pattern (the patterns: edge+2x, corner3x3,"),
            "{err}"
        );
    }
}

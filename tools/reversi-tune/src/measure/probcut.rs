//! ProbCut measured: `probcut-fit`, the regression of deep on shallow search values its
//! cuts rest on, and `probcut-selfplay`, games of the engine with it against without.

use std::cmp::Ordering;

use reversi::{Board, Color, Ply};
use reversi_engine::{probcut_stage, Engine, SearchLimits, PROBCUT_STAGES};

use super::{limits_depth, play, random_ply, self_play};

/// `probcut-fit`: deep against shallow search values.
#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// Positions (seeded openings and depth-4 self-play, at 20 to 54 empties: about a
    /// third in each of ProbCut's stages).
    count: u64,
    /// The deepest depth fitted (from 4).
    max: u32,
}

/// `probcut-end-fit`: exact scores against shallow search values.
#[derive(clap::Args, Debug)]
pub struct EndFitArgs {
    /// Positions at each number of empty squares (seeded openings and depth-4 self-play).
    count: u64,
    /// The fewest empty squares fitted.
    #[arg(default_value_t = 12)]
    min: u32,
    /// The most empty squares fitted (an exact solve of each position: about a second
    /// at 24 on one thread, four times that for every two more).
    #[arg(default_value_t = 24)]
    max: u32,
}

/// `probcut-selfplay`: ProbCut on against off.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// Openings, each played twice with colours swapped.
    pairs: u64,
    /// Nodes a move.
    nodes: u64,
}

/// For each of ProbCut's stages (`reversi_engine::probcut_stage` of the empty
/// squares) and each depth `d` from 4 to `max`, the fit `v(d) = a + b v(s)` with `s`
/// the shallow depth ProbCut uses, and the residuals' standard deviation (discs); then
/// the whole fit as the engine's table (`PROBCUT_FIT` in the engine's midgame search:
/// `[a, b, sigma]` per stage and depth, depths below 4 unused, depths above `max` as
/// `max`).
pub fn fit(args: &FitArgs) {
    let boards = fit_positions(args.count);
    let mut engine = Engine::with_table_bytes(1 << 22);
    let values: Vec<(usize, Vec<f64>)> = boards
        .iter()
        .map(|board| {
            let stage = probcut_stage(board.empty_squares().len());
            let by_depth = (0..=args.max)
                .map(|d| value(&mut engine, *board, d.max(1)))
                .collect();
            (stage, by_depth)
        })
        .collect();
    let mut table = Vec::new();
    for stage in 0..PROBCUT_STAGES {
        let mut rows = vec![[0.0, 1.0, 0.0]; 4];
        for d in 4..=args.max {
            let s = (d / 4) * 2;
            let (xs, ys): (Vec<f64>, Vec<f64>) = values
                .iter()
                .filter(|(st, _)| *st == stage)
                .map(|(_, v)| (v[s as usize], v[d as usize]))
                .unzip();
            let (a, b, sigma) = regression(&xs, &ys);
            println!(
                "stage {stage} depth {d} from {s}: v = {a:+.3} + {b:.3} x, sigma {sigma:.3} discs ({} positions)",
                xs.len()
            );
            rows.push([a, b, sigma]);
        }
        table.push(rows);
    }
    println!(
        "const PROBCUT_FIT: [[[f32; 3]; {}]; {PROBCUT_STAGES}] = [",
        args.max + 1
    );
    for rows in &table {
        println!("    [");
        for [a, b, sigma] in rows {
            println!("        [{a:.2}, {b:.3}, {sigma:.2}],");
        }
        println!("    ],");
    }
    println!("];");
}

/// For each number of empty squares `e` from `min` to `max`, the fit `exact = a + b v(s)`
/// of the exact score on the value of the shallow search ProbCut uses in a search to the
/// end (`s = e / 4 * 2` plies), and the residuals' standard deviation (discs); then the
/// whole fit as the engine's table (`PROBCUT_END_FIT` in the engine's midgame search:
/// `[a, b, sigma]` per number of empties, those below `min` and above `max` as theirs).
pub fn end_fit(args: &EndFitArgs) {
    let mut engine = Engine::with_table_bytes(1 << 24);
    let mut filler = Engine::with_table_bytes(1 << 20);
    let mut rows = Vec::new();
    for empties in args.min..=args.max {
        let s = empties / 4 * 2;
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        let mut seed = 0;
        while (xs.len() as u64) < args.count {
            let mut rng = fastrand::Rng::with_seed(70_000 + 1000 * u64::from(empties) + seed);
            seed += 1;
            let board = self_play(&mut rng, &mut filler, empties, 4);
            if board.is_game_over() || board.must_pass() || board.empty_squares().len() != empties {
                continue;
            }
            xs.push(value(&mut engine, board, s.max(1)));
            engine.new_game();
            engine.set_board(board);
            let exact = engine.solve(reversi_engine::Mode::Exact, SearchLimits::default());
            ys.push(f64::from(
                exact.exact_score().expect("an unlimited solve is exact"),
            ));
        }
        let (a, b, sigma) = regression(&xs, &ys);
        let identity = (xs
            .iter()
            .zip(&ys)
            .map(|(x, y)| (y - x).powi(2))
            .sum::<f64>()
            / xs.len() as f64)
            .sqrt();
        println!(
            "{empties} empties from {s}: exact = {a:+.3} + {b:.3} x, sigma {sigma:.3} discs; exact - x: sigma {identity:.3} discs ({} positions)",
            xs.len()
        );
        rows.push([a, b, sigma]);
    }
    println!("const PROBCUT_END_FIT: [[f32; 3]; {}] = [", rows.len());
    for [a, b, sigma] in &rows {
        println!("    [{a:.2}, {b:.3}, {sigma:.2}],");
    }
    println!("];");
}

/// `count` positions from seeded random 8-ply openings and depth-4 self-play, sampled at
/// 20 to 54 empties, those where the side to move has a move.
fn fit_positions(count: u64) -> Vec<Board> {
    let mut boards = Vec::new();
    for seed in 0..count {
        let mut rng = fastrand::Rng::with_seed(1000 + seed);
        let target = 20 + rng.u32(0..=34);
        let board = self_play(&mut rng, &mut Engine::with_table_bytes(1 << 20), target, 4);
        if !board.is_game_over() && !board.must_pass() {
            boards.push(board);
        }
    }
    boards
}

/// The score of a `depth` search of `board` by `engine` after a new game (tables cleared).
fn value(engine: &mut Engine, board: Board, depth: u32) -> f64 {
    engine.new_game();
    engine.set_board(board);
    engine.search(limits_depth(depth)).score
}

/// The least-squares line `y = a + b x` and the residuals' standard deviation.
fn regression(xs: &[f64], ys: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let var: f64 = xs
        .iter()
        .zip(ys)
        .map(|(x, y)| (y - a - b * x).powi(2))
        .sum::<f64>()
        / n;
    (a, b, var.sqrt())
}

/// Self-play of ProbCut on (A) against off (B) at `nodes` nodes a move: `pairs` seeded
/// random 8-ply openings, each played twice with colours swapped. Prints A's wins,
/// draws, losses and mean final disc difference.
pub fn selfplay(args: &SelfplayArgs) {
    let (mut w, mut d, mut l, mut discs) = (0, 0, 0, 0i64);
    for seed in 0..args.pairs {
        let mut rng = fastrand::Rng::with_seed(5000 + seed);
        let mut opening = Board::START;
        for _ in 0..8 {
            opening = play(&opening, random_ply(&mut rng, &opening));
        }
        for a_colour in Color::ALL {
            let diff = probcut_game(opening, a_colour, args.nodes);
            discs += diff;
            match diff.cmp(&0) {
                Ordering::Greater => w += 1,
                Ordering::Equal => d += 1,
                Ordering::Less => l += 1,
            }
        }
    }
    let games = 2 * args.pairs;
    println!(
        "ProbCut on vs off at {} nodes a move, {games} games: +{w} ={d} -{l}, score {:.1}%, mean disc difference {:+.2}",
        args.nodes,
        100.0 * (w as f64 + d as f64 / 2.0) / games as f64,
        discs as f64 / games as f64
    );
}

/// The final disc difference, from ProbCut's side (`a_colour`), of the game from
/// `opening` between an engine with ProbCut and one without, `nodes` nodes a move.
fn probcut_game(opening: Board, a_colour: Color, nodes: u64) -> i64 {
    let mut engines = [
        Engine::with_table_bytes(16 << 20),
        Engine::with_table_bytes(16 << 20),
    ];
    engines[a_colour as usize].set_probcut(true);
    engines[1 - a_colour as usize].set_probcut(false);
    let mut board = opening;
    while !board.is_game_over() {
        let engine = &mut engines[board.side_to_move() as usize];
        engine.set_board(board);
        let r = engine.search(SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        });
        board = play(&board, r.best.unwrap_or(Ply::Pass));
    }
    let counts = board.disc_counts();
    let diff = i64::from(counts.black) - i64::from(counts.white);
    if a_colour == Color::Black {
        diff
    } else {
        -diff
    }
}

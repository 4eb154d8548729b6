//! The endgame from seeded self-play positions: `endgame` plays them out checking every
//! move against the exact solver, `positions` prints them, `hard` keeps those that are
//! slow to solve as FFO lines.

use std::time::Duration;

use anyhow::{Context, Result};
use reversi::Ply;
use reversi_engine::{Engine, Mode, SearchLimits};

use super::{limits_ms, play, start_position};
use crate::process::thread_cpu;

/// `endgame`: games from seeded self-play positions played out at a time a move.
#[derive(clap::Args, Debug)]
pub struct EndgameArgs {
    /// Games (game `g` starts from the position `positions` prints for it).
    games: u64,
    /// Milliseconds a move.
    ms: u64,
    /// Empty squares of the start positions.
    from: u32,
    /// Moves with at most this many empty squares are checked against the solver.
    check: u32,
    /// The engines' solver threads.
    #[arg(default_value_t = 1)]
    threads: usize,
}

/// `positions`: the start positions of `endgame`.
#[derive(clap::Args, Debug)]
pub struct PositionsArgs {
    /// Games.
    games: u64,
    /// Empty squares.
    from: u32,
}

/// `hard`: the start positions whose exact solve takes many nodes.
#[derive(clap::Args, Debug)]
pub struct HardArgs {
    /// Games.
    games: u64,
    /// Empty squares.
    from: u32,
    /// The fewest solver nodes (one thread, a new 64 MiB table) a kept position takes.
    nodes: u64,
}

/// Plays `games` games from [`start_position`]s, two engines (one a side, tables kept as
/// in a match) at `ms` a move to the end: every move at `check` empties or fewer checked
/// against the solver's best moves.
pub fn endgame(args: &EndgameArgs) -> Result<()> {
    let (mut perfect, mut total, mut worst) = (0, 0, Duration::ZERO);
    let mut checker = Engine::new();
    checker.set_all_best_moves(true);
    for game in 0..args.games {
        let mut board = start_position(game, args.from);
        let mut engines = [Engine::new(), Engine::new()];
        for engine in &mut engines {
            engine.set_threads(args.threads);
        }
        while !board.is_game_over() {
            let engine = &mut engines[board.side_to_move() as usize];
            engine.set_board(board);
            let (r, cpu) = thread_cpu(|| engine.search(limits_ms(args.ms)));
            let ply = r.best.context("no move")?;
            let empties = board.empty_squares().len();
            if empties <= args.check && ply != Ply::Pass {
                checker.set_board(board);
                let solution = checker.solve(Mode::Exact, SearchLimits::default());
                let ok = solution.best_moves.contains(&ply);
                total += 1;
                perfect += usize::from(ok);
                worst = worst.max(r.elapsed);
                println!(
                    "game {game} {empties} empties: {ply} {} (exact score {:+}, engine {:+} exact {}) time {:.3} s cpu {cpu:.3} s",
                    if ok { "perfect" } else { "NOT perfect" },
                    solution.lower,
                    r.score,
                    r.exact,
                    r.elapsed.as_secs_f64()
                );
            }
            board = play(&board, ply);
        }
    }
    println!(
        "{perfect}/{total} perfect at {} ms, longest search {:.3} s",
        args.ms,
        worst.as_secs_f64()
    );
    Ok(())
}

/// Prints the positions `endgame` starts its games from as OBF lines, one a line, to
/// time the solver on exactly those.
pub fn positions(args: &PositionsArgs) {
    for game in 0..args.games {
        println!("{}", start_position(game, args.from).to_obf());
    }
}

/// The hard ones among the start positions: those whose exact solve (one thread, a new
/// 64 MiB table each, no limits) takes at least `nodes` nodes (a count that does not
/// depend on the machine), as FFO lines `BOARD SIDE SCORE BEST ALL` numbered from 40
/// (BEST every best move, ALL every move's exact score), for `ffo` to measure the engine
/// where its solver is slowest. Progress on standard error.
pub fn hard(args: &HardArgs) -> Result<()> {
    let mut solver = Engine::new();
    let mut kept = 0;
    for game in 0..args.games {
        let board = start_position(game, args.from);
        if board.is_game_over() {
            continue;
        }
        solver.new_game();
        solver.set_board(board);
        let solution = solver.solve(Mode::Exact, SearchLimits::default());
        if solution.nodes < args.nodes {
            continue;
        }
        // A side that must pass: the line is the position after the pass.
        let board = board.pass().unwrap_or(board);
        solver.set_board(board);
        let all = exact_move_scores(&mut solver);
        let score = all.iter().map(|&(_, s)| s).max().context("no move")?;
        let best: Vec<String> = all
            .iter()
            .filter(|&&(_, s)| s == score)
            .map(|(m, _)| m.to_string())
            .collect();
        let all: Vec<String> = all.iter().map(|(m, s)| format!("{m}:{s:+}")).collect();
        println!(
            "{} {score:+} {} {}",
            board.to_obf(),
            best.join(","),
            all.join(",")
        );
        eprintln!("#{} game {game}: {} nodes", 40 + kept, solution.nodes);
        kept += 1;
    }
    Ok(())
}

/// The exact score of every move of the engine's board (multi-PV to the end), in square
/// order.
fn exact_move_scores(engine: &mut Engine) -> Vec<(Ply, i32)> {
    let limits = SearchLimits {
        depth: Some(64),
        ..SearchLimits::default()
    };
    let analysis = engine.analyse(limits, None, |_| {});
    analysis
        .by_square()
        .iter()
        .map(|m| (m.ply, m.score as i32))
        .collect()
}

//! FFO lines measured: `ffo`, the engine's move at a given time against every move's
//! exact score, and `solve`, the exact solver's nodes and time with chosen techniques.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use reversi::Ply;
use reversi_engine::{Engine, Mode, SearchLimits, Techniques};

use super::limits_ms;
use crate::ffo_file::ffo_lines;
use crate::process::thread_cpu;

/// `ffo`: each line searched by a new engine for a time.
#[derive(clap::Args, Debug)]
pub struct FfoArgs {
    /// The FFO file (`BOARD SIDE SCORE BEST ALL` lines, numbered from 40).
    file: PathBuf,
    /// The first position's number.
    first: usize,
    /// The last position's number.
    last: usize,
    /// Milliseconds a search.
    ms: u64,
    /// The engines' solver threads.
    #[arg(default_value_t = 1)]
    threads: usize,
}

/// `solve`: each line solved exactly from an empty table.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The FFO file (`BOARD SIDE SCORE BEST ALL` lines, numbered from 40).
    file: PathBuf,
    /// The first position's number.
    #[arg(default_value_t = 40)]
    first: usize,
    /// The last position's number.
    #[arg(default_value_t = 59)]
    last: usize,
    /// The table's budget in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    table_mib: u32,
    /// The solver's threads (with more than one, `cpu` is this thread's time only and
    /// `wall` the one to read).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Without the transposition table.
    #[arg(long)]
    no_table: bool,
    /// Without enhanced transposition cutoffs.
    #[arg(long)]
    no_etc: bool,
    /// Without stability cutoffs.
    #[arg(long)]
    no_stability: bool,
    /// Without null-window searches.
    #[arg(long)]
    no_null_window: bool,
    /// Without mobility ordering.
    #[arg(long)]
    no_mobility: bool,
    /// Without ordering by shallow searches.
    #[arg(long)]
    no_sort_search: bool,
    /// Without the special solvers of the last empties.
    #[arg(long)]
    no_small: bool,
}

impl SolveArgs {
    /// The solver's techniques: all but those switched off.
    fn techniques(&self) -> Techniques {
        let mut t = Techniques::default();
        t.table &= !self.no_table;
        t.enhanced_cutoffs &= !self.no_etc;
        t.stability &= !self.no_stability;
        t.null_window &= !self.no_null_window;
        t.mobility_order &= !self.no_mobility;
        t.sort_search &= !self.no_sort_search;
        t.small_solvers &= !self.no_small;
        t
    }
}

/// Searches each line for `ms` from a new engine: whether the move played keeps the
/// exact score (the line's ALL gives every move's), the time taken; then a summary that
/// counts the searches that ended in a complete exact solve.
pub fn ffo(args: &FfoArgs) -> Result<()> {
    let (mut perfect, mut total, mut exact, mut worst) = (0, 0, 0, Duration::ZERO);
    for case in ffo_lines(&args.file, args.first, args.last)? {
        let mut engine = Engine::new();
        engine.set_threads(args.threads);
        engine.set_board(case.board);
        let (r, cpu) = thread_cpu(|| engine.search(limits_ms(args.ms)));
        let best = r.best.context("no move")?.to_string();
        let got = case
            .score_of(&best)
            .with_context(|| format!("#{}: {best} not in ALL", case.number))?;
        total += 1;
        perfect += usize::from(got == case.score);
        exact += usize::from(r.exact);
        worst = worst.max(r.elapsed);
        println!(
            "#{} ({} empties): {best} {got:+} (best {:+}) {} exact {} depth {} nodes {} time {:.3} s cpu {cpu:.3} s",
            case.number,
            case.board.empty_squares().len(),
            case.score,
            if got == case.score { "perfect" } else { "NOT perfect" },
            r.exact,
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64()
        );
    }
    println!(
        "{perfect}/{total} perfect at {} ms on {} thread(s), {exact} solved exactly, longest search {:.3} s",
        args.ms,
        args.threads,
        worst.as_secs_f64()
    );
    Ok(())
}

/// Solves each line exactly from an empty table: nodes, CPU and wall seconds, score and
/// move, whether both match the line; then the totals.
pub fn solve(args: &SolveArgs) -> Result<()> {
    let mut solver = Engine::try_with_table_bytes((args.table_mib as usize) << 20)
        .with_context(|| format!("--table-mib {}", args.table_mib))?;
    solver.set_techniques(args.techniques());
    solver.set_threads(args.threads);
    let (mut total_nodes, mut total_cpu, mut total_wall) = (0u64, 0f64, 0f64);
    for case in ffo_lines(&args.file, args.first, args.last)? {
        solver.new_game();
        solver.set_board(case.board);
        let start = Instant::now();
        let (solution, cpu) = thread_cpu(|| solver.solve(Mode::Exact, SearchLimits::default()));
        let wall = start.elapsed().as_secs_f64();
        let moved = match solution.best_moves.first() {
            Some(Ply::Move(s)) => s.to_string(),
            Some(Ply::Pass) => "pass".to_owned(),
            None => "-".to_owned(),
        };
        let ok = solution.exact_score() == Some(case.score) && case.best.contains(&moved);
        total_nodes += solution.nodes;
        total_cpu += cpu;
        total_wall += wall;
        println!(
            "#{} nodes {} cpu {cpu:.3} wall {wall:.3} score {:+} move {moved} {}",
            case.number,
            solution.nodes,
            solution.lower,
            if ok { "ok" } else { "WRONG" }
        );
    }
    println!(
        "total nodes {total_nodes} cpu {total_cpu:.3} nodes/s {:.0} wall {total_wall:.3}",
        total_nodes as f64 / total_cpu.max(1e-9)
    );
    Ok(())
}

//! Solves FFO lines (`BOARD SIDE SCORE BEST ALL`, as in `tests/data/ffo-40-59.txt`) and
//! prints per position: number, nodes, seconds, score, best move, whether both match.
//!
//! `cargo run --release -p reversi-engine --example ffo -- FILE [FIRST LAST] [--no-TECHNIQUE...]`
//! (positions numbered from 40 by line; techniques: table, etc, stability, null-window,
//! mobility, sort-search, small; `--table-mib=N`, the table's budget, default 64;
//! `--threads=N`, the solver's threads, default 1: with more, `cpu` is this thread's
//! time only and `wall` the one to read).

use std::time::Instant;

use reversi::Ply;
use reversi_engine::{Mode, Solver, Techniques};

mod common;
use common::{cpu_seconds, ffo_lines};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = &args[0];
    let numbers: Vec<usize> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
    let (first, last) = match numbers[..] {
        [a, b] => (a, b),
        _ => (40, 59),
    };
    let mut t = Techniques::default();
    for a in &args[1..] {
        match a.as_str() {
            "--no-table" => t.table = false,
            "--no-etc" => t.enhanced_cutoffs = false,
            "--no-stability" => t.stability = false,
            "--no-null-window" => t.null_window = false,
            "--no-mobility" => t.mobility_order = false,
            "--no-sort-search" => t.sort_search = false,
            "--no-small" => t.small_solvers = false,
            _ => {}
        }
    }
    let mib = args
        .iter()
        .find_map(|a| a.strip_prefix("--table-mib="))
        .map_or(64, |m| {
            m.parse::<usize>().expect("--table-mib=N: a number of MiB")
        });
    let threads = args
        .iter()
        .find_map(|a| a.strip_prefix("--threads="))
        .map_or(1, |n| n.parse::<usize>().expect("--threads=N: a number"));
    let mut solver = Solver::new(mib << 20);
    solver.set_techniques(t);
    solver.set_threads(threads);
    let (mut total_nodes, mut total_time, mut total_wall) = (0u64, 0f64, 0f64);
    for case in ffo_lines(path, first, last) {
        let (number, board, score) = (case.number, case.board, case.score);
        solver.clear();
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let solution = solver.solve(&board, Mode::Exact);
        let wall = start.elapsed().as_secs_f64();
        let seconds = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => wall,
        };
        let moved = match solution.best_moves.first() {
            Some(Ply::Move(s)) => s.to_string(),
            Some(Ply::Pass) => "pass".to_owned(),
            None => "-".to_owned(),
        };
        let ok = solution.score == score && case.best.contains(&moved);
        total_nodes += solution.nodes;
        total_time += seconds;
        total_wall += wall;
        println!(
            "#{number} nodes {} cpu {seconds:.3} wall {wall:.3} score {:+} move {moved} {}",
            solution.nodes,
            solution.score,
            if ok { "ok" } else { "WRONG" }
        );
    }
    println!(
        "total nodes {total_nodes} cpu {total_time:.3} nodes/s {:.0} wall {total_wall:.3}",
        total_nodes as f64 / total_time.max(1e-9)
    );
}

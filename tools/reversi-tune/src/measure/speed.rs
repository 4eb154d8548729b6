//! The engine's speed and depth on four sample positions (the start and three midgame
//! positions): `search-speed` at given times, `depth` at a given depth.

use reversi_engine::Engine;

use super::{limits_depth, limits_ms, ply_name, sample_positions};
use crate::process::thread_cpu;

/// `search-speed`: for each time and sample position, a search from a new engine.
#[derive(clap::Args, Debug)]
pub struct SearchSpeedArgs {
    /// Milliseconds a search, one measurement each.
    #[arg(required = true)]
    ms: Vec<u64>,
}

/// `depth`: each sample position searched to one depth.
#[derive(clap::Args, Debug)]
pub struct DepthArgs {
    /// Plies.
    depth: u32,
    /// The engine's threads (`Engine::set_threads`): the time to depth is then the wall
    /// time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
}

/// Prints, for each time and sample position: depth reached, nodes, nodes per CPU
/// second, time taken, move and score.
pub fn search_speed(args: &SearchSpeedArgs) {
    let positions = sample_positions();
    for &ms in &args.ms {
        for (name, board) in &positions {
            let mut engine = Engine::new();
            engine.set_board(*board);
            let (r, cpu) = thread_cpu(|| engine.search(limits_ms(ms)));
            println!(
                "{ms} ms {name:>7} ({} empties): depth {:>2}{} nodes {:>9} nps(cpu) {:>9.0} time {:.3} s cpu {cpu:.3} s move {} score {:+.2}",
                board.empty_squares().len(),
                r.depth,
                if r.exact { " exact" } else { "" },
                r.nodes,
                r.nodes as f64 / cpu.max(1e-9),
                r.elapsed.as_secs_f64(),
                ply_name(r.best),
                r.score
            );
        }
    }
}

/// Fixed-depth searches of the sample positions from new engines: nodes, this thread's
/// CPU time and the wall time (to compare versions of the search at equal depth, or
/// thread counts by their time to depth).
pub fn depth(args: &DepthArgs) {
    let depth = args.depth;
    let (mut nodes, mut total_cpu, mut total_wall) = (0, 0.0, 0.0);
    for (name, board) in sample_positions() {
        let mut engine = Engine::new();
        engine.set_threads(args.threads as usize);
        engine.set_board(board);
        let (r, cpu) = thread_cpu(|| engine.search(limits_depth(depth)));
        let wall = r.elapsed.as_secs_f64();
        println!(
            "depth {depth} {name:>7}: nodes {:>9} cpu {cpu:.3} s wall {wall:.3} s move {} score {:+.2}",
            r.nodes,
            ply_name(r.best),
            r.score
        );
        nodes += r.nodes;
        total_cpu += cpu;
        total_wall += wall;
    }
    println!("depth {depth} total: nodes {nodes} cpu {total_cpu:.3} s wall {total_wall:.3} s");
}

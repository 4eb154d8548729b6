//! `eval-speed`: evaluations per second of this thread's CPU time of the pattern, the
//! hand-set and the mobility-only evaluations.

use std::time::Instant;

use reversi::Board;

use crate::process::thread_cpu;

/// `eval-speed`'s options.
#[derive(clap::Args, Debug)]
pub struct EvalSpeedArgs {
    /// Evaluations of each kind.
    #[arg(long, default_value_t = 10_000_000)]
    evaluations: u64,
}

/// 4,096 positions (side to move's discs, opponent's) of seeded random games, every stage.
fn positions() -> Vec<(u64, u64)> {
    let mut rng = fastrand::Rng::with_seed(42);
    let mut set = Vec::new();
    while set.len() < 4096 {
        let mut board = Board::START;
        while !board.is_game_over() {
            let moves: Vec<_> = board.legal_moves().iter().collect();
            board = match moves.len() {
                0 => board.pass().expect("a forced pass"),
                n => {
                    let next = board.play(moves[rng.usize(..n)]).expect("a legal move");
                    set.push((next.mover_bits(), next.opponent_bits()));
                    next
                }
            };
        }
    }
    set.truncate(4096);
    set
}

/// Prints, for each evaluation, its speed in millions a CPU second (a loaded machine
/// slows the wall clock but not that figure much).
pub fn run(args: &EvalSpeedArgs) {
    let set = positions();
    type Evaluation = fn(u64, u64) -> i32;
    let kinds: [(&str, Evaluation); 3] = [
        ("pattern (eval::evaluate)", reversi_engine::eval::evaluate),
        ("hand-set", reversi_engine::eval::hand_set),
        ("mobility only", reversi_engine::eval::mobility_only),
    ];
    for (name, f) in kinds {
        // The first call decodes the weights: not timed.
        let mut sum = i64::from(f(set[0].0, set[0].1));
        let wall = Instant::now();
        let (done, cpu) = thread_cpu(|| {
            let mut done = 0u64;
            while done < args.evaluations {
                for &(p, o) in &set {
                    sum += i64::from(f(std::hint::black_box(p), std::hint::black_box(o)));
                }
                done += set.len() as u64;
            }
            done
        });
        let wall = wall.elapsed().as_secs_f64();
        let cpu = if cpu > 0.0 { cpu } else { wall };
        println!(
            "{name:26} {done} evaluations: {:.2} M/s of CPU time ({cpu:.2} s CPU, {wall:.2} s wall; checksum {sum})",
            done as f64 / cpu / 1e6
        );
    }
}

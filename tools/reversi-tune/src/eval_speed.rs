//! `eval-speed`: evaluations per second of this thread's CPU time of the pattern, the
//! hand-set and the mobility-only evaluations, and of the pattern evaluation as the
//! midgame search makes it (indices kept move by move).

use std::time::Instant;

use reversi::{kernel, Board, Ply};
use reversi_engine::eval::pattern::Indices;
use reversi_engine::eval::MAX;

use crate::process::thread_cpu;

/// `eval-speed`'s options.
#[derive(clap::Args, Debug)]
pub struct EvalSpeedArgs {
    /// Evaluations of each kind.
    #[arg(long, default_value_t = 10_000_000)]
    evaluations: u64,
}

/// A position of a random game (side to move's discs, opponent's) and the move that led
/// to it: its parent's pattern indices, the square and the flipped discs.
struct Played {
    p: u64,
    o: u64,
    parent: Indices,
    square: u32,
    flipped: u64,
}

/// 4,096 positions of seeded random games, every stage, with their moves.
fn positions() -> Vec<Played> {
    let mut rng = fastrand::Rng::with_seed(42);
    let mut set = Vec::new();
    while set.len() < 4096 {
        let mut board = Board::START;
        while !board.is_game_over() {
            board = match reversi::random::ply(&mut rng, &board).expect("a game not over") {
                Ply::Move(square) => {
                    let next = board.play(square).expect("a legal move");
                    let (p, o) = (board.mover_bits(), board.opponent_bits());
                    set.push(Played {
                        p: next.mover_bits(),
                        o: next.opponent_bits(),
                        parent: Indices::of(p, o),
                        square: square.index() as u32,
                        flipped: kernel::flips(p, o, square.index() as u32),
                    });
                    next
                }
                pass => board.play_ply(pass).expect("a forced pass"),
            };
        }
    }
    set.truncate(4096);
    set
}

/// Prints, for each evaluation, its speed in millions a CPU second (a loaded machine
/// slows the wall clock but not that figure much).
pub fn run(args: &EvalSpeedArgs) {
    let played = positions();
    let set: Vec<(u64, u64)> = played.iter().map(|x| (x.p, x.o)).collect();
    type Evaluation = fn(u64, u64) -> i32;
    let kinds: [(&str, Evaluation); 3] = [
        ("pattern (eval::evaluate)", reversi_engine::eval::evaluate),
        ("hand-set", reversi_engine::eval::hand_set),
        ("mobility only", reversi_engine::eval::mobility_only),
    ];
    for (name, f) in kinds {
        // The first call decodes the weights: not timed.
        let first = f(set[0].0, set[0].1);
        measure(name, args.evaluations, set.len(), first, || {
            set.iter()
                .map(|&(p, o)| i64::from(f(std::hint::black_box(p), std::hint::black_box(o))))
                .sum()
        });
    }
    // As the midgame search evaluates a leaf: the parent's indices played forward, the
    // legal moves (which the search needs anyway to see the game is not over), the sum.
    let weights = reversi_engine::eval::builtin();
    // Started as the lines above are (their untimed first call), for the same checksum.
    let first = reversi_engine::eval::evaluate(set[0].0, set[0].1);
    measure(
        "pattern, indices kept",
        args.evaluations,
        played.len(),
        first,
        || {
            played
                .iter()
                .map(|x| {
                    let idx = std::hint::black_box(&x.parent).play(x.square, x.flipped);
                    let (p, o) = (std::hint::black_box(x.p), std::hint::black_box(x.o));
                    let (pm, om) = (kernel::moves(p, o), kernel::moves(o, p));
                    let v = weights.evaluate_indexed(&idx.mover, p, o, pm, om);
                    // Clamped as `eval::evaluate` is: the same checksum when the values agree.
                    i64::from(v.clamp(-MAX, MAX))
                })
                .sum()
        },
    );
}

/// Runs `pass` (one evaluation of each of `per_pass` positions, their sum) until
/// `evaluations` are done and prints the speed, the times and the checksum (`first`
/// plus every pass's sum).
fn measure(
    name: &str,
    evaluations: u64,
    per_pass: usize,
    first: i32,
    mut pass: impl FnMut() -> i64,
) {
    let mut sum = i64::from(first);
    let wall = Instant::now();
    let (done, cpu) = thread_cpu(|| {
        let mut done = 0u64;
        while done < evaluations {
            sum += pass();
            done += per_pass as u64;
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

//! `congo-tune`: the congo engine's evaluation weights from self-play (Texel tuning), and
//! its search speed.
//!
//! - `selfplay`: plays seeded games of the engine against itself at a fixed node count
//!   per move and writes quiet positions labelled with the game's result;
//! - `tune`: fits the weights to those labels (logistic regression of the result on the
//!   evaluation, Adam on the mean squared error) and writes `weights.rs`;
//! - `bench`: searches a fixed set of positions to a fixed depth and prints nodes and
//!   nodes per second.
//!
//! The recipe that made the committed weights is in this package's README.

use std::fs;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use congo::{Color, Position, Role, Rules, Status};
use congo_engine::eval::{evaluate_position, features};
use congo_engine::features::{kind_slot, FEATURES, KINDS, MATERIAL};
use congo_engine::{Engine, SearchLimits, BENCH_POSITIONS};

#[derive(Parser)]
#[command(about = "Tunes the congo engine's evaluation and measures its search speed")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Plays the engine against itself and writes labelled quiet positions (`FEN | result`,
    /// result 1, 0.5 or 0 for White).
    Selfplay {
        /// Games to play.
        #[arg(long, default_value_t = 2000)]
        games: u64,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Seed of the random openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies at the start of each game (from the course's and the standard start
        /// in turn).
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// Plies before the game is called a draw (the course's runner: 100).
        #[arg(long, default_value_t = 100)]
        max_plies: u32,
        /// Output file.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Fits the weights to positions from `selfplay` and writes them as Rust source.
    Tune {
        /// Data files from `selfplay`.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// Passes of the optimiser over the data.
        #[arg(long, default_value_t = 400)]
        epochs: u32,
        /// The optimiser's step, in centipawns.
        #[arg(long, default_value_t = 2.0)]
        rate: f64,
        /// The weights file to write.
        #[arg(short, long, default_value = "crates/congo-engine/src/weights.rs")]
        output: PathBuf,
    },
    /// Searches a fixed set of positions to a fixed depth: nodes and nodes per second.
    Bench {
        /// Depth of every search.
        #[arg(long, default_value_t = 8)]
        depth: u32,
    },
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Cmd::Selfplay {
            games,
            nodes,
            seed,
            plies,
            max_plies,
            output,
        } => selfplay(games, nodes, seed, plies, max_plies, &output),
        Cmd::Tune {
            data,
            epochs,
            rate,
            output,
        } => tune(&data, epochs, rate, &output),
        Cmd::Bench { depth } => bench(depth),
    }
}

/// Whether only lions are left: the evaluation scores such a position 0 whatever the
/// weights (a draw), so it has nothing to fit.
fn only_lions(pos: &Position) -> bool {
    Color::ALL
        .iter()
        .all(|&c| pos.occupied_by(c) == pos.pieces(c, Role::Lion))
}

fn selfplay(
    games: u64,
    nodes: u64,
    seed: u64,
    plies: u32,
    max_plies: u32,
    output: &PathBuf,
) -> Result<()> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = BufWriter::new(fs::File::create(output)?);
    let starts: [Position; 2] = [
        "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0".parse()?,
        Position::START,
    ];
    let mut engine = Engine::new(Rules::FULL);
    let limits = SearchLimits::nodes(nodes);
    let (mut written, mut decided) = (0u64, 0u64);
    let started = Instant::now();
    for game in 0..games {
        let start = random_opening(starts[(game % 2) as usize], plies, &mut rng);
        let (quiet, result) = play_game(&mut engine, start, limits, max_plies)?;
        if result != 0.5 {
            decided += 1;
        }
        for fen in quiet {
            writeln!(out, "{fen} | {result}")?;
            written += 1;
        }
        if (game + 1) % 50 == 0 {
            eprintln!(
                "{} games, {} decided, {} positions, {:.0} s",
                game + 1,
                decided,
                written,
                started.elapsed().as_secs_f64()
            );
        }
    }
    out.flush()?;
    eprintln!(
        "{games} games ({decided} decided), {written} positions written to {}",
        output.display()
    );
    Ok(())
}

/// `start` after `plies` random legal plies (fewer if one of them ends the game).
fn random_opening(start: Position, plies: u32, rng: &mut fastrand::Rng) -> Position {
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos = pos.play_unchecked(moves[rng.usize(..moves.len())], Rules::FULL);
    }
    pos
}

/// Plays the engine against itself from `start` for at most `max_plies` plies: the FENs
/// of the quiet positions from the fifth ply on, and the result for White (1, 0.5 or 0).
fn play_game(
    engine: &mut Engine,
    start: Position,
    limits: SearchLimits,
    max_plies: u32,
) -> Result<(Vec<String>, f64)> {
    engine.set_position(start);
    let mut quiet = Vec::new();
    for ply in 0..max_plies {
        let current = *engine.position();
        // A lion captured, no legal move (a loss), or two bare lions (a draw).
        match current.status() {
            Status::Won { winner, .. } => {
                return Ok((quiet, if winner == Color::White { 1.0 } else { 0.0 }))
            }
            Status::Drawn(_) => return Ok((quiet, 0.5)),
            Status::Ongoing => {}
        }
        let report = engine.search(limits)?;
        if ply >= 4 && engine.quiet_score() == evaluate_position(&current) {
            quiet.push(current.to_string());
        }
        engine.play(report.best_move)?;
    }
    Ok((quiet, 0.5))
}

/// One training position: its nonzero features (index, count) and its label.
struct Sample {
    features: Vec<(u16, f64)>,
    result: f64,
}

fn load(paths: &[PathBuf]) -> Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for path in paths {
        let file = fs::File::open(path).with_context(|| format!("{}", path.display()))?;
        for (i, line) in BufReader::new(file).lines().enumerate() {
            let line = line?;
            let (fen, result) = line
                .split_once(" | ")
                .with_context(|| format!("{}:{}: no ` | `", path.display(), i + 1))?;
            let pos: Position = fen.parse()?;
            if only_lions(&pos) {
                continue;
            }
            let f = features(&pos);
            samples.push(Sample {
                features: f
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c != 0)
                    .map(|(i, &c)| (i as u16, f64::from(c)))
                    .collect(),
                result: result.trim().parse()?,
            });
        }
    }
    if samples.is_empty() {
        bail!("no positions");
    }
    Ok(samples)
}

/// The material weight the fit starts from for `role` (the lion's is never used).
fn start_material(role: Role) -> f64 {
    match role {
        Role::Pawn => 100.0,
        Role::Superpawn => 280.0,
        Role::Giraffe => 250.0,
        Role::Monkey => 350.0,
        Role::Elephant => 300.0,
        Role::Lion => 0.0,
        Role::Crocodile => 400.0,
        Role::Zebra => 300.0,
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the predicted results with weights `w` and scale `k`.
fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e: f64 = s.features.iter().map(|&(i, c)| w[i as usize] * c).sum();
            (s.result - sigmoid(k * e)).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

fn tune(paths: &[PathBuf], epochs: u32, rate: f64, output: &PathBuf) -> Result<()> {
    let samples = load(paths)?;
    // The start: material only (the same whatever the weights compiled in, so the result
    // depends on the data alone).
    let mut w = vec![0.0; FEATURES];
    for (k, &role) in KINDS.iter().enumerate() {
        w[MATERIAL + k] = start_material(role);
    }
    // The scale: the k that fits the current weights best (a grid, then refined).
    let mut k = 0.0;
    let mut best = f64::MAX;
    for step in [1e-3, 1e-4] {
        let centre = if k == 0.0 { 0.005 } else { k };
        for j in -10..=10 {
            let kk = centre + f64::from(j) * step;
            if kk <= 0.0 {
                continue;
            }
            let e = error(&samples, &w, kk);
            if e < best {
                best = e;
                k = kk;
            }
        }
    }
    eprintln!("{} positions, k = {k:.5}, error {best:.6}", samples.len());
    // Adam on the mean squared error; the lion's material weight is never used.
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; FEATURES];
    let mut v = vec![0.0; FEATURES];
    let n = samples.len() as f64;
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; FEATURES];
        for s in &samples {
            let e: f64 = s.features.iter().map(|&(i, c)| w[i as usize] * c).sum();
            let p = sigmoid(k * e);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k / n;
            for &(i, c) in &s.features {
                grad[i as usize] += g * c;
            }
        }
        for i in 0..FEATURES {
            if i == MATERIAL + kind_slot(Role::Lion) {
                continue;
            }
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: error {:.6}", error(&samples, &w, k));
        }
    }
    write_weights(&w, output)?;
    eprintln!("weights written to {}", output.display());
    Ok(())
}

/// Writes the weights `w` (rounded) as the engine's `weights.rs` (then `cargo fmt`).
fn write_weights(w: &[f64], output: &PathBuf) -> Result<()> {
    let mut text = String::from(
        "//! The evaluation's weights, in centipawns, by feature (the layout: [`super::features`]).\n\
         //! Written by `congo-tune tune` (the recipe: tools/congo-tune/README.md).\n\n\
         use super::features::Weights;\n\n\
         /// The weight of each feature.\n\
         pub(crate) const WEIGHTS: Weights = Weights([\n",
    );
    for row in w.chunks(14) {
        let row: Vec<String> = row
            .iter()
            .map(|x| format!("{}", x.round() as i32))
            .collect();
        text.push_str(&format!("    {},\n", row.join(", ")));
    }
    text.push_str("]);\n");
    fs::write(output, text)?;
    Ok(())
}

fn bench(depth: u32) -> Result<()> {
    let mut total_nodes = 0;
    let started = Instant::now();
    for fen in BENCH_POSITIONS {
        let mut engine = Engine::new(Rules::FULL);
        engine.set_position(fen.parse()?);
        let t = Instant::now();
        let report = engine.search(SearchLimits::depth(depth))?;
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{fen}: depth {} score {} move {} nodes {} nps {:.0}",
            report.depth,
            report.score,
            report.best_move,
            report.nodes,
            report.nodes as f64 / secs
        );
        total_nodes += report.nodes;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "total: {} positions, depth {depth}, nodes {total_nodes}, time {secs:.3} s, nps {:.0}",
        BENCH_POSITIONS.len(),
        total_nodes as f64 / secs
    );
    Ok(())
}

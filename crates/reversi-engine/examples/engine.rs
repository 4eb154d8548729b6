//! Measures the engine from outside: the depth reached and the speed at given times, and
//! whether its moves are perfect on positions with known exact scores.
//!
//! ```text
//! cargo run --release -p reversi-engine --example engine -- speed 100 1000
//! cargo run --release -p reversi-engine --example engine -- ffo crates/reversi-engine/tests/data/ffo-40-59.txt 40 44 1000
//! ```
//!
//! `speed MS...`: for the start and three midgame positions (after 10, 20 and 30 plies of
//! a depth-4 self-play game from the start), a search of each time: depth, nodes, nodes
//! per second, time taken, move, score. `ffo FILE FIRST LAST MS`: each FFO line (`BOARD
//! SIDE SCORE BEST ALL`) searched for MS milliseconds from a new game: whether the move
//! played keeps the exact score (ALL gives every move's score), and the time taken.
//! With THREADS after MS (`ffo FILE FIRST LAST MS THREADS`), the engines' solvers run
//! on THREADS threads (default 1); the summary also counts the searches that ended in a
//! complete exact solve. `depth D`: the same positions searched to depth D: nodes and CPU time.
//! `positions GAMES FROM`: the positions `endgame` starts from, as OBF lines. `hard GAMES
//! FROM NODES`: those of them whose exact solve takes NODES nodes or more, as FFO lines
//! with every move's exact score (for `ffo`; progress on standard error).
//!
//! `endgame GAMES MS FROM CHECK [THREADS]`: games from seeded random openings played at
//! MS a move from FROM empties (the engines' solvers on THREADS threads, default 1),
//! each move at CHECK empties or fewer checked against a one-thread solver.

use std::time::Duration;

use reversi::{Board, Ply};
use reversi_engine::{Engine, SearchLimits};

mod common;

/// This thread's CPU time in seconds, 0 if unreadable.
fn cpu_seconds() -> f64 {
    common::cpu_seconds().unwrap_or(0.0)
}

fn limits_ms(ms: u64) -> SearchLimits {
    SearchLimits {
        time: Some(Duration::from_millis(ms)),
        ..SearchLimits::default()
    }
}

fn play(board: &Board, ply: Ply) -> Board {
    match ply {
        Ply::Move(square) => board.play(square).expect("a legal move"),
        Ply::Pass => board.pass().expect("a legal pass"),
    }
}

/// The start and the positions after 10, 20 and 30 plies of a depth-4 self-play game.
fn positions() -> Vec<(String, Board)> {
    let mut positions = vec![("start".to_owned(), Board::START)];
    let mut engine = Engine::new();
    let mut board = Board::START;
    for ply in 1..=30 {
        engine.set_board(board);
        let report = engine.search(SearchLimits {
            depth: Some(4),
            ..SearchLimits::default()
        });
        board = play(&board, report.best.expect("a move"));
        if ply % 10 == 0 {
            positions.push((format!("ply {ply}"), board));
        }
    }
    positions
}

/// Fixed-depth searches of [`positions`] from new engines: nodes and CPU time (to compare
/// versions of the search at equal depth).
fn depth(depth: u32) {
    let (mut nodes, mut cpu) = (0, 0.0);
    for (name, board) in positions() {
        let mut engine = Engine::new();
        engine.set_board(board);
        let c = cpu_seconds();
        let r = engine.search(SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        });
        let c = cpu_seconds() - c;
        println!(
            "depth {depth} {name:>7}: nodes {:>9} cpu {c:.3} s move {} score {:+.2}",
            r.nodes,
            r.best.map_or("none".to_owned(), |p| p.to_string()),
            r.score
        );
        nodes += r.nodes;
        cpu += c;
    }
    println!("depth {depth} total: nodes {nodes} cpu {cpu:.3} s");
}

fn speed(times: &[u64]) {
    let positions = positions();
    for &ms in times {
        for (name, board) in &positions {
            let mut engine = Engine::new();
            engine.set_board(*board);
            let cpu = cpu_seconds();
            let r = engine.search(limits_ms(ms));
            let cpu = cpu_seconds() - cpu;
            let s = r.elapsed.as_secs_f64();
            println!(
                "{ms} ms {name:>7} ({} empties): depth {:>2}{} nodes {:>9} nps(cpu) {:>9.0} time {:.3} s cpu {:.3} s move {} score {:+.2}",
                board.empty_squares().len(),
                r.depth,
                if r.exact { " exact" } else { "" },
                r.nodes,
                r.nodes as f64 / cpu.max(1e-9),
                s,
                cpu,
                r.best.map_or("none".to_owned(), |p| p.to_string()),
                r.score
            );
        }
    }
}

fn ffo(path: &str, first: usize, last: usize, ms: u64, threads: usize) {
    let (mut perfect, mut total, mut worst) = (0, 0, Duration::ZERO);
    let mut exact = 0;
    for case in common::ffo_lines(path, first, last) {
        let (number, board, score) = (case.number, case.board, case.score);
        let mut engine = Engine::new();
        engine.set_threads(threads);
        engine.set_board(board);
        let cpu = cpu_seconds();
        let r = engine.search(limits_ms(ms));
        let cpu = cpu_seconds() - cpu;
        let best = r.best.expect("a move").to_string();
        let got = case
            .all
            .split(',')
            .find_map(|ms| {
                let (m, s) = ms.split_once(':')?;
                (m == best).then(|| s.parse::<i32>().ok()).flatten()
            })
            .expect("the move in ALL");
        total += 1;
        perfect += usize::from(got == score);
        exact += usize::from(r.exact);
        worst = worst.max(r.elapsed);
        println!(
            "#{number} ({} empties): {best} {got:+} (best {score:+}) {} exact {} depth {} nodes {} time {:.3} s cpu {cpu:.3} s",
            board.empty_squares().len(),
            if got == score { "perfect" } else { "NOT perfect" },
            r.exact,
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64()
        );
    }
    println!(
        "{perfect}/{total} perfect at {ms} ms on {threads} thread(s), {exact} solved exactly, longest search {:.3} s",
        worst.as_secs_f64()
    );
}

/// A game from the start to `to` empties (or its end): random moves while more than 52
/// squares are empty (an 8-ply opening), then `filler`'s moves at `depth`.
fn self_play(rng: &mut fastrand::Rng, filler: &mut Engine, to: u32, depth: u32) -> Board {
    let mut board = Board::START;
    while board.empty_squares().len() > to && !board.is_game_over() {
        let ply = if board.empty_squares().len() > 52 {
            let moves: Vec<_> = board.legal_moves().iter().collect();
            if moves.is_empty() {
                Ply::Pass
            } else {
                Ply::Move(moves[rng.usize(..moves.len())])
            }
        } else {
            filler.set_board(board);
            filler
                .search(SearchLimits {
                    depth: Some(depth),
                    ..SearchLimits::default()
                })
                .best
                .expect("a move")
        };
        board = play(&board, ply);
    }
    board
}

/// The position game `game` of `endgame` starts from: its seeded random 8-ply opening,
/// then depth-6 self-play to `from` empties.
fn start_position(game: u64, from: u32) -> Board {
    let mut rng = fastrand::Rng::with_seed(game);
    self_play(&mut rng, &mut Engine::new(), from, 6)
}

/// Plays `games` games from seeded random 8-ply openings, depth-6 self-play to `from`
/// empties, then two engines (one a side, tables kept as in a match) at `ms` a move to
/// the end: every move at `check` empties or fewer checked against the solver's best
/// moves.
fn endgame(games: u64, ms: u64, from: u32, check: u32, threads: usize) {
    let (mut perfect, mut total, mut worst) = (0, 0, Duration::ZERO);
    let mut checker = reversi_engine::Solver::default();
    checker.all_best_moves(true);
    for game in 0..games {
        let mut board = start_position(game, from);
        let mut engines = [Engine::new(), Engine::new()];
        for engine in &mut engines {
            engine.set_threads(threads);
        }
        while !board.is_game_over() {
            let engine = &mut engines[board.side_to_move() as usize];
            engine.set_board(board);
            let cpu = cpu_seconds();
            let r = engine.search(limits_ms(ms));
            let cpu = cpu_seconds() - cpu;
            let ply = r.best.expect("a move");
            let empties = board.empty_squares().len();
            if empties <= check && ply != Ply::Pass {
                let solution = checker.solve(&board, reversi_engine::Mode::Exact);
                let ok = solution.best_moves.contains(&ply);
                total += 1;
                perfect += usize::from(ok);
                worst = worst.max(r.elapsed);
                println!(
                    "game {game} {empties} empties: {ply} {} (exact score {:+}, engine {:+} exact {}) time {:.3} s cpu {cpu:.3} s",
                    if ok { "perfect" } else { "NOT perfect" },
                    solution.score,
                    r.score,
                    r.exact,
                    r.elapsed.as_secs_f64()
                );
            }
            board = play(&board, ply);
        }
    }
    println!(
        "{perfect}/{total} perfect at {ms} ms, longest search {:.3} s",
        worst.as_secs_f64()
    );
}

/// Prints the positions `endgame` starts its games from (games `0..games`, `from`
/// empties) as OBF lines, one a line, to time the solver on exactly those.
fn start_positions(games: u64, from: u32) {
    for game in 0..games {
        let board = start_position(game, from);
        println!("{}", board.to_obf());
    }
}

/// The hard ones among the positions of `start_positions(games, from)`: those whose exact
/// solve (one thread, a new 64 MiB table each, no limits) takes at least `nodes` nodes (a
/// count that does not depend on the machine), as FFO lines `BOARD SIDE SCORE BEST ALL`
/// numbered from 40 (BEST every best move, ALL every move's exact score), for `ffo` to
/// measure the engine where its solver is slowest.
fn hard(games: u64, from: u32, nodes: u64) {
    let mut solver = reversi_engine::Solver::default();
    let mut kept = 0;
    for game in 0..games {
        let board = start_position(game, from);
        if board.is_game_over() {
            continue;
        }
        solver.clear();
        let solution = solver.solve(&board, reversi_engine::Mode::Exact);
        if solution.nodes < nodes {
            continue;
        }
        // A side that must pass: the line is the position after the pass.
        let board = board.pass().unwrap_or(board);
        let all = solver.move_scores(&board).expect("no limits set");
        let score = all.iter().map(|&(_, s)| s).max().expect("a move");
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
}

/// Deep against shallow search values (for ProbCut's regression): `count` positions
/// from seeded random 8-ply openings and depth-4 self-play, sampled at 20 to 50 empties;
/// for each depth `d` from 3 to `max`, the fit `v(d) = a + b v(s)` with `s` the shallow
/// depth ProbCut would use, and the residuals' standard deviation (discs).
fn fit(count: u64, max: u32) {
    let shallow = |d: u32| (d / 4) * 2;
    let mut boards = Vec::new();
    for seed in 0..count {
        let mut rng = fastrand::Rng::with_seed(1000 + seed);
        let target = 20 + rng.u32(0..=30);
        let board = self_play(&mut rng, &mut Engine::with_table_bytes(1 << 20), target, 4);
        if !board.is_game_over() && !board.must_pass() {
            boards.push(board);
        }
    }
    for d in 4..=max {
        let s = shallow(d);
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for board in &boards {
            let mut engine = Engine::with_table_bytes(1 << 22);
            engine.set_board(*board);
            let v = |engine: &mut Engine, depth| {
                engine.new_game();
                engine.set_board(*board);
                engine
                    .search(SearchLimits {
                        depth: Some(depth),
                        ..SearchLimits::default()
                    })
                    .score
            };
            let x = if s == 0 {
                v(&mut engine, 1)
            } else {
                v(&mut engine, s)
            };
            xs.push(x);
            ys.push(v(&mut engine, d));
        }
        let n = xs.len() as f64;
        let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
        let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
        let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
        let b = sxy / sxx;
        let a = my - b * mx;
        let var: f64 = xs
            .iter()
            .zip(&ys)
            .map(|(x, y)| (y - a - b * x).powi(2))
            .sum::<f64>()
            / n;
        println!(
            "depth {d} from {s}: v = {a:+.3} + {b:.3} x, sigma {:.3} discs ({} positions)",
            var.sqrt(),
            xs.len()
        );
    }
}

/// Self-play of ProbCut on (A) against off (B) at `nodes` nodes a move: `pairs` seeded
/// random 8-ply openings, each played twice with colours swapped. Prints A's wins,
/// draws, losses and mean final disc difference.
fn selfplay(pairs: u64, nodes: u64) {
    let (mut w, mut d, mut l, mut discs) = (0, 0, 0, 0i64);
    for seed in 0..pairs {
        let mut rng = fastrand::Rng::with_seed(5000 + seed);
        let mut opening = Board::START;
        for _ in 0..8 {
            let moves: Vec<_> = opening.legal_moves().iter().collect();
            opening = play(&opening, Ply::Move(moves[rng.usize(..moves.len())]));
        }
        for a_colour in reversi::Color::ALL {
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
                board = play(&board, r.best.expect("a move"));
            }
            let counts = board.disc_counts();
            let diff = i64::from(counts.black) - i64::from(counts.white);
            let diff = if a_colour == reversi::Color::Black {
                diff
            } else {
                -diff
            };
            discs += diff;
            match diff.cmp(&0) {
                std::cmp::Ordering::Greater => w += 1,
                std::cmp::Ordering::Equal => d += 1,
                std::cmp::Ordering::Less => l += 1,
            }
        }
    }
    let games = 2 * pairs;
    println!(
        "ProbCut on vs off at {nodes} nodes a move, {games} games: +{w} ={d} -{l}, score {:.1}%, mean disc difference {:+.2}",
        100.0 * (w as f64 + d as f64 / 2.0) / games as f64,
        discs as f64 / games as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("speed") => {
            let times: Vec<u64> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
            speed(&times);
        }
        Some("ffo") if args.len() == 5 || args.len() == 6 => {
            let n = |i: usize| args[i].parse::<usize>().expect("a number");
            let threads = if args.len() == 6 { n(5) } else { 1 };
            ffo(&args[1], n(2), n(3), n(4) as u64, threads);
        }
        Some("selfplay") if args.len() == 3 => selfplay(args[1].parse().expect("a count"), args[2].parse().expect("nodes")),
        Some("fit") if args.len() == 3 => fit(args[1].parse().expect("a count"), args[2].parse().expect("a depth")),
        Some("depth") if args.len() == 2 => depth(args[1].parse().expect("a depth")),
        Some("hard") if args.len() == 4 => hard(
            args[1].parse().expect("a count"),
            args[2].parse().expect("empties"),
            args[3].parse().expect("nodes"),
        ),
        Some("positions") if args.len() == 3 => {
            start_positions(args[1].parse().expect("a count"), args[2].parse().expect("empties"));
        }
        Some("endgame") if args.len() == 5 || args.len() == 6 => {
            let n = |i: usize| args[i].parse::<u64>().expect("a number");
            let threads = if args.len() == 6 { n(5) as usize } else { 1 };
            endgame(n(1), n(2), n(3) as u32, n(4) as u32, threads);
        }
        _ => eprintln!(
            "usage: engine speed MS... | engine depth D | engine ffo FILE FIRST LAST MS | engine endgame GAMES MS FROM CHECK [THREADS] | engine positions GAMES FROM"
        ),
    }
}

//! `reversi-engine-bench`: measurements of a Reversi engine program taken from outside,
//! over its protocol (the wire format of `reversi-protocol`, as `reversi-match` speaks
//! it). Each engine is a shell command, as `reversi-match`'s `--engine1`; it is given
//! `--no-book` when its `--help` lists that option (reversi-engine plays from its built-in
//! opening book by default), so that its searches are what is measured.
//!
//! - `ping ENGINE [TRIES [COMMAND]]` (20, `go`): NBoard. Sends `nboard 2`,
//!   `set depth 30` and COMMAND (`go`, or e.g. `"hint 10"`), waits 0.5 s, sends `ping 7`
//!   and measures the time until `pong 7` arrives (the protocol wants the search's own
//!   answer first). Prints the median and the largest wait of TRIES tries.
//! - `time-use ENGINE SECONDS GAMES`: GTP. Game k opens with 8 random legal plies
//!   (`reversi::random`, seeded by k), then the engine plays both sides with
//!   `time_settings 0 SECONDS 1` and `genmove` until 20 empties are left; each answer
//!   that is a move is timed from the request to the answer. Prints the number of moves
//!   and the mean, median, least and greatest share of SECONDS they took.
//! - `same-games OLD NEW [NODES [GAMES [SEED]]]` (20000, 30, 7): GTP. Whether two builds
//!   play the same games at a fixed node budget: each of GAMES random openings (the first
//!   8 plies of `reversi-records generate --seed SEED`'s games) is played out by each
//!   build against itself (`--nodes NODES`, `genmove` for both sides, 60 times), and the
//!   answers compared game by game. Exits 1 when a game differs.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use match_core::engine::Engine;
use reversi::{Board, Ply};
use reversi_protocol::gtp::{self, Command as GtpCommand};
use reversi_protocol::nboard::{self, Command as NboardCommand, Reply};

/// Measurements of a Reversi engine program taken from outside, over GTP or NBoard.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Bench,
}

#[derive(Subcommand)]
enum Bench {
    /// NBoard: how fast `ping 7`, sent 0.5 s into a search, is answered.
    Ping {
        /// The engine's command.
        engine: String,
        /// How many tries.
        #[arg(default_value_t = 20)]
        tries: u32,
        /// The search command (`go`, `hint 10`).
        #[arg(default_value = "go")]
        command: String,
    },
    /// GTP: the share of a time a move the engine uses in the midgame.
    TimeUse {
        /// The engine's command.
        engine: String,
        /// Seconds a move.
        seconds: f64,
        /// How many games.
        games: u64,
    },
    /// GTP: whether two builds play the same games at a fixed node budget.
    SameGames {
        /// The old build's command.
        old: String,
        /// The new build's command.
        new: String,
        /// Nodes a move.
        #[arg(default_value_t = 20_000)]
        nodes: u64,
        /// How many games.
        #[arg(default_value_t = 30)]
        games: usize,
        /// The openings' seed.
        #[arg(default_value_t = 7)]
        seed: u64,
    },
}

/// The longest wait for any answer.
const WAIT: Duration = Duration::from_secs(60);

/// `engine` with `--no-book` when its `--help` lists it, then `flags`.
fn command_line(engine: &str, flags: &str) -> String {
    let help = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("{engine} --help"))
        .stdin(std::process::Stdio::null())
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default();
    let no_book = if help.contains("--no-book") {
        " --no-book"
    } else {
        ""
    };
    format!("{engine}{no_book} {flags}")
}

/// Starts `command`.
fn spawn(command: &str) -> Result<Engine> {
    Engine::spawn(command, None, "reversi-engine-bench")
        .map_err(|e| anyhow::anyhow!("{command}: {e}"))
}

/// A GTP command's success text (a refusal or a malformed line is an error).
fn ask(engine: &mut Engine, command: &GtpCommand) -> Result<(String, Duration)> {
    let (line, took) = engine
        .request(format!("{command}\n"), WAIT)
        .map_err(|e| anyhow::anyhow!("{command}: {e}"))?;
    match line.parse::<gtp::Response>() {
        Ok(gtp::Response {
            result: Ok(text), ..
        }) => Ok((text, took)),
        _ => bail!("{command}: answered {line:?}"),
    }
}

/// A GTP `genmove` for the side to move on `board`: the answer, the time it took and
/// the board after it.
fn genmove(engine: &mut Engine, board: &Board) -> Result<(Ply, Duration, Board)> {
    let command = GtpCommand::Genmove(board.side_to_move());
    let (text, took) = ask(engine, &command)?;
    let ply = match text.parse::<gtp::Move>() {
        Ok(gtp::Move::Ply(ply)) => ply,
        _ => bail!("{command}: answered {text:?}"),
    };
    // On a finished game an engine answers `pass` (reversi-engine does): the board stays.
    let after = if board.is_game_over() && ply == Ply::Pass {
        *board
    } else {
        board
            .play_ply(ply)
            .with_context(|| format!("{command}: {ply}"))?
    };
    Ok((ply, took, after))
}

/// Tells the engine `plies` from the start; the board after them.
fn play_opening(engine: &mut Engine, plies: &[Ply]) -> Result<Board> {
    let mut board = Board::START;
    for &ply in plies {
        ask(engine, &GtpCommand::Play(board.side_to_move(), ply))?;
        board = board.play_ply(ply)?;
    }
    Ok(board)
}

fn ping(engine: &str, tries: u32, search: &str) -> Result<()> {
    let command = command_line(engine, "--nboard");
    let mut waits = Vec::new();
    for _ in 0..tries {
        let mut engine = spawn(&command)?;
        engine.send(format!("{}\n", NboardCommand::Nboard(2)));
        engine.send(format!("{}\n", NboardCommand::SetDepth(30)));
        engine.send(format!("{search}\n"));
        std::thread::sleep(Duration::from_millis(500));
        let pong = |line: &str| line.parse::<Reply>() == Ok(Reply::Pong(7));
        let (line, took) = engine
            .request_skipping(
                format!("{}\n", NboardCommand::Ping(7)),
                Duration::from_secs(30),
                &|line| !pong(line) && (nboard::is_information(line) || line.starts_with("===")),
            )
            .map_err(|e| anyhow::anyhow!("no pong: {e}"))?;
        if !pong(&line) {
            bail!("answered {line:?} to ping 7");
        }
        waits.push(took.as_secs_f64() * 1000.0);
        engine.send(format!("{}\n", NboardCommand::Quit));
        engine.kill();
    }
    waits.sort_by(f64::total_cmp);
    let median = waits.get(waits.len() / 2).copied().unwrap_or(0.0);
    let most = waits.last().copied().unwrap_or(0.0);
    println!("{search}: pong after a median {median:.1} ms, at most {most:.1} ms, {tries} tries");
    Ok(())
}

fn time_use(engine: &str, seconds: f64, games: u64) -> Result<()> {
    let command = command_line(engine, "--gtp");
    let mut shares = Vec::new();
    for game in 0..games {
        let mut engine = spawn(&command)?;
        let opening = reversi::random::plies(&mut fastrand::Rng::with_seed(game), &Board::START, 8);
        let mut board = play_opening(&mut engine, &opening)?;
        let settings = GtpCommand::TimeSettings {
            main: 0.0,
            byo_yomi: seconds,
            stones: 1,
        };
        ask(&mut engine, &settings)?;
        while board.empty_squares().len() > 20 && !board.is_game_over() {
            let (ply, took, after) = genmove(&mut engine, &board)?;
            if ply != Ply::Pass {
                shares.push(took.as_secs_f64() / seconds);
            }
            board = after;
        }
        let _ = ask(&mut engine, &GtpCommand::Quit);
        engine.kill();
    }
    shares.sort_by(f64::total_cmp);
    let (Some(least), Some(most)) = (shares.first(), shares.last()) else {
        bail!("no midgame move");
    };
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    let median = shares[shares.len() / 2];
    println!(
        "{engine} {seconds} s: {} midgame moves, mean {:.1}% of the time, median {:.1}%, \
         least {:.1}%, most {:.1}%",
        shares.len(),
        100.0 * mean,
        100.0 * median,
        100.0 * least,
        100.0 * most
    );
    Ok(())
}

/// The answers of `engine` (a command) playing out `opening` against itself.
fn play_out(engine: &str, opening: &[Ply]) -> Result<Vec<Ply>> {
    let mut engine = spawn(engine)?;
    let mut board = play_opening(&mut engine, opening)?;
    let mut answers = Vec::new();
    for _ in 0..60 {
        let (ply, _, after) = genmove(&mut engine, &board)?;
        answers.push(ply);
        board = after;
    }
    let _ = ask(&mut engine, &GtpCommand::Quit);
    engine.kill();
    Ok(answers)
}

fn same_games(old: &str, new: &str, nodes: u64, games: usize, seed: u64) -> Result<bool> {
    let flags = format!("--gtp --nodes {nodes}");
    let (old, new) = (command_line(old, &flags), command_line(new, &flags));
    // The openings of `reversi-records generate --seed SEED`: one random game after
    // another from one generator, each cut to its first 8 plies.
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut differ = 0;
    for game in 0..games {
        let opening: Vec<Ply> = reversi::random::game(&mut rng, &Board::START)
            .into_iter()
            .take(8)
            .collect();
        if play_out(&old, &opening)? != play_out(&new, &opening)? {
            differ += 1;
            println!("game {game} differs");
        }
    }
    println!(
        "{} of {games} games the same at {nodes} nodes a move",
        games - differ
    );
    Ok(differ == 0)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Bench::Ping {
            engine,
            tries,
            command,
        } => ping(&engine, tries, &command).map(|()| true),
        Bench::TimeUse {
            engine,
            seconds,
            games,
        } => time_use(&engine, seconds, games).map(|()| true),
        Bench::SameGames {
            old,
            new,
            nodes,
            games,
            seed,
        } => same_games(&old, &new, nodes, games, seed),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("reversi-engine-bench: {error:#}");
            ExitCode::from(2)
        }
    }
}

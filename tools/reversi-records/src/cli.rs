//! The command line: one subcommand a task, the inputs and filters they share.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use reversi::record::Format;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "reversi-records",
    about = "Reversi game records: converts between WTHOR, GGF and transcripts, filters, opening statistics, theoretical-score check"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Writes the games that pass the filters in another format.
    Convert(ConvertArgs),
    /// Games reaching an opening, and each reply's count and score.
    Stats(StatsArgs),
    /// Each WTHOR game's theoretical score against the exact solver's.
    Check(CheckArgs),
    /// Reads the games and counts them and their moves (the reading speed).
    Count(CountArgs),
    /// Writes a WTHOR file of seeded random legal games.
    Generate(GenerateArgs),
}

/// The input files and how to read them.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The inputs' kind; by default each file's extension (`.wtb`, `.ggf`, `.txt`) or,
    /// without one of these, its first bytes tell.
    #[arg(long)]
    pub from: Option<Kind>,
    /// WTHOR player names (`WTHOR.JOU`), to name the players of WTHOR games.
    #[arg(long)]
    pub players: Option<PathBuf>,
    /// WTHOR tournament names (`WTHOR.TRN`).
    #[arg(long)]
    pub tournaments: Option<PathBuf>,
}

/// A kind of game file (`--from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// A WTHOR game file (`.wtb`).
    Wthor,
    /// GGF games (`.ggf`).
    Ggf,
    /// One transcript a line (`f5d6c3...`); blank lines and lines starting with `#` are
    /// skipped.
    Transcript,
}

impl From<Kind> for Format {
    fn from(kind: Kind) -> Format {
        match kind {
            Kind::Wthor => Format::Wthor,
            Kind::Ggf => Format::Ggf,
            Kind::Transcript => Format::Transcripts,
        }
    }
}

/// Which games to keep.
#[derive(Args, Debug, Clone, Default)]
pub struct FilterArgs {
    /// Keep the games where Black's or White's name contains this (case-insensitive;
    /// WTHOR games need `--players`).
    #[arg(long)]
    pub player: Option<String>,
    /// Keep the games of this year.
    #[arg(long)]
    pub year: Option<u16>,
    /// Keep the games that open with these moves in any of the 8 orientations
    /// (`f5d6c3`; see the README).
    #[arg(long)]
    pub opening: Option<String>,
}

/// The output formats of `convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputKind {
    /// A WTHOR game file.
    Wthor,
    /// GGF games, one a line.
    Ggf,
    /// Transcripts, one a line.
    Transcript,
    /// JSON lines, one object a game.
    Json,
}

/// `convert`'s options.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// The filters.
    #[command(flatten)]
    pub filter: FilterArgs,
    /// The output format.
    #[arg(long)]
    pub to: OutputKind,
    /// The output file (standard output by default).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// WTHOR output: the year of the header (by default the first game's year, else 0).
    #[arg(long)]
    pub wthor_year: Option<u16>,
}

/// `stats`' options.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// The filters.
    #[command(flatten)]
    pub filter: FilterArgs,
    /// JSON (one object) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `check`'s options.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// The filters.
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Solve from this many empty squares (by default each file's depth P3). The
    /// record's theoretical score is only meant for its file's depth.
    #[arg(long)]
    pub empties: Option<u8>,
    /// Check at most this many games.
    #[arg(long)]
    pub limit: Option<u64>,
    /// The solver's table, in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub table_mib: u32,
    /// JSON lines instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `count`'s options.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// The inputs.
    #[command(flatten)]
    pub input: InputArgs,
}

/// `generate`'s options.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Games to write.
    #[arg(long)]
    pub games: u32,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The year written in the header.
    #[arg(long, default_value_t = 2000)]
    pub year: u16,
    /// The output file.
    #[arg(short, long)]
    pub output: PathBuf,
}

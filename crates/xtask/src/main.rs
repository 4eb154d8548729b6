//! `cargo xtask`: project tasks. See the crate's README.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use xtask::{check, Workspace};

/// Project tasks for the board-judges workspace.
#[derive(Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    /// The workspace's root Cargo.toml (default: found from the current folder).
    #[arg(long, global = true)]
    manifest_path: Option<PathBuf>,
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Print the single-file source of the judge program NAME (for `rustc -O main.rs`).
    Bundle {
        /// The binary's name, as in the root Cargo.toml's [[bin]] entries.
        name: String,
    },
    /// Bundle every judge program, compile it with plain rustc and compare it with the
    /// workspace binary on every case file.
    CheckBundles {
        /// Judge programs checked at once.
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// The cargo profile for the workspace binaries (`test` is what `cargo test`
        /// builds: the dev profile with the workspace's optimisation level).
        #[arg(long, default_value = "test")]
        profile: String,
        /// Longest run of one program on one case file, in seconds.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let ws = Workspace::load(cli.manifest_path.as_deref())?;
    match cli.task {
        Task::Bundle { name } => {
            let text = xtask::bundle(&ws, &name)?;
            std::io::stdout().lock().write_all(text.as_bytes())?;
        }
        Task::CheckBundles {
            jobs,
            profile,
            timeout,
        } => {
            let options = check::Options {
                jobs,
                profile,
                timeout: Duration::from_secs(timeout),
                target_dir: None,
            };
            check::check_bundles(&ws, &options)?;
        }
    }
    Ok(())
}

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
    /// Print the single-file source of the judge program NAME (for `rustc -O main.rs`),
    /// saying on standard error what it is doing.
    Bundle {
        /// The binary's name, as in the root Cargo.toml's [[bin]] entries.
        name: String,
        /// Write the file to PATH (its folder is made if missing) instead of standard
        /// output.
        #[arg(short, long, value_name = "PATH")]
        output: Option<PathBuf>,
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
        /// The old compiler every file must also compile with (Debian 12's rustc 1.63
        /// lands in /usr/bin/rustc with `apt-get install rustc`).
        #[arg(long, value_name = "PATH", default_value = xtask::compilers::DEBIAN_RUSTC)]
        old_rustc: PathBuf,
    },
    /// Check that every workspace package's `rust-version` is at least that of each
    /// package it needs to build (normal and build dependencies, transitively, as locked).
    CheckMsrv,
    /// Check that no crate of the workspace has a module loop (two modules that use each
    /// other, directly or through others), naming each loop with where its references are.
    CheckModules,
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
        Task::Bundle { name, output } => {
            let mut progress = |step: &str| eprintln!("bundle {name}: {step}");
            let text = xtask::bundle_with_progress(&ws, &name, &mut progress)?;
            match output {
                Some(path) => {
                    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                        std::fs::create_dir_all(dir)?;
                    }
                    std::fs::write(&path, &text)?;
                    eprintln!("bundle {name}: wrote {}", path.display());
                }
                None => std::io::stdout().lock().write_all(text.as_bytes())?,
            }
            eprintln!("bundle {name}: {}", check::describe_size(text.len()));
        }
        Task::CheckBundles {
            jobs,
            profile,
            timeout,
            old_rustc,
        } => {
            let options = check::Options {
                jobs,
                profile,
                timeout: Duration::from_secs(timeout),
                target_dir: None,
                old_rustc,
            };
            check::check_bundles(&ws, &options)?;
        }
        Task::CheckMsrv => xtask::msrv::check(&ws)?,
        Task::CheckModules => {
            let cycles = xtask::modules::check(&ws.root)?;
            for cycle in &cycles {
                eprintln!("{cycle}");
            }
            match cycles.len() {
                0 => eprintln!("check-modules: no module loop"),
                n => anyhow::bail!("{n} module loop(s)"),
            }
        }
    }
    Ok(())
}

//! `reversi-records`: converts Reversi game records between WTHOR, GGF and transcripts,
//! filters them, prints opening statistics and checks WTHOR theoretical scores (see the
//! package's README).

use std::process::ExitCode;

use clap::Parser;
use reversi_records::cli::{Cli, Command};
use reversi_records::commands;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Convert(args) => commands::convert(args),
        Command::Stats(args) => commands::stats(args),
        Command::Check(args) => commands::check_command(args),
        Command::Count(args) => commands::count(args),
        Command::Generate(args) => commands::generate(args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("reversi-records: {e:#}");
            ExitCode::from(2)
        }
    }
}

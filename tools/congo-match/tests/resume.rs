//! `congo-match --resume`: a match stopped part way goes on from its record to the same
//! games (engine 1 moving first, as White, in the even games); a record of other
//! openings is refused.

use std::path::Path;
use std::process::{Command, Output};

const MATCH: &str = env!("CARGO_BIN_EXE_congo-match");
const FAKE: &str = env!("CARGO_BIN_EXE_congo-fake-engine");

/// The fake engine against itself from `openings` random openings of seed `seed`.
fn run(record: &Path, seed: &str, extra: &[&str]) -> Output {
    Command::new(MATCH)
        .args([
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--random-openings",
            "2",
        ])
        .args([
            "--seed", seed, "--time", "0.5", "--grace", "300", "--quiet", "--record",
        ])
        .arg(record)
        .args(extra)
        .output()
        .unwrap()
}

/// The record's lines as JSON, by game.
fn games(record: &Path) -> Vec<serde_json::Value> {
    let mut games: Vec<serde_json::Value> = std::fs::read_to_string(record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    games.sort_by_key(|g| g["game"].as_u64());
    games
}

#[test]
fn a_cut_record_resumes_to_the_same_games() {
    let dir = std::env::temp_dir().join(format!("congo-match-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let full = dir.join("full.jsonl");
    assert!(run(&full, "3", &[]).status.success());
    let whole = games(&full);
    assert_eq!(whole.len(), 4);
    // Game 1 (engine 1 White, so second) alone: games 0, 2 and 3 are played again.
    let cut = dir.join("cut.jsonl");
    let game1 = whole[1].to_string();
    std::fs::write(&cut, format!("{game1}\n")).unwrap();
    let out = run(&cut, "3", &["--resume"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("resumed: 1 of these games"), "{stdout}");
    let strip =
        |g: &serde_json::Value| (g["game"].clone(), g["moves"].clone(), g["winner"].clone());
    let again: Vec<_> = games(&cut).iter().map(strip).collect();
    assert_eq!(again, whole.iter().map(strip).collect::<Vec<_>>());
    // Other openings: refused, the file left as it was.
    let before = std::fs::read(&cut).unwrap();
    let out = run(&cut, "4", &["--resume"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 1: game 1 was played from opening "),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&cut).unwrap(), before);
}

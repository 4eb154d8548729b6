//! `reversi-match --resume`: a match stopped part way goes on from its record to the same
//! games and counts as the match played at one go; a record of another match is refused
//! and left as it was.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const MATCH: &str = env!("CARGO_BIN_EXE_reversi-match");
const FAKE: &str = env!("CARGO_BIN_EXE_reversi-fake-engine");

/// A fresh folder for `name`'s files.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "reversi-match-resume-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The fake engine against itself from `openings` random openings of seed `seed`, the
/// record in `record`, with `extra` options.
fn run(record: &Path, openings: &str, seed: &str, extra: &[&str]) -> Output {
    Command::new(MATCH)
        .args(["--engine1", FAKE, "--engine2", FAKE, "--random-openings"])
        .args([
            openings, "--seed", seed, "--time", "0.5", "--quiet", "--record",
        ])
        .arg(record)
        .args(extra)
        .output()
        .unwrap()
}

/// Standard output of a run that must succeed.
fn ok(out: &Output) -> String {
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The record's games by index: (game, moves, winner).
fn games(record: &Path) -> Vec<(u64, Value, Value)> {
    let mut games: Vec<(u64, Value, Value)> = std::fs::read_to_string(record)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["game"].as_u64().unwrap(),
                v["moves"].clone(),
                v["winner"].clone(),
            )
        })
        .collect();
    games.sort_by_key(|g| g.0);
    games
}

/// The summary's lines that do not depend on time (results, pairs, ends).
fn results(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| !l.contains("answers:") && !l.starts_with("resumed:"))
        .collect()
}

#[test]
fn a_cut_record_resumes_to_the_match_played_at_one_go() {
    let dir = dir("cut");
    let full = dir.join("full.jsonl");
    let whole = ok(&run(&full, "4", "5", &[]));
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    // Three games, then half of the fourth's line: the runner killed while writing it.
    let cut = dir.join("cut.jsonl");
    let mut part = lines[..3].join("\n") + "\n";
    part.push_str(&lines[3][..40]);
    std::fs::write(&cut, &part).unwrap();
    let out = run(&cut, "4", "5", &["--resume"]);
    let resumed = ok(&out);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!(
            "reversi-match: --record {}: line 4 has no end",
            cut.display()
        )),
        "{out:?}"
    );
    assert!(
        resumed.contains("resumed: 3 of these games were read from the record"),
        "{resumed}"
    );
    assert!(resumed.contains("games: 8 of 8"), "{resumed}");
    // The same games (the fake engine plays the same moves), each once, and the same
    // summary but for the answer times.
    assert_eq!(games(&cut), games(&full));
    assert_eq!(results(&resumed), results(&whole));
    // The first three lines are kept as they were.
    assert!(std::fs::read_to_string(&cut)
        .unwrap()
        .starts_with(&part[..part.len() - 40]));
    // Resumed again, it plays nothing more.
    let again = ok(&run(&cut, "4", "5", &["--resume"]));
    assert!(again.contains("resumed: 8 of these games"), "{again}");
    assert_eq!(games(&cut).len(), 8);
}

/// Without `--resume`, a record that holds games is replaced by the new match's, and
/// standard error says so (standard output is the summary alone, as always).
#[test]
fn a_record_replaced_without_resume_is_said() {
    let record = dir("replaced").join("r.jsonl");
    let first = run(&record, "1", "1", &[]);
    ok(&first);
    assert_eq!(String::from_utf8_lossy(&first.stderr), "");
    std::fs::write(&record, std::fs::read_to_string(&record).unwrap() + "{}\n").unwrap();
    let again = run(&record, "1", "1", &[]);
    ok(&again);
    assert_eq!(
        String::from_utf8_lossy(&again.stderr),
        format!(
            "reversi-match: --record {}: its 3 earlier lines were replaced by this match \
             (--resume goes on with a record instead)\n",
            record.display()
        )
    );
    assert_eq!(games(&record).len(), 2);
    // One line without its newline is a line.
    std::fs::write(&record, "x").unwrap();
    let once = run(&record, "1", "1", &[]);
    ok(&once);
    assert!(
        String::from_utf8_lossy(&once.stderr).contains("its 1 earlier line was replaced"),
        "{once:?}"
    );
}

/// Files that cannot be a record to resume, or a summary the record would be lost to:
/// refused before any game, the file left as it was.
#[test]
fn a_record_that_is_not_a_file_or_is_the_summary_is_refused() {
    let dir = dir("not-a-file");
    let out = run(&dir, "1", "1", &["--resume"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a file, so no record to go on with"),
        "{out:?}"
    );
    let record = dir.join("r.jsonl");
    ok(&run(&record, "1", "1", &[]));
    let before = std::fs::read(&record).unwrap();
    for resume in [&[][..], &["--resume"]] {
        let mut extra = vec!["--summary-json", record.to_str().unwrap()];
        extra.extend(resume);
        let out = run(&record, "1", "1", &extra);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("the same file as --record"),
            "{out:?}"
        );
        assert_eq!(std::fs::read(&record).unwrap(), before);
    }
}

#[test]
fn a_record_that_does_not_exist_yet_starts_the_match() {
    let record = dir("new").join("new.jsonl");
    let stdout = ok(&run(&record, "1", "1", &["--resume"]));
    assert!(!stdout.contains("resumed:"), "{stdout}");
    assert_eq!(games(&record).len(), 2);
}

#[test]
fn an_sprt_decided_by_the_record_plays_no_more_games() {
    let record = dir("sprt").join("sprt.jsonl");
    // Equal engines against H0 = -500: the first pairs decide it at these error rates.
    let sprt = ["--sprt", "-500", "-400", "--alpha", "0.3", "--beta", "0.3"];
    let first = ok(&run(&record, "20", "1", &sprt));
    assert!(first.contains("H1 accepted"), "{first}");
    let played = games(&record).len();
    assert!(played < 40, "{first}");
    let mut resume = sprt.to_vec();
    resume.push("--resume");
    let again = ok(&run(&record, "20", "1", &resume));
    assert!(again.contains("H1 accepted"), "{again}");
    assert_eq!(games(&record).len(), played);
}

#[test]
fn a_record_of_another_match_is_refused_and_left_as_it_was() {
    let dir = dir("refused");
    let record = dir.join("r.jsonl");
    ok(&run(&record, "2", "1", &[]));
    let text = std::fs::read_to_string(&record).unwrap();
    let first = text.lines().next().unwrap().to_string();
    let refused = |file: &Path, openings: &str, seed: &str, message: &str| {
        let before = std::fs::read(file).unwrap();
        let out = run(file, openings, seed, &["--resume"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        assert_eq!(std::fs::read(file).unwrap(), before);
    };
    // Other openings (another seed), fewer games.
    refused(&record, "2", "2", "line 1: game 0 was played from opening ");
    refused(
        &record,
        "1",
        "1",
        "line 3: game 2, but this match plays games 0 to 1",
    );
    // A game twice; a line that is no game's record; a fault of no known kind.
    let twice = dir.join("twice.jsonl");
    std::fs::write(&twice, format!("{text}{first}\n")).unwrap();
    refused(&twice, "2", "1", "line 5: game 0 is on line 1 too");
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, format!("{first}\nnot json\n")).unwrap();
    refused(&bad, "2", "1", "line 2: not a game's record");
    let fault = dir.join("fault.jsonl");
    std::fs::write(
        &fault,
        first.replace("\"fault\":null", "\"fault\":\"sulk\"") + "\n",
    )
    .unwrap();
    refused(&fault, "2", "1", "`sulk` is no kind of fault");
    // Colours swapped: game 0 with engine 2 as Black.
    let colours = dir.join("colours.jsonl");
    let swapped = first.replace("\"black\":1,\"white\":2", "\"black\":2,\"white\":1");
    assert_ne!(swapped, first);
    std::fs::write(&colours, swapped + "\n").unwrap();
    refused(&colours, "2", "1", "game 0 has engine 1 moving second");
}

//! `reversi-match` against `reversi-fake-engine` (GTP and NBoard, good and broken): every
//! fault is a loss for the faulty engine with its reason; passes are asked for, told
//! and checked; good engines complete reproducible matches.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

const MATCH: &str = env!("CARGO_BIN_EXE_reversi-match");
const FAKE: &str = env!("CARGO_BIN_EXE_reversi-fake-engine");

/// The opening whose side to move must pass (tests/data/pass.txt).
fn pass_opening() -> String {
    format!("{}/tests/data/pass.txt", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh record file path for `name`.
fn record_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-match-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.jsonl"))
}

/// Runs a match with `args` (plus a record and a 300 ms grace: the first answer includes
/// the engine's start-up on a loaded machine); returns stdout and the records by game.
fn run(name: &str, args: &[&str]) -> (String, Vec<Value>) {
    let record = record_path(name);
    let out = Command::new(MATCH)
        .args(args)
        .args(["--grace", "300", "--quiet", "--record"])
        .arg(&record)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{name}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut records: Vec<Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    records.sort_by_key(|r| r["game"].as_u64());
    (stdout, records)
}

/// [`run`]: `engine1` against a good fake engine, the two games of one random opening,
/// with `clock` (the time options).
fn against_fake(name: &str, engine1: &str, clock: &[&str]) -> (String, Vec<Value>) {
    let mut args = vec![
        "--engine1",
        engine1,
        "--engine2",
        FAKE,
        "--random-openings",
        "1",
    ];
    args.extend_from_slice(clock);
    run(name, &args)
}

/// Engine 1 (`engine1`) loses both games of one random opening for `kind`, with
/// `reason` in the record's reason; engine 2 plays well.
fn faulty(name: &str, engine1: &str, kind: &str, reason: &str) {
    let (stdout, records) = against_fake(name, engine1, &["--time", "0.05"]);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["winner"], 2, "{r}");
        assert_eq!(r["fault"], kind, "{r}");
        assert_eq!(r["disc_difference"], Value::Null, "{r}");
        let text = r["reason"].as_str().unwrap();
        assert!(text.starts_with("engine1 ") && text.contains(reason), "{r}");
    }
    assert!(stdout.contains("engine1 W/D/L: 0 / 0 / 2"), "{stdout}");
    assert!(stdout.contains(&format!("{kind} 2")), "{stdout}");
    assert!(
        stdout.contains(&format!("game ends: fault ({kind}) 2")),
        "{stdout}"
    );
}

#[test]
fn illegal_move() {
    // The fourth answer is a move on an occupied square.
    let engine1 = format!("{FAKE} --mode illegal --after 3");
    faulty("illegal", &engine1, "illegal", "is not empty");
}

#[test]
fn crash() {
    let engine1 = format!("{FAKE} --mode crash --after 2");
    faulty("crash", &engine1, "crash", "exit status: 3");
}

#[test]
fn no_answer_is_a_loss_on_time() {
    let engine1 = format!("{FAKE} --mode hang --after 2");
    // The deadline is 0.05 s + 300 ms; a loaded machine may see the timeout a little later.
    faulty("hang", &engine1, "timeout", "no answer in ");
}

#[test]
fn a_late_answer_is_a_loss_on_time() {
    // It answers 0.5 s after its 0.05 s (told by `time_settings 0 0.05 1`).
    let engine1 = format!("{FAKE} --mode late --after 2");
    faulty("late", &engine1, "timeout", "no answer in");
}

#[test]
fn malformed_answer() {
    let engine1 = format!("{FAKE} --mode malformed --after 1");
    faulty(
        "malformed",
        &engine1,
        "malformed",
        "malformed answer \"= hello\"",
    );
}

#[test]
fn a_pass_with_a_legal_move_is_illegal() {
    let engine1 = format!("{FAKE} --mode pass --after 2");
    faulty("pass", &engine1, "illegal", "illegal move \"pass\"");
}

#[test]
fn passes_are_asked_told_and_checked() {
    // From the opening, Black must pass; White plays on, and Black passes again later.
    let (stdout, records) = run(
        "pass",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--openings",
            &pass_opening(),
        ],
    );
    assert!(stdout.contains("game ends: game over 2"), "{stdout}");
    for r in &records {
        let moves: Vec<&str> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(moves[0], "pass", "{r}");
        assert!(r["ggf"].as_str().unwrap().contains("a1]B[PA]W["), "{r}");
        assert_eq!(r["reason"], "game over");
        // The final position is over, and the disc counts add up.
        let discs = r["discs"].as_array().unwrap();
        let (b, w) = (discs[0].as_i64().unwrap(), discs[1].as_i64().unwrap());
        let diff = if r["black"] == 1 { b - w } else { w - b };
        assert_eq!(r["disc_difference"], diff);
    }
    // A move when it must pass loses at once (the game's first answer is Black's pass;
    // engine 1 is Black in game 0).
    let engine = format!("{FAKE} --mode no-pass");
    let (_, records) = run(
        "no-pass",
        &[
            "--engine1",
            &engine,
            "--engine2",
            FAKE,
            "--openings",
            &pass_opening(),
            "--games",
            "1",
        ],
    );
    assert_eq!(records[0]["winner"], 2, "{}", records[0]);
    assert_eq!(records[0]["fault"], "illegal");
    assert_eq!(records[0]["moves"].as_array().unwrap().len(), 0);
    assert!(
        records[0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("engine1 illegal move \""),
        "{}",
        records[0]
    );
    // An engine that refuses `play b pass` (as GRhino does) is not told passes, and plays on.
    let engine = format!("{FAKE} --mode refuse-pass");
    let (stdout, _) = run(
        "refuse-pass",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            &engine,
            "--openings",
            &pass_opening(),
        ],
    );
    assert!(stdout.contains("game ends: game over 2"), "{stdout}");
}

#[test]
fn resigning_loses() {
    let engine1 = format!("{FAKE} --mode resign --after 2");
    let (stdout, records) = run(
        "resign",
        &[
            "--engine1",
            &engine1,
            "--engine2",
            FAKE,
            "--random-openings",
            "1",
        ],
    );
    assert!(stdout.contains("game ends: resigned 2"), "{stdout}");
    assert!(records
        .iter()
        .all(|r| r["winner"] == 2 && r["fault"] == Value::Null));
}

#[test]
fn good_engines_complete_reproducible_matches_over_gtp_and_nboard() {
    let nboard = format!("{FAKE} --nboard --seed 5");
    let args = [
        "--engine1",
        FAKE,
        "--engine2",
        &nboard,
        "--protocol2",
        "nboard",
        "--random-openings",
        "3",
        "--seed",
        "9",
        "-j",
        "2",
    ];
    let (stdout, records) = run("good", &args);
    assert_eq!(records.len(), 6);
    assert!(stdout.contains("game ends: game over 6"), "{stdout}");
    assert!(stdout.contains("engine1 disc difference: "), "{stdout}");
    assert!(
        stdout.contains("unsolicited 0, refused 0, spawn 0"),
        "{stdout}"
    );
    for pair in records.chunks(2) {
        // One opening, colours swapped; 8 random plies from the start.
        assert_eq!(pair[0]["opening"], pair[1]["opening"]);
        assert_eq!(pair[0]["opening"].as_str().unwrap().len(), 16);
        assert_eq!(
            (pair[0]["black"].as_u64(), pair[1]["black"].as_u64()),
            (Some(1), Some(2))
        );
    }
    // The same seeds, the same games (the fakes are seeded too).
    let (again, records2) = run("good-again", &args);
    let moves = |rs: &[Value]| rs.iter().map(|r| r["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&records), moves(&records2));
    let wdl = |s: &str| s.lines().find(|l| l.contains("W/D/L")).unwrap().to_string();
    assert_eq!(wdl(&stdout), wdl(&again));
}

/// Under `--game-time` every answer's time is taken from one clock a game: an engine
/// that takes 0.1 s a move (inside the grace of each answer) runs out of its 1 s and the
/// grace (0.3 s, once a game) around its thirteenth move and loses on time; the other
/// does not.
#[test]
fn a_game_clock_runs_out() {
    let slow = format!("{FAKE} --mode slow");
    let (stdout, records) = against_fake("game-clock", &slow, &["--game-time", "1"]);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["winner"], 2, "{r}");
        assert_eq!(r["fault"], "timeout", "{r}");
        let answers = r["answers"][0].as_u64().unwrap();
        // 1.3 s at 0.1 s a move and more on a busy machine: about 12 answers before the
        // one that runs out (not counted).
        assert!((9..=13).contains(&answers), "{r}");
        let total = r["total_answer_ms"][0].as_f64().unwrap();
        assert!(total > 1000.0, "{r}");
    }
    assert!(
        stdout.contains("engine1 1 s a game, engine2 1 s a game"),
        "{stdout}"
    );
    // The same engines with a time a move: no fault.
    let (stdout, records) = against_fake("move-clock", &slow, &["--time", "0.5"]);
    assert!(
        records.iter().all(|r| r["fault"] == Value::Null),
        "{stdout}"
    );
}

/// `time_left` tells the engine what is left of its game clock: an engine that answers
/// 0.5 s after it (not 0.5 s after `time_settings 1 0 0`'s byo-yomi of 0) loses on time
/// on its first late answer.
#[test]
fn a_late_answer_on_a_game_clock_is_a_loss_on_time() {
    let late = format!("{FAKE} --mode late --after 3");
    let (_, records) = against_fake("game-clock-late", &late, &["--game-time", "1"]);
    for r in &records {
        assert_eq!(r["fault"], "timeout", "{r}");
        assert_eq!(r["answers"][0], 3, "{r}");
    }
}

/// An NBoard engine reads its clock from the GGF of `set game`: `TI` and the seconds of
/// its own moves. An engine that spends half of what that leaves it stays inside a 1 s
/// game clock (it would run out on its third move if the GGF gave no times), and inside
/// 0.2 s a move, given as an increment and no main time (it would take far more from a
/// main time of the moves left times 0.2 s).
#[test]
fn an_nboard_engine_keeps_its_clock_from_the_ggf() {
    let spend = format!("{FAKE} --nboard --mode spend");
    let nboard = ["--protocol1", "nboard"];
    let (stdout, records) = against_fake(
        "nboard-game-clock",
        &spend,
        &[&nboard[..], &["--game-time", "1"]].concat(),
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for r in &records {
        assert_eq!(r["fault"], Value::Null, "{r}");
        // Half of the second at its first move, then half of what is left each time.
        let total = r["total_answer_ms"][0].as_f64().unwrap();
        assert!(total >= 500.0, "{r}");
    }
    let (stdout, records) = against_fake(
        "nboard-move-clock",
        &spend,
        &[&nboard[..], &["--time", "0.2"]].concat(),
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for r in &records {
        assert_eq!(r["fault"], Value::Null, "{r}");
        // 0.1 s a move, half its increment (and a little more on a busy machine).
        let mean = r["total_answer_ms"][0].as_f64().unwrap() / r["answers"][0].as_f64().unwrap();
        assert!((100.0..200.0).contains(&mean), "{r}");
    }
}

#[test]
fn an_nboard_engine_is_told_its_depth() {
    let logs = record_path("depth-logs");
    let logs = logs.with_extension("");
    let nboard = format!("{FAKE} --nboard");
    let (stdout, records) = run(
        "nboard-depth",
        &[
            "--engine1",
            &nboard,
            "--engine2",
            &nboard,
            "--protocol1",
            "nboard",
            "--protocol2",
            "nboard",
            "--depth1",
            "7",
            "--random-openings",
            "1",
            "--log-dir",
            logs.to_str().unwrap(),
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for game in 0..2 {
        let log = |k: u32| {
            std::fs::read_to_string(logs.join(format!("game-{game}-engine{k}.log")))
                .unwrap_or_default()
        };
        assert_eq!(log(1), "set depth 7\n", "game {game}");
        assert_eq!(log(2), "", "game {game}: engine 2 was given no depth");
    }
}

#[test]
fn bad_options_are_errors_naming_the_option() {
    for (args, message) in [
        (&["--time", "0"][..], "--time"),
        (&["--game-time", "none"][..], "--game-time"),
        (&["--game-time", "1", "--time1", "1"][..], "--time1"),
        (&["--concurrency", "0"][..], "--concurrency 0"),
        (&["--games", "0"][..], "--games 0"),
        (
            &["--depth1", "7"][..],
            "--depth1: a depth is sent over NBoard only",
        ),
        (&["--protocol2", "nboard", "--depth2", "61"][..], "--depth2"),
        (
            &["--sprt", "5", "0"][..],
            "--sprt ELO0 ELO1 needs ELO0 < ELO1",
        ),
    ] {
        let out = Command::new(MATCH)
            .args(["--engine1", FAKE, "--engine2", FAKE])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

//! `congo-match` against deliberately broken engines (`congo-fake-engine --mode ...`):
//! every fault is a loss for the faulty engine, recorded with its reason, and the tool
//! ends in bounded time whatever the engine does.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

const MATCH: &str = env!("CARGO_BIN_EXE_congo-match");
const FAKE: &str = env!("CARGO_BIN_EXE_congo-fake-engine");

/// A fresh record file path for `name`.
fn record_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("congo-match-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.jsonl"))
}

/// Runs a match with `args` (plus a record); returns stdout, the records and the time.
fn run(name: &str, args: &[&str]) -> (String, Vec<Value>, Duration) {
    let record = record_path(name);
    let start = Instant::now();
    // A grace of 300 ms unless the test sets one: the first answer includes the engine's
    // start-up, which on a loaded machine (tests in parallel, other builds) can take
    // longer than the default 50 ms; the faults under test do not depend on it.
    let grace: &[&str] = if args.contains(&"--grace") {
        &[]
    } else {
        &["--grace", "300"]
    };
    let out = Command::new(MATCH)
        .args(args)
        .args(grace)
        .arg("--record")
        .arg(&record)
        .arg("--quiet")
        .output()
        .unwrap();
    let took = start.elapsed();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{name}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (stdout, records, took)
}

/// Engine 1 misbehaves in `mode` from its second answer on; engine 2 plays well. Both
/// games (one with each colour) are lost by engine 1 for `kind`, the reason contains
/// `reason`, and the summary counts them.
fn faulty(mode: &str, kind: &str, reason: &str) {
    faulty_any(mode, &[(kind, reason)]);
}

/// [`faulty`] where the fault may be seen as any of `faults` (kind, reason), by timing.
fn faulty_any(mode: &str, faults: &[(&str, &str)]) {
    let engine1 = format!("{FAKE} --mode {mode} --after 1");
    let (stdout, records, took) = run(
        mode,
        &[
            "--engine1",
            &engine1,
            "--engine2",
            FAKE,
            "--games",
            "2",
            "--time",
            "0.02",
            "--grace",
            "300",
        ],
    );
    assert_eq!(records.len(), 2, "{mode}");
    for r in &records {
        assert_eq!(r["winner"], 2, "{mode}: {r}");
        let text = r["reason"].as_str().unwrap();
        assert!(
            faults.iter().any(|(kind, reason)| r["fault"] == *kind
                && text.starts_with("engine1 ")
                && text.contains(reason)),
            "{mode}: {r}"
        );
        // One good answer was played, then the fault (engine 1 moves first as White); an
        // extra line after an answer is seen at engine 1's next turn.
        let moves = r["moves"].as_array().unwrap().len();
        assert!((2..=5).contains(&moves), "{mode}: {r}");
    }
    assert!(stdout.contains("engine1 W/D/L: 0 / 0 / 2"), "{stdout}");
    if let [(kind, _)] = faults {
        assert!(stdout.contains(&format!("{kind} 2")), "{stdout}");
    }
    assert!(took < Duration::from_secs(10), "{mode}: {took:?}");
}

#[test]
fn illegal_move() {
    faulty("illegal", "illegal", "illegal move \"d4d5\"");
}

#[test]
fn malformed_answer() {
    faulty("malformed", "malformed", "malformed answer \"hello world\"");
}

#[test]
fn no_answer() {
    faulty("hang", "timeout", "no answer in");
}

#[test]
fn ignores_its_input() {
    faulty("deaf", "timeout", "no answer in");
}

#[test]
fn answer_after_the_deadline() {
    faulty("late", "timeout", "no answer in");
}

#[test]
fn crash() {
    faulty("crash", "crash", "exit status: 3");
}

#[test]
fn flood_without_newline() {
    faulty("flood", "flood", "line longer than 4096 bytes");
}

#[test]
fn flood_of_blank_lines() {
    faulty("flood-blank", "flood", "more than 65536 bytes");
}

#[test]
fn one_long_line() {
    faulty("long-line", "flood", "line longer than 4096 bytes");
}

#[test]
fn flood_of_lines_is_a_malformed_answer() {
    faulty(
        "flood-lines",
        "malformed",
        "malformed answer \"info flood\"",
    );
}

#[test]
fn output_while_not_asked() {
    // The extra line is seen before the next `go` (unsolicited) or, if it arrives after
    // that `go` was sent, as its answer (malformed).
    faulty_any(
        "chatty",
        &[
            ("unsolicited", "output while not asked: \"extra\""),
            ("malformed", "malformed answer \"extra\""),
        ],
    );
}

#[test]
fn a_child_that_keeps_the_output_open_is_killed_with_its_group() {
    faulty("orphan", "timeout", "no answer in");
}

/// Runs the tool with `args` (quiet): whether it succeeded, and its standard error.
fn run_fails(args: &[&str]) -> (bool, String) {
    let out = Command::new(MATCH)
        .args(args)
        .arg("--quiet")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_command_the_shell_cannot_run_is_an_error_before_the_match() {
    // sh exits 127 for a command not found, 126 for a file that is not executable: a
    // mistyped command is one error naming the option, not a match of lost games.
    let record = record_path("missing");
    let (ok, err) = run_fails(&[
        "--engine1",
        "/nonexistent/engine",
        "--engine2",
        FAKE,
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        err.starts_with("congo-match: --engine1 /nonexistent/engine: ")
            && err.contains("not found, exit status 127"),
        "{err}"
    );
    let not_executable = record_path("not-executable").with_extension("sh");
    std::fs::write(&not_executable, "echo d2d3\n").unwrap();
    let (ok, err) = run_fails(&[
        "--engine1",
        FAKE,
        "--engine2",
        not_executable.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        err.starts_with("congo-match: --engine2 ") && err.contains("exit status 126"),
        "{err}"
    );
}

#[test]
fn a_crash_reason_has_the_exit_status_or_signal() {
    // The shell kills itself with SIGSEGV (11) before its first answer: as White at its
    // first `go`, as Black when its turn comes (seen by the check for unasked output).
    let (_, records, _) = run(
        "signal",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            "kill -SEGV $$",
            "--time",
            "0.02",
        ],
    );
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["winner"], 1, "{r}");
        assert_eq!(r["fault"], "crash", "{r}");
        assert_eq!(
            r["reason"], "engine2 crashed: end of output, signal: 11 (SIGSEGV)",
            "{r}"
        );
    }
}

#[test]
fn an_engine_that_exits_at_once_crashes() {
    // `true` runs (status 0) but never answers: a crash, a loss each game.
    let (_, records, _) = run(
        "exits",
        &["--engine1", "true", "--engine2", FAKE, "--time", "0.02"],
    );
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r["winner"], 2);
        assert_eq!(r["fault"], "crash", "{r}");
    }
}

#[test]
fn bad_options_are_errors_naming_the_option() {
    let base = ["--engine1", FAKE, "--engine2", FAKE];
    for (extra, expected) in [
        (&["--time", "-1"][..], "congo-match: --time -1: must be"),
        (&["--time", "0"][..], "congo-match: --time 0: must be"),
        // Above a day per move (once a panic in the deadline's arithmetic).
        (&["--time", "1e20"][..], "congo-match: --time 1000"),
        (
            &["--games", "0"][..],
            "congo-match: --games 0: must be at least 1",
        ),
        (
            &["--random-openings", "0"][..],
            "congo-match: --random-openings 0: must be at least 1",
        ),
        (
            &["--from", "7/7/7/7/7/7/3L3 b 1"][..],
            "congo-match: --from: the game is already over in 7/7/7/7/7/7/3L3 b 1",
        ),
        (
            &["-j", "0"][..],
            "congo-match: --concurrency 0: must be at least 1 and at most 256",
        ),
        (
            &["-j", "10000"][..],
            "congo-match: --concurrency 10000: must be at least 1 and at most 256",
        ),
        // alpha + beta >= 1 puts the lower SPRT bound above the upper.
        (
            &["--sprt", "0", "10", "--alpha", "0.6", "--beta", "0.4"][..],
            "congo-match: --alpha 0.6 --beta 0.4: each must be above 0, and their sum below 1",
        ),
        (
            &["--openings", "/nonexistent/openings.txt"][..],
            "congo-match: --openings /nonexistent/openings.txt: ",
        ),
        (
            &["--record", "/nonexistent/dir/r.jsonl"][..],
            "congo-match: --record /nonexistent/dir/r.jsonl: ",
        ),
        (
            &["--summary-json", "/nonexistent/dir/s.json"][..],
            "congo-match: --summary-json /nonexistent/dir/s.json: ",
        ),
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = Command::new(MATCH)
            .args(&args)
            .env("RUST_BACKTRACE", "1")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {err}");
        assert!(err.starts_with(expected), "{extra:?}: {err}");
        // One line, no backtrace even with RUST_BACKTRACE set.
        assert_eq!(err.lines().count(), 1, "{extra:?}: {err}");
        assert!(out.stdout.is_empty(), "{extra:?}");
    }
    // Options that mean nothing without another are refused by the parser (status 2),
    // not silently ignored.
    for extra in [
        &["--plies", "3"][..],
        &["--seed", "3"][..],
        &["--alpha", "0.1"][..],
        &["--openings", "x.txt", "--from", "7/7/7/7/7/7/3L3 b 1"][..],
    ] {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = Command::new(MATCH).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(out.stdout.is_empty(), "{extra:?}");
    }
}

#[test]
fn good_engines_complete_reproducibly() {
    let args = [
        "--engine1",
        &format!("{FAKE} --seed 1"),
        "--engine2",
        &format!("{FAKE} --seed 2"),
        "--random-openings",
        "4",
        "--plies",
        "3",
        "--seed",
        "7",
        "--time",
        "0.02",
        "--concurrency",
        "3",
    ]
    .map(String::from);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (stdout, mut records, _) = run("good", &args);
    assert_eq!(records.len(), 8);
    records.sort_by_key(|r| r["game"].as_u64());
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["game"], i);
        assert_eq!(r["fault"], Value::Null, "{r}");
        // Games 2k and 2k+1 share an opening, colours swapped.
        assert_eq!(r["opening"], records[i / 2 * 2]["opening"]);
        assert_eq!(r["white"], if i % 2 == 0 { 1 } else { 2 });
        let reason = r["reason"].as_str().unwrap();
        assert!(
            [
                "lion captured",
                "ply cap (100)",
                "two bare lions",
                "no legal move"
            ]
            .contains(&reason),
            "{reason}"
        );
    }
    let openings: std::collections::HashSet<_> =
        records.iter().map(|r| r["opening"].to_string()).collect();
    assert_eq!(openings.len(), 4);
    assert!(stdout.contains("games: 8 of 8 (4 openings"), "{stdout}");
    // The same seed gives the same openings, and a single engine process per side gives
    // the same games (the fake engines are seeded too).
    let (_, mut again, _) = run("good-again", &args);
    again.sort_by_key(|r| r["game"].as_u64());
    for (a, b) in records.iter().zip(&again) {
        assert_eq!(a["opening"], b["opening"]);
    }
}

#[test]
fn ply_cap_draws() {
    let summary = record_path("cap-summary").with_extension("json");
    let (stdout, records, _) = run(
        "cap",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--games",
            "2",
            "--max-plies",
            "3",
            "--time",
            "0.02",
            "--summary-json",
            summary.to_str().unwrap(),
        ],
    );
    for r in &records {
        assert_eq!(r["result"], "1/2-1/2");
        assert_eq!(r["reason"], "ply cap (3)");
        assert_eq!(r["moves"].as_array().unwrap().len(), 3);
    }
    assert!(stdout.contains("engine1 W/D/L: 0 / 2 / 0"), "{stdout}");
    assert!(stdout.contains("score: 50.0%"), "{stdout}");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(json["draws"], 2);
    assert_eq!(json["score"], 0.5);
    assert_eq!(json["pairs"], serde_json::json!([0, 0, 1, 0, 0]));
    assert_eq!(json["pentanomial"]["elo"], 0.0);
    assert_eq!(json["ends"]["ply cap"], 2);
    // Engine 1 (White in game 0, Black in game 1) answered plies 1, 3 and 2.
    assert_eq!(json["engines"][0]["answers"], 3);
}

#[test]
fn sprt_stops_early() {
    let engine2 = format!("{FAKE} --mode illegal");
    let (stdout, records, _) = run(
        "sprt",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            &engine2,
            "--games",
            "200",
            "--time",
            "0.02",
            "--sprt",
            "0",
            "200",
        ],
    );
    // Every pair won: LLR = pairs * ln(s1 / s0) = pairs * 0.4184 (see the stats unit
    // tests), past 2.944 at the 8th pair; a game or two more may be under way then.
    assert!((16..=18).contains(&records.len()), "{}", records.len());
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("bounds [-2.944, 2.944]"), "{stdout}");
}

#[test]
fn openings_file_and_bad_lines() {
    let path = record_path("openings").with_extension("txt");
    std::fs::write(
        &path,
        "# two openings\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n\n2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z b 3\n",
    )
    .unwrap();
    let (stdout, records, _) = run(
        "file",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--openings",
            path.to_str().unwrap(),
            "--time",
            "0.02",
        ],
    );
    assert_eq!(records.len(), 4);
    assert!(stdout.contains("(2 openings"), "{stdout}");
    std::fs::write(
        &path,
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nnot a fen\n",
    )
    .unwrap();
    let out = Command::new(MATCH)
        .args([
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--openings",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("congo-match: {}: line 2: ", path.display())),
        "{err}"
    );
    // A byte order mark before the first FEN is not part of it; a line that is not UTF-8
    // is named; finished positions are skipped with a warning in words (White's lion
    // alone: White won; the two lions on different files, off the d4 diagonals: a draw).
    std::fs::write(
        &path,
        "\u{feff}gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\r\n7/7/7/7/7/7/3L3 b 1\r\n2l4/7/7/7/7/7/3L3 w 0\n",
    )
    .unwrap();
    let (ok, err) = run_fails(&[
        "--engine1",
        FAKE,
        "--engine2",
        FAKE,
        "--openings",
        path.to_str().unwrap(),
        "--time",
        "0.02",
    ]);
    assert!(ok, "{err}");
    let name = path.display();
    assert_eq!(
        err,
        format!(
            "{name}: line 2: skipped, the game is over (White won: lion captured)\n\
             {name}: line 3: skipped, the game is over (a draw: two bare lions)\n"
        )
    );
    std::fs::write(&path, b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n\xff\n").unwrap();
    let (ok, err) = run_fails(&[
        "--engine1",
        FAKE,
        "--engine2",
        FAKE,
        "--openings",
        path.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(
        err,
        format!("congo-match: --openings {name}: line 2: not UTF-8 text\n")
    );
}

#[test]
fn a_flood_is_caught_at_once_not_at_the_deadline() {
    let engine1 = format!("{FAKE} --mode flood");
    let (_, records, took) = run(
        "flood-fast",
        &[
            "--engine1",
            &engine1,
            "--engine2",
            FAKE,
            "--games",
            "2",
            "--time",
            "5",
        ],
    );
    assert!(records.iter().all(|r| r["fault"] == "flood"));
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn an_odd_game_count_says_what_the_pair_elo_leaves_out() {
    // Three games: one complete pair (games 0 and 1) and game 2 alone; the score counts
    // all three, the pentanomial Elo only the pair.
    let (stdout, records, _) = run(
        "odd",
        &[
            "--engine1",
            FAKE,
            "--engine2",
            FAKE,
            "--games",
            "3",
            "--time",
            "0.02",
        ],
    );
    assert_eq!(records.len(), 3);
    assert!(stdout.contains("games: 3 of 3"), "{stdout}");
    assert!(
        stdout.contains("(95%, pentanomial over 1 pairs; 1 game without its pair left out)"),
        "{stdout}"
    );
}

#[test]
fn an_interrupted_match_prints_the_finished_games_and_exits_130() {
    // Engine 2 never answers (0.3 s + 300 ms per game, two games at once): once a game
    // is recorded, others are under way. SIGTERM (as Ctrl-C) kills the engines,
    // drops the games under way, and prints the summary of the finished ones.
    let record = record_path("interrupted");
    let engine2 = format!("{FAKE} --mode hang");
    let child = Command::new(MATCH)
        .args([
            "--engine1",
            FAKE,
            "--engine2",
            &engine2,
            "--games",
            "100",
            "--time",
            "0.3",
            "--grace",
            "300",
            "-j",
            "2",
            "--quiet",
            "--record",
        ])
        .arg(&record)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // At least one game finished (about 0.6 s each; polled, since a loaded machine, with
    // the other tests running at once, can take much longer to start the engines).
    let waited = Instant::now();
    while std::fs::read_to_string(&record).map_or(true, |t| t.is_empty())
        && waited.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("\ninterrupted (Ctrl-C or SIGTERM)"),
        "{stdout}"
    );
    let records: Vec<Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        !records.is_empty() && records.len() < 100,
        "{}",
        records.len()
    );
    // Every counted game is a genuine timeout of engine 2, none a kill's crash.
    for r in &records {
        assert_eq!(r["fault"], "timeout", "{r}");
        assert_eq!(r["winner"], 1, "{r}");
    }
    assert!(
        stdout.contains(&format!("games: {} of 100", records.len())),
        "{stdout}"
    );
}

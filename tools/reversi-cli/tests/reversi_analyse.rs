//! `reversi-analyse` on files (its standard-input cases are snapshots, tests/cases.rs):
//! the losses of a game from 20 empties against `reversi-solve --all`'s every-move
//! scores, WTHOR files (a bad record between good ones, the names of `WTHOR.JOU`), a
//! text file with a bad game, a missing file, and the JSON fields.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

use reversi::wthor::{self, Header, NameKind, WthorGame};
use reversi::{Board, Ply};
use serde_json::Value;

const EXE: &str = env!("CARGO_BIN_EXE_reversi-analyse");

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-analyse-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(EXE).args(args).output().unwrap()
}

/// The JSON objects of standard output, one a line.
fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// One ply of the line: the board, every move's exact score, the ply played.
type Row = (Board, Vec<(Ply, i32)>, Ply);

/// The line from FFO #40 of crates/reversi-engine/tests/data/game-analysis-ffo40.txt:
/// the boards, each board's exact move scores from `reversi-solve --all`, the plies.
fn ffo40_line() -> Vec<Row> {
    include_str!("../../../crates/reversi-engine/tests/data/game-analysis-ffo40.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let scores = fields[1].split(' ').nth(2).unwrap().split(',');
            let scores = scores
                .map(|item| {
                    let (ply, score) = item.split_once(':').unwrap();
                    (ply.parse().unwrap(), score.parse().unwrap())
                })
                .collect();
            (
                Board::from_obf(fields[0]).unwrap(),
                scores,
                fields[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The requirement's case, through the program: the FFO #40 line as a GGF game with
/// `--exact 20`; every loss is the solver's best score less the played move's.
#[test]
fn losses_from_20_empties_are_the_solvers() {
    let line = ffo40_line();
    let start = line[0].0;
    let mut ggf = reversi::ggf::GgfGame::new(start);
    for (_, _, ply) in &line {
        ggf.play((*ply).into()).unwrap();
    }
    let dir = folder("ffo40");
    let path = dir.join("ffo40.ggf");
    fs::write(&path, format!("{ggf}\n")).unwrap();
    let output = run(&["--exact", "20", "--json", path.to_str().unwrap()]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let games = json_lines(&output);
    assert_eq!(games.len(), 1);
    let plies = games[0]["plies"].as_array().unwrap();
    assert_eq!(plies.len(), line.len());
    let mut total = [0.0, 0.0];
    for ((board, scores, played), ply) in line.iter().zip(plies) {
        assert_eq!(ply["empties"], board.empty_squares().len());
        assert_eq!(ply["move"], played.to_string());
        if *played == Ply::Pass {
            assert!(ply["loss"].is_null() && ply["value"].is_null());
            continue;
        }
        let best = scores.iter().map(|&(_, s)| s).max().unwrap();
        let value = scores.iter().find(|&&(p, _)| p == *played).unwrap().1;
        assert_eq!(ply["exact"], true);
        assert_eq!(ply["loss"].as_f64(), Some(f64::from(best - value)), "{ply}");
        assert_eq!(ply["value"].as_f64(), Some(f64::from(value)), "{ply}");
        assert_eq!(ply["best_value"].as_f64(), Some(f64::from(best)), "{ply}");
        total[board.side_to_move() as usize] += f64::from(best - value);
    }
    let summary = &games[0]["summary"];
    assert_eq!(summary["black"]["total_loss"].as_f64(), Some(total[0]));
    assert_eq!(summary["white"]["total_loss"].as_f64(), Some(total[1]));
    // The line's seven mistakes (the data's): Black's c7, d8, b6, a6; White's c1, c8, b7.
    assert_eq!(summary["black"]["mistakes"], 4);
    assert_eq!(summary["white"]["mistakes"], 3);
    fs::remove_dir_all(dir).unwrap();
}

/// A WTHOR file with a bad record between two good ones, and `WTHOR.JOU` beside it: the
/// record's error names it, the good games are analysed with their players' names.
#[test]
fn wthor_games_with_a_bad_record_and_names() {
    let dir = folder("wthor");
    let mut game = WthorGame::new("e6f4e3f6g5d6e7f5c5".parse().unwrap());
    game.black_player = 1;
    game.white_player = 0;
    let games = [
        game.clone(),
        game.clone(),
        WthorGame::new("f5d6c3".parse().unwrap()),
    ];
    let mut file = Vec::new();
    wthor::write_games(&mut file, &Header::for_games(2001, 3), &games).unwrap();
    // The second record's first move on a1: illegal.
    file[16 + wthor::GAME_LEN + 8] = 11;
    fs::write(dir.join("games.WTB"), &file).unwrap();
    let mut names = Vec::new();
    let header = Header::for_names(2);
    wthor::write_names(&mut names, &header, NameKind::Player, &["Anna", "Ben"]).unwrap();
    fs::write(dir.join("wthor.jou"), &names).unwrap();
    let path = dir.join("games.WTB");
    let path = path.to_str().unwrap();
    let output = run(&["--depth", "1", path]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr,
        format!("{path}: record 1 at byte 84: move 1 (a1): Black on a1 flips no disc\n")
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let headers: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(
        headers,
        [
            format!("game 1 ({path}, record 0 at byte 16): Black \"Ben\", White \"Anna\""),
            format!("game 2 ({path}, record 2 at byte 152): Black \"Anna\", White \"Anna\""),
        ]
    );
    // Without the names file: the players' numbers.
    fs::remove_file(dir.join("wthor.jou")).unwrap();
    let output = run(&["--depth", "1", "--json", path]);
    let games = json_lines(&output);
    assert_eq!(
        (
            games[0]["black_player"].as_u64(),
            games[0]["record"].as_u64()
        ),
        (Some(1), Some(0))
    );
    assert!(games[0]["black"].is_null());
    assert_eq!(games[1]["plies"].as_array().unwrap().len(), 3);
    fs::remove_dir_all(dir).unwrap();
}

/// A text file with a broken transcript between good ones, then a missing file, then
/// standard input: each error is named (the file, the line), the good games analysed,
/// and a game cut at an illegal move has its moves before it analysed.
#[test]
fn bad_games_and_files_do_not_stop_the_good_ones() {
    let dir = folder("text");
    let path = dir.join("games.txt");
    fs::write(&path, "f5d6c3\nf5d6c3c3\n\nf5f6\n").unwrap();
    let path = path.to_str().unwrap();
    let missing = dir.join("missing.ggf");
    let missing = missing.to_str().unwrap();
    let mut child = test_support::spawn_piped(
        Command::new(EXE).args(["--depth", "2", "--json", path, missing, "-"]),
    );
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(;GM[Othello]B[f5];)\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{stderr}");
    assert_eq!(
        errors[0],
        format!(
            "{path}: line 2: move 4 (c3): square c3 is not empty (the game before it analysed)"
        )
    );
    assert!(errors[1].starts_with(&format!("{missing}: ")), "{stderr}");
    let games = json_lines(&output);
    let places: Vec<(u64, &str, u64)> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["input"].as_str().unwrap(),
                g["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        places,
        [(1, path, 1), (2, path, 2), (3, path, 4), (4, "-", 1)]
    );
    // Line 2's game: its three legal moves.
    let cut: Vec<&str> = games[1]["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ply| ply["move"].as_str().unwrap())
        .collect();
    assert_eq!(cut, ["f5", "d6", "c3"]);
    fs::remove_dir_all(dir).unwrap();
}

/// Every ply's JSON: the loss is the best value less the played move's, never below 0;
/// a searched move is a mistake when its loss is above the threshold (default 3, then
/// 0.5 asked for), and the summary counts the mistakes and adds every loss.
#[test]
fn json_fields_add_up() {
    json_fields_add_up_at(None, 3.0);
    json_fields_add_up_at(Some("0.5"), 0.5);
}

fn json_fields_add_up_at(option: Option<&str>, threshold: f64) {
    let mut args = vec!["--depth", "2", "--exact", "12", "--json"];
    if let Some(option) = option {
        args.extend(["--mistake-threshold", option]);
    }
    let output = Command::new(EXE)
        .args(args)
        .stdin(
            std::fs::File::open(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/cases/reversi-analyse/transcripts.in"
            ))
            .unwrap(),
        )
        .output()
        .unwrap();
    let games = json_lines(&output);
    // The good lines, and line 2's legal move before its illegal one.
    assert_eq!(games.len(), 3);
    for game in games {
        let mut mistakes = [0, 0];
        let mut total = [0.0, 0.0];
        for ply in game["plies"].as_array().unwrap() {
            let side = usize::from(ply["player"] == "white");
            let loss = ply["loss"].as_f64().unwrap();
            let (best, value) = (
                ply["best_value"].as_f64().unwrap(),
                ply["value"].as_f64().unwrap(),
            );
            assert!(loss >= 0.0 && (best - value - loss).abs() < 1e-9, "{ply}");
            assert_eq!(ply["exact"], false);
            assert_eq!(ply["mistake"], loss > threshold, "{ply}");
            mistakes[side] += u64::from(loss > threshold);
            total[side] += loss;
        }
        for (side, name) in ["black", "white"].iter().enumerate() {
            let summary = &game["summary"][name];
            assert_eq!(summary["mistakes"].as_u64(), Some(mistakes[side]));
            assert!((summary["total_loss"].as_f64().unwrap() - total[side]).abs() < 1e-9);
        }
    }
}

//! The `reversi-records` program on the real WTHOR files of the rules crate and on
//! hand-made inputs whose expected values follow from the rules and formats.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use reversi::wthor::{self, GameReader, Header, NameKind, Names};
use reversi::{ggf, Board, Color, Ply};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/reversi/tests/data/wthor"
);

fn data(name: &str) -> PathBuf {
    Path::new(DATA).join(name)
}

/// A fresh file path in the system's temporary folder for this test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-records-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-records"))
        .args(args)
        .output()
        .expect("the program runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn wthor_games(path: &Path) -> Vec<wthor::WthorGame> {
    GameReader::new(fs::read(path).unwrap().as_slice())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn wthor_to_ggf_reads_back_through_the_ggf_reader_to_the_same_games() {
    let players = Names::read(
        fs::read(data("WTHOR.JOU")).unwrap().as_slice(),
        NameKind::Player,
    )
    .unwrap();
    let tournaments = Names::read(
        fs::read(data("WTHOR.TRN")).unwrap().as_slice(),
        NameKind::Tournament,
    )
    .unwrap();
    for file in ["WTH_1977.wtb", "WTH_1978.wtb"] {
        let path = data(file);
        let output = run(&[
            "convert",
            "--to",
            "ggf",
            "--players",
            data("WTHOR.JOU").to_str().unwrap(),
            "--tournaments",
            data("WTHOR.TRN").to_str().unwrap(),
            path.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let read: Vec<ggf::GgfGame> = ggf::read_games(output.stdout.as_slice())
            .collect::<Result<_, _>>()
            .unwrap();
        let games = wthor_games(&path);
        assert_eq!(read.len(), games.len());
        for (ggf_game, game) in read.iter().zip(&games) {
            let plies: Vec<Ply> = ggf_game.moves.iter().map(|m| m.ply).collect();
            assert_eq!(plies, game.plies(), "{file}");
            assert_eq!(ggf_game.start, Board::START);
            assert_eq!(ggf_game.board_after, *game.board());
            assert_eq!(ggf_game.black.as_deref(), game.black_name(&players));
            assert_eq!(ggf_game.white.as_deref(), game.white_name(&players));
            assert_eq!(
                ggf_game.place.as_deref(),
                game.tournament_name(&tournaments)
            );
            assert_eq!(ggf_game.date, Some(game.year.to_string()));
            // RE is Black's disc difference: black discs minus the other 64 - black.
            let difference = 2 * i32::from(game.black_discs) - 64;
            assert_eq!(ggf_game.result, Some(format!("{difference:+}.00")));
        }
    }
}

#[test]
fn wthor_to_ggf_snapshot_of_the_1978_file() {
    let output = run(&[
        "convert",
        "--to",
        "ggf",
        "--players",
        data("WTHOR.JOU").to_str().unwrap(),
        "--tournaments",
        data("WTHOR.TRN").to_str().unwrap(),
        data("WTH_1978.wtb").to_str().unwrap(),
    ]);
    insta::assert_snapshot!(stdout(&output));
}

#[test]
fn transcripts_to_wthor_and_back_are_the_same_lines() {
    // Real games (the 1977 file's, as transcripts) and short unfinished ones.
    let mut lines: Vec<String> = wthor_games(&data("WTH_1977.wtb"))
        .iter()
        .map(|g| g.transcript().to_string())
        .collect();
    lines.extend([
        "f5d6c3d3c4".to_owned(),
        "d3c3b3b2f5a3a1c1e3".to_owned(),
        String::new(),
    ]);
    lines.pop();
    let input = temp("roundtrip.txt");
    fs::write(&input, lines.join("\n") + "\n").unwrap();
    let wtb = temp("roundtrip.wtb");
    let output = run(&[
        "convert",
        "--to",
        "wthor",
        "--wthor-year",
        "1999",
        "-o",
        wtb.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let bytes = fs::read(&wtb).unwrap();
    assert_eq!(
        bytes.len(),
        wthor::HEADER_LEN + lines.len() * wthor::GAME_LEN
    );
    let header = Header::from_bytes(bytes[..16].try_into().unwrap());
    assert_eq!(
        (header.games as usize, header.game_year),
        (lines.len(), 1999)
    );
    let back = run(&["convert", "--to", "transcript", wtb.to_str().unwrap()]);
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(stdout(&back), lines.join("\n") + "\n");
}

/// The 16 games of two moves from the start: each first move (`f5`, `d3`, `c4`, `e6`)
/// with each of White's three replies, and four games of one move.
const TWO_MOVES: &str = "\
f5d6\nf5f6\nf5f4\n\
d3c5\nd3c3\nd3e3\n\
c4e3\nc4c3\nc4c5\n\
e6f4\ne6f6\ne6d6\n\
f5\nd3\nc4\ne6\n";

fn filtered(opening: &str) -> String {
    let input = temp(&format!("two-moves-{opening}.txt"));
    fs::write(&input, TWO_MOVES).unwrap();
    let output = run(&[
        "convert",
        "--to",
        "transcript",
        "--opening",
        opening,
        input.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn the_opening_filter_matches_the_symmetric_images_of_the_prefix() {
    // The four start-preserving symmetries take f5 to d3 (a8-h1 reflection), c4 (half
    // turn) and e6 (a1-h8 reflection): every game opens with f5 up to symmetry.
    assert_eq!(filtered("f5"), TWO_MOVES);
    // f5d6 (the perpendicular opening): under the same maps d6 goes to c5, e3 and f4.
    assert_eq!(filtered("f5d6"), "f5d6\nd3c5\nc4e3\ne6f4\n");
    // f5f6 (diagonal): f6 goes to c3, c3 and f6 (the images of d3, c4, e6's replies).
    assert_eq!(filtered("f5f6"), "f5f6\nd3c3\nc4c3\ne6f6\n");
    assert_eq!(filtered("F5F4"), "f5f4\nd3e3\nc4c5\ne6d6\n");
    // Written from the colour-swapped start (files reversed: f5 -> c5, d6 -> e6), the
    // same opening through the other four symmetries.
    assert_eq!(filtered("c5e6"), "f5d6\nd3c5\nc4e3\ne6f4\n");
    // A prefix longer than a game never matches it.
    assert_eq!(filtered("f5d6c3"), "");
}

#[test]
fn the_player_and_year_filters_keep_the_matching_games() {
    let output = run(&[
        "convert",
        "--to",
        "json",
        "--player",
        "DAVISON",
        "--year",
        "1978",
        "--players",
        data("WTHOR.JOU").to_str().unwrap(),
        data("WTH_1977.wtb").to_str().unwrap(),
        data("WTH_1978.wtb").to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let players = Names::read(
        fs::read(data("WTHOR.JOU")).unwrap().as_slice(),
        NameKind::Player,
    )
    .unwrap();
    let expected: Vec<String> = wthor_games(&data("WTH_1978.wtb"))
        .iter()
        .filter(|g| {
            [g.black_name(&players), g.white_name(&players)]
                .into_iter()
                .flatten()
                .any(|n| n.to_lowercase().contains("davison"))
        })
        .map(|g| g.transcript().to_string())
        .collect();
    assert!(!expected.is_empty());
    let found: Vec<String> = stdout(&output)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["moves"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(found, expected);
}

/// Hand-made GGF games with results: Black's discs are (64 + RE) / 2.
const SCORED: &str = "\
(;GM[Othello]RE[+10.00]B[f5]W[d6];)
(;GM[Othello]RE[-4.00]B[f5]W[f6];)
(;GM[Othello]RE[+0.00]B[d3]W[c5];)
(;GM[Othello]RE[+20.00]B[c4]W[c3];)
(;GM[Othello]B[e6];)
(;GM[Othello]RE[?]B[f5]W[f4];)
(;GM[Othello]RE[+2]B[d3]W[c3];)
";

#[test]
fn stats_count_each_reply_and_its_score_from_the_movers_view() {
    let input = temp("scored.ggf");
    fs::write(&input, SCORED).unwrap();
    let output = run(&[
        "stats",
        "--opening",
        "f5",
        "--json",
        input.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    // Seven games reach f5 (up to symmetry); e6 alone ends there.
    assert_eq!(value["games"], 7);
    assert_eq!(value["ended"], 1);
    let replies = value["replies"].as_array().unwrap();
    // Most played first. f6: f5f6 (30), c4c3 (42) and d3c3 (33); White won the first (34 discs), lost the others.
    assert_eq!(replies[0]["move"], "f6");
    assert_eq!(replies[0]["games"], 3);
    assert_eq!(replies[0]["mean_black_discs"], 35.0);
    assert_eq!(wins_draws_losses(&replies[0]), (1, 0, 2));
    // d6: f5d6 (37 black discs) and d3c5 (32); White, to move, lost one and drew one.
    assert_eq!(replies[1]["move"], "d6");
    assert_eq!(replies[1]["games"], 2);
    assert_eq!(replies[1]["mean_black_discs"], 34.5);
    assert_eq!(wins_draws_losses(&replies[1]), (0, 1, 1));
    // f4: no known result.
    assert_eq!(replies[2]["move"], "f4");
    assert_eq!(
        (&replies[2]["games"], &replies[2]["scored"]),
        (&1.into(), &0.into())
    );
    assert_eq!(replies.len(), 3);

    let text = run(&["stats", "--opening", "f5", input.to_str().unwrap()]);
    insta::assert_snapshot!(stdout(&text));
}

#[test]
fn a_bad_record_is_reported_with_its_file_and_number_and_the_others_are_read() {
    let mut bytes = fs::read(data("WTH_1978.wtb")).unwrap();
    // Record 2's first move: a1, not legal at the start.
    bytes[wthor::HEADER_LEN + 2 * wthor::GAME_LEN + 8] = 11;
    let path = temp("bad.wtb");
    fs::write(&path, &bytes).unwrap();
    let output = run(&["convert", "--to", "transcript", path.to_str().unwrap()]);
    assert!(!output.status.success());
    assert_eq!(
        stderr(&output),
        format!(
            "{}: record 2 at byte 152: move 1 (a1): Black on a1 flips no disc\n",
            path.display()
        )
    );
    let expected: Vec<String> = wthor_games(&data("WTH_1978.wtb"))
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2)
        .map(|(_, g)| g.transcript().to_string() + "\n")
        .collect();
    assert_eq!(stdout(&output), expected.concat());

    let text = temp("bad.txt");
    fs::write(&text, "f5d6\nf5f5\nzz\nd3c3\n").unwrap();
    let output = run(&["convert", "--to", "transcript", text.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "f5d6\nd3c3\n");
    let name = text.display();
    assert_eq!(
        stderr(&output),
        format!(
            "{name}: line 2: move 2 (f5): square f5 is not empty\n{name}: line 3: move 1: {}\n",
            "zz".parse::<reversi::Square>().unwrap_err()
        )
    );
}

/// The position of `game` after its moves while more than `empties` squares are empty,
/// with the side to move that has a move: written here from the rules, apart from the
/// program's own replay.
fn at_empties(game: &wthor::WthorGame, empties: u32) -> Board {
    let mut board = Board::START;
    for ply in game.plies() {
        if board.empty_squares().len() <= empties {
            break;
        }
        board = board.play_ply(ply).unwrap();
    }
    board.pass().unwrap_or(board)
}

#[test]
fn check_agrees_with_the_solver_and_reports_a_wrong_theoretical_score() {
    // The 1978 games with theoretical scores from 12 empties by the exact solver (the
    // oracle), record 5's made wrong by 2 discs.
    let mut games = wthor_games(&data("WTH_1978.wtb"));
    for game in &mut games {
        let board = at_empties(game, 12);
        let score = reversi_engine::solve(&board).lower;
        let black = if board.side_to_move() == Color::Black {
            score
        } else {
            -score
        };
        game.theoretical_black_discs = ((64 + black) / 2) as u8;
    }
    games[5].theoretical_black_discs += 2;
    let mut header = Header::for_games(1978, games.len() as u32);
    header.depth = 12;
    let path = temp("check.wtb");
    let mut bytes = Vec::new();
    wthor::write_games(&mut bytes, &header, &games).unwrap();
    fs::write(&path, bytes).unwrap();
    let output = run(&["check", "--json", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["record"], 5);
    assert_eq!(lines[0]["empties"], 12);
    assert_eq!(
        lines[0]["record_black_discs"],
        u64::from(games[5].theoretical_black_discs)
    );
    assert_eq!(
        lines[0]["solver_black_discs"],
        u64::from(games[5].theoretical_black_discs - 2)
    );
    assert_eq!(
        (
            &lines[1]["checked"],
            &lines[1]["agree"],
            &lines[1]["differ"]
        ),
        (&8.into(), &7.into(), &1.into())
    );
    // With a limit, the first games only.
    let output = run(&["check", "--limit", "3", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("3 games checked: 3 agree, 0 differ;"),
        "{}",
        stdout(&output)
    );
}

/// The real files' theoretical scores (from 24 empties, the files' depth P3) against the
/// solver. Slow (20 solves of 24 empties): run by hand with
/// `cargo test --release -p reversi-records --test records -- --ignored real_theoretical`.
#[test]
#[ignore = "20 exact solves at 24 empties; minutes in a debug build"]
fn real_theoretical_scores_agree_with_the_solver() {
    let output = run(&[
        "check",
        "--json",
        data("WTH_1977.wtb").to_str().unwrap(),
        data("WTH_1978.wtb").to_str().unwrap(),
    ]);
    println!("{}", stdout(&output));
    let last: serde_json::Value =
        serde_json::from_str(stdout(&output).lines().last().unwrap()).unwrap();
    assert_eq!(last["checked"], 20);
    assert_eq!(last["differ"], 0, "{}", stdout(&output));
}

/// A `stats` reply's wins, draws and losses (for the side that played it).
fn wins_draws_losses(reply: &serde_json::Value) -> (u64, u64, u64) {
    let count = |field: &str| reply[field].as_u64().unwrap();
    (count("wins"), count("draws"), count("losses"))
}

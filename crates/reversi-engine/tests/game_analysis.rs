//! `Engine::analyse_game` against the exact solver's every-move scores: a line from FFO
//! #40 (20 empties) to the end with seven moves that are not the best
//! (tests/data/game-analysis-ffo40.txt, each board's scores printed by
//! `reversi-solve --all`, how in its header). The reported losses of the plies solved
//! exactly are the solver's best score minus the played move's score.

use reversi::{Board, ByColor, Color, Ply};
use reversi_engine::{Engine, GameAnalysisSettings, SearchLimits};

/// One ply of the line: the board it is played on, every legal move's exact score (as
/// `reversi-solve --all` printed them), the ply.
struct Row {
    board: String,
    scores: Vec<(Ply, i32)>,
    played: Ply,
}

fn rows() -> Vec<Row> {
    include_str!("data/game-analysis-ffo40.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let solved: Vec<&str> = fields[1].split(' ').collect();
            let scores = solved[2]
                .split(',')
                .map(|item| {
                    let (ply, score) = item.split_once(':').unwrap();
                    (ply.parse().unwrap(), score.parse().unwrap())
                })
                .collect();
            Row {
                board: fields[0].to_owned(),
                scores,
                played: fields[2].parse().unwrap(),
            }
        })
        .collect()
}

/// The loss the solver's scores give the row's ply: the best score less the played
/// move's; `None` for a pass.
fn expected_loss(row: &Row) -> Option<i32> {
    if row.played == Ply::Pass {
        return None;
    }
    let best = row.scores.iter().map(|&(_, s)| s).max().unwrap();
    let played = row
        .scores
        .iter()
        .find(|&&(p, _)| p == row.played)
        .unwrap()
        .1;
    Some(best - played)
}

/// Analyses the whole line with `settings` and checks every ply: the board and side it
/// was played on (replayed by the rules, against the data's board), and for the plies at
/// most `exact` empties deep the solver's values and loss; the others are not exact.
/// Each player's summary adds up the losses of the plies.
fn check(settings: GameAnalysisSettings, exact: u32) {
    let rows = rows();
    let start = Board::from_obf(&rows[0].board).unwrap();
    let plies: Vec<Ply> = rows.iter().map(|r| r.played).collect();
    let mut engine = Engine::with_table_bytes(16 << 20);
    let mut calls = Vec::new();
    let analysis = engine
        .analyse_game(&start, &plies, &settings, |done, all| {
            calls.push((done, all))
        })
        .unwrap();
    assert_eq!(
        calls,
        (1..=rows.len())
            .map(|i| (i, rows.len()))
            .collect::<Vec<_>>()
    );
    assert_eq!(analysis.plies.len(), rows.len());
    let mut board = start;
    let mut losses = ByColor::<f64>::default();
    for (row, ply) in rows.iter().zip(&analysis.plies) {
        assert_eq!(board.to_obf(), row.board, "ply {}", ply.number);
        assert_eq!(ply.color, board.side_to_move());
        assert_eq!(ply.empties, board.empty_squares().len());
        assert_eq!(ply.played, row.played);
        match (expected_loss(row), &ply.score) {
            (None, None) => {}
            (Some(loss), Some(score)) if ply.empties <= exact => {
                assert!(score.exact, "ply {}", ply.number);
                assert_eq!(
                    score.loss,
                    f64::from(loss),
                    "ply {} ({})",
                    ply.number,
                    row.played
                );
                let best = row.scores.iter().map(|&(_, s)| s).max().unwrap();
                assert_eq!(score.best_value, f64::from(best), "ply {}", ply.number);
                assert!(
                    row.scores.contains(&(score.best, best)),
                    "ply {}",
                    ply.number
                );
                *losses.get_mut(ply.color) += score.loss;
            }
            (Some(_), Some(score)) => {
                assert!(!score.exact, "ply {}", ply.number);
                assert!(score.loss >= 0.0 && score.best_value - score.value == score.loss);
                *losses.get_mut(ply.color) += score.loss;
            }
            (want, got) => panic!("ply {}: expected {want:?}, got {got:?}", ply.number),
        }
        board = board.play_ply(row.played).unwrap();
    }
    assert!(board.is_game_over());
    assert_eq!(engine.board(), &board);
    for color in [Color::Black, Color::White] {
        let summary = analysis.summary.get(color);
        assert_eq!(summary.total_loss, *losses.get(color), "{color}");
    }
}

/// The plies from 14 empties solved exactly, the six before searched (a midgame search
/// of at most 10 plies: fast).
#[test]
fn losses_from_14_empties_are_the_solvers() {
    let settings = GameAnalysisSettings {
        exact_empties: Some(14),
        limits: SearchLimits {
            depth: Some(6),
            ..SearchLimits::default()
        },
        ..GameAnalysisSettings::default()
    };
    check(settings, 14);
    // The data's mistakes from 14 empties: Black d8 (4 discs), Black b6 (42), Black a6
    // (4), White b7 (16); White's c8 (4) is at 15 empties, searched.
    let rows = rows();
    let from_14: Vec<i32> = rows[6..]
        .iter()
        .filter_map(expected_loss)
        .filter(|&l| l > 0)
        .collect();
    assert_eq!(from_14, [4, 42, 4, 16]);
}

/// Every ply from 20 empties solved exactly (about 3 s at the test profile's opt-level 2,
/// 2.7 s of CPU on the project machine).
#[test]
fn losses_from_20_empties_are_the_solvers() {
    let settings = GameAnalysisSettings {
        exact_empties: Some(20),
        limits: SearchLimits::default(),
        ..GameAnalysisSettings::default()
    };
    check(settings, 20);
}

//! The direct API, as a crate user drives it: positions, typed moves, limits, reports.

use std::time::{Duration, Instant};

use congo::{IllegalMove, Move, Position, Rules};
use congo_engine::{Engine, EngineError, SearchLimits, DEFAULT_SEARCH_TIME, MAX_DEPTH, WIN};

/// Plays `moves` (text) from `position`, checked.
fn played(position: Position, moves: &[&str]) -> Position {
    moves.iter().fold(position, |pos, text| {
        pos.play(text.parse().unwrap(), Rules::FULL).unwrap()
    })
}

#[test]
fn the_principal_variation_is_a_legal_line_from_the_best_move() {
    let mut engine = Engine::new(Rules::FULL);
    for fen in congo_engine::BENCH_POSITIONS {
        engine.set_position(fen.parse().unwrap());
        let report = engine.search(SearchLimits::depth(5)).unwrap();
        assert_eq!(report.pv.first(), Some(&report.best_move), "{fen}");
        assert!(report.pv.len() as u32 <= report.depth.max(1), "{fen}");
        let mut pos = *engine.position();
        for mv in &report.pv {
            pos = pos
                .play(*mv, Rules::FULL)
                .unwrap_or_else(|e| panic!("{fen}: {mv}: {e}"));
        }
    }
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut engine = Engine::new(Rules::FULL);
    engine.play("d2d3".parse().unwrap()).unwrap();
    let before = *engine.position();
    let err = engine.play("d3d4".parse().unwrap()).unwrap_err();
    assert!(matches!(err, IllegalMove::NotYourPiece { .. }), "{err}");
    assert_eq!(*engine.position(), before);
    assert_eq!(before, played(Position::START, &["d2d3"]));
}

/// Typed moves played with [`Engine::play`] make the same game as a protocol `moves`
/// line, earlier positions included: they count for repetitions, so the search from a
/// position reached again differs from a fresh one.
#[test]
fn played_positions_count_for_repetitions() {
    let fen = "2l4/7/7/7/7/7/3LZ2 w 0";
    let shuffle = ["d1d2", "c7c6", "d2d1", "c6c7"];
    let mut typed = Engine::new(Rules::FULL);
    typed.set_position(fen.parse().unwrap());
    let fresh = typed.search(SearchLimits::depth(4)).unwrap();
    for mv in shuffle {
        typed.play(mv.parse().unwrap()).unwrap();
    }
    let mut lines = Engine::new(Rules::FULL);
    lines.handle_line(&format!("position {fen}")).unwrap();
    // The same first search, so that both tables hold the same entries.
    assert_eq!(lines.search(SearchLimits::depth(4)).unwrap(), fresh);
    lines
        .handle_line(&format!("moves {}", shuffle.join(" ")))
        .unwrap();
    assert_eq!(typed.position(), lines.position());
    assert_eq!(typed.position().zobrist_key(), fresh_key(fen));
    let again = typed.search(SearchLimits::depth(4)).unwrap();
    assert_eq!(again, lines.search(SearchLimits::depth(4)).unwrap());
    assert_ne!(again.nodes, fresh.nodes);
}

/// The Zobrist key of `fen`.
fn fresh_key(fen: &str) -> u64 {
    fen.parse::<Position>().unwrap().zobrist_key()
}

#[test]
fn limits_default_sensibly() {
    let limits = SearchLimits::default();
    assert_eq!(limits.depth, MAX_DEPTH);
    assert_eq!(limits.time, Some(DEFAULT_SEARCH_TIME));
    let mut engine = Engine::new(Rules::FULL);
    let asked = Instant::now();
    let report = engine.search(limits).unwrap();
    assert!(asked.elapsed() < DEFAULT_SEARCH_TIME + Duration::from_millis(200));
    assert!(report.depth >= 3, "{report:?}");
    // One limit alone.
    let nodes = engine.search(SearchLimits::nodes(2000)).unwrap().nodes;
    assert!((2000..2600).contains(&nodes), "{nodes}");
    let quick = engine
        .search(SearchLimits::time(Duration::from_millis(20)))
        .unwrap();
    assert!(Position::START.check_move(quick.best_move).is_ok());
}

#[test]
fn won_and_finished_games() {
    let mut engine = Engine::new(Rules::FULL);
    engine.set_position("3l3/7/7/7/7/7/3LZ2 w 0".parse().unwrap());
    let report = engine.search(SearchLimits::depth(6)).unwrap();
    assert_eq!(
        (report.best_move, report.score),
        ("d1d7".parse::<Move>().unwrap(), WIN)
    );
    engine.play(report.best_move).unwrap();
    assert!(matches!(
        engine.search(SearchLimits::depth(1)),
        Err(EngineError::GameOver { .. })
    ));
    // White has no legal move: it has lost, and there is no move to report.
    engine.set_position(
        "lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0"
            .parse()
            .unwrap(),
    );
    assert_eq!(
        engine.search(SearchLimits::depth(1)),
        Err(EngineError::NoLegalMove)
    );
}

//! The engine's fast paths agree with the rules' own answers (`congo::Position::status`),
//! on many positions: a side without a legal move loses, and two bare lions with no lion
//! capture are a draw.

use congo::{Color, DrawReason, Piece, Position, Role, Rules, Square, Status, WinReason};
use congo_engine::eval::evaluate_position;
use congo_engine::{Engine, EngineError, SearchLimits, WIN};

/// Positions of random playouts from the two starts (seeded: the same in every run),
/// the finished ones included.
fn playout_positions(games: u64) -> Vec<Position> {
    let starts = [
        "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0".parse().unwrap(),
        Position::START,
    ];
    let mut state = 0x5eed;
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut pos: Position = starts[(game % 2) as usize];
        for _ in 0..120 {
            positions.push(pos);
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let (next, random) = grid::split_mix64(state);
            state = next;
            pos = pos.play_unchecked(moves[(random % moves.len() as u64) as usize], Rules::FULL);
        }
    }
    positions
}

/// The engine's search says "no legal move" exactly when the rules say the side to move
/// has lost for want of one, and finds a move in every other unfinished game.
#[test]
fn no_legal_move_is_the_rules_loss() {
    let mut engine = Engine::new(Rules::FULL);
    let mut checked = 0;
    for pos in playout_positions(60) {
        if pos.outcome().is_some() {
            continue;
        }
        engine.set_position(pos);
        let result = engine.search(SearchLimits::depth(1));
        let lost = matches!(
            pos.status(),
            Status::Won {
                reason: WinReason::NoLegalMove,
                ..
            }
        );
        assert_eq!(
            matches!(result, Err(EngineError::NoLegalMove)),
            lost,
            "{pos}"
        );
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

/// With a lion each side and nothing else, the evaluation is a draw (0): the rules agree
/// unless the side to move has the lion capture, which the search then finds (the static
/// draw never hides it).
#[test]
fn bare_lions_are_the_rules_draw() {
    let mut engine = Engine::new(Rules::FULL);
    let castle = |rank: u8| (2..5).flat_map(move |file| (rank..rank + 3).map(move |r| (file, r)));
    let mut draws = 0;
    for (wf, wr) in castle(0) {
        for (bf, br) in castle(4) {
            for side in Color::ALL {
                let mut pos = Position::empty(side, 0);
                let lion = |color| {
                    Some(Piece {
                        color,
                        role: Role::Lion,
                    })
                };
                pos.set_piece(Square::new(wf, wr).unwrap(), lion(Color::White));
                pos.set_piece(Square::new(bf, br).unwrap(), lion(Color::Black));
                assert_eq!(evaluate_position(&pos), 0, "{pos}");
                engine.set_position(pos);
                let report = engine.search(SearchLimits::depth(2)).unwrap();
                if pos.status() == Status::Drawn(DrawReason::BareLions) {
                    draws += 1;
                } else {
                    assert_eq!(pos.status(), Status::Ongoing, "{pos}");
                    assert_eq!(report.score, WIN, "{pos}");
                    let captured = pos.captured(&report.best_move);
                    assert_eq!(captured, pos.pieces(!pos.side_to_move(), Role::Lion));
                }
            }
        }
    }
    assert!(draws > 100, "{draws}");
}

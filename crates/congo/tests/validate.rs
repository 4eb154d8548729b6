//! `Position::validate` (issue #12): one test per rule, each position made by hand from
//! the rule text (docs/congo-rules.md), and every position of random games from the
//! start is valid.

use congo::{Color, Position, PositionError, Role, Rules, Square};

fn check(fen: &str) -> Result<(), PositionError> {
    fen.parse::<Position>()
        .expect("the FENs here parse")
        .validate()
}

fn sq(name: &str) -> Square {
    name.parse::<Square>().unwrap()
}

#[test]
fn the_start_and_simple_positions_are_valid() {
    assert_eq!(Position::START.validate(), Ok(()));
    assert_eq!(check("3l3/7/7/7/7/7/3L3 w 0"), Ok(()));
    // Lions anywhere in their castles.
    assert_eq!(check("7/2l4/7/7/4L2/7/7 b 9"), Ok(()));
    // A crocodile per side on the river with another piece each: crocodiles never drown.
    assert_eq!(check("3l3/7/7/CZ3cz/7/7/3L3 w 0"), Ok(()));
}

#[test]
fn one_lion_a_side() {
    assert_eq!(
        check("3l3/7/7/7/7/2LLL2/3L3 w 0"),
        Err(PositionError::TooManyLions {
            color: Color::White,
            count: 4
        })
    );
    assert_eq!(
        check("2lll2/7/7/7/7/7/3L3 b 0"),
        Err(PositionError::TooManyLions {
            color: Color::Black,
            count: 3
        })
    );
    assert_eq!(check("7/7/7/7/7/7/7 w 0"), Err(PositionError::NoLions));
    assert_eq!(
        check("7/ppppppp/7/7/7/PPPPPPP/7 b 0"),
        Err(PositionError::NoLions)
    );
}

#[test]
fn a_missing_lion_is_the_side_to_moves() {
    // White captured Black's lion: Black is to move.
    assert_eq!(check("7/7/7/7/7/7/3L3 b 3"), Ok(()));
    assert_eq!(
        check("7/7/7/7/7/7/3L3 w 3"),
        Err(PositionError::LionLostOutOfTurn {
            color: Color::Black
        })
    );
    assert_eq!(check("3l3/7/7/7/7/7/7 w 3"), Ok(()));
    assert_eq!(
        check("3l3/7/7/7/7/7/7 b 3"),
        Err(PositionError::LionLostOutOfTurn {
            color: Color::White
        })
    );
}

#[test]
fn lions_stay_in_their_castles() {
    assert_eq!(
        check("3l3/7/7/7/7/7/L6 w 0"),
        Err(PositionError::LionOutsideCastle {
            color: Color::White,
            square: sq("a1")
        })
    );
    // The river is outside both castles.
    assert_eq!(
        check("7/3l3/7/3L3/7/7/7 w 0"),
        Err(PositionError::LionOutsideCastle {
            color: Color::White,
            square: sq("d4")
        })
    );
    assert_eq!(
        check("7/7/7/7/5l1/7/3L3 w 0"),
        Err(PositionError::LionOutsideCastle {
            color: Color::Black,
            square: sq("f3")
        })
    );
    // Each in the other's castle while both are on the board: impossible.
    assert_eq!(
        check("3L3/7/7/7/7/7/3l3 w 0"),
        Err(PositionError::LionOutsideCastle {
            color: Color::White,
            square: sq("d7")
        })
    );
    // After the lion capture (d1 takes d7 along the open file) the winner stands in
    // Black's castle and Black, without a lion, is to move.
    assert_eq!(check("3L3/7/7/7/7/7/7 b 0"), Ok(()));
}

#[test]
fn no_more_pieces_of_a_kind_than_at_the_start() {
    // 7 pawns a side at the start; a superpawn is a promoted pawn.
    assert_eq!(check("3l3/7/7/7/S6/PPPPPP1/3L3 w 0"), Ok(()));
    assert_eq!(
        check("3l3/7/7/7/SS5/PPPPPP1/3L3 w 0"),
        Err(PositionError::TooManyPawns {
            color: Color::White,
            count: 8
        })
    );
    assert_eq!(
        check("3l3/ppppppp/p6/7/7/7/3L3 w 0"),
        Err(PositionError::TooManyPawns {
            color: Color::Black,
            count: 8
        })
    );
    // Two elephants, one giraffe, monkey, crocodile and zebra.
    assert_eq!(check("3l3/7/7/7/7/GMEECZ1/3L3 w 0"), Ok(()));
    assert_eq!(
        check("3l3/7/7/7/7/EEE4/3L3 w 0"),
        Err(PositionError::TooManyPieces {
            color: Color::White,
            role: Role::Elephant,
            count: 3,
            max: 2
        })
    );
    assert_eq!(
        check("3l3/zz5/7/7/7/7/3L3 w 0"),
        Err(PositionError::TooManyPieces {
            color: Color::Black,
            role: Role::Zebra,
            count: 2,
            max: 1
        })
    );
    for (letter, role) in [
        ('g', Role::Giraffe),
        ('m', Role::Monkey),
        ('c', Role::Crocodile),
    ] {
        let fen = format!("3l3/{letter}{letter}5/7/7/7/7/3L3 w 0");
        assert_eq!(
            check(&fen),
            Err(PositionError::TooManyPieces {
                color: Color::Black,
                role,
                count: 2,
                max: 1
            }),
            "{fen}"
        );
    }
}

#[test]
fn no_pawn_on_its_own_first_rank() {
    assert_eq!(
        check("3l3/7/7/7/7/7/P2L3 w 0"),
        Err(PositionError::PawnOnFirstRank {
            color: Color::White,
            square: sq("a1")
        })
    );
    assert_eq!(
        check("3l2p/7/7/7/7/7/3L3 w 0"),
        Err(PositionError::PawnOnFirstRank {
            color: Color::Black,
            square: sq("g7")
        })
    );
    // A pawn on its far rank: the 2021 edition has no promotion. A superpawn anywhere.
    assert_eq!(check("P2l3/7/7/7/7/7/3L2p w 0"), Ok(()));
    assert_eq!(check("3l3/7/7/7/7/7/S2L3 w 0"), Ok(()));
}

#[test]
fn at_most_one_piece_a_side_on_the_river_besides_crocodiles() {
    assert_eq!(check("3l3/7/7/P5p/7/7/3L3 w 0"), Ok(()));
    assert_eq!(
        check("3l3/7/7/PZ5/7/7/3L3 b 0"),
        Err(PositionError::CrowdedRiver {
            color: Color::White,
            count: 2
        })
    );
    assert_eq!(
        check("3l3/7/7/C1pmz2/7/7/3L3 w 0"),
        Err(PositionError::CrowdedRiver {
            color: Color::Black,
            count: 3
        })
    );
}

#[test]
fn errors_name_the_rule() {
    let text = |fen: &str| check(fen).unwrap_err().to_string();
    assert_eq!(
        text("3l3/7/7/7/7/EEE4/3L3 w 0"),
        "white has 3 elephants, at most 2"
    );
    assert_eq!(
        text("3l3/7/7/7/SS5/PPPPPP1/3L3 w 0"),
        "white has 8 pawns and superpawns, at most 7"
    );
    assert!(
        text("7/7/7/7/7/7/3L3 w 3").starts_with("black's lion is missing but black is not to move")
    );
}

/// Every position of random games from the start, under both rule sets, is valid (the
/// rules above only refuse what play cannot reach).
#[test]
fn random_games_stay_valid() {
    let mut rng = fastrand::Rng::with_seed(4);
    let mut moves = Vec::new();
    for game in 0..200 {
        let rules = if game % 3 == 0 {
            Rules::EDITION_2021
        } else {
            Rules::FULL
        };
        let mut pos = Position::START;
        for _ in 0..120 {
            assert_eq!(pos.validate(), Ok(()), "{pos}");
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.usize(..moves.len())], rules);
        }
        assert_eq!(pos.validate(), Ok(()), "{pos}");
    }
}

//! Move notation: parsing, printing and its typed errors.

use congo::{IllegalMove, Move, ParseMoveError, Position};

#[test]
fn simple_and_path_moves_round_trip() {
    for text in ["d1d2", "e7e1", "a1g7", "b1d3f5d7", "a1c1c3a3a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    // File letters are read in either case and written in lower case.
    assert_eq!("D1D7".parse::<Move>().unwrap().to_string(), "d1d7");
    assert_eq!("B1d3F5d7".parse::<Move>().unwrap().to_string(), "b1d3f5d7");
    let m: Move = "a1c1c3a3a1".parse().unwrap();
    assert_eq!(m.landing_count(), 4);
    assert_eq!(m.from(), m.to());
}

#[test]
fn move_errors_say_which_square() {
    let err = |t: &str| t.parse::<Move>().unwrap_err();
    assert_eq!(err(""), ParseMoveError::Length { len: 0 });
    assert_eq!(err("d1"), ParseMoveError::Length { len: 2 });
    assert_eq!(err("d1d"), ParseMoveError::Length { len: 3 });
    assert!(matches!(
        err("h1d2"),
        ParseMoveError::Square { index: 1, .. }
    ));
    assert!(matches!(
        err("d1d8"),
        ParseMoveError::Square { index: 2, .. }
    ));
    assert!(matches!(
        err("1dd2"),
        ParseMoveError::Square { index: 1, .. }
    ));
    // Three or more squares: every step must be a 2-square jump.
    assert_eq!(err("b1d3d4"), ParseMoveError::NotAJump { index: 3 });
    assert_eq!(err("b1b2d4"), ParseMoveError::NotAJump { index: 2 });
    assert_eq!(
        err("b1d3d4").to_string(),
        "square 3 of the move is not a 2-square jump from the square before it"
    );
}

#[test]
fn illegal_moves_say_why() {
    let start = Position::START;
    assert!(matches!(
        start.parse_move("d3d4"),
        Err(IllegalMove::NoPiece { .. })
    ));
    assert!(matches!(
        start.parse_move("d6d5"),
        Err(IllegalMove::NotYourPiece { .. })
    ));
    assert_eq!(
        start.parse_move("e1e5").unwrap_err().to_string(),
        "the elephant on e1 cannot play e1e5"
    );
    assert!(matches!(
        start.parse_move("e1"),
        Err(IllegalMove::Syntax(_))
    ));
    let over: Position = "7/7/7/7/7/7/3L3 b 0".parse().unwrap();
    assert_eq!(over.parse_move("d1d2"), Err(IllegalMove::GameOver));
}

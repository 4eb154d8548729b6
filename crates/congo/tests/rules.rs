//! One test per rule of the Congo rules, each on a small position made for it. Every
//! expected value here was worked out by hand from the rule text, not by running the
//! engine.

use congo::{Color, Move, Outcome, ParseFenError, Position, Role, Rules};
use itertools::Itertools;

/// The status line of the assignment's programs, judged by the lions alone: `Continue`,
/// `White wins` or `Black wins` (the `Outcome` text).
fn status_line(pos: &Position) -> String {
    pos.outcome()
        .map_or("Continue".to_string(), |o| o.to_string())
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// The sorted moves of `role` for the side to move.
fn moves_of(fen: &str, role: Role) -> String {
    let mut moves = Vec::new();
    pos(fen).legal_moves_of(role, &mut moves);
    moves.iter().map(Move::to_string).sorted().join(" ")
}

/// FEN and status after playing `mv` under the full rules.
fn play(fen: &str, mv: &str) -> String {
    let p = pos(fen);
    let after = p.play(mv.parse().unwrap(), Rules::FULL).unwrap();
    format!("{after} {}", status_line(&after))
}

#[test]
fn lion_steps_only_inside_its_castle() {
    // c1 is the castle's corner: b1, b2 are outside it.
    assert_eq!(
        moves_of("3l3/7/7/7/7/7/2L4 w 0", Role::Lion),
        "c1c2 c1d1 c1d2"
    );
}

#[test]
fn lion_captures_along_a_clear_file_only() {
    assert_eq!(
        moves_of("3l3/7/7/7/7/7/3L3 w 0", Role::Lion),
        "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2"
    );
    // A piece on d4 blocks the file.
    assert_eq!(
        moves_of("3l3/7/7/3p3/7/7/3L3 w 0", Role::Lion),
        "d1c1 d1c2 d1d2 d1e1 d1e2"
    );
    assert_eq!(
        play("3l3/7/7/7/7/7/3L3 b 4", "d7d1"),
        "7/7/7/7/7/7/3l3 w 5 Black wins"
    );
}

#[test]
fn lion_captures_along_the_castle_diagonal_through_empty_d4() {
    assert_eq!(
        moves_of("7/7/4l2/7/2L4/7/7 w 0", Role::Lion),
        "c3c2 c3d2 c3d3 c3e5"
    );
    assert_eq!(
        moves_of("7/7/4l2/3P3/2L4/7/7 w 0", Role::Lion),
        "c3c2 c3d2 c3d3"
    );
}

#[test]
fn zebra_leaps_like_a_knight_over_pieces() {
    assert_eq!(
        moves_of("3l3/7/7/7/7/PPP4/1Z1L3 w 0", Role::Zebra),
        "b1a3 b1c3 b1d2"
    );
}

#[test]
fn elephant_moves_one_or_two_orthogonally_jumping() {
    // a2 holds a White pawn: the elephant jumps it to capture on a3; never diagonal.
    assert_eq!(
        moves_of("3l3/7/7/7/p6/P6/E2L3 w 0", Role::Elephant),
        "a1a3 a1b1 a1c1"
    );
}

#[test]
fn giraffe_steps_without_capturing_and_jumps_two() {
    // b2 and c3 are adjacent enemies it cannot take; c4 it takes by jumping c3.
    assert_eq!(
        moves_of("3l3/7/7/2p4/2p4/1pG4/3L3 w 0", Role::Giraffe),
        "c2a2 c2a4 c2b1 c2b3 c2c1 c2c4 c2d2 c2d3 c2e2 c2e4"
    );
}

#[test]
fn crocodile_slides_toward_the_river_and_stops_on_it() {
    // From d2 it slides up to d4 (the river) and no further, though d5 is empty.
    assert_eq!(
        moves_of("3l3/3p3/7/7/7/3C3/3L3 w 0", Role::Crocodile),
        "d2c1 d2c2 d2c3 d2d3 d2d4 d2e1 d2e2 d2e3"
    );
}

#[test]
fn crocodile_slides_along_the_river_until_blocked() {
    // On c4: west to a4, east to e4 (own pawn on f4); no file slide from the river.
    assert_eq!(
        moves_of("3l3/7/7/2C2P1/7/7/3L3 w 0", Role::Crocodile),
        "c4a4 c4b3 c4b4 c4b5 c4c3 c4c5 c4d3 c4d4 c4d5 c4e4"
    );
}

#[test]
fn crocodile_never_drowns() {
    assert_eq!(
        play("3l3/7/7/C5p/7/7/3L3 w 0", "a4g4"),
        "3l3/7/7/6C/7/7/3L3 b 0 Continue"
    );
}

#[test]
fn monkey_yields_one_move_per_jump_path_and_may_return_to_its_square() {
    // Enemies on b1, a2, c2, b3 around the a1-c1-c3-a3 square.
    let fen = "3l3/7/7/7/1p5/p1p1L2/Mp5 w 0";
    assert_eq!(
        moves_of(fen, Role::Monkey),
        "a1a3 a1a3c3 a1a3c3c1 a1a3c3c1a1 a1b2 a1c1 a1c1c3 a1c1c3a3 a1c1c3a3a1"
    );
    assert_eq!(play(fen, "a1c1c3a3a1"), "3l3/7/7/7/7/4L2/M6 b 0 Continue");
    // Stopping after the second jump removes only the two jumped pawns.
    assert_eq!(play(fen, "a1c1c3"), "3l3/7/7/7/1pM4/p3L2/7 b 0 Continue");
}

#[test]
fn monkey_jumping_the_lion_ends_the_move_and_the_game() {
    // After jumping c5 to b6 it could otherwise jump b5 to b4.
    let fen = "7/7/1pl4/3M3/7/7/3L3 w 0";
    assert_eq!(
        moves_of(fen, Role::Monkey),
        "d4b6 d4c3 d4c4 d4d3 d4d5 d4e3 d4e4 d4e5"
    );
    assert_eq!(play(fen, "d4b6"), "7/1M5/1p5/7/7/7/3L3 b 0 White wins");
}

#[test]
fn pawn_moves_forward_and_retreats_only_past_the_river() {
    assert_eq!(
        moves_of("3l3/7/3P3/7/7/7/3L3 w 0", Role::Pawn),
        "d5c6 d5d3 d5d4 d5d6 d5e6"
    );
    // On the river it is not past it.
    assert_eq!(
        moves_of("3l3/7/7/3P3/7/7/3L3 w 0", Role::Pawn),
        "d4c5 d4d5 d4e5"
    );
    // Retreats never capture nor jump.
    assert_eq!(
        moves_of("3l3/7/3P3/3p3/7/7/3L3 w 0", Role::Pawn),
        "d5c6 d5d6 d5e6"
    );
    // Black: forward is down, past the river is ranks 1-3.
    assert_eq!(
        moves_of("3l3/7/7/7/3p3/7/3L3 b 0", Role::Pawn),
        "d3c2 d3d2 d3d4 d3d5 d3e2"
    );
}

#[test]
fn superpawn_moves_sideways_and_retreats_anywhere() {
    assert_eq!(
        moves_of("3l3/7/7/7/7/3S3/4L2 w 0", Role::Superpawn),
        "d2c1 d2c2 d2c3 d2d1 d2d3 d2e2 d2e3"
    );
}

#[test]
fn pawn_promotes_on_the_far_rank_unless_the_rule_is_off() {
    assert_eq!(
        play("3l3/7/7/7/7/1p5/3L3 b 0", "b2b1"),
        "3l3/7/7/7/7/7/1s1L3 w 1 Continue"
    );
    let p = pos("3l3/7/7/7/7/1p5/3L3 b 0");
    let after = p
        .play("b2b1".parse().unwrap(), Rules::EDITION_2021)
        .unwrap();
    assert_eq!(after.to_string(), "3l3/7/7/7/7/7/1p1L3 w 1");
}

#[test]
fn piece_moving_along_the_river_drowns_but_its_capture_stands() {
    // The elephant jumps along the river from a4 to c4 and drowns.
    assert_eq!(
        play("3l3/7/7/E6/7/7/3L3 w 0", "a4c4"),
        "3l3/7/7/7/7/7/3L3 b 0 Continue"
    );
    // Capturing along the river: the captured pawn stays captured.
    assert_eq!(
        play("3l3/7/7/E1p4/7/7/3L3 w 0", "a4c4"),
        "3l3/7/7/7/7/7/3L3 b 0 Continue"
    );
}

#[test]
fn piece_left_on_the_river_drowns_and_a_newcomer_survives() {
    assert_eq!(
        play("3l3/7/7/P6/3P3/7/3L3 w 0", "d3d4"),
        "3l3/7/7/3P3/7/7/3L3 b 0 Continue"
    );
}

#[test]
fn monkey_starting_and_ending_on_the_river_drowns() {
    assert_eq!(
        play("3l3/7/4pp1/3M3/7/7/3L3 w 0", "d4f6f4"),
        "3l3/7/7/7/7/7/3L3 b 0 Continue"
    );
}

#[test]
fn opponent_river_pieces_are_untouched() {
    assert_eq!(
        play("3l3/7/7/p6/7/7/3L3 w 0", "d1d2"),
        "3l3/7/7/p6/7/3L3/7 b 0 Continue"
    );
}

#[test]
fn a_position_without_a_lion_has_no_moves() {
    let p = pos("7/7/7/7/7/7/3L3 w 0");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.perft(1_000_000, Rules::FULL), 0);
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(
        pos("3l3/7/7/7/7/7/7 w 0").outcome(),
        Some(Outcome::Win(Color::Black))
    );
    assert_eq!(pos("3l3/7/7/7/7/7/7 w 0").winner(), Some(Color::Black));
    assert_eq!(Position::START.outcome(), None);
    assert_eq!(status_line(&Position::START), "Continue");
}

#[test]
fn fen_side_either_case_written_lower_case() {
    let p = pos("3l3/7/7/7/7/7/3L3 B 12");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.move_number(), 12);
    assert_eq!(p.to_string(), "3l3/7/7/7/7/7/3L3 b 12");
}

#[test]
fn fen_errors_name_what_is_wrong() {
    let err = |fen: &str| fen.parse::<Position>().unwrap_err();
    assert_eq!(err(""), ParseFenError::FieldCount { found: 0 });
    assert_eq!(
        err("7/7/7/7/7/7/7 w"),
        ParseFenError::FieldCount { found: 2 }
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 w 0 0"),
        ParseFenError::FieldCount { found: 4 }
    );
    assert_eq!(
        err("7/7/7/7/7/7 w 0"),
        ParseFenError::RankCount { found: 6 }
    );
    assert_eq!(
        err("7/7/7/7/7/7/7/7 w 0"),
        ParseFenError::RankCount { found: 8 }
    );
    assert_eq!(
        err("7/6/7/7/7/7/7 w 0"),
        ParseFenError::RankLength {
            rank: 6,
            squares: 6
        }
    );
    assert_eq!(
        err("7/7/7/7/7/7/ppppppp1 w 0"),
        ParseFenError::RankLength {
            rank: 1,
            squares: 8
        }
    );
    assert_eq!(
        err("7/7/7/3k3/7/7/7 w 0"),
        ParseFenError::UnknownPiece {
            rank: 4,
            letter: 'k'
        }
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 white 0"),
        ParseFenError::BadSide {
            found: "white".into()
        }
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 w x1"),
        ParseFenError::BadMoveNumber { found: "x1".into() }
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 w 18446744073709551616"),
        ParseFenError::BadMoveNumber {
            found: "18446744073709551616".into()
        }
    );
    assert_eq!(
        err("7/7/7/3k3/7/7/7 w 0").to_string(),
        "unknown piece letter 'k' in rank 4"
    )
}

#[test]
fn fen_accepts_trailing_spaces_and_crlf() {
    let p: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0  \r\n"
        .parse()
        .unwrap();
    assert_eq!(p, Position::START);
}

#[test]
fn move_number_grows_after_blacks_move_only() {
    let p = pos("3l3/7/7/7/7/7/3L3 w 7");
    let after = p.play("d1d2".parse().unwrap(), Rules::FULL).unwrap();
    assert_eq!(after.move_number(), 7);
    let after2 = after.play("d7d6".parse().unwrap(), Rules::FULL).unwrap();
    assert_eq!(after2.to_string(), "7/3l3/7/7/7/3L3/7 w 8");
}

/// Issue #12: `play` is checked. From the start, White may not move Black's giraffe
/// (a7a6) nor a piece from an empty square (a4a5); the position is not changed.
#[test]
fn play_is_checked() {
    let start = Position::START;
    let a7a6: Move = "a7a6".parse().unwrap();
    assert!(matches!(
        start.play(a7a6, Rules::FULL),
        Err(congo::IllegalMove::NotYourPiece {
            owner: Color::Black,
            ..
        })
    ));
    let a4a5: Move = "a4a5".parse().unwrap();
    assert!(matches!(
        start.play(a4a5, Rules::FULL),
        Err(congo::IllegalMove::NoPiece { .. })
    ));
    // A legal move agrees with the unchecked form.
    let d2d3: Move = "d2d3".parse().unwrap();
    assert_eq!(
        start.play(d2d3, Rules::FULL),
        Ok(start.play_unchecked(d2d3, Rules::FULL))
    );
    // The game is over without Black's lion: nothing can be played.
    let over = pos("7/7/7/7/7/7/3L3 w 0");
    assert_eq!(
        over.play("d1d2".parse().unwrap(), Rules::FULL),
        Err(congo::IllegalMove::GameOver)
    );
}

//! `Board::validate`: every board of a random game passes; boards breaking each rule
//! (written from the rules: the start discs fill the centre, discs are never removed,
//! every disc is placed next to one it flips) fail with that rule's error.

use proptest::prelude::*;
use reversi::{Board, Color, InvalidBoard, Square, SquareSet};

fn squares(names: &[&str]) -> SquareSet {
    names
        .iter()
        .map(|name| name.parse::<Square>().unwrap())
        .collect()
}

fn board(black: &[&str], white: &[&str], side: Color) -> Board {
    Board::from_discs(squares(black), squares(white), side).unwrap()
}

#[test]
fn an_empty_centre_square_is_unreachable() {
    let d4 = "d4".parse::<reversi::Square>().unwrap();
    let e5 = "e5".parse::<reversi::Square>().unwrap();
    let empty = board(&[], &[], Color::Black);
    assert_eq!(
        empty.validate(),
        Err(InvalidBoard::EmptyCentre { square: d4 })
    );
    let no_e5 = board(&["e4", "d5"], &["d4"], Color::Black);
    assert_eq!(
        no_e5.validate(),
        Err(InvalidBoard::EmptyCentre { square: e5 })
    );
    // Even a full-looking board with one centre hole.
    let all = SquareSet::from_bits(!(1 << e5.index()));
    let holed = Board::from_discs(all, SquareSet::EMPTY, Color::White).unwrap();
    assert_eq!(
        holed.validate(),
        Err(InvalidBoard::EmptyCentre { square: e5 })
    );
}

#[test]
fn a_disc_cut_off_from_the_centre_is_unreachable() {
    let a1 = "a1".parse::<reversi::Square>().unwrap();
    let h3 = "h3".parse::<reversi::Square>().unwrap();
    let lone = board(&["e4", "d5", "a1"], &["d4", "e5"], Color::White);
    assert_eq!(
        lone.validate(),
        Err(InvalidBoard::Disconnected { square: a1 })
    );
    // Neighbours across the board edge do not count: h3 is not next to a4.
    let wrapped = board(
        &["e4", "d5", "c4", "b4", "a4", "h3"],
        &["d4", "e5"],
        Color::White,
    );
    assert_eq!(
        wrapped.validate(),
        Err(InvalidBoard::Disconnected { square: h3 })
    );
    // A diagonal chain connects: c3 touches d4.
    let chain = board(&["e4", "d5", "c3", "b2"], &["d4", "e5"], Color::White);
    assert_eq!(chain.validate(), Ok(()));
}

#[test]
fn the_side_not_to_move_has_a_disc() {
    // All four centre discs White, Black to move: reachable (White just played and
    // left Black none, e.g. a wipe-out). With White to move it is not: Black would have
    // just moved or passed.
    let all_white = ["d4", "e4", "d5", "e5"];
    assert_eq!(board(&[], &all_white, Color::Black).validate(), Ok(()));
    assert_eq!(
        board(&[], &all_white, Color::White).validate(),
        Err(InvalidBoard::NoDiscOfSideNotToMove {
            color: Color::Black
        })
    );
}

/// The first finished game in move order within 9 plies (games first end at ply 9, by
/// wiping a side out): valid, though the side to move has no disc.
#[test]
fn the_start_and_the_first_wipeout_are_valid() {
    fn first_finished(board: Board, depth: u32) -> Option<Board> {
        if board.is_game_over() {
            return Some(board);
        }
        if depth == 0 {
            return None;
        }
        board
            .legal_moves()
            .iter()
            .find_map(|square| first_finished(board.play(square).unwrap(), depth - 1))
    }
    assert_eq!(Board::START.validate(), Ok(()));
    let over = first_finished(Board::START, 9).expect("a game ends within 9 plies");
    assert_eq!(over.discs(over.side_to_move()), SquareSet::EMPTY, "{over}");
    assert_eq!(over.validate(), Ok(()), "{over}");
}

proptest! {
    #[test]
    fn every_board_of_a_random_game_is_valid(picks in proptest::collection::vec(any::<u16>(), 64)) {
        let mut board = Board::START;
        for pick in picks {
            prop_assert_eq!(board.validate(), Ok(()), "{}", board);
            match reversi::random::pick(&board, usize::from(pick)) {
                Some(ply) => board = board.play_ply(ply).unwrap(),
                None => break,
            }
        }
        prop_assert_eq!(board.validate(), Ok(()), "{}", board);
    }
}

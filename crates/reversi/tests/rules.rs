//! One test per rule (and per bug known in other implementations), on small positions
//! whose expected results were worked out by hand from the rules.

use grid::BoardSize;
use reversi::{
    Board, ByColor, Color, IllegalMove, Outcome, ParseTranscriptError, Square, SquareSet,
    Transcript, WrongBoardSize,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &[&str]) -> SquareSet {
    names.iter().map(|name| sq(name)).collect()
}

/// The board as the judge program's diagram: rank 1 first, `X` Black, `O` White.
fn rank_one_first(board: &Board) -> String {
    let mut text = String::new();
    for rank in 0..8 {
        for file in 0..8 {
            let square = Square::new(file, rank).unwrap();
            text.push(board.disc_at(square).map_or('.', Color::char));
        }
        text.push('\n');
    }
    text
}

#[test]
fn start_position() {
    let board = Board::START;
    assert_eq!(board.discs(Color::White), set(&["d4", "e5"]));
    assert_eq!(board.discs(Color::Black), set(&["e4", "d5"]));
    assert_eq!(board.side_to_move(), Color::Black);
    assert_eq!(board.legal_moves(), set(&["d3", "c4", "f5", "e6"]));
}

#[test]
fn square_sets_iterate_the_8x8_squares_without_a_board_size() {
    // After Black's f5 (flipping e5), White (d4 alone) closes a Black disc against d4
    // on f4 (across e4, rank 4), d6 (across d5, file d) and f6 (across e5, the
    // diagonal): a1 = bit 0 ... h8 = bit 63, so they come by rank, then file.
    let board = Board::START.play(sq("f5")).unwrap();
    let names = |set: SquareSet| set.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(names(board.legal_moves()), ["f4", "d6", "f6"]);
    // Black now holds e4 (bit 28), d5 (35), e5 (36, flipped) and f5 (37).
    assert_eq!(names(board.discs(Color::Black)), ["e4", "d5", "e5", "f5"]);
    let mut count = 0;
    for square in board.empty_squares() {
        assert_eq!(square.to_grid().size(), BoardSize::CHESS);
        assert_eq!(board.disc_at(square), None);
        count += 1;
    }
    assert_eq!((count, board.empty_squares().iter().len()), (59, 59));
    assert_eq!(board.legal_moves().first(), Some(sq("f4")));
    assert_eq!(
        format!("{:?}", board.legal_moves()),
        "SquareSet[f4, d6, f6]"
    );

    // Every square once, a1 first and h8 last, as `Square::ALL`; a square of another
    // board is an error where it would become a Reversi square, never renamed.
    let all: Vec<Square> = SquareSet::FULL.iter().collect();
    assert_eq!((all.len(), all[0], all[63]), (64, sq("a1"), sq("h8")));
    assert_eq!(all, Square::ALL);
    assert_eq!(!SquareSet::EMPTY, SquareSet::FULL);
    let congo_d4 = grid::Square::parse("d4", BoardSize::CONGO).unwrap();
    assert!(Board::START.discs(Color::White).contains(sq("d4")));
    assert_eq!(
        Square::try_from(congo_d4),
        Err(WrongBoardSize { square: congo_d4 })
    );
    let chess_d4 = grid::Square::parse("d4", BoardSize::CHESS).unwrap();
    assert_eq!(Square::try_from(chess_d4), Ok(sq("d4")));
    assert_eq!(grid::Square::from(sq("d4")), chess_d4);
    // The form that names the board size still works for 8x8, and names no square of
    // another board.
    #[allow(deprecated)]
    {
        assert!(board.legal_moves().iter().eq(board.legal_moves()));
        assert_eq!(board.legal_moves().squares(BoardSize::CONGO).count(), 0);
    }
    // The set operations are those of sets.
    let (a, b) = (set(&["a1", "b1", "c1"]), set(&["b1", "c1", "d1"]));
    assert_eq!(a & b, set(&["b1", "c1"]));
    assert_eq!(a | b, set(&["a1", "b1", "c1", "d1"]));
    assert_eq!(a ^ b, set(&["a1", "d1"]));
    assert_eq!(a - b, set(&["a1"]));
    assert_eq!(grid::SquareSet::from(a).bits(), 0b111);
    assert_eq!(SquareSet::from(grid::SquareSet::from(a)), a);
}

#[test]
fn every_closed_run_in_every_direction_flips() {
    // Black plays d4: e4 (closed by f4), d5 (closed by d6) and e5 (closed by f6) flip;
    // c4 does not (b4 is empty), nor c3 (b2 is White, a1 empty).
    let black = set(&["f4", "d6", "f6"]);
    let white = set(&["e4", "d5", "e5", "c4", "c3", "b2"]);
    let board = Board::from_discs(black, white, Color::Black).unwrap();
    assert_eq!(board.flips(sq("d4")), set(&["e4", "d5", "e5"]));
    let after = board.play(sq("d4")).unwrap();
    assert_eq!(
        after.discs(Color::Black),
        black | set(&["d4", "e4", "d5", "e5"])
    );
    assert_eq!(after.discs(Color::White), set(&["c4", "c3", "b2"]));
    assert_eq!(after.side_to_move(), Color::White);
}

#[test]
fn a_run_must_be_closed_by_a_mover_disc_not_by_the_edge() {
    // b1..h1 White, a1 empty: a1 flips nothing for Black (the run reaches the edge).
    let white = set(&["b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
    let board = Board::from_discs(SquareSet::EMPTY, white, Color::Black).unwrap();
    assert!(board.flips(sq("a1")).is_empty());
    assert!(board.legal_moves().is_empty());
    // With a Black disc on h1 instead, a1 flips the six discs between.
    let white = set(&["b1", "c1", "d1", "e1", "f1", "g1"]);
    let board = Board::from_discs(set(&["h1"]), white, Color::Black).unwrap();
    assert_eq!(board.flips(sq("a1")), white);
    // A run closed on the far edge square along a diagonal: h8 closes g7..b2 for a1.
    let white = set(&["b2", "c3", "d4", "e5", "f6", "g7"]);
    let board = Board::from_discs(set(&["h8"]), white, Color::Black).unwrap();
    assert_eq!(board.flips(sq("a1")), white);
}

#[test]
fn no_move_wraps_around_the_board_edge() {
    // White h4, Black g4: for Black, a5 (h4's "next square" by index) is not a move.
    let board = Board::from_discs(set(&["g4"]), set(&["h4"]), Color::Black).unwrap();
    assert!(board.legal_moves().is_empty());
    // White a5, Black b5: h4 (a5's "previous square" by index) is not a move.
    let board = Board::from_discs(set(&["b5"]), set(&["a5"]), Color::Black).unwrap();
    assert!(board.legal_moves().is_empty());
}

#[test]
fn moves_that_flip_nothing_are_illegal() {
    assert_eq!(
        Board::START.play(sq("e3")),
        Err(IllegalMove::NoFlip {
            square: sq("e3"),
            color: Color::Black
        })
    );
    assert_eq!(
        Board::START.play(sq("d4")),
        Err(IllegalMove::Occupied { square: sq("d4") })
    );
}

/// The earliest possible pass (after eight plies) and White moving twice, as in the
/// shared vector `early-pass`.
#[test]
fn one_side_stuck_passes_and_the_game_goes_on() {
    let game: Transcript = "d3c3b3b2f5a3a1c1".parse().unwrap();
    let board = *game.board();
    assert_eq!(board.side_to_move(), Color::Black);
    assert!(board.legal_moves().is_empty());
    assert!(board.must_pass());
    assert!(!board.is_game_over());
    assert_eq!(board.outcome(), None);
    let passed = board.pass().unwrap();
    assert_eq!(passed.side_to_move(), Color::White);
    assert!(passed.can_move());
    // The transcript goes on with White's moves, the pass implicit.
    let game: Transcript = "d3c3b3b2f5a3a1c1e3c2d1b1".parse().unwrap();
    let expected =
        "XXOO....\n.OX.....\nOOOXO...\n...XX...\n...XXX..\n........\n........\n........\n";
    assert_eq!(rank_one_first(game.board()), expected);
    assert_eq!(game.board().disc_at(sq("e3")), Some(Color::White));
}

#[test]
fn the_game_ends_when_neither_side_can_move() {
    // A 13-move wipeout: Black has all 17 discs, 47 squares stay empty.
    let game: Transcript = "e6d6c7f5g6d7c6e7f7c5c4b5a5".parse().unwrap();
    let board = game.board();
    assert!(board.is_game_over());
    assert_eq!(
        board.disc_counts(),
        ByColor {
            black: 17,
            white: 0
        }
    );
    assert_eq!(board.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(board.winner(), Some(Color::Black));
    assert_eq!(board.pass(), Err(IllegalMove::GameOver));
    assert_eq!(board.play(sq("a1")), Err(IllegalMove::GameOver));
    let error = "e6d6c7f5g6d7c6e7f7c5c4b5a5a1"
        .parse::<Transcript>()
        .unwrap_err();
    assert_eq!(error.to_string(), "move 14 (a1): the game is over");
}

#[test]
fn a_draw_and_a_white_win() {
    let board = Board::from_discs(set(&["a1"]), set(&["h8"]), Color::Black).unwrap();
    assert_eq!(board.outcome(), Some(Outcome::Draw));
    assert_eq!(board.winner(), None);
    let board = Board::from_discs(set(&["a1"]), set(&["h8", "h7"]), Color::White).unwrap();
    assert_eq!(board.outcome(), Some(Outcome::Win(Color::White)));
}

#[test]
fn transcript_errors_name_the_failing_move() {
    let cases: &[(&str, &str)] = &[
        (
            "f5d",
            "move 2: \"d\" is cut short: a move is a file letter and a rank digit",
        ),
        ("f5z9", "move 2: square \"z9\" is off the 8x8 board"),
        ("f5a9", "move 2: square \"a9\" is off the 8x8 board"),
        (
            "f5d6 c3",
            "move 3: invalid square \" c\": it must start with a file letter a-z",
        ),
        ("f5a1", "move 2 (a1): White on a1 flips no disc"),
        ("f5d6f5", "move 3 (f5): square f5 is not empty"),
    ];
    for &(text, message) in cases {
        let error = text.parse::<Transcript>().unwrap_err();
        assert_eq!(error.to_string(), message, "{text}");
    }
    assert!(matches!(
        Transcript::parse_bytes(b"f5\xff\xfe"),
        Err(ParseTranscriptError::Square { index: 2, .. })
    ));
    assert_eq!("".parse::<Transcript>().unwrap(), Transcript::new());
    assert_eq!(" f5d6\n".parse::<Transcript>().unwrap().len(), 2);
}

#[test]
fn overlapping_discs_are_an_error() {
    let error = Board::from_discs(set(&["c3", "d4"]), set(&["d4", "e5"]), Color::Black);
    assert_eq!(
        error.unwrap_err().to_string(),
        "square d4 holds both a black and a white disc"
    );
}

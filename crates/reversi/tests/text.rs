//! Text round trips: `parse(display(x)) == x` for every value type with a text form
//! (`Board`, `Transcript`, `Outcome`, `Color`, `Convention`, `Ply`), on boards and
//! transcripts of random games and on arbitrary disc sets, and the fixed words of the
//! text forms.

use proptest::prelude::*;
use reversi::{Board, Color, Convention, Outcome, Ply, Transcript, SIZE};

/// The board after `plies` random plies from the start (`picks` choose among the legal
/// moves; a side that cannot move passes; the game may end before).
fn random_game_board(picks: &[u16], plies: usize) -> Board {
    let mut board = Board::START;
    for &pick in picks.iter().take(plies) {
        let legal: Vec<_> = board.legal_moves().squares(SIZE).collect();
        if legal.is_empty() {
            match board.pass() {
                Ok(passed) => board = passed,
                Err(_) => break,
            }
            continue;
        }
        board = board
            .play(legal[usize::from(pick) % legal.len()])
            .expect("a legal move");
    }
    board
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

proptest! {
    #[test]
    fn boards_of_random_games_round_trip(
        picks in proptest::collection::vec(any::<u16>(), 70),
        plies in 0usize..70,
    ) {
        let board = random_game_board(&picks, plies);
        let text = board.to_string();
        prop_assert_eq!(text.parse::<Board>(), Ok(board), "{}", text);
        // The same text with CRLF line ends and no final newline reads the same.
        let crlf = text.trim_end().replace('\n', "\r\n");
        prop_assert_eq!(crlf.parse::<Board>(), Ok(board));
    }

    /// A transcript of a random game (passes implicit) reads back as the same moves and
    /// board.
    #[test]
    fn transcripts_of_random_games_round_trip(picks in proptest::collection::vec(any::<u16>(), 0..64)) {
        let mut game = Transcript::new();
        for pick in picks {
            let board = *game.board();
            let next = if board.must_pass() { board.pass().expect("a pass") } else { board };
            let legal: Vec<_> = next.legal_moves().squares(SIZE).collect();
            if legal.is_empty() {
                break;
            }
            game.play(legal[usize::from(pick) % legal.len()]).expect("a legal move");
        }
        let text = game.to_string();
        prop_assert_eq!(text.len(), 2 * game.len());
        let again: Transcript = text.parse().expect("own text");
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(again, game);
    }

    #[test]
    fn arbitrary_disc_sets_round_trip(black in any::<u64>(), white in any::<u64>(), side in color()) {
        let board = Board::from_bitboards(black & !white, white, side).expect("disjoint");
        prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board));
    }

    #[test]
    fn plies_round_trip(index in 0usize..65) {
        let ply = SIZE.square_at(index).map_or(Ply::Pass, Ply::Move);
        prop_assert_eq!(ply.to_string().parse::<Ply>(), Ok(ply));
    }
}

#[test]
fn small_enums_round_trip() {
    for outcome in [
        Outcome::Win(Color::Black),
        Outcome::Win(Color::White),
        Outcome::Draw,
    ] {
        assert_eq!(outcome.to_string().parse(), Ok(outcome));
    }
    for color in Color::ALL {
        assert_eq!(color.to_string().parse(), Ok(color));
    }
    for convention in Convention::ALL {
        assert_eq!(convention.to_string().parse(), Ok(convention));
    }
}

/// The words of the vocabulary (issue #12): outcomes as the judges print them, the
/// conventions by the letters of the shared perft table (A, N, E).
#[test]
fn the_text_forms_are_the_documented_words() {
    assert_eq!(Outcome::Win(Color::Black).to_string(), "Black wins");
    assert_eq!(Outcome::Win(Color::White).to_string(), "White wins");
    assert_eq!(Outcome::Draw.to_string(), "Draw");
    assert_eq!("DRAW".parse(), Ok(Outcome::Draw));
    assert_eq!(Convention::PassIsPly.to_string(), "A");
    assert_eq!(Convention::PassIsFree.to_string(), "N");
    assert_eq!(Convention::FullDepthOnly.to_string(), "E");
    // The start: White on d4 and e5, Black on e4 and d5, Black to move; rank 8 first.
    let start = "........\n........\n........\n...XO...\n...OX...\n........\n........\n........\nBlack to move\n";
    assert_eq!(Board::START.to_string(), start);
    assert_eq!(start.parse(), Ok(Board::START));
}

//! Properties of the 8 board symmetries ([`Symmetry`]): the rules commute with them
//! (legal moves, flips, moves, passes, the end of the game, perft), they form a group,
//! and the canonical form is one board for all 8 images. Boards come from random games
//! (proptest values: the choice of move at each ply, as in `properties.rs`, so a failure
//! shrinks to a short game) and, where the rules are not involved, from arbitrary
//! disjoint bitboards.

use proptest::collection::vec;
use proptest::prelude::*;
use reversi::{Board, Color, Convention, SquareSet, Symmetry};

/// A game as the choice of move at each ply (`legal[choice % legal.len()]`).
fn games() -> impl Strategy<Value = Vec<u32>> {
    vec(any::<u32>(), 0..64)
}

/// Plays the game `choices` (then the first legal move at each ply, to the end), passing
/// when the side to move must; `check` sees every position, the last one finished.
fn play_game(choices: &[u32], mut check: impl FnMut(&Board)) {
    let mut board = Board::START;
    let mut ply = 0;
    loop {
        check(&board);
        if board.is_game_over() {
            break;
        }
        if board.must_pass() {
            board = board.pass().unwrap();
            continue;
        }
        let choice = choices.get(ply).map_or(0, |&c| c as usize);
        let next = reversi::random::pick(&board, choice).unwrap();
        board = board.play_ply(next).unwrap();
        ply += 1;
    }
}

/// The board after the first `plies` plies of the game `choices` (passes not counted),
/// or the finished game if it ends before.
fn board_after(choices: &[u32], plies: usize) -> Board {
    let mut board = Board::START;
    for ply in 0..plies {
        if board.must_pass() {
            board = board.pass().unwrap();
        }
        let choice = choices.get(ply).map_or(0, |&c| c as usize);
        match reversi::random::pick(&board, choice) {
            Some(next) => board = board.play_ply(next).unwrap(),
            None => break,
        }
    }
    board
}

/// Any two disjoint disc sets (not necessarily reachable), either side to move.
fn any_board() -> impl Strategy<Value = Board> {
    (any::<u64>(), any::<u64>(), any::<bool>()).prop_map(|(mover, opponent, white)| {
        let side = if white { Color::White } else { Color::Black };
        Board::from_bitboards(mover, opponent & !mover, side).unwrap()
    })
}

fn any_symmetry() -> impl Strategy<Value = Symmetry> {
    proptest::sample::select(Symmetry::ALL.to_vec())
}

/// The canonical order of [`Board::canonical`]'s docs.
fn key(board: &Board) -> u128 {
    (board.mover_bits() as u128) << 64 | board.opponent_bits() as u128
}

/// Checks that the rules commute with every symmetry on `board`.
fn check_rules_commute(board: &Board) {
    for s in Symmetry::ALL {
        let image = board.transform(s);
        assert_eq!(image.side_to_move(), board.side_to_move());
        assert_eq!(image.disc_counts(), board.disc_counts(), "{s:?}\n{board}");
        assert_eq!(
            image.legal_moves(),
            board.legal_moves().transform(s),
            "{s:?}\n{board}"
        );
        assert_eq!(image.must_pass(), board.must_pass(), "{s:?}\n{board}");
        assert_eq!(image.is_game_over(), board.is_game_over(), "{s:?}\n{board}");
        assert_eq!(image.outcome(), board.outcome(), "{s:?}\n{board}");
        for square in board.empty_squares() {
            let image_square = square.transform(s);
            assert_eq!(
                image.flips(image_square),
                board.flips(square).transform(s),
                "{s:?} {square}\n{board}"
            );
            // Play then transform == transform then play the image square (the boards
            // compare their Zobrist keys too: incremental on one side, from scratch on
            // the other).
            assert_eq!(
                image.play(image_square).ok(),
                board.play(square).ok().map(|after| after.transform(s)),
                "{s:?} {square}\n{board}"
            );
        }
        assert_eq!(
            image.pass().ok(),
            board.pass().ok().map(|after| after.transform(s)),
            "{s:?}\n{board}"
        );
        assert_eq!(image.zobrist_key(), image.zobrist_key_from_scratch());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_rules_commute_with_the_symmetries_in_random_games(choices in games()) {
        play_game(&choices, check_rules_commute);
    }

    #[test]
    fn legal_moves_and_flips_commute_on_arbitrary_boards(board in any_board()) {
        check_rules_commute(&board);
    }

    #[test]
    fn the_canonical_form_is_the_same_for_all_eight_images(choices in games()) {
        play_game(&choices, |board| {
            let (canonical, symmetry) = board.canonical();
            assert_eq!(board.transform(symmetry), canonical, "{board}");
            assert_eq!(canonical.transform(symmetry.inverse()), *board);
            assert_eq!(canonical.side_to_move(), board.side_to_move());
            assert_eq!(canonical.zobrist_key(), canonical.zobrist_key_from_scratch());
            for s in Symmetry::ALL {
                let image = board.transform(s);
                assert!(key(&canonical) <= key(&image), "{s:?}\n{board}");
                let (again, t) = image.canonical();
                assert_eq!(again, canonical, "{s:?}\n{board}");
                assert_eq!(image.transform(t), canonical, "{s:?}\n{board}");
            }
            // Ties go to the first symmetry of `ALL` reaching the least image.
            let first = Symmetry::ALL
                .iter()
                .copied()
                .find(|&s| board.transform(s) == canonical);
            assert_eq!(first, Some(symmetry));
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn canonical_boards_on_arbitrary_boards(board in any_board(), s in any_symmetry()) {
        let (canonical, symmetry) = board.canonical();
        prop_assert_eq!(board.transform(symmetry), canonical);
        prop_assert_eq!(board.transform(s).canonical().0, canonical);
        for t in Symmetry::ALL {
            prop_assert!(key(&canonical) <= key(&board.transform(t)));
        }
    }

    #[test]
    fn canonical_square_sets(bits in any::<u64>(), s in any_symmetry()) {
        let set = SquareSet::from_bits(bits);
        let (canonical, symmetry) = set.canonical();
        prop_assert_eq!(set.transform(symmetry), canonical);
        prop_assert_eq!(set.transform(s).canonical().0, canonical);
        prop_assert_eq!(canonical.len(), set.len());
        for t in Symmetry::ALL {
            prop_assert!(canonical.bits() <= set.transform(t).bits());
        }
    }

    #[test]
    fn a_set_moves_square_by_square(bits in any::<u64>(), s in any_symmetry()) {
        let set = SquareSet::from_bits(bits);
        let by_squares: SquareSet = set.iter().map(|square| square.transform(s)).collect();
        prop_assert_eq!(set.transform(s), by_squares);
    }

    #[test]
    fn a_symmetry_then_its_inverse_is_the_identity(board in any_board(), s in any_symmetry()) {
        prop_assert_eq!(board.transform(s).transform(s.inverse()), board);
        prop_assert_eq!(board.transform(s.inverse()).transform(s), board);
    }

    #[test]
    fn composition_on_boards(board in any_board(), s in any_symmetry(), t in any_symmetry()) {
        prop_assert_eq!(board.transform(s).transform(t), board.transform(s.then(t)));
    }

    #[test]
    fn a_symmetry_applied_its_order_times_is_the_identity(board in any_board(), s in any_symmetry()) {
        // Rotations by a quarter turn 4 times, the half turn and the reflections twice.
        let expected = match s {
            Symmetry::Identity => 1,
            Symmetry::Rotate90 | Symmetry::Rotate270 => 4,
            _ => 2,
        };
        prop_assert_eq!(s.order(), expected);
        let mut image = board;
        for _ in 0..expected {
            image = image.transform(s);
        }
        prop_assert_eq!(image, board);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn perft_of_an_image_is_perft_of_the_board(choices in vec(any::<u32>(), 0..16), plies in 0usize..16) {
        let board = board_after(&choices, plies);
        for convention in Convention::ALL {
            let count = board.perft(4, convention);
            for s in Symmetry::ALL {
                prop_assert_eq!(board.transform(s).perft(4, convention), count, "{:?} {}\n{}", s, convention, board);
            }
        }
    }
}

#[test]
fn perft_of_the_start_images_matches_the_table() {
    // Depth 7 of the shared table (tests/data/perft.txt): 55092 in every convention.
    for s in Symmetry::ALL {
        let image = Board::START.transform(s);
        for convention in Convention::ALL {
            assert_eq!(image.perft(7, convention), 55_092, "{s:?} {convention}");
        }
    }
}

//! The Zobrist key kept by `play`, `pass` and `play_after_pass` equals the key computed
//! from scratch at every ply of a few hundred seeded random games played to the end, and
//! depends on the position alone (not on the way it was reached).

use std::collections::HashMap;

use reversi::Board;

#[test]
fn incremental_key_equals_the_key_from_scratch_along_random_games() {
    let mut rng = fastrand::Rng::with_seed(12);
    let mut plies = 0;
    // Boards seen, by key: a key seen twice must be the same board.
    let mut seen: HashMap<u64, Board> = HashMap::new();
    for _ in 0..300 {
        let mut board = Board::START;
        loop {
            assert_eq!(
                board.zobrist_key(),
                board.zobrist_key_from_scratch(),
                "{board}"
            );
            let again = Board::from_discs(
                board.discs(reversi::Color::Black),
                board.discs(reversi::Color::White),
                board.side_to_move(),
            )
            .unwrap();
            assert_eq!(again.zobrist_key(), board.zobrist_key());
            assert_eq!(*seen.entry(board.zobrist_key()).or_insert(board), board);
            let square = match reversi::random::ply(&mut rng, &board) {
                None => break,
                Some(reversi::Ply::Pass) => {
                    let passed = board.pass().unwrap();
                    // A pass changes only the side to move, and so the key.
                    assert_ne!(passed.zobrist_key(), board.zobrist_key());
                    board = passed;
                    plies += 1;
                    continue;
                }
                Some(reversi::Ply::Move(square)) => square,
            };
            board = if rng.bool() {
                board.play(square).unwrap()
            } else {
                board.play_after_pass(square).unwrap()
            };
            plies += 1;
        }
        assert!(board.is_game_over());
    }
    assert!(plies > 300 * 50, "{plies}");
}

/// Every line of 5 plies from the start: boards reached by several move orders
/// (transpositions) have one key, and different boards have different keys.
#[test]
fn transpositions_have_one_key() {
    fn walk(board: Board, depth: u32, leaves: &mut Vec<Board>) {
        if depth == 0 {
            leaves.push(board);
            return;
        }
        for square in board.legal_moves().iter() {
            walk(board.play(square).unwrap(), depth - 1, leaves);
        }
    }
    let mut leaves = Vec::new();
    walk(Board::START, 5, &mut leaves);
    assert_eq!(leaves.len(), 1396); // perft(5) of the shared table
    let mut by_key: HashMap<u64, Board> = HashMap::new();
    let mut transpositions = 0;
    for board in &leaves {
        if let Some(earlier) = by_key.insert(board.zobrist_key(), *board) {
            assert_eq!(earlier, *board, "a key collision");
            transpositions += 1;
        }
    }
    assert!(transpositions > 0);
    let mut boards: Vec<String> = leaves.iter().map(Board::to_string).collect();
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), by_key.len());
}

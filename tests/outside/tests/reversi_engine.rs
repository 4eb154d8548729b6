//! The Reversi engine, as a downstream user writes it from the crate docs: play a game,
//! score every move, solve an endgame, read an opening book.

use reversi::{Board, Ply};
use reversi_engine::{Book, Engine, Mode, SearchLimits};

#[test]
fn play_score_solve_and_read_a_book() -> Result<(), Box<dyn std::error::Error>> {
    // Play: ten plies, each move searched four plies deep, the progress heard.
    let mut engine = Engine::with_table_bytes(1 << 20);
    for _ in 0..10 {
        let mut depths = Vec::new();
        let report = engine.search_with_progress(
            SearchLimits {
                depth: Some(4),
                ..SearchLimits::default()
            },
            |iteration| depths.push(iteration.depth),
        );
        assert_eq!(depths, [1, 2, 3, 4]);
        let best = report.best.ok_or("the game goes on")?;
        engine.play(best)?;
    }
    assert_eq!(engine.board().empty_squares().len(), 50);

    // Score every move of a 14-empties position exactly: the best equals the solve.
    let board =
        Board::from_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    engine.set_board(board);
    let analysis = engine.analyse(
        SearchLimits {
            depth: Some(14),
            ..SearchLimits::default()
        },
        None,
        |_| {},
    );
    assert!(analysis.exact);
    assert_eq!(analysis.moves.len() as u32, board.legal_moves().len());

    // Solve it: FFO #40 is +38 for Black, a2 its only best move, on two threads.
    engine.set_threads(2);
    let solution = engine.solve(Mode::Exact, SearchLimits::default());
    assert_eq!(analysis.moves[0].score, solution.score);
    let ffo40 =
        Board::from_obf("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")?;
    engine.set_board(ffo40);
    let solution = engine.solve(Mode::Exact, SearchLimits::default());
    assert_eq!(solution.exact_score(), Some(38));
    assert_eq!(solution.best_moves, [Ply::Move("a2".parse()?)]);

    // Read the shipped book: the start is in it, and its moves are legal.
    let book = Book::from_bytes(include_bytes!(
        "../../../tools/reversi-cli/book/default.book"
    ))?;
    assert!(!book.is_empty());
    let moves = book.moves(&Board::START);
    assert!(!moves.is_empty());
    assert!(moves
        .iter()
        .all(|m| Board::START.legal_moves().contains(m.square)));
    Ok(())
}

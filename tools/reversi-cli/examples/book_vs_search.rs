//! Where a book's best move differs from the engine's own timed search, which of the two
//! a deeper search prefers: the measurement behind the book's margin over the search
//! ([`reversi_engine::Book::choose_preferring`]), kept so that it can be run again on a
//! new book or new weights (tools/reversi-match/results.md, 2026-12-05).
//!
//! ```sh
//! cargo run --release -p reversi-cli --example book_vs_search -- BOOK [MOVE_MS] [ORACLE_DEPTH]
//! ```
//!
//! For every position of the book with at least 5 plies and a move to make: the book's
//! best move B (randomness 0), the move S of a search of `MOVE_MS` milliseconds (default
//! 100) with a fresh table, and, where they differ, both moves' values by searches of
//! `ORACLE_DEPTH` plies (default 20) of the boards after them (fresh tables). One line
//! for each position where the two moves differ, then a summary by how the book valued S against B: equal (a tie of whole
//! discs), lower by 1, lower by 2 or more, or not among the book's moves. "delta" is
//! the deep value of B less that of S, in discs, for the side to move. The
//! searches' tables are fresh, where a match's engine has a table warm from the game's
//! earlier moves, so its choices there may differ a little from these.

use std::path::Path;
use std::time::Duration;

use reversi::{Board, Ply, Square};
use reversi_engine::{Book, Engine, SearchLimits};

const TABLE_BYTES: usize = 64 << 20;

/// The deep value of `square` on `board`, for the side to move, in discs.
fn deep_value(board: &Board, square: Square, depth: u32) -> f64 {
    let mut engine = Engine::with_table_bytes(TABLE_BYTES);
    engine.set_board(
        board
            .play(square)
            .expect("a book move or a searched move is legal"),
    );
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    -engine.search(limits).score
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        return Err("usage: book_vs_search BOOK [MOVE_MS] [ORACLE_DEPTH]".into());
    };
    let move_ms: u64 = args.get(1).map_or(Ok(100), |a| a.parse())?;
    let depth: u32 = args.get(2).map_or(Ok(20), |a| a.parse())?;
    let book = Book::read(Path::new(path))?;
    let mut keys: Vec<_> = book.entries().into_iter().map(|(key, _)| key).collect();
    keys.sort_unstable_by_key(|key| (key.discs(), *key));
    // (category, delta) for every position where the moves differ.
    let mut differing: Vec<(&str, f64)> = Vec::new();
    let mut same = 0;
    for key in keys {
        let Some(board) = key.board() else { continue };
        let plies = key.discs() - 4;
        if plies < 5 || board.must_pass() || board.is_game_over() {
            continue;
        }
        let moves = book.moves(&board);
        let Some(best) = moves.first() else { continue };
        let mut engine = Engine::with_table_bytes(TABLE_BYTES);
        engine.set_board(board);
        let limits = SearchLimits {
            time: Some(Duration::from_millis(move_ms)),
            ..SearchLimits::default()
        };
        let report = engine.search(limits);
        let Some(Ply::Move(searched)) = report.best else {
            continue;
        };
        if searched == best.square {
            same += 1;
            continue;
        }
        let book_value_of_searched = moves.iter().find(|m| m.square == searched).map(|m| m.value);
        let category = match book_value_of_searched {
            Some(v) if v == best.value => "tie",
            Some(v) if i32::from(best.value) - i32::from(v) == 1 => "lower by 1",
            Some(_) => "lower by 2+",
            None => "not in book",
        };
        let delta = deep_value(&board, best.square, depth) - deep_value(&board, searched, depth);
        println!(
            "ply {plies} {} book {} ({}) search {} ({:+.2} at depth {}): {category}, delta {delta:+.2}",
            board.to_obf(),
            best.square,
            best.value,
            searched,
            report.score,
            report.depth
        );
        differing.push((category, delta));
    }
    println!("same move: {same}; different: {}", differing.len());
    for category in ["tie", "lower by 1", "lower by 2+", "not in book"] {
        let deltas: Vec<f64> = differing
            .iter()
            .filter(|(c, _)| *c == category)
            .map(|&(_, d)| d)
            .collect();
        if deltas.is_empty() {
            continue;
        }
        let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
        let book_better = deltas.iter().filter(|&&d| d > 0.0).count();
        let search_better = deltas.iter().filter(|&&d| d < 0.0).count();
        println!(
            "{category}: {} positions, mean delta {mean:+.3}, deeper search prefers the book's move {book_better}, the search's {search_better}",
            deltas.len()
        );
    }
    Ok(())
}

//! The opening book: negamax over the graph (checked against a negamax written here from
//! the rules: a move's value is minus its successor's, a successor where the opponent
//! must pass counts after the pass with its sign kept, a move that ends the game scores
//! the final disc difference with the empties to the winner), the book's moves legal in
//! all 8 orientations, the file's round trip and every reader error, and learning.

use proptest::prelude::*;
use reversi::{Board, Color, Ply, Square, Symmetry};
use reversi_engine::{
    Book, BookBuilder, BookEntry, BookKey, Engine, InvalidEntry, Leaf, ReadBookError, SearchLimits,
    SCREEN_PLIES,
};

/// The board after `picks` (each an index into the legal moves, modulo their count;
/// passes played when forced), stopping at the game's end.
fn play_picks(picks: &[usize]) -> Vec<Board> {
    let mut boards = vec![Board::START];
    let mut board = Board::START;
    for &pick in picks {
        if board.must_pass() {
            board = board.pass().unwrap();
        }
        let Some(ply) = reversi::random::pick(&board, pick) else {
            break;
        };
        board = board.play_ply(ply).unwrap();
        boards.push(board);
    }
    boards
}

/// A book of the positions along some random games (those with a move), each with an
/// arbitrary value and a leaf on an arbitrary legal move with an arbitrary value.
fn random_book(games: &[Vec<usize>], values: &[i8]) -> Book {
    let mut book = Book::new();
    let mut next = values.iter().cycle();
    for game in games {
        for board in play_picks(game) {
            if !board.can_move() || book.get(&board).is_some() {
                continue;
            }
            let moves: Vec<Square> = board.legal_moves().iter().collect();
            let v = *next.next().unwrap();
            let leaf = (v % 3 != 0).then(|| Leaf {
                square: moves[v.unsigned_abs() as usize % moves.len()],
                value: *next.next().unwrap(),
                exact: v % 2 == 0,
            });
            book.insert(
                &board,
                BookEntry {
                    value: v,
                    depth: 3,
                    exact: false,
                    leaf,
                },
            );
        }
    }
    book
}

/// The final score for the side to move on a finished board (empties to the winner).
fn final_score(board: &Board) -> i32 {
    let (me, them) = (
        board.mover_bits().count_ones() as i32,
        board.opponent_bits().count_ones() as i32,
    );
    let empties = 64 - me - them;
    match me.cmp(&them) {
        std::cmp::Ordering::Greater => me - them + empties,
        std::cmp::Ordering::Less => me - them - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The value of `square` on `board` through the book (None: the move leaves the book).
fn move_value(book: &Book, board: &Board, square: Square) -> Option<i32> {
    let after = board.play(square).unwrap();
    if after.is_game_over() {
        return Some(-final_score(&after));
    }
    if after.must_pass() {
        let passed = after.pass().unwrap();
        return book.get(&passed).map(|e| e.value as i32);
    }
    book.get(&after).map(|e| -(e.value as i32))
}

/// Checks that each entry's value is the best of its book moves and its leaf (when the
/// leaf's move leaves the book), and that the book's moves for every board are legal in
/// all 8 orientations and either colour to move, with the same values.
fn check_book(book: &Book) -> Result<(), TestCaseError> {
    for (key, entry) in book.entries() {
        let board = key.board().unwrap();
        let mut best: Option<i32> = None;
        for square in board.legal_moves().iter() {
            if let Some(value) = move_value(book, &board, square) {
                best = Some(best.map_or(value, |b| b.max(value)));
            }
        }
        if let Some(leaf) = entry.leaf {
            if move_value(book, &board, leaf.square).is_none() {
                best = Some(best.map_or(leaf.value as i32, |b| b.max(leaf.value as i32)));
            }
        }
        if let Some(best) = best {
            prop_assert_eq!(entry.value as i32, best, "entry {:?}", key);
        }
        check_orientations(book, &board)?;
    }
    Ok(())
}

fn check_orientations(book: &Book, board: &Board) -> Result<(), TestCaseError> {
    let mut values: Vec<i8> = book.moves(board).iter().map(|m| m.value).collect();
    values.sort_unstable();
    prop_assert!(!values.is_empty() || book.get(board).unwrap().leaf.is_none());
    for symmetry in Symmetry::ALL {
        let image = board.transform(symmetry);
        let white =
            Board::from_bitboards(image.mover_bits(), image.opponent_bits(), Color::White).unwrap();
        for image in [image, white] {
            let moves = book.moves(&image);
            for m in &moves {
                prop_assert!(
                    image.legal_moves().contains(m.square),
                    "{} on {:?}",
                    m.square,
                    image
                );
                prop_assert_eq!(
                    move_value(book, &image, m.square).map_or(m.value as i32, |v| v),
                    m.value as i32
                );
            }
            let mut image_values: Vec<i8> = moves.iter().map(|m| m.value).collect();
            image_values.sort_unstable();
            prop_assert_eq!(&image_values, &values);
            check_same_order(book, board, symmetry, &image)?;
        }
    }
    Ok(())
}

/// The book's moves for `image` (`board` under `symmetry`, either colour to move) are
/// the images of its moves for `board`, in the same order, ties included: the square's
/// image where `board` has no symmetry of its own, else a move to an equivalent board
/// (one of the same canonical key).
fn check_same_order(
    book: &Book,
    board: &Board,
    symmetry: Symmetry,
    image: &Board,
) -> Result<(), TestCaseError> {
    let moves = book.moves(board);
    let image_moves = book.moves(image);
    prop_assert_eq!(moves.len(), image_moves.len());
    let asymmetric = Symmetry::ALL
        .into_iter()
        .filter(|&s| board.transform(s) == *board)
        .count()
        == 1;
    for (m, i) in moves.iter().zip(&image_moves) {
        prop_assert_eq!(m.value, i.value);
        if asymmetric {
            prop_assert_eq!(i.square, m.square.transform(symmetry), "on {:?}", board);
        } else {
            let after = BookKey::of(&board.play(m.square).unwrap()).0;
            let image_after = BookKey::of(&image.play(i.square).unwrap()).0;
            prop_assert_eq!(after, image_after, "on {:?}", board);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_value_is_the_negamax_of_its_children_and_leaf(
        games in prop::collection::vec(prop::collection::vec(0usize..32, 0..16), 1..8),
        values in prop::collection::vec(-64i8..=64, 1..40),
    ) {
        let mut book = random_book(&games, &values);
        book.negamax();
        check_book(&book)?;
    }

    #[test]
    fn a_written_book_reads_back_equal(
        games in prop::collection::vec(prop::collection::vec(0usize..32, 0..16), 1..6),
        values in prop::collection::vec(-64i8..=64, 1..40),
    ) {
        let mut book = random_book(&games, &values);
        book.negamax();
        let bytes = book.to_bytes();
        prop_assert_eq!(bytes.len(), 16 + 24 * book.len() + 8);
        prop_assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    }
}

/// `add_game` with no ply limit (`u32::MAX`, as `reversi-book build --openings` asks)
/// adds every position of the game, the end included (the limit plus the start's 4 discs
/// once overflowed).
#[test]
fn add_game_without_a_ply_limit_adds_every_position() {
    let mut engine = Engine::with_table_bytes(1 << 20);
    let mut book = Book::new();
    let mut builder = BookBuilder::new(&mut engine, 1);
    let game: reversi::Transcript = "f5d6c3".parse().unwrap();
    let plies: Vec<Ply> = game.moves().iter().map(|&s| Ply::Move(s)).collect();
    let added = builder
        .add_game(&mut book, Board::START, &plies, u32::MAX)
        .unwrap();
    assert_eq!(added, 4);
    assert!(book.get(&Board::START).is_some() && book.get(game.board()).is_some());
}

/// A built book: each entry's value is the negamax of its children and its own
/// search's leaf, each leaf's value is the search of that move (checked by searching
/// it again with a fresh engine: 3 plies in all at an even ply from the start, 4 at an
/// odd one), and every value's horizon (ply plus depth) has the same parity.
#[test]
fn a_built_book_is_the_negamax_of_its_searches() {
    let mut engine = Engine::with_table_bytes(1 << 20);
    let mut book = Book::new();
    let mut builder = BookBuilder::new(&mut engine, 3);
    builder.play_line(&mut book, Board::START, 6);
    builder.deviate(&mut book, 4, 4, 60, &mut |_, _| {});
    let game: reversi::Transcript = "f5f6e6f4e3c5c4".parse().unwrap();
    let plies: Vec<Ply> = game.moves().iter().map(|&s| Ply::Move(s)).collect();
    builder
        .add_game(&mut book, Board::START, &plies, 60)
        .unwrap();
    builder.finish(&mut book);
    assert!(book.len() > 10, "{} positions", book.len());
    assert!(book.get(game.board()).is_some());
    check_book(&book).unwrap();
    for (key, entry) in book.entries() {
        let ply = key.discs() - 4;
        assert_eq!((ply + entry.depth as u32) % 2, 1, "the horizon of {key:?}");
    }
    for (key, entry) in book.entries().into_iter().take(12) {
        let Some(leaf) = entry.leaf else { continue };
        let depth = 3 + (key.discs() - 4) % 2;
        let board = key.board().unwrap();
        let mut fresh = Engine::with_table_bytes(1 << 20);
        fresh.set_board(board.play(leaf.square).unwrap());
        let report = fresh.search(reversi_engine::SearchLimits {
            depth: Some(depth - 1),
            ..Default::default()
        });
        assert_eq!(
            leaf.value as f64,
            (-report.score).round(),
            "leaf of {key:?}"
        );
        assert!(
            move_value(&book, &board, leaf.square).is_none(),
            "a leaf leaves the book"
        );
    }
}

/// A book built on two threads with screening: the same bytes on a second run, the
/// negamax property, and each leaf's value the search of its move, either the full one
/// (11 plies after the move at an even ply from the start, 12 at an odd one) or, for a
/// move screened out, the screening one ([`SCREEN_PLIES`] fewer), which is then more
/// than the margin below the position's best screening value.
#[test]
fn a_book_built_on_two_threads_with_screening_is_its_searches() {
    let margin = 2;
    let build = || {
        let mut engines = [
            Engine::with_table_bytes(1 << 20),
            Engine::with_table_bytes(1 << 20),
        ];
        let mut book = Book::new();
        let mut builder = BookBuilder::with_engines(&mut engines, 12).screen(Some(margin));
        builder.play_line(&mut book, Board::START, 3);
        builder.finish(&mut book);
        book
    };
    let book = build();
    assert_eq!(book.len(), 3);
    assert_eq!(book.to_bytes(), build().to_bytes(), "the same on every run");
    check_book(&book).unwrap();
    let search = |board: Board, depth: u32| {
        let mut fresh = Engine::with_table_bytes(1 << 20);
        fresh.set_board(board);
        let report = fresh.search(reversi_engine::SearchLimits {
            depth: Some(depth),
            ..Default::default()
        });
        (-report.score).round() as i32
    };
    let mut leaves = 0;
    for (key, entry) in book.entries() {
        let Some(leaf) = entry.leaf else { continue };
        leaves += 1;
        let full = 11 + (key.discs() - 4) % 2;
        let board = key.board().unwrap();
        let after = board.play(leaf.square).unwrap();
        if i32::from(leaf.value) == search(after, full) {
            continue;
        }
        let shallow = full - SCREEN_PLIES;
        assert_eq!(
            i32::from(leaf.value),
            search(after, shallow),
            "leaf of {key:?}"
        );
        let best = board
            .legal_moves()
            .iter()
            .map(|square| search(board.play(square).unwrap(), shallow))
            .max()
            .unwrap();
        assert!(best - i32::from(leaf.value) > i32::from(margin), "{key:?}");
    }
    assert!(leaves >= 2, "{leaves} leaves");
}

/// A move ending the game counts its final score: a book position one move before the
/// end (the position of FFO-style tiny endgame built by hand) is exact.
#[test]
fn a_move_that_ends_the_game_scores_the_final_discs() {
    // Black to move, one empty square (h8) that Black can take, flipping g8 and h7.
    let board =
        Board::from_obf("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOXXXXXXO- X")
            .unwrap();
    let h8: Square = "h8".parse().unwrap();
    assert!(board.legal_moves().contains(h8));
    let mut book = Book::new();
    book.insert(
        &board,
        BookEntry {
            value: 0,
            depth: 1,
            exact: false,
            leaf: None,
        },
    );
    book.negamax();
    let entry = book.get(&board).unwrap();
    // All 64 discs Black's after h8: 64 - 0.
    assert_eq!((entry.value, entry.exact), (64, true));
}

/// The file of a two-entry book, for the reader's error cases.
fn two_entry_file() -> Vec<u8> {
    let mut book = Book::new();
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let leaf = |s: &str| {
        Some(Leaf {
            square: s.parse().unwrap(),
            value: 1,
            exact: false,
        })
    };
    book.insert(
        &Board::START,
        BookEntry {
            value: 1,
            depth: 4,
            exact: false,
            leaf: leaf("f5"),
        },
    );
    book.insert(
        &f5,
        BookEntry {
            value: -1,
            depth: 4,
            exact: false,
            leaf: leaf("d6"),
        },
    );
    book.to_bytes()
}

/// The checksum recomputed after an edit, so that the entry checks are reached.
fn reseal(mut bytes: Vec<u8>) -> Vec<u8> {
    let end = bytes.len() - 8;
    let checksum = reversi_engine::book::format::fnv1a64(&bytes[..end]);
    bytes[end..].copy_from_slice(&checksum.to_le_bytes());
    bytes
}

fn entry_error(bytes: Vec<u8>) -> (usize, usize, InvalidEntry) {
    match Book::from_bytes(&reseal(bytes)) {
        Err(ReadBookError::InvalidEntry {
            index,
            offset,
            reason,
        }) => (index, offset, reason),
        other => panic!("expected an invalid entry, got {other:?}"),
    }
}

#[test]
fn bad_files_are_typed_errors() {
    let good = two_entry_file();
    assert_eq!(good.len(), 16 + 2 * 24 + 8);
    assert_eq!(Book::from_bytes(&good).unwrap().len(), 2);
    let mut bad = good.clone();
    bad[0] = b'X';
    assert!(matches!(
        Book::from_bytes(&bad),
        Err(ReadBookError::BadMagic { .. })
    ));
    assert!(matches!(
        Book::from_bytes(b""),
        Err(ReadBookError::Truncated {
            length: 0,
            needed: 24
        })
    ));
    let mut bad = good.clone();
    bad[8] = 2;
    let error = Book::from_bytes(&bad).unwrap_err();
    assert!(matches!(
        error,
        ReadBookError::UnsupportedVersion { version: 2 }
    ));
    let error = Book::from_bytes(&good[..50]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "truncated at byte 50: the header and its entries need 72 bytes"
    );
    let mut long = good.clone();
    long.push(0);
    let error = Book::from_bytes(&long).unwrap_err();
    assert!(matches!(
        error,
        ReadBookError::TrailingBytes { end: 72, extra: 1 }
    ));
    assert_eq!(error.to_string(), "1 byte after the checksum at byte 72");
    long.push(0);
    assert_eq!(
        Book::from_bytes(&long).unwrap_err().to_string(),
        "2 bytes after the checksum at byte 72"
    );
    let mut bad = good.clone();
    bad[40] ^= 1;
    assert!(matches!(
        Book::from_bytes(&bad),
        Err(ReadBookError::Checksum { .. })
    ));
    // A huge count is a truncation, not an allocation.
    let mut bad = good.clone();
    bad[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&bad),
        Err(ReadBookError::Truncated { .. })
    ));
}

#[test]
fn bad_entries_name_their_index_byte_and_fault() {
    let good = two_entry_file();
    let (first, second) = (16, 40);
    // Overlap: the second entry's opponent gets a player square (e4 = bit 28 is the
    // side to move's in both entries' keys or not: take the lowest player bit).
    let mut bad = good.clone();
    let player = u64::from_le_bytes(bad[second..second + 8].try_into().unwrap());
    let low = player & player.wrapping_neg();
    let opponent = u64::from_le_bytes(bad[second + 8..second + 16].try_into().unwrap()) | low;
    bad[second + 8..second + 16].copy_from_slice(&opponent.to_le_bytes());
    let (index, offset, reason) = entry_error(bad);
    assert_eq!((index, offset), (1, second));
    assert!(matches!(reason, InvalidEntry::Overlap { .. }));
    // An empty centre: the start without d4.
    let mut bad = good.clone();
    let key = BookKey::from_board(&Board::START);
    let opponent = key.opponent & !(1 << 27);
    bad[first + 8..first + 16].copy_from_slice(&opponent.to_le_bytes());
    assert_eq!(entry_error(bad).2, InvalidEntry::EmptyCentre);
    // Not canonical: f5's position as d3 gives it.
    let mut bad = good.clone();
    let d3 = BookKey::from_board(&Board::START.play("d3".parse().unwrap()).unwrap());
    bad[second..second + 8].copy_from_slice(&d3.player.to_le_bytes());
    bad[second + 8..second + 16].copy_from_slice(&d3.opponent.to_le_bytes());
    assert_eq!(entry_error(bad).2, InvalidEntry::NotCanonical);
    // Out of order: the two entries swapped.
    let mut bad = good.clone();
    let (a, b) = (
        good[first..second].to_vec(),
        good[second..second + 24].to_vec(),
    );
    bad[first..second].copy_from_slice(&b);
    bad[second..second + 24].copy_from_slice(&a);
    assert_eq!(entry_error(bad), (1, second, InvalidEntry::OutOfOrder));
    let mut bad = good.clone();
    bad[first + 16] = 65;
    assert_eq!(entry_error(bad).2, InvalidEntry::Value { value: 65 });
    let mut bad = good.clone();
    bad[first + 20] = (-100i8) as u8;
    assert_eq!(entry_error(bad).2, InvalidEntry::Value { value: -100 });
    let mut bad = good.clone();
    bad[first + 17] = 61;
    assert_eq!(entry_error(bad).2, InvalidEntry::Depth { depth: 61 });
    let mut bad = good.clone();
    bad[first + 18] |= 8;
    assert_eq!(entry_error(bad).2, InvalidEntry::Flags { flags: 10 });
    let mut bad = good.clone();
    bad[first + 23] = 1;
    assert_eq!(entry_error(bad).2, InvalidEntry::Reserved);
    // a1 is no legal move at the start.
    let mut bad = good.clone();
    bad[first + 19] = 0;
    assert_eq!(entry_error(bad).2, InvalidEntry::LeafSquare { index: 0 });
    let mut bad = good;
    bad[first + 19] = 64;
    assert_eq!(entry_error(bad).2, InvalidEntry::LeafSquare { index: 64 });
}

/// A book of one position, the start after f5, whose one move (a leaf valued 0 by a
/// 20-ply search) is `answer`.
fn book_after_f5(answer: &str) -> Book {
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let leaf = Leaf {
        square: answer.parse().unwrap(),
        value: 0,
        exact: false,
    };
    let mut book = Book::new();
    book.insert(
        &f5,
        BookEntry {
            value: 0,
            depth: 20,
            exact: false,
            leaf: Some(leaf),
        },
    );
    book
}

/// The book in play: GTP answers the book's move, mapped through the symmetry (the
/// book holds f5 d6, the perpendicular opening; after d3 it answers c5, d3's image of
/// d6, as `Board::canonical`'s documentation derives).
#[test]
fn gtp_answers_the_book_move_in_the_board_orientation() {
    use reversi_engine::protocol::{Defaults, GtpSession, SessionBook};
    let book = book_after_f5("d6");
    let mut session = GtpSession::new(Engine::with_table_bytes(1 << 20), Defaults::default());
    session.set_book(SessionBook::new(book, 0, 1));
    let mut out = Vec::new();
    for line in ["play b d3", "genmove w"] {
        session.handle_line(line, &mut out).unwrap();
    }
    let d3c5 = ["d3", "c5"]
        .iter()
        .fold(Board::START, |b, s| b.play(s.parse().unwrap()).unwrap());
    let third = d3c5.legal_moves().first().unwrap();
    for line in [format!("play b {third}"), "genmove w".to_owned()] {
        session.handle_line(&line, &mut out).unwrap();
    }
    let text = String::from_utf8(out).unwrap();
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(answers[..3], ["=", "= c5", "="], "{text}");
    // The book has nothing after the third move: the engine searched a legal move.
    let last = answers[3].trim_start_matches("= ");
    let board = d3c5.play(third).unwrap();
    assert!(
        board.legal_moves().contains(last.parse().unwrap()),
        "{text}"
    );
}

/// With a fixed time a move (`--time`, or GTP `time_settings 0 T 1`), GTP still
/// plays the book's move (at margin 0: whatever the search chose), but after
/// searching the position for the move's time (the search warms the table for the
/// moves after the book); with a game clock
/// (`time_settings` with main time) the book answers without a search. (Without any
/// time the book answers at once too: the test above would never end otherwise.)
#[test]
fn gtp_searches_for_a_fixed_move_time_and_still_plays_the_book_move() {
    use reversi_engine::protocol::{Defaults, GtpSession, SessionBook};
    use std::time::{Duration, Instant};
    let book = book_after_f5("f6");
    let move_time = Duration::from_millis(60);
    let cases = [
        (Some(move_time), None, true),
        (None, Some("time_settings 0 1 1"), true),
        (None, Some("time_settings 600 0 0"), false),
    ];
    for (default_time, settings, searches) in cases {
        let defaults = Defaults {
            move_time: default_time,
            ..Defaults::default()
        };
        let mut session = GtpSession::new(Engine::with_table_bytes(1 << 20), defaults);
        let mut session_book = SessionBook::new(book.clone(), 0, 1);
        session_book.margin = 0;
        session.set_book(session_book);
        let mut out = Vec::new();
        for line in settings.into_iter().chain(["play b f5"]) {
            session.handle_line(line, &mut out).unwrap();
        }
        let start = Instant::now();
        session.handle_line("genmove w", &mut out).unwrap();
        let elapsed = start.elapsed();
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("= f6\n\n"), "{settings:?}: {text}");
        if searches {
            // The search runs to its hard limit (92% of the time, less 1 ms): at
            // least 40 ms of the 60 ms, and of the 1 s.
            assert!(
                elapsed >= Duration::from_millis(40),
                "{settings:?}: {elapsed:?}"
            );
        } else {
            // No search: well under the 600 s game's first share (about 25 s).
            assert!(
                elapsed < Duration::from_secs(5),
                "{settings:?}: {elapsed:?}"
            );
        }
    }
}

/// When GTP searched a book position anyway (a fixed time a move), the book's move
/// replaces the search's only where the book values the search's move its margin
/// (default 2) or more discs below its best. The book values the three replies to f5:
/// answering at once it plays its best, or the first in square order on a tie (f4, the
/// parallel opening); after a 6-ply search it plays that search's move (a plain search
/// of the same depth; the parallel opening, a known weak reply, is not it) when the book
/// values all three alike, or f4 a disc above the others; f4 when the book values it 2
/// discs above them, or a disc above with a margin of 1.
#[test]
fn gtp_plays_the_search_unless_the_book_knows_it_worse() {
    use reversi_engine::protocol::{Defaults, GtpSession, SessionBook};
    use std::time::Duration;
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let entry = BookEntry {
        value: 0,
        depth: 20,
        exact: false,
        leaf: None,
    };
    // The book after f5, its three replies valued (for White) f4, d6, f6.
    let book_of = |values: [i8; 3]| {
        let mut book = Book::new();
        book.insert(&f5, entry);
        for (reply, value) in ["f4", "d6", "f6"].into_iter().zip(values) {
            let child = f5.play(reply.parse().unwrap()).unwrap();
            // The child's value is from Black's view.
            book.insert(
                &child,
                BookEntry {
                    value: -value,
                    ..entry
                },
            );
        }
        book
    };
    let mut searched = Engine::with_table_bytes(1 << 20);
    searched.set_board(f5);
    let limits = SearchLimits {
        depth: Some(6),
        ..SearchLimits::default()
    };
    let search_move = searched.search(limits).best.unwrap().to_string();
    assert_ne!(search_move, "f4");
    let tied = book_of([0, 0, 0]);
    let f4_by_1 = book_of([0, -1, -1]);
    let f4_by_2 = book_of([0, -2, -2]);
    let move_time = Some(Duration::from_secs(5));
    let cases = [
        (&tied, move_time, 2, search_move.as_str()),
        (&tied, None, 2, "f4"),
        (&f4_by_1, move_time, 2, search_move.as_str()),
        (&f4_by_1, move_time, 1, "f4"),
        (&f4_by_1, None, 2, "f4"),
        (&f4_by_2, move_time, 2, "f4"),
        (&f4_by_2, None, 2, "f4"),
    ];
    for (book, move_time, margin, expected) in cases {
        let defaults = Defaults {
            depth: Some(6),
            move_time,
            ..Defaults::default()
        };
        let mut session = GtpSession::new(Engine::with_table_bytes(1 << 20), defaults);
        let mut session_book = SessionBook::new(book.clone(), 0, 1);
        session_book.margin = margin;
        session.set_book(session_book);
        let mut out = Vec::new();
        for line in ["play b f5", "genmove w"] {
            session.handle_line(line, &mut out).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.ends_with(&format!("= {expected}\n\n")),
            "{move_time:?}, margin {margin}: {text}"
        );
    }
}

/// An exact book value is a known final disc count, not an estimate: an exact move of
/// the best value is replaced only by an exact move of the same value, whatever the
/// margin. After f5 the book values White's replies f4, d6 and f6, some exactly.
#[test]
fn an_exact_best_is_not_replaced_by_an_estimate() {
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let choose = |replies: [(i8, bool); 3], preferred: &str| {
        let mut book = Book::new();
        let entry = BookEntry {
            value: 0,
            depth: 20,
            exact: false,
            leaf: None,
        };
        book.insert(&f5, entry);
        for (reply, (value, exact)) in ["f4", "d6", "f6"].into_iter().zip(replies) {
            let child = f5.play(reply.parse().unwrap()).unwrap();
            // The child's value is from Black's view.
            let value = -value;
            book.insert(
                &child,
                BookEntry {
                    value,
                    exact,
                    ..entry
                },
            );
        }
        let mut rng = fastrand::Rng::with_seed(1);
        let preferred = Some(preferred.parse().unwrap());
        let chosen = book
            .choose_preferring(&f5, 0, &mut rng, preferred, 2)
            .unwrap();
        chosen.square.to_string()
    };
    // All at 0, f4 exact: f4 against the estimates, f6 when it is exact too.
    assert_eq!(choose([(0, true), (0, false), (0, false)], "f6"), "f4");
    assert_eq!(choose([(0, true), (0, false), (0, false)], "d6"), "f4");
    assert_eq!(choose([(0, true), (0, false), (0, true)], "f6"), "f6");
    // Only d6 exact: d6, though f4 comes first in square order.
    assert_eq!(choose([(0, false), (0, true), (0, false)], "f6"), "d6");
    // f4 exact at 0, f6 a disc lower (within the margin) but estimated: f4.
    assert_eq!(choose([(0, true), (-1, false), (-1, false)], "f6"), "f4");
    // No exact move: f6, a disc lower, stays.
    assert_eq!(choose([(0, false), (-1, false), (-1, false)], "f6"), "f6");
}

/// A move outside the book is worth at most its leaf's value, also when the leaf's
/// move has entered the book since (the leaf was the best of the moves outside it);
/// with no leaf it cannot be valued and is kept. With randomness above 0 the random
/// draw stands. After f5 the book holds d6 at 0 and f6 at -1 (for White); f4 is
/// outside it.
#[test]
fn moves_outside_the_book_are_bounded_by_the_leaf() {
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let book_with = |leaf: Option<Leaf>| {
        let mut book = Book::new();
        for (reply, value) in [("d6", 0), ("f6", -1)] {
            let child = f5.play(reply.parse().unwrap()).unwrap();
            let entry = BookEntry {
                value: -value,
                depth: 20,
                exact: false,
                leaf: None,
            };
            book.insert(&child, entry);
        }
        let entry = BookEntry {
            value: 0,
            depth: 20,
            exact: false,
            leaf,
        };
        book.insert(&f5, entry);
        book
    };
    let f4 = Some("f4".parse().unwrap());
    let d6: Square = "d6".parse().unwrap();
    let mut rng = fastrand::Rng::with_seed(1);
    // No leaf: f4 is kept whatever the margin but 0.
    let no_leaf = book_with(None);
    assert_eq!(no_leaf.choose_preferring(&f5, 0, &mut rng, f4, 2), None);
    assert_eq!(no_leaf.choose_preferring(&f5, 0, &mut rng, f4, 64), None);
    let always = no_leaf.choose_preferring(&f5, 0, &mut rng, f4, 0);
    assert_eq!(always.map(|m| m.square), Some(d6));
    // A stale leaf, f6 (now in the book) once valued -3: f4 is at most -3.
    let stale = book_with(Some(Leaf {
        square: "f6".parse().unwrap(),
        value: -3,
        exact: false,
    }));
    let replaced = stale.choose_preferring(&f5, 0, &mut rng, f4, 3);
    assert_eq!(replaced.map(|m| m.square), Some(d6));
    assert_eq!(stale.choose_preferring(&f5, 0, &mut rng, f4, 4), None);
    // Randomness 1: the same draw as `choose`, d6 or f6, never f4.
    for seed in 0..20 {
        let drawn = |preferred| {
            let mut rng = fastrand::Rng::with_seed(seed);
            stale
                .choose_preferring(&f5, 1, &mut rng, preferred, 2)
                .unwrap()
                .square
        };
        let mut rng = fastrand::Rng::with_seed(seed);
        let chosen = stale.choose(&f5, 1, &mut rng).unwrap().square;
        assert_eq!(drawn(f4), chosen);
        assert_ne!(chosen.to_string(), "f4");
    }
}

/// NBoard's `learn` adds the session's game (set game, then a move) to the book and
/// saves the file; `go` then answers the book's move at once with its value.
#[test]
fn nboard_learn_adds_the_game_and_saves_the_book() {
    use reversi_engine::protocol::{Defaults, NboardSession, SessionBook};
    let path = std::env::temp_dir().join(format!("reversi-book-learn-{}.book", std::process::id()));
    let mut book = SessionBook::new(Book::new(), 0, 1);
    book.path = Some(path.clone());
    book.learn_depth = 2;
    let mut session = NboardSession::new(Engine::with_table_bytes(1 << 20), Defaults::default());
    session.set_book(book);
    let game = "(;GM[Othello]PC[t]PB[a]PW[b]RE[?]TI[0:00]TY[8]\
        BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3];)";
    let mut out = Vec::new();
    for line in [
        format!("set game {game}"),
        "move d3".to_owned(),
        "learn".to_owned(),
    ] {
        session.handle_line(&line, &mut out).unwrap().unwrap();
    }
    assert_eq!(String::from_utf8(out).unwrap(), "learned\n");
    let saved = Book::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(&saved, session.book().unwrap().book());
    // The start, f5, f5 d6, f5 d6 c3 and f5 d6 c3 d3.
    let mut board = Board::START;
    assert!(saved.get(&board).is_some());
    for square in ["f5", "d6", "c3", "d3"] {
        board = board.play(square.parse().unwrap()).unwrap();
        assert!(saved.get(&board).is_some(), "after {square}");
    }
    assert_eq!(saved.len(), 5);
    // Back at the start the book answers at once: no node searched.
    let mut out = Vec::new();
    session
        .handle_line(
            &format!("set game {}", game.replace("B[F5]W[D6]B[C3]", "")),
            &mut out,
        )
        .unwrap()
        .unwrap();
    session.handle_line("go", &mut out).unwrap().unwrap();
    let text = String::from_utf8(out).unwrap();
    let best = saved.moves(&Board::START)[0];
    let expected = format!(
        "=== {}/{:.2}/0.00",
        best.square.to_string().to_uppercase(),
        best.value as f64
    );
    assert!(text.contains("nodestats 0 0"), "{text}");
    assert!(text.contains(&expected), "{text} (expected {expected})");
}

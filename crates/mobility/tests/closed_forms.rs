//! Strengths of the five chess pieces on every square board from 1x1 to 26x26, against
//! the published closed forms (`strengths.txt`):
//! king 4(n-1)(2n-1), knight 8(n-1)(n-2), bishop 2n(n-1)(2n-1)/3, rook 2n^2(n-1),
//! queen 2n(n-1)(5n-1)/3.

use mobility::{Board, BoardSize, Piece};

fn strength(betza: &str, n: u8) -> i64 {
    let piece: Piece = betza.parse().unwrap();
    let board = Board::new(BoardSize::new(n, n).unwrap());
    i64::try_from(board.strength(&piece)).unwrap()
}

#[test]
fn square_boards_match_the_closed_forms() {
    for n in 1..=26u8 {
        let m = i64::from(n);
        assert_eq!(
            strength("K", n),
            4 * (m - 1) * (2 * m - 1),
            "king on {n}x{n}"
        );
        assert_eq!(strength("N", n), 8 * (m - 1) * (m - 2), "knight on {n}x{n}");
        assert_eq!(
            strength("B", n),
            2 * m * (m - 1) * (2 * m - 1) / 3,
            "bishop on {n}x{n}"
        );
        assert_eq!(strength("R", n), 2 * m * m * (m - 1), "rook on {n}x{n}");
        assert_eq!(
            strength("Q", n),
            2 * m * (m - 1) * (5 * m - 1) / 3,
            "queen on {n}x{n}"
        );
    }
}

#[test]
fn the_same_pieces_in_the_exercise_form() {
    // The exercise's direction lists give the same strengths as the Betza letters.
    let rook = "repeated (1, 0) (-1, 0) (0, 1) (0, -1)";
    let king = "once (1, 0) (-1, 0) (0, 1) (0, -1) (1, 1) (1, -1) (-1, 1) (-1, -1)";
    for n in 1..=26u8 {
        assert_eq!(strength(rook, n), strength("R", n));
        assert_eq!(strength(king, n), strength("K", n));
    }
}

#[test]
fn rectangular_boards_rook_and_wazir() {
    // On an f x r board a rook reaches (f - 1) + (r - 1) squares from every square. A
    // wazir makes two moves per pair of adjacent squares: r (f - 1) pairs side by side
    // along the ranks, f (r - 1) pairs along the files.
    for files in 1..=26u8 {
        for ranks in [1u8, 2, 7, 26, 99] {
            let size = BoardSize::new(files, ranks).unwrap();
            let (f, r) = (i64::from(files), i64::from(ranks));
            let board = Board::new(size);
            let rook = i64::try_from(board.strength(&"R".parse().unwrap())).unwrap();
            assert_eq!(rook, f * r * (f - 1 + r - 1), "rook on {size}");
            let wazir = i64::try_from(board.strength(&"W".parse().unwrap())).unwrap();
            assert_eq!(wazir, 2 * (r * (f - 1) + f * (r - 1)), "wazir on {size}");
        }
    }
}

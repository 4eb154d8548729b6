//! The crate's own output texts, pinned here so that `cargo test -p mobility` fails when
//! one changes (not only the judge program's snapshots): the destination-count diagram,
//! the mobility groups, the `{destinations: squares}` listing and a move list, for the
//! knight on 8x8. The knight's counts follow from its rule (a leap of (1, 2) in each of 8
//! directions; 2 from a corner, 8 in the centre) and agree with the exercise's published
//! groups (tests/data/exercise.txt).

use grid::BoardSize;
use mobility::{groups_text, squares_text, Piece, PieceOnBoard};

fn knight() -> Piece {
    "once (1, 2) (2, 1) (-1, 2) (-2, 1) (1, -2) (2, -1) (-1, -2) (-2, -1)"
        .parse()
        .unwrap()
}

#[test]
fn the_table_is_a_diagram_of_destination_counts() {
    let table = "\
8 2 3 4 4 4 4 3 2
7 3 4 6 6 6 6 4 3
6 4 6 8 8 8 8 6 4
5 4 6 8 8 8 8 6 4
4 4 6 8 8 8 8 6 4
3 4 6 8 8 8 8 6 4
2 3 4 6 6 6 6 4 3
1 2 3 4 4 4 4 3 2
  a b c d e f g h
";
    assert_eq!(
        PieceOnBoard::new(&knight(), BoardSize::CHESS).table(),
        table
    );
    // Two-digit ranks and counts stay right-aligned.
    let rook = PieceOnBoard::new(&"R".parse().unwrap(), BoardSize::new(2, 10).unwrap());
    let lines: Vec<String> = rook.table().lines().map(str::to_owned).collect();
    assert_eq!(lines[0], "10 10 10");
    assert_eq!(lines[9], " 1 10 10");
    assert_eq!(lines[10], "    a  b");
}

#[test]
fn mobility_groups_and_move_lists_are_written_as_the_exercise_writes_them() {
    let knight = PieceOnBoard::new(&knight(), BoardSize::CHESS);
    assert_eq!(
        knight.mobility(),
        "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8"
    );
    assert_eq!(
        groups_text(&knight.group_sizes()),
        "{2: 4, 3: 8, 4: 20, 6: 16, 8: 16}"
    );
    let d4 = BoardSize::CHESS.parse_square("d4").unwrap();
    assert_eq!(
        squares_text(&knight.moves(d4).unwrap()),
        "{b3, b5, c2, c6, e2, e6, f3, f5}"
    );
    let a1 = BoardSize::CHESS.parse_square("a1").unwrap();
    assert_eq!(squares_text(&knight.moves(a1).unwrap()), "{b3, c2}");
}

//! Property tests (proptest, which shrinks a failing case to a small one) over random
//! pieces and boards: the arithmetic counting agrees with walking every ray square by
//! square (written here, independently of the crate), groups sum to the square count,
//! mirror images have the same groups; and the parsers never panic on arbitrary text.

use std::collections::BTreeSet;

use mobility::{BoardSize, Piece, PieceOnBoard, Range};
use proptest::prelude::*;

/// One move of a random piece: a small direction times 1 to 3, so that directions often
/// share a line, with a range (0 = unlimited rider, 1 = leap, 2 to 4 steps).
fn random_move() -> impl Strategy<Value = (i32, i32, u32)> {
    (
        (-3i32..=3, -3i32..=3).prop_filter("a move", |&(x, y)| (x, y) != (0, 0)),
        1i32..=3,
        prop_oneof![Just(0u32), 2u32..=4, Just(1u32), Just(1u32)],
    )
        .prop_map(|((x, y), factor, range)| (x * factor, y * factor, range))
}

/// A random piece: up to six moves, now and then with a rider step longer than most
/// boards.
fn random_piece() -> impl Strategy<Value = Vec<(i32, i32, u32)>> {
    (
        proptest::collection::vec(random_move(), 0..7),
        proptest::option::weighted(0.1, (20i32..=40, -1i32..=1)),
    )
        .prop_map(|(mut moves, long)| {
            if let Some((x, y)) = long {
                moves.push((x, y, 0));
            }
            moves
        })
}

fn build(moves: &[(i32, i32, u32)]) -> Piece {
    let mut piece = Piece::new();
    for &(x, y, n) in moves {
        piece.add(grid::Direction::new(x, y).unwrap(), Range::from_count(n));
    }
    piece
}

/// A board of 1 to 26 files and 1 to 26 ranks, or now and then 27 to 99 ranks.
fn random_size() -> impl Strategy<Value = BoardSize> {
    (1u8..=26, prop_oneof![4 => 1u8..=26, 1 => 27u8..=99])
        .prop_map(|(files, ranks)| BoardSize::new(files, ranks).unwrap())
}

/// Destinations from `(file, rank)` by walking every ray one step at a time.
fn walk(moves: &[(i32, i32, u32)], size: BoardSize, file: i64, rank: i64) -> BTreeSet<(i64, i64)> {
    let mut reached = BTreeSet::new();
    for &(x, y, n) in moves {
        let limit = if n == 0 { u32::MAX } else { n };
        let (mut f, mut r) = (file, rank);
        let mut steps = 0;
        while steps < limit {
            f += i64::from(x);
            r += i64::from(y);
            if f < 0 || r < 0 || f >= i64::from(size.files()) || r >= i64::from(size.ranks()) {
                break;
            }
            reached.insert((f, r));
            steps += 1;
        }
    }
    reached
}

proptest! {
#![proptest_config(ProptestConfig::with_cases(300))]

#[test]
fn arithmetic_counting_agrees_with_walking_rays(moves in random_piece(), size in random_size()) {
    {
        let on_board = PieceOnBoard::new(&build(&moves), size);
        let mut strength = 0u64;
        for square in size.squares() {
            let walked = walk(
                &moves,
                size,
                i64::from(square.file()),
                i64::from(square.rank()),
            );
            strength += walked.len() as u64;
            assert_eq!(
                on_board.destination_count(square).unwrap() as usize,
                walked.len(),
                "{moves:?} on {size} from {square}"
            );
            let listed: BTreeSet<(i64, i64)> = on_board
                .moves(square)
                .unwrap()
                .iter()
                .map(|s| (i64::from(s.file()), i64::from(s.rank())))
                .collect();
            assert_eq!(listed, walked, "{moves:?} on {size} from {square}");
            // The same squares by the grid crate's rays.
            let by_rays: BTreeSet<(i64, i64)> = moves
                .iter()
                .flat_map(|&(x, y, n)| {
                    let direction = grid::Direction::new(x, y).unwrap();
                    square.ray(direction, Range::from_count(n).max_steps())
                })
                .map(|s| (i64::from(s.file()), i64::from(s.rank())))
                .collect();
            assert_eq!(by_rays, walked, "{moves:?} on {size} from {square}");
        }
        assert_eq!(on_board.strength(), strength, "{moves:?} on {size}");
        let groups = on_board.group_sizes();
        assert_eq!(
            groups.values().map(|&n| n as usize).sum::<usize>(),
            size.square_count(),
            "{moves:?} on {size}"
        );
        let weighted: u64 = groups.iter().map(|(&d, &n)| u64::from(d * n)).sum();
        assert_eq!(weighted, strength, "{moves:?} on {size}");
    }
}

#[test]
fn mirror_images_have_the_same_groups(moves in random_piece(), size in random_size()) {
    {
        let groups = PieceOnBoard::new(&build(&moves), size).group_sizes();
        // Left-right mirror, top-bottom mirror, half turn.
        for (sx, sy) in [(-1, 1), (1, -1), (-1, -1)] {
            let mirrored: Vec<(i32, i32, u32)> =
                moves.iter().map(|&(x, y, n)| (sx * x, sy * y, n)).collect();
            let other = PieceOnBoard::new(&build(&mirrored), size).group_sizes();
            assert_eq!(groups, other, "{moves:?} mirrored ({sx}, {sy}) on {size}");
        }
        // The diagonal mirror swaps files and ranks: the same groups on the transposed board.
        let swapped: Vec<(i32, i32, u32)> = moves.iter().map(|&(x, y, n)| (y, x, n)).collect();
        if let Some(transposed) = BoardSize::new(size.ranks(), size.files()) {
            let other = PieceOnBoard::new(&build(&swapped), transposed).group_sizes();
            assert_eq!(groups, other, "{moves:?} transposed on {size}");
        }
    }
}

}

/// Characters and words the parsers know, and some they don't.
const ALPHABET: &str = "fblrvshmcpnaijgWFDNAHCLZJGKRBQX0123456789 ()-+,onceapdt\té";
const WORDS: [&str; 11] = [
    "once",
    "repeated",
    "(",
    ")",
    ",",
    "-",
    "1",
    "2",
    " ",
    "0",
    "99999999999",
];

proptest! {
#![proptest_config(ProptestConfig::with_cases(20_000))]

#[test]
fn parsers_never_panic(
    text in proptest::collection::vec(proptest::sample::select(ALPHABET.chars().collect::<Vec<_>>()), 0..12)
        .prop_map(|chars| chars.into_iter().collect::<String>()),
    tokens in proptest::collection::vec(proptest::sample::select(WORDS.to_vec()), 0..12)
        .prop_map(|words| words.concat()),
    bytes in proptest::collection::vec(any::<u8>(), 0..12),
) {
    let _ = text.parse::<Piece>();
    let _ = Piece::parse_betza(&text);
    let _ = Piece::parse_lists(&text);
    if let Ok(piece) = tokens.parse::<Piece>() {
        // Whatever parses can be counted on the smallest and largest boards.
        for size in [
            BoardSize::new(1, 1).unwrap(),
            BoardSize::new(26, 99).unwrap(),
        ] {
            let groups = PieceOnBoard::new(&piece, size).group_sizes();
            prop_assert_eq!(groups.values().sum::<u32>() as usize, size.square_count());
        }
    }
    let lossy = String::from_utf8_lossy(&bytes);
    let _ = lossy.parse::<Piece>();
}
}

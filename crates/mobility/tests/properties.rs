//! Property tests over deterministic pseudo-random pieces and boards: the arithmetic
//! counting agrees with walking every ray square by square (written here, independently
//! of the crate), groups sum to the square count, mirror images have the same groups;
//! and the parsers never panic on arbitrary text.

use std::collections::BTreeSet;

use mobility::{BoardSize, Piece, PieceOnBoard, Range};

/// xorshift64*: a small deterministic generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// A random piece whose directions often share a line: a small primitive direction
/// times 1 to 3, with a random range (leap, 2 to 4 steps, or unlimited).
fn random_piece(rng: &mut Rng) -> Vec<(i32, i32, u32)> {
    let count = rng.below(7);
    let mut moves = Vec::new();
    for _ in 0..count {
        let (x, y) = loop {
            let x = rng.range(-3, 3);
            let y = rng.range(-3, 3);
            if (x, y) != (0, 0) {
                break (x, y);
            }
        };
        let factor = rng.range(1, 3);
        let range = match rng.below(4) {
            0 => 0,
            1 => rng.range(2, 4) as u32,
            _ => 1,
        };
        moves.push(((x * factor) as i32, (y * factor) as i32, range));
    }
    // Now and then a step longer than most boards.
    if rng.below(10) == 0 {
        moves.push((rng.range(20, 40) as i32, rng.range(-1, 1) as i32, 0));
    }
    moves
}

fn build(moves: &[(i32, i32, u32)]) -> Piece {
    let mut piece = Piece::new();
    for &(x, y, n) in moves {
        piece.add(grid::Direction::new(x, y).unwrap(), Range::from_count(n));
    }
    piece
}

fn random_size(rng: &mut Rng) -> BoardSize {
    let files = rng.range(1, 26) as u8;
    let ranks = if rng.below(5) == 0 {
        rng.range(27, 99) as u8
    } else {
        rng.range(1, 26) as u8
    };
    BoardSize::new(files, ranks).unwrap()
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

#[test]
fn arithmetic_counting_agrees_with_walking_rays() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let moves = random_piece(&mut rng);
        let size = random_size(&mut rng);
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
                on_board.destination_count(square) as usize,
                walked.len(),
                "{moves:?} on {size} from {square}"
            );
            let listed: BTreeSet<(i64, i64)> = on_board
                .moves(square)
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
fn mirror_images_have_the_same_groups() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for _ in 0..300 {
        let moves = random_piece(&mut rng);
        let size = random_size(&mut rng);
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

#[test]
fn parsers_never_panic() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let alphabet: Vec<char> = "fblrvshmcpnaijgWFDNAHCLZJGKRBQX0123456789 ()-+,onceapdt\té"
        .chars()
        .collect();
    let words = [
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
    for _ in 0..20_000 {
        let len = rng.below(12) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        let _ = text.parse::<Piece>();
        let _ = Piece::parse_betza(&text);
        let _ = Piece::parse_lists(&text);
        let tokens: String = (0..len)
            .map(|_| words[rng.below(words.len() as u64) as usize])
            .collect();
        if let Ok(piece) = tokens.parse::<Piece>() {
            // Whatever parses can be counted on the smallest and largest boards.
            for size in [
                BoardSize::new(1, 1).unwrap(),
                BoardSize::new(26, 99).unwrap(),
            ] {
                let groups = PieceOnBoard::new(&piece, size).group_sizes();
                assert_eq!(groups.values().sum::<u32>() as usize, size.square_count());
            }
        }
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        let lossy = String::from_utf8_lossy(&bytes);
        let _ = lossy.parse::<Piece>();
    }
}

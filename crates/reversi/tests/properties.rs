//! Properties over random games, checked against a plain array implementation of the
//! rules written here from the rules text (no bitboards, no shared code). Games are
//! proptest values (the choice of move at each ply), so a failing game is shrunk to a
//! short, simple one before it is reported.

use proptest::collection::vec;
use proptest::prelude::*;
use reversi::{Board, Color, IllegalMove, Square, SquareSet, Transcript};

/// The rules on an array: `cells[rank][file]`, `None` empty.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Plain {
    cells: [[Option<Color>; 8]; 8],
    to_move: Color,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Plain {
    /// White on d4 and e5, Black on e4 and d5, Black to move.
    fn start() -> Plain {
        let mut cells = [[None; 8]; 8];
        cells[3][3] = Some(Color::White); // d4
        cells[4][4] = Some(Color::White); // e5
        cells[3][4] = Some(Color::Black); // e4
        cells[4][3] = Some(Color::Black); // d5
        Plain {
            cells,
            to_move: Color::Black,
        }
    }

    /// The discs `color` flips by a disc on (file, rank): in each direction, the run of
    /// opponent discs if a disc of `color` closes it.
    fn flips(&self, color: Color, file: i32, rank: i32) -> Vec<(i32, i32)> {
        if self.cells[rank as usize][file as usize].is_some() {
            return Vec::new();
        }
        let mut all = Vec::new();
        for (df, dr) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut f, mut r) = (file + df, rank + dr);
            while (0..8).contains(&f)
                && (0..8).contains(&r)
                && self.cells[r as usize][f as usize] == Some(color.other())
            {
                run.push((f, r));
                f += df;
                r += dr;
            }
            if !run.is_empty()
                && (0..8).contains(&f)
                && (0..8).contains(&r)
                && self.cells[r as usize][f as usize] == Some(color)
            {
                all.extend(run);
            }
        }
        all
    }

    fn legal(&self, color: Color) -> Vec<(i32, i32)> {
        let mut moves = Vec::new();
        for rank in 0..8 {
            for file in 0..8 {
                if !self.flips(color, file, rank).is_empty() {
                    moves.push((file, rank));
                }
            }
        }
        moves
    }

    fn play(&mut self, file: i32, rank: i32) {
        let flipped = self.flips(self.to_move, file, rank);
        assert!(!flipped.is_empty());
        self.cells[rank as usize][file as usize] = Some(self.to_move);
        for (f, r) in flipped {
            self.cells[r as usize][f as usize] = Some(self.to_move);
        }
        self.to_move = self.to_move.other();
    }

    fn discs(&self, color: Color) -> u64 {
        let mut bits = 0;
        for rank in 0..8 {
            for file in 0..8 {
                if self.cells[rank][file] == Some(color) {
                    bits |= 1 << (rank * 8 + file);
                }
            }
        }
        bits
    }
}

fn bits_of(squares: &[(i32, i32)]) -> u64 {
    squares
        .iter()
        .map(|&(f, r)| 1u64 << (r * 8 + f))
        .fold(0, |a, b| a | b)
}

/// A game as the choice of move at each ply: the move is `legal[choice % legal.len()]`
/// (the first legal move once the choices run out), so shrinking makes games simpler.
fn games() -> impl Strategy<Value = Vec<u32>> {
    vec(any::<u32>(), 0..64)
}

/// The move chosen at ply `ply` among `count` legal moves.
fn chosen(choices: &[u32], ply: usize, count: usize) -> usize {
    choices.get(ply).map_or(0, |&c| c as usize % count)
}

/// A map of (file, rank) to (file, rank).
type SquareMap = fn(i32, i32) -> (i32, i32);

/// The 8 symmetries of the square.
fn symmetries() -> [SquareMap; 8] {
    [
        |f, r| (f, r),
        |f, r| (7 - f, r),
        |f, r| (f, 7 - r),
        |f, r| (7 - f, 7 - r),
        |f, r| (r, f),
        |f, r| (7 - r, f),
        |f, r| (r, 7 - f),
        |f, r| (7 - r, 7 - f),
    ]
}

fn transform(bits: u64, map: SquareMap) -> u64 {
    let mut out = 0;
    for index in 0..64 {
        if bits >> index & 1 != 0 {
            let (f, r) = map(index % 8, index / 8);
            out |= 1 << (r * 8 + f);
        }
    }
    out
}

/// Plays the game `choices` to the end with both implementations side by side, checking
/// every position; `check` sees each position before its move.
fn play_game(choices: &[u32], mut check: impl FnMut(&Board, &Plain)) {
    let mut board = Board::START;
    let mut plain = Plain::start();
    let mut ply = 0;
    loop {
        check(&board, &plain);
        let legal = plain.legal(plain.to_move);
        if legal.is_empty() {
            if plain.legal(plain.to_move.other()).is_empty() {
                assert!(board.is_game_over());
                break;
            }
            assert!(board.must_pass());
            board = board.pass().expect("a side with no move passes");
            plain.to_move = plain.to_move.other();
            continue;
        }
        let (file, rank) = legal[chosen(choices, ply, legal.len())];
        ply += 1;
        board = board
            .play(Square::new(file as u8, rank as u8).unwrap())
            .expect("legal by the rules");
        plain.play(file, rank);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bitboards_agree_with_the_plain_rules_position_by_position(choices in games()) {
        play_game(&choices, |board, plain| {
            let color = plain.to_move;
            assert_eq!(board.side_to_move(), color);
            assert_eq!(board.discs(Color::Black).bits(), plain.discs(Color::Black));
            assert_eq!(board.discs(Color::White).bits(), plain.discs(Color::White));
            assert_eq!(
                board.legal_moves().bits(),
                bits_of(&plain.legal(color)),
                "{board}"
            );
            for square in Square::ALL {
                let (file, rank) = (square.file() as i32, square.rank() as i32);
                assert_eq!(
                    board.flips(square).bits(),
                    bits_of(&plain.flips(color, file, rank)),
                    "{square} in\n{board}"
                );
            }
            let stuck = plain.legal(color).is_empty();
            let other_stuck = plain.legal(color.other()).is_empty();
            assert_eq!(board.must_pass(), stuck && !other_stuck);
            assert_eq!(board.is_game_over(), stuck && other_stuck);
        });
    }

    #[test]
    fn a_move_is_legal_exactly_when_it_flips_a_disc(choices in games()) {
        play_game(&choices, |board, _| {
            let legal = board.legal_moves();
            for square in Square::ALL {
                let flipped = board.flips(square);
                assert_eq!(
                    legal.contains(square),
                    !flipped.is_empty(),
                    "{square}\n{board}"
                );
                match board.play(square) {
                    Ok(_) => assert!(legal.contains(square)),
                    Err(IllegalMove::Occupied { .. }) => {
                        assert!(!board.empty_squares().contains(square))
                    }
                    Err(IllegalMove::NoFlip { .. } | IllegalMove::GameOver) => {
                        assert!(flipped.is_empty())
                    }
                    Err(other) => panic!("{other}"),
                }
            }
        });
    }

    #[test]
    fn each_move_adds_one_disc_plus_the_flipped_ones(choices in games()) {
        play_game(&choices, |board, _| {
            let mover = board.side_to_move();
            let before = board.disc_counts();
            for square in board.legal_moves() {
                let flipped = board.flips(square).len();
                let after = board.play(square).unwrap();
                let counts = after.disc_counts();
                assert_eq!(counts[mover], before[mover] + 1 + flipped);
                assert_eq!(*counts.get(mover.other()), before.get(mover.other()) - flipped);
                // The flipped discs and the new one are the mover's now.
                let gained = after.discs(mover) - board.discs(mover);
                assert_eq!(
                    gained,
                    board.flips(square) | SquareSet::from(square)
                );
                assert_eq!(after.side_to_move(), mover.other());
            }
        });
    }

    #[test]
    fn move_generation_commutes_with_the_8_symmetries(choices in games()) {
        play_game(&choices, |board, _| {
            let color = board.side_to_move();
            let (black, white) = (board.discs(Color::Black), board.discs(Color::White));
            for map in symmetries() {
                let image = Board::from_discs(
                    SquareSet::from_bits(transform(black.bits(), map)),
                    SquareSet::from_bits(transform(white.bits(), map)),
                    color,
                )
                .unwrap();
                assert_eq!(
                    image.legal_moves().bits(),
                    transform(board.legal_moves().bits(), map),
                    "{board}"
                );
                for square in board.legal_moves() {
                    let (f, r) = map(square.file() as i32, square.rank() as i32);
                    let image_square = Square::new(f as u8, r as u8).unwrap();
                    assert_eq!(
                        image.flips(image_square).bits(),
                        transform(board.flips(square).bits(), map)
                    );
                }
            }
        });
    }

    #[test]
    fn transcripts_of_random_games_round_trip(choices in games()) {
        let mut transcript = Transcript::new();
        let mut plain = Plain::start();
        let mut ply = 0;
        loop {
            let mut legal = plain.legal(plain.to_move);
            if legal.is_empty() {
                plain.to_move = plain.to_move.other();
                legal = plain.legal(plain.to_move);
                if legal.is_empty() {
                    break;
                }
            }
            let (file, rank) = legal[chosen(&choices, ply, legal.len())];
            ply += 1;
            transcript
                .play(Square::new(file as u8, rank as u8).unwrap())
                .unwrap();
            plain.play(file, rank);
        }
        let text = transcript.to_string();
        assert_eq!(text.len(), 2 * transcript.len());
        let parsed: Transcript = text.parse().unwrap();
        assert_eq!(parsed, transcript);
        assert_eq!(
            parsed.board().discs(Color::Black).bits(),
            plain.discs(Color::Black)
        );
        assert_eq!(
            parsed.board().discs(Color::White).bits(),
            plain.discs(Color::White)
        );
        assert!(parsed.board().is_game_over());
        let upper: Transcript = text.to_ascii_uppercase().parse().unwrap();
        assert_eq!(upper, transcript);
    }
}

/// Text over a small alphabet of square letters and digits, with arbitrary bytes mixed in.
fn transcript_text() -> impl Strategy<Value = Vec<u8>> {
    const ALPHABET: &[u8] = b"abcdefghiz012345689ABH \n\xff\xc3";
    let byte = prop_oneof![3 => proptest::sample::select(ALPHABET), 1 => any::<u8>()];
    vec(byte, 0..12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn transcript_parser_never_panics_on_arbitrary_bytes(text in transcript_text()) {
        if let Ok(transcript) = Transcript::parse_bytes(&text) {
            let again: Transcript = transcript.to_string().parse().unwrap();
            prop_assert_eq!(again, transcript);
        }
    }
}

#[test]
fn every_prefix_of_a_legal_game_parses() {
    let game = "d3c3b3b2f5a3a1c1e3c2d1b1";
    for end in (0..=game.len()).step_by(2) {
        assert_eq!(game[..end].parse::<Transcript>().unwrap().len(), end / 2);
    }
}

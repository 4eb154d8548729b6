//! Properties over random playouts and random text (proptest: a failure is shrunk to a
//! short playout or a short text, and its seed is kept in `proptest-regressions/`):
//! generated moves can be made and parsed back, FEN round trips, counting agrees with
//! listing, perft equals the sum of divide, and the parsers never panic.

mod common;

use common::playouts;
use itertools::Itertools;
use proptest::prelude::*;
use proptest::sample::{select, Index};

use congo::{Move, Position, Role, Rules};

const STARTS: &[&str] = &[
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
    "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
    "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
];

/// A move text: a start square (that of a legal move, when `from_move` picks one), then
/// 1 to 3 more squares, each a 2-square jump or a step from the one before (clamped to
/// the board). Mostly 2 squares.
fn move_text(moves: &[Move], recipe: &MoveRecipe) -> String {
    let files = b"abcdefg";
    let (mut f, mut r) = recipe.start;
    if let Some(pick) = &recipe.from_move {
        if let Some(m) = moves.get(pick.index(moves.len().max(1))) {
            f = i32::from(m.from().file());
            r = i32::from(m.from().rank());
        }
    }
    let mut text = String::new();
    text.push(files[f as usize] as char);
    text.push((b'1' + r as u8) as char);
    for &(df, dr) in &recipe.steps {
        f = (f + df).clamp(0, 6);
        r = (r + dr).clamp(0, 6);
        text.push(files[f as usize] as char);
        text.push((b'1' + r as u8) as char);
    }
    text
}

/// How [`move_text`] builds one text.
#[derive(Clone, Debug)]
struct MoveRecipe {
    start: (i32, i32),
    from_move: Option<Index>,
    steps: Vec<(i32, i32)>,
}

fn move_recipe() -> impl Strategy<Value = MoveRecipe> {
    // The monkey's jumps, and single steps.
    let mut choices = common::JUMPS.to_vec();
    choices.extend([(1, 0), (0, 1), (1, 1), (-1, -1)]);
    let steps = prop_oneof![
        2 => prop::collection::vec(select(choices.clone()), 1..=1),
        1 => prop::collection::vec(select(choices), 1..=3),
    ];
    ((0..7, 0..7), prop::option::of(any::<Index>()), steps).prop_map(|(start, from_move, steps)| {
        MoveRecipe {
            start,
            from_move,
            steps,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_generated_move_is_made_parsed_back_and_round_trips(playout in playouts(STARTS, 120)) {
        playout.visit(|pos, moves| {
            assert!(pos.is_consistent(), "{pos}");
            // FEN round trip.
            let fen = pos.to_string();
            assert_eq!(fen.parse::<Position>().unwrap(), *pos, "{fen}");
            // Counting agrees with listing; no duplicates.
            assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
            assert!(moves.iter().all_unique(), "duplicate moves in {fen}");
            // The per-kind lists partition the whole list.
            let mut by_kind = 0;
            let mut list = Vec::new();
            for role in Role::ALL {
                pos.legal_moves_of(role, &mut list);
                by_kind += list.len();
                assert!(list.iter().all(|m| moves.contains(m)));
            }
            assert_eq!(by_kind, moves.len(), "{fen}");
            for &mv in moves {
                let text = mv.to_string();
                assert_eq!(text.parse::<Move>().unwrap(), mv, "{text}");
                assert_eq!(pos.parse_move(&text).unwrap(), mv, "{fen} {text}");
                let after = pos.play_unchecked(mv, playout.rules);
                // The checked form accepts every generated move and agrees.
                assert_eq!(pos.play(mv, playout.rules), Ok(after), "{fen} {text}");
                assert!(after.is_consistent(), "{fen} {text}");
                assert_eq!(after.side_to_move(), pos.side_to_move().other());
                // The mover never gains pieces; the opponent never gains pieces.
                let count = |p: &Position, c| p.occupied_by(c).len();
                assert!(count(&after, pos.side_to_move()) <= count(pos, pos.side_to_move()));
                assert!(count(&after, pos.side_to_move().other()) <= count(pos, pos.side_to_move().other()));
            }
        });
    }

    #[test]
    fn perft_equals_the_sum_of_divide(playout in playouts(STARTS, 120), depth in 1..=3u32) {
        let pos = playout.end();
        let divide = pos.divide(depth, playout.rules);
        let sum: u64 = divide.iter().map(|&(_, n)| n).sum();
        prop_assert_eq!(sum, pos.perft(depth, playout.rules), "{} depth {}", pos, depth);
    }

    #[test]
    fn check_move_accepts_exactly_the_generated_moves(
        playout in playouts(STARTS, 120),
        recipes in prop::collection::vec(move_recipe(), 30),
    ) {
        playout.visit(|pos, moves| {
            for recipe in &recipes {
                let text = move_text(moves, recipe);
                if let Ok(mv) = text.parse::<Move>() {
                    assert_eq!(
                        pos.check_move(mv).is_ok(),
                        moves.contains(&mv),
                        "{pos} {text}"
                    );
                }
            }
        });
    }
}

/// Random bytes, bytes from the FEN and move alphabets, and the start FEN with some
/// bytes replaced.
fn noisy_text() -> impl Strategy<Value = Vec<u8>> {
    const ALPHABET: &[u8] = b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-abcdefgh";
    const BASE: &[u8] = b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..60),
        prop::collection::vec(select(ALPHABET), 0..60),
        prop::collection::vec(
            (select(BASE), prop::option::weighted(0.125, any::<u8>())),
            0..60
        )
        .prop_map(|bytes| bytes
            .into_iter()
            .map(|(b, noise)| noise.unwrap_or(b))
            .collect()),
    ]
}

/// One edit of a FEN: replace, remove or insert a byte at a position.
#[derive(Clone, Debug)]
enum Edit {
    Replace(Index, u8),
    Remove(Index),
    Insert(Index, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    const BYTES: &[u8] = b"pPlL1234567/ wb";
    prop_oneof![
        (any::<Index>(), select(BYTES)).prop_map(|(at, b)| Edit::Replace(at, b)),
        any::<Index>().prop_map(Edit::Remove),
        (any::<Index>(), select(BYTES)).prop_map(|(at, b)| Edit::Insert(at, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn parsers_never_panic_on_random_bytes(text in noisy_text()) {
        let start = Position::START;
        if let Ok(pos) = Position::from_fen_bytes(&text) {
            // Whatever parses writes back to a FEN that parses to the same position.
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
            let _ = pos.count_legal_moves();
        }
        let _ = Move::parse_bytes(&text);
        let _ = start.parse_move(&String::from_utf8_lossy(&text));
    }

    #[test]
    fn corrupted_fens_never_panic(
        start in select(STARTS),
        edits in prop::collection::vec(edit(), 1..=3),
    ) {
        let mut text = start.as_bytes().to_vec();
        for edit in edits {
            match edit {
                Edit::Replace(at, b) => {
                    let at = at.index(text.len());
                    text[at] = b;
                }
                Edit::Remove(at) => {
                    text.remove(at.index(text.len()));
                }
                Edit::Insert(at, b) => text.insert(at.index(text.len()), b),
            }
        }
        if let Ok(pos) = Position::from_fen_bytes(&text) {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for mv in moves {
                let _ = pos.play_unchecked(mv, Rules::FULL);
            }
        }
    }
}

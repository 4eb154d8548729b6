//! The Zobrist key (issue #12): along random games the key kept by `play` equals the key
//! computed from scratch at every ply, distinct positions get distinct keys, and the
//! setters keep the key right.

use std::collections::HashMap;

use congo::{Color, Move, Piece, Position, Role, Rules, Square};

/// The FENs of the shared vector files (first field of each data line).
fn vector_fens() -> Vec<Position> {
    let files = [
        include_str!("data/moves.txt"),
        include_str!("data/perft.txt"),
        include_str!("data/perft-no-promotion.txt"),
        include_str!("data/part3-play.txt"),
        include_str!("data/rules-cases.txt"),
        include_str!("data/part2-piece-moves.txt"),
    ];
    let mut fens: Vec<Position> = files
        .iter()
        .flat_map(|text| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('|').next()?.trim().parse().ok())
        .collect();
    fens.sort_by_key(|p| p.to_string());
    fens.dedup();
    fens
}

#[test]
fn incremental_key_equals_the_key_from_scratch_along_random_games() {
    let mut rng = fastrand::Rng::with_seed(12);
    let starts = vector_fens();
    assert!(starts.len() > 20, "{}", starts.len());
    // Every position seen, by key: a different position with the same key is a collision.
    let mut seen: HashMap<u64, Position> = HashMap::new();
    let mut plies = 0;
    let mut moves = Vec::new();
    for game in 0..200 {
        let mut pos = if game % 2 == 0 {
            Position::START
        } else {
            starts[rng.usize(..starts.len())]
        };
        let rules = if rng.u8(..3) == 0 {
            Rules::EDITION_2021
        } else {
            Rules::FULL
        };
        for _ in 0..80 {
            assert_eq!(pos.zobrist_key(), pos.zobrist_key_from_scratch(), "{pos}");
            // Placement and side: the move number is not part of the key.
            let placement: Position = format!("{} 0", {
                let fen = pos.to_string();
                fen.rsplit_once(' ').unwrap().0.to_owned()
            })
            .parse()
            .unwrap();
            let previous = seen.entry(pos.zobrist_key()).or_insert(placement);
            assert_eq!(*previous, placement, "key collision");
            pos.legal_moves(&mut moves);
            // Keep contrived monkey lattices out: at most a few thousand moves.
            if moves.is_empty() || moves.len() > 5000 {
                break;
            }
            let mv = moves[rng.usize(..moves.len())];
            let after = pos.play_unchecked(mv, rules);
            assert_eq!(
                pos.play(mv, rules).map(|p| p.zobrist_key()),
                Ok(after.zobrist_key())
            );
            pos = after;
            plies += 1;
        }
    }
    assert!(plies > 5000, "{plies}");
    assert!(seen.len() > 3000, "{}", seen.len());
}

fn sq(name: &str) -> Square {
    name.parse::<Square>().unwrap()
}

#[test]
fn setters_and_parsing_keep_the_key() {
    let mut pos = Position::empty(Color::White, 0);
    assert_eq!(pos.zobrist_key(), 0);
    let lion = |color| {
        Some(Piece {
            color,
            role: Role::Lion,
        })
    };
    pos.set_piece(sq("d1"), lion(Color::White));
    pos.set_piece(sq("d7"), lion(Color::Black));
    pos.set_piece(
        sq("d4"),
        Some(Piece {
            color: Color::Black,
            role: Role::Crocodile,
        }),
    );
    // Replacing a piece and emptying a square.
    pos.set_piece(
        sq("d4"),
        Some(Piece {
            color: Color::White,
            role: Role::Zebra,
        }),
    );
    pos.set_piece(sq("a1"), None);
    pos.set_side_to_move(Color::Black);
    assert_eq!(pos.zobrist_key(), pos.zobrist_key_from_scratch());
    let parsed: Position = "3l3/7/7/3Z3/7/7/3L3 b 0".parse().unwrap();
    assert_eq!(pos, parsed);
    assert_eq!(pos.zobrist_key(), parsed.zobrist_key());
    // Side to move changes the key; setting it twice does not.
    let mut white = pos;
    white.set_side_to_move(Color::White);
    white.set_side_to_move(Color::White);
    assert_ne!(white.zobrist_key(), pos.zobrist_key());
    assert_eq!(white.zobrist_key(), white.zobrist_key_from_scratch());
    pos.set_piece(sq("d4"), None);
    assert_eq!(pos.zobrist_key(), pos.zobrist_key_from_scratch());
    // The move number is not part of the key.
    let later: Position = "3l3/7/7/7/7/7/3L3 b 99".parse().unwrap();
    assert_eq!(later.zobrist_key(), pos.zobrist_key());
    assert_eq!(
        Position::START.zobrist_key(),
        Position::START.zobrist_key_from_scratch()
    );
}

/// The cases the rules text singles out: a monkey's multi-capture (several pieces off),
/// promotion (the piece changes kind), drowning (a piece leaves without being captured).
#[test]
fn captures_promotion_and_drowning_update_the_key() {
    let cases = [
        (
            "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
            "c4a4c2",
            Rules::FULL,
            "3l3/7/7/7/3p3/2M4/3L3 b 0",
        ),
        // Three pieces jumped, and the monkey, on the river before and after, drowns.
        (
            "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
            "c4a4c2e4",
            Rules::FULL,
            "3l3/7/7/7/7/7/3L3 b 0",
        ),
        (
            "2el3/1P5/7/7/7/7/3L3 w 0",
            "b6c7",
            Rules::FULL,
            "2Sl3/7/7/7/7/7/3L3 b 0",
        ),
        (
            "2el3/1P5/7/7/7/7/3L3 w 0",
            "b6c7",
            Rules::EDITION_2021,
            "2Pl3/7/7/7/7/7/3L3 b 0",
        ),
        // The zebra leaves the river; the White pawn that stayed on a4 drowns.
        (
            "3l3/7/7/P2Z3/7/7/3L3 w 0",
            "d4b5",
            Rules::FULL,
            "3l3/7/1Z5/7/7/7/3L3 b 0",
        ),
        // The elephant moves along the river and drowns.
        (
            "3l3/7/7/3E3/7/7/3L3 w 0",
            "d4f4",
            Rules::FULL,
            "3l3/7/7/7/7/7/3L3 b 0",
        ),
    ];
    for (fen, text, rules, expected) in cases {
        let pos: Position = fen.parse().unwrap();
        let mv: Move = text.parse().unwrap();
        let after = pos.play(mv, rules).unwrap();
        assert_eq!(after.to_string(), expected, "{fen} {text}");
        assert_eq!(
            after.zobrist_key(),
            after.zobrist_key_from_scratch(),
            "{fen} {text}"
        );
        let reparsed: Position = after.to_string().parse().unwrap();
        assert_eq!(reparsed.zobrist_key(), after.zobrist_key(), "{fen} {text}");
    }
}

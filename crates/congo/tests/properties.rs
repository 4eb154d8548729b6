//! Properties over random playouts and random text (deterministic generator, so a
//! failure reproduces): generated moves can be made and parsed back, FEN round trips,
//! perft equals the sum of divide, and the parsers never panic.

mod common;

use common::Rng;
use std::collections::HashSet;

use congo::{Move, Position, Role, Rules};

const STARTS: [&str; 5] = [
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
    "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
    "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
];

/// Visits every position of `games` random playouts from each start position.
fn playouts(seed: u64, games: usize, mut visit: impl FnMut(&Position, &[Move], Rules)) {
    let mut rng = Rng(seed);
    let mut moves = Vec::new();
    for start in STARTS {
        for game in 0..games {
            let rules = if game % 3 == 2 {
                Rules::EDITION_2021
            } else {
                Rules::FULL
            };
            let mut pos: Position = start.parse().unwrap();
            for _ in 0..120 {
                pos.legal_moves(&mut moves);
                visit(&pos, &moves, rules);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())], rules);
            }
        }
    }
}

#[test]
fn every_generated_move_is_made_parsed_back_and_round_trips() {
    let mut positions = 0;
    playouts(1, 12, |pos, moves, rules| {
        positions += 1;
        assert!(pos.is_consistent(), "{pos}");
        // FEN round trip.
        let fen = pos.to_string();
        assert_eq!(fen.parse::<Position>().unwrap(), *pos, "{fen}");
        // Counting agrees with listing; no duplicates.
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
        let unique: HashSet<&Move> = moves.iter().collect();
        assert_eq!(unique.len(), moves.len(), "duplicate moves in {fen}");
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
            let after = pos.play(mv, rules);
            assert!(after.is_consistent(), "{fen} {text}");
            assert_eq!(after.turn(), pos.turn().other());
            // The mover never gains pieces; the opponent never gains pieces.
            let count = |p: &Position, c| p.occupied_by(c).count_ones();
            assert!(count(&after, pos.turn()) <= count(pos, pos.turn()));
            assert!(count(&after, pos.turn().other()) <= count(pos, pos.turn().other()));
        }
    });
    assert!(positions > 1000);
}

#[test]
fn perft_equals_the_sum_of_divide() {
    let mut rng = Rng(7);
    let mut checked = 0;
    playouts(2, 2, |pos, _, rules| {
        if rng.below(20) == 0 {
            let depth = 1 + rng.below(3) as u32;
            let divide = pos.divide(depth, rules);
            let sum: u64 = divide.iter().map(|&(_, n)| n).sum();
            assert_eq!(sum, pos.perft(depth, rules), "{pos} depth {depth}");
            checked += 1;
        }
    });
    assert!(checked > 20);
}

#[test]
fn parsers_never_panic_on_random_bytes() {
    let mut rng = Rng(3);
    let alphabet = b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-abcdefgh";
    let base = b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    let start = Position::start();
    for i in 0..20_000 {
        let len = rng.below(60);
        let text: Vec<u8> = (0..len)
            .map(|_| match i % 3 {
                0 => rng.next() as u8,
                1 => alphabet[rng.below(alphabet.len())],
                _ => {
                    let b = base[rng.below(base.len())];
                    if rng.below(8) == 0 {
                        rng.next() as u8
                    } else {
                        b
                    }
                }
            })
            .collect();
        if let Ok(pos) = Position::from_fen_bytes(&text) {
            // Whatever parses writes back to a FEN that parses to the same position.
            assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
            let _ = pos.listing().to_string();
            let _ = pos.count_legal_moves();
        }
        let _ = Move::parse_bytes(&text);
        let _ = start.parse_move(&String::from_utf8_lossy(&text));
    }
}

#[test]
fn corrupted_fens_never_panic() {
    let mut rng = Rng(11);
    for start in STARTS {
        for _ in 0..2000 {
            let mut text = start.as_bytes().to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(text.len());
                match rng.below(3) {
                    0 => text[at] = b"pPlL1234567/ wb"[rng.below(15)],
                    1 => {
                        text.remove(at);
                    }
                    _ => text.insert(at, b"pPlL1234567/ wb"[rng.below(15)]),
                }
            }
            if let Ok(pos) = Position::from_fen_bytes(&text) {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                for mv in moves {
                    let _ = pos.play(mv, Rules::FULL);
                }
            }
        }
    }
}

#[test]
fn check_move_accepts_exactly_the_generated_moves() {
    let mut rng = Rng(5);
    let files = b"abcdefg";
    let mut checked = 0;
    playouts(4, 6, |pos, moves, _| {
        // Random texts: start squares of the side to move's pieces mostly, random
        // landings, and random jump chains from monkeys.
        for _ in 0..30 {
            let mut text = String::new();
            let squares = 2 + rng.below(3) * usize::from(rng.below(3) == 0);
            let mut f = rng.below(7) as i32;
            let mut r = rng.below(7) as i32;
            if rng.below(2) == 0 {
                if let Some(m) = moves.get(rng.below(moves.len().max(1))) {
                    f = i32::from(m.from().file());
                    r = i32::from(m.from().rank());
                }
            }
            text.push(files[f as usize] as char);
            text.push((b'1' + r as u8) as char);
            for _ in 1..squares {
                let (df, dr) = [
                    (2, 0),
                    (-2, 0),
                    (0, 2),
                    (0, -2),
                    (2, 2),
                    (2, -2),
                    (-2, 2),
                    (-2, -2),
                    (1, 0),
                    (0, 1),
                    (1, 1),
                    (-1, -1),
                ][rng.below(12)];
                f = (f + df).clamp(0, 6);
                r = (r + dr).clamp(0, 6);
                text.push(files[f as usize] as char);
                text.push((b'1' + r as u8) as char);
            }
            if let Ok(mv) = text.parse::<Move>() {
                assert_eq!(
                    pos.check_move(mv).is_ok(),
                    moves.contains(&mv),
                    "{pos} {text}"
                );
                checked += 1;
            }
        }
    });
    assert!(checked > 10_000);
}

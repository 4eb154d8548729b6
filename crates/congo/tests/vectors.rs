//! The shared test vectors: perft tables, move lists, Part II and III samples, rule cases.

use congo::{Move, Position, Role, Rules};
use itertools::Itertools;

/// The status line of the assignment's programs, judged by the lions alone: `Continue`,
/// `White wins` or `Black wins` (the `Outcome` text).
fn status_line(pos: &Position) -> String {
    pos.outcome()
        .map_or("Continue".to_string(), |o| o.to_string())
}

/// Data lines of a vector file: comments and blank lines skipped, fields split on `|`.
fn records(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect()
}

fn sorted_names(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).sorted().join(" ")
}

/// Runs every perft line up to `max_depth` (and only depths above `min_depth`).
fn perft_file(text: &str, rules: Rules, min_depth: usize, max_depth: usize) {
    for rec in records(text) {
        let pos: Position = rec[0].parse().unwrap();
        for (i, expected) in rec[1].split_whitespace().enumerate() {
            let depth = i + 1;
            if depth <= min_depth || depth > max_depth {
                continue;
            }
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(
                pos.perft(depth as u32, rules),
                expected,
                "perft {depth} of {}",
                rec[0]
            );
        }
    }
}

#[test]
fn perft_full_rules_to_depth_4() {
    perft_file(include_str!("data/perft.txt"), Rules::FULL, 0, 4);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn perft_full_rules_deep() {
    perft_file(include_str!("data/perft.txt"), Rules::FULL, 4, usize::MAX);
}

#[test]
fn perft_no_promotion_to_depth_4() {
    perft_file(
        include_str!("data/perft-no-promotion.txt"),
        Rules::EDITION_2021,
        0,
        4,
    );
}

#[test]
fn all_moves_sorted() {
    for rec in records(include_str!("data/moves.txt")) {
        let pos: Position = rec[0].parse().unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(sorted_names(&moves), rec[1], "{}", rec[0]);
    }
}

#[test]
fn part2_piece_moves() {
    for rec in records(include_str!("data/part2-piece-moves.txt")) {
        let kind = rec[0].trim_end_matches("-no-promotion");
        let role = Role::from_name(kind).unwrap();
        let pos: Position = rec[1].parse().unwrap();
        let mut moves = Vec::new();
        pos.legal_moves_of(role, &mut moves);
        assert_eq!(sorted_names(&moves), rec[2], "{} {}", rec[0], rec[1]);
    }
}

#[test]
fn part3_play() {
    for rec in records(include_str!("data/part3-play.txt")) {
        let pos: Position = rec[0].parse().unwrap();
        let mv = pos.parse_move(rec[1]).unwrap();
        let after = pos.play_unchecked(mv, Rules::FULL);
        assert_eq!(after.to_string(), rec[2], "{} {}", rec[0], rec[1]);
        assert_eq!(status_line(&after), rec[3]);
    }
}

#[test]
fn rules_cases() {
    for rec in records(include_str!("data/rules-cases.txt")) {
        let pos: Position = rec[0].parse().unwrap();
        match pos.parse_move(rec[1]) {
            Ok(mv) => {
                let after = pos.play_unchecked(mv, Rules::FULL);
                assert_eq!(
                    format!("{} {}", after, status_line(&after)),
                    rec[2],
                    "{} {}",
                    rec[0],
                    rec[1]
                );
            }
            Err(e) => assert_eq!(rec[2], "illegal", "{} {}: {e}", rec[0], rec[1]),
        }
    }
}

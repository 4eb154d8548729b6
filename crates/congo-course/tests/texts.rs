//! The programs' texts, pinned against the assignment's samples (tests/data, copied from
//! the project's shared vectors): the Part I listing, the Part II move lines, the Part
//! III FEN and status lines. A change of any of these texts fails here.

use congo::{Position, Role, Rules};
use congo_course::text::{status_text, write_moves_of, write_play};

/// The boards of a Part I input (`N`, then `N` FENs), listed and separated by one blank
/// line, as the `congo-board` program prints them.
fn listings(input: &str) -> String {
    let mut lines = input.lines();
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = Vec::new();
    for (i, fen) in lines.take(n).enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        let pos: Position = fen.trim().parse().unwrap();
        congo_course::write_listing(&pos, &mut out);
        assert_eq!(
            congo_course::listing(&pos).to_string().as_bytes(),
            &out[out.len() - congo_course::listing(&pos).to_string().len()..]
        );
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn part_one_listing_matches_the_samples() {
    assert_eq!(
        listings(include_str!("data/board-sample.in")),
        include_str!("data/board-sample.out")
    );
    assert_eq!(
        listings(include_str!("data/board-figure.in")),
        include_str!("data/board-figure.out")
    );
}

#[test]
fn part_two_move_lines_match_the_samples() {
    let text = include_str!("data/part2-piece-moves.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        // "pawn-no-promotion": the 2021 edition (move generation is the same in both).
        let role = Role::from_name(fields[0].trim_end_matches("-no-promotion")).unwrap();
        let mut out = Vec::new();
        write_moves_of(fields[1].as_bytes(), role, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n", fields[2]),
            "{line}"
        );
        count += 1;
    }
    assert!(count >= 10);
}

#[test]
fn part_three_play_lines_match_the_samples() {
    let text = include_str!("data/part3-play.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let mut out = Vec::new();
        write_play(f[0].as_bytes(), f[1].as_bytes(), Rules::FULL, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n{}\n", f[2], f[3]),
            "{line}"
        );
        let after: Position = f[2].parse().unwrap();
        assert_eq!(status_text(&after), f[3]);
        count += 1;
    }
    assert!(count >= 5);
}

#[test]
fn a_side_without_a_legal_move_still_reads_continue() {
    // The rule page: the programs print `Continue` while both lions remain, even when the
    // side to move has no legal move (congo's `Position::status` says it lost).
    let stuck: Position = "lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0"
        .parse()
        .unwrap();
    assert_eq!(status_text(&stuck), "Continue");
    assert!(stuck.status().is_over());
}

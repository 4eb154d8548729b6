//! The rules API engines build on: a move's captures and its moving kind, each piece's
//! attacks, the game's status, and Congo squares. Expected values come from the rule page
//! (docs/congo-rules.md: "Pieces", "End of game") and the case files in tests/data.

mod common;

use congo::{
    attacks, ByRole, Color, DrawReason, Move, Piece, Position, Role, Rules, Square, SquareSet,
    Status, WinReason, WrongBoardSize,
};
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// The positions of the rule-edge-case vectors (tests/data/rules-cases.txt) and of the
/// move-list vectors (tests/data/moves.txt).
fn vector_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for file in [
        include_str!("data/rules-cases.txt"),
        include_str!("data/moves.txt"),
    ] {
        for line in file
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            out.push(pos(line.split('|').next().unwrap().trim()));
        }
    }
    out
}

/// What `play` removed of the side not to move: the captured pieces.
fn removed(before: &Position, after: &Position) -> SquareSet {
    let them = before.side_to_move().other();
    before.occupied_by(them) - after.occupied_by(them)
}

#[test]
fn captured_is_what_play_removes_in_the_vector_positions() {
    let mut moves = Vec::new();
    for p in vector_positions() {
        p.legal_moves(&mut moves);
        for mv in &moves {
            let after = p.play_unchecked(*mv, Rules::FULL);
            assert_eq!(p.captured(mv), removed(&p, &after), "{p} {mv}");
        }
    }
}

#[test]
fn a_monkey_path_captures_every_piece_it_jumps() {
    // rules-cases.txt: c4a4c2 jumps b4 and b3 (the result keeps only d3 of the pawns).
    let p = pos("3l3/7/7/1pM4/1p1p3/7/3L3 w 0");
    let mv = p.parse_move("c4a4c2").unwrap();
    let names: Vec<String> = p.captured(&mv).into_iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["b3", "b4"]);
    // The lion capture across the river takes the lion (rules-cases.txt, c3e5).
    let p = pos("7/7/4l2/7/2L4/7/7 w 0");
    let mv: Move = "c3e5".parse().unwrap();
    assert_eq!(
        p.captured(&mv),
        SquareSet::from("e5".parse::<Square>().unwrap())
    );
    // A move read from text has no kind; checking it in the position gives one.
    assert_eq!(mv.role(), None);
    assert_eq!(p.check_move(mv).unwrap().role(), Some(Role::Lion));
}

#[test]
fn generated_moves_know_their_piece() {
    let mut moves = Vec::new();
    for p in vector_positions() {
        p.legal_moves(&mut moves);
        for mv in &moves {
            let piece = p.piece_at(mv.from()).unwrap();
            assert_eq!(piece.color, p.side_to_move());
            assert_eq!(mv.role(), Some(piece.role), "{p} {mv}");
        }
    }
}

/// The one-landing legal targets of the piece on `from`, by move generation.
fn targets(from: Square, moves: &[Move]) -> SquareSet {
    moves
        .iter()
        .filter(|m| m.from() == from && m.landing_count() == 1)
        .map(Move::to)
        .collect()
}

/// The legal one-landing targets the attacks module gives a piece of the side to move
/// (the module documentation's rule): attacks not on an own piece (only the enemy lion
/// for the lion capture; the monkey's captures are jump paths), and quiet moves.
fn targets_by_attacks(p: &Position, from: Square) -> SquareSet {
    let piece = p.piece_at(from).unwrap();
    let own = p.occupied_by(piece.color);
    let occ = p.occupied();
    let enemy_lion = p.pieces(piece.color.other(), Role::Lion);
    let quiet = attacks::quiet_moves(piece, from, occ);
    match piece.role {
        Role::Lion => {
            (attacks::lion(piece.color, from) - own) | attacks::lion_capture(from, occ) & enemy_lion
        }
        // Its single jumps over an enemy piece land two squares away.
        Role::Monkey => quiet | (jump_landings(p, from) & !occ),
        _ => (attacks::attacks(piece, from, occ) - own) | quiet,
    }
}

/// The squares beyond the enemy neighbours the monkey on `from` attacks.
fn jump_landings(p: &Position, from: Square) -> SquareSet {
    let them = p.occupied_by(p.side_to_move().other());
    let jumped = attacks::monkey(from, p.occupied()) & them;
    jumped
        .into_iter()
        .filter_map(|over| {
            let f = 2 * i32::from(over.file()) - i32::from(from.file());
            let r = 2 * i32::from(over.rank()) - i32::from(from.rank());
            Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)
        })
        .collect()
}

fn attacks_agree_with_move_generation(p: &Position) {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    if p.outcome().is_some() {
        return;
    }
    for from in p.occupied_by(p.side_to_move()) {
        assert_eq!(
            targets(from, &moves),
            targets_by_attacks(p, from),
            "{p} {from}"
        );
    }
}

#[test]
fn attacks_give_the_generated_targets_in_the_vector_positions() {
    for p in vector_positions() {
        attacks_agree_with_move_generation(&p);
    }
}

const STARTS: &[&str] = &[
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn attacks_and_captures_agree_along_playouts(playout in common::playouts(STARTS, 40)) {
        playout.visit(|p, moves| {
            attacks_agree_with_move_generation(p);
            for mv in moves {
                let after = p.play_unchecked(*mv, playout.rules);
                assert_eq!(p.captured(mv), removed(p, &after), "{p} {mv}");
            }
        });
    }
}

#[test]
fn a_side_without_a_legal_move_has_lost() {
    // The rule page, "Pieces": a side with no legal move has lost (no passing).
    let p = pos("lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0");
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(
        p.status(),
        Status::Won {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        }
    );
    // The assignment's programs judge by the lions alone: `Continue`.
    assert_eq!(p.outcome(), None);
}

#[test]
fn a_captured_lion_ends_the_game() {
    // rules-cases.txt: c3e5 captures Black's lion, "White wins".
    let after = pos("7/7/4l2/7/2L4/7/7 w 0")
        .play("c3e5".parse().unwrap(), Rules::FULL)
        .unwrap();
    let status = after.status();
    assert_eq!(
        status,
        Status::Won {
            winner: Color::White,
            reason: WinReason::LionCaptured
        }
    );
    assert_eq!(status.outcome(), after.outcome());
    assert!(status.is_over());
}

#[test]
fn two_bare_lions_draw_unless_a_lion_capture_is_there() {
    // The rule page, "End of game": two bare lions draw unless a lion capture is available.
    let bare = pos("2l4/7/7/7/7/7/3L3 b 0");
    assert_eq!(bare.status(), Status::Drawn(DrawReason::BareLions));
    assert_eq!(bare.status().winner(), None);
    for open in ["3l3/7/7/7/7/7/3L3 w 0", "7/7/4l2/7/2L4/7/7 w 0"] {
        assert_eq!(pos(open).status(), Status::Ongoing, "{open}");
    }
    // Another piece on the board: the game goes on.
    assert_eq!(pos("2l4/7/7/7/7/7/3LP2 b 0").status(), Status::Ongoing);
    assert_eq!(Position::START.status(), Status::Ongoing);
}

#[test]
fn squares_parse_without_a_board_size_and_refuse_other_boards() {
    let d1: Square = "d1".parse().unwrap();
    assert_eq!(d1.index(), 3);
    assert!("h1".parse::<Square>().is_err());
    assert!("d8".parse::<Square>().is_err());
    let chess = grid::Square::parse("d1", grid::BoardSize::CHESS).unwrap();
    assert_eq!(
        Square::try_from(chess),
        Err(WrongBoardSize { square: chess })
    );
    let congo = grid::Square::parse("d1", grid::BoardSize::CONGO).unwrap();
    assert_eq!(Square::try_from(congo), Ok(d1));
    assert_eq!(grid::Square::from(d1), congo);
    // A set iterates its Congo squares; its complement stays on the 49 squares.
    let lions = Position::START.pieces(Color::Black, Role::Lion);
    assert_eq!(
        lions.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        ["d7"]
    );
    assert_eq!((!SquareSet::EMPTY).len(), 49);
    assert_eq!(SquareSet::from_bits(u64::MAX), SquareSet::FULL);
}

#[test]
fn by_role_reads_kinds_by_name() {
    let letters = ByRole::from_fn(Role::char);
    for role in Role::ALL {
        assert_eq!(letters[role], role.char());
        assert_eq!(
            Piece {
                color: Color::White,
                role
            }
            .char(),
            role.upper_char()
        );
    }
    assert_eq!(letters.zebra, 'z');
    assert_eq!(letters.iter().count(), 8);
}

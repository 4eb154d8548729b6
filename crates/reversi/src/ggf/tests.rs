//! Unit tests: the expected values come from the GGF description
//! (<https://skatgame.net/mburo/ggsa/ggf>) and the rules, on small texts written by hand.

use super::game::{Clock, GgfGame};
use super::item::MoveItem;
use super::parse::{parse_clock, parse_seconds, ParseGgfError};
use super::read::{read_games, GgfError, MAX_GAME_BYTES};
use crate::{Board, Color, IllegalMove, Ply, Square, Transcript};

/// The start position as `BO` writes it, on one run of 64 squares.
const START: &str = "BO[8 ---------------------------O*------*O--------------------------- *]";

fn game(props: &str) -> Result<GgfGame, ParseGgfError> {
    GgfGame::parse(&format!("(;GM[Othello]PC[NBoard]TY[8]{props};)"))
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn the_nboard_example_game_reaches_the_board_of_its_moves() {
    let text = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
        RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O-------------\
        -------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    let game = GgfGame::parse(text).unwrap();
    let transcript: Transcript = "f5f6d3c5e6f7e7f4".parse().unwrap();
    assert_eq!(game.board_after, *transcript.board());
    assert_eq!(game.start, Board::START);
    assert_eq!(game.moves.len(), 8);
    assert_eq!(
        game.clock,
        Some(Clock {
            main: 900.0,
            increment: 0.0
        })
    );
    assert_eq!(game.place.as_deref(), Some("NBoard"));
    assert_eq!(game.date.as_deref(), Some("2014-02-21 20:52:27 GMT"));
    assert_eq!(game.black.as_deref(), Some("./mEdax"));
    assert_eq!(game.white.as_deref(), Some("chris"));
    assert_eq!(game.result.as_deref(), Some("?"));
}

#[test]
fn a_ggs_header_reads_its_players_result_and_clock_and_skips_ratings() {
    // The header of the description's complete example, on an Othello game.
    let g = GgfGame::parse(
        "(;GM[Othello]PC[GGS/os]DT[945277754]PB[amsbot5]PW[Raphael]RB[1897.01]RW[1874.15]\
         TI[30:00/00:05/02:00]TY[8]RE[-3.00]B[f5/11.50/5.04]W[d6//21.42];)",
    )
    .unwrap();
    assert_eq!(g.place.as_deref(), Some("GGS/os"));
    assert_eq!(g.date.as_deref(), Some("945277754"));
    assert_eq!(g.result.as_deref(), Some("-3.00"));
    assert_eq!(
        g.clock,
        Some(Clock {
            main: 1800.0,
            increment: 5.0
        })
    );
    assert_eq!(
        g.moves,
        [
            MoveItem {
                ply: Ply::Move(square("f5")),
                eval: Some(11.5),
                seconds: Some(5.04)
            },
            MoveItem {
                ply: Ply::Move(square("d6")),
                eval: None,
                seconds: Some(21.42)
            },
        ]
    );
}

#[test]
fn escaped_brackets_and_backslashes_are_part_of_the_value() {
    let g = game(r"PB[a\]b]PW[c\\]RE[+64.00:r]").unwrap();
    assert_eq!(g.black.as_deref(), Some("a]b"));
    assert_eq!(g.white.as_deref(), Some(r"c\"));
    assert_eq!(g.result.as_deref(), Some("+64.00:r"));
}

#[test]
fn bo_reads_rank_one_first_and_the_side_to_move() {
    let g =
        game("BO[8 ---------------------------O*------*O--------------------------- O]").unwrap();
    assert_eq!(g.board_after.side_to_move(), Color::White);
    assert_eq!(
        g.board_after.discs(Color::Black),
        Board::START.discs(Color::Black)
    );
    // One black disc on a1 (the first square), one white on h8 (the last).
    let corners = format!("BO[8 *{}O *]", "-".repeat(62));
    let g = game(&corners).unwrap();
    assert_eq!(g.board_after.disc_at(square("a1")), Some(Color::Black));
    assert_eq!(g.board_after.disc_at(square("h8")), Some(Color::White));
    // White space between the rows is allowed (the description's own example does it).
    let rows = "-------- -------- -------- ---O*--- ---*O--- -------- -------- --------";
    assert_eq!(
        game(&format!("BO[8 {rows} *]")).unwrap().board_after,
        Board::START
    );
}

#[test]
fn moves_take_eval_and_time_and_any_case() {
    let g = game(&format!("{START}B[f5/1.5/2]W[D6//0.25]")).unwrap();
    assert_eq!(g.moves[0].eval, Some(1.5));
    assert_eq!(g.moves[0].seconds, Some(2.0));
    assert_eq!(g.moves[1].eval, None);
    assert_eq!(g.moves[1].seconds, Some(0.25));
}

#[test]
fn a_left_out_pass_is_added_and_a_written_one_kept() {
    // Black has no move after d3 c3 b3 b2 f5 a3 a1 c1 (the README's transcript).
    let moves = "B[d3]W[c3]B[b3]W[b2]B[f5]W[a3]B[a1]W[c1]";
    let left_out = game(&format!("{moves}W[e3]")).unwrap();
    let written = game(&format!("{moves}B[PA]W[e3]")).unwrap();
    assert_eq!(left_out, written);
    assert_eq!(written.moves[8].ply, Ply::Pass);
    assert_eq!(written.board_after.side_to_move(), Color::Black);
    assert_eq!(
        written.board_after.disc_at(square("e3")),
        Some(Color::White)
    );
}

#[test]
fn bad_games_are_refused_with_what_is_wrong() {
    assert_eq!(GgfGame::parse("GM[Othello];)"), Err(ParseGgfError::NoStart));
    assert_eq!(GgfGame::parse("(;GM[Othello]"), Err(ParseGgfError::NoEnd));
    assert_eq!(GgfGame::parse("(;GM[Othello];x"), Err(ParseGgfError::NoEnd));
    let trailing = GgfGame::parse("(;GM[Othello];) trailing junk").unwrap_err();
    assert_eq!(
        trailing,
        ParseGgfError::Trailing {
            at: 16,
            found: "trailing junk".to_owned()
        }
    );
    assert_eq!(
        trailing.to_string(),
        "at byte 16: text after the game's \";)\": \"trailing junk\""
    );
    assert!(matches!(
        GgfGame::parse("(;GM[Chess];)"),
        Err(ParseGgfError::NotOthello { .. })
    ));
    assert_eq!(
        GgfGame::parse("(;GM[Othello]1[x];)"),
        Err(ParseGgfError::Property { at: 13, found: '1' })
    );
    assert!(matches!(
        game("TY[10]"),
        Err(ParseGgfError::GameType { .. })
    ));
    assert!(matches!(
        game("BO[8 ---]"),
        Err(ParseGgfError::Board { .. })
    ));
    assert!(matches!(game("TI[soon]"), Err(ParseGgfError::Clock { .. })));
    assert!(matches!(game("B[F5"), Err(ParseGgfError::Unclosed { .. })));
    assert!(matches!(
        game(&format!("{START}B[Z9]")),
        Err(ParseGgfError::Move { number: 1, .. })
    ));
    // a1 flips nothing at the start.
    assert!(matches!(
        game(&format!("{START}B[A1]")),
        Err(ParseGgfError::Illegal { number: 1, .. })
    ));
    // The third move is illegal: f5 is taken.
    assert!(matches!(
        game("B[f5]W[d6]B[f5]"),
        Err(ParseGgfError::Illegal {
            number: 3,
            error: IllegalMove::Occupied { .. },
            ..
        })
    ));
    // Black moves first here, not White.
    assert!(matches!(
        game(&format!("{START}W[F5]")),
        Err(ParseGgfError::WrongColor {
            number: 1,
            to_move: Color::Black,
            ..
        })
    ));
    // A pass while Black has moves.
    assert!(matches!(
        game(&format!("{START}B[PA]")),
        Err(ParseGgfError::Illegal {
            error: IllegalMove::CannotPass { .. },
            ..
        })
    ));
    assert_eq!(game("KB[F5/0.5]"), Err(ParseGgfError::Komi));
}

#[test]
fn clocks_read_minutes_hours_and_increments() {
    assert_eq!(parse_seconds("15:00"), Some(900.0));
    assert_eq!(parse_seconds("1:00:30"), Some(3630.0));
    assert_eq!(parse_seconds("90"), Some(90.0));
    assert_eq!(parse_seconds("1:2:3:4"), None);
    assert_eq!(
        parse_clock("01:00/00:05/02:00"),
        Ok(Clock {
            main: 60.0,
            increment: 5.0
        })
    );
}

#[test]
fn the_writer_writes_every_property_in_one_line() {
    let mut g = GgfGame::new(Board::START);
    g.place = Some("here".to_owned());
    g.date = Some("2026.01.02".to_owned());
    g.black = Some("a]b".to_owned());
    g.white = Some(r"c\d".to_owned());
    g.result = Some("+2".to_owned());
    g.clock = Some(Clock {
        main: 60.0,
        increment: 0.0,
    });
    g.play(MoveItem {
        ply: Ply::Move(square("f5")),
        eval: Some(-0.5),
        seconds: None,
    })
    .unwrap();
    g.play(MoveItem {
        ply: Ply::Move(square("d6")),
        eval: None,
        seconds: Some(2.0),
    })
    .unwrap();
    assert_eq!(
        g.to_string(),
        "(;GM[Othello]PC[here]DT[2026.01.02]PB[a\\]b]PW[c\\\\d]RE[+2]TI[1:00.000]TY[8]\
         BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
         B[f5/-0.5]W[d6//2];)"
    );
}

#[test]
fn the_writer_starts_with_the_side_to_move_of_bo() {
    // White to move at the start: its move is a W property.
    let start = game("BO[8 ---------------------------O*------*O--------------------------- O]")
        .unwrap()
        .start;
    let mut g = GgfGame::new(start);
    g.play(MoveItem::from(Ply::Move(square("f4")))).unwrap();
    let text = g.to_string();
    assert!(text.ends_with("-------- O]W[f4];)"), "{text}");
    assert_eq!(GgfGame::parse(&text).unwrap(), g);
}

#[test]
fn the_stream_reader_goes_on_after_bad_games_and_text_outside_games() {
    let text = "junk (;GM[Othello]B[f5];)\r\n\n(x (;GM[Othello]PB[a\nb]\n W[f5];)\
                (;GM[Othello]B[f5];)(;GM[Othello]PB[never closed";
    let items: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(items.len(), 6, "{items:?}");
    assert!(matches!(
        &items[0],
        Err(GgfError::Outside {
            line: 1,
            offset: 0,
            found
        }) if found == "junk"
    ));
    assert_eq!(items[1].as_ref().unwrap().moves.len(), 1);
    assert!(matches!(
        &items[2],
        Err(GgfError::Outside {
            line: 3,
            offset: 28,
            found
        }) if found == "(x"
    ));
    assert_eq!(
        items[2].as_ref().unwrap_err().to_string(),
        "line 3 (byte 28): \"(x\" outside a game (a game starts with \"(;\")"
    );
    // The game of lines 3 to 5 holds a line end in a name; its move is White's.
    assert!(matches!(
        items[3],
        Err(GgfError::Game {
            line: 3,
            offset: 31,
            error: ParseGgfError::WrongColor { number: 1, .. },
            ..
        })
    ));
    assert!(items[4].is_ok());
    assert!(matches!(
        items[5],
        Err(GgfError::Unterminated { line: 5, .. })
    ));
}

/// A game left open (no `;)`, or a value with no `]`) ends where the next game's `(`
/// starts, and that game is read: the games after a cut one are not lost.
#[test]
fn the_stream_reader_reads_the_game_after_an_unclosed_one() {
    let text = "(;GM[Othello]PB[Open]B[f5]\n(;GM[Othello]PB[Good]B[d3];)\n\
                (;GM[Othello]B[f5\n(;GM[Othello]PB[Good2]B[c4];)\n\
                (;GM[Othello]C[a (comment)\n on two lines]B[e6];)";
    let items: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(items.len(), 5, "{items:?}");
    assert!(matches!(
        items[0],
        Err(GgfError::Unclosed {
            line: 1,
            offset: 0,
            next_line: 2
        })
    ));
    assert_eq!(
        items[0].as_ref().unwrap_err().to_string(),
        "game at line 1 (byte 0): not closed before the next game's \"(\" at line 2 \
         (a game ends with \";)\")"
    );
    assert_eq!(items[1].as_ref().unwrap().black.as_deref(), Some("Good"));
    // An unclosed value ends at a line that starts with `(`.
    assert!(matches!(
        items[2],
        Err(GgfError::Unclosed {
            line: 3,
            next_line: 4,
            ..
        })
    ));
    assert_eq!(items[3].as_ref().unwrap().black.as_deref(), Some("Good2"));
    // A `(` inside a value, not at a line's start, is part of the value.
    assert_eq!(items[4].as_ref().unwrap().moves.len(), 1);
}

#[test]
fn the_stream_reader_refuses_non_utf8_and_overlong_games() {
    let items: Vec<_> = read_games(&b"(;GM[Othello]PB[\xff];) (;GM[Othello];)"[..]).collect();
    assert!(matches!(
        items[0],
        Err(GgfError::NotUtf8 { line: 1, offset: 0 })
    ));
    assert!(items[1].is_ok());
    let long = format!(
        "(;GM[Othello]C[{}];)\n(;GM[Othello];)",
        "x".repeat(MAX_GAME_BYTES)
    );
    let items: Vec<_> = read_games(long.as_bytes()).collect();
    assert!(matches!(items[0], Err(GgfError::TooLong { line: 1, .. })));
    assert!(items[1].is_ok());
}

#[test]
fn a_game_cut_at_a_move_that_cannot_be_played_keeps_the_moves_before_it() {
    let input =
        "(;GM[Othello]PB[Anna]B[f5]W[d6]B[f5];)\n(;GM[Othello]W[f5];)\n(;GM[Othello]B[z9];)";
    let items: Vec<_> = read_games(input.as_bytes()).collect();
    let legal = |i: usize| match &items[i] {
        Err(GgfError::Game { legal, .. }) => legal.as_ref().map(|game| {
            let plies: Vec<Ply> = game.moves.iter().map(|item| item.ply).collect();
            (game.black.clone(), plies)
        }),
        other => panic!("{other:?}"),
    };
    let f5 = Ply::Move(Square::F5);
    // An illegal third move: the first two, and the players.
    assert_eq!(
        legal(0),
        Some((Some("Anna".to_owned()), vec![f5, Ply::Move(Square::D6)]))
    );
    // White first, where Black can move: no move before it.
    assert_eq!(legal(1), Some((None, vec![])));
    // A move that is no square: no game.
    assert_eq!(legal(2), None);
}

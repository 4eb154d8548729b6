//! The `serde` feature (`cargo test -p reversi-bitboard --features serde`): text-form
//! types serialize as their text, and every value reads back as itself from JSON.

use proptest::prelude::*;
use reversi::{Board, ByColor, Color, Convention, Orientation, Outcome, Ply, Transcript};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(value).unwrap();
    serde_json::from_str(&json).unwrap()
}

#[test]
fn text_form_types_serialize_as_their_text() {
    let json = |value: &dyn erased::Json| value.json();
    assert_eq!(json(&Color::White), r#""White""#);
    assert_eq!(json(&Outcome::Win(Color::Black)), r#""Black wins""#);
    assert_eq!(json(&Outcome::Draw), r#""Draw""#);
    assert_eq!(json(&Convention::FullDepthOnly), r#""E""#);
    assert_eq!(json(&Ply::Pass), r#""pass""#);
    assert_eq!(
        json(&Ply::Move("d3".parse::<reversi::Square>().unwrap())),
        r#""d3""#
    );
    let game: Transcript = "f5d6".parse().unwrap();
    assert_eq!(json(&game), r#""f5d6""#);
    assert_eq!(
        json(&Board::START),
        serde_json::to_string(&Board::START.to_string()).unwrap()
    );
    assert_eq!(
        serde_json::to_string(&ByColor { black: 2, white: 3 }).unwrap(),
        r#"{"black":2,"white":3}"#
    );
    // A text that does not parse is a deserialization error naming the problem.
    let error = serde_json::from_str::<Outcome>(r#""Nobody wins""#).unwrap_err();
    assert!(error.to_string().contains("unknown outcome"), "{error}");
}

#[test]
fn small_values_round_trip() {
    for color in Color::ALL {
        assert_eq!(round_trip(&color), color);
    }
    for outcome in [
        Outcome::Win(Color::Black),
        Outcome::Win(Color::White),
        Outcome::Draw,
    ] {
        assert_eq!(round_trip(&outcome), outcome);
    }
    for convention in Convention::ALL {
        assert_eq!(round_trip(&convention), convention);
    }
    for orientation in [Orientation::RankEightFirst, Orientation::RankOneFirst] {
        assert_eq!(round_trip(&orientation), orientation);
    }
    let counts = ByColor {
        black: 7u32,
        white: 9,
    };
    assert_eq!(round_trip(&counts), counts);
    for index in 0..=64 {
        let ply = reversi::Square::from_index(index).map_or(Ply::Pass, Ply::Move);
        assert_eq!(round_trip(&ply), ply);
    }
}

proptest! {
    /// Boards and transcripts of random games (up to 60 moves) read back from JSON.
    #[test]
    fn boards_and_transcripts_of_random_games_round_trip(
        picks in proptest::collection::vec(any::<u16>(), 0..60)
    ) {
        let mut game = Transcript::new();
        for pick in picks {
            let board = *game.board();
            let next = board.pass().unwrap_or(board);
            match reversi::random::pick(&next, usize::from(pick)) {
                Some(Ply::Move(square)) => game.play(square).unwrap(),
                _ => break,
            }
        }
        prop_assert_eq!(round_trip(game.board()), *game.board());
        prop_assert_eq!(round_trip(&game), game);
    }
}

/// Serialization of one value to JSON behind a trait object, for the table above.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

/// Game records as JSON lines: each game of a GGF file (evaluations, times, clock and
/// all) written as one JSON object a line reads back equal.
#[test]
fn game_records_as_json_lines() {
    let text = "(;GM[Othello]PC[Paris]DT[2004.09.18]PB[Anna]PW[Ben]RE[+2.00]TI[5:00//0:02]\
                B[f5//1.5]W[d6/-1.25/2]B[c3];)\n(;GM[Othello]B[f5]W[f6];)\n";
    let games: Vec<reversi::record::GameRecord> = reversi::record::read_games(text.as_bytes())
        .map(|item| item.unwrap().1)
        .collect();
    let lines: String = games
        .iter()
        .map(|game| serde_json::to_string(game).unwrap() + "\n")
        .collect();
    assert_eq!(lines.lines().count(), 2);
    let back: Vec<reversi::record::GameRecord> = lines
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(back, games);
    assert_eq!(back[0].notes[1].eval, Some(-1.25));
    assert_eq!(back[0].event.as_deref(), Some("Paris"));
}

/// A JSON game record may leave fields out (they read as none); what it says is not
/// checked until `validate`.
#[test]
fn a_json_game_record_leaves_fields_out_and_is_validated() {
    let game: reversi::record::GameRecord =
        serde_json::from_str(r#"{"plies": ["f5", "d6"], "black": "Anna"}"#).unwrap();
    assert_eq!(game.plies.len(), 2);
    assert_eq!(game.start, Board::START);
    assert!(game.notes.is_empty() && game.white.is_none());
    assert_eq!(game.validate(), Ok(()));
    let bad: reversi::record::GameRecord =
        serde_json::from_str(r#"{"plies": ["f5", "a1", "d6"]}"#).unwrap();
    assert!(bad.validate().is_err());
}

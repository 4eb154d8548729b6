//! Property tests: any legal game, with any names, year and score, goes through GGF and
//! through a WTHOR record and comes back the same (what each format can hold).

use proptest::prelude::*;
use reversi::wthor::{Game, GAME_LEN};
use reversi::{ggf, Board, Transcript};
use reversi_records::{read_records, Kind, Record, WthorNames};

/// The game that picks, at each ply, the legal move of index `choice % moves` (passing
/// when it must), until the choices or the game end.
fn game(choices: &[u8]) -> Transcript {
    let mut transcript = Transcript::new();
    for &choice in choices {
        let mut board: Board = *transcript.board();
        if let Ok(passed) = board.pass() {
            board = passed;
        }
        match reversi::random::pick(&board, usize::from(choice)) {
            Some(reversi::Ply::Move(square)) => transcript.play(square).unwrap(),
            _ => break,
        }
    }
    transcript
}

/// A record of the game with the names, year and (for an unfinished game) score given.
fn record(choices: &[u8], names: (String, String), year: u16, score: u8) -> Record {
    let mut record = Record::new(game(choices));
    record.black = Some(names.0);
    record.white = Some(names.1);
    record.year = Some(year);
    if record.black_discs.is_none() {
        record.black_discs = Some(score);
    }
    record
}

/// Names as GGF holds them: any printable text, `]` and `\` included (escaped), no line
/// ends (written as spaces).
fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 \\]\\\\\\[éü.-]{0,20}"
}

proptest! {
    #[test]
    fn a_record_goes_through_ggf_unchanged(
        choices in proptest::collection::vec(any::<u8>(), 0..64),
        black in name(),
        white in name(),
        year in 1000u16..10000,
        score in 0u8..=64,
    ) {
        let record = record(&choices, (black, white), year, score);
        let text = record.to_ggf().to_string();
        let read: ggf::Game = text.parse().unwrap();
        let back = Record::from_ggf(&read).unwrap();
        prop_assert_eq!(back, record);
    }

    #[test]
    fn a_record_goes_through_wthor_with_its_moves_and_scores(
        choices in proptest::collection::vec(any::<u8>(), 0..64),
        year in any::<u16>(),
        score in 0u8..=64,
    ) {
        let record = record(&choices, (String::new(), String::new()), year, score);
        let bytes: [u8; GAME_LEN] = record.to_wthor(year).to_record();
        let read = Game::from_record(&bytes, year).unwrap();
        let back = Record::from_wthor(&read, 0, None, None);
        prop_assert_eq!(&back.transcript, &record.transcript);
        prop_assert_eq!(back.black_discs, record.black_discs);
        prop_assert_eq!(back.year, Some(year));
    }

    #[test]
    fn transcript_lines_read_back_as_written(
        games in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..64), 0..8),
    ) {
        let transcripts: Vec<Transcript> = games.iter().map(|c| game(c)).collect();
        let text: String = transcripts.iter().map(|t| format!("  {t}\n# comment\n\n")).collect();
        let read: Vec<Transcript> = read_records(Kind::Transcript, text.as_bytes(), WthorNames::default())
            .map(|r| r.unwrap().transcript)
            .collect();
        prop_assert_eq!(read, transcripts);
    }
}

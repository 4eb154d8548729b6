//! Fuzz target: `reversi-records`' input readers (kind detection, WTHOR, GGF and
//! transcript lines) never panic on any bytes, and every record read converts to GGF
//! and to WTHOR and reads back to the same moves.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use reversi::ggf;
use reversi::wthor::Game;
use reversi_records::{read_records, Kind, WthorNames};

fuzz_target!(|data: &[u8]| {
    let detected = Kind::detect(Path::new("input"), data);
    for kind in [detected, Kind::Wthor, Kind::Ggf, Kind::Transcript] {
        for record in read_records(kind, data, WthorNames::default()).flatten() {
            let text = record.to_ggf().to_string();
            let again: ggf::Game = text.parse().expect("own GGF reads");
            let back = reversi_records::Record::from_ggf(&again).expect("from the start");
            assert_eq!(back.transcript, record.transcript);
            let wthor = record.to_wthor(2000);
            let read = Game::from_record(&wthor.to_record(), 2000).expect("own record reads");
            assert_eq!(read.moves(), record.transcript.moves());
            let _ = record.to_json().to_string();
        }
    }
});

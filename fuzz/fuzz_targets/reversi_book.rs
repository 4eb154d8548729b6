//! Fuzz target: book files never make `Book::from_bytes` panic. A book read is written
//! back to the same bytes (the format has one encoding of a book: sorted keys, zero
//! reserved bytes, a checksum), and every move it gives for each of its positions, in
//! each of the 8 orientations, is legal there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::Symmetry;
use reversi_engine::Book;

fuzz_target!(|data: &[u8]| {
    let Ok(book) = Book::from_bytes(data) else {
        return;
    };
    assert_eq!(book.to_bytes(), data);
    for (key, _) in book.entries() {
        let board = key.board().expect("a read key has no overlap");
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            for m in book.moves(&image) {
                assert!(image.legal_moves().contains(m.square));
            }
        }
    }
});

//! Snapshot tests of the judge programs: each program `NAME` runs on every case file of
//! `tests/cases/NAME/`, pinned by the insta snapshots `tests/snapshots/NAME__CASE.snap`
//! (and by `CASE.out` where it exists). The case runner, shared with the other packages
//! that test programs this way (`tools/reversi-cli`), is `test_support::cases`: what a
//! snapshot shows and how a failure is reported are written there.

use test_support::judge;

// Judge programs are added here as they land, one line each.
judge!(reversi_board, "reversi-board", Whole);
judge!(congo_board, "congo-board", Cases(1));
judge!(congo_moves_lion, "congo-moves-lion", Cases(1));
judge!(congo_moves_zebra, "congo-moves-zebra", Cases(1));
judge!(congo_moves_giraffe, "congo-moves-giraffe", Cases(1));
judge!(congo_moves_elephant, "congo-moves-elephant", Cases(1));
judge!(congo_moves_pawn, "congo-moves-pawn", Cases(1));
judge!(congo_moves_superpawn, "congo-moves-superpawn", Cases(1));
judge!(congo_moves_monkey, "congo-moves-monkey", Cases(1));
judge!(congo_moves_crocodile, "congo-moves-crocodile", Cases(1));
judge!(congo_moves, "congo-moves", Cases(1));
judge!(congo_play, "congo-play", Cases(2));
judge!(congo_perft, "congo-perft", Whole);
judge!(congo_engine, "congo-engine", Whole);
judge!(congo_checker, "congo-checker", Lines);
judge!(congo_eval, "congo-eval", Cases(1));
judge!(congo_minimax, "congo-minimax", Cases(1));
judge!(congo_eval_advanced, "congo-eval-advanced", Cases(1));
judge!(congo_alphabeta, "congo-alphabeta", Cases(1));
judge!(reversi_perft, "reversi-perft", Whole);
judge!(mobility, "mobility", Lines);

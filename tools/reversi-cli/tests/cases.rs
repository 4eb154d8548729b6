//! Snapshot tests of the engine programs: each program `NAME` runs on every case file of
//! `tests/cases/NAME/`, pinned by the insta snapshots `tests/snapshots/NAME__CASE.snap`
//! (and by `CASE.out` where it exists). The case runner is the one the judge programs
//! use, `test_support::cases`: what a snapshot shows and how a failure is reported are
//! written there.

use test_support::judge;

judge!(reversi_solve, "reversi-solve", Lines);
judge!(reversi_engine, "reversi-engine", Whole);
judge!(reversi_analyse, "reversi-analyse", Whole);
judge!(reversi_book, "reversi-book", Whole);

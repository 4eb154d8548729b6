//! Validation: what no game of Congo can reach, checked apart from parsing.

use thiserror::Error;

use crate::board::{rank_bb, CASTLE, RIVER, SIZE};
use crate::piece::{ByRole, Color, Role};
use crate::position::Position;
use crate::square::Square;

/// The most pieces of each kind a side has at the start, and so ever: nothing but a
/// pawn ever changes kind (into a superpawn). Pawns and superpawns are counted together
/// (7), and the lion is checked on its own.
const START_COUNT: ByRole<u32> = ByRole {
    pawn: 7,
    superpawn: 7,
    giraffe: 1,
    monkey: 1,
    elephant: 2,
    lion: 1,
    crocodile: 1,
    zebra: 1,
};

/// What is wrong with a position no game can reach (see [`Position::validate`]).
/// Colours and kinds are written as words (`white`, `elephant`), squares by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum PositionError {
    /// A side has more than one lion (each side starts with one and gets no other).
    #[error("{color} has {count} lions, at most 1")]
    TooManyLions {
        /// The side.
        color: Color,
        /// How many lions it has.
        count: u32,
    },
    /// Neither lion is on the board: the game ends when the first is captured.
    #[error("both lions are missing: the game ends when the first is captured")]
    NoLions,
    /// A side's lion is missing but that side is not to move: a lion is only captured by
    /// the other side's move, after which the loser is to move.
    #[error("{color}'s lion is missing but {color} is not to move: a lion is lost to the opponent's move, which hands {color} the move")]
    LionLostOutOfTurn {
        /// The side without a lion.
        color: Color,
    },
    /// A lion stands outside its castle (files c-e, ranks 1-3 for White, 5-7 for Black),
    /// which it never leaves, except by capturing the other lion, which ends the game:
    /// a lion alone on the board may stand in either castle.
    #[error("{color}'s lion on {square} is outside its castle (c1-e3 for white, c5-e7 for black)")]
    LionOutsideCastle {
        /// The lion's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A side has more pawns and superpawns together than its 7 starting pawns (a
    /// superpawn is a promoted pawn).
    #[error("{color} has {count} pawns and superpawns, at most 7")]
    TooManyPawns {
        /// The side.
        color: Color,
        /// Its pawns plus superpawns.
        count: u32,
    },
    /// A side has more pieces of a kind than it starts with (giraffe, monkey, crocodile,
    /// zebra: 1; elephant: 2); no piece ever becomes one of them.
    #[error("{color} has {count} {role}s, at most {max}")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind.
        role: Role,
        /// How many it has.
        count: u32,
        /// How many it starts with.
        max: u32,
    },
    /// A pawn stands on its side's first rank (rank 1 for White, 7 for Black): pawns
    /// start on the second, only move forward, and retreat at most 2 squares from past
    /// the river, so never below the third.
    #[error("{color} pawn on {square}, its side's first rank: a pawn never goes back past its third rank")]
    PawnOnFirstRank {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A side has more than one piece other than crocodiles on the river: after each of
    /// its moves, all of them but the one that just entered drown.
    #[error("{color} has {count} pieces other than crocodiles on the river, at most 1 (the others would have drowned)")]
    CrowdedRiver {
        /// The side.
        color: Color,
        /// How many of its non-crocodile pieces are on the river.
        count: u32,
    },
}

impl Position {
    /// Checks the position against what the rules allow a game to reach. Parsing
    /// ([`Position::from_fen_bytes`]) accepts any placement, as the judge programs need;
    /// this separate check refuses what no game from the start position can reach by
    /// these rules (the rule references are to the project's rule page,
    /// `docs/congo-rules.md`, sections "Board and notation", "Pieces", "The river and
    /// drowning" and "End of game"). Checked in this order, the first broken rule is
    /// returned:
    ///
    /// 1. **Lions** ("End of game"; start position): each side has at most one lion
    ///    ([`PositionError::TooManyLions`]); at least one lion is on the board, since the
    ///    game ends at the first capture ([`PositionError::NoLions`]); a missing lion is
    ///    the side to move's, since a lion is only captured by the other side's move
    ///    ([`PositionError::LionLostOutOfTurn`]). A finished game (one lion captured) is
    ///    valid.
    /// 2. **Castles** ("Board and notation", "Pieces": the lion never leaves its castle
    ///    but for the lion capture, which lands where the other lion stood and ends the
    ///    game): while both lions are on the board each stands in its own castle, White's
    ///    `c1`-`e3`, Black's `c5`-`e7`; a lion alone may also stand in the other castle
    ///    ([`PositionError::LionOutsideCastle`]).
    /// 3. **Counts** (the start position; only a pawn ever changes kind, into a
    ///    superpawn): per side at most 7 pawns and superpawns together
    ///    ([`PositionError::TooManyPawns`]), 2 elephants and 1 giraffe, monkey, crocodile
    ///    and zebra ([`PositionError::TooManyPieces`]), checked White first, kinds in
    ///    [`Role::ALL`] order.
    /// 4. **Pawns** ("Pieces": forward moves only, retreats of 1 or 2 squares only past
    ///    the river): no pawn on its own first rank (rank 1 White, 7 Black;
    ///    [`PositionError::PawnOnFirstRank`]). A pawn on its far rank is not refused:
    ///    the 2021 edition has no promotion ([`Rules`](crate::Rules) are not an input here).
    /// 5. **River** ("The river and drowning": after a side moves, every non-crocodile
    ///    piece of it on the river drowns except one that just entered): at most one
    ///    non-crocodile piece per side on the river ([`PositionError::CrowdedRiver`]).
    ///
    /// The move number and whose move it is are not otherwise checked (any move number
    /// can go with any placement), nor whether the placement is reachable in some finer
    /// sense (such as pieces a side could not have captured).
    ///
    /// # Errors
    ///
    /// The first [`PositionError`] in the order above.
    ///
    /// ```
    /// use congo::{Color, Position, PositionError};
    /// assert_eq!(Position::START.validate(), Ok(()));
    /// let seven_lions: Position = "3l3/7/7/7/7/LLLLLLL/7 w 0".parse()?; // parses
    /// assert_eq!(
    ///     seven_lions.validate(),
    ///     Err(PositionError::TooManyLions { color: Color::White, count: 7 })
    /// );
    /// let no_lions: Position = "7/7/7/7/7/7/7 w 0".parse()?;
    /// assert_eq!(no_lions.validate(), Err(PositionError::NoLions));
    /// let outside: Position = "3l3/7/7/7/7/7/L6 w 0".parse()?;
    /// assert_eq!(outside.validate().unwrap_err().to_string(),
    ///     "white's lion on a1 is outside its castle (c1-e3 for white, c5-e7 for black)");
    /// // A finished game: Black's lion was captured, Black is to move.
    /// assert_eq!("3L3/7/7/7/7/7/7 b 5".parse::<Position>()?.validate(), Ok(()));
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn validate(&self) -> Result<(), PositionError> {
        self.check_lions()?;
        self.check_castles()?;
        self.check_counts()?;
        self.check_pawns()?;
        self.check_river()
    }

    /// Rule 1, lions: at most one a side, at least one, a missing one the side to move's.
    fn check_lions(&self) -> Result<(), PositionError> {
        let lions = |color| self.bits_of(color, Role::Lion);
        for color in Color::ALL {
            let count = lions(color).count_ones();
            if count > 1 {
                return Err(PositionError::TooManyLions { color, count });
            }
        }
        match (lions(Color::White) == 0, lions(Color::Black) == 0) {
            (true, true) => return Err(PositionError::NoLions),
            (true, false) | (false, true) => {
                let color = if lions(Color::White) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                if color != self.turn {
                    return Err(PositionError::LionLostOutOfTurn { color });
                }
            }
            (false, false) => {}
        }
        Ok(())
    }

    /// Rule 2, castles: each lion in its own castle (a lion alone in either).
    fn check_castles(&self) -> Result<(), PositionError> {
        let lions = |color| self.bits_of(color, Role::Lion);
        for color in Color::ALL {
            let mut allowed = CASTLE[color];
            if lions(color.other()) == 0 {
                allowed |= CASTLE[color.other()];
            }
            let outside = lions(color) & !allowed;
            if outside != 0 {
                return Err(PositionError::LionOutsideCastle {
                    color,
                    square: Square::at(outside.trailing_zeros() as usize),
                });
            }
        }
        Ok(())
    }

    /// Rule 3, counts: no more pieces of a kind than the start gives.
    fn check_counts(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let pawns = (self.bits_of(color, Role::Pawn) | self.bits_of(color, Role::Superpawn))
                .count_ones();
            if pawns > START_COUNT.pawn {
                return Err(PositionError::TooManyPawns {
                    color,
                    count: pawns,
                });
            }
            for role in Role::ALL {
                if matches!(role, Role::Pawn | Role::Superpawn | Role::Lion) {
                    continue;
                }
                let count = self.bits_of(color, role).count_ones();
                let max = *START_COUNT.get(role);
                if count > max {
                    return Err(PositionError::TooManyPieces {
                        color,
                        role,
                        count,
                        max,
                    });
                }
            }
        }
        Ok(())
    }

    /// Rule 4, pawns: none on its own first rank.
    fn check_pawns(&self) -> Result<(), PositionError> {
        for (color, first_rank) in [(Color::White, 0), (Color::Black, SIZE - 1)] {
            let wrong = self.bits_of(color, Role::Pawn) & rank_bb(first_rank);
            if wrong != 0 {
                return Err(PositionError::PawnOnFirstRank {
                    color,
                    square: Square::at(wrong.trailing_zeros() as usize),
                });
            }
        }
        Ok(())
    }

    /// Rule 5, the river: at most one non-crocodile piece a side on it.
    fn check_river(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let count = (self.by_color[color] & RIVER & !self.by_role[Role::Crocodile as usize])
                .count_ones();
            if count > 1 {
                return Err(PositionError::CrowdedRiver { color, count });
            }
        }
        Ok(())
    }
}

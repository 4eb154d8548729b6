//! Making moves: checking a move against the rules ([`IllegalMove`] says why not),
//! reading move text, and the position after a move.

use thiserror::Error;

use crate::attacks::monkey_jump;
use crate::board::{bit, FAR_RANK, FULL, RIVER};
use crate::moves::{jump_dir, Move, ParseMoveError};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::Rules;
use crate::square::{Square, SquareSet};
use crate::tables::{step, KING};
use crate::zobrist::{keys_on, BLACK_TO_MOVE, PIECE_KEYS};

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The move text is malformed.
    #[error("{0}")]
    Syntax(#[from] ParseMoveError),
    /// A lion has been captured: the position has no moves.
    #[error("the game is over")]
    GameOver,
    /// The start square is empty.
    #[error("no piece on {square}")]
    NoPiece {
        /// The start square.
        square: Square,
    },
    /// The piece on the start square belongs to the side not to move.
    #[error("the piece on {square} is {owner}'s but {side_to_move} is to move")]
    NotYourPiece {
        /// The start square.
        square: Square,
        /// The piece's colour.
        owner: Color,
        /// The side to move.
        side_to_move: Color,
    },
    /// The piece cannot make that move under the rules.
    #[error("the {role} on {square} cannot play {mv}")]
    NotLegal {
        /// The moving piece's kind.
        role: Role,
        /// The start square.
        square: Square,
        /// The move asked for.
        mv: Move,
    },
}

impl Position {
    /// The position after `mv`, checked: `mv` must be legal here (as
    /// [`Position::check_move`] decides), else the position is left alone and the error
    /// says why. The captured pieces are removed (a monkey's jumped pieces, or the piece
    /// on the landing square), a pawn reaching the far rank becomes a superpawn when
    /// `rules.promotion`, the mover's pieces that stood on the river before and after the
    /// move drown (crocodiles excepted), the side to move flips, and the move number grows
    /// by one after Black's move (saturating at `u64::MAX`).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] as [`Position::check_move`] gives it: the game is over, the start
    /// square is empty or holds the other side's piece, or that piece cannot make `mv`.
    ///
    /// ```
    /// use congo::{IllegalMove, Position, Rules};
    /// let pos: Position = "2el3/1P5/7/7/7/7/3L3 w 0".parse()?;
    /// let mv = "b6c7".parse()?;
    /// assert_eq!(pos.play(mv, Rules::FULL)?.to_string(), "2Sl3/7/7/7/7/7/3L3 b 0");
    /// assert_eq!(pos.play(mv, Rules::EDITION_2021)?.to_string(), "2Pl3/7/7/7/7/7/3L3 b 0");
    /// // A Black piece, with White to move: refused.
    /// let err = Position::START.play("a7a6".parse()?, Rules::FULL).unwrap_err();
    /// assert!(matches!(err, IllegalMove::NotYourPiece { .. }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: Move, rules: Rules) -> Result<Position, IllegalMove> {
        let mv = self.check_move(mv)?;
        Ok(self.play_unchecked(mv, rules))
    }

    /// The squares of the pieces `mv` captures here: for a monkey's jump path, every
    /// enemy piece it jumps over; for any other move, the enemy piece on its landing
    /// square, if any (for the lion capture, the enemy lion). Empty for a quiet move.
    /// The kind of the moving piece is [`Move::role`] when known, else the piece on the
    /// start square (none: empty). The one statement of what a move captures, which
    /// [`Position::play`] removes.
    ///
    /// ```
    /// use congo::Position;
    /// let pos: Position = "3l3/7/7/1pM4/1p1p3/7/3L3 w 0".parse()?;
    /// let path = pos.parse_move("c4a4c2e4")?; // jumps b4, b3, d3
    /// let names: Vec<String> = pos.captured(&path).into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["b3", "d3", "b4"]);
    /// assert!(pos.captured(&pos.parse_move("d1d2")?).is_empty());
    /// let lion_capture: Position = "3l3/7/7/7/7/7/3L3 w 0".parse()?;
    /// let names: Vec<String> = lion_capture.captured(&"d1d7".parse()?).into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["d7"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn captured(&self, mv: &Move) -> SquareSet {
        match self.mover(mv) {
            Some(role) => SquareSet::from_bits(self.captured_bits(mv, role)),
            None => SquareSet::EMPTY,
        }
    }

    /// The kind of the piece making `mv`: [`Move::role`] when it names the kind on the
    /// start square, else the kind found there.
    #[inline(always)]
    pub(crate) fn mover(&self, mv: &Move) -> Option<Role> {
        let from = bit(mv.from as usize);
        match mv.role() {
            Some(role) if self.by_role[role as usize] & from != 0 => Some(role),
            _ => self.role_at(mv.from as usize),
        }
    }

    /// The bitboard of [`Position::captured`] for a move of a `role` piece.
    #[inline(always)]
    pub(crate) fn captured_bits(&self, mv: &Move, role: Role) -> u64 {
        let enemy = self.by_color[self.turn.other()];
        if role == Role::Monkey && mv.is_jump_path() {
            // A jump path: the square each jump passes over.
            let mut cap = 0;
            let mut cur = mv.from as usize;
            for land in mv.landing_indices() {
                if let Some(dir) = jump_dir(cur, land) {
                    cap |= step(cur, dir);
                }
                cur = land;
            }
            cap & enemy
        } else {
            bit(mv.to as usize) & enemy
        }
    }

    /// The position after `mv`, unchecked: the fast form for moves this library
    /// generated ([`Position::legal_moves`]) or checked ([`Position::check_move`],
    /// [`Position::parse_move`]). Same effects as [`Position::play`].
    ///
    /// Precondition: `mv` is one of this position's [`legal_moves`](Position::legal_moves).
    /// Otherwise the result is unspecified (memory-safe, but possibly a position no game
    /// reaches, even one with two pieces on a square): for instance the piece on the start
    /// square is moved whichever side owns it, and an empty start square leaves the
    /// position as it is.
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// let pos: Position = "2el3/1P5/7/7/7/7/3L3 w 0".parse()?;
    /// let mv = pos.parse_move("b6c7")?; // checked once here
    /// assert_eq!(pos.play_unchecked(mv, Rules::FULL).to_string(), "2Sl3/7/7/7/7/7/3L3 b 0");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn play_unchecked(&self, mv: Move, rules: Rules) -> Position {
        self.make::<true>(mv, rules)
    }

    /// [`Position::play_unchecked`], updating the Zobrist key only when `KEY`. Without it
    /// the result's key is stale: only perft's internal nodes, which never leave
    /// `perft.rs` and never read the key, are made that way.
    #[inline(always)]
    pub(crate) fn make<const KEY: bool>(&self, mv: Move, rules: Rules) -> Position {
        let mut pos = *self;
        let us = self.turn;
        let them = us.other();
        let from = mv.from as usize;
        let to = mv.to as usize;
        let role = match self.mover(&mv) {
            Some(role) => role,
            None => return pos,
        };
        let captured = self.captured_bits(&mv, role);
        if captured != 0 {
            if KEY {
                pos.key ^= keys_on(&self.by_role, them as usize, captured);
            }
            for bb in &mut pos.by_role {
                *bb &= !captured;
            }
            pos.by_color[them] &= !captured;
        }
        // Move the piece.
        let mut new_role = role;
        if role == Role::Pawn && rules.promotion && FAR_RANK[us] & bit(to) != 0 {
            new_role = Role::Superpawn;
        }
        pos.by_role[role as usize] &= !bit(from);
        pos.by_color[us] &= !bit(from);
        pos.by_role[new_role as usize] |= bit(to);
        pos.by_color[us] |= bit(to);
        if KEY {
            pos.key ^= PIECE_KEYS[us as usize][role as usize][from]
                ^ PIECE_KEYS[us as usize][new_role as usize][to]
                ^ BLACK_TO_MOVE;
        }
        // Drowning: the mover's non-crocodile pieces on the river before and after.
        let crocs = self.by_role[Role::Crocodile as usize];
        let mut drowned = self.by_color[us] & RIVER & !crocs & !bit(from);
        if role != Role::Crocodile && RIVER & bit(from) != 0 && RIVER & bit(to) != 0 {
            drowned |= bit(to);
        }
        if drowned != 0 {
            if KEY {
                pos.key ^= keys_on(&pos.by_role, us as usize, drowned);
            }
            for bb in &mut pos.by_role {
                *bb &= !drowned;
            }
            pos.by_color[us] &= !drowned;
        }
        pos.turn = them;
        if us == Color::Black {
            pos.move_number = pos.move_number.saturating_add(1);
        }
        pos
    }

    /// Checks that `mv` is legal here and returns it, knowing its kind ([`Move::role`]).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] saying why not: the game is over, the start square is empty or holds
    /// the other side's piece, or that piece cannot make that move.
    ///
    /// ```
    /// use congo::{IllegalMove, Move, Position};
    /// let pos = Position::START;
    /// assert!(pos.check_move("d2d3".parse()?).is_ok());
    /// assert!(matches!(pos.check_move("d1d3".parse()?), Err(IllegalMove::NotLegal { .. })));
    /// # Ok::<_, congo::ParseMoveError>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<Move, IllegalMove> {
        if !self.both_lions() {
            return Err(IllegalMove::GameOver);
        }
        let square = mv.from();
        let piece = self
            .piece_at(square)
            .ok_or(IllegalMove::NoPiece { square })?;
        if piece.color != self.turn {
            return Err(IllegalMove::NotYourPiece {
                square,
                owner: piece.color,
                side_to_move: self.turn,
            });
        }
        let legal = if piece.role == Role::Monkey {
            // Follow the path itself: the number of monkey paths can be huge.
            self.is_monkey_path(mv)
        } else {
            let mut moves = Vec::new();
            self.legal_moves_of(piece.role, &mut moves);
            moves.contains(&mv)
        };
        if legal {
            Ok(mv.with_role(piece.role))
        } else {
            Err(IllegalMove::NotLegal {
                role: piece.role,
                square,
                mv,
            })
        }
    }

    /// Whether `mv` is a legal move of the side to move's monkey on its start square:
    /// a step to an empty neighbour, or a chain of jumps each over an adjacent enemy
    /// piece not jumped before to an empty square (the start square counts as empty),
    /// none after jumping the lion.
    fn is_monkey_path(&self, mv: Move) -> bool {
        let from = mv.from as usize;
        let to = mv.to as usize;
        let empty = !self.occupied_bits() & FULL;
        if mv.hops == 0 && KING[from] & bit(to) != 0 {
            return empty & bit(to) != 0;
        }
        let empty = empty | bit(from);
        let mut enemy = self.by_color[self.turn.other()];
        let enemy_lions = self.bits_of(self.turn.other(), Role::Lion);
        let mut cur = from;
        let mut lion_taken = false;
        for i in 0..=mv.hops as usize {
            let dir = if i < mv.hops as usize {
                mv.dir(i)
            } else {
                match jump_dir(cur, to) {
                    Some(dir) => dir,
                    None => return false,
                }
            };
            if lion_taken {
                return false;
            }
            match monkey_jump(cur, dir, enemy, empty) {
                Some((jumped, land)) => {
                    lion_taken = enemy_lions & jumped != 0;
                    enemy &= !jumped;
                    cur = land;
                }
                None => return false,
            }
        }
        true
    }

    /// Reads move text and checks that it is legal here.
    ///
    /// # Errors
    ///
    /// [`IllegalMove::Syntax`] for malformed text, else as [`Position::check_move`].
    ///
    /// ```
    /// use congo::Position;
    /// let pos: Position = "3l3/7/7/1pM4/1p1p3/7/3L3 w 0".parse()?;
    /// let mv = pos.parse_move("c4a4c2")?; // jumps b4, then b3
    /// assert_eq!(mv.landing_count(), 2);
    /// assert_eq!(pos.parse_move("c4a4c2e4")?.landing_count(), 3); // and then d3
    /// assert!(pos.parse_move("c4e4").is_err()); // d4 is empty: nothing to jump
    /// assert!(pos.parse_move("c4a4c2x4").is_err()); // not a square
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        self.check_move(Move::parse_bytes(text.as_bytes())?)
    }
}

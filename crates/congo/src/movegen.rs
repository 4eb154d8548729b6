//! Legal move generation, making moves, game status and perft.

use std::fmt;

use grid::Square;
use thiserror::Error;

use crate::moves::{Move, ParseMoveError, MAX_INTERMEDIATE_LANDINGS};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::tables::{
    file_of, rank_of, BACK_DIRS, CASTLE, ELEPHANT, FAR_RANK, FILE_A, FULL, JUMP, KING, KNIGHT,
    PAST_RIVER, PAWN, RIVER, STEP, SUPERPAWN, TWO,
};

/// Rule options: what differs between the editions of the assignment.
///
/// ```
/// use congo::Rules;
/// assert!(Rules::default().promotion);
/// assert!(!Rules::EDITION_2021.promotion);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A pawn reaching the far rank (7 for White, 1 for Black) becomes a superpawn at once.
    /// On in the full rules; off in the 2021 edition, where such a pawn can only retreat.
    pub promotion: bool,
}

impl Rules {
    /// The full rules (promotion on): the default.
    pub const FULL: Rules = Rules { promotion: true };
    /// The 2021 edition: no promotion.
    pub const EDITION_2021: Rules = Rules { promotion: false };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::FULL
    }
}

/// The state of the game, judged by the lions alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Both lions are on the board (even if the side to move has no legal move).
    Continue,
    /// Black's lion is gone.
    WhiteWins,
    /// White's lion is gone (and Black's is on the board).
    BlackWins,
}

impl fmt::Display for Status {
    /// `Continue`, `White wins` or `Black wins`, as the assignment prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Continue => "Continue",
            Status::WhiteWins => "White wins",
            Status::BlackWins => "Black wins",
        })
    }
}

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
    #[error("the piece on {square} is {owner}'s but {turn} is to move")]
    NotYourPiece {
        /// The start square.
        square: Square,
        /// The piece's colour.
        owner: Color,
        /// The side to move.
        turn: Color,
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

#[inline(always)]
const fn bit(sq: usize) -> u64 {
    1 << sq
}

/// Squares one or two steps away in `dir` through empty squares (never capturing).
#[inline(always)]
fn retreat(sq: usize, dir: usize, empty: u64) -> u64 {
    let t1 = STEP[sq][dir];
    if t1 < 0 || empty & bit(t1 as usize) == 0 {
        return 0;
    }
    let t2 = STEP[t1 as usize][dir];
    if t2 < 0 || empty & bit(t2 as usize) == 0 {
        return bit(t1 as usize);
    }
    bit(t1 as usize) | bit(t2 as usize)
}

/// Rider squares from `sq` in `dir`, stopping at the first piece (included when not
/// `own`) and, if `stop_rank` is set, after reaching that rank.
#[inline(always)]
fn slide(sq: usize, dir: usize, own: u64, occ: u64, stop_rank: Option<usize>) -> u64 {
    let mut targets = 0;
    let mut cur = sq;
    loop {
        let t = STEP[cur][dir];
        if t < 0 {
            break;
        }
        let t = t as usize;
        if own & bit(t) != 0 {
            break;
        }
        targets |= bit(t);
        if occ & bit(t) != 0 || Some(rank_of(t)) == stop_rank {
            break;
        }
        cur = t;
    }
    targets
}

/// The enemy lions `lion` on `sq` may capture along a file or diagonal with nothing between.
#[inline]
fn lion_capture(sq: usize, enemy_lions: u64, occ: u64) -> u64 {
    let mut targets = 0;
    let mut lions = enemy_lions;
    while lions != 0 {
        let el = lions.trailing_zeros() as usize;
        lions &= lions - 1;
        let df = file_of(el) as i32 - file_of(sq) as i32;
        let dr = rank_of(el) as i32 - rank_of(sq) as i32;
        if dr == 0 || (df != 0 && df.abs() != dr.abs()) {
            continue;
        }
        let step = dr.signum() * 7 + df.signum();
        let mut cur = sq as i32 + step;
        let mut clear = true;
        while cur != el as i32 {
            if occ & bit(cur as usize) != 0 {
                clear = false;
                break;
            }
            cur += step;
        }
        if clear {
            targets |= bit(el);
        }
    }
    targets
}

/// Every square shifted one step in direction `dir` (index into `DIRS`: N, NE, E, SE, S,
/// SW, W, NW); squares leaving the board vanish.
#[inline(always)]
fn shift(bb: u64, dir: usize) -> u64 {
    const NOT_A: u64 = FULL & !FILE_A;
    const NOT_G: u64 = FULL & !(FILE_A << 6);
    match dir {
        0 => (bb << 7) & FULL,
        1 => ((bb & NOT_G) << 8) & FULL,
        2 => (bb & NOT_G) << 1,
        3 => (bb & NOT_G) >> 6,
        4 => bb >> 7,
        5 => (bb & NOT_A) >> 8,
        6 => (bb & NOT_A) >> 1,
        _ => ((bb & NOT_A) << 6) & FULL,
    }
}

/// Per-move context for generation.
pub(crate) struct Ctx {
    pub(crate) us: Color,
    pub(crate) own: u64,
    pub(crate) enemy: u64,
    pub(crate) occ: u64,
    pub(crate) empty: u64,
    pub(crate) enemy_lions: u64,
}

impl Position {
    #[inline(always)]
    pub(crate) fn ctx(&self) -> Ctx {
        let us = self.turn;
        let own = self.by_color[us];
        let enemy = self.by_color[us.other()];
        let occ = own | enemy;
        Ctx {
            us,
            own,
            enemy,
            occ,
            empty: !occ & FULL,
            enemy_lions: self.by_role[Role::Lion as usize] & enemy,
        }
    }

    /// Whether both lions are on the board (otherwise the game is over and there are no moves).
    #[inline(always)]
    fn both_lions(&self) -> bool {
        let lions = self.by_role[Role::Lion as usize];
        lions & self.by_color.white != 0 && lions & self.by_color.black != 0
    }

    /// Destinations of the piece `role` of the side to move on `sq`, except monkey jumps.
    #[inline(always)]
    pub(crate) fn targets(&self, c: &Ctx, role: Role, sq: usize) -> u64 {
        let us = c.us as usize;
        match role {
            Role::Pawn => {
                let mut t = PAWN[us][sq] & !c.own;
                if PAST_RIVER[us] & bit(sq) != 0 {
                    t |= retreat(sq, BACK_DIRS[us][0], c.empty);
                }
                t
            }
            Role::Superpawn => {
                SUPERPAWN[us][sq] & !c.own
                    | retreat(sq, BACK_DIRS[us][0], c.empty)
                    | retreat(sq, BACK_DIRS[us][1], c.empty)
                    | retreat(sq, BACK_DIRS[us][2], c.empty)
            }
            Role::Giraffe => KING[sq] & c.empty | TWO[sq] & !c.own,
            Role::Monkey => KING[sq] & c.empty,
            Role::Elephant => ELEPHANT[sq] & !c.own,
            Role::Lion => KING[sq] & CASTLE[us] & !c.own | lion_capture(sq, c.enemy_lions, c.occ),
            Role::Crocodile => {
                let rank = rank_of(sq);
                let slides = if rank == 3 {
                    slide(sq, 2, c.own, c.occ, None) | slide(sq, 6, c.own, c.occ, None)
                } else if rank < 3 {
                    slide(sq, 0, c.own, c.occ, Some(3))
                } else {
                    slide(sq, 4, c.own, c.occ, Some(3))
                };
                KING[sq] & !c.own | slides
            }
            Role::Zebra => KNIGHT[sq] & !c.own,
        }
    }

    /// Calls `f` for every monkey jump path from `cur` (the monkey started on `from`).
    /// `enemy` holds the enemy pieces not yet jumped; `empty` the squares it may land on.
    #[allow(clippy::too_many_arguments)]
    fn monkey_jumps(
        &self,
        mv: Move,
        cur: usize,
        enemy: u64,
        empty: u64,
        enemy_lions: u64,
        out: &mut Vec<Move>,
    ) {
        for d in 0..8 {
            let mid = STEP[cur][d];
            if mid < 0 || enemy & bit(mid as usize) == 0 {
                continue;
            }
            let land = JUMP[cur][d];
            if land < 0 || empty & bit(land as usize) == 0 {
                continue;
            }
            let land = land as usize;
            out.push(Move {
                to: land as u8,
                ..mv
            });
            if enemy_lions & bit(mid as usize) != 0 || mv.hops as usize >= MAX_INTERMEDIATE_LANDINGS
            {
                continue;
            }
            self.monkey_jumps(
                mv.with_dir(d),
                land,
                enemy & !bit(mid as usize),
                empty,
                enemy_lions,
                out,
            );
        }
    }

    /// Counts monkey jump paths from `cur`; see `monkey_jumps`.
    fn count_monkey_jumps(
        cur: usize,
        depth: usize,
        enemy: u64,
        empty: u64,
        enemy_lions: u64,
    ) -> u64 {
        let mut n = 0;
        for d in 0..8 {
            let mid = STEP[cur][d];
            if mid < 0 || enemy & bit(mid as usize) == 0 {
                continue;
            }
            let land = JUMP[cur][d];
            if land < 0 || empty & bit(land as usize) == 0 {
                continue;
            }
            n += 1;
            if enemy_lions & bit(mid as usize) != 0 || depth >= MAX_INTERMEDIATE_LANDINGS {
                continue;
            }
            n += Self::count_monkey_jumps(
                land as usize,
                depth + 1,
                enemy & !bit(mid as usize),
                empty,
                enemy_lions,
            );
        }
        n
    }

    /// Appends every legal move of the side to move to `moves` (which is cleared first).
    ///
    /// Move generation is the same under every [`Rules`] (promotion only changes what
    /// [`Position::play`] does). A position without one of the lions has no moves. There
    /// is no check rule, so every move generated is legal.
    ///
    /// ```
    /// use congo::Position;
    /// let mut moves = Vec::new();
    /// Position::start().legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 24);
    /// ```
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.extend_legal_moves(None, moves);
    }

    /// Appends the legal moves of the side to move's pieces of kind `role` to `moves`
    /// (cleared first).
    ///
    /// ```
    /// use congo::{Position, Role};
    /// let mut moves = Vec::new();
    /// Position::start().legal_moves_of(Role::Zebra, &mut moves);
    /// let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(names, ["g1f3"]);
    /// ```
    pub fn legal_moves_of(&self, role: Role, moves: &mut Vec<Move>) {
        moves.clear();
        self.extend_legal_moves(Some(role), moves);
    }

    fn extend_legal_moves(&self, only: Option<Role>, moves: &mut Vec<Move>) {
        if !self.both_lions() {
            return;
        }
        let c = self.ctx();
        for role in Role::ALL {
            if only.map_or(false, |r| r != role) {
                continue;
            }
            let mut pieces = self.by_role[role as usize] & c.own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let mut t = self.targets(&c, role, sq);
                while t != 0 {
                    let to = t.trailing_zeros() as u8;
                    t &= t - 1;
                    moves.push(Move {
                        from: sq as u8,
                        to,
                        hops: 0,
                        dirs: [0, 0],
                    });
                }
                if role == Role::Monkey && KING[sq] & c.enemy != 0 {
                    let start = Move {
                        from: sq as u8,
                        to: sq as u8,
                        hops: 0,
                        dirs: [0, 0],
                    };
                    self.monkey_jumps(start, sq, c.enemy, c.empty | bit(sq), c.enemy_lions, moves);
                }
            }
        }
    }

    /// The number of legal moves of the side to move (what [`Position::legal_moves`]
    /// would list, counted without listing them).
    ///
    /// ```
    /// use congo::Position;
    /// assert_eq!(Position::start().count_legal_moves(), 24);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        if !self.both_lions() {
            return 0;
        }
        let c = self.ctx();
        let us = c.us as usize;
        let (fwd, back) = if c.us == Color::White { (0, 4) } else { (4, 0) };
        let not_own = !c.own & FULL;
        let pop = |bb: u64| u64::from(bb.count_ones());
        // Pawns and superpawns, set-wise: one bitboard per direction for all of them.
        let pawns = self.by_role[Role::Pawn as usize] & c.own;
        let mut n = pop(shift(pawns, fwd) & not_own)
            + pop(shift(pawns, fwd + 1) & not_own)
            + pop(shift(pawns, (fwd + 7) % 8) & not_own);
        let past = pawns & PAST_RIVER[us];
        let r1 = shift(past, back) & c.empty;
        n += pop(r1) + pop(shift(r1, back) & c.empty);
        let supers = self.by_role[Role::Superpawn as usize] & c.own;
        if supers != 0 {
            n += pop(shift(supers, fwd) & not_own)
                + pop(shift(supers, fwd + 1) & not_own)
                + pop(shift(supers, (fwd + 7) % 8) & not_own)
                + pop(shift(supers, 2) & not_own)
                + pop(shift(supers, 6) & not_own);
            for d in [back, back + 1, (back + 7) % 8] {
                let r1 = shift(supers, d) & c.empty;
                n += pop(r1) + pop(shift(r1, d) & c.empty);
            }
        }
        for role in [
            Role::Giraffe,
            Role::Monkey,
            Role::Elephant,
            Role::Lion,
            Role::Crocodile,
            Role::Zebra,
        ] {
            let mut pieces = self.by_role[role as usize] & c.own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                n += pop(self.targets(&c, role, sq));
                if role == Role::Monkey && KING[sq] & c.enemy != 0 {
                    n += Self::count_monkey_jumps(sq, 0, c.enemy, c.empty | bit(sq), c.enemy_lions);
                }
            }
        }
        n
    }

    /// The position after `mv`, which must be one of [`Position::legal_moves`] (use
    /// [`Position::parse_move`] or [`Position::check_move`] for untrusted moves): the
    /// captured pieces are removed (a monkey's jumped pieces, or the piece on the landing
    /// square), a pawn reaching the far rank becomes a superpawn when `rules.promotion`,
    /// the mover's pieces that stood on the river before and after the move drown
    /// (crocodiles excepted), the side to move flips, and the move number grows by one
    /// after Black's move (saturating at `u64::MAX`).
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// let pos: Position = "2el3/1P5/7/7/7/7/3L3 w 0".parse()?;
    /// let mv = pos.parse_move("b6c7")?;
    /// assert_eq!(pos.play(mv, Rules::FULL).to_string(), "2Sl3/7/7/7/7/7/3L3 b 0");
    /// assert_eq!(pos.play(mv, Rules::EDITION_2021).to_string(), "2Pl3/7/7/7/7/7/3L3 b 0");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: Move, rules: Rules) -> Position {
        let mut pos = *self;
        let us = self.turn;
        let them = us.other();
        let from = mv.from as usize;
        let to = mv.to as usize;
        let role = match self.role_at(from) {
            Some(role) => role,
            None => return pos,
        };
        // Captured squares.
        let captured =
            if role == Role::Monkey && (mv.hops > 0 || KING[from] & bit(to) == 0 && from != to) {
                let mut cap = 0;
                let mut cur = from;
                for i in 0..mv.hops as usize {
                    let d = mv.dir(i);
                    cap |= bit(STEP[cur][d] as usize);
                    cur = JUMP[cur][d] as usize;
                }
                // The last jump: from `cur` to `to`, over the square between them.
                let mid = (cur + to) / 2;
                cap | bit(mid)
            } else {
                bit(to) & self.by_color[them]
            };
        let captured = captured & self.by_color[them];
        if captured != 0 {
            for bb in &mut pos.by_role {
                *bb &= !captured;
            }
            pos.by_color[them] &= !captured;
        }
        // Move the piece.
        let mut new_role = role;
        if role == Role::Pawn && rules.promotion && FAR_RANK[us as usize] & bit(to) != 0 {
            new_role = Role::Superpawn;
        }
        pos.by_role[role as usize] &= !bit(from);
        pos.by_color[us] &= !bit(from);
        pos.by_role[new_role as usize] |= bit(to);
        pos.by_color[us] |= bit(to);
        // Drowning: the mover's non-crocodile pieces on the river before and after.
        let crocs = self.by_role[Role::Crocodile as usize];
        let mut drowned = self.by_color[us] & RIVER & !crocs & !bit(from);
        if role != Role::Crocodile && RIVER & bit(from) != 0 && RIVER & bit(to) != 0 {
            drowned |= bit(to);
        }
        if drowned != 0 {
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

    /// Checks that `mv` is legal here and returns it.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] saying why not: the game is over, the start square is empty or holds
    /// the other side's piece, or that piece cannot make that move.
    ///
    /// ```
    /// use congo::{IllegalMove, Move, Position};
    /// let pos = Position::start();
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
                turn: self.turn,
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
            Ok(mv)
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
        let c = self.ctx();
        let from = mv.from as usize;
        let to = mv.to as usize;
        if mv.hops == 0 && KING[from] & bit(to) != 0 {
            return c.empty & bit(to) != 0;
        }
        let empty = c.empty | bit(from);
        let mut enemy = c.enemy;
        let mut cur = from;
        let mut lion_taken = false;
        for i in 0..=mv.hops as usize {
            let d = if i < mv.hops as usize {
                mv.dir(i)
            } else {
                match crate::moves::jump_dir(cur, to) {
                    Some(d) => d,
                    None => return false,
                }
            };
            let (mid, land) = (STEP[cur][d], JUMP[cur][d]);
            if lion_taken || mid < 0 || land < 0 {
                return false;
            }
            let (mid, land) = (mid as usize, land as usize);
            if enemy & bit(mid) == 0 || empty & bit(land) == 0 {
                return false;
            }
            lion_taken = c.enemy_lions & bit(mid) != 0;
            enemy &= !bit(mid);
            cur = land;
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

    /// The game status, judged by the lions alone: [`Status::Continue`] while both lions
    /// are on the board; otherwise the side whose lion remains wins (with no lion at
    /// all, which only a hand-written FEN can give, [`Status::WhiteWins`] is reported when
    /// Black's lion is missing, checked first).
    ///
    /// ```
    /// use congo::{Position, Status};
    /// assert_eq!(Position::start().status(), Status::Continue);
    /// let pos: Position = "7/7/4L2/7/7/7/7 b 0".parse()?;
    /// assert_eq!(pos.status(), Status::WhiteWins);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn status(&self) -> Status {
        let lions = self.by_role[Role::Lion as usize];
        if lions & self.by_color.black == 0 {
            Status::WhiteWins
        } else if lions & self.by_color.white == 0 {
            Status::BlackWins
        } else {
            Status::Continue
        }
    }

    /// Perft: the number of move sequences of `depth` plies from this position (leaf
    /// nodes of the legal-move tree; 1 at depth 0). The last ply is counted without
    /// making its moves.
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// assert_eq!(Position::start().perft(3, Rules::FULL), 14332);
    /// ```
    pub fn perft(&self, depth: u32, rules: Rules) -> u64 {
        // One move list per ply (more plies than this could never finish anyway).
        let mut buffers = vec![Vec::with_capacity(64); depth.min(64) as usize];
        self.perft_with(depth, rules, &mut buffers)
    }

    fn perft_with(&self, depth: u32, rules: Rules, buffers: &mut [Vec<Move>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut own = Vec::new();
                let (moves, rest) = match buffers.split_first_mut() {
                    Some((moves, rest)) => (moves, rest),
                    None => (&mut own, &mut [][..]),
                };
                self.legal_moves(moves);
                let mut n = 0;
                for &mv in moves.iter() {
                    n += self.play(mv, rules).perft_with(depth - 1, rules, rest);
                }
                n
            }
        }
    }

    /// Perft divided by first move: each legal move with the perft of `depth - 1` after
    /// it, in generation order. Empty at depth 0. The counts add up to
    /// [`Position::perft`].
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// let divide = Position::start().divide(2, Rules::FULL);
    /// assert_eq!(divide.len(), 24);
    /// assert!(divide.iter().all(|&(_, n)| n == 24));
    /// ```
    pub fn divide(&self, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| (mv, self.play(mv, rules).perft(depth - 1, rules)))
            .collect()
    }
}

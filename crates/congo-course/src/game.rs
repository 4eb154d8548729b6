//! A position together with its rule options: what the searches of Parts IV and V walk
//! through.

use std::str::FromStr;

use congo::{Move, ParseFenError, Position, Role, Rules};

use crate::eval::{advanced_eval_with, material_eval, MaterialTable};
use crate::search::{alpha_beta_ordered, negamax, SearchPosition};

/// A Congo position and the rule options its moves are made under (promotion on or off).
///
/// ```
/// use congo::Rules;
/// use congo_course::Game;
/// let game: Game = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
/// assert_eq!(game.rules, Rules::FULL);
/// assert_eq!(game.position.to_string(), "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The position.
    pub position: Position,
    /// The rule options used when moves are made.
    pub rules: Rules,
}

impl Game {
    /// A game at `position` under `rules`.
    #[must_use]
    pub const fn new(position: Position, rules: Rules) -> Game {
        Game { position, rules }
    }

    /// The assignment's minimax (Part IV): negamax to `depth` plies on the material
    /// evaluation under `table`, from the side to move's view (see [`negamax`](crate::search::negamax)).
    ///
    /// ```
    /// use congo_course::{Game, MaterialTable};
    /// let game: Game = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12".parse()?;
    /// assert_eq!(game.minimax(2, &MaterialTable::STANDARD), 750);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn minimax(&self, depth: u32, table: &MaterialTable) -> i32 {
        negamax(self, depth, &mut |g: &Game| {
            material_eval(&g.position, table)
        })
    }

    /// The assignment's alpha-beta (Part V): fail-hard negamax alpha-beta to `depth` plies
    /// on the advanced evaluation under `table`, window `(-INFINITY, INFINITY)`, so the
    /// value equals plain negamax on the advanced evaluation. Moves are ordered (captures
    /// first, killer moves, iterative deepening; see [`alpha_beta_ordered`](crate::search::alpha_beta_ordered)), which
    /// changes only the speed, not the value.
    ///
    /// ```
    /// use congo_course::{Game, MaterialTable};
    /// let game: Game = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35".parse()?;
    /// assert_eq!(game.alpha_beta(4, &MaterialTable::STANDARD), -669);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn alpha_beta(&self, depth: u32, table: &MaterialTable) -> i32 {
        let mut moves = Vec::with_capacity(64);
        alpha_beta_ordered(&Ordered(*self), depth, &mut |g: &Ordered| {
            advanced_eval_with(&g.0.position, table, &mut moves)
        })
    }
}

impl FromStr for Game {
    type Err = ParseFenError;
    /// Reads a FEN; the rules are [`Rules::FULL`].
    fn from_str(s: &str) -> Result<Game, ParseFenError> {
        Ok(Game::new(s.parse()?, Rules::FULL))
    }
}

impl SearchPosition for Game {
    type Move = Move;

    /// The game is over when a lion is missing.
    fn is_finished(&self) -> bool {
        self.position.outcome().is_some()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.position.legal_moves(moves);
    }

    fn play(&self, mv: Move) -> Game {
        Game::new(self.position.play_unchecked(mv, self.rules), self.rules)
    }
}

/// A [`Game`] whose moves are ordered for alpha-beta: lion captures, then other captures
/// by the captured piece's value (monkey jumps by the number of pieces jumped,
/// [`Position::captured`]), then quiet moves in generation order; hashed (the placement
/// and side to move) for the search's best-move table.
#[derive(Clone, Copy, Debug)]
struct Ordered(Game);

impl SearchPosition for Ordered {
    type Move = Move;

    fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.0.legal_moves(moves);
    }

    fn play(&self, mv: Move) -> Ordered {
        Ordered(self.0.play(mv))
    }

    fn hash_key(&self) -> Option<u64> {
        Some(self.0.position.zobrist_key())
    }

    fn order_hint(&self, mv: Move) -> i32 {
        let pos = &self.0.position;
        let them = pos.side_to_move().other();
        let to = mv.to();
        if pos.pieces(them, Role::Lion).contains(to) {
            return 100_000;
        }
        if let Some(victim) = pos.piece_at(to).filter(|p| p.color == them) {
            return 1 + MaterialTable::STANDARD.value(victim.role);
        }
        if mv.role() == Some(Role::Monkey) && !pos.captured(&mv).is_empty() {
            return 150 * mv.landing_count() as i32;
        }
        0
    }
}

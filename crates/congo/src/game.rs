//! A position together with its rule options: what the searches of Parts IV and V and
//! the engine walk through.

use std::str::FromStr;
use std::time::Instant;

use crate::eval::{advanced_eval_with, material_eval, MaterialTable, WIN_SCORE};
use crate::fen::ParseFenError;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{self, SearchPosition, SearchResult};

/// A Congo position and the rule options its moves are made under (promotion on or off).
///
/// ```
/// use congo::{Game, Rules};
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
    /// evaluation under `table`, from the side to move's view (see [`search::negamax`]).
    ///
    /// ```
    /// use congo::{Game, MaterialTable};
    /// let game: Game = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12".parse()?;
    /// assert_eq!(game.minimax(2, &MaterialTable::STANDARD), 750);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn minimax(&self, depth: u32, table: &MaterialTable) -> i32 {
        search::negamax(self, depth, &mut |g: &Game| {
            material_eval(&g.position, table)
        })
    }

    /// The assignment's alpha-beta (Part V): fail-hard negamax alpha-beta to `depth` plies
    /// on the advanced evaluation under `table`, window `(-INFINITY, INFINITY)`, so the
    /// value equals plain negamax on the advanced evaluation. Moves are ordered (captures
    /// first, killer moves, iterative deepening; see [`search::alpha_beta_ordered`]), which
    /// changes only the speed, not the value.
    ///
    /// ```
    /// use congo::{Game, MaterialTable};
    /// let game: Game = "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35".parse()?;
    /// assert_eq!(game.alpha_beta(4, &MaterialTable::STANDARD), -669);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn alpha_beta(&self, depth: u32, table: &MaterialTable) -> i32 {
        let mut moves = Vec::with_capacity(64);
        search::alpha_beta_ordered(&Ordered(*self), depth, &mut |g: &Ordered| {
            advanced_eval_with(&g.0.position, table, &mut moves)
        })
    }

    /// The engine's choice: iterative-deepening alpha-beta on the advanced evaluation
    /// (captures first, previous best move first at the root), up to `max_depth` plies,
    /// stopping at `deadline` (see [`search::iterative_deepening`]). `best_move` is `None`
    /// only when the game is over or the side to move has no legal move.
    ///
    /// ```
    /// use congo::{Game, MaterialTable};
    /// use std::time::{Duration, Instant};
    /// // White's lion takes Black's lion along the open c-file and wins at once.
    /// let game: Game = "2l4/7/7/7/7/7/2L1Z2 w 0".parse()?;
    /// let deadline = Instant::now() + Duration::from_millis(100);
    /// let result = game.best_move(&MaterialTable::STANDARD, 6, deadline);
    /// assert_eq!(result.best_move.map(|m| m.to_string()).as_deref(), Some("c1c7"));
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn best_move(
        &self,
        table: &MaterialTable,
        max_depth: u32,
        deadline: Instant,
    ) -> SearchResult<Move> {
        let mut moves = Vec::with_capacity(64);
        search::iterative_deepening(
            &Ordered(*self),
            &mut |g: &Ordered| advanced_eval_with(&g.0.position, table, &mut moves),
            WIN_SCORE,
            max_depth,
            deadline,
        )
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
/// by the captured piece's value (monkey jumps by the number of pieces jumped), then
/// quiet moves in generation order; hashed (the placement and side to move) for the
/// engine's best-move table.
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
        let to = 1u64 << mv.to().index();
        if pos.bits_of(them, Role::Lion) & to != 0 {
            return 100_000;
        }
        if pos.by_color[them] & to != 0 {
            return Role::ALL
                .into_iter()
                .find(|&r| pos.bits_of(them, r) & to != 0)
                .map_or(1, |r| 1 + MaterialTable::STANDARD.value(r));
        }
        let from = mv.from();
        let (df, dr) = (
            i32::from(mv.to().file()) - i32::from(from.file()),
            i32::from(mv.to().rank()) - i32::from(from.rank()),
        );
        let jumped = mv.landing_count() > 1 || df.abs() == 2 || dr.abs() == 2;
        if jumped && pos.bits_of(pos.side_to_move(), Role::Monkey) & (1u64 << from.index()) != 0 {
            return 150 * mv.landing_count() as i32;
        }
        0
    }
}

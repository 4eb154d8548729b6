//! Evaluation and search as the assignment defines them (Parts IV and V).

use crate::movegen::Rules;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::tables::KING;

/// Score of a won game (Black's lion missing, from White's view).
pub const WIN: i32 = 10_000;
/// The start value of the minimax maximum and the alpha-beta window bound: wider than
/// any evaluation.
pub const INFINITY: i32 = 10_000_000;

/// Material values in centipawns, one per piece kind (lions are never counted).
///
/// The assignment values pawn 100, elephant 200, zebra 300, superpawn 350 and giraffe
/// 400. No problem values the monkey or the crocodile; this library uses monkey 300
/// (a short-range piece whose multi-captures make it at least a zebra's worth) and
/// crocodile 350 (king steps plus long slides toward and along the river, more mobile
/// than a zebra, less than a giraffe's 2-square reach in 8 directions).
///
/// ```
/// use congo::{Material, Role};
/// assert_eq!(Material::FULL.value(Role::Giraffe), 400);
/// assert_eq!(Material::FULL.value(Role::Lion), 0);
/// assert_eq!(Material::EDITION_2021.value(Role::Elephant), 200);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// Value of each kind, indexed by `Role as usize`.
    pub values: [i32; 8],
}

impl Material {
    /// The one table covering every piece (the default): pawn 100, superpawn 350,
    /// giraffe 400, monkey 300, elephant 200, lion 0, crocodile 350, zebra 300.
    pub const FULL: Material = Material {
        values: [100, 350, 400, 300, 200, 0, 350, 300],
    };
    /// The 2021 edition's table: pawn 100, elephant 200, zebra 300 (its only pieces
    /// besides the lion; the others are 0).
    pub const EDITION_2021: Material = Material {
        values: [100, 0, 0, 0, 200, 0, 0, 300],
    };

    /// The value of one piece of kind `role`.
    pub const fn value(&self, role: Role) -> i32 {
        self.values[role as usize]
    }
}

impl Default for Material {
    fn default() -> Material {
        Material::FULL
    }
}

impl Position {
    /// The special cases shared by both evaluations, from White's view: only the two
    /// lions left gives 0, Black's lion missing +10000, White's lion missing -10000.
    fn lion_cases(&self) -> Option<i32> {
        let lions = self.by_role[Role::Lion as usize];
        let white_lion = lions & self.by_color.white != 0;
        let black_lion = lions & self.by_color.black != 0;
        if !black_lion {
            Some(WIN)
        } else if !white_lion {
            Some(-WIN)
        } else if self.occupied().count_ones() == 2 && lions.count_ones() == 2 {
            Some(0)
        } else {
            None
        }
    }

    /// White's material minus Black's (lions not counted).
    ///
    /// ```
    /// use congo::{Material, Position};
    /// assert_eq!(Position::start().material_balance(&Material::FULL), 0);
    /// ```
    pub fn material_balance(&self, material: &Material) -> i32 {
        Role::ALL
            .into_iter()
            .map(|role| {
                let w = self.pieces(Color::White, role).count_ones() as i32;
                let b = self.pieces(Color::Black, role).count_ones() as i32;
                material.value(role) * (w - b)
            })
            .sum()
    }

    fn for_side_to_move(&self, white_view: i32) -> i32 {
        match self.turn {
            Color::White => white_view,
            Color::Black => -white_view,
        }
    }

    /// Part IV evaluation, from the side to move's view: 0 when only the two lions are
    /// left; +10000 (for White) when Black's lion is missing, -10000 when White's is;
    /// otherwise the material balance; negated when Black is to move.
    ///
    /// ```
    /// use congo::{Material, Position};
    /// let pos: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
    /// assert_eq!(pos.evaluate(&Material::FULL), -100);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn evaluate(&self, material: &Material) -> i32 {
        let white_view = self
            .lion_cases()
            .unwrap_or_else(|| self.material_balance(material));
        self.for_side_to_move(white_view)
    }

    /// Mobility and attack of `color`, counted as if it were to move: the number of its
    /// legal moves, and the number of those landing on an enemy piece plus 10 more for
    /// each landing on the enemy lion. (A monkey's jumps land on empty squares, so they
    /// add to mobility only.)
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::start().mobility_and_attack(Color::Black), (24, 0));
    /// ```
    pub fn mobility_and_attack(&self, color: Color) -> (i32, i32) {
        let mut pos = *self;
        pos.turn = color;
        let moves = pos.count_legal_moves() as i32;
        if moves == 0 {
            return (0, 0);
        }
        let c = pos.ctx();
        let mut attack = 0;
        for role in Role::ALL {
            let mut pieces = pos.by_role[role as usize] & c.own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                if role == Role::Monkey && KING[sq] & c.enemy == 0 {
                    continue;
                }
                let targets = pos.targets(&c, role, sq);
                attack += (targets & c.enemy).count_ones() as i32
                    + 10 * (targets & c.enemy_lions).count_ones() as i32;
            }
        }
        (moves, attack)
    }

    /// Part V evaluation, from the side to move's view: with the same lion and two-lion
    /// cases as [`Position::evaluate`], otherwise material + mobility + attack
    /// differences (White minus Black, see [`Position::mobility_and_attack`]); negated
    /// when Black is to move.
    ///
    /// ```
    /// use congo::{Material, Position};
    /// let pos: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
    /// assert_eq!(pos.evaluate_advanced(&Material::FULL), -102);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn evaluate_advanced(&self, material: &Material) -> i32 {
        let white_view = self.lion_cases().unwrap_or_else(|| {
            let (wm, wa) = self.mobility_and_attack(Color::White);
            let (bm, ba) = self.mobility_and_attack(Color::Black);
            self.material_balance(material) + (wm - bm) + (wa - ba)
        });
        self.for_side_to_move(white_view)
    }

    /// Part IV minimax: negamax on [`Position::evaluate`] to `depth` plies. At a finished
    /// game (a lion missing) or depth 0 it returns the evaluation; otherwise the maximum
    /// of minus the children's values, starting from -10000000 (so a position whose side
    /// to move has no move scores -10000000).
    ///
    /// ```
    /// use congo::{Material, Position, Rules};
    /// let pos: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
    /// assert_eq!(pos.minimax(2, Rules::FULL, &Material::FULL), -100);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn minimax(&self, depth: u32, rules: Rules, material: &Material) -> i32 {
        if depth == 0 || self.lion_cases().is_some_and(|v| v != 0) {
            return self.evaluate(material);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut best = -INFINITY;
        for mv in moves {
            best = best.max(-self.play(mv, rules).minimax(depth - 1, rules, material));
        }
        best
    }

    /// Part V alpha-beta: fail-hard negamax on [`Position::evaluate_advanced`] to
    /// `depth` plies over the window (-10000000, 10000000). At a finished game or depth 0
    /// it returns the evaluation; for each move, value = minus the child's value with the
    /// window (-beta, -alpha); a value >= beta returns beta; a value > alpha raises
    /// alpha; finally it returns alpha.
    ///
    /// ```
    /// use congo::{Material, Position, Rules};
    /// let pos: Position = "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4".parse()?;
    /// assert_eq!(pos.alpha_beta(4, Rules::FULL, &Material::FULL), -105);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn alpha_beta(&self, depth: u32, rules: Rules, material: &Material) -> i32 {
        self.alpha_beta_window(depth, -INFINITY, INFINITY, rules, material)
    }

    /// [`Position::alpha_beta`] with an explicit window `(alpha, beta)`.
    pub fn alpha_beta_window(
        &self,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        rules: Rules,
        material: &Material,
    ) -> i32 {
        if depth == 0 || self.lion_cases().is_some_and(|v| v != 0) {
            return self.evaluate_advanced(material);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        for mv in moves {
            let value =
                -self
                    .play(mv, rules)
                    .alpha_beta_window(depth - 1, -beta, -alpha, rules, material);
            if value >= beta {
                return beta;
            }
            if value > alpha {
                alpha = value;
            }
        }
        alpha
    }
}

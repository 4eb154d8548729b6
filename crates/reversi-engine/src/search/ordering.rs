//! Move ordering, one name a step: the table's move, fastest-first (fewest replies for
//! the opponent), potential mobility, parity, corners, and the sort search (a shallow
//! search of each child on the pattern evaluation: from [`SORT_SEARCH_MIN`] empties in
//! the endgame, from [`MIDGAME_SORT_SEARCH_DEPTH`] plies in the midgame, where the
//! midgame's own search gives it); [`select`] takes the moves in that order.

use reversi::kernel;

use super::isa::{Isa, Portable};
use super::node::{Move, Node};
use super::parity::odd_quadrants;
use super::state::Search;

/// From this many empty squares on, children are looked up in the table before any is
/// searched (enhanced transposition cutoff).
pub(crate) const ETC_MIN: u32 = 12;

/// From this many empty squares on, moves are ordered by the pattern evaluation
/// ([`Search::weights`]) of each child, searched a few plies deep
/// ([`sort_depth`]), with the fastest-first terms.
pub(crate) const SORT_SEARCH_MIN: u32 = 16;

/// The weight of the fastest-first order (16 a reply left to the opponent) against the
/// children's evaluation ([`crate::eval::SCALE`] = 128 a disc) when both order moves:
/// one reply more weighs as much as two discs less.
pub(crate) const MOBILITY_WEIGHT: i32 = 16;

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;

impl Search {
    /// The value of a `depth`-ply search on the pattern evaluation
    /// ([`Search::weights`], [`crate::eval::SCALE`] a disc), for ordering moves.
    pub(crate) fn root_sort_value(&mut self, p: u64, o: u64, depth: u32) -> i32 {
        let window = (-100_000, 100_000);
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        if let Some(k) = self.v3 {
            return k.sort_value(self, p, o, window, depth);
        }
        Portable.sort_value(self, p, o, window, depth)
    }
    /// Orders the moves of `node` (`moves`, non-empty) into `stack[base..]`: the table's
    /// move first, then fastest-first (fewest replies for the opponent, corners counted
    /// twice), fewer potential replies, parity. From [`SORT_SEARCH_MIN`] empties on, a
    /// shallow search of each child on the pattern evaluation is added to that. Returns the
    /// list's length, or a child's proven value `> alpha` found in the table (enhanced
    /// transposition cutoff) with its move instead.
    #[inline(always)]
    pub(crate) fn generate<K: Isa>(
        &mut self,
        k: K,
        base: usize,
        node: Node,
        moves: u64,
        hash_move: u8,
        alpha: i32,
    ) -> Result<usize, (i32, u32)> {
        let Node { p, o, key, side, n } = node;
        let empty = !(p | o);
        let mut len = 0;
        let odd = odd_quadrants(empty);
        let etc = self.techniques.enhanced_cutoffs && self.techniques.table && n >= ETC_MIN;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            // Without ETC the child's key is made when the child is searched (most
            // null-window nodes cut after one or two moves).
            let child_key = if etc {
                key ^ kernel::zobrist_move(side, x, f)
            } else {
                0
            };
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            if etc {
                if let Some(e) = self.table.probe_bounds(child_key) {
                    if -(e.upper as i32) > alpha {
                        return Err((-(e.upper as i32), x));
                    }
                }
            }
            let order = if x as u8 == hash_move {
                1 << 24
            } else if self.techniques.mobility_order {
                let replies = kernel::moves(np, no);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                let potential = if n >= 12 {
                    (kernel::neighbours(no) & empty & !(1u64 << x)).count_ones() as i32
                } else {
                    0
                };
                let parity = ((odd >> x) & 1) as i32;
                let corner = ((CORNERS >> x) & 1) as i32;
                -(mobility << 4) - potential + (parity << 2) + (corner << 3)
            } else {
                0
            };
            self.stack[base + len] = Move {
                square: x,
                flipped: f,
                key: child_key,
                order,
            };
            len += 1;
        }
        if self.techniques.sort_search && n >= SORT_SEARCH_MIN {
            self.sort_search(k, base, len, node);
        }
        Ok(len)
    }

    /// Orders `stack[base..base + len]` (the moves of `node`, but the table's move) by
    /// a shallow search of each child on the pattern evaluation plus the fastest-first
    /// order already in the list (weighted by [`MOBILITY_WEIGHT`]).
    #[inline(always)]
    pub(crate) fn sort_search<K: Isa>(&mut self, k: K, base: usize, len: usize, node: Node) {
        let depth = sort_depth(node.n);
        for i in base..base + len {
            let m = self.stack[i];
            if m.order == 1 << 24 {
                continue;
            }
            let child = node.play(&m);
            let v = -k.sort_value(self, child.p, child.o, (-100_000, 100_000), depth);
            self.stack[i].order = v + m.order * MOBILITY_WEIGHT;
        }
    }

    /// Moves the best-ordered move of `stack[i..end]` to `i` and returns it.
    #[inline(always)]
    pub(crate) fn select(&mut self, i: usize, end: usize) -> Move {
        select(&mut self.stack[..end], i)
    }

    /// A depth-limited alpha-beta on the pattern evaluation ([`Search::weights`],
    /// finished games scored [`crate::eval::SCALE`] a disc) for ordering moves.
    #[inline(always)]
    pub(crate) fn sort_value_in<K: Isa>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        depth: u32,
    ) -> i32 {
        let (alpha, beta) = w;
        self.clock.nodes += 1;
        if depth == 0 {
            return crate::eval::clamp(self.weights.evaluate(p, o));
        }
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o) * crate::eval::SCALE;
            }
            return -k.sort_value(self, o, p, (-beta, -alpha), depth - 1);
        }
        let mut best = -100_000;
        let mut a = alpha;
        let mut todo = moves;
        while todo != 0 {
            let x = todo.trailing_zeros();
            todo &= todo - 1;
            let f = kernel::flips(p, o, x);
            let v = -k.sort_value(self, o ^ f, p ^ f ^ (1 << x), (-beta, -a), depth - 1);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                a = a.max(v);
            }
        }
        best
    }
}

/// The depth of the ordering search of each child at a node with `n` empty squares
/// (from [`SORT_SEARCH_MIN`] on): the evaluation of the child alone below 18, deeper
/// searches as the subtrees to order grow (chosen by node counts on FFO #40-#44).
#[inline]
pub(crate) fn sort_depth(n: u32) -> u32 {
    match n {
        0..=17 => 0,
        18..=19 => 1,
        20..=23 => 2,
        _ => 3,
    }
}

/// Moves the best-ordered move of `list[i..]` (highest [`Move::order`], the first of
/// equals) to `i` and returns it: the next move to search, when a node's moves are
/// taken one by one (most nodes cut after one or two, so a full sort would be wasted).
#[inline(always)]
pub(crate) fn select(list: &mut [Move], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].order > list[best].order {
            best = j;
        }
    }
    list.swap(i, best);
    list[i]
}

/// From this depth on, a midgame node orders its moves by a sort search of each child
/// (the midgame's own search, [`midgame_sort_depth`] plies deep); below it fastest-first.
pub(crate) const MIDGAME_SORT_SEARCH_DEPTH: u32 = 5;

/// Fills `list` with the moves of the midgame node `node` (`moves`, non-empty) searched
/// `depth` plies deep, with their ordering values: the table's move first; from
/// [`MIDGAME_SORT_SEARCH_DEPTH`] on the sort search of each child (`sort_value(move,
/// plies)`, the child's value from its mover's view), below it fastest-first (fewest
/// opponent replies, corners counted twice, a corner move first). The number of moves.
#[inline(always)]
pub(crate) fn midgame_order(
    node: Node,
    moves: u64,
    depth: u32,
    table_move: u8,
    list: &mut [Move],
    mut sort_value: impl FnMut(&Move, u32) -> i32,
) -> usize {
    let (p, o) = (node.p, node.o);
    let mut n = 0;
    let mut todo = moves;
    while todo != 0 {
        let square = todo.trailing_zeros();
        todo &= todo - 1;
        let flips = kernel::flips(p, o, square);
        list[n] = Move {
            square,
            flipped: flips,
            key: 0,
            order: 0,
        };
        n += 1;
    }
    if n == 1 {
        return 1;
    }
    for m in &mut list[..n] {
        let bit = 1u64 << m.square;
        let (cp, co) = (o ^ m.flipped, p ^ m.flipped ^ bit);
        m.order = if m.square as u8 == table_move {
            i32::MAX
        } else if depth >= MIDGAME_SORT_SEARCH_DEPTH {
            -sort_value(m, midgame_sort_depth(depth))
        } else {
            let replies = kernel::moves(cp, co);
            let corner = (bit & CORNERS != 0) as i32;
            -((replies.count_ones() + (replies & CORNERS).count_ones()) as i32) * 16 + corner * 64
        };
    }
    n
}

/// The depth of the sort search of a midgame node `depth` deep: the evaluation of each
/// child up to depth 11, then one more ply every 3 plies, at most 3 (measured at depth 10
/// and 11 on the positions of `reversi-tune depth`: against 1-ply searches from depth 6
/// and 2-ply from 9, 14% fewer nodes; weighting opponent replies in changed nothing).
#[inline]
pub(crate) fn midgame_sort_depth(depth: u32) -> u32 {
    (depth.saturating_sub(9) / 3).min(3)
}

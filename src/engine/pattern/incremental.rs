//! The pattern configurations of a position kept up to date move by move, for the
//! search: a move changes only the instances through its square and its flipped
//! discs, so a child's configurations cost a few additions instead of reading all
//! 46 instances again.
//!
//! Two sets are kept, one for each side's point of view (digit 1 for that side's
//! discs, 2 for the other's), because the side to move changes at every ply: the
//! child's own set is the parent's other set, updated.

use super::index::{FAMILIES, INSTANCES};
use crate::engine::symmetry;
use std::sync::OnceLock;

/// At most this many instances go through one square.
const MAX_PER_SQUARE: usize = 16;

/// The configurations of every instance (in `index::read_all` order) from both sides'
/// points of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternState {
    /// Seen from the side to move (its discs are digit 1, the opponent's digit 2).
    pub mine: [u16; INSTANCES],
    /// Seen from the opponent (the opponent's discs are digit 1, the mover's 2).
    pub theirs: [u16; INSTANCES],
}

/// For every square, the instances through it and the power of 3 of its digit.
struct Updates {
    count: [u8; 64],
    entries: [[(u8, u16); MAX_PER_SQUARE]; 64],
}

fn updates() -> &'static Updates {
    static UPDATES: OnceLock<Updates> = OnceLock::new();
    UPDATES.get_or_init(|| {
        let mut u = Updates {
            count: [0; 64],
            entries: [[(0, 0); MAX_PER_SQUARE]; 64],
        };
        let mut instance = 0u8;
        for family in FAMILIES {
            for &s in family.symmetries() {
                let inv = symmetry::inverse(s);
                for (digit, &sq) in family.squares().iter().enumerate() {
                    let real = symmetry::apply_square(sq, inv);
                    let n = u.count[real] as usize;
                    assert!(n < MAX_PER_SQUARE, "too many instances through a square");
                    u.entries[real][n] = (instance, 3u16.pow(digit as u32));
                    u.count[real] += 1;
                }
                instance += 1;
            }
        }
        u
    })
}

/// Adds `times` (modulo 2^16, so `u16::MAX` subtracts) of the square's digit value to
/// every configuration through square `sq`.
#[inline]
fn add(view: &mut [u16; INSTANCES], u: &Updates, sq: usize, times: u16) {
    for &(i, w) in &u.entries[sq][..u.count[sq] as usize] {
        view[i as usize] = view[i as usize].wrapping_add(times.wrapping_mul(w));
    }
}

impl PatternState {
    /// The configurations of the position (`p` to move, `o` the opponent), read from
    /// scratch.
    pub fn new(p: u64, o: u64) -> PatternState {
        let u = updates();
        let mut state = PatternState {
            mine: [0; INSTANCES],
            theirs: [0; INSTANCES],
        };
        for sq in 0..64 {
            let (a, b) = match (p >> sq & 1, o >> sq & 1) {
                (1, _) => (1, 2),
                (_, 1) => (2, 1),
                _ => continue,
            };
            add(&mut state.mine, u, sq, a);
            add(&mut state.theirs, u, sq, b);
        }
        state
    }

    /// The state after the side to move plays `sq` flipping `flips`, seen from the
    /// new side to move (its `mine` is this state's `theirs`, updated).
    #[inline(always)]
    pub fn after_move(&self, sq: u32, flips: u64) -> PatternState {
        let u = updates();
        let mut mine = self.theirs;
        let mut theirs = self.mine;
        // The new disc: the opponent's (digit 2) for the new side to move, the mover's
        // own (digit 1) for the mover. A flipped disc goes from digit 1 to 2 in the new
        // side to move's view and from 2 to 1 in the mover's.
        add(&mut mine, u, sq as usize, 2);
        add(&mut theirs, u, sq as usize, 1);
        let mut f = flips;
        while f != 0 {
            let s = f.trailing_zeros() as usize;
            f &= f - 1;
            add(&mut mine, u, s, 1);
            add(&mut theirs, u, s, u16::MAX);
        }
        PatternState { mine, theirs }
    }

    /// The configurations of the child after `sq` from the new side to move's view
    /// only (what evaluating the child needs): `after_move(sq, flips).mine`.
    #[inline(always)]
    pub fn child_mine(&self, sq: u32, flips: u64) -> [u16; INSTANCES] {
        let u = updates();
        let mut mine = self.theirs;
        add(&mut mine, u, sq as usize, 2);
        let mut f = flips;
        while f != 0 {
            let s = f.trailing_zeros() as usize;
            f &= f - 1;
            add(&mut mine, u, s, 1);
        }
        mine
    }

    /// The state after a pass: the points of view swap.
    #[inline]
    pub fn after_pass(&self) -> PatternState {
        PatternState {
            mine: self.theirs,
            theirs: self.mine,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::index::read_all;
    use super::*;
    use crate::engine::board::{Board, flips};

    fn read(p: u64, o: u64) -> [u16; INSTANCES] {
        let mut configs = [(0u8, 0u32); INSTANCES];
        read_all(p, o, &mut configs);
        configs.map(|(_, c)| c as u16)
    }

    #[test]
    fn updated_configurations_equal_those_read_from_scratch() {
        // Along seeded random games (passes included), the state updated move by move
        // equals the one read from the board, from both points of view.
        let mut x = 0x5DEE_CE66_D1CE_4E5Bu64;
        for _ in 0..60 {
            let mut b = Board::start();
            let mut state = PatternState::new(b.player, b.opponent);
            loop {
                assert_eq!(state.mine, read(b.player, b.opponent));
                assert_eq!(state.theirs, read(b.opponent, b.player));
                let moves = b.legal_moves_bits();
                if moves == 0 {
                    if b.pass().legal_moves_bits() == 0 {
                        break;
                    }
                    b = b.pass();
                    state = state.after_pass();
                    continue;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mut m = moves;
                for _ in 0..(x % moves.count_ones() as u64) {
                    m &= m - 1;
                }
                let sq = m.trailing_zeros();
                let f = flips(b.player, b.opponent, sq as usize);
                assert_eq!(state.child_mine(sq, f), state.after_move(sq, f).mine);
                state = state.after_move(sq, f);
                b = Board {
                    player: b.opponent ^ f,
                    opponent: b.player ^ f ^ (1u64 << sq),
                };
            }
        }
    }
}

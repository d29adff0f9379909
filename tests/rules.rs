//! The rules engine against known perft counts and a slow, obviously-correct
//! reference implementation written here from the rules.

use othello_tutor::engine::perft::perft;
use othello_tutor::engine::{Board, Color, Move, MoveError, Position, Square};
use rand::{RngExt, SeedableRng, rngs::StdRng};

/// The reference: a plain 8x8 array of cells, walked square by square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Black,
    White,
}

#[derive(Clone)]
struct RefBoard {
    cells: [[Cell; 8]; 8], // [row][col]
    to_move: Cell,
}

const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl RefBoard {
    fn from_position(pos: &Position) -> RefBoard {
        let mut cells = [[Cell::Empty; 8]; 8];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let bit = 1u64 << (row * 8 + col);
                if pos.black() & bit != 0 {
                    *cell = Cell::Black;
                } else if pos.white() & bit != 0 {
                    *cell = Cell::White;
                }
            }
        }
        let to_move = match pos.to_move {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        };
        RefBoard { cells, to_move }
    }

    fn other(c: Cell) -> Cell {
        match c {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }

    /// Squares (row, col) flipped if `who` plays at (row, col).
    fn flips_for(&self, who: Cell, row: i32, col: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        if self.cells[row as usize][col as usize] != Cell::Empty {
            return out;
        }
        let them = Self::other(who);
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut r, mut c) = (row + dr, col + dc);
            while (0..8).contains(&r)
                && (0..8).contains(&c)
                && self.cells[r as usize][c as usize] == them
            {
                line.push((r, c));
                r += dr;
                c += dc;
            }
            if !line.is_empty()
                && (0..8).contains(&r)
                && (0..8).contains(&c)
                && self.cells[r as usize][c as usize] == who
            {
                out.extend(line);
            }
        }
        out
    }

    fn moves_for(&self, who: Cell) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                if !self.flips_for(who, row, col).is_empty() {
                    out.push((row, col));
                }
            }
        }
        out
    }

    fn play(&mut self, row: i32, col: i32) {
        let who = self.to_move;
        for (r, c) in self.flips_for(who, row, col) {
            self.cells[r as usize][c as usize] = who;
        }
        self.cells[row as usize][col as usize] = who;
        self.to_move = Self::other(who);
    }

    fn count(&self, who: Cell) -> i32 {
        self.cells.iter().flatten().filter(|&&c| c == who).count() as i32
    }
}

fn bits(squares: &[(i32, i32)]) -> u64 {
    squares
        .iter()
        .fold(0, |acc, &(r, c)| acc | 1u64 << (r * 8 + c))
}

#[test]
fn perft_from_the_start_depths_1_to_9() {
    let expected = [1u64, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&Board::start(), depth as u32), nodes, "depth {depth}");
    }
}

#[test]
#[ignore = "slow: a few seconds in release mode"]
fn perft_depths_10_to_12() {
    assert_eq!(perft(&Board::start(), 10), 24_571_284);
    assert_eq!(perft(&Board::start(), 11), 212_258_800);
    assert_eq!(perft(&Board::start(), 12), 1_939_886_636);
}

#[test]
#[ignore = "slow: about half a minute in release mode"]
fn perft_depth_13() {
    assert_eq!(perft(&Board::start(), 13), 18_429_641_748);
}

/// Independent perft on the reference board, to check the convention itself.
fn reference_perft(b: &RefBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.moves_for(b.to_move);
    if moves.is_empty() {
        if b.moves_for(RefBoard::other(b.to_move)).is_empty() {
            return 1;
        }
        let mut passed = b.clone();
        passed.to_move = RefBoard::other(b.to_move);
        return reference_perft(&passed, depth - 1);
    }
    moves
        .iter()
        .map(|&(r, c)| {
            let mut child = b.clone();
            child.play(r, c);
            reference_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn reference_perft_agrees_to_depth_6() {
    let b = RefBoard::from_position(&Position::start());
    for depth in 0..=6 {
        assert_eq!(
            reference_perft(&b, depth),
            perft(&Board::start(), depth),
            "depth {depth}"
        );
    }
}

#[test]
fn bitboards_agree_with_the_reference_on_100000_positions() {
    let mut rng = StdRng::seed_from_u64(20261130);
    let mut positions = 0usize;
    let mut passes = 0usize;
    let mut early_ends = 0usize;
    while positions < 100_000 {
        let mut pos = Position::start();
        let mut reference = RefBoard::from_position(&pos);
        loop {
            positions += 1;
            let ref_moves = reference.moves_for(reference.to_move);
            let ref_opp_moves = reference.moves_for(RefBoard::other(reference.to_move));
            assert_eq!(pos.legal_moves().0, bits(&ref_moves), "legal moves\n{pos}");
            assert_eq!(pos.board.opponent_moves().0, bits(&ref_opp_moves));
            for sq in Square::all() {
                let expected = reference.flips_for(reference.to_move, sq.row(), sq.col());
                assert_eq!(
                    pos.board.flips(sq).0,
                    bits(&expected),
                    "flips at {sq}\n{pos}"
                );
            }
            let over = ref_moves.is_empty() && ref_opp_moves.is_empty();
            assert_eq!(pos.is_game_over(), over);
            assert_eq!(
                pos.must_pass(),
                ref_moves.is_empty() && !ref_opp_moves.is_empty()
            );
            let (b, w) = pos.disc_counts();
            assert_eq!(b as i32, reference.count(Cell::Black));
            assert_eq!(w as i32, reference.count(Cell::White));
            if over {
                let (rb, rw) = (reference.count(Cell::Black), reference.count(Cell::White));
                let empties = 64 - rb - rw;
                let (fb, fw) = match rb.cmp(&rw) {
                    std::cmp::Ordering::Greater => (rb + empties, rw),
                    std::cmp::Ordering::Less => (rb, rw + empties),
                    std::cmp::Ordering::Equal => (rb, rw),
                };
                assert_eq!(pos.final_counts(), (fb as u32, fw as u32));
                let mover = if pos.to_move == Color::Black {
                    fb - fw
                } else {
                    fw - fb
                };
                assert_eq!(pos.board.final_score(), mover);
                if empties > 0 {
                    early_ends += 1;
                }
                break;
            }
            if ref_moves.is_empty() {
                passes += 1;
                assert_eq!(pos.play(Move::Pass), Ok(pos.pass()));
                pos = pos.pass();
                reference.to_move = RefBoard::other(reference.to_move);
                continue;
            }
            let (r, c) = ref_moves[rng.random_range(0..ref_moves.len())];
            let sq = Square::from_coords(c, r).expect("on the board");
            let checked = pos.play(Move::Place(sq)).expect("a legal move");
            assert_eq!(checked, pos.play_unchecked(sq));
            pos = checked;
            reference.play(r, c);
        }
    }
    // The random games must have exercised the rare cases too.
    assert!(passes > 50, "only {passes} passes seen");
    assert!(
        early_ends > 5,
        "only {early_ends} games ended before the board was full"
    );
}

#[test]
fn flips_in_several_directions_at_once_and_no_chain_reaction() {
    // Black plays d4: it flanks e4 (with f4, to the east) and d5 (with d6, to the south).
    // White e5 lies between the newly black e4 and black e6, but it is not flanked by
    // the disc just placed, so it stays white (no chain reaction). White g4 beyond the
    // black f4 stays white too.
    let black = sq_bits(&["f4", "d6", "e6"]);
    let white = sq_bits(&["e4", "d5", "e5", "g4"]);
    let pos = Position::from_colors(black, white, Color::Black).expect("valid");
    let d4 = Square::parse("d4").expect("square");
    assert_eq!(pos.board.flips(d4).0, sq_bits(&["e4", "d5"]));
    let after = pos.play(Move::Place(d4)).expect("legal");
    assert_eq!(after.white(), sq_bits(&["e5", "g4"]));
    assert_eq!(
        after.black(),
        sq_bits(&["d4", "e4", "f4", "d5", "d6", "e6"])
    );
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let pos = Position::start();
    let d4 = Square::parse("d4").expect("square");
    let a1 = Square::parse("a1").expect("square");
    assert_eq!(pos.play(Move::Place(d4)), Err(MoveError::Occupied(d4)));
    assert_eq!(pos.play(Move::Place(a1)), Err(MoveError::FlipsNothing(a1)));
    assert_eq!(pos.play(Move::Pass), Err(MoveError::PassNotAllowed));
}

#[test]
fn game_over_before_the_board_is_full_and_scoring_with_empties() {
    // A wipe-out: Black has every disc, White none; the game is over at once.
    let pos =
        Position::from_colors(sq_bits(&["d4", "e4", "d5", "e5"]), 0, Color::White).expect("valid");
    assert!(pos.is_game_over());
    assert_eq!(pos.final_counts(), (64, 0));
    assert_eq!(pos.board.final_score(), -64);
    // The federation's example: 34-29 with one empty square scores 35-29.
    let mut black = 0u64;
    let mut white = 0u64;
    for i in 0..34 {
        black |= 1 << i;
    }
    for i in 34..63 {
        white |= 1 << i;
    }
    let pos = Position::from_colors(black, white, Color::Black).expect("valid");
    assert_eq!(pos.disc_counts(), (34, 29));
    assert_eq!(pos.final_counts(), (35, 29));
    assert_eq!(pos.board.final_score(), 6);
}

#[test]
fn a_forced_pass() {
    // White has no move, Black has: White must pass, and the pass is the only move.
    let black = sq_bits(&["a1", "b1"]);
    let white = sq_bits(&["c1"]);
    let pos = Position::from_colors(black, white, Color::White).expect("valid");
    assert!(pos.must_pass());
    assert_eq!(pos.legal_move_list(), vec![Move::Pass]);
    let passed = pos.play(Move::Pass).expect("forced pass");
    assert_eq!(passed.to_move, Color::Black);
    assert!(
        passed
            .legal_moves()
            .contains(Square::parse("d1").expect("square"))
    );
}

fn sq_bits(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| Square::parse(n).expect("square").bit())
        .fold(0, |a, b| a | b)
}

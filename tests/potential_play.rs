//! Canonical forms, the run, notation, records and self-play of "Potential"
//! (src/potential), and its strength matches (ignored; slow).

use crate::common_potential as helpers;

use std::collections::HashSet;

use helpers::*;
use othello_tutor::potential::ai::{Level, Player, SearchLimits};
use othello_tutor::potential::canonical::{Symmetry, canonical_hash, canonical_pieces};
use othello_tutor::potential::run::{greedy_run_length, longest_run, run_upper_bound};
use othello_tutor::potential::selfplay::play_game;
use othello_tutor::potential::{
    Analysis, Board, Cell, Color, Game, Phase, PotentialError, PotentialMove, selfplay_text,
};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

#[test]
fn canonical_form_is_invariant_under_translation_and_symmetry() {
    let mut rng = StdRng::seed_from_u64(10);
    let mut distinct = HashSet::new();
    let mut forms = HashSet::new();
    for _ in 0..400 {
        let n = random_n(&mut rng);
        let p = random_position(&mut rng, n);
        let pieces: Vec<(Cell, Color)> = p.board().pieces().collect();
        let (h, _) = canonical_hash(p.board());
        let form = canonical_pieces(p.board());
        distinct.insert(h);
        forms.insert(form.clone());
        for s in Symmetry::ALL {
            let (dx, dy) = (rng.random_range(-30..30), rng.random_range(-30..30));
            let moved: Vec<(Cell, Color)> = pieces
                .iter()
                .map(|&(q, col)| {
                    let t = s.apply(q);
                    (c(t.x + dx, t.y + dy), col)
                })
                .collect();
            let board = board_of(&moved);
            assert_eq!(canonical_hash(&board).0, h, "{s:?} + ({dx},{dy})");
            assert_eq!(canonical_pieces(&board), form);
            // Moves map across too.
            let mut mapped: Vec<(Cell, Cell)> = fast_steps(p.board(), W)
                .into_iter()
                .map(|(f, t)| {
                    let (f, t) = (s.apply(f), s.apply(t));
                    (c(f.x + dx, f.y + dy), c(t.x + dx, t.y + dy))
                })
                .collect();
            mapped.sort();
            let direct: Vec<(Cell, Cell)> = fast_steps(&board, W).into_iter().collect();
            assert_eq!(mapped, direct);
        }
        // Swapping the colors gives another position (unless symmetric).
        let swapped: Vec<(Cell, Color)> =
            pieces.iter().map(|&(q, col)| (q, col.opponent())).collect();
        let swapped_board = board_of(&swapped);
        assert_eq!(
            canonical_hash(&swapped_board).0 == h,
            canonical_pieces(&swapped_board) == form
        );
    }
    // Different positions got different hashes.
    assert_eq!(distinct.len(), forms.len());
    assert!(forms.len() > 300);
}

// ---------------------------------------------------------------------------
// Run, notation, records, self-play.

/// The run search is exact on small positions: checked against a plain
/// exhaustive search.
#[test]
fn longest_run_is_exact_on_small_positions() {
    fn brute(board: &Board, runner: Color) -> u32 {
        let mut best = 0;
        for (from, to) in fast_steps(board, runner) {
            let pieces: Vec<(Cell, Color)> = board
                .pieces()
                .map(|(q, col)| (if q == from { to } else { q }, col))
                .collect();
            best = best.max(1 + brute(&board_of(&pieces), runner));
        }
        best
    }
    let mut rng = StdRng::seed_from_u64(99);
    let mut checked = 0;
    let mut longer_than_greedy = 0;
    while checked < 40 {
        let p = random_position(&mut rng, 3);
        if p.phase() == Phase::Placing {
            continue;
        }
        for runner in [W, B] {
            if run_upper_bound(p.board()) > 9 {
                continue;
            }
            let exact = brute(p.board(), runner);
            let plan = longest_run(p.board(), runner, 1_000_000);
            assert!(plan.exact);
            assert_eq!(plan.length, exact, "{:?}", p.board());
            let greedy = greedy_run_length(p.board(), runner);
            assert!(greedy <= exact);
            longer_than_greedy += u32::from(greedy < exact);
            assert!(exact <= run_upper_bound(p.board()));
            checked += 1;
        }
    }
    eprintln!("runs longer than greedy: {longer_than_greedy} of {checked}");
}

#[test]
fn move_text_round_trips() {
    for text in [
        "0,0",
        "-3,12",
        "1,1-2,2",
        "-1,-1--2,-1",
        "0,-5-0,-6",
        "-10,3-4,-7",
    ] {
        let mv: PotentialMove = text.parse().expect("parses");
        assert_eq!(mv.to_string(), text);
    }
    for bad in [
        "",
        "1",
        "1,",
        ",1",
        "1,1-",
        "a,b",
        "1,1-2",
        "1;1",
        "1,1-2,2-3,3",
    ] {
        assert!(bad.parse::<PotentialMove>().is_err(), "{bad:?}");
    }
}

#[test]
fn selfplay_rejects_bad_settings() {
    assert_eq!(
        selfplay_text(2, 1, "random"),
        Err(PotentialError::PiecesOutOfRange(2))
    );
    assert_eq!(
        selfplay_text(26, 1, "random"),
        Err(PotentialError::PiecesOutOfRange(26))
    );
    assert!(matches!(
        selfplay_text(6, 1, "genius"),
        Err(PotentialError::UnknownLevel(_))
    ));
    let e = selfplay_text(0, 1, "random")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(!e.contains('\n') && e.contains("between 3 and 25"), "{e}");
}

fn check_record(text: &str, pieces: usize) {
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.last().copied().unwrap_or("");
    let ok_last = last == "Draw"
        || ["White +", "Black +"].iter().any(|p| {
            last.strip_prefix(p)
                .is_some_and(|k| k.parse::<u32>().is_ok_and(|k| k > 0))
        });
    assert!(ok_last, "last line {last:?}");
    let game = match Game::from_record(pieces, text) {
        Ok(g) => g,
        Err(e) => panic!("record does not replay: {e}\n{text}"),
    };
    assert_eq!(game.result().map(|r| r.to_string()).as_deref(), Some(last));
    assert!(lines.len() > 2 * pieces);
    for line in &lines[..lines.len() - 1] {
        assert!(line.starts_with("W ") || line.starts_with("B "), "{line}");
    }
}

#[test]
fn every_selfplayed_game_ends_random_and_greedy() {
    for pieces in [3, 4, 6, 9, 12, 18, 25] {
        for seed in 0..6 {
            for level in ["random", "greedy"] {
                let text = selfplay_text(pieces, seed, level).expect("valid settings");
                check_record(&text, pieces);
            }
        }
    }
}

#[test]
fn every_selfplayed_game_ends_search() {
    let limits = SearchLimits::nodes(3_000);
    for (pieces, seed) in [(3, 1), (6, 2), (12, 3), (25, 4)] {
        let game = play_game(
            pieces,
            seed,
            [(Level::Search, limits), (Level::Search, limits)],
        )
        .expect("valid settings");
        assert!(game.position().is_over());
        check_record(&game.record(), pieces);
    }
    // The command-line entry with its default budget, on a small game.
    let text = selfplay_text(4, 5, "search").expect("valid settings");
    check_record(&text, 4);
}

#[test]
fn selfplay_is_deterministic_for_a_seed() {
    for level in ["random", "greedy", "search"] {
        let a = selfplay_text(5, 42, level).expect("ok");
        let b = selfplay_text(5, 42, level).expect("ok");
        assert_eq!(a, b, "{level}");
    }
    assert_ne!(
        selfplay_text(8, 1, "random").ok(),
        selfplay_text(8, 2, "random").ok()
    );
}

#[test]
fn undo_restores_the_previous_position() {
    let mut game = Game::new(3).expect("ok");
    let mut rng = StdRng::seed_from_u64(3);
    let mut seen = vec![game.position().clone()];
    while !game.position().is_over() {
        let moves = game.position().legal_moves();
        let mv = *moves.choose(&mut rng).expect("a move");
        assert!(game.play(mv).is_ok());
        seen.push(game.position().clone());
    }
    while game.undo() {
        seen.pop();
        assert_eq!(Some(game.position()), seen.last());
    }
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn search_finds_an_immediate_win() {
    // Black to move can leave White stuck at once; the search must see it.
    let mut rng = StdRng::seed_from_u64(5);
    let mut found = 0;
    for _ in 0..400 {
        let p = random_position(&mut rng, 5);
        if p.phase() != Phase::Moving {
            continue;
        }
        let me = p.to_move();
        let winning: Vec<PotentialMove> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut q = p.clone();
                q.play(m).is_ok()
                    && matches!(q.phase(), Phase::Run { runner, .. } if runner == me)
                    && !q.is_over()
                    || q.result().is_some_and(|r| r.winner() == Some(me))
            })
            .collect();
        if winning.is_empty() {
            continue;
        }
        let mut player = Player::new(Level::Search, SearchLimits::depth(2), 1);
        let report = player.search(&p, None);
        let best = report.best.expect("a move");
        assert!(report.score > 0, "score {}", report.score);
        let mut q = p.clone();
        assert!(q.play(best).is_ok());
        assert!(
            matches!(q.phase(), Phase::Run { runner, .. } if runner == me)
                || q.result().is_some_and(|r| r.winner() == Some(me)),
            "{best} does not win"
        );
        found += 1;
    }
    assert!(found > 5, "only {found} positions with a win in one");
}

// ---------------------------------------------------------------------------
// Strength (slow; run with `cargo test --profile tests --test integration potential_play:: -- --ignored --nocapture`).

fn print_match(name: &str, s: &othello_tutor::potential::selfplay::MatchStats) {
    println!(
        "{name:<28} games {:>3}  wins {:>3} (W {:>2}, B {:>2})  losses {:>3}  draws {:>3}  win% {:>5.1}  avg pts {:+.2}  ms/move avg {:.0} max {:.0}",
        s.games,
        s.wins,
        s.wins_as_white,
        s.wins_as_black,
        s.losses,
        s.draws,
        100.0 * f64::from(s.wins) / f64::from(s.games.max(1)),
        s.points as f64 / f64::from(s.games.max(1)),
        s.micros as f64 / 1000.0 / s.moves.max(1) as f64,
        s.max_micros as f64 / 1000.0,
    );
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The strength matches: the search level against random and against
/// greedy, 100 games each, colors alternating. Needs ≥ 90% wins against
/// random and > 60% against greedy. Node-limited, so the outcome does not
/// depend on the machine; the times are printed for the report only.
/// Settings can be changed with POTENTIAL_PIECES, POTENTIAL_GAMES,
/// POTENTIAL_NODES and POTENTIAL_THREADS.
#[test]
#[ignore]
fn strength_matches() {
    use othello_tutor::potential::ai::DEFAULT_SEARCH_NODES;
    use othello_tutor::potential::selfplay::play_match;
    let pieces = env_or("POTENTIAL_PIECES", 12) as usize;
    let games = env_or("POTENTIAL_GAMES", 100) as u32;
    let nodes = env_or("POTENTIAL_NODES", DEFAULT_SEARCH_NODES);
    let threads = env_or("POTENTIAL_THREADS", 2) as usize;
    let search = (Level::Search, SearchLimits::nodes(nodes));
    let unlimited = SearchLimits::nodes(u64::MAX);
    println!("pieces per side {pieces}, search budget {nodes} nodes a move");
    let mut table = Vec::new();
    for (name, opponent, needed) in [
        ("search vs random", Level::Random, 0.90),
        ("search vs greedy", Level::Greedy, 0.60),
    ] {
        let s = play_match(pieces, games, search, (opponent, unlimited), 1000, threads)
            .expect("valid settings");
        print_match(name, &s);
        table.push((name, s, needed));
    }
    for (name, s, needed) in table {
        let rate = f64::from(s.wins) / f64::from(s.games);
        if name.ends_with("random") {
            assert!(rate >= needed, "{name}: {rate}");
        } else {
            assert!(rate > needed, "{name}: {rate}");
        }
    }
}

/// The frame of the canonical form carries moves between equivalent
/// positions, which is how the transposition table shares its best moves.
#[test]
fn canonical_frames_carry_moves_between_equivalent_positions() {
    let mut rng = StdRng::seed_from_u64(12);
    let mut checked = 0;
    while checked < 200 {
        let n = random_n(&mut rng);
        let p = random_position(&mut rng, n);
        if p.phase() == Phase::Placing {
            continue;
        }
        let s = Symmetry::ALL[rng.random_range(0..8)];
        let (dx, dy) = (rng.random_range(-40..40), rng.random_range(-40..40));
        let image: Vec<(Cell, Color)> = p
            .board()
            .pieces()
            .map(|(q, col)| {
                let t = s.apply(q);
                (c(t.x + dx, t.y + dy), col)
            })
            .collect();
        let other = board_of(&image);
        let (h1, f1) = canonical_hash(p.board());
        let (h2, f2) = canonical_hash(&other);
        assert_eq!(h1, h2);
        let legal_other: HashSet<PotentialMove> = Analysis::new(&other)
            .steps(p.to_move())
            .into_iter()
            .collect();
        for m in Analysis::new(p.board()).steps(p.to_move()) {
            let canonical = f1.move_to_canonical(m);
            assert_eq!(f1.move_from_canonical(canonical), m);
            let carried = f2.move_from_canonical(canonical);
            assert!(legal_other.contains(&carried), "{m} -> {carried}");
        }
        checked += 1;
    }
}

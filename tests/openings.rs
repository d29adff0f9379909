//! The named openings and the opening book: every line legal and found by its
//! position (after its own moves, after a transposition, after each of the four
//! symmetric first moves), and the book file refused when damaged.

use othello_tutor::engine::book::{self, Book, BookError};
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::{Board, Position, Square, symmetry};
use othello_tutor::tutor::openings::load_openings;
use othello_tutor::tutor::openings::{NamedOpening, Openings};

fn openings() -> Openings {
    match load_openings() {
        Ok(o) => o,
        Err(errors) => panic!(
            "{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

/// Replays `moves` from the start; `None` if one is illegal.
fn replay(moves: &[Square]) -> Option<Board> {
    let mut b = Board::start();
    for &sq in moves {
        b = b.play(sq).ok()?;
    }
    Some(b)
}

/// The four symmetries that leave the start position as it is: they turn 1.f5 into
/// each of the four first moves.
fn start_symmetries() -> Vec<usize> {
    (0..symmetry::SYMMETRIES)
        .filter(|&s| symmetry::board(&Board::start(), s) == Board::start())
        .collect()
}

/// Another move order that reaches the same position: two moves of one side
/// swapped, the line still legal. `None` if no such swap exists.
fn transposition(o: &NamedOpening) -> Option<Vec<Square>> {
    let target = o.position().board;
    let n = o.moves.len();
    for i in 0..n {
        for j in (i + 2..n).step_by(2) {
            let mut m = o.moves.clone();
            m.swap(i, j);
            if replay(&m) == Some(target) {
                return Some(m);
            }
        }
    }
    None
}

#[test]
fn at_least_seventy_openings_each_legal_and_found_after_its_own_moves() {
    let openings = openings();
    assert!(openings.len() >= 70, "{} openings", openings.len());
    for o in openings.all() {
        let game = parse_transcript(&o.transcript()).expect("a legal line");
        assert_eq!(game.len(), o.moves.len(), "{}", o.name);
        let board = game.current().board;
        let found = openings.name_of(&board).map(|f| f.name.as_str());
        assert_eq!(found, Some(o.name.as_str()), "{}", o.transcript());
        assert!(
            o.moves.first() == Square::parse("f5").ok().as_ref(),
            "{} is f5-first",
            o.name
        );
        assert!(!o.family.is_empty(), "{}", o.name);
    }
}

#[test]
fn found_after_each_of_the_four_first_moves() {
    let openings = openings();
    let syms = start_symmetries();
    assert_eq!(syms.len(), 4);
    let mut first_moves: Vec<String> = syms
        .iter()
        .map(|&s| symmetry::square(Square::parse("f5").unwrap(), s).to_string())
        .collect();
    first_moves.sort();
    assert_eq!(first_moves, ["c4", "d3", "e6", "f5"]);
    for o in openings.all() {
        for &s in &syms {
            let moves: Vec<Square> = o.moves.iter().map(|&sq| symmetry::square(sq, s)).collect();
            let board = replay(&moves).unwrap_or_else(|| panic!("{} turned by {s}", o.name));
            let found = openings.name_of(&board).map(|f| f.name.as_str());
            assert_eq!(found, Some(o.name.as_str()), "{} turned by {s}", o.name);
        }
    }
}

#[test]
fn found_after_a_transposition() {
    let openings = openings();
    let mut transposed = 0;
    for o in openings.all() {
        let Some(moves) = transposition(o) else {
            continue;
        };
        assert_ne!(moves, o.moves);
        let board = replay(&moves).expect("legal");
        let found = openings.name_of(&board).map(|f| f.name.as_str());
        assert_eq!(found, Some(o.name.as_str()), "{} transposed", o.name);
        transposed += 1;
    }
    // Most lines have one (the Tiger: f5 d6 c4 d3 c3).
    assert!(
        transposed >= 40,
        "only {transposed} lines have a transposition"
    );
    let tiger = parse_transcript("f5 d6 c4 d3 c3").unwrap().current().board;
    assert_eq!(openings.name_of(&tiger).unwrap().name, "Tiger");
}

#[test]
fn a_game_keeps_the_name_of_the_deepest_named_position_it_passed() {
    let openings = openings();
    let game = parse_transcript("f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6").unwrap();
    let boards: Vec<Board> = game.positions().iter().map(|p| p.board).collect();
    assert_eq!(openings.name_of(boards.last().unwrap()), None);
    assert_eq!(openings.deepest_along(&boards).unwrap().name, "Tamenori");
    assert_eq!(openings.deepest_along(&boards[..6]).unwrap().name, "Tiger");
    assert_eq!(openings.deepest_along(&boards[..1]), None);
}

#[test]
fn names_and_aliases_are_found_and_unique() {
    let openings = openings();
    assert_eq!(openings.find("tobidashi").unwrap().name, "Heath");
    assert_eq!(openings.find("Cambridge").unwrap().name, "Cow Bat");
    let mut names: Vec<String> = openings
        .all()
        .iter()
        .flat_map(|o| {
            std::iter::once(o.name.to_lowercase()).chain(o.aliases.iter().map(|a| a.to_lowercase()))
        })
        .collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n);
    let families = openings.families();
    assert!(
        families
            .iter()
            .any(|(f, list)| *f == "Tiger" && list.len() > 10)
    );
}

#[test]
fn the_shipped_book_reads_and_covers_every_named_position() {
    let book = book::shipped().expect("the shipped book reads");
    assert!(book.depth() >= 1);
    let openings = openings();
    for o in openings.all() {
        for p in o.positions() {
            let moves = book.lookup(&p.board);
            assert_eq!(
                moves.len() as u32,
                p.board.legal_moves().len(),
                "{} at {} discs",
                o.name,
                64 - p.board.empty_count()
            );
            // Best first, every move legal.
            assert!(moves.windows(2).all(|w| w[0].value >= w[1].value));
            assert!(moves.iter().all(|m| p.board.is_legal(m.square)));
        }
        // The line's next move, if any, is a book move with the continuation's value.
        let positions = o.positions();
        for (i, &sq) in o.moves.iter().enumerate() {
            let here = positions[i].board;
            let there = positions[i + 1].board;
            let m = book
                .lookup(&here)
                .into_iter()
                .find(|m| m.square == sq)
                .expect("a book move");
            let next = book.lookup(&there);
            if let Some(best) = next.first() {
                assert_eq!(m.value, -best.value, "{} move {}", o.name, i + 1);
                assert_eq!(m.depth, best.depth + 1);
            }
        }
    }
}

#[test]
fn the_book_is_the_same_in_every_orientation() {
    let book = book::shipped().expect("the shipped book reads");
    let tiger: Position = parse_transcript("f5 d6 c3 d3 c4").unwrap().current();
    let here = book.lookup(&tiger.board);
    assert!(!here.is_empty());
    for s in 0..symmetry::SYMMETRIES {
        let turned = symmetry::board(&tiger.board, s);
        let there = book.lookup(&turned);
        let mut a: Vec<(Square, i32)> = here
            .iter()
            .map(|m| (symmetry::square(m.square, s), m.value))
            .collect();
        let mut b: Vec<(Square, i32)> = there.iter().map(|m| (m.square, m.value)).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "symmetry {s}");
    }
    // Off the book: nothing.
    let off = parse_transcript("f5 f4 e3 f6 d3").unwrap().current().board;
    assert!(book.lookup(&off).is_empty());
    assert!(!book.contains(&off));
}

#[test]
fn a_damaged_book_is_refused_with_a_reason() {
    let bytes = book::BOOK_FILE.to_vec();
    let mut flipped = bytes.clone();
    let mid = bytes.len() / 2;
    flipped[mid] ^= 0x20;
    let err = Book::decode(&flipped).unwrap_err();
    assert_eq!(err, BookError::Checksum);
    assert!(err.to_string().contains("damaged"), "{err}");
    assert_eq!(
        Book::decode(&bytes[..bytes.len() - 5]),
        Err(BookError::Checksum)
    );
    assert_eq!(Book::decode(b"not a book at all"), Err(BookError::Magic));
    assert_eq!(Book::decode(&[]), Err(BookError::Magic));
    assert_eq!(Book::decode(&bytes).unwrap().encode(), bytes);
}

#[test]
fn the_tiger_main_line_is_graded_book_and_leaving_the_book_says_what_it_plays() {
    use othello_tutor::tutor::feedback::{Grade, grade_from_book, summary_line};
    let game = parse_transcript("f5 d6 c3").unwrap();
    let earlier: Vec<Board> = game.positions().iter().map(|p| p.board).collect();
    let (earlier, pos) = (&earlier[..earlier.len() - 1], game.current());
    let d3 = Square::parse("d3").unwrap();
    let fb = grade_from_book(&pos, d3, earlier).expect("a book position");
    assert_eq!(fb.grade, Grade::Book);
    assert!(
        summary_line(&fb).starts_with("d3: book move, Perpendicular Opening"),
        "{}",
        summary_line(&fb)
    );
    // Then c4: the Tiger itself.
    let tiger = parse_transcript("f5 d6 c3 d3").unwrap().current();
    let fb = grade_from_book(&tiger, Square::parse("c4").unwrap(), &[]).unwrap();
    assert_eq!(fb.grade, Grade::Book);
    assert_eq!(fb.book.as_ref().unwrap().reached.as_deref(), Some("Tiger"));
    assert!(
        summary_line(&fb).contains("book move, Tiger"),
        "{}",
        summary_line(&fb)
    );
    // A move off the lines from the Tiger leaves the book and is told the main line.
    let pos = parse_transcript("f5 d6 c3 d3 c4").unwrap().current();
    let book = book::shipped().unwrap();
    let off = pos
        .board
        .legal_moves()
        .into_iter()
        .find(|&sq| !book.contains(&pos.board.play_unchecked(sq)))
        .expect("a move off the lines");
    let fb = grade_from_book(&pos, off, &[]).unwrap();
    let main = fb.book.as_ref().unwrap().main_line.expect("out of book");
    assert!(book.contains(&pos.board.play_unchecked(main)));
    let line = summary_line(&fb);
    assert!(
        line.ends_with(&format!("out of book: the main line continues {main}")),
        "{line}"
    );
    // Out of the book: no verdict from it.
    let out = parse_transcript("f5 f4 e3").unwrap().current();
    let any = out.board.legal_moves().into_iter().next().unwrap();
    assert_eq!(grade_from_book(&out, any, &[]), None);
}

#[test]
fn engine_levels_play_book_moves_the_full_strength_level_the_best() {
    use othello_tutor::engine::players::{Strategy, book_margin, choose_move};
    use othello_tutor::engine::search::Searcher;
    use rand::{SeedableRng, rngs::StdRng};
    let book = book::shipped().unwrap();
    let mut searcher = Searcher::new(1, 1);
    let tiger = parse_transcript("f5 d6 c3 d3 c4").unwrap().current().board;
    let moves = book.lookup(&tiger);
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..5 {
        let c = choose_move(&mut searcher, &tiger, Strategy::Engine(6), &mut rng).unwrap();
        assert_eq!(c.square, moves[0].square);
    }
    // The weakest level varies among the first moves (all of one value).
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let c = choose_move(
            &mut searcher,
            &Board::start(),
            Strategy::Engine(1),
            &mut rng,
        )
        .unwrap();
        seen.insert(c.square);
    }
    assert!(seen.len() >= 2, "{seen:?}");
    // And stays within its margin.
    for _ in 0..40 {
        let c = choose_move(&mut searcher, &tiger, Strategy::Engine(3), &mut rng).unwrap();
        let m = moves.iter().find(|m| m.square == c.square).unwrap();
        assert!(m.value >= moves[0].value - book_margin(3));
    }
}

#[test]
fn a_practice_game_gets_the_book_verdict_with_the_opening_name() {
    use othello_tutor::engine::Color;
    use othello_tutor::engine::players::Strategy;
    use othello_tutor::tutor::feedback::Grade;
    use othello_tutor::tutor::practice::{Practice, Setup};
    let mut practice = Practice::new(Setup::against(Color::Black, Strategy::Engine(1)));
    for sq in ["f5", "d6", "c3", "d3", "c4"] {
        practice
            .play(othello_tutor::engine::Move::Place(
                Square::parse(sq).unwrap(),
            ))
            .unwrap();
    }
    let fb = practice
        .book_feedback_at(4)
        .expect("c4 was played in a book position");
    assert_eq!(fb.grade, Grade::Book);
    assert_eq!(fb.book.unwrap().opening.as_deref(), Some("Tiger"));
    assert_eq!(practice.book_feedback_at(5), None);
}

#[test]
fn a_practice_game_carries_its_opening_name_into_the_saved_game() {
    use othello_tutor::engine::notation::parse_ggf;
    use othello_tutor::engine::players::Strategy;
    use othello_tutor::engine::{Color, Move};
    use othello_tutor::tutor::practice::{Practice, Setup};
    let mut practice = Practice::new(Setup::against(Color::Black, Strategy::Engine(1)));
    assert_eq!(practice.opening_name(), None, "no name before a move");
    // The Tiger reflected in the a8-h1 diagonal (f5 d6 c3 d3 c4 becomes d3 c5 f6 f5 e6).
    for sq in ["d3", "c5", "f6", "f5", "e6"] {
        practice
            .play(Move::Place(Square::parse(sq).unwrap()))
            .unwrap();
    }
    assert_eq!(practice.opening_name().as_deref(), Some("Tiger"));
    let ggf = practice.ggf();
    assert!(ggf.contains("C[Opening: Tiger]"), "{ggf}");
    let back = parse_ggf(&ggf).expect("our own GGF reads back");
    assert_eq!(back.comment.as_deref(), Some("Opening: Tiger"));
    assert_eq!(back.game, *practice.game());
}

//! The Potential screen's model, driven without a terminal: every key of its table in
//! each state (placing, moving, a piece picked up, the computer thinking, game over,
//! a dialog open), the flows (placing, moving, undo, a new game, swapping sides, the
//! game-over summary, leaving), the computer's moves handed back with their tickets
//! (a stale one dropped), the window that follows the group and the axis labels.

use othello_tutor::potential::ai::{Level, SearchLimits};
use othello_tutor::potential::{Cell, Color, Phase, PotentialMove};
use othello_tutor::tutor::models::potential::{
    CURSOR_KEYS, ComputerMove, Dialog, POTENTIAL_KEYS, PotentialAction as A, PotentialScreen,
    PotentialShown, RULES_TITLE,
};
use othello_tutor::tutor::screen::{Effect, Mark, PotentialOptions, Ticket, footer};

/// The model, what its last action asked for besides the computer's move, and the
/// computer's move waited for when it is not run at once.
struct Driver {
    model: PotentialScreen,
    /// Effects other than the computer's move, from the last action.
    asked: Vec<Effect<ComputerMove>>,
    /// Whether the computer's moves are searched and handed back at once.
    auto: bool,
    /// The computer's move asked for and not handed back (when not `auto`).
    pending: Option<(Ticket, ComputerMove)>,
}

impl Driver {
    fn new(options: PotentialOptions, auto: bool) -> Driver {
        let model = PotentialScreen::new(&options).expect("a game in range");
        let mut d = Driver {
            model,
            asked: Vec::new(),
            auto,
            pending: None,
        };
        let e = d.model.start();
        d.run(e);
        d
    }

    fn run(&mut self, effects: Vec<Effect<ComputerMove>>) {
        self.asked.clear();
        let mut queue = effects;
        while !queue.is_empty() {
            let mut next = Vec::new();
            for e in queue {
                match e {
                    Effect::Run(ticket, task) if self.auto => {
                        let mv = task.run(None);
                        next.extend(self.model.finished(ticket, mv));
                    }
                    Effect::Run(ticket, task) => self.pending = Some((ticket, task)),
                    other => self.asked.push(other),
                }
            }
            queue = next;
        }
    }

    fn act(&mut self, action: A) {
        let e = self.model.act(action);
        self.run(e);
    }

    fn click(&mut self, x: i16, y: i16) {
        let e = self.model.click(Cell::new(x, y));
        self.run(e);
    }

    fn confirm(&mut self, yes: bool) {
        let e = self.model.confirmed(yes);
        self.run(e);
    }

    /// Hands `mv` back as the computer's move for the pending ticket.
    fn computer_plays(&mut self, mv: PotentialMove) {
        let (ticket, _) = self
            .pending
            .take()
            .expect("the computer's move is waited for");
        let e = self.model.finished(ticket, Some(mv));
        self.run(e);
    }

    fn verdict(&self) -> String {
        self.model.shown().verdict.line()
    }

    fn panel(&self) -> String {
        self.model.shown().panel.join("\n")
    }

    fn phase(&self) -> Phase {
        self.model.game().position().phase()
    }

    fn moves(&self) -> usize {
        self.model.game().moves().len()
    }
}

fn options(pieces: usize, opponent: Option<Level>, human: Color) -> PotentialOptions {
    PotentialOptions {
        pieces,
        human,
        opponent,
        limits: SearchLimits::nodes(2_000),
        seed: Some(7),
        plain: true,
    }
}

fn two_players(pieces: usize) -> Driver {
    Driver::new(options(pieces, None, Color::White), true)
}

/// Three a side on a line from 0,0 to the right: then White moves.
fn line_of_six() -> Driver {
    let mut d = two_players(3);
    for x in 0..6 {
        d.click(x, 0);
    }
    d
}

/// Three a side on the diagonal from 0,0: nobody can move, a draw.
fn diagonal_of_six() -> Driver {
    let mut d = two_players(3);
    for i in 0..6 {
        d.click(i, i);
    }
    d
}

fn place(c: (i16, i16)) -> PotentialMove {
    PotentialMove::Place(Cell::new(c.0, c.1))
}

/// The state as shown, with the dialog open.
fn seen(d: &Driver) -> (PotentialShown, Option<Dialog>) {
    (d.model.shown(), d.model.dialog())
}

#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    type Make = Box<dyn Fn() -> Driver>;
    let states: Vec<(&str, Make)> = vec![
        ("placing, two players", Box::new(|| two_players(3))),
        (
            "placing, a game in progress",
            Box::new(|| {
                let mut d = two_players(3);
                d.click(0, 0);
                d
            }),
        ),
        ("moving", Box::new(line_of_six)),
        (
            "a piece picked up",
            Box::new(|| {
                let mut d = line_of_six();
                d.click(0, 0);
                assert_eq!(d.model.selected(), Some(Cell::ORIGIN));
                d
            }),
        ),
        (
            "the computer thinking",
            Box::new(|| {
                let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), false);
                d.click(0, 0);
                assert!(d.model.thinking());
                d
            }),
        ),
        (
            "game over",
            Box::new(|| {
                let mut d = diagonal_of_six();
                d.confirm(false);
                d
            }),
        ),
        (
            "the summary open",
            Box::new(|| {
                let d = diagonal_of_six();
                assert_eq!(d.model.dialog(), Some(Dialog::Summary));
                d
            }),
        ),
        (
            "asked to leave",
            Box::new(|| {
                let mut d = two_players(3);
                d.click(0, 0);
                d.act(A::Leave);
                assert_eq!(d.model.dialog(), Some(Dialog::Leave));
                d
            }),
        ),
        (
            "the rules open",
            Box::new(|| {
                let mut d = two_players(3);
                d.act(A::Rules);
                d
            }),
        ),
    ];
    for (state, make) in &states {
        for binding in POTENTIAL_KEYS {
            let mut d = make();
            let before = seen(&d);
            let effects = d.model.act(binding.action);
            let after = seen(&d);
            assert!(
                !effects.is_empty() || before != after,
                "{state}: {:?} ({}) did nothing",
                binding.action,
                binding.keys_label()
            );
        }
    }
}

#[test]
fn placing_then_moving_with_the_cursor() {
    let mut d = two_players(3);
    // The first piece goes on 0,0: elsewhere it is refused, with the reason.
    d.act(A::Right);
    d.act(A::Select);
    assert!(d.verdict().starts_with("✗ Not allowed:"), "{}", d.verdict());
    assert_eq!(d.moves(), 0);
    d.act(A::Left);
    d.act(A::Select);
    assert_eq!(d.verdict(), "White played 0,0.");
    for x in 1..6 {
        d.act(A::Right);
        d.act(A::Select);
        assert_eq!(d.moves(), x as usize + 1);
    }
    assert_eq!(d.phase(), Phase::Moving);
    assert!(
        d.verdict()
            .ends_with("All pieces are down: White moves first."),
        "{}",
        d.verdict()
    );
    // 2,0 is White's, inside the line: bound.
    d.click(2, 0);
    assert!(d.verdict().contains("bound"), "{}", d.verdict());
    assert_eq!(d.model.selected(), None);
    // Black's piece is not White's to pick up.
    d.click(5, 0);
    assert!(d.verdict().contains("is Black's"), "{}", d.verdict());
    // White's end piece: its targets are marked, as many as the rules give.
    d.click(0, 0);
    let targets = d.model.game().position().targets_of(Cell::ORIGIN);
    assert!(!targets.is_empty());
    let grid = d.model.shown().grid;
    let marked: Vec<Cell> = grid
        .cells
        .iter()
        .flatten()
        .filter(|c| c.glyph() == '*')
        .map(|c| c.cell)
        .collect();
    let mut expected = targets.clone();
    expected.sort();
    let mut marked_sorted = marked.clone();
    marked_sorted.sort();
    assert_eq!(marked_sorted, expected);
    // Esc puts it back down; picking it up again and choosing a target plays it.
    d.act(A::Back);
    assert_eq!(d.model.selected(), None);
    assert_eq!(d.verdict(), "Put the piece on 0,0 back down.");
    d.click(0, 0);
    let to = targets[0];
    d.click(to.x, to.y);
    assert_eq!(d.moves(), 7);
    assert_eq!(d.verdict(), format!("White played 0,0-{to}."));
    assert!(
        d.panel().contains(&format!("Last: W 0,0-{to}")),
        "{}",
        d.panel()
    );
    // Undo takes back one move between two players.
    d.act(A::Undo);
    assert_eq!(d.moves(), 6);
    assert_eq!(d.verdict(), "Took back 1 move.");
}

#[test]
fn the_computer_replies_and_undo_takes_back_both_moves() {
    let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), true);
    d.act(A::Undo);
    assert_eq!(d.verdict(), "✗ Nothing to take back.");
    d.click(0, 0);
    assert_eq!(d.moves(), 2, "the computer replied");
    assert!(
        d.verdict().starts_with("The computer (Black) played"),
        "{}",
        d.verdict()
    );
    assert!(d.panel().contains("To move: White (you)"), "{}", d.panel());
    d.act(A::Undo);
    assert_eq!(d.moves(), 0);
    assert_eq!(d.verdict(), "Took back 2 moves.");
}

#[test]
fn a_computer_move_whose_ticket_is_stale_is_dropped() {
    let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), false);
    d.click(0, 0);
    let (old, task) = d.pending.take().expect("the computer's move is asked for");
    assert_eq!(task.position, *d.model.game().position());
    assert_eq!(d.model.wanted(), Some(old));
    let reply = task.run(None).expect("a reply");
    // Undo while it thinks: its move no longer fits the game.
    d.act(A::Undo);
    assert_eq!(d.model.wanted(), None);
    let effects = d.model.finished(old, Some(reply));
    assert!(effects.is_empty());
    assert_eq!(d.moves(), 0, "the stale reply was not played");
    // A new opponent while it thinks: a new ticket, and only its move is taken.
    d.click(0, 0);
    let (first, _) = d.pending.take().expect("asked");
    d.act(A::Opponent);
    let (second, task) = d.pending.take().expect("asked again, of the new level");
    assert_ne!(first, second);
    assert_eq!(task.level, Level::Search);
    let reply = task.run(None).expect("a reply");
    assert!(d.model.finished(first, Some(reply)).is_empty());
    assert_eq!(d.moves(), 1);
    let e = d.model.finished(second, Some(reply));
    d.run(e);
    assert_eq!(d.moves(), 2);
}

#[test]
fn a_failed_search_says_so_and_the_board_waits() {
    let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), false);
    d.click(0, 0);
    let (ticket, _) = d.pending.take().expect("asked");
    d.model.failed(ticket);
    assert!(!d.model.thinking());
    assert!(
        d.verdict().contains("The computer failed to find a move"),
        "{}",
        d.verdict()
    );
    d.click(1, 1);
    assert!(
        d.verdict().contains("u takes a move back"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.moves(), 1);
}

#[test]
fn swapping_sides_hands_the_move_to_the_computer() {
    let mut d = Driver::new(options(3, Some(Level::Random), Color::White), true);
    assert!(
        d.panel().contains("You White O, vs random"),
        "{}",
        d.panel()
    );
    d.act(A::SwapSides);
    assert_eq!(d.moves(), 1, "the computer opened as White");
    assert_eq!(d.model.game().moves()[0], (Color::White, place((0, 0))));
    assert!(d.panel().contains("You Black X"), "{}", d.panel());
    assert!(d.panel().contains("To move: Black (you)"), "{}", d.panel());
}

#[test]
fn a_new_game_asks_first_while_a_game_is_in_progress_and_takes_the_new_pieces() {
    let mut d = two_players(5);
    d.act(A::FewerPieces);
    assert_eq!(
        d.verdict(),
        "The next game will have 4 pieces per side (n starts it)."
    );
    d.click(0, 0);
    d.act(A::NewGame);
    assert!(matches!(
        d.asked.as_slice(),
        [Effect::Confirm { yes, .. }] if yes == "New game"
    ));
    d.confirm(false);
    assert_eq!(d.moves(), 1, "kept");
    d.act(A::NewGame);
    d.confirm(true);
    assert_eq!(d.moves(), 0);
    assert_eq!(d.model.game().position().pieces_per_side(), 4);
    assert_eq!(d.model.cursor(), Cell::ORIGIN);
    // No game in progress: no question.
    d.act(A::NewGame);
    assert!(d.asked.is_empty());
    assert!(d.verdict().starts_with("New game."), "{}", d.verdict());
}

#[test]
fn the_pieces_for_the_next_game_stay_in_the_rules_range() {
    let mut d = two_players(4);
    d.act(A::FewerPieces);
    d.act(A::FewerPieces);
    assert_eq!(
        d.verdict(),
        "✗ 3 pieces per side is the fewest a game can have."
    );
    for _ in 0..30 {
        d.act(A::MorePieces);
    }
    assert_eq!(
        d.verdict(),
        "✗ 25 pieces per side is the most a game can have."
    );
    assert!(d.panel().contains("4 per side, next 25"), "{}", d.panel());
}

#[test]
fn the_game_over_summary_comes_once_and_again_after_undo() {
    let mut d = diagonal_of_six();
    assert_eq!(
        d.phase(),
        Phase::Over(othello_tutor::potential::GameResult::DRAW)
    );
    let [Effect::Confirm { text, yes, no }] = d.asked.as_slice() else {
        panic!("the summary: {:?}", d.asked);
    };
    assert!(text.contains("Nobody could move: a draw."), "{text}");
    assert!(text.contains("6 placements, 0 moves"), "{text}");
    assert_eq!(
        (yes.as_str(), no.as_str()),
        ("New game", "Look at the board")
    );
    d.confirm(false);
    assert_eq!(d.model.dialog(), None);
    assert!(d.panel().contains("Result: Draw"), "{}", d.panel());
    d.act(A::Select);
    assert!(d.verdict().contains("The game is over"), "{}", d.verdict());
    // Changing the opponent does not bring the summary back.
    d.act(A::Opponent);
    assert!(d.asked.is_empty());
    // Back to two players (random, greedy, search, two players).
    for _ in 0..3 {
        d.act(A::Opponent);
    }
    assert!(d.panel().contains("Two players"), "{}", d.panel());
    // Undo reopens the game; the same placement ends it, and the summary is offered.
    d.act(A::Undo);
    assert_eq!(d.phase(), Phase::Placing);
    assert_eq!(d.moves(), 5);
    d.click(5, 5);
    assert_eq!(d.model.dialog(), Some(Dialog::Summary));
    d.confirm(true);
    assert_eq!(d.moves(), 0, "a new game");
}

#[test]
fn the_summary_waits_for_an_open_question() {
    // The computer (Black) places on the diagonal; its last piece ends the game while
    // the learner is asked whether to leave.
    let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), false);
    d.click(0, 0);
    d.computer_plays(place((1, 1)));
    d.click(2, 2);
    d.computer_plays(place((3, 3)));
    d.click(4, 4);
    d.act(A::Leave);
    assert_eq!(d.model.dialog(), Some(Dialog::Leave));
    d.computer_plays(place((5, 5)));
    assert!(d.model.game().position().is_over());
    assert!(d.asked.is_empty(), "no second dialog: {:?}", d.asked);
    d.confirm(false);
    assert_eq!(d.model.dialog(), Some(Dialog::Summary));
    assert!(matches!(d.asked.as_slice(), [Effect::Confirm { .. }]));
}

#[test]
fn leaving_asks_only_while_a_game_is_in_progress() {
    let mut d = two_players(3);
    d.act(A::Back);
    assert!(matches!(d.asked.as_slice(), [Effect::Close]));
    let mut d = Driver::new(options(3, Some(Level::Greedy), Color::White), false);
    d.click(0, 0);
    d.act(A::Leave);
    assert!(matches!(d.asked.as_slice(), [Effect::Confirm { yes, .. }] if yes == "Leave"));
    d.act(A::Undo);
    assert!(
        d.verdict().starts_with("✗ Answer the question first"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.moves(), 1, "nothing taken back behind the question");
    d.confirm(true);
    assert!(matches!(d.asked.as_slice(), [Effect::Close]));
    assert_eq!(
        d.model.wanted(),
        None,
        "the computer's search is no longer waited for"
    );
}

#[test]
fn the_rules_open_and_close() {
    let mut d = two_players(3);
    d.act(A::Rules);
    let [Effect::Show { title, text }] = d.asked.as_slice() else {
        panic!("{:?}", d.asked);
    };
    assert_eq!(title, RULES_TITLE);
    assert!(text.contains("POTENTIAL"), "{text}");
    assert_eq!(d.model.dialog_note(), None);
    d.act(A::Select);
    assert_eq!(d.verdict(), "✗ Close the rules first: Esc or q.");
    // The rules may hide the verdict line: they show the note themselves.
    assert_eq!(d.model.dialog_note(), Some(d.verdict()));
    assert_eq!(d.moves(), 0);
    d.model.rules_closed();
    assert_eq!(d.model.dialog(), None);
    assert_eq!(d.model.dialog_note(), None);
    d.act(A::Select);
    assert_eq!(d.moves(), 1);
}

#[test]
fn the_window_follows_the_cursor_and_the_group() {
    let mut d = two_players(12);
    d.model.resize(9, 5);
    assert_eq!(d.model.window().columns(), (-4..=4).collect::<Vec<i16>>());
    for _ in 0..6 {
        d.act(A::Right);
    }
    assert_eq!(d.model.cursor(), Cell::new(6, 0));
    assert!(d.model.window().contains(d.model.cursor()));
    assert_eq!(d.model.window().columns(), (-2..=6).collect::<Vec<i16>>());
    // A line leftwards: the window keeps the group and a margin in sight while they
    // fit (9 columns: 7 pieces), then centres on the group.
    d.click(0, 0);
    for x in 1..9 {
        d.click(-x, 0);
        let w = d.model.window();
        if x <= 6 {
            assert!(w.contains(Cell::new(-x - 1, 0)), "{x}: {:?}", w.columns());
            assert!(w.contains(Cell::new(1, 0)), "{x}: {:?}", w.columns());
        } else {
            assert_eq!(w.centre().x, -x / 2, "{x}: {:?}", w.columns());
        }
        assert!(w.contains(d.model.cursor()));
    }
    // The wheel scrolls; the cursor stays in sight.
    let top = d.model.window().rows()[0];
    d.model.scroll(3);
    assert_eq!(d.model.window().rows()[0], top + 3);
    assert!(d.model.window().contains(d.model.cursor()));
}

#[test]
fn the_x_labels_end_over_their_columns_and_never_touch() {
    let mut d = two_players(12);
    d.model.resize(15, 5);
    d.click(0, 0);
    for x in 1..16 {
        d.click(-x, 0);
    }
    let grid = d.model.shown().grid;
    assert!(grid.columns.iter().any(|&x| x <= -10), "{:?}", grid.columns);
    let line: Vec<char> = grid.column_labels().chars().collect();
    let row0 = grid
        .rows
        .iter()
        .position(|&y| y == 0)
        .expect("row 0 in sight");
    let cells: Vec<char> = grid
        .text()
        .lines()
        .nth(row0 + 1)
        .expect("row 0")
        .chars()
        .collect();
    let mut labelled = 0;
    let mut i = 0;
    while i < line.len() {
        if line[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && line[i] != ' ' {
            i += 1;
        }
        let token: String = line[start..i].iter().collect();
        let x: i16 = token
            .parse()
            .unwrap_or_else(|_| panic!("{token:?} in {line:?}"));
        let end = i - 1;
        let col = grid.columns.iter().position(|&c| c == x).expect("a column");
        assert_eq!(
            end,
            othello_tutor::tutor::models::potential::scene::glyph_column(col)
        );
        // The glyph under it is the piece on (x, 0): White on even x, Black on odd.
        let glyph = cells[end].to_ascii_uppercase();
        let expected = if !(-15..=0).contains(&x) {
            '+'
        } else if x % 2 == 0 {
            'O'
        } else {
            'X'
        };
        assert_eq!(glyph, expected, "under {x}: {}", grid.text());
        labelled += 1;
    }
    assert!(labelled >= 10, "{}", grid.text());
    // Two-character labels are all there.
    for x in grid.columns.iter().filter(|&&x| (-9..=99).contains(&x)) {
        assert!(
            grid.column_labels()
                .split_whitespace()
                .any(|t| t == x.to_string()),
            "{x} is labelled"
        );
    }
}

#[test]
fn the_footer_and_the_help_come_from_the_table() {
    let text = footer(CURSOR_KEYS, POTENTIAL_KEYS, 76);
    for b in POTENTIAL_KEYS.iter().filter(|b| !b.footer.is_empty()) {
        let entry = format!("{} {}", b.keys_label(), b.footer);
        assert!(text.contains(&entry), "{entry}\n{text}");
    }
    let help = othello_tutor::ui::help::text_for(othello_tutor::tutor::screen::ScreenId::Potential);
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for b in POTENTIAL_KEYS {
        let line = format!("{} {}", b.keys_label(), b.help);
        assert!(words.contains(&line), "{line}\n{help}");
    }
    assert!(words.contains("never splitting the group"), "{help}");
    // No key is bound twice.
    let mut keys: Vec<_> = POTENTIAL_KEYS.iter().flat_map(|b| b.keys.iter()).collect();
    let n = keys.len();
    keys.sort_by_key(|k| format!("{k:?}"));
    keys.dedup();
    assert_eq!(keys.len(), n);
}

#[test]
fn a_refusal_is_marked_wrong_and_a_move_is_not() {
    let mut d = two_players(3);
    d.click(3, 3);
    assert_eq!(d.model.shown().verdict.mark, Mark::Wrong);
    d.click(0, 0);
    assert_eq!(d.model.shown().verdict.mark, Mark::Info);
}

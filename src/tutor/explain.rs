//! Why a move is good or bad, in the strategy texts' vocabulary, from engine facts:
//! corners taken or given, X- and C-squares next to empty corners, frontier discs
//! flipped, quiet moves, mobility before and after for both sides, wedges and
//! unbalanced edges, stable discs, the parity of the region played in, passes.

use crate::engine::bits::{CORNER_NEIGHBOURS, CORNERS, EDGES};
use crate::engine::features::{
    frontier_flips, is_wedge, region_of, stable_discs, unbalanced_edges,
};
use crate::engine::{Color, Position, Square, SquareSet};
use crate::tutor::facts::{Claim, Fact};

/// The facts about one move, all computed by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// Who plays.
    pub mover: Color,
    /// Where.
    pub square: Square,
    /// Discs flipped.
    pub flipped: SquareSet,
    /// Flipped discs that were on the frontier (next to an empty square) after the move.
    pub frontier_flipped: SquareSet,
    /// Whether the move flips no frontier disc (a quiet move).
    pub quiet: bool,
    /// The corner taken, if the move is on a corner.
    pub takes_corner: Option<Square>,
    /// Corners the opponent can take right after the move but could not before.
    pub corners_given: Vec<Square>,
    /// The empty corner this X-square move stands next to.
    pub x_square_of: Option<Square>,
    /// The empty corner this C-square move stands next to.
    pub c_square_of: Option<Square>,
    /// The mover's legal moves before the move.
    pub own_moves_before: u32,
    /// The opponent's legal moves before the move (as if it were its turn).
    pub their_moves_before: u32,
    /// The opponent's legal moves after the move.
    pub their_moves_after: u32,
    /// The mover's legal moves after the move (as if it were its turn again).
    pub own_moves_after: u32,
    /// Whether the move is a wedge: on an edge, with both of its neighbours along the
    /// edge still the opponent's after the move ([`is_wedge`]).
    pub wedge: bool,
    /// Whether the move leaves the mover with an unbalanced edge it did not have.
    pub makes_unbalanced_edge: bool,
    /// The mover's stable discs before and after.
    pub stable_before: u32,
    /// The mover's stable discs after the move.
    pub stable_after: u32,
    /// Size of the empty region played in (before the move) and whether it was odd.
    pub region_size: u32,
    /// Empty squares left on the board after the move.
    pub empties_after: u32,
    /// Whether the opponent has to pass after the move.
    pub opponent_must_pass: bool,
    /// Whether the move ends the game.
    pub ends_game: bool,
    /// The opponent's discs left after the move (0: a wipe-out, the game over).
    pub their_discs_after: u32,
}

impl MoveFacts {
    /// Whether the region played in held an odd number of empty squares.
    pub fn odd_region(&self) -> bool {
        self.region_size % 2 == 1
    }
}

/// The facts of `sq` played in `pos`; `None` if the move is illegal.
pub fn move_facts(pos: &Position, sq: Square) -> Option<MoveFacts> {
    let board = pos.board;
    if !board.is_legal(sq) {
        return None;
    }
    let (p, o) = (board.player, board.opponent);
    let empty = board.empty();
    let after = board.play_unchecked(sq); // from the opponent's view
    let (np, no) = (after.opponent, after.player); // mover's discs, opponent's discs
    let flipped = board.flips(sq);
    let frontier = SquareSet(frontier_flips(&board, sq.bit()));
    let their_before = board.opponent_moves();
    let their_after = after.legal_moves();
    let corners_given: Vec<Square> = SquareSet(their_after.0 & !their_before.0 & CORNERS)
        .into_iter()
        .collect();
    let mut x_square_of = None;
    let mut c_square_of = None;
    for (corner, x, c) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            let corner_sq = Square::from_index_unchecked(corner.trailing_zeros());
            if sq.bit() & x != 0 {
                x_square_of = Some(corner_sq);
            }
            if sq.bit() & c != 0 {
                c_square_of = Some(corner_sq);
            }
        }
    }
    let wedge = is_wedge(p, o, sq.index());
    let makes_unbalanced_edge =
        sq.bit() & EDGES != 0 && unbalanced_edges(np, no) > unbalanced_edges(p, o);
    Some(MoveFacts {
        mover: pos.to_move,
        square: sq,
        flipped,
        frontier_flipped: frontier,
        quiet: frontier.is_empty(),
        takes_corner: (sq.bit() & CORNERS != 0).then_some(sq),
        corners_given,
        x_square_of,
        c_square_of,
        own_moves_before: board.legal_moves().len(),
        their_moves_before: their_before.len(),
        their_moves_after: their_after.len(),
        own_moves_after: after.opponent_moves().len(),
        wedge,
        makes_unbalanced_edge,
        stable_before: stable_discs(p, o).count_ones(),
        stable_after: stable_discs(np, no).count_ones(),
        region_size: region_of(empty, sq.bit()).count_ones(),
        empties_after: after.empty_count(),
        opponent_must_pass: after.must_pass(),
        ends_game: after.is_game_over(),
        their_discs_after: no.count_ones(),
    })
}

/// "a new foothold" for one frontier disc, "each a new foothold" for several.
pub(crate) fn footholds(n: u32) -> &'static str {
    if n == 1 {
        "a new foothold"
    } else {
        "each a new foothold"
    }
}

/// Square names separated by spaces ("a1 h8"), or "none".
pub(crate) fn square_list(set: SquareSet) -> String {
    if set.is_empty() {
        return "none".into();
    }
    set.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1 disc", "3 discs": a count with its noun in the right number.
pub(crate) fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What a sentence of [`describe`] speaks of, so that a caller that has already said
/// one of these things (a lesson's reason for a wrong answer) leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// The move takes a corner.
    CornerTaken,
    /// The move gives the opponent a corner.
    CornerGiven,
    /// The move is an X-square next to an empty corner.
    XSquare,
    /// The move is a C-square next to an empty corner.
    CSquare,
    /// The opponent's moves after it (or the pass, or the end of the game).
    Mobility,
    /// The move is a wedge.
    Wedge,
    /// The move makes an unbalanced edge.
    UnbalancedEdge,
    /// The frontier discs it flips, or that it is quiet.
    Frontier,
    /// The stable discs it gains.
    Stable,
    /// The parity of the region it plays into.
    Parity,
}

/// One sentence of [`describe`]: what it speaks of, whether it counts against the
/// move, and the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// What it speaks of.
    pub topic: Topic,
    /// Whether it names a drawback of the move (a corner given, an X- or C-square,
    /// more moves for the opponent, frontier discs flipped, an unbalanced edge, an
    /// even region).
    pub drawback: bool,
    /// The sentence.
    pub text: String,
    /// What it states, as claims on the board before the move (those after it name
    /// the move): [`crate::tutor::facts`] replays them.
    pub facts: Vec<Fact>,
}

/// The sentence on the stable discs the move gains, and its facts (`after` names a
/// claim on the board after the move); `None` when it gains none.
fn stable_gain(f: &MoveFacts, after: &impl Fn(Claim) -> Fact) -> Option<(String, Vec<Fact>)> {
    let gained = f
        .stable_after
        .checked_sub(f.stable_before)
        .filter(|&g| g > 0)?;
    Some((
        format!(
            "Gains {} (now {}).",
            plural(gained, "stable disc", "stable discs"),
            f.stable_after
        ),
        vec![
            Fact::now(Claim::Stable(f.mover, f.stable_before)),
            after(Claim::Stable(f.mover, f.stable_after)),
        ],
    ))
}

/// Short sentences on what the move does, the most important first.
pub fn describe(f: &MoveFacts) -> Vec<String> {
    describe_sentences(f).into_iter().map(|s| s.text).collect()
}

/// The sentences of [`describe`] with what each speaks of and the facts each states.
pub fn describe_sentences(f: &MoveFacts) -> Vec<Sentence> {
    let them = f.mover.opposite();
    let me = f.mover;
    let sq = f.square;
    let after = |claim: Claim| Fact {
        after: vec![sq],
        claim,
    };
    let mut out = Vec::new();
    let mut say = |topic: Topic, drawback: bool, text: String, facts: Vec<Fact>| {
        out.push(Sentence {
            topic,
            drawback,
            text,
            facts,
        })
    };
    if let Some(c) = f.takes_corner {
        say(
            Topic::CornerTaken,
            false,
            format!("Takes the {c} corner: a corner disc can never be flipped."),
            vec![Fact::now(Claim::CanMove(me, c))],
        );
    }
    if f.ends_game {
        // A finished game has no future: no corner to open, no footholds, no parity.
        let (text, mut facts) = if f.their_discs_after == 0 {
            (
                format!(
                    "Wipes out {them}: no {} disc is left, so the game ends and its result is final.",
                    them.name().to_lowercase()
                ),
                vec![after(Claim::Discs(them, 0))],
            )
        } else {
            ("Ends the game.".to_string(), Vec::new())
        };
        facts.push(after(Claim::GameOver));
        say(Topic::Mobility, false, text, facts);
        if let Some((text, facts)) = stable_gain(f, &after) {
            say(Topic::Stable, false, text, facts);
        }
        return out;
    }
    for c in &f.corners_given {
        say(
            Topic::CornerGiven,
            true,
            format!("Gives {them} the {c} corner."),
            vec![
                Fact::now(Claim::NoMove(them, *c)),
                after(Claim::CanMove(them, *c)),
            ],
        );
    }
    if let Some(c) = f.x_square_of {
        let given = f.corners_given.contains(&c);
        say(
            Topic::XSquare,
            true,
            if given {
                format!(
                    "{sq} is an X-square next to the empty {c} corner, and it opens that corner."
                )
            } else {
                format!(
                    "{sq} is an X-square next to the empty {c} corner: it can later open the corner for {them}."
                )
            },
            vec![after(Claim::Empty(c)), after(Claim::GoesOn)],
        );
    } else if let Some(c) = f.c_square_of {
        say(
            Topic::CSquare,
            true,
            format!(
                "{sq} is a C-square next to the empty {c} corner: risky unless the edge is safe."
            ),
            vec![after(Claim::Empty(c)), after(Claim::GoesOn)],
        );
    }
    if f.opponent_must_pass {
        say(
            Topic::Mobility,
            false,
            format!("After {sq} {them} has no move and must pass."),
            vec![after(Claim::MustPass(them))],
        );
    } else {
        let (after_n, before) = (f.their_moves_after, f.their_moves_before);
        let trend = match after_n.cmp(&before) {
            std::cmp::Ordering::Less => format!(" (down from {before})"),
            std::cmp::Ordering::Greater => format!(" (up from {before})"),
            std::cmp::Ordering::Equal => String::new(),
        };
        say(
            Topic::Mobility,
            after_n > before,
            format!(
                "After {sq} {them} has {}{trend}; you would have {}.",
                plural(after_n, "move", "moves"),
                f.own_moves_after
            ),
            vec![
                Fact::now(Claim::Moves(them, before)),
                after(Claim::Moves(them, after_n)),
                after(Claim::Moves(me, f.own_moves_after)),
            ],
        );
    }
    if f.wedge {
        say(
            Topic::Wedge,
            false,
            format!(
                "A wedge: {sq} sits between two {} discs on the edge and cannot be taken back along it.",
                them.name().to_lowercase()
            ),
            Vec::new(),
        );
    }
    if f.makes_unbalanced_edge {
        say(
            Topic::UnbalancedEdge,
            true,
            "Makes an unbalanced edge, which the opponent may attack.".into(),
            vec![after(Claim::GoesOn)],
        );
    }
    if f.quiet {
        say(
            Topic::Frontier,
            false,
            "A quiet move: it flips no frontier disc, so it opens few new squares.".into(),
            vec![Fact::now(Claim::FrontierFlips(sq, 0))],
        );
    } else {
        let n = f.frontier_flipped.len();
        say(
            Topic::Frontier,
            true,
            format!(
                "Flips {} on the frontier ({}), {} for {them}.",
                plural(n, "disc", "discs"),
                square_list(f.frontier_flipped),
                footholds(n)
            ),
            vec![Fact::now(Claim::FrontierFlips(sq, n)), after(Claim::GoesOn)],
        );
    }
    if let Some((text, facts)) = stable_gain(f, &after) {
        say(Topic::Stable, false, text, facts);
    }
    if f.empties_after <= 20 && f.region_size > 0 {
        let size = plural(f.region_size, "empty square", "empty squares");
        let facts = vec![Fact::now(Claim::Region(sq, f.region_size))];
        if f.odd_region() {
            say(
                Topic::Parity,
                false,
                format!("Plays into an odd region ({size}): parity favours moving there."),
                facts,
            );
        } else {
            say(
                Topic::Parity,
                true,
                format!(
                    "Plays into an even region ({size}): the opponent may get the last move there."
                ),
                facts,
            );
        }
    }
    out
}

/// The drawback a sentence of [`describe_sentences`] names, as a clause that can open
/// a longer sentence ("b8 is a C-square next to the empty a8 corner", "After b8 White
/// has 6 moves (up from 5)"); `None` when the sentence names no drawback.
pub fn drawback_clause(f: &MoveFacts, s: &Sentence) -> Option<String> {
    if !s.drawback {
        return None;
    }
    let (sq, them) = (f.square, f.mover.opposite());
    Some(match s.topic {
        Topic::CornerGiven => {
            let corners: Vec<String> = f.corners_given.iter().map(|c| c.to_string()).collect();
            let noun = if corners.len() == 1 {
                "corner"
            } else {
                "corners"
            };
            format!("{sq} gives {them} the {} {noun}", corners.join(" and "))
        }
        Topic::XSquare => format!(
            "{sq} is an X-square next to the empty {} corner",
            f.x_square_of?
        ),
        Topic::CSquare => format!(
            "{sq} is a C-square next to the empty {} corner",
            f.c_square_of?
        ),
        Topic::Mobility => format!(
            "After {sq} {them} has {} (up from {})",
            plural(f.their_moves_after, "move", "moves"),
            f.their_moves_before
        ),
        Topic::UnbalancedEdge => format!("{sq} makes an unbalanced edge"),
        Topic::Frontier => format!(
            "{sq} flips {} ({})",
            plural(f.frontier_flipped.len(), "frontier disc", "frontier discs"),
            square_list(f.frontier_flipped)
        ),
        Topic::Parity => format!(
            "{sq} plays into an even region ({})",
            plural(f.region_size, "empty square", "empty squares")
        ),
        Topic::CornerTaken | Topic::Wedge | Topic::Stable => return None,
    })
}

/// The sentences for `sq` in `pos`, or one sentence saying why it is illegal.
///
/// ```
/// use othello_tutor::engine::{Position, Square};
/// use othello_tutor::tutor::explain::explain_move;
///
/// let start = Position::start();
/// let why = explain_move(&start, Square::parse("f5").unwrap());
/// assert!(why.iter().any(|l| l.starts_with("After f5 White has 3 moves (down from 4)")), "{why:?}");
/// let illegal = explain_move(&start, Square::parse("a1").unwrap());
/// assert_eq!(
///     illegal,
///     ["a1 flips nothing: it does not flank any white disc in a straight line."]
/// );
/// ```
pub fn explain_move(pos: &Position, sq: Square) -> Vec<String> {
    match move_facts(pos, sq) {
        Some(f) => describe(&f),
        None => vec![illegal_reason(pos, sq)],
    }
}

/// Why a square is not a legal placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The square holds a disc.
    #[error("{0} is already occupied.")]
    Occupied(Square),
    /// The side to move has no legal move at all.
    #[error("{0} has no legal move and must pass.")]
    MustPass(Color),
    /// A disc there would flank no disc of the opponent.
    #[error(
        "{square} flips nothing: it does not flank any {} disc in a straight line.",
        .opponent.name().to_lowercase()
    )]
    FlipsNothing {
        /// The square.
        square: Square,
        /// The colour of the discs it would have to flank.
        opponent: Color,
    },
}

impl Illegal {
    /// Why `sq` is not legal in `pos` (assuming it is not).
    pub fn of(pos: &Position, sq: Square) -> Illegal {
        if pos.disc_at(sq).is_some() {
            Illegal::Occupied(sq)
        } else if pos.legal_moves().is_empty() {
            Illegal::MustPass(pos.to_move)
        } else {
            Illegal::FlipsNothing {
                square: sq,
                opponent: pos.to_move.opposite(),
            }
        }
    }
}

/// Why a placement is illegal, in plain words.
pub fn illegal_reason(pos: &Position, sq: Square) -> String {
    Illegal::of(pos, sq).to_string()
}

/// The few facts that tell a played move from a better one (what the played move
/// does wrong, or what the better one does right), most telling first.
pub fn contrast(pos: &Position, played: Square, better: Square) -> Vec<String> {
    let (Some(a), Some(b)) = (move_facts(pos, played), move_facts(pos, better)) else {
        return Vec::new();
    };
    let them = pos.to_move.opposite();
    let mut out = Vec::new();
    if !a.corners_given.is_empty() && b.corners_given.is_empty() {
        let names: Vec<String> = a.corners_given.iter().map(|c| c.to_string()).collect();
        out.push(format!(
            "{played} gives {them} the {} corner; {better} does not.",
            names.join(" and ")
        ));
    }
    if b.takes_corner.is_some() && a.takes_corner.is_none() {
        out.push(format!("{better} takes a corner."));
    }
    if a.x_square_of.is_some() && b.x_square_of.is_none() && a.corners_given.is_empty() {
        out.push(format!("{played} is an X-square next to an empty corner."));
    }
    if b.opponent_must_pass && !a.opponent_must_pass {
        out.push(format!("{better} leaves {them} without a move."));
    }
    if a.their_moves_after >= b.their_moves_after + 2 {
        out.push(format!(
            "{played} leaves {them} {}, {better} only {}.",
            crate::tutor::text::count(a.their_moves_after as usize, "move"),
            b.their_moves_after
        ));
    }
    if a.frontier_flipped.len() >= b.frontier_flipped.len() + 2 {
        out.push(format!(
            "{played} flips {} frontier discs, {better} {}.",
            a.frontier_flipped.len(),
            b.frontier_flipped.len()
        ));
    }
    if b.stable_after >= a.stable_after + 2 {
        out.push(format!(
            "{better} ends with {} stable discs, {played} with {}.",
            b.stable_after, a.stable_after
        ));
    }
    if b.wedge && !a.wedge {
        out.push(format!("{better} is a wedge on the edge."));
    }
    if a.makes_unbalanced_edge && !b.makes_unbalanced_edge {
        out.push(format!("{played} makes an unbalanced edge."));
    }
    if a.empties_after <= 20 && b.odd_region() && !a.odd_region() {
        out.push(format!(
            "{better} plays into an odd region; {played} into an even one."
        ));
    }
    out
}

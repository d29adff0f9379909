//! The conversion of the raw serde types into the checked model: every field read,
//! every position and move checked by the rules, every error collected with its file,
//! step and field.

use super::error::{ContentError, Invalid, PositionProblem, Problem};
use super::model::{Check, FindMove, Lesson, Read, Setup, Step, StepHeader};
mod play_out;
mod question;

use super::EXACT_MAX_EMPTIES;
use super::raw::{RawLesson, RawStep, StepKind};
use super::setup::parse_setup;
use crate::engine::players::{MAX_LEVEL, Strategy};
use crate::engine::{Position, Square, SquareSet};
use crate::tutor::explain::Illegal;
use crate::tutor::facts::Fact;
use play_out::convert_play_out;
use question::convert_question;

impl Lesson {
    /// Reads and checks a lesson file; `file` names it in the errors. Returns every
    /// error found, not just the first.
    pub fn from_toml(file: &str, text: &str) -> Result<Lesson, Vec<ContentError>> {
        let raw: RawLesson = toml::from_str(text).map_err(|e| {
            let step = e.span().map(|span| step_at(text, span.start)).unwrap_or(0);
            let msg = e.to_string().trim_end().to_string();
            vec![ContentError::new(
                file,
                (step > 0).then_some(step),
                None,
                Problem::Toml(msg),
            )]
        })?;
        let mut errors = Vec::new();
        let id_ok = !raw.id.is_empty()
            && raw
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            errors.push(ContentError::new(
                file,
                None,
                Some("id"),
                Problem::Invalid(Invalid::BadId(raw.id.clone())),
            ));
        }
        if raw.title.trim().is_empty() {
            errors.push(ContentError::new(
                file,
                None,
                Some("title"),
                Problem::Invalid(Invalid::EmptyTitle),
            ));
        }
        if raw.step.is_empty() {
            errors.push(ContentError::new(
                file,
                None,
                Some("step"),
                Problem::Invalid(Invalid::NoSteps),
            ));
        }
        let mut steps = Vec::new();
        for (i, rs) in raw.step.into_iter().enumerate() {
            let mut ctx = StepCtx {
                file,
                step: i + 1,
                kind: rs.kind.name(),
                errors: &mut errors,
            };
            if let Some(step) = convert_step(rs, &mut ctx) {
                steps.push(step);
            }
        }
        if errors.is_empty() {
            Ok(Lesson {
                file: file.to_string(),
                id: raw.id,
                title: raw.title,
                order: raw.order,
                concepts: raw.concepts,
                summary: raw.summary,
                steps,
            })
        } else {
            Err(errors)
        }
    }
}

/// The step (1-based) whose `[[step]]` header comes last before byte `offset`.
fn step_at(text: &str, offset: usize) -> usize {
    let head = &text[..offset.min(text.len())];
    head.lines()
        .filter(|l| l.trim_start().starts_with("[[step]]"))
        .count()
}

/// Reads a player name: `greedy`, `static`, `mobility`, or `level1` … `level6`.
pub fn parse_opponent(text: &str) -> Option<Strategy> {
    match text.to_ascii_lowercase().as_str() {
        "greedy" => Some(Strategy::Greedy),
        "static" => Some(Strategy::StaticSquares),
        "mobility" => Some(Strategy::MobilityOnly),
        other => other
            .strip_prefix("level")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=MAX_LEVEL).contains(n))
            .map(Strategy::Engine),
    }
}

pub(super) struct StepCtx<'a> {
    file: &'a str,
    step: usize,
    kind: &'static str,
    errors: &'a mut Vec<ContentError>,
}

impl StepCtx<'_> {
    pub(super) fn err(&mut self, field: &str, problem: Problem) {
        self.errors.push(ContentError::new(
            self.file,
            Some(self.step),
            Some(field),
            problem,
        ));
    }

    pub(super) fn missing(&mut self, field: &str) {
        let kind = self.kind;
        self.err(field, Problem::Missing { kind });
    }

    pub(super) fn required<T>(&mut self, field: &str, v: Option<T>) -> Option<T> {
        if v.is_none() {
            self.missing(field);
        }
        v
    }

    pub(super) fn required_text(&mut self, field: &str, v: Option<String>) -> Option<String> {
        match v {
            Some(t) if t.trim().is_empty() => {
                self.err(field, Problem::Invalid(Invalid::EmptyText));
                None
            }
            Some(t) => Some(t),
            None => {
                self.missing(field);
                None
            }
        }
    }

    pub(super) fn square(&mut self, field: &str, text: &str) -> Option<Square> {
        match Square::parse(text.trim()) {
            Ok(sq) => Some(sq),
            Err(_) => {
                self.err(field, Problem::BadSquare(text.to_string()));
                None
            }
        }
    }

    pub(super) fn squares(
        &mut self,
        field: &str,
        list: Option<Vec<String>>,
    ) -> Option<Vec<Square>> {
        let list = list.unwrap_or_default();
        let mut out = Vec::new();
        let mut ok = true;
        for t in &list {
            match self.square(field, t) {
                Some(sq) => out.push(sq),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    pub(super) fn legal_move(&mut self, field: &str, pos: &Position, sq: Square) -> bool {
        if pos.board.is_legal(sq) {
            true
        } else {
            self.err(
                field,
                Problem::IllegalMove {
                    square: sq,
                    why: Illegal::of(pos, sq),
                },
            );
            false
        }
    }
}

fn check_unused(rs: &RawStep, ctx: &mut StepCtx) {
    let kind = rs.kind;
    for field in rs.present() {
        if !kind.fields().contains(&field) {
            ctx.err(field, Problem::NotUsed { kind: kind.name() });
        }
    }
}

fn convert_step(rs: RawStep, ctx: &mut StepCtx) -> Option<Step> {
    check_unused(&rs, ctx);
    let before = ctx.errors.len();
    let setup = match rs.position.as_deref() {
        Some(text) => match parse_setup(text) {
            Ok(s) => Some(s),
            Err(p) => {
                ctx.err("position", p);
                None
            }
        },
        None => None,
    };
    let highlight = ctx.squares("highlight", rs.highlight.clone());
    let step = match rs.kind {
        StepKind::Read => convert_read(rs, setup, highlight, ctx),
        StepKind::FindMove => convert_find_move(rs, setup, highlight, ctx),
        StepKind::Question => convert_question(rs, setup, highlight, ctx),
        StepKind::PlayOut => convert_play_out(rs, setup, highlight, ctx),
    };
    if ctx.errors.len() > before {
        None
    } else {
        step
    }
}

/// The side to move must be able to move (find-move and play-out steps).
pub(super) fn needs_moves(ctx: &mut StepCtx, setup: &Setup) -> bool {
    let pos = setup.position;
    if pos.is_game_over() {
        ctx.err(
            "position",
            Problem::IllegalPosition(PositionProblem::GameOver),
        );
        false
    } else if pos.must_pass() {
        ctx.err(
            "position",
            Problem::IllegalPosition(PositionProblem::MustPass(pos.to_move)),
        );
        false
    } else {
        true
    }
}

/// The shared header of an interactive step as read, each part `None` when it is
/// missing or wrong (its error is recorded): later checks still see the position.
pub(super) struct HeaderParts {
    pub(super) text: Option<String>,
    pub(super) setup: Option<Setup>,
    pub(super) highlight: Option<Vec<Square>>,
    pub(super) prompt: Option<String>,
    pub(super) hint_text: Option<String>,
    pub(super) explain: Option<String>,
    pub(super) facts: Option<Vec<Fact>>,
}

impl HeaderParts {
    /// Reads the position (required; with `needs_a_move` the side to move must be able
    /// to move), the prompt and the explanation (required), the text and the hint.
    pub(super) fn read(
        rs: &mut RawStep,
        setup: Option<Setup>,
        highlight: Option<Vec<Square>>,
        needs_a_move: bool,
        ctx: &mut StepCtx,
    ) -> HeaderParts {
        // A position that is given but unreadable has its own error already.
        let setup = if rs.position.is_none() {
            ctx.required("position", setup)
        } else {
            setup
        };
        if needs_a_move && let Some(s) = &setup {
            needs_moves(ctx, s);
        }
        let prompt = ctx.required_text("prompt", rs.prompt.take());
        let explain = ctx.required_text("explain", rs.explain.take());
        let facts = read_facts(rs.facts.take(), ctx);
        HeaderParts {
            text: rs.text.take(),
            setup,
            highlight,
            prompt,
            hint_text: rs.hint.take(),
            explain,
            facts,
        }
    }

    /// The header, if every required part is there.
    pub(super) fn build(self) -> Option<StepHeader> {
        Some(StepHeader {
            text: self.text,
            setup: self.setup?,
            highlight: self.highlight?,
            prompt: self.prompt?,
            hint_text: self.hint_text,
            explain: self.explain?,
            facts: self.facts?,
        })
    }
}

/// Reads the `facts` list (each a [`Fact`]); `None` when one cannot be read (its
/// error is recorded).
fn read_facts(list: Option<Vec<String>>, ctx: &mut StepCtx) -> Option<Vec<Fact>> {
    let mut out = Vec::new();
    let mut ok = true;
    for text in list.unwrap_or_default() {
        match text.parse::<Fact>() {
            Ok(f) => out.push(f),
            Err(e) => {
                ctx.err("facts", Problem::Fact(Box::new(e)));
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

fn convert_read(
    rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let text = ctx.required_text("text", rs.text);
    let facts = read_facts(rs.facts, ctx);
    let mut play = None;
    if let Some(p) = rs.play.as_deref() {
        match &setup {
            None => ctx.err("play", Problem::Invalid(Invalid::PlayWithoutPosition)),
            Some(s) => {
                if let Some(sq) = ctx.square("play", p)
                    && ctx.legal_move("play", &s.position, sq)
                {
                    play = Some(sq);
                }
            }
        }
    }
    Some(Step::Read(Read {
        text: text?,
        setup,
        highlight: highlight?,
        play,
        facts: facts?,
    }))
}

fn convert_find_move(
    mut rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let header = HeaderParts::read(&mut rs, setup, highlight, false, ctx);
    let setup = header.setup.as_ref();
    let check = ctx.required("check", rs.check);
    if let Some(c) = check
        && rs.tolerance.is_some()
        && !c.uses_values()
    {
        ctx.err("tolerance", Problem::Invalid(Invalid::ToleranceNotUsed(c)));
    }
    let tolerance = rs.tolerance.unwrap_or(0);
    if tolerance > 64 {
        ctx.err(
            "tolerance",
            Problem::Invalid(Invalid::ToleranceTooLarge(tolerance)),
        );
    }
    let moves_text = ctx.required("moves", rs.moves);
    let mut moves = SquareSet::EMPTY;
    if let (Some(setup), Some(list)) = (setup, &moves_text) {
        if needs_moves(ctx, setup) {
            if list.is_empty() {
                ctx.err("moves", Problem::Invalid(Invalid::NoAcceptedMoves));
            }
            for t in list {
                if let Some(sq) = ctx.square("moves", t)
                    && ctx.legal_move("moves", &setup.position, sq)
                {
                    if moves.contains(sq) {
                        ctx.err("moves", Problem::Invalid(Invalid::ListedTwice(sq)));
                    }
                    moves.0 |= sq.bit();
                }
            }
        }
        if check == Some(Check::Exact) && setup.position.board.empty_count() > EXACT_MAX_EMPTIES {
            ctx.err(
                "check",
                Problem::Invalid(Invalid::ExactTooManyEmpties(
                    setup.position.board.empty_count(),
                )),
            );
        }
    }
    Some(Step::FindMove(FindMove {
        header: header.build()?,
        check: check?,
        tolerance,
        moves,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_numbers_come_from_step_headers() {
        let text = "id = \"x\"\n[[step]]\nkind = \"read\"\n[[step]]\nkind = \"read\"\nbad = 1\n";
        let at = text.find("bad").unwrap_or(0);
        assert_eq!(step_at(text, at), 2);
    }

    #[test]
    fn constructed_positions_must_be_connected() {
        let mut board: Vec<char> = "-".repeat(64).chars().collect();
        for i in [27, 28, 35, 36] {
            board[i] = 'X';
        }
        board[0] = 'O';
        let line: String = board.iter().collect::<String>() + " X";
        let err = parse_setup(&line)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("a1 not connected"), "{err}");
    }
}

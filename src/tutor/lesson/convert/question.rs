//! The conversion of a question step: what is asked, of whom, the choices and the
//! stated answer.

use super::{HeaderParts, StepCtx};
use crate::engine::{Color, Square, SquareSet};
use crate::tutor::lesson::error::{Invalid, Problem};
use crate::tutor::lesson::model::Setup;
use crate::tutor::lesson::model::{Answer, Ask, Question, Step};
use crate::tutor::lesson::raw::RawStep;

pub(super) fn convert_question(
    mut rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let header = HeaderParts::read(&mut rs, setup, highlight, false, ctx);
    let setup = header.setup.as_ref();
    let ask = ctx.required("ask", rs.ask);
    let answer_raw = ctx.required("answer", rs.answer);
    let mut play = None;
    if let (Some(text), Some(s)) = (rs.mv.as_deref(), setup)
        && let Some(sq) = ctx.square("move", text)
        && ctx.legal_move("move", &s.position, sq)
    {
        play = Some(sq);
    }
    let mut choices = rs.choices.clone().unwrap_or_default();
    let mut answer = None;
    if let Some(ask) = ask {
        if matches!(ask, Ask::Flips | Ask::NextToMove) && rs.mv.is_none() {
            ctx.err(
                "move",
                Problem::Missing {
                    kind: "question step asking `flips` or `next-to-move`",
                },
            );
        }
        if ask.is_square_choice() && rs.mv.is_some() {
            ctx.err("move", Problem::Invalid(Invalid::PlaysNoMove(ask)));
        }
        if ask.needs_color() && rs.color.is_none() {
            ctx.err(
                "color",
                Problem::Missing {
                    kind: "question step asking about one colour's discs or score",
                },
            );
        }
        if rs.color.is_some() && !(ask.needs_color() || ask == Ask::LegalMoves) {
            ctx.err("color", Problem::Invalid(Invalid::NotAboutOneColour(ask)));
        }
        if ask.is_number() && rs.choices.is_some() {
            ctx.err("choices", Problem::Invalid(Invalid::NumberAnswer(ask)));
        }
        if let Some(fixed) = ask.fixed_choices() {
            if rs.choices.is_some() {
                ctx.err("choices", Problem::Invalid(Invalid::FixedChoices(ask)));
            }
            choices = fixed.iter().map(|s| s.to_string()).collect();
        }
        if ask.is_square_choice() {
            if choices.len() < 2 {
                ctx.err("choices", Problem::Invalid(Invalid::TooFewChoices(ask)));
            }
            if let Some(s) = setup {
                let mut seen = SquareSet::EMPTY;
                for c in choices.iter_mut() {
                    if let Some(sq) = ctx.square("choices", c)
                        && ctx.legal_move("choices", &s.position, sq)
                    {
                        if seen.contains(sq) {
                            ctx.err("choices", Problem::Invalid(Invalid::ListedTwice(sq)));
                        }
                        seen.0 |= sq.bit();
                        *c = sq.to_string();
                    }
                }
            }
        }
        if let Some(raw) = &answer_raw {
            if ask.is_number() {
                match raw.as_integer() {
                    Some(n) => answer = Some(Answer::Number(n)),
                    None => ctx.err(
                        "answer",
                        Problem::Invalid(Invalid::NotANumber {
                            ask,
                            given: raw.to_string(),
                        }),
                    ),
                }
            } else {
                match raw.as_str() {
                    Some(t) => match choices.iter().find(|c| c.eq_ignore_ascii_case(t.trim())) {
                        Some(c) => answer = Some(Answer::Choice(c.clone())),
                        None => ctx.err(
                            "answer",
                            Problem::Invalid(Invalid::NotAChoice {
                                given: t.to_string(),
                                choices: choices.clone(),
                            }),
                        ),
                    },
                    None => ctx.err(
                        "answer",
                        Problem::Invalid(Invalid::NotAString {
                            ask,
                            given: raw.to_string(),
                        }),
                    ),
                }
            }
        }
    }
    Some(Step::Question(Question {
        header: header.build()?,
        ask: ask?,
        color: rs.color.map(Color::from),
        play,
        choices,
        answer: answer?,
    }))
}

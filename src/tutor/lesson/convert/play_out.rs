//! The conversion of a play-out step: the goal and its numbers, and the opponent.

use super::{HeaderParts, StepCtx, parse_opponent};
use crate::engine::Square;
use crate::engine::players::{MAX_LEVEL, Strategy};
use crate::tutor::lesson::error::{Invalid, Problem};
use crate::tutor::lesson::model::Setup;
use crate::tutor::lesson::model::{Goal, PlayOut, Step};
use crate::tutor::lesson::raw::{GoalKind, RawStep};
use crate::tutor::lesson::{EXACT_MAX_EMPTIES, MAX_WITHIN};

pub(super) fn convert_play_out(
    mut rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let header = HeaderParts::read(&mut rs, setup, highlight, true, ctx);
    let setup = header.setup.as_ref();
    let goal_kind = ctx.required("goal", rs.goal);
    let opponent = match rs.opponent.as_deref() {
        None => Some(Strategy::Engine(MAX_LEVEL)),
        Some(t) => {
            let s = parse_opponent(t);
            if s.is_none() {
                ctx.err(
                    "opponent",
                    Problem::Invalid(Invalid::NotAPlayer(t.to_string())),
                );
            }
            s
        }
    };
    let mut goal = None;
    if let Some(kind) = goal_kind {
        let (wants_within, wants_max, wants_count, wants_margin) = match kind {
            GoalKind::Win => (false, false, false, true),
            GoalKind::TakeCorner => (true, false, false, false),
            GoalKind::LimitMobility => (true, true, false, false),
            GoalKind::Stable => (true, false, true, false),
        };
        let goal_name = match kind {
            GoalKind::Win => "win",
            GoalKind::TakeCorner => "take-corner",
            GoalKind::LimitMobility => "limit-mobility",
            GoalKind::Stable => "stable",
        };
        for (field, wanted, present) in [
            ("within", wants_within, rs.within.is_some()),
            ("max", wants_max, rs.max.is_some()),
            ("count", wants_count, rs.count.is_some()),
            ("margin", wants_margin, rs.margin.is_some()),
        ] {
            if present && !wanted {
                ctx.err(field, Problem::Invalid(Invalid::NotUsedByGoal(goal_name)));
            } else if wanted && !present && field != "margin" {
                ctx.err(
                    field,
                    Problem::Missing {
                        kind: match kind {
                            GoalKind::TakeCorner => "play-out step with a take-corner goal",
                            GoalKind::LimitMobility => "play-out step with a limit-mobility goal",
                            _ => "play-out step with a stable goal",
                        },
                    },
                );
            }
        }
        if let Some(w) = rs.within
            && !(1..=MAX_WITHIN).contains(&w)
        {
            ctx.err(
                "within",
                Problem::Invalid(Invalid::OutOfRange {
                    value: i64::from(w),
                    max: i64::from(MAX_WITHIN),
                }),
            );
        }
        if let Some(m) = rs.margin
            && !(1..=64).contains(&m)
        {
            ctx.err(
                "margin",
                Problem::Invalid(Invalid::OutOfRange {
                    value: i64::from(m),
                    max: 64,
                }),
            );
        }
        if let Some(c) = rs.count
            && !(1..=64).contains(&c)
        {
            ctx.err(
                "count",
                Problem::Invalid(Invalid::OutOfRange {
                    value: i64::from(c),
                    max: 64,
                }),
            );
        }
        if kind == GoalKind::Win
            && let Some(s) = setup
            && s.position.board.empty_count() > EXACT_MAX_EMPTIES
        {
            ctx.err(
                "goal",
                Problem::Invalid(Invalid::WinTooManyEmpties(s.position.board.empty_count())),
            );
        }
        let within = rs.within.unwrap_or(1);
        goal = Some(match kind {
            GoalKind::Win => Goal::Win {
                margin: rs.margin.unwrap_or(1),
            },
            GoalKind::TakeCorner => Goal::TakeCorner { within },
            GoalKind::LimitMobility => Goal::LimitMobility {
                max: rs.max.unwrap_or(0),
                within,
            },
            GoalKind::Stable => Goal::Stable {
                count: rs.count.unwrap_or(1),
                within,
            },
        });
    }
    Some(Step::PlayOut(PlayOut {
        header: header.build()?,
        goal: goal?,
        opponent: opponent?,
    }))
}

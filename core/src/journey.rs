//! Rules over the answers as a whole, sitting over [`flow`] (the order of the steps) and
//! [`validate`] (what one step needs), so neither of those has to know the other: where a
//! deep link may land, which steps still need an answer before submit, and whether step 8
//! should bring back saved answers.

use crate::constants::RESTORE_BELOW_ANSWERED;
use crate::validate::{validate_step, FieldError};
use crate::{flow, Answers, StepId};
use serde::Serialize;

/// The errors of one step, for [`validate_all`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct StepErrors {
    pub step: StepId,
    pub errors: Vec<FieldError>,
}

/// The step a deep link to `target` may show: `target` itself when every step before it on
/// the route is answered, else the first step on the route that needs an answer. A target
/// the route does not pass (4a after "Not Yet") leads to the first unanswered step, or 8.
pub fn reachable_step(target: StepId, answers: &Answers) -> StepId {
    for step in flow::route(answers) {
        if step == target || !validate_step(step, answers).is_empty() {
            return step;
        }
    }
    StepId::Eight
}

/// Every step on the answers' route that is not yet valid, in route order: before submit,
/// the first entry names the step to revisit. Empty when the answers are complete.
pub fn validate_all(answers: &Answers) -> Vec<StepErrors> {
    flow::route(answers)
        .into_iter()
        .map(|step| StepErrors {
            step,
            errors: validate_step(step, answers),
        })
        .filter(|step_errors| !step_errors.errors.is_empty())
        .collect()
}

/// Whether step 8 should restore the saved answers: it was reached with fewer than seven.
pub fn should_restore_answers(answers: &Answers) -> bool {
    answers.answered_count() < RESTORE_BELOW_ANSWERED
}

//! The flow of the survey (spec section 4), step by step: which step comes next, what Back
//! does, the route the answers take, progress, and the thank-you page a response ends on.
//! Rules over the answers as a whole (deep links, validate all) are in [`crate::journey`].

use crate::choices::ThankYouType;
use crate::constants::{PROGRESS_STEPS, REPEAT_VISIT_WINDOW_MS};
use crate::{Answers, StepId};
use serde::Serialize;

/// Where Next leads: another step, or the submission (after step 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forward {
    Step(StepId),
    Submit,
}

/// Where Back leads: another step, or the hero page (from step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backward {
    Step(StepId),
    Home,
}

impl Forward {
    /// The JS form: a step id or `"submit"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Step(step) => step.as_str(),
            Self::Submit => "submit",
        }
    }
}

impl Backward {
    /// The JS form: a step id or `"home"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Step(step) => step.as_str(),
            Self::Home => "home",
        }
    }
}

/// The step after `step` (spec "Forward flow"): 3 branches on Yes, 4b on Other.
pub fn next_step(step: StepId, answers: &Answers) -> Forward {
    use StepId::*;
    Forward::Step(match step {
        One => Two,
        Two => Three,
        Three if answers.said_completed() => FourA,
        Three => FourB,
        FourA => FiveA,
        FourB if answers.chose_other_reason() => FourBOther,
        FourB | FourBOther => FiveB,
        FiveA | FiveB => Six,
        Six => Seven,
        Seven => Eight,
        Eight => return Forward::Submit,
    })
}

/// The step Back leads to (spec "Back flow"). As the spec says, 5b goes back to 4b even when
/// 4b-other was passed: 4b shows Other chosen, and Next returns to the text box.
pub fn previous_step(step: StepId, answers: &Answers) -> Backward {
    use StepId::*;
    Backward::Step(match step {
        One => return Backward::Home,
        Two => One,
        Three => Two,
        FourA | FourB => Three,
        FourBOther => FourB,
        FiveA => FourA,
        FiveB => FourB,
        Six if answers.said_completed() => FiveA,
        Six => FiveB,
        Seven => Six,
        Eight => Seven,
    })
}

/// The steps the answers lead through, from 1 to 8, following [`next_step`].
pub fn route(answers: &Answers) -> Vec<StepId> {
    let mut steps = vec![StepId::One];
    // The journey has at most nine steps; the bound makes termination obvious.
    for _ in 0..StepId::ALL.len() {
        let Some(&last) = steps.last() else { break };
        match next_step(last, answers) {
            Forward::Step(step) => steps.push(step),
            Forward::Submit => break,
        }
    }
    steps
}

/// Progress bar fill for a step: its number over nine.
pub fn progress(step: StepId) -> f64 {
    f64::from(step.number()) / f64::from(PROGRESS_STEPS)
}

/// The thank-you page a submitted response ends on: completed when question 3 was Yes.
pub fn thank_you_type(answers: &Answers) -> ThankYouType {
    if answers.said_completed() {
        ThankYouType::Completed
    } else {
        ThankYouType::NotCompleted
    }
}

/// Which optional fields the answers reveal (spec "Conditional reveals").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Reveals {
    /// Question 5b Yes shows the email field.
    pub email: bool,
    /// Question 6 Yes shows the attachment picker.
    pub attachment: bool,
}

/// The reveals the answers call for.
pub fn reveals(answers: &Answers) -> Reveals {
    Reveals {
        email: answers.wants_reminder(),
        attachment: answers.consents_to_sharing(),
    }
}

/// The hero's Continue shortcut: the thank-you page to go straight to when a survey was
/// completed within the last 60 seconds (and not by Not Interested). Inputs are the raw
/// stored strings; anything unparsable, or a completion time in the future, means no shortcut.
pub fn repeat_visit_thank_you(
    now_ms: f64,
    survey_completed: Option<&str>,
    completion_time_ms: Option<&str>,
    last_thank_you_type: Option<&str>,
) -> Option<ThankYouType> {
    let window_ms = f64::from(REPEAT_VISIT_WINDOW_MS);
    if survey_completed != Some("true") {
        return None;
    }
    // Integer parsing: Date.now() is stored as whole milliseconds (and float parsing would
    // add kilobytes to the wasm).
    let completed_at: i64 = completion_time_ms?.trim().parse().ok()?;
    let elapsed = now_ms - completed_at as f64;
    if !elapsed.is_finite() || !(0.0..window_ms).contains(&elapsed) {
        return None;
    }
    match ThankYouType::parse(last_thank_you_type?)? {
        ThankYouType::NotInterested => None,
        shown => Some(shown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(question3: &str, question4b: &str) -> Answers {
        Answers {
            question3: Some(question3.into()),
            question4b: Some(question4b.into()),
            ..Answers::default()
        }
    }

    #[test]
    fn route_takes_the_yes_branch() {
        let ids: Vec<_> = route(&answers("Yes", ""))
            .iter()
            .map(|s| s.as_str())
            .collect();
        assert_eq!(ids, ["1", "2", "3", "4a", "5a", "6", "7", "8"]);
    }

    #[test]
    fn route_takes_the_other_branch() {
        let ids: Vec<_> = route(&answers("Not Yet", "Other"))
            .iter()
            .map(|s| s.as_str())
            .collect();
        assert_eq!(ids, ["1", "2", "3", "4b", "4b-other", "5b", "6", "7", "8"]);
    }

    #[test]
    fn shortcut_needs_all_three_flags_inside_the_window() {
        let ok = |now, t: &str, kind: &str| {
            repeat_visit_thank_you(now, Some("true"), Some(t), Some(kind))
        };
        assert_eq!(
            ok(1_000.0, "1000", "completed"),
            Some(ThankYouType::Completed)
        );
        assert_eq!(
            ok(60_999.0, "1000", "not-completed"),
            Some(ThankYouType::NotCompleted)
        );
        assert_eq!(ok(61_000.0, "1000", "completed"), None);
        assert_eq!(ok(999.0, "1000", "completed"), None);
        assert_eq!(ok(1_000.0, "1000", "not-interested"), None);
        assert_eq!(ok(1_000.0, "soon", "completed"), None);
        assert_eq!(
            repeat_visit_thank_you(1.0, None, Some("1"), Some("completed")),
            None
        );
    }
}

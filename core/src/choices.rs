//! The survey's closed answer lists. The stored value of a choice is its visible label, so the
//! labels here are the single source for the UI's options and the database's CHECKs
//! (`docs/CONTRACT.md`).

use serde::Serialize;

/// Declares an enum of choices with its labels, in display order.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $label:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($variant),+ }

        impl $name {
            /// Every choice with its label, in display order.
            pub const ALL: &'static [($name, &'static str)] = &[$(($name::$variant, $label)),+];

            /// The visible label, which is also the stored value.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }

            /// Parses a stored value; `None` for anything that is not exactly a label.
            pub fn parse(value: &str) -> Option<Self> {
                Self::ALL.iter().find(|(_, label)| *label == value).map(|(choice, _)| *choice)
            }

            /// The labels, in display order.
            pub fn labels() -> Vec<&'static str> {
                Self::ALL.iter().map(|(_, label)| *label).collect()
            }
        }
    };
}

choice!(
    /// Question 3: did the visitor complete the challenge?
    Completed { Yes => "Yes", NotYet => "Not Yet" }
);
choice!(
    /// Question 4a: discomfort while completing the challenge.
    Discomfort {
        TooComfortable => "Too Comfortable",
        Comfortable => "Comfortable",
        Neutral => "Neutral",
        Uncomfortable => "Uncomfortable",
        ReallyUncomfortable => "Really Uncomfortable",
    }
);
choice!(
    /// Question 4b: why the challenge was not completed.
    Reason {
        TooNervous => "I'm too nervous",
        NoTime => "I don't have time",
        NoBenefit => "I don't think it would benefit me",
        NotInterested => "I'm not interested",
        Other => "Other",
    }
);
choice!(
    /// Questions 5a, 5b and 6.
    YesNo { Yes => "Yes", No => "No" }
);
choice!(
    /// Question 8.
    Gender { Male => "Male", Female => "Female", NonBinary => "Non-Binary" }
);
choice!(
    /// The three thank-you pages, by their route ids.
    ThankYouType {
        Completed => "completed",
        NotCompleted => "not-completed",
        NotInterested => "not-interested",
    }
);
choice!(
    /// The cookie banner's stored choice (`cookiesAccepted`).
    CookieChoice { All => "true", Declined => "false", Necessary => "necessary" }
);

/// The option labels of every closed question, for the UI to render in this order.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Choices {
    pub question3: Vec<&'static str>,
    pub question4a: Vec<&'static str>,
    pub question4b: Vec<&'static str>,
    pub question5a: Vec<&'static str>,
    pub question5b: Vec<&'static str>,
    pub question6: Vec<&'static str>,
    pub gender: Vec<&'static str>,
}

/// Every closed question's options.
pub fn choices() -> Choices {
    Choices {
        question3: Completed::labels(),
        question4a: Discomfort::labels(),
        question4b: Reason::labels(),
        question5a: YesNo::labels(),
        question5b: YesNo::labels(),
        question6: YesNo::labels(),
        gender: Gender::labels(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_parse_back_and_near_misses_do_not() {
        for (choice, label) in Reason::ALL {
            assert_eq!(Reason::parse(label), Some(*choice));
        }
        assert_eq!(Completed::parse("yes"), None);
        assert_eq!(Completed::parse("Yes "), None);
        assert_eq!(
            Reason::parse("I’m too nervous"),
            None,
            "typographic apostrophe"
        );
    }
}

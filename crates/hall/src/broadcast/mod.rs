//! The round pushed to a Lichess broadcast (`annabella hall --push-lichess ROUND_ID`):
//! after every change of the round's PGN, at most once a second, every game goes to
//! `POST {URL}/api/broadcast/round/{ROUND_ID}/push` in requests of at most 100 games;
//! while the network is away the push is tried again with a doubling backoff; the
//! reply's per-game errors are reported (log and `--json`).
//!
//! [`pace`] decides when (pure, virtual time); [`lichess`] is the endpoint's part
//! (round id, token file, bodies, reply); `crate::push` is the thin HTTP shell (reqwest
//! over rustls with ring).

pub mod lichess;
pub mod pace;

use serde::Serialize;

use lichess::{GameError, PushSetupError, RoundId};

/// Where and as whom the round is pushed.
#[derive(Clone)]
pub struct PushSettings {
    /// The broadcast round.
    pub round: RoundId,
    /// The push URL.
    pub url: String,
    pub(crate) token: String,
}

impl std::fmt::Debug for PushSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushSettings")
            .field("round", &self.round)
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

impl PushSettings {
    /// The push of round `round` to the Lichess at `base`, with the token of
    /// `token_file`.
    ///
    /// # Errors
    /// A bad round id or URL; a token file that cannot be read, that others can read, or
    /// empty.
    pub fn new(
        base: &str,
        round: &str,
        token_file: &std::path::Path,
    ) -> Result<PushSettings, PushSetupError> {
        let round: RoundId = round.parse()?;
        let url = lichess::push_url(base, &round)?;
        let token = lichess::read_token(token_file)?;
        Ok(PushSettings { round, url, token })
    }
}

/// How the last push went (a `--json` line `{"news":"broadcast",…}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PushStatus {
    /// The broadcast round.
    pub round: String,
    /// Lichess took every request.
    pub delivered: bool,
    /// Games pushed.
    pub games: usize,
    /// Requests sent (at most 100 games each).
    pub requests: usize,
    /// The games Lichess did not take, and why (at most [`lichess::MAX_ERRORS`]).
    pub errors: Vec<GameError>,
    /// How many more games Lichess did not take than `errors` names.
    pub errors_left_out: usize,
    /// Why the push failed (no network, a refusal), if it did.
    pub problem: Option<String>,
    /// When the next try comes, if the push is tried again (ms).
    pub retry_in_ms: Option<u64>,
    /// Why the push failed, for the page to say in its language (`problem` keeps the
    /// log's words; not in JSON).
    #[serde(skip)]
    pub cause: Option<PushProblem>,
}

/// Why a push failed, as the hall page says it; what Lichess said stays as it came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushProblem {
    /// No connection to the server at the URL.
    Unreachable {
        /// The push URL.
        url: String,
    },
    /// The reply was longer than the cap and not read on (KiB).
    TooLong {
        /// The cap, KiB.
        kib: usize,
    },
    /// The reply broke off.
    BrokeOff,
    /// A reply that is not Lichess's.
    NotLichess,
    /// The server sends the push elsewhere: it is not followed.
    Redirected {
        /// The HTTP status.
        code: u16,
        /// Where to (its `Location`).
        to: String,
    },
    /// Lichess asks to slow down (429).
    SlowDown,
    /// A server error, and what the server said.
    ServerError {
        /// The HTTP status.
        code: u16,
        /// What it said.
        said: String,
    },
    /// Refused, and what Lichess said (401 and 403: the token; 404: the round id).
    Refused {
        /// The HTTP status.
        code: u16,
        /// What it said.
        said: String,
    },
}

impl PushProblem {
    /// The problem in `m`'s language (a part of the push line).
    pub fn words(&self, m: &annabella_phonetic::messages::Messages) -> String {
        let code = |c: &u16| ("code", c.to_string().into());
        match self {
            PushProblem::Unreachable { url } => {
                m.text("hall-push-why-unreachable", &[("url", url.clone().into())])
            }
            PushProblem::TooLong { kib } => {
                m.text("hall-push-why-too-long", &[("kib", (*kib).into())])
            }
            PushProblem::BrokeOff => m.text("hall-push-why-broke", &[]),
            PushProblem::NotLichess => m.text("hall-push-why-not-lichess", &[]),
            PushProblem::Redirected { code: c, to } => m.text(
                "hall-push-why-redirect",
                &[code(c), ("to", to.clone().into())],
            ),
            PushProblem::SlowDown => m.text("hall-push-why-slow-down", &[]),
            PushProblem::ServerError { code: c, said } => m.text(
                "hall-push-why-server",
                &[code(c), ("said", said.clone().into())],
            ),
            PushProblem::Refused { code: c, said } => {
                let id = match c {
                    401 | 403 => "hall-push-why-token",
                    404 => "hall-push-why-round",
                    _ => "hall-push-why-refused",
                };
                m.text(id, &[code(c), ("said", said.clone().into())])
            }
        }
    }
}

/// The hall page's line on the push in `m`'s language (empty when the hall does not
/// push); what Lichess said stays as it came, without control characters.
pub fn status_html(
    status: Option<&PushStatus>,
    m: &annabella_phonetic::messages::Messages,
) -> String {
    let Some(s) = status else {
        return String::new();
    };
    let clean = |t: &str| -> String { t.chars().filter(|c| !c.is_control()).collect() };
    let mut parts = if let Some(problem) = &s.problem {
        let again = s.retry_in_ms.map_or_else(
            || m.text("hall-push-stopped", &[]),
            |ms| {
                let seconds = ms.div_ceil(1000).to_string();
                m.text("hall-push-again", &[("seconds", seconds.into())])
            },
        );
        vec![
            m.text(
                "hall-push-failed",
                &[(
                    "problem",
                    clean(
                        &s.cause
                            .as_ref()
                            .map_or_else(|| problem.clone(), |c| c.words(m)),
                    )
                    .into(),
                )],
            ),
            again,
        ]
    } else {
        vec![m.text("hall-push-games", &[("count", s.games.into())])]
    };
    for e in &s.errors {
        parts.push(m.text(
            "hall-push-refused",
            &[
                ("board", e.board.to_string().into()),
                ("white", clean(&e.white).into()),
                ("black", clean(&e.black).into()),
                ("error", clean(&e.error).into()),
            ],
        ));
    }
    if s.errors_left_out > 0 {
        parts.push(m.text("hall-push-more", &[("count", s.errors_left_out.into())]));
    }
    let text = m.text(
        "hall-push-line",
        &[
            ("round", clean(&s.round).into()),
            ("text", parts.join("; ").into()),
        ],
    );
    format!(
        r#"<p id="broadcast" data-delivered="{}">{}</p>"#,
        s.delivered,
        annabella_board::escape(&text)
    )
}

/// The log's line for a push (the same line is not repeated).
pub(crate) fn tell(status: &PushStatus, failures: u32) -> String {
    let round = &status.round;
    if let Some(problem) = &status.problem {
        let again = status.retry_in_ms.map_or_else(
            || " (not sent again until the round changes)".to_owned(),
            |ms| format!(" (try {failures}; again in {} s)", ms.div_ceil(1000)),
        );
        return format!("hall: Lichess round {round}: push failed: {problem}{again}");
    }
    let mut line = format!("hall: Lichess round {round}: the round's games are pushed");
    for e in &status.errors {
        line.push_str(&format!(
            "; Lichess did not take board {} ({} - {}): {}",
            e.board, e.white, e.black, e.error
        ));
    }
    if status.errors_left_out > 0 {
        line.push_str(&format!(
            "; Lichess did not take {} more games",
            status.errors_left_out
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use annabella_phonetic::{Language, messages::Messages};

    fn status(problem: Option<&str>, retry_in_ms: Option<u64>) -> PushStatus {
        PushStatus {
            round: "abcd1234".into(),
            delivered: problem.is_none(),
            games: 4,
            requests: 1,
            errors: vec![GameError {
                board: "4".into(),
                white: "Anna\u{7}".into(),
                black: "Bella".into(),
                error: "refused".into(),
            }],
            errors_left_out: 2,
            problem: problem.map(str::to_owned),
            retry_in_ms,
            cause: None,
        }
    }

    #[test]
    fn the_push_line_speaks_the_halls_language() {
        let de = Messages::get(Language::De);
        assert_eq!(
            status_html(Some(&status(None, None)), de),
            "<p id=\"broadcast\" data-delivered=\"true\">Lichess-Übertragung, Runde abcd1234: \
             4 Partien übertragen; nicht angenommen: Brett 4 (Anna – Bella): refused; \
             2 weitere Partien nicht angenommen.</p>"
        );
        let failed = status_html(Some(&status(Some("no network"), Some(2500))), de);
        assert!(
            failed.contains("Übertragung fehlgeschlagen: no network; neuer Versuch in 3 s"),
            "{failed}"
        );
        let en = Messages::get(Language::En);
        let stopped = status_html(Some(&status(Some("refused"), None)), en);
        assert!(
            stopped.contains("push failed: refused; not sent again until the round changes"),
            "{stopped}"
        );
        for language in Language::ALL {
            let line = status_html(Some(&status(None, None)), Messages::get(language));
            assert!(!line.contains("hall-push"), "{language}: {line}");
        }
        assert_eq!(status_html(None, de), "");
    }

    #[test]
    fn why_a_push_failed_is_said_in_the_halls_language() {
        let causes = [
            PushProblem::Unreachable {
                url: "https://lichess.org/api/broadcast/round/abcd1234/push".into(),
            },
            PushProblem::TooLong { kib: 64 },
            PushProblem::BrokeOff,
            PushProblem::NotLichess,
            PushProblem::Redirected {
                code: 301,
                to: "https://elsewhere.example/".into(),
            },
            PushProblem::SlowDown,
            PushProblem::ServerError {
                code: 502,
                said: "Bad gateway".into(),
            },
            PushProblem::Refused {
                code: 401,
                said: "No such token".into(),
            },
            PushProblem::Refused {
                code: 404,
                said: "Not found".into(),
            },
            PushProblem::Refused {
                code: 400,
                said: "Bad PGN".into(),
            },
        ];
        for language in Language::ALL {
            let m = Messages::get(language);
            let mut seen = std::collections::BTreeSet::new();
            for cause in &causes {
                let mut s = status(Some("connection refused (os error 111)"), Some(2500));
                s.cause = Some(cause.clone());
                s.errors.clear();
                let line = status_html(Some(&s), m);
                assert!(
                    !line.contains("os error") && !line.contains("hall-push"),
                    "{line}"
                );
                if language != Language::En {
                    for english in ["refused", "reply", "slow down", "round id", "cannot"] {
                        assert!(!line.contains(english), "{language}: {line}");
                    }
                }
                seen.insert(cause.words(m));
            }
            assert_eq!(seen.len(), causes.len(), "{language}: {seen:?}");
        }
        let mut s = status(Some("refused, 401 Unauthorized: No such token"), None);
        s.cause = Some(causes[7].clone());
        assert!(
            status_html(Some(&s), Messages::get(Language::De)).contains(
                "Übertragung fehlgeschlagen: abgelehnt (401): No such token (Ist das API-Token \
                 gültig, mit study:write, und gehört Ihnen die Übertragung?)"
            ),
            "{}",
            status_html(Some(&s), Messages::get(Language::De))
        );
    }
}

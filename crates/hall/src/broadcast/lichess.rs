//! Lichess's broadcast push (`POST /api/broadcast/round/{id}/push`, OAuth2 scope
//! `study:write`): the round's id, the token file, the requests of at most
//! [`MAX_GAMES`] games, and the reply's per-game errors.

use std::path::Path;

use annabella_rules::printable_within;
use serde::{Deserialize, Serialize};

/// The most games one request may carry.
pub const MAX_GAMES: usize = 100;

/// The most bytes of a reply read (a longer one is not read on).
pub const MAX_REPLY: usize = 1024 * 1024;

/// The most per-game errors a push keeps (the rest are counted).
pub const MAX_ERRORS: usize = 10;

/// The most characters of one string from the server (a reason, a name) kept.
pub const MAX_TEXT: usize = 200;

/// The default Lichess.
pub const LICHESS: &str = "https://lichess.org";

/// What is wrong with the push's settings.
#[derive(Debug, thiserror::Error)]
pub enum PushSetupError {
    /// The round id is not Lichess's (8 letters and digits).
    #[error(
        "{0:?} is not a Lichess broadcast round id (8 letters and digits, the end of the round's URL)"
    )]
    RoundId(String),
    /// The token file cannot be read.
    #[error("token file {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// Other users may read the token file (its group or everyone).
    #[error(
        "token file {0}: other users of this machine can read it (mode {1:o}); `chmod 600 {0}` first"
    )]
    WorldReadable(String, u32),
    /// The token file holds no token.
    #[error("token file {0}: empty (put the Lichess API token with study:write on its first line)")]
    Empty(String),
    /// The Lichess URL is not an http(s) URL.
    #[error("{0:?} is not an http:// or https:// URL")]
    Url(String),
    /// The system's TLS roots cannot be read.
    #[error("TLS: {0}")]
    Roots(#[source] annabella_broker::tls::TlsSetupError),
    /// No TLS settings for plain `http://`.
    #[error("TLS: {0}")]
    Tls(#[source] rustls::Error),
    /// The HTTP client cannot be built.
    #[error("the HTTP client: {0}")]
    Client(#[source] reqwest::Error),
}

/// A broadcast round's id (8 letters and digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundId(String);

impl std::str::FromStr for RoundId {
    type Err = PushSetupError;

    fn from_str(s: &str) -> Result<RoundId, PushSetupError> {
        if s.len() == 8 && s.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(RoundId(s.to_owned()))
        } else {
            Err(PushSetupError::RoundId(s.to_owned()))
        }
    }
}

impl std::fmt::Display for RoundId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The API token: the first line of `path`, which no other user may read (neither its
/// group nor everyone).
///
/// # Errors
/// The file cannot be read, others can read it, or its first line is empty.
pub fn read_token(path: &Path) -> Result<String, PushSetupError> {
    let name = path.display().to_string();
    let unreadable = |e: std::io::Error| PushSetupError::Unreadable {
        path: name.clone(),
        reason: e.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(PushSetupError::WorldReadable(name, mode));
        }
    }
    let _ = meta;
    let text = std::fs::read_to_string(path).map_err(unreadable)?;
    let token = text.lines().next().unwrap_or_default().trim();
    if token.is_empty() {
        return Err(PushSetupError::Empty(name));
    }
    Ok(token.to_owned())
}

/// The push URL of `round` at `base` (`https://lichess.org`).
///
/// # Errors
/// `base` is not an http(s) URL.
pub fn push_url(base: &str, round: &RoundId) -> Result<String, PushSetupError> {
    let bad = || PushSetupError::Url(base.to_owned());
    let parsed = reqwest::Url::parse(base).map_err(|_| bad())?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(bad());
    }
    Ok(format!(
        "{}/api/broadcast/round/{round}/push",
        base.trim_end_matches('/')
    ))
}

/// The request bodies of a round: at most [`MAX_GAMES`] games each, separated by a blank
/// line.
pub fn bodies(games: &[String]) -> Vec<String> {
    games
        .chunks(MAX_GAMES)
        .map(|chunk| {
            let mut body = String::new();
            for g in chunk {
                body.push_str(g.trim_end());
                body.push_str("\n\n");
            }
            body
        })
        .collect()
}

/// One game of a push's reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushedGame {
    /// The game's tags as Lichess read them.
    pub tags: std::collections::BTreeMap<String, String>,
    /// The moves Lichess took.
    #[serde(default)]
    pub moves: Option<u64>,
    /// Why Lichess did not take the game, if it did not.
    #[serde(default)]
    pub error: Option<String>,
}

/// The reply of a push that Lichess took (HTTP 200).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PushReply {
    /// Every pushed game.
    pub games: Vec<PushedGame>,
}

/// A game Lichess did not take, for the log and `--json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameError {
    /// The game's `Board` tag (the hall's table).
    pub board: String,
    /// White, as tagged.
    pub white: String,
    /// Black, as tagged.
    pub black: String,
    /// Lichess's reason.
    pub error: String,
}

impl PushReply {
    /// The first `max` games Lichess did not take (each string printable and at most
    /// [`MAX_TEXT`] characters), and how many more it did not take.
    pub fn errors(&self, max: usize) -> (Vec<GameError>, usize) {
        let text = |t: &str| printable_within(t, MAX_TEXT);
        let tag = |g: &PushedGame, name: &str| text(g.tags.get(name).map_or("", String::as_str));
        let mut refused = self.games.iter().filter(|g| g.error.is_some());
        let kept = refused
            .by_ref()
            .take(max)
            .map(|g| GameError {
                board: tag(g, "Board"),
                white: tag(g, "White"),
                black: tag(g, "Black"),
                error: text(g.error.as_deref().unwrap_or_default()),
            })
            .collect();
        (kept, refused.count())
    }
}

/// The `error` of a refused push (HTTP 400 and others), or the body's start: printable,
/// at most [`MAX_TEXT`] characters.
pub fn refusal(body: &str) -> String {
    #[derive(Deserialize)]
    struct Refusal {
        error: String,
    }
    let said = serde_json::from_str::<Refusal>(body).map_or_else(|_| body.to_owned(), |r| r.error);
    printable_within(&said, MAX_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_ids_urls_and_token_files_are_checked() {
        assert!("aBc12345".parse::<RoundId>().is_ok());
        for bad in ["abc", "abc123456", "abc/1234", ""] {
            assert!(matches!(
                bad.parse::<RoundId>(),
                Err(PushSetupError::RoundId(b)) if b == bad
            ));
        }
        let round: RoundId = "aBc12345".parse().unwrap();
        assert_eq!(
            push_url("http://127.0.0.1:9/", &round).unwrap(),
            "http://127.0.0.1:9/api/broadcast/round/aBc12345/push"
        );
        assert!(push_url("ftp://x", &round).is_err());
        assert!(push_url("lichess.org", &round).is_err());

        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("token");
        std::fs::write(&file, "lip_secret\nrest\n").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let e = read_token(&file).unwrap_err().to_string();
        assert!(
            e.contains("other users of this machine can read it (mode 644)")
                && e.contains("chmod 600"),
            "{e}"
        );
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert!(
            matches!(
                read_token(&file),
                Err(PushSetupError::WorldReadable(_, 0o640))
            ),
            "the group may not read it either"
        );
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read_token(&file).unwrap(), "lip_secret");
        std::fs::write(&file, "\n").unwrap();
        assert!(matches!(read_token(&file), Err(PushSetupError::Empty(_))));
        let e = read_token(&dir.path().join("missing"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("missing"), "{e}");
    }

    #[test]
    fn a_round_goes_in_requests_of_at_most_a_hundred_games() {
        let games: Vec<String> = (0..250)
            .map(|i| format!("[Board \"{i}\"]\n\n1. e4 *\n"))
            .collect();
        let bodies = bodies(&games);
        let counts: Vec<usize> = bodies.iter().map(|b| b.matches("[Board").count()).collect();
        assert_eq!(counts, [100, 100, 50]);
        assert!(bodies[2].starts_with("[Board \"200\"]\n\n1. e4 *\n\n[Board \"201\"]"));
        assert!(super::bodies(&[]).is_empty());
    }

    #[test]
    fn the_replys_per_game_errors_are_named_by_board_and_players() {
        let reply: PushReply = serde_json::from_str(
            r#"{"games":[{"tags":{"White":"A","Black":"B","Board":"1"},"moves":7},
                {"tags":{"White":"C","Black":"D","Board":"2"},"error":"Illegal move"}]}"#,
        )
        .unwrap();
        assert_eq!(
            reply.errors(MAX_ERRORS),
            (
                vec![GameError {
                    board: "2".into(),
                    white: "C".into(),
                    black: "D".into(),
                    error: "Illegal move".into()
                }],
                0
            )
        );
        assert_eq!(
            refusal(r#"{"error":"Cannot parse moves"}"#),
            "Cannot parse moves"
        );
        assert_eq!(refusal("Bad gateway"), "Bad gateway");
    }

    #[test]
    fn a_hostile_replys_errors_are_capped_counted_and_printable() {
        let game = |i: usize| {
            serde_json::json!({"tags": {"Board": i.to_string(), "White": "W\u{1b}[2J",
                "Black": "x".repeat(5000)}, "error": "line\nannabella: hall: forged"})
        };
        let reply: PushReply = serde_json::from_value(
            serde_json::json!({"games": (0..500).map(game).collect::<Vec<_>>()}),
        )
        .unwrap();
        let (kept, left_out) = reply.errors(MAX_ERRORS);
        assert_eq!((kept.len(), left_out), (MAX_ERRORS, 490));
        assert_eq!(kept[0].white, "W\u{FFFD}[2J");
        assert_eq!(kept[0].black.chars().count(), MAX_TEXT + 1);
        assert_eq!(kept[0].error, "line annabella: hall: forged");
        assert_eq!(
            refusal(&format!("{{\"error\":\"{}\"}}", "y".repeat(9000)))
                .chars()
                .count(),
            MAX_TEXT + 1
        );
    }
}

//! The Board API's endpoints this crate uses, the host they go to ([`Origin`]) and the ids
//! that go into their paths ([`GameId`]), checked before they go into a URL.

use shakmaty::uci::UciMove;

/// The default Lichess.
pub const LICHESS: &str = "https://lichess.org";

/// What is wrong with the configured Lichess URL.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OriginError {
    /// Not a URL with a host.
    #[error("{0:?} is not a URL such as https://lichess.org")]
    NotUrl(String),
    /// Not `https://` (plain `http://` only to this machine, for tests).
    #[error("{0:?}: the token goes only over https:// (http:// only to 127.0.0.1 or localhost)")]
    NotHttps(String),
    /// A path, query, fragment or user name in the URL.
    #[error("{0:?}: only the scheme, host and port (no path, query or user)")]
    NotBare(String),
}

/// The one host the token is sent to: scheme, host and port, without a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    url: reqwest::Url,
}

impl Origin {
    /// The configured URL, checked.
    ///
    /// # Errors
    /// See [`OriginError`].
    pub fn parse(text: &str) -> Result<Origin, OriginError> {
        let url = reqwest::Url::parse(text).map_err(|_| OriginError::NotUrl(text.into()))?;
        let Some(host) = url.host_str() else {
            return Err(OriginError::NotUrl(text.into()));
        };
        let local = matches!(host, "127.0.0.1" | "localhost" | "[::1]");
        match url.scheme() {
            "https" => {}
            "http" if local => {}
            "http" => return Err(OriginError::NotHttps(text.into())),
            _ => return Err(OriginError::NotUrl(text.into())),
        }
        if !matches!(url.path(), "" | "/")
            || url.query().is_some()
            || url.fragment().is_some()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(OriginError::NotBare(text.into()));
        }
        Ok(Origin { url })
    }

    /// Whether the token goes over TLS.
    pub fn is_https(&self) -> bool {
        self.url.scheme() == "https"
    }

    /// Whether `url` is on this origin (same scheme, host and port).
    pub fn holds(&self, url: &reqwest::Url) -> bool {
        url.origin() == self.url.origin()
    }

    /// `path` (starting with `/`) on this origin.
    pub fn join(&self, path: &str) -> reqwest::Url {
        let mut url = self.url.clone();
        url.set_path(path);
        url
    }

    /// The game's page (`https://lichess.org/abcdefgh`), for the PGN's `Site`.
    pub fn game_url(&self, game: &GameId) -> String {
        self.join(&format!("/{game}")).to_string()
    }
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.url.as_str().trim_end_matches('/'))
    }
}

/// A Lichess game id: 8 letters and digits (the first 8 of a `fullId`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// `text` as a game id, if it is one (a longer `fullId` is cut to its game id).
    pub fn parse(text: &str) -> Option<GameId> {
        let ok = (text.len() == 8 || text.len() == 12)
            && text.bytes().all(|b| b.is_ascii_alphanumeric());
        ok.then(|| GameId(text[..8].to_owned()))
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seek's time control: minutes and seconds of increment (`"15+10"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeekClock {
    /// The clock's initial time in minutes (1 to 180).
    pub minutes: u32,
    /// The increment in seconds (0 to 180).
    pub increment: u32,
}

/// Why a seek's text is not a time control.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "{0:?} is not a seek's time control: minutes+increment such as \"15+10\" \
     (1 to 180 minutes, 0 to 180 seconds; the Board API plays rapid and classical)"
)]
pub struct SeekClockError(pub String);

impl std::str::FromStr for SeekClock {
    type Err = SeekClockError;

    fn from_str(s: &str) -> Result<SeekClock, SeekClockError> {
        let bad = || SeekClockError(s.to_owned());
        let (m, i) = s.trim().split_once('+').ok_or_else(bad)?;
        let minutes: u32 = m.trim().parse().map_err(|_| bad())?;
        let increment: u32 = i.trim().parse().map_err(|_| bad())?;
        if !(1..=180).contains(&minutes) || increment > 180 {
            return Err(bad());
        }
        Ok(SeekClock { minutes, increment })
    }
}

impl std::fmt::Display for SeekClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// One request of the Board API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    /// `GET /api/stream/event`: the account's games and challenges (NDJSON).
    EventStream,
    /// `POST /api/board/seek`: a rated real-time seek, open while the stream is.
    Seek(SeekClock),
    /// `GET /api/board/game/stream/{gameId}`: the game's state (NDJSON).
    GameStream(GameId),
    /// `POST /api/board/game/{gameId}/move/{move}`.
    Move {
        /// The game.
        game: GameId,
        /// The move (UCI, standard castling notation).
        uci: UciMove,
    },
    /// `POST /api/board/game/{gameId}/draw/{yes|false}`: offer or accept, or decline.
    Draw {
        /// The game.
        game: GameId,
        /// Yes or no.
        accept: bool,
    },
    /// `POST /api/board/game/{gameId}/takeback/{yes|false}`.
    Takeback {
        /// The game.
        game: GameId,
        /// Yes or no.
        accept: bool,
    },
    /// `POST /api/board/game/{gameId}/resign`.
    Resign(GameId),
    /// `POST /api/board/game/{gameId}/abort`.
    Abort(GameId),
    /// `POST /api/board/game/{gameId}/claim-victory`.
    ClaimVictory(GameId),
}

impl Endpoint {
    /// `GET` or `POST`.
    pub fn is_get(&self) -> bool {
        matches!(self, Endpoint::EventStream | Endpoint::GameStream(_))
    }

    /// The path (ids checked, so nothing in it needs escaping).
    pub fn path(&self) -> String {
        // The description's schema of {accept} is a boolean or "yes" (its text says
        // "no" declines; `false` is the schema's way of saying it).
        let yes_no = |b: bool| if b { "yes" } else { "false" };
        match self {
            Endpoint::EventStream => "/api/stream/event".into(),
            Endpoint::Seek(_) => "/api/board/seek".into(),
            Endpoint::GameStream(g) => format!("/api/board/game/stream/{g}"),
            Endpoint::Move { game, uci } => format!("/api/board/game/{game}/move/{uci}"),
            Endpoint::Draw { game, accept } => {
                format!("/api/board/game/{game}/draw/{}", yes_no(*accept))
            }
            Endpoint::Takeback { game, accept } => {
                format!("/api/board/game/{game}/takeback/{}", yes_no(*accept))
            }
            Endpoint::Resign(g) => format!("/api/board/game/{g}/resign"),
            Endpoint::Abort(g) => format!("/api/board/game/{g}/abort"),
            Endpoint::ClaimVictory(g) => format!("/api/board/game/{g}/claim-victory"),
        }
    }

    /// The form body (`application/x-www-form-urlencoded`), if the request has one.
    pub fn form(&self) -> Option<String> {
        match self {
            Endpoint::Seek(c) => Some(format!(
                "rated=true&time={}&increment={}",
                c.minutes, c.increment
            )),
            _ => None,
        }
    }

    /// Whether the reply is a stream read line by line (rather than one bounded body).
    pub fn is_stream(&self) -> bool {
        matches!(
            self,
            Endpoint::EventStream | Endpoint::GameStream(_) | Endpoint::Seek(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_goes_over_https_or_to_this_machine_only() {
        let o = Origin::parse("https://lichess.org").unwrap();
        assert_eq!(o.to_string(), "https://lichess.org");
        assert_eq!(
            o.join("/api/stream/event").as_str(),
            "https://lichess.org/api/stream/event"
        );
        assert!(o.holds(&"https://lichess.org/x".parse().unwrap()));
        assert!(!o.holds(&"https://lichess.org:444/x".parse().unwrap()));
        assert!(!o.holds(&"http://lichess.org/x".parse().unwrap()));
        assert!(!o.holds(&"https://evil.example/x".parse().unwrap()));
        assert!(Origin::parse("http://127.0.0.1:8080/").is_ok());
        for (bad, want) in [
            ("http://lichess.org", "only over https"),
            ("lichess.org", "not a URL"),
            ("ftp://lichess.org", "not a URL"),
            ("https://lichess.org/api", "no path"),
            ("https://me:pw@lichess.org", "no path"),
            ("https://lichess.org/?token=x", "no path"),
        ] {
            let e = Origin::parse(bad).unwrap_err().to_string();
            assert!(e.contains(want), "{bad}: {e}");
        }
    }

    #[test]
    fn ids_and_time_controls_are_checked_before_a_url_is_made() {
        assert_eq!(GameId::parse("abcd1234").unwrap().as_str(), "abcd1234");
        assert_eq!(GameId::parse("abcd1234WXYZ").unwrap().as_str(), "abcd1234");
        for bad in ["", "abc", "abcd/234", "abcd1234?", "../../x1"] {
            assert_eq!(GameId::parse(bad), None, "{bad}");
        }
        assert_eq!(
            "15+10".parse(),
            Ok(SeekClock {
                minutes: 15,
                increment: 10
            })
        );
        for bad in ["15", "0+5", "181+0", "15+181", "a+b", "-1+2"] {
            assert!(bad.parse::<SeekClock>().is_err(), "{bad}");
        }
        let g = GameId::parse("abcd1234").unwrap();
        let m = Endpoint::Move {
            game: g.clone(),
            uci: "e7e8q".parse().unwrap(),
        };
        assert_eq!(m.path(), "/api/board/game/abcd1234/move/e7e8q");
        assert_eq!(
            Endpoint::Draw {
                game: g.clone(),
                accept: false
            }
            .path(),
            "/api/board/game/abcd1234/draw/false"
        );
        assert_eq!(
            Endpoint::Seek("15+10".parse().unwrap()).form().unwrap(),
            "rated=true&time=15&increment=10"
        );
        let o = Origin::parse("https://lichess.org").unwrap();
        assert_eq!(o.game_url(&g), "https://lichess.org/abcd1234");
    }
}

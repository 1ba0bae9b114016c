//! The shell against a stand-in Lichess on 127.0.0.1 that checks every request and reply
//! against Lichess's OpenAPI description (`tests/data/lichess-board`): a game to mate, a
//! dropped game stream, a refused move, a 429, draws both ways, resignation, the opponent
//! gone and a victory claimed, a redirect off the host. The waits are short (the core's
//! own tests hold the real ones in virtual time).

use std::time::Duration;

use annabella_lichess_board::{Action, Event, Origin, Settings, Status, Timing, Token, shell};
use annabella_test_support::lichess::{self, Scripted, StandIn, World};
use shakmaty::Color;
use tokio::sync::mpsc;

struct Player {
    actions: mpsc::UnboundedSender<Action>,
    events: mpsc::UnboundedReceiver<Event>,
    seen: Vec<Event>,
    done: tokio::task::JoinHandle<()>,
}

fn timing() -> Timing {
    Timing {
        first_retry: Duration::from_millis(50),
        longest_retry: Duration::from_millis(200),
        rate_limited: Duration::from_millis(300),
        ..Timing::default()
    }
}

fn token() -> Token {
    Token::new(lichess::TOKEN, std::path::Path::new("test")).unwrap()
}

impl Player {
    fn join(server: &StandIn, seek: Option<&str>) -> Player {
        let settings = Settings {
            origin: Origin::parse(&server.url).unwrap(),
            seek: seek.map(|s| s.parse().unwrap()),
            timing: timing(),
        };
        let (actions, rx) = mpsc::unbounded_channel();
        let (tx, events) = mpsc::unbounded_channel();
        let done = tokio::spawn(async move {
            shell::run(settings, token(), rx, tx).await.unwrap();
        });
        Player {
            actions,
            events,
            seen: Vec::new(),
            done,
        }
    }

    /// The events up to the first that `want` matches (at most 30 s).
    async fn until(&mut self, what: &str, want: impl Fn(&Event) -> bool) -> Event {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            match tokio::time::timeout_at(deadline, self.events.recv()).await {
                Ok(Some(e)) => {
                    self.seen.push(e.clone());
                    if want(&e) {
                        return e;
                    }
                }
                other => panic!("no {what} ({other:?}); seen: {:#?}", self.seen),
            }
        }
    }

    fn act(&self, a: Action) {
        self.actions.send(a).unwrap();
    }

    fn play(&self, uci: &str) {
        self.act(Action::Move(uci.parse().unwrap()));
    }

    fn moves(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter_map(|e| match e {
                Event::Moved { ply, uci, .. } => Some(format!("{ply}:{uci}")),
                _ => None,
            })
            .collect()
    }

    async fn finished(self) -> Vec<Event> {
        tokio::time::timeout(Duration::from_secs(30), self.done)
            .await
            .expect("the shell ends with the game")
            .unwrap();
        self.seen
    }
}

/// Every request was the description's, with the token in its header and nowhere else.
fn clean(server: &StandIn) {
    server.with(|w| {
        assert_eq!(w.violations, Vec::<String>::new());
        assert!(!w.log.is_empty());
        for l in &w.log {
            let bearer = format!("Bearer {}", lichess::TOKEN);
            assert_eq!(l.authorization.as_deref(), Some(bearer.as_str()), "{l:?}");
            assert!(!l.path.contains(lichess::TOKEN) && !l.body.contains(lichess::TOKEN));
        }
    });
}

fn ended(e: &Event) -> bool {
    matches!(e, Event::Ended { .. })
}

#[tokio::test]
async fn a_seeked_game_to_mate_each_move_sent_once() {
    let mut world = World::new(Color::White);
    world.start_on_seek = true;
    world.replies = ["e7e5", "b8c6", "g8f6"].map(String::from).into();
    let server = StandIn::start(world).await;
    let mut p = Player::join(&server, Some("15+10"));
    let Event::Started(s) = p
        .until("the start", |e| matches!(e, Event::Started(_)))
        .await
    else {
        unreachable!()
    };
    assert_eq!(s.side, Color::White);
    assert_eq!(s.url, format!("{}/{}", server.url, lichess::GAME));
    assert_eq!(s.full.players.black.name, "Online-Opponent");
    assert_eq!(s.full.players.black.rating, Some(2034));
    assert_eq!(s.full.players.black.title.as_deref(), Some("FM"));
    assert!(s.full.rated);
    for (ply, mine) in [(2, "e2e4"), (4, "f1c4"), (6, "d1h5")] {
        p.play(mine);
        p.until(
            "the reply",
            |e| matches!(e, Event::Moved { ply: n, .. } if *n == ply),
        )
        .await;
    }
    p.play("h5f7");
    let end = p.until("the end", ended).await;
    assert_eq!(
        end,
        Event::Ended {
            status: Status::Mate,
            winner: Some(Color::White)
        }
    );
    assert_eq!(
        p.moves(),
        [
            "1:e2e4", "2:e7e5", "3:f1c4", "4:b8c6", "5:d1h5", "6:g8f6", "7:h5f7"
        ]
    );
    p.finished().await;
    assert_eq!(server.count("/move/"), 4);
    assert_eq!(server.count("/api/board/seek"), 1);
    clean(&server);
}

#[tokio::test]
async fn a_dropped_game_stream_is_resumed_without_a_move_twice_or_lost() {
    let server = StandIn::start(World::new(Color::Black)).await;
    let mut p = Player::join(&server, None);
    p.until("waiting", |e| {
        matches!(e, Event::Waiting { seeking: false })
    })
    .await;
    server.start_game();
    p.until("the start", |e| matches!(e, Event::Started(_)))
        .await;
    server.update(|g| g.play("e2e4").unwrap());
    p.until("1.e4", |e| matches!(e, Event::Moved { ply: 1, .. }))
        .await;
    p.play("e7e5");
    p.until("1…e5", |e| matches!(e, Event::Moved { ply: 2, .. }))
        .await;
    // The connection drops; White moves meanwhile.
    server.drop_game_streams();
    p.until("the drop", |e| matches!(e, Event::Interrupted { .. }))
        .await;
    server.update(|g| g.play("g1f3").unwrap());
    p.until("resumed", |e| matches!(e, Event::Resumed { plies: 2 }))
        .await;
    p.until("2.Nf3", |e| matches!(e, Event::Moved { ply: 3, .. }))
        .await;
    p.play("b8c6");
    p.until("2…Nc6", |e| matches!(e, Event::Moved { ply: 4, .. }))
        .await;
    assert_eq!(p.moves(), ["1:e2e4", "2:e7e5", "3:g1f3", "4:b8c6"]);
    assert!(server.count("/api/board/game/stream/") >= 2);
    p.act(Action::Resign);
    assert_eq!(
        p.until("the end", ended).await,
        Event::Ended {
            status: Status::Resign,
            winner: Some(Color::White)
        }
    );
    p.finished().await;
    clean(&server);
}

#[tokio::test]
async fn a_refused_move_is_told_a_429_waits_and_draws_go_both_ways() {
    let server = StandIn::start(World::new(Color::White)).await;
    server.start_game();
    let mut p = Player::join(&server, None);
    p.until("the start", |e| matches!(e, Event::Started(_)))
        .await;
    server.with(|w| {
        w.scripted.push_back(Scripted {
            path: "/move/".into(),
            status: 400,
            body: r#"{"error":"Not your turn, or game already over"}"#.into(),
            location: None,
        });
    });
    p.play("e2e4");
    let refused = p
        .until("the refusal", |e| matches!(e, Event::Refused { .. }))
        .await;
    assert_eq!(
        refused,
        Event::Refused {
            action: Action::Move("e2e4".parse().unwrap()),
            reason: "Not your turn, or game already over".into()
        }
    );
    // The opponent offers a draw; the player declines, after a 429.
    server.update(|g| g.draw[1] = true);
    p.until("the offer", |e| *e == Event::DrawOffered).await;
    server.with(|w| {
        w.scripted.push_back(Scripted {
            path: "/draw/".into(),
            status: 429,
            body: String::new(),
            location: None,
        });
    });
    p.act(Action::DeclineDraw);
    p.until("the 429", |e| {
        matches!(
            e,
            Event::Interrupted {
                rate_limited: true,
                ..
            }
        )
    })
    .await;
    p.until("declined", |e| *e == Event::Done(Action::DeclineDraw))
        .await;
    assert_eq!(
        server.count("/draw/"),
        2,
        "the same request once more after the wait"
    );
    assert_eq!(
        server.count("/move/"),
        1,
        "the refused move was not sent again"
    );
    // The player offers; the opponent accepts.
    p.play("d2d4");
    p.until("1.d4", |e| matches!(e, Event::Moved { ply: 1, .. }))
        .await;
    p.act(Action::OfferDraw);
    p.until("offered", |e| *e == Event::Done(Action::OfferDraw))
        .await;
    server
        .wait_until("the offer", |w| w.game.as_ref().is_some_and(|g| g.draw[0]))
        .await;
    server.update(|g| {
        g.status = "draw";
        g.draw = [false, false];
    });
    assert_eq!(
        p.until("the end", ended).await,
        Event::Ended {
            status: Status::Draw,
            winner: None
        }
    );
    p.finished().await;
    clean(&server);
}

#[tokio::test]
async fn the_opponent_gone_a_victory_is_claimed_and_no_redirect_leaves_the_host() {
    // Another origin that must never be reached.
    let elsewhere = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let elsewhere_url = format!("http://{}", elsewhere.local_addr().unwrap());
    let server = StandIn::start(World::new(Color::White)).await;
    server.start_game();
    let mut p = Player::join(&server, None);
    p.until("the start", |e| matches!(e, Event::Started(_)))
        .await;
    p.play("e2e4");
    p.until("1.e4", |e| matches!(e, Event::Moved { ply: 1, .. }))
        .await;
    server.update(|g| g.opponent_gone = true);
    server.game_line(
        serde_json::json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": 0}),
    );
    p.until("gone", |e| matches!(e, Event::OpponentGone { .. }))
        .await;
    p.until("claimable", |e| *e == Event::VictoryClaimable)
        .await;
    server.with(|w| {
        w.scripted.push_back(Scripted {
            path: "/claim-victory".into(),
            status: 307,
            body: String::new(),
            location: Some(format!(
                "{elsewhere_url}/api/board/game/{}/claim-victory",
                lichess::GAME
            )),
        });
    });
    p.act(Action::ClaimVictory);
    p.until("not followed", |e| {
        matches!(
            e,
            Event::Refused {
                action: Action::ClaimVictory,
                ..
            }
        )
    })
    .await;
    let reached = tokio::time::timeout(Duration::from_millis(200), elsewhere.accept()).await;
    assert!(reached.is_err(), "the redirect off the host was followed");
    p.act(Action::ClaimVictory);
    assert_eq!(
        p.until("the end", ended).await,
        Event::Ended {
            status: Status::Timeout,
            winner: Some(Color::White)
        }
    );
    p.finished().await;
    clean(&server);
}

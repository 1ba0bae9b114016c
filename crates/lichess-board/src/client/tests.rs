//! The client in virtual time: every wait (backoff, 429, silence, takeback, claim) without
//! a clock.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::*;
use crate::wire::Status;

const S: Duration = Duration::from_secs(1);

struct Harness {
    c: BoardClient,
    now: Duration,
}

fn settings(seek: Option<&str>) -> Settings {
    Settings {
        origin: Origin::parse("https://lichess.org").unwrap(),
        seek: seek.map(|s| s.parse().unwrap()),
        // Silence is tested on its own; elsewhere the streams never fall silent.
        timing: Timing {
            silence: Duration::from_secs(100_000),
            ..Timing::default()
        },
    }
}

fn state(moves: &str, extra: &str) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{moves}","wtime":600000,"btime":600000,"winc":0,"binc":0,"status":"started"{extra}}}"#
    )
}

fn full(moves: &str, extra: &str) -> String {
    format!(
        r#"{{"type":"gameFull","id":"abcd1234","rated":true,"variant":{{"key":"standard"}},"speed":"rapid","perf":{{"name":"Rapid"}},"createdAt":1,"white":{{"id":"vi","name":"Vi","rating":1500}},"black":{{"id":"opp","name":"Opp","rating":1600}},"initialFen":"startpos","clock":{{"initial":600000,"increment":0}},"state":{}}}"#,
        state(moves, extra)
    )
}

impl Harness {
    fn new(seek: Option<&str>) -> Harness {
        Harness {
            c: BoardClient::new(settings(seek)),
            now: Duration::ZERO,
        }
    }

    fn transmits(&mut self) -> Vec<Transmit> {
        std::iter::from_fn(|| self.c.poll_transmit()).collect()
    }

    fn events(&mut self) -> Vec<Event> {
        std::iter::from_fn(|| self.c.poll_event()).collect()
    }

    fn opened(&mut self) -> Vec<(StreamId, Endpoint)> {
        self.transmits()
            .into_iter()
            .filter_map(|t| match t {
                Transmit::Open { stream, endpoint } => Some((stream, endpoint)),
                _ => None,
            })
            .collect()
    }

    fn status(&mut self, stream: StreamId, code: u16) {
        self.c.handle(
            self.now,
            Input::Status {
                stream,
                code,
                body: String::new(),
            },
        );
    }

    fn line(&mut self, stream: StreamId, line: &str) {
        self.c.handle(
            self.now,
            Input::Bytes {
                stream,
                bytes: format!("{line}\n").into_bytes(),
            },
        );
    }

    fn at(&mut self, t: Duration) {
        self.now = t;
        self.c.handle_timeout(t);
    }

    /// Event stream open, game started as `side`, game stream open with `moves` so far.
    fn playing(side: &str, moves: &str) -> (Harness, StreamId, StreamId) {
        let mut h = Harness::new(None);
        let [(events, Endpoint::EventStream)] = &h.opened()[..] else {
            panic!("the event stream first")
        };
        let events = *events;
        h.status(events, 200);
        h.line(events, "");
        h.line(
            events,
            &format!(r#"{{"type":"gameStart","game":{{"gameId":"abcd1234","fullId":"abcd1234wxyz","color":"{side}"}}}}"#),
        );
        let [(game, Endpoint::GameStream(id))] = &h.opened()[..] else {
            panic!("the game stream")
        };
        assert_eq!(id.as_str(), "abcd1234");
        let game = *game;
        h.status(game, 200);
        h.line(game, &full(moves, ""));
        (h, events, game)
    }

    fn sent(&mut self) -> Vec<(RequestId, String)> {
        self.transmits()
            .into_iter()
            .filter_map(|t| match t {
                Transmit::Send { request, endpoint } => Some((request, endpoint.path())),
                _ => None,
            })
            .collect()
    }

    fn reply(&mut self, request: RequestId, code: u16, body: &str) {
        self.c.handle(
            self.now,
            Input::Replied {
                request,
                code,
                body: body.into(),
            },
        );
    }
}

fn moved(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { ply, uci, .. } => Some(format!("{ply}:{uci}")),
            _ => None,
        })
        .collect()
}

#[test]
fn a_game_to_mate_each_move_sent_once_and_told_once() {
    let (mut h, _, game) = Harness::playing("white", "");
    let events = h.events();
    assert!(matches!(&events[0], Event::Waiting { seeking: false }));
    let Event::Started(started) = &events[1] else {
        panic!("{events:?}")
    };
    assert_eq!(started.side, Color::White);
    assert_eq!(started.url, "https://lichess.org/abcd1234");
    assert_eq!(started.full.players.black.rating, Some(1600));
    // Fool's mate, the VI player as White.
    let mut played = String::new();
    for (mine, theirs) in [("f2f3", Some("e7e5")), ("g2g4", Some("d8h4"))] {
        h.c.act(h.now, Action::Move(mine.parse().unwrap()));
        let [(r, path)] = &h.sent()[..] else { panic!() };
        assert_eq!(path, &format!("/api/board/game/abcd1234/move/{mine}"));
        h.reply(*r, 200, r#"{"ok":true}"#);
        assert_eq!(h.events(), [], "the move is told when the stream has it");
        played = format!("{played} {mine}").trim().to_owned();
        h.line(game, &state(&played, ""));
        assert_eq!(moved(&h.events()).len(), 1);
        if let Some(t) = theirs {
            played = format!("{played} {t}");
            h.line(game, &state(&played, ""));
            let e = h.events();
            assert_eq!(moved(&e).len(), 1);
        }
    }
    h.line(
        game,
        &state(&played, r#","winner":"black""#).replace("started", "mate"),
    );
    assert_eq!(
        h.events(),
        [Event::Ended {
            status: Status::Mate,
            winner: Some(Color::Black)
        }]
    );
    let closes = h
        .transmits()
        .into_iter()
        .filter(|t| matches!(t, Transmit::Close { .. }))
        .count();
    assert_eq!(closes, 2, "both streams closed at the end");
    assert!(h.c.is_done());
    h.c.act(h.now, Action::Resign);
    assert!(
        matches!(&h.events()[..], [Event::Refused { reason, .. }] if reason == "the game is over")
    );
}

#[test]
fn a_dropped_game_stream_resumes_from_game_full_without_a_move_twice_or_lost() {
    let (mut h, _, game) = Harness::playing("black", "e2e4");
    assert_eq!(moved(&h.events()), ["1:e2e4"]);
    h.c.act(h.now, Action::Move("e7e5".parse().unwrap()));
    let [(r, _)] = &h.sent()[..] else { panic!() };
    h.reply(*r, 200, r#"{"ok":true}"#);
    // The stream drops before it tells the move.
    h.c.handle(h.now, Input::Closed { stream: game });
    assert_eq!(
        h.events(),
        [Event::Interrupted {
            retry_in: S,
            rate_limited: false
        }]
    );
    assert_eq!(h.opened(), []);
    assert_eq!(h.c.poll_timeout(), Some(S));
    h.at(S);
    let [(again, Endpoint::GameStream(_))] = &h.opened()[..] else {
        panic!()
    };
    let again = *again;
    // A late line of the dropped stream is not read.
    h.line(game, &state("e2e4 e7e5 g1f3 b8c6", ""));
    assert_eq!(h.events(), []);
    h.status(again, 200);
    // Meanwhile White answered: both moves told, the first not again.
    h.line(again, &full("e2e4 e7e5 g1f3", ""));
    let e = h.events();
    assert_eq!(e[0], Event::Resumed { plies: 1 });
    assert_eq!(moved(&e), ["2:e7e5", "3:g1f3"]);
    assert_eq!(h.sent(), [], "the move Lichess has is not sent again");
    // Two drops in a row wait longer; a line resets the wait.
    h.c.handle(h.now, Input::Closed { stream: again });
    h.c.handle_timeout(h.now);
    let e = h.events();
    assert!(matches!(e[..], [Event::Interrupted { retry_in, .. }] if retry_in == S));
}

#[test]
fn a_refused_move_is_told_and_not_sent_again() {
    let (mut h, _, game) = Harness::playing("white", "");
    h.events();
    h.c.act(h.now, Action::Move("e2e4".parse().unwrap()));
    let [(r, _)] = &h.sent()[..] else { panic!() };
    h.reply(
        *r,
        400,
        r#"{"error":"Not your turn, or game already over"}"#,
    );
    assert_eq!(
        h.events(),
        [Event::Refused {
            action: Action::Move("e2e4".parse().unwrap()),
            reason: "Not your turn, or game already over".into()
        }]
    );
    h.at(h.now + 120 * S);
    assert_eq!(h.sent(), [], "never retried");
    // The player may play (another) move.
    h.c.act(h.now, Action::Move("d2d4".parse().unwrap()));
    assert_eq!(h.sent().len(), 1);
    h.line(game, &state("d2d4", ""));
    assert_eq!(moved(&h.events()), ["1:d2d4"]);
    // A move that is not legal, or out of turn, is not sent at all.
    for m in ["e7e5", "d4d6"] {
        h.c.act(h.now, Action::Move(m.parse().unwrap()));
        assert!(matches!(&h.events()[..], [Event::Refused { .. }]));
        assert_eq!(h.sent(), []);
    }
}

#[test]
fn draw_offers_both_ways() {
    let (mut h, _, game) = Harness::playing("white", "e2e4 e7e5");
    h.events();
    // The opponent offers; the player accepts.
    h.line(game, &state("e2e4 e7e5", r#","bdraw":true"#));
    assert_eq!(h.events(), [Event::DrawOffered]);
    h.c.act(h.now, Action::AcceptDraw);
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(path, "/api/board/game/abcd1234/draw/yes");
    h.reply(*r, 200, r#"{"ok":true}"#);
    assert_eq!(h.events(), [Event::Done(Action::AcceptDraw)]);
    // The player offers; the opponent declines (the flag goes).
    h.line(game, &state("e2e4 e7e5", ""));
    h.c.act(h.now, Action::OfferDraw);
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(path, "/api/board/game/abcd1234/draw/yes");
    h.reply(*r, 200, r#"{"ok":true}"#);
    h.line(game, &state("e2e4 e7e5", r#","wdraw":true"#));
    h.events();
    h.line(game, &state("e2e4 e7e5", ""));
    assert_eq!(h.events(), [Event::DrawDeclined]);
    // Declining an offer that does not stand is refused here.
    h.c.act(h.now, Action::DeclineDraw);
    assert!(matches!(&h.events()[..], [Event::Refused { .. }]));
    // An agreed draw ends the game.
    h.line(game, &state("e2e4 e7e5", "").replace("started", "draw"));
    assert_eq!(
        h.events(),
        [Event::Ended {
            status: Status::Draw,
            winner: None
        }]
    );
}

#[test]
fn a_takeback_is_declined_unless_the_player_agrees_in_time() {
    let (mut h, _, game) = Harness::playing("black", "e2e4 e7e5");
    h.events();
    h.line(game, &state("e2e4 e7e5", r#","wtakeback":true"#));
    assert_eq!(h.events(), [Event::TakebackProposed]);
    h.at(19 * S);
    assert_eq!(h.sent(), []);
    h.at(20 * S);
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(path, "/api/board/game/abcd1234/takeback/false");
    h.reply(*r, 200, r#"{"ok":true}"#);
    assert_eq!(h.events(), [Event::Done(Action::DeclineTakeback)]);
    // Asked again, the player agrees: the game goes back.
    h.line(game, &state("e2e4 e7e5", ""));
    h.line(game, &state("e2e4 e7e5", r#","wtakeback":true"#));
    h.events();
    h.c.act(h.now, Action::AcceptTakeback);
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(path, "/api/board/game/abcd1234/takeback/yes");
    h.reply(*r, 200, r#"{"ok":true}"#);
    h.line(game, &state("e2e4", ""));
    let e = h.events();
    assert!(e.contains(&Event::TakenBack { plies: 1 }), "{e:?}");
    h.at(h.now + 60 * S);
    assert_eq!(h.sent(), [], "nothing declined after the answer");
}

#[test]
fn the_opponent_gone_a_victory_is_claimable_and_claimed() {
    let (mut h, _, game) = Harness::playing("white", "e2e4 e7e5");
    h.events();
    h.now = 5 * S;
    h.line(
        game,
        r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":10}"#,
    );
    assert_eq!(
        h.events(),
        [Event::OpponentGone {
            claim_in: Some(10 * S)
        }]
    );
    assert_eq!(h.c.poll_timeout(), Some(15 * S));
    h.at(15 * S);
    assert_eq!(h.events(), [Event::VictoryClaimable]);
    h.c.act(h.now, Action::ClaimVictory);
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(path, "/api/board/game/abcd1234/claim-victory");
    h.reply(*r, 200, r#"{"ok":true}"#);
    h.line(
        game,
        &state("e2e4 e7e5", r#","winner":"white""#).replace("started", "timeout"),
    );
    let e = h.events();
    assert_eq!(
        e.last(),
        Some(&Event::Ended {
            status: Status::Timeout,
            winner: Some(Color::White)
        })
    );
    // Gone and back: nothing to claim.
    let (mut h, _, game) = Harness::playing("white", "");
    h.line(
        game,
        r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":10}"#,
    );
    h.line(game, r#"{"type":"opponentGone","gone":false}"#);
    h.events();
    h.at(60 * S);
    assert!(!h.events().contains(&Event::VictoryClaimable));
}

#[test]
fn a_429_holds_every_request_a_minute_then_sends_the_same_again() {
    let (mut h, events, _) = Harness::playing("white", "");
    h.events();
    h.c.act(h.now, Action::Move("e2e4".parse().unwrap()));
    let [(r, _)] = &h.sent()[..] else { panic!() };
    h.reply(*r, 429, "");
    assert_eq!(
        h.events(),
        [Event::Interrupted {
            retry_in: 60 * S,
            rate_limited: true
        }]
    );
    h.c.act(h.now, Action::OfferDraw);
    h.at(59 * S);
    assert_eq!(h.sent(), [], "nothing for a minute");
    h.at(60 * S);
    let sent = h.sent();
    assert_eq!(sent.len(), 1, "one at a time");
    assert_eq!(sent[0].1, "/api/board/game/abcd1234/move/e2e4");
    h.reply(sent[0].0, 200, "{}");
    assert_eq!(h.sent()[0].1, "/api/board/game/abcd1234/draw/yes");
    // A 429 on the event stream: reopened a minute later.
    h.c.handle(h.now, Input::Closed { stream: events });
    h.events();
    let next = h.c.poll_timeout().unwrap();
    h.at(next);
    let [(ev, Endpoint::EventStream)] = &h.opened()[..] else {
        panic!()
    };
    let ev = *ev;
    h.status(ev, 429);
    assert!(h.events().contains(&Event::Interrupted {
        retry_in: 60 * S,
        rate_limited: true
    }));
    h.at(next + 59 * S);
    assert_eq!(h.opened(), []);
    h.at(next + 60 * S);
    assert!(matches!(&h.opened()[..], [(_, Endpoint::EventStream)]));
}

#[test]
fn a_move_whose_request_was_lost_is_checked_before_it_is_sent_again_once() {
    let (mut h, _, game) = Harness::playing("white", "");
    h.events();
    h.c.act(h.now, Action::Move("e2e4".parse().unwrap()));
    let [(r, _)] = &h.sent()[..] else { panic!() };
    h.c.handle(h.now, Input::Failed { request: *r });
    // The game stream is reopened at once to learn whether it landed.
    let t = h.transmits();
    assert!(t.contains(&Transmit::Close { stream: game }), "{t:?}");
    let reopened = t
        .iter()
        .find_map(|t| match t {
            Transmit::Open { stream, .. } => Some(*stream),
            _ => None,
        })
        .unwrap();
    h.status(reopened, 200);
    h.line(reopened, &full("", ""));
    let [(r, path)] = &h.sent()[..] else { panic!() };
    assert_eq!(
        path, "/api/board/game/abcd1234/move/e2e4",
        "it did not land"
    );
    // Lost again: not sent a third time; the player is told.
    h.c.handle(h.now, Input::Failed { request: *r });
    assert!(
        h.events()
            .contains(&Event::Unsent(Action::Move("e2e4".parse().unwrap())))
    );
    // Landed after all: told once, not sent again.
    let (mut h, _, game) = Harness::playing("white", "");
    h.events();
    h.c.act(h.now, Action::Move("e2e4".parse().unwrap()));
    let [(r, _)] = &h.sent()[..] else { panic!() };
    h.c.handle(h.now, Input::Failed { request: *r });
    let reopened = h.opened()[0].0;
    h.line(game, &state("e2e4", ""));
    h.line(reopened, &full("e2e4", ""));
    assert_eq!(moved(&h.events()), ["1:e2e4"]);
    assert_eq!(h.sent(), []);
}

#[test]
fn a_silent_stream_is_reopened_and_keep_alives_keep_it() {
    let mut h = Harness {
        c: BoardClient::new(Settings {
            timing: Timing::default(),
            ..settings(None)
        }),
        now: Duration::ZERO,
    };
    let events = h.opened()[0].0;
    h.status(events, 200);
    h.events();
    for t in [20, 40, 60] {
        h.now = t * S;
        h.line(events, "");
        h.c.handle_timeout(h.now);
    }
    assert!(!h.transmits().contains(&Transmit::Close { stream: events }));
    h.at(90 * S);
    let t = h.transmits();
    assert!(t.contains(&Transmit::Close { stream: events }), "{t:?}");
    assert!(h.events().contains(&Event::Interrupted {
        retry_in: S,
        rate_limited: false
    }));
    h.at(91 * S);
    assert!(matches!(&h.opened()[..], [(_, Endpoint::EventStream)]));
}

#[test]
fn a_seek_is_posted_once_the_event_stream_is_open_and_closed_when_the_game_starts() {
    let mut h = Harness::new(Some("15+10"));
    let events = h.opened()[0].0;
    assert_eq!(
        h.c.poll_timeout(),
        Some(100_000 * S),
        "only the silence watch"
    );
    h.status(events, 200);
    assert_eq!(h.events(), [Event::Waiting { seeking: true }]);
    let [(seek, Endpoint::Seek(clock))] = &h.opened()[..] else {
        panic!()
    };
    assert_eq!(clock.to_string(), "15+10");
    let seek = *seek;
    h.status(seek, 200);
    h.line(seek, "");
    h.line(
        events,
        r#"{"type":"gameStart","game":{"gameId":"abcd1234","fullId":"abcd1234wxyz","color":"white"}}"#,
    );
    let t = h.transmits();
    assert!(t.contains(&Transmit::Close { stream: seek }));
    assert!(t.iter().any(|t| matches!(
        t,
        Transmit::Open {
            endpoint: Endpoint::GameStream(_),
            ..
        }
    )));
    // An expired seek (closed with no game) is posted again after a while.
    let mut h = Harness::new(Some("15+10"));
    let events = h.opened()[0].0;
    h.status(events, 200);
    let seek = h.opened()[0].0;
    h.c.handle(h.now, Input::Closed { stream: seek });
    h.at(5 * S);
    assert!(matches!(&h.opened()[..], [(_, Endpoint::Seek(_))]));
}

#[test]
fn a_refused_token_stops_the_client() {
    let mut h = Harness::new(None);
    let events = h.opened()[0].0;
    h.status(events, 401);
    assert_eq!(h.events(), [Event::Fatal(Fatal::TokenRefused)]);
    assert!(h.c.is_done());
    h.at(3600 * S);
    assert_eq!(h.opened(), []);
}

#[test]
fn a_game_in_another_variant_is_not_played() {
    let mut h = Harness::new(None);
    let events = h.opened()[0].0;
    h.status(events, 200);
    h.line(
        events,
        r#"{"type":"gameStart","game":{"gameId":"abcd1234","fullId":"abcd1234wxyz","color":"white"}}"#,
    );
    let game = h.opened()[0].0;
    h.line(
        game,
        &full("", "").replace(r#"{"key":"standard"}"#, r#"{"key":"atomic"}"#),
    );
    let e = h.events();
    assert_eq!(
        e.last(),
        Some(&Event::Fatal(Fatal::Variant("abcd1234".into())))
    );
    assert!(h.c.is_done());
    let _ = ByColor::<u8>::default();
}

#[test]
fn a_dropped_event_stream_is_reopened_with_backoff_and_the_game_that_starts_is_played() {
    let mut h = Harness::new(None);
    let mut events = h.opened()[0].0;
    h.status(events, 200);
    assert_eq!(h.events(), [Event::Waiting { seeking: false }]);
    // Dropped again and again with nothing heard: 1 s, 2 s, 4 s.
    for wait in [1, 2, 4] {
        h.c.handle(h.now, Input::Closed { stream: events });
        assert_eq!(
            h.events(),
            [Event::Interrupted {
                retry_in: wait * S,
                rate_limited: false
            }]
        );
        h.at(h.now + wait * S - Duration::from_millis(1));
        assert!(h.opened().is_empty(), "not before {wait} s");
        h.at(h.now + Duration::from_millis(1));
        let [(again, Endpoint::EventStream)] = &h.opened()[..] else {
            panic!("the event stream again after {wait} s")
        };
        events = *again;
    }
    // A game began on the site while the stream was away: the reopened stream says so
    // and it is played.
    h.status(events, 200);
    h.line(
        events,
        r#"{"type":"gameStart","game":{"gameId":"abcd1234","fullId":"abcd1234wxyz","color":"white"}}"#,
    );
    let [(game, Endpoint::GameStream(_))] = &h.opened()[..] else {
        panic!("the game stream")
    };
    let game = *game;
    h.status(game, 200);
    h.line(game, &full("", ""));
    assert!(h.events().iter().any(|e| matches!(e, Event::Started(_))));
    // A line heard resets the backoff: the next drop waits 1 s again.
    h.c.handle(h.now, Input::Closed { stream: events });
    assert!(h.events().contains(&Event::Interrupted {
        retry_in: S,
        rate_limited: false
    }));
    // The game goes on meanwhile: its stream is untouched, and the player's move is sent.
    h.c.act(h.now, Action::Move("e2e4".parse().unwrap()));
    let sent = h.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].1.ends_with("/move/e2e4"), "{sent:?}");
    h.at(h.now + S);
    assert!(matches!(&h.opened()[..], [(_, Endpoint::EventStream)]));
}

//! Messages twice, lost, late, forged, of another game, or out of order.

use super::*;

#[test]
fn everything_twice_is_applied_once() {
    let msgs = game("1", 10);
    let mut hall = hall();
    let mut moves = 0;
    for m in msgs.iter().chain(&msgs) {
        moves += wire(&mut hall, m)
            .iter()
            .filter(|n| matches!(n, News::Move { .. }))
            .count();
    }
    assert_eq!(moves, 1);
    assert_eq!(sans(&hall, "1"), ["e4"]);
    assert_eq!(hall.duplicates(), msgs.len() as u64);
    assert!(hall.pgn().contains("[Board \"1\"]"));
    assert!(hall.pgn().contains("1. e4"));
}

#[test]
fn a_lost_move_comes_from_the_next_view() {
    let msgs = game("2", 10);
    let mut hall = hall();
    let mut news = Vec::new();
    for m in msgs.iter().filter(|m| !matches!(m.body, Body::Move(_))) {
        news.extend(wire(&mut hall, m));
    }
    assert_eq!(sans(&hall, "2"), ["e4"]);
    assert!(
        news.iter()
            .any(|n| matches!(n, News::Move { repaired: true, .. }))
    );
}

#[test]
fn a_new_journal_is_a_new_game_and_an_old_one_is_ignored() {
    let mut hall = hall();
    for m in &game("3", 10) {
        wire(&mut hall, m);
    }
    let newer = game("3", 20);
    let news = wire(&mut hall, &newer[0]);
    assert!(matches!(news[0], News::NewGame { game: 20, .. }));
    assert!(sans(&hall, "3").is_empty());
    let older = game("3", 10);
    assert!(matches!(
        &wire(&mut hall, older.last().unwrap())[0],
        News::Rejected { reason, .. } if reason.contains("older")
    ));
    assert_eq!(hall.dropped().old_game, 1);
    assert_eq!(hall.table("3").unwrap().games, [10, 20]);
    assert_eq!(hall.table("3").unwrap().game, 20);
}

#[test]
fn messages_on_the_wrong_topic_or_malformed_are_rejected() {
    let msgs = game("4", 10);
    let mut hall = hall();
    // Table 4's own message, signed by table 5's key, on table 5's topic.
    let news = hall.receive(NOW, "annabella/view/5", &key_of("5").seal(&msgs[0]));
    assert!(
        matches!(&news[0], News::Rejected { reason, .. } if reason.contains("does not belong"))
    );
    let news = hall.receive(NOW, "annabella/move/4", b"[1,2]");
    assert!(matches!(&news[0], News::Rejected { reason, .. } if reason.contains("unsigned")));
    let news = hall.receive(NOW, "annabella/move/4", &vec![b' '; MAX_PAYLOAD + 1]);
    assert!(matches!(&news[0], News::Rejected { reason, .. } if reason.contains("limit")));
    assert_eq!(hall.rejected(), 3);
    let d = hall.dropped();
    assert_eq!((d.malformed, d.unsigned, d.too_big), (1, 1, 1));
    assert!(hall.table("4").is_none());
}

#[test]
fn an_alert_goes_from_the_top_when_the_tables_view_says_it_was_dismissed() {
    let mut r = Replica::new(
        "5".parse().expect("a table name"),
        TableConfig::default(),
        9,
    )
    .unwrap();
    let call = Input::Sighted(annabella_table::SightedCommand::CallArbiter);
    let dismiss = Input::ByArbiter {
        by: "hall:Chief Arbiter".into(),
        what: annabella_hall_wire::action::dismissal_what(2),
        action: None,
        dismissed: Some(2),
    };
    let mut hall = hall();
    for (seq, input) in [(1, Input::Start), (2, call)] {
        for m in r.apply(seq, Duration::from_secs(seq), input, true) {
            wire(&mut hall, &m);
        }
    }
    assert_eq!(hall.alerts().len(), 1);
    let again = hall.alerts();
    let news: Vec<News> = r
        .apply(3, Duration::from_secs(3), dismiss, true)
        .iter()
        .flat_map(|m| wire(&mut hall, m))
        .collect();
    assert!(
        news.iter().any(
            |n| matches!(n, News::Dismissed { note, .. } if note.seq == 2) && n.changes_page()
        ),
        "the page is redrawn: {news:?}"
    );
    assert!(hall.alerts().is_empty(), "{again:?}");
    let kept = &hall.table("5").unwrap().alerts;
    assert_eq!(kept.len(), 1, "the table's own view keeps it");
    assert!(kept[0].dismissed);
}

#[test]
fn only_the_tables_own_signature_is_believed_and_drops_are_counted() {
    let msgs = game("6", 10);
    let mut hall = hall();
    // Unsigned (yesterday's wire form), another table's key, no key at the hall.
    let plain = serde_json::to_vec(&msgs[0]).unwrap();
    hall.receive(NOW, &topic::topic(msgs[0].body.kind(), "6"), &plain);
    for m in &msgs {
        let t = topic::topic(m.body.kind(), "6");
        hall.receive(NOW, &t, &key_of("7").seal(m));
    }
    let mut stranger = msgs[0].clone();
    stranger.table = "x".parse().unwrap();
    hall.receive(NOW, "annabella/view/x", &key_of("x").seal(&stranger));
    assert!(hall.table("6").is_none(), "nothing of it believed");
    let d = hall.dropped();
    assert_eq!(d.unsigned, 1);
    assert_eq!(d.forged, msgs.len() as u64);
    assert_eq!(d.unknown_table, 1);
    for m in &msgs {
        wire(&mut hall, m);
    }
    assert_eq!(sans(&hall, "6"), ["e4"], "the table's own messages are");
}

#[test]
fn the_halls_pgn_is_made_from_moves_it_replayed_never_from_sent_text() {
    let mut msgs = game("1", 10);
    for m in &mut msgs {
        if let Body::View(state) = &mut m.body {
            state.pgn = "[Event \"forged\"]\n\n1. h4 1-0\n".into();
        }
    }
    let mut hall = hall();
    for m in &msgs {
        wire(&mut hall, m);
    }
    let pgn = hall.pgn();
    assert!(pgn.contains("1. e4 {[%clk"), "{pgn}");
    assert!(!pgn.contains("h4") && !pgn.contains("forged"), "{pgn}");
    // An illegal move, even signed by the table, is refused.
    let mut bad = msgs
        .iter()
        .find(|m| matches!(m.body, Body::Move(_)))
        .unwrap()
        .clone();
    bad.seq = hall.table("1").unwrap().mark.unwrap().0 + 1;
    if let Body::Move(mv) = &mut bad.body {
        mv.ply = 2;
        mv.uci = "e2e4".parse().unwrap();
    }
    let news = wire(&mut hall, &bad);
    assert!(
        matches!(&news[0], News::Rejected { reason, .. } if reason.contains("not legal")),
        "{news:?}"
    );
    assert_eq!(hall.dropped().illegal, 1);
    assert_eq!(sans(&hall, "1"), ["e4"]);
}

#[test]
fn seq_must_be_the_next_and_absurd_jumps_and_games_are_refused() {
    let msgs = game("2", 10);
    let mut hall = hall();
    for m in &msgs {
        wire(&mut hall, m);
    }
    let last = msgs.last().unwrap().clone();
    // A record far beyond the last: a view with seq 2^64-1 would freeze the table.
    let mut absurd = last.clone();
    absurd.seq = u64::MAX;
    assert!(matches!(
        &wire(&mut hall, &absurd)[0],
        News::Rejected { .. }
    ));
    // A move after a gap waits for the next view.
    let mut early = msgs[0].clone();
    early.seq = last.seq + 5;
    assert!(
        matches!(&wire(&mut hall, &early)[0], News::Rejected { reason, .. } if reason.contains("waits"))
    );
    let mut huge_game = last.clone();
    huge_game.game = u64::MAX;
    assert!(
        matches!(&wire(&mut hall, &huge_game)[0], News::Rejected { reason, .. } if reason.contains("day"))
    );
    let d = hall.dropped();
    assert_eq!((d.absurd, d.out_of_order), (2, 1));
    // The table's real next record still counts.
    let mut next = last.clone();
    next.seq += 1;
    assert!(!matches!(
        wire(&mut hall, &next).first(),
        Some(News::Rejected { .. })
    ));
    assert_eq!(hall.table("2").unwrap().mark, Some((next.seq, next.part)));
    assert_eq!(hall.table("2").unwrap().games, [10]);
}

#[test]
fn a_view_whose_round_is_beyond_any_tournaments_is_refused_as_absurd() {
    let msgs = game("2", 10);
    let mut hall = hall();
    let view = msgs
        .iter()
        .rev()
        .find(|m| matches!(m.body, Body::View(_)))
        .unwrap()
        .clone();
    for round in ["1.4000000000", "1.20000", "100.1"] {
        let mut absurd = view.clone();
        if let Body::View(state) = &mut absurd.body {
            state.round = round.into();
        }
        assert!(
            matches!(&wire(&mut hall, &absurd)[0], News::Rejected { reason, .. } if reason.contains("beyond")),
            "{round}"
        );
    }
    assert_eq!(hall.dropped().absurd, 3);
    assert!(
        crate::livechess::tree(&hall).len() <= 1,
        "no table in the tree"
    );
}

/// A table added to the tables file between rounds: refused while the hall has no key
/// for it, believed once the keys read again name it; a table no longer listed keeps
/// what the hall showed of it, and its new messages are refused.
#[test]
fn keys_read_again_believe_a_new_table_and_refuse_a_withdrawn_one() {
    let mut hall = hall();
    let messages = game("Brett 10", 1);
    let news = wire(&mut hall, &messages[0]);
    assert!(
        matches!(&news[..], [News::Rejected { reason, .. }] if reason.contains("Brett 10")),
        "{news:?}"
    );
    assert_eq!(hall.dropped().unknown_table, 1);
    for m in &game("1", 1) {
        wire(&mut hall, m);
    }
    let mut keys = TableKeys::new();
    keys.insert("Brett 10".parse().unwrap(), key_of("Brett 10").public());
    hall.set_keys(ActionKeys::new(), keys);
    assert_eq!(
        hall.known_tables().map(|n| n.as_str()).collect::<Vec<_>>(),
        ["Brett 10"]
    );
    for m in &messages {
        let news = wire(&mut hall, m);
        assert!(
            !news.iter().any(|n| matches!(n, News::Rejected { .. })),
            "{news:?}"
        );
    }
    assert_eq!(sans(&hall, "Brett 10"), ["e4"]);
    // Table 1 is no longer listed: its game stays shown, a new message is refused.
    assert_eq!(sans(&hall, "1"), ["e4"]);
    let news = wire(&mut hall, &game("1", 2)[0]);
    assert!(matches!(&news[..], [News::Rejected { .. }]), "{news:?}");
    assert_eq!(hall.dropped().unknown_table, 2);
}

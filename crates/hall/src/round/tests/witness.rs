//! Heads witnessed and contradicted.

use super::*;

/// `msgs` with each view's head as the table's journal had it: `h<seq>` by default.
fn with_heads(msgs: &[HallMessage], head: impl Fn(u64) -> String) -> Vec<HallMessage> {
    msgs.iter()
        .cloned()
        .map(|mut m| {
            if let Body::View(state) = &mut m.body {
                state.head = Some(head(m.seq));
            }
            m
        })
        .collect()
}

#[test]
fn a_head_that_contradicts_a_witnessed_one_is_an_alert_naming_the_table() {
    let msgs = with_heads(&game("4", 10), |s| format!("h{s}"));
    let mut hall = hall();
    for m in msgs.iter().chain(&msgs) {
        let news = wire(&mut hall, m);
        assert!(
            !news.iter().any(|n| matches!(n, News::Contradicted(_))),
            "a redelivered view is no contradiction"
        );
    }
    assert_eq!(hall.table("4").unwrap().witness, Some((3, "h3".to_owned())));
    assert!(hall.witness_alerts().is_empty());

    // The table's journal set back to record 1 and played on from there: record 2's
    // view comes with another head.
    let rewritten = with_heads(&game("4", 10), |s| {
        if s == 1 { "h1".into() } else { format!("x{s}") }
    });
    let mut news = Vec::new();
    for m in &rewritten {
        news.extend(wire(&mut hall, m));
    }
    let alerts = hall.witness_alerts();
    assert_eq!(alerts.len(), 2, "records 2 and 3: {alerts:?}");
    let first = &alerts[0];
    assert_eq!(
        (first.table.as_str(), first.seq, first.witnessed.as_str()),
        ("4", 2, "h2")
    );
    assert_eq!(first.published, "x2");
    assert!(
        first.detail().contains("witnessed records up to 3"),
        "{}",
        first.detail()
    );
    assert_eq!(
        news.iter()
            .filter(|n| matches!(n, News::Contradicted(_)))
            .count(),
        2
    );
    assert_eq!(hall.dropped().contradicting, 2);
    // The witness keeps what was witnessed first; the same contradiction again is
    // counted, not alerted twice.
    assert_eq!(hall.table("4").unwrap().witness, Some((3, "h3".into())));
    for m in &rewritten {
        wire(&mut hall, m);
    }
    assert_eq!(hall.witness_alerts().len(), 2);
    assert_eq!(hall.dropped().contradicting, 4);
    // The page and the projector name the table, in the hall's language (German unless
    // told).
    let page = crate::page::screen_alerts(&hall);
    assert!(
        page.contains("Brett 4: <strong>Protokoll widersprochen</strong>"),
        "{page}"
    );
    let mut hall = hall.with_language(annabella_phonetic::Language::En);
    let page = crate::page::screen_alerts(&hall);
    assert!(
        page.contains("Table 4: <strong>journal contradicted</strong>"),
        "{page}"
    );

    // Another game of the table (a new journal) starts its own witness.
    let next = with_heads(&game("4", 20), |s| format!("y{s}"));
    for m in &next {
        assert!(
            !wire(&mut hall, m)
                .iter()
                .any(|n| matches!(n, News::Contradicted(_)))
        );
    }
    assert_eq!(
        hall.witness_alerts().len(),
        2,
        "the earlier game's alerts stay"
    );
}

/// Issue 40, point 5: a restarted hall takes its kept views again (their signatures
/// checked anew) and refuses an earlier signed view published again, with an alert once.
#[test]
fn a_restarted_hall_refuses_an_earlier_view_published_again_with_an_alert() {
    let msgs = with_heads(&game("4", 10), |s| format!("h{s}"));
    let views: Vec<&HallMessage> = msgs
        .iter()
        .filter(|m| matches!(m.body, Body::View(_)))
        .collect();
    assert!(views.len() >= 2, "{views:?}");
    let mut before = hall();
    for m in &msgs {
        wire(&mut before, m);
    }
    let kept = before.accepted();
    let last = &kept.tables["4"];
    assert_eq!((last.game, last.seq), (10, 3));
    assert_eq!(last.head.as_deref(), Some("h3"));
    // The file as written and read again.
    let kept: AcceptedViews = serde_json::from_str(&serde_json::to_string(&kept).unwrap()).unwrap();

    let mut after = hall();
    after.restore(NOW, &kept);
    assert_eq!(
        sans(&after, "4"),
        ["e4"],
        "the kept view brings the game back"
    );
    for _ in 0..2 {
        let news = wire(&mut after, views[0]);
        assert!(
            news.iter().any(|n| matches!(n, News::Rejected { .. })),
            "{news:?}"
        );
    }
    assert_eq!(sans(&after, "4"), ["e4"], "not set back");
    assert_eq!(after.table("4").unwrap().mark.map(|m| m.0), Some(3));
    let alerts = after.witness_alerts();
    assert_eq!(alerts.len(), 1, "once: {alerts:?}");
    assert!(alerts[0].replayed);
    assert!(
        alerts[0].detail().contains("after the hall's restart"),
        "{}",
        alerts[0].detail()
    );
    assert_eq!(after.dropped().replayed, 2);
    // The latest view delivered again (the broker's retained copy) is no replay.
    let news = wire(&mut after, views[views.len() - 1]);
    assert!(
        !news.iter().any(|n| matches!(n, News::Rejected { .. })),
        "{news:?}"
    );

    // A kept view whose signature no longer checks (the file edited) is not taken.
    let mut forged = kept.clone();
    let a = forged.tables.get_mut("4").unwrap();
    let edited = a.view.replacen("\"signature\":\"", "\"signature\":\"00", 1);
    assert_ne!(edited, a.view);
    a.view = edited;
    let mut hall = hall();
    hall.restore(NOW, &forged);
    assert!(hall.table("4").is_none_or(|t| t.moves.is_empty()));
}

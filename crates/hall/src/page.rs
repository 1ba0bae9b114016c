//! The hall's HTML: alerts that need the arbiter loud and at the top (an ARIA live
//! region), then every table at a glance — board, clocks, whose turn, the last move —
//! each opening its own view. Spectators get the same page without any form.

use std::fmt::Write;

use annabella_console::{
    page::{clock_text, escape},
    svg::board_svg,
    view::parse_board,
};
use shakmaty::Color;

use crate::hall::{Hall, HallAlert, TableEntry};

/// Who looks at the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    /// Spectators and organisers: read-only, no token.
    Spectator,
    /// The chief arbiter (token and name), with actions on tables that have a key.
    Arbiter {
        /// The hall token.
        token: String,
        /// The arbiter's name, sent with every action.
        by: String,
    },
}

impl Viewer {
    fn query(&self) -> String {
        match self {
            Viewer::Spectator => String::new(),
            // The token is the browser's cookie, never in a link.
            Viewer::Arbiter { by, .. } => format!("?by={}", encode(by)),
        }
    }
}

/// Percent-encodes a query value or path segment.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

fn kind_words(alert: &HallAlert) -> String {
    let k = serde_json::to_value(&alert.note.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    k.replace('_', " ")
}

/// The alerts region: newest first.
pub fn alerts(hall: &Hall, viewer: &Viewer) -> String {
    let alerts = hall.alerts();
    let mut s = String::new();
    if alerts.is_empty() {
        s.push_str(r#"<p class="calm">No table needs the arbiter.</p>"#);
        return s;
    }
    let _ = write!(
        s,
        r#"<p class="count"><strong>{} alert{} need{} the arbiter</strong></p><ol class="alerts">"#,
        alerts.len(),
        if alerts.len() == 1 { "" } else { "s" },
        if alerts.len() == 1 { "s" } else { "" }
    );
    for a in &alerts {
        let _ = write!(
            s,
            r#"<li class="alert" data-table="{t}"><a href="/table/{u}{q}">Table {t}</a>: <strong>{k}</strong> — {d} <span class="ply">(after half-move {p})</span>{x}</li>"#,
            x = dismiss_form(a, viewer),
            t = escape(&a.table),
            u = encode(&a.table),
            q = viewer.query(),
            k = escape(&kind_words(a)),
            d = escape(&a.note.detail),
            p = a.note.ply,
        );
    }
    s.push_str("</ol>");
    s
}

fn clocks(t: &TableEntry) -> String {
    let Some(state) = &t.state else {
        return String::new();
    };
    let v = &state.view;
    let run = |c: Color| {
        if v.running == Some(c) {
            " (running)"
        } else {
            ""
        }
    };
    format!(
        r#"<p class="clocks">White {w}{wr} · Black {b}{br}</p>"#,
        w = clock_text(u64::try_from(v.white_time.as_millis()).unwrap_or(0)),
        b = clock_text(u64::try_from(v.black_time.as_millis()).unwrap_or(0)),
        wr = run(Color::White),
        br = run(Color::Black),
    )
}

fn status(t: &TableEntry) -> String {
    let Some(state) = &t.state else {
        return "<p>Waiting for the table's first view.</p>".into();
    };
    let v = &state.view;
    if let Some(end) = &t.result {
        return format!(
            r#"<p class="result">Result {} ({})</p>"#,
            escape(&end.result),
            escape(&end.termination)
        );
    }
    let turn = if v.turn == Color::White {
        "White"
    } else {
        "Black"
    };
    let mut s = format!(r#"<p class="turn">{turn} to move"#);
    if v.paused {
        s.push_str(", clocks paused");
    }
    if v.claim_pending {
        s.push_str(", <strong>a claim waits</strong>");
    }
    s.push_str("</p>");
    s
}

fn last_move(t: &TableEntry) -> String {
    match t.moves.last() {
        Some(m) => format!(
            r#"<p class="last-move">Last move: {}{} {}</p>"#,
            m.ply.div_ceil(2),
            if m.color == "white" { "." } else { "..." },
            escape(&m.san)
        ),
        None => r#"<p class="last-move">No move yet.</p>"#.into(),
    }
}

fn board(t: &TableEntry, id: &str) -> String {
    let Some(state) = &t.state else {
        return String::new();
    };
    let Some(b) = parse_board(&state.view.fen) else {
        return String::new();
    };
    board_svg(&b, id, &format!("Table {}", t.name), &[])
}

fn players(t: &TableEntry) -> String {
    t.state.as_ref().map_or_else(String::new, |s| {
        format!("{} – {}", escape(&s.white), escape(&s.black))
    })
}

/// The tables region: one card per table.
pub fn tables(hall: &Hall, viewer: &Viewer) -> String {
    let mut s = String::from(r#"<ul class="tables">"#);
    for (i, t) in hall.tables().enumerate() {
        let open = t.result.is_none() && t.alerts.iter().any(|a| !a.dismissed);
        let _ = write!(
            s,
            r#"<li class="table{cls}" data-table="{n}"><h3><a href="/table/{u}{q}">Table {n}</a>: {p}</h3>{st}{cl}{lm}{bd}{act}</li>"#,
            cls = if open { " needs-arbiter" } else { "" },
            n = escape(&t.name),
            u = encode(&t.name),
            q = viewer.query(),
            p = players(t),
            st = status(t),
            cl = clocks(t),
            lm = last_move(t),
            bd = board(t, &format!("b{i}")),
            act = actions(t, viewer),
        );
    }
    s.push_str("</ul>");
    if hall.tables().next().is_none() {
        s.push_str("<p>No table has published yet.</p>");
    }
    s.push_str(&dropped(hall));
    s
}

/// What the hall did not believe or could not apply, by why.
pub fn dropped(hall: &Hall) -> String {
    let d = hall.dropped();
    let parts: Vec<String> = [
        (d.unsigned, "unsigned"),
        (d.forged, "signed with another key"),
        (d.unknown_table, "from a table without a key at the hall"),
        (d.too_big, "too big"),
        (d.malformed, "malformed or on a wrong topic"),
        (d.illegal, "with an illegal move"),
        (d.out_of_order, "after a gap (waiting for the next view)"),
        (d.absurd, "with an absurd record or game number"),
        (d.old_game, "of an earlier game"),
        (d.actions, "forged arbiter actions"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    let text = if parts.is_empty() {
        "none".to_owned()
    } else {
        parts.join(", ")
    };
    format!(
        r#"<p id="dropped" data-dropped="{}">Messages dropped: {}.</p>"#,
        d.total(),
        escape(&text)
    )
}

/// The hidden fields of an arbiter's form for table `table`.
fn hidden(token: &str, by: &str, table: &str) -> String {
    format!(
        r#"<input type="hidden" name="token" value="{}"><input type="hidden" name="by" value="{}"><input type="hidden" name="table" value="{}">"#,
        escape(token),
        escape(by),
        escape(table)
    )
}

/// The chief arbiter's button that dismisses one alert (a signed action to its table).
fn dismiss_form(a: &HallAlert, viewer: &Viewer) -> String {
    let Viewer::Arbiter { token, by } = viewer else {
        return String::new();
    };
    format!(
        r#" <form method="post" action="/action" class="dismiss">{h}<input type="hidden" name="seq" value="{seq}"><button name="action" value="dismiss-alert">Dismiss this alert at table {n}</button></form>"#,
        h = hidden(token, by, &a.table),
        seq = a.note.seq,
        n = escape(&a.table)
    )
}

fn actions(t: &TableEntry, viewer: &Viewer) -> String {
    let Viewer::Arbiter { token, by } = viewer else {
        return String::new();
    };
    let h = hidden(token, by, &t.name);
    let n = escape(&t.name);
    format!(
        r#"<form method="post" action="/action" class="actions">{h}<button name="action" value="pause">Pause clocks at table {n}</button> <button name="action" value="resume">Resume clocks at table {n}</button></form><form method="post" action="/action" class="result">{h}<input type="hidden" name="action" value="declare-result"><label>Result at table {n} <select name="result"><option>1-0</option><option>1/2-1/2</option><option>0-1</option></select></label> <button>Declare the result at table {n}</button></form>"#
    )
}

const STYLE: &str = "body{font-family:sans-serif;margin:1rem}\
#alerts{border:4px solid #b00;padding:.5rem;background:#fee;font-size:1.3rem}\
#alerts .calm{color:#060}.tables{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}\
.table{border:1px solid #888;padding:.5rem;width:18rem}.table svg{width:16rem;height:auto}\
.needs-arbiter{border:4px solid #b00}\
button{min-height:2rem;margin:.2rem 0}";

const SCRIPT: &str = r#"
(function(){
  if(!window.EventSource)return;
  var es=new EventSource('/events'+location.search);
  es.addEventListener('hall',function(ev){
    var d=JSON.parse(ev.data);
    var a=document.getElementById('alerts-body');if(a.innerHTML!==d.alerts)a.innerHTML=d.alerts;
    var t=document.getElementById('tables-body');if(t.innerHTML!==d.tables)t.innerHTML=d.tables;
    document.body.setAttribute('data-version',d.version);
  });
})();
"#;

/// The whole hall page.
pub fn hall_page(hall: &Hall, viewer: &Viewer, version: u64, notice: Option<&str>) -> String {
    let title = match viewer {
        Viewer::Spectator => "Tournament hall",
        Viewer::Arbiter { .. } => "Tournament hall — chief arbiter",
    };
    let notice = notice.map_or_else(String::new, |n| {
        format!(r#"<p role="status" class="notice">{}</p>"#, escape(n))
    });
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title><style>{STYLE}</style></head><body data-version="{version}"><h1>{title}</h1>{notice}<section id="alerts" aria-labelledby="alerts-h"><h2 id="alerts-h">Alerts</h2><div id="alerts-body" aria-live="assertive" aria-atomic="false">{a}</div></section><section id="tables" aria-labelledby="tables-h"><h2 id="tables-h">Tables</h2><div id="tables-body">{t}</div></section><p><a href="/games.pgn">All games (PGN)</a></p><script>{SCRIPT}</script></body></html>"#,
        a = alerts(hall, viewer),
        t = tables(hall, viewer),
    )
}

/// One table's own view: a large board, clocks, the moves and its alerts.
pub fn table_page(t: &TableEntry, viewer: &Viewer) -> String {
    let moves: String = t
        .moves
        .iter()
        .map(|m| format!("<li>{}</li>", escape(&m.san)))
        .collect();
    let alerts: String = t
        .alerts
        .iter()
        .rev()
        .map(|a| {
            let kind = kind_words(&HallAlert {
                table: t.name.clone(),
                note: a.clone(),
            });
            format!(
                "<li><strong>{}</strong> — {}{}</li>",
                escape(&kind),
                escape(&a.detail),
                if a.dismissed { " (dismissed)" } else { "" }
            )
        })
        .collect();
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Table {n}</title><style>{STYLE}</style></head><body><h1>Table {n}: {p}</h1><p><a href="/{q}">Back to the hall</a></p><section aria-labelledby="ta-h"><h2 id="ta-h">Alerts</h2><ol aria-live="assertive">{alerts}</ol></section>{st}{cl}{bd}<section aria-labelledby="mv-h"><h2 id="mv-h">Moves</h2><ol class="moves">{moves}</ol></section>{act}</body></html>"#,
        n = escape(&t.name),
        p = players(t),
        q = if matches!(viewer, Viewer::Spectator) {
            String::new()
        } else {
            format!("arbiter{}", viewer.query())
        },
        st = status(t),
        cl = clocks(t),
        bd = board(t, "big"),
        act = actions(t, viewer),
    )
}

/// A page saying what is wrong (bad token, unknown table).
pub fn message_page(status: &str, text: &str) -> String {
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{s}</title></head><body><h1>{s}</h1><p role="alert">{t}</p></body></html>"#,
        s = escape(status),
        t = escape(text)
    )
}

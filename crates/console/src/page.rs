//! The console's HTML: semantic sections, live regions for alerts, status and log, the
//! two boards as SVG with a text alternative, and (for the arbiter only) forms.

use std::fmt::Write;

use annabella_arbiter::{Plan, Player};

pub use crate::text::{clock_text, escape, parse_clock};
use annabella_board::{board_svg, board_text, piece_name};

use shakmaty::Color;

use annabella_view::ConsoleView;

/// Who looks at the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Players and spectators: read-only.
    Spectator,
    /// The arbiter: forms carry the token and the arbiter's name.
    Arbiter {
        /// The console token.
        token: String,
        /// The arbiter's name, recorded with every action.
        by: String,
    },
}

fn hidden(mode: &Mode) -> String {
    match mode {
        Mode::Spectator => String::new(),
        Mode::Arbiter { token, by } => format!(
            r#"<input type="hidden" name="token" value="{}"><input type="hidden" name="by" value="{}">"#,
            escape(token),
            escape(by)
        ),
    }
}

/// A one-button form posting an action.
fn button(mode: &Mode, fields: &[(&str, &str)], label: &str) -> String {
    let mut s = format!(
        r#"<form method="post" action="/action" class="inline">{}"#,
        hidden(mode)
    );
    for (k, v) in fields {
        let _ = write!(
            s,
            r#"<input type="hidden" name="{}" value="{}">"#,
            escape(k),
            escape(v)
        );
    }
    let _ = write!(
        s,
        r#"<button type="submit">{}</button></form>"#,
        escape(label)
    );
    s
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Vi => "VI player",
        Player::Sighted => "sighted player",
    }
}

fn boards_region(view: &ConsoleView) -> String {
    let differs = view.differing_squares();
    let mut s = String::from(r#"<div data-region="boards" class="boards">"#);
    let (vi, sighted) = (&view.boards.vi, &view.boards.sighted);
    for (key, title, board) in [
        ("vi", "Board of the VI player", vi),
        ("sighted", "Board of the sighted player", sighted),
    ] {
        let _ = write!(s, r#"<figure class="board-figure" data-board="{key}">"#);
        match board {
            Some(b) => {
                s.push_str(&board_svg(b, &format!("board-{key}"), title, &differs));
                let _ = write!(
                    s,
                    "<figcaption>{title}</figcaption><details><summary>{title} as text</summary><p>{}</p></details>",
                    escape(&board_text(b))
                );
            }
            None => {
                let _ = write!(
                    s,
                    r#"<figcaption>{title}</figcaption><p class="error">This board cannot be read.</p>"#
                );
            }
        }
        s.push_str("</figure>");
    }
    if let (Some(a), Some(b)) = (vi, sighted) {
        if differs.is_empty() {
            s.push_str(r#"<p class="agree" id="boards-agree">The two boards agree.</p>"#);
        } else {
            let _ = write!(
                s,
                r#"<div id="differences"><h3>The boards differ on {} square{}</h3><ul>"#,
                differs.len(),
                if differs.len() == 1 { "" } else { "s" }
            );
            for sq in &differs {
                let say = |p: Option<shakmaty::Piece>| p.map_or("empty".to_owned(), piece_name);
                let _ = write!(
                    s,
                    "<li>{sq}: VI board {}, sighted board {}</li>",
                    say(a.piece_at(*sq)),
                    say(b.piece_at(*sq))
                );
            }
            s.push_str("</ul></div>");
        }
    }
    s.push_str("</div>");
    s
}

fn clocks_region(view: &ConsoleView) -> String {
    let c = &view.clocks;
    let state = |side: Color| {
        if c.running == Some(side) && !c.paused {
            " (running)"
        } else {
            ""
        }
    };
    let vi_mark = |side: Color| {
        if view.vi_plays == Some(side) {
            " — VI player"
        } else {
            ""
        }
    };
    format!(
        r#"<div data-region="clocks"><dl class="clocks"><dt>White{}</dt><dd id="clock-white">{}{} · moves {}</dd><dt>Black{}</dt><dd id="clock-black">{}{} · moves {}</dd></dl><p id="clock-state">{}</p></div>"#,
        vi_mark(Color::White),
        clock_text(c.white_ms),
        state(Color::White),
        c.white_moves,
        vi_mark(Color::Black),
        clock_text(c.black_ms),
        state(Color::Black),
        c.black_moves,
        if c.paused {
            "Clocks paused by the arbiter."
        } else if c.running.is_some() {
            "Clocks running."
        } else {
            "Clocks stopped."
        }
    )
}

fn moves_region(view: &ConsoleView) -> String {
    let m = &view.moves;
    let n = m.vi.len().max(m.sighted.len());
    let mut s = String::from(
        r#"<div data-region="moves"><table class="moves"><caption>Both scoresheets, ply by ply</caption><thead><tr><th scope="col">Ply</th><th scope="col">VI player</th><th scope="col">Sighted player</th><th scope="col">Same</th></tr></thead><tbody>"#,
    );
    for i in 0..n {
        let a = m.vi.get(i).map_or("", String::as_str);
        let b = m.sighted.get(i).map_or("", String::as_str);
        let same = a == b;
        let _ = write!(
            s,
            r#"<tr{}><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>"#,
            if same { "" } else { r#" class="differs""# },
            i + 1,
            escape(a),
            escape(b),
            if same { "yes" } else { "no" }
        );
    }
    if n == 0 {
        s.push_str(r#"<tr><td colspan="4">No moves yet.</td></tr>"#);
    }
    s.push_str("</tbody></table></div>");
    s
}

fn plan_region(view: &ConsoleView, mode: &Mode) -> String {
    let mut s = String::from(r#"<div data-region="plan">"#);
    match &view.plan {
        None => s.push_str(r#"<p id="no-plan">No reconciliation needed.</p>"#),
        Some(plan) => plan_html(&mut s, plan, mode),
    }
    s.push_str("</div>");
    s
}

fn plan_html(s: &mut String, plan: &Plan, mode: &Mode) {
    let case = serde_json::to_value(plan.case)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let _ = write!(
        s,
        r#"<p id="plan-case">Case: <strong>{}</strong>{}. The game continues from ply {}.</p><p id="plan-summary">{}</p><details lang="de"><summary>Auf Deutsch</summary><p>{}</p></details>"#,
        escape(&case),
        plan.diverge_ply
            .map(|p| format!(", parting at ply {p}"))
            .unwrap_or_default(),
        plan.target_ply,
        escape(&plan.summary.en),
        escape(&plan.summary.de),
    );
    if !plan.findings.is_empty() {
        s.push_str("<h3>Findings</h3><ul>");
        for f in &plan.findings {
            let _ = write!(s, "<li>{}</li>", escape(&f.words.en));
        }
        s.push_str("</ul>");
    }
    for fix in &plan.fix {
        let _ = write!(
            s,
            r#"<h3>Board of the {}</h3><ol class="steps" data-board="{}">"#,
            player_name(fix.board),
            fix.board
        );
        for step in &fix.steps {
            let _ = write!(s, "<li>{}</li>", escape(&step.words.en));
        }
        s.push_str("</ol>");
    }
    if let Some(c) = &plan.clocks {
        let _ = write!(s, r#"<p id="plan-clocks">{}</p>"#, escape(&c.words.en));
    }
    if matches!(mode, Mode::Arbiter { .. }) {
        s.push_str(&button(
            mode,
            &[
                ("action", "apply-plan"),
                ("target_fen", &plan.target_fen.to_string()),
            ],
            "Carry out the plan",
        ));
    }
}

fn claims_region(view: &ConsoleView, mode: &Mode) -> String {
    let mut s = String::from(r#"<div data-region="claims">"#);
    if view.claims.is_empty() {
        s.push_str("<p>No pending claims.</p>");
    } else {
        s.push_str("<ul>");
        for c in &view.claims {
            let _ = write!(
                s,
                "<li>{} claims {}: {}",
                annabella_view::side_name(c.by),
                escape(&c.ground),
                escape(&c.detail)
            );
            if matches!(mode, Mode::Arbiter { .. }) {
                let id = c.id.to_string();
                s.push_str(&button(
                    mode,
                    &[
                        ("action", "decide-claim"),
                        ("claim", &id),
                        ("accept", "true"),
                    ],
                    &format!("Uphold claim {id}"),
                ));
                s.push_str(&button(
                    mode,
                    &[
                        ("action", "decide-claim"),
                        ("claim", &id),
                        ("accept", "false"),
                    ],
                    &format!("Reject claim {id}"),
                ));
            }
            s.push_str("</li>");
        }
        s.push_str("</ul>");
    }
    s.push_str("</div>");
    s
}

fn alerts_region(view: &ConsoleView, mode: &Mode) -> String {
    let mut s = String::from(r#"<div data-region="alerts" aria-live="assertive">"#);
    if view.alerts.is_empty() {
        s.push_str("<p>No alerts.</p>");
    } else {
        s.push_str("<ul>");
        for a in &view.alerts {
            let _ = write!(
                s,
                r#"<li class="{}">{}"#,
                if a.urgent { "alert urgent" } else { "alert" },
                escape(&a.text)
            );
            if matches!(mode, Mode::Arbiter { .. }) {
                let id = a.id.to_string();
                s.push_str(&button(
                    mode,
                    &[("action", "dismiss-alert"), ("alert", &id)],
                    &format!("Dismiss alert {id}"),
                ));
            }
            s.push_str("</li>");
        }
        s.push_str("</ul>");
    }
    s.push_str("</div>");
    s
}

fn status_region(view: &ConsoleView) -> String {
    format!(
        r#"<div data-region="status" aria-live="polite"><p id="result">{}</p></div>"#,
        match &view.result {
            Some(r) => format!("Result: {}", escape(r.as_str())),
            None => "Game in progress.".to_owned(),
        }
    )
}

fn log_region(view: &ConsoleView) -> String {
    let mut s = String::from(r#"<ol data-region="log" aria-live="polite" class="log">"#);
    for e in &view.log {
        let _ = write!(
            s,
            "<li><span class=\"at\">{}</span> {}</li>",
            escape(&e.at),
            escape(&e.text)
        );
    }
    s.push_str("</ol>");
    s
}

/// The parts of the page that change with the view; sent again on every update.
pub fn regions(view: &ConsoleView, mode: &Mode) -> String {
    format!(
        r#"<div data-revision="{}">{}{}{}{}{}{}{}{}</div>"#,
        view.revision,
        alerts_region(view, mode),
        status_region(view),
        boards_region(view),
        clocks_region(view),
        plan_region(view, mode),
        claims_region(view, mode),
        moves_region(view),
        log_region(view),
    )
}

/// The console's own rules; served after [`annabella_board::STYLESHEET`] as
/// `/style.css` (see [`stylesheet`]).
const STYLE: &str = r#"
body{max-width:80rem}
.boards{display:flex;flex-wrap:wrap;gap:1.5rem}
.board-figure{margin:0;flex:1 1 18rem;max-width:26rem;min-width:0}
tr.differs td,tr.differs th{background:var(--mark-bg);font-weight:bold}
#differences{border-left:4px solid var(--alarm);padding-left:.5rem}
.urgent{font-weight:bold;color:var(--alarm)}
form.inline{display:inline;margin-left:.5rem}
fieldset{margin:.5rem 0;border:1px solid var(--line)}
input,select{max-width:100%}
.error{color:var(--alarm)}
section{border-top:1px solid var(--line);margin-top:1rem}
.moves{max-width:100%}
.log{padding-left:1.5rem}
"#;

/// The whole stylesheet of the console's pages: the shared board and colours, then the
/// console's own rules.
pub fn stylesheet() -> String {
    format!("{}{STYLE}", annabella_board::STYLESHEET)
}

/// The head's link to the stylesheet.
const STYLE_LINK: &str = r#"<link rel="stylesheet" href="/style.css">"#;

pub(crate) const SCRIPT: &str = r#"
(function(){
  if(!window.EventSource)return;
  var q=location.search;
  var es=new EventSource('/events'+q);
  es.addEventListener('view',function(ev){
    var t=document.createElement('template');t.innerHTML=ev.data;
    var root=t.content.firstElementChild;if(!root)return;
    root.querySelectorAll('[data-region]').forEach(function(fresh){
      var old=document.querySelector('[data-region="'+fresh.getAttribute('data-region')+'"]');
      if(old&&old.innerHTML!==fresh.innerHTML)old.innerHTML=fresh.innerHTML;
    });
    document.body.setAttribute('data-revision',root.getAttribute('data-revision'));
  });
})();
"#;

fn section(id: &str, title: &str, body: &str) -> String {
    format!(
        r#"<section aria-labelledby="{id}-h" id="{id}"><h2 id="{id}-h">{title}</h2>{body}</section>"#
    )
}

fn arbiter_forms(mode: &Mode) -> String {
    let h = hidden(mode);
    let side_select = |name: &str, id: &str| {
        format!(
            r#"<label for="{id}">Side</label> <select name="{name}" id="{id}"><option value="white">White</option><option value="black">Black</option></select>"#
        )
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<div class="actions">{}{}
<form method="post" action="/action"><fieldset><legend>Set a clock</legend>{h}<input type="hidden" name="action" value="set-clock">{} <label for="clock-time">Time left (h:mm:ss)</label> <input id="clock-time" name="time" required pattern="[0-9:]+" inputmode="numeric"> <button type="submit">Set clock</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>Set a move counter</legend>{h}<input type="hidden" name="action" value="set-moves">{} <label for="moves-count">Moves made</label> <input id="moves-count" name="moves" type="number" min="0" required> <button type="submit">Set counter</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>Penalty (Laws 7.5.5, 12.9)</legend>{h}<input type="hidden" name="action" value="penalty">{} <label for="penalty-kind">Penalty</label> <select id="penalty-kind" name="penalty"><option value="warning">Warning</option><option value="add-opponent-time">Add time to the opponent</option><option value="reduce-time">Reduce the offender's time</option><option value="lose-game">Game lost</option></select> <label for="penalty-secs">Seconds</label> <input id="penalty-secs" name="secs" type="number" min="0" value="120"> <button type="submit">Apply penalty</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>Declare the result</legend>{h}<input type="hidden" name="action" value="declare-result"><label for="result-value">Result</label> <select id="result-value" name="result"><option value="1-0">1-0</option><option value="0-1">0-1</option><option value="1/2-1/2">½-½</option></select> <label for="result-reason">Reason</label> <input id="result-reason" name="reason" required> <button type="submit">Declare result</button></fieldset></form>
</div>"#,
        button(mode, &[("action", "pause")], "Pause clocks"),
        button(mode, &[("action", "resume")], "Resume clocks"),
        side_select("side", "clock-side"),
        side_select("side", "moves-side"),
        side_select("side", "penalty-side"),
    );
    s
}

/// The whole page.
pub fn page(view: &ConsoleView, mode: &Mode, notice: Option<&str>) -> String {
    let region = |name: &str| match name {
        "alerts" => alerts_region(view, mode),
        "status" => status_region(view),
        "boards" => boards_region(view),
        "clocks" => clocks_region(view),
        "plan" => plan_region(view, mode),
        "claims" => claims_region(view, mode),
        "moves" => moves_region(view),
        _ => log_region(view),
    };
    let title = if view.table.is_empty() {
        "annabella".to_owned()
    } else {
        escape(&view.table)
    };
    let who = match mode {
        Mode::Spectator => "read-only view".to_owned(),
        Mode::Arbiter { by, .. } => format!("arbiter console — {}", escape(by)),
    };
    let notice = notice.map_or(String::new(), |n| {
        format!(r#"<p role="status" id="notice">{}</p>"#, escape(n))
    });
    let arbiter = matches!(mode, Mode::Arbiter { .. });
    let mut body = String::new();
    body.push_str(&section("alerts", "Alerts", &region("alerts")));
    body.push_str(&section("boards-section", "Boards", &region("boards")));
    body.push_str(&section(
        "plan-section",
        "Reconciliation (Law D.2.9)",
        &region("plan"),
    ));
    let clocks_body = if arbiter {
        format!("{}{}", region("clocks"), arbiter_forms(mode))
    } else {
        region("clocks")
    };
    body.push_str(&section("clocks", "Clocks", &clocks_body));
    body.push_str(&section("claims", "Claims", &region("claims")));
    body.push_str(&section("moves", "Move lists", &region("moves")));
    body.push_str(&section("log", "Event log", &region("log")));
    format!(
        r##"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title} — {who}</title>{STYLE_LINK}</head><body data-revision="{rev}"><a href="#boards-section">Skip to the boards</a><header><h1>{title}: {who}</h1>{status}{notice}<noscript><p><a href="">Reload</a> to see changes.</p></noscript></header><main>{body}</main><script>{SCRIPT}</script></body></html>"##,
        rev = view.revision,
        status = region("status"),
    )
}

/// The page asking for the token and the arbiter's name.
pub fn login(message: &str) -> String {
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>annabella — arbiter sign-in</title>{STYLE_LINK}</head><body><main><h1>Arbiter sign-in</h1><p role="alert">{}</p><form method="get" action="/arbiter"><p><label for="token">Console token (printed when the console started)</label><br><input id="token" name="token" type="password" required autocomplete="off"></p><p><label for="by">Your name (recorded with every action)</label><br><input id="by" name="by" required></p><p><button type="submit">Open the arbiter console</button></p></form><p><a href="/">Read-only view</a></p></main></body></html>"#,
        escape(message)
    )
}

/// A short error page.
pub fn error(message: &str) -> String {
    format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>annabella — error</title>{STYLE_LINK}</head><body><main><h1>Not done</h1><p role="alert" id="error">{}</p><p><a href="javascript:history.back()">Back</a></p></main></body></html>"#,
        escape(message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_round_trip() {
        for (text, ms) in [("1:29:00", 5_340_000), ("29:05", 1_745_000), ("90", 90_000)] {
            assert_eq!(parse_clock(text), Some(ms), "{text}");
        }
        assert_eq!(clock_text(5_340_000), "1:29:00");
        for bad in ["", "1:60", "a:00", "1:2:3:4", "-5"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn escape_everything_that_matters() {
        assert_eq!(
            escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }

    #[test]
    fn spectators_get_no_forms_and_arbiters_do() {
        let view = crate::demo::scenario();
        let spectator = page(&view, &Mode::Spectator, None);
        assert!(!spectator.contains("<form"), "read-only view has no forms");
        assert!(spectator.contains(r#"aria-live="assertive""#));
        let arbiter = page(
            &view,
            &Mode::Arbiter {
                token: "t0k".into(),
                by: "IA <Weber>".into(),
            },
            None,
        );
        assert!(arbiter.contains("Carry out the plan"));
        assert!(arbiter.contains(r#"name="by" value="IA &lt;Weber&gt;""#));
        assert!(arbiter.contains(r#"name="token" value="t0k""#));
        // Every region appears exactly once on the page.
        for r in [
            "alerts", "status", "boards", "clocks", "plan", "claims", "moves", "log",
        ] {
            assert_eq!(
                arbiter.matches(&format!(r#"data-region="{r}""#)).count(),
                1,
                "{r}"
            );
        }
    }
}

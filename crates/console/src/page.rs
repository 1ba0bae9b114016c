//! The console's HTML in the table's language (the Fluent messages `console-*` and
//! `plan-*`): first, on every screen, what the arbiter takes in at a glance — the
//! state of the game in words, both clocks in large type with whose side is whose and
//! which one runs said in words and shape, the move counters, and next to them the
//! alerts, the pending claims and any reconciliation waiting; then the two boards as
//! SVG with a text alternative, the reconciliation plan, (for the arbiter only) the
//! forms, both scoresheets and the event log. Live regions for alerts, status and log.

use std::fmt::Write;

use annabella_arbiter::{Plan, plan_text};
use annabella_phonetic::{
    Language, localize_san,
    messages::{Arg, Messages, color_arg, piece_words},
};

pub use crate::text::{clock_text, escape, parse_clock};
use annabella_board::{board_svg, board_text};

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

/// The console's words in one language.
#[derive(Clone, Copy)]
struct Say(&'static Messages);

impl Say {
    fn new(language: Language) -> Say {
        Say(Messages::get(language))
    }

    /// A message without arguments, escaped for the page.
    fn t(self, id: &str) -> String {
        escape(&self.0.text(id, &[]))
    }

    /// A message with arguments, escaped for the page.
    fn a(self, id: &str, args: &[Arg<'_>]) -> String {
        escape(&self.0.text(id, args))
    }

    fn side(self, side: Color) -> String {
        self.a("color", &[("color", color_arg(side))])
    }

    fn language(self) -> Language {
        self.0.language()
    }
}

fn boards_region(view: &ConsoleView, say: Say) -> String {
    let differs = view.differing_squares();
    let mut s = String::from(r#"<div data-region="boards" class="boards">"#);
    let (vi, sighted) = (&view.boards.vi, &view.boards.sighted);
    for (key, title, board) in [
        ("vi", say.t("console-vi-board"), vi),
        ("sighted", say.t("console-sighted-board"), sighted),
    ] {
        let _ = write!(s, r#"<figure class="board-figure" data-board="{key}">"#);
        match board {
            Some(b) => {
                s.push_str(&board_svg(
                    b,
                    &format!("board-{key}"),
                    &title,
                    &differs,
                    say.language(),
                ));
                let as_text = say.a("console-board-as-text", &[("board", title.clone().into())]);
                let _ = write!(
                    s,
                    "<figcaption>{title}</figcaption><details><summary>{as_text}</summary><p>{}</p></details>",
                    escape(&board_text(b, say.language()))
                );
            }
            None => {
                let _ = write!(
                    s,
                    r#"<figcaption>{title}</figcaption><p class="error">{}</p>"#,
                    say.t("console-board-unreadable")
                );
            }
        }
        s.push_str("</figure>");
    }
    if let (Some(a), Some(b)) = (vi, sighted) {
        if differs.is_empty() {
            let _ = write!(
                s,
                r#"<p class="agree" id="boards-agree">{}</p>"#,
                say.t("console-boards-agree")
            );
        } else {
            let _ = write!(
                s,
                r#"<div id="differences"><h3>{}</h3><ul>"#,
                say.a("console-boards-differ", &[("count", differs.len().into())])
            );
            for sq in &differs {
                let say_piece = |p: Option<shakmaty::Piece>| {
                    p.map_or_else(
                        || say.t("console-square-empty"),
                        |p| escape(&piece_words(p, say.language(), "piece")),
                    )
                };
                let _ = write!(
                    s,
                    "<li>{}</li>",
                    say.a(
                        "console-square-differs",
                        &[
                            ("square", sq.to_string().into()),
                            ("vi", say_piece(a.piece_at(*sq)).into()),
                            ("sighted", say_piece(b.piece_at(*sq)).into()),
                        ]
                    )
                );
            }
            s.push_str("</ul></div>");
        }
    }
    s.push_str("</div>");
    s
}

/// Both clocks in large type: whose side (and which is the VI player's), the time, and
/// whether it runs — in words and in shape (a solid frame and ▶ for the running clock,
/// a dashed frame and ■, or ‖ when paused, for the others), never in colour alone — and the counters.
fn clocks_region(view: &ConsoleView, say: Say) -> String {
    let c = &view.clocks;
    let mut s = String::from(r#"<div data-region="clocks" class="clocks">"#);
    for (side, ms, moves) in [
        (Color::White, c.white_ms, c.white_moves),
        (Color::Black, c.black_ms, c.black_moves),
    ] {
        let running = c.running == Some(side) && !c.paused && view.result.is_none();
        let (class, mark, state) = if running {
            ("running", "▶", say.t("console-clock-running"))
        } else if c.paused {
            ("stopped", "‖", say.t("console-clock-paused"))
        } else {
            ("stopped", "■", say.t("console-clock-stopped"))
        };
        let label = if view.vi_plays == Some(side) {
            say.a("console-clock-vi", &[("color", color_arg(side))])
        } else {
            say.side(side)
        };
        let key = side.fold_wb("white", "black");
        let _ = write!(
            s,
            r#"<section class="clock {class}" id="clock-{key}" data-side="{key}" data-running="{running}" aria-label="{label}"><p class="clock-side">{label}</p><p class="clock-time">{time}</p><p class="clock-run"><span class="clock-mark" aria-hidden="true">{mark}</span> {state}</p><p class="clock-moves">{moves}</p></section>"#,
            time = clock_text(ms),
            moves = say.a("console-clock-moves", &[("count", moves.into())]),
        );
    }
    s.push_str("</div>");
    s
}

fn moves_region(view: &ConsoleView, say: Say) -> String {
    let m = &view.moves;
    let n = m.vi.len().max(m.sighted.len());
    let mut s = format!(
        r#"<div data-region="moves"><table class="moves"><caption>{}</caption><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>"#,
        say.t("console-scoresheets"),
        say.t("console-ply"),
        say.t("console-vi-player"),
        say.t("console-sighted-player"),
        say.t("console-same"),
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
            escape(&localize_san(a, say.language())),
            escape(&localize_san(b, say.language())),
            if same {
                say.t("console-yes")
            } else {
                say.t("console-no")
            }
        );
    }
    if n == 0 {
        let _ = write!(
            s,
            r#"<tr><td colspan="4">{}</td></tr>"#,
            say.t("console-no-moves")
        );
    }
    s.push_str("</tbody></table></div>");
    s
}

fn plan_region(view: &ConsoleView, mode: &Mode, say: Say) -> String {
    let mut s = String::from(r#"<div data-region="plan">"#);
    match &view.plan {
        None => {
            let _ = write!(s, r#"<p id="no-plan">{}</p>"#, say.t("console-no-plan"));
        }
        Some(plan) => plan_html(&mut s, plan, mode, say),
    }
    s.push_str("</div>");
    s
}

/// The plan in the table's language: what the case means here, the findings, each
/// board's steps and the clocks to set.
fn plan_html(s: &mut String, plan: &Plan, mode: &Mode, say: Say) {
    let text = plan_text(plan, say.language());
    let _ = write!(
        s,
        r#"<p id="plan-case">{}</p>"#,
        escape(&text.summary.join(" "))
    );
    if !text.findings.is_empty() {
        let _ = write!(s, "<h3>{}</h3><ul>", say.t("plan-findings"));
        for f in &text.findings {
            let _ = write!(s, "<li>{}</li>", escape(f));
        }
        s.push_str("</ul>");
    }
    for b in &text.boards {
        let _ = write!(
            s,
            r#"<h3>{}</h3><ol class="steps" data-board="{}">"#,
            escape(&b.heading),
            b.board
        );
        for step in &b.steps {
            let _ = write!(s, "<li>{}</li>", escape(step));
        }
        s.push_str("</ol>");
    }
    if let Some(c) = &text.clocks {
        let _ = write!(s, r#"<p id="plan-clocks">{}</p>"#, escape(c));
    }
    if matches!(mode, Mode::Arbiter { .. }) {
        s.push_str(&button(
            mode,
            &[
                ("action", "apply-plan"),
                ("target_fen", &plan.target_fen.to_string()),
            ],
            &say.0.text("console-carry-out", &[]),
        ));
    }
}

/// The open decisions besides the alerts: pending claims (with the arbiter's buttons)
/// and a reconciliation waiting further down.
fn claims_region(view: &ConsoleView, mode: &Mode, say: Say) -> String {
    let mut s = String::from(r#"<div data-region="claims">"#);
    if view.claims.is_empty() && view.plan.is_none() {
        let _ = write!(s, "<p>{}</p>", say.t("console-no-claims"));
    }
    if !view.claims.is_empty() {
        s.push_str(r#"<ul class="claims">"#);
        for c in &view.claims {
            let _ = write!(
                s,
                r#"<li class="claim">{}"#,
                say.a(
                    "console-claim",
                    &[
                        ("color", color_arg(c.by)),
                        ("ground", c.ground.clone().into()),
                        ("detail", c.detail.clone().into()),
                    ]
                )
            );
            if matches!(mode, Mode::Arbiter { .. }) {
                let id = c.id.to_string();
                for (accept, label) in [("true", "console-uphold"), ("false", "console-reject")] {
                    s.push_str(&button(
                        mode,
                        &[
                            ("action", "decide-claim"),
                            ("claim", &id),
                            ("accept", accept),
                        ],
                        &say.0.text(label, &[("id", c.id.into())]),
                    ));
                }
            }
            s.push_str("</li>");
        }
        s.push_str("</ul>");
    }
    if view.plan.is_some() {
        let _ = write!(
            s,
            r##"<p class="plan-open"><a href="#plan-section">{}</a></p>"##,
            say.t("console-plan-open")
        );
    }
    s.push_str("</div>");
    s
}

fn alerts_region(view: &ConsoleView, mode: &Mode, say: Say) -> String {
    let mut s = String::from(r#"<div data-region="alerts" aria-live="assertive">"#);
    if view.alerts.is_empty() {
        let _ = write!(s, "<p>{}</p>", say.t("console-no-alerts"));
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
                    &say.0.text("console-dismiss", &[("id", a.id.into())]),
                ));
            }
            s.push_str("</li>");
        }
        s.push_str("</ul>");
    }
    s.push_str("</div>");
    s
}

/// The state of the game in words: not started, running, paused, adjourned or over; for
/// the arbiter, once the game is over and the table waits for it, the button that
/// confirms the result and starts the next game.
fn status_region(view: &ConsoleView, mode: &Mode, say: Say) -> String {
    let c = &view.clocks;
    let (class, text) = match &view.result {
        Some(r) => (
            "finished",
            say.a("console-state-finished", &[("result", r.as_str().into())]),
        ),
        None if c.adjourned => ("adjourned", say.t("console-state-adjourned")),
        None if c.paused => ("paused", say.t("console-state-paused")),
        None if c.running.is_some() => ("running", say.t("console-state-running")),
        None => ("waiting", say.t("console-state-waiting")),
    };
    let next = if view.next_game && view.result.is_some() && matches!(mode, Mode::Arbiter { .. }) {
        format!(
            r#"<p id="next-game">{}</p>"#,
            button(
                mode,
                &[("action", "next-game")],
                &say.0.text("console-next-game", &[])
            )
        )
    } else {
        String::new()
    };
    format!(
        r#"<div data-region="status" aria-live="polite"><p id="result" class="state {class}" data-state="{class}">{text}</p>{next}</div>"#
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

/// The parts of the page that change with the view, in `language`; sent again on
/// every update.
pub fn regions(view: &ConsoleView, mode: &Mode, language: Language) -> String {
    let say = Say::new(language);
    format!(
        r#"<div data-revision="{}">{}{}{}{}{}{}{}{}</div>"#,
        view.revision,
        alerts_region(view, mode, say),
        status_region(view, mode, say),
        boards_region(view, say),
        clocks_region(view, say),
        plan_region(view, mode, say),
        claims_region(view, mode, say),
        moves_region(view, say),
        log_region(view),
    )
}

/// The console's own rules; served after [`annabella_board::STYLESHEET`] as
/// `/style.css` (see [`stylesheet`]).
const STYLE: &str = r#"
body{max-width:90rem}
h1{margin:.2rem 0;font-size:1.6rem}
.who{margin:0 0 .4rem 0;color:var(--muted)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.glance{display:grid;gap:.8rem;grid-template-columns:minmax(0,1fr);align-items:start}
@media (min-width:60rem){.glance{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.glance h2{font-size:1.1rem;margin:.2rem 0}
.state{font-size:1.3rem;font-weight:bold;margin:.2rem 0 .5rem 0}
.clocks{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.6rem}
.clock{margin:0;padding:.3rem .6rem;border:3px dashed var(--line);min-width:0}
.clock.running{border:6px solid var(--fg)}
.clock p{margin:0}
.clock-side{font-weight:bold;font-size:1.05rem}
.clock-time{font-size:clamp(1.9rem,8.5vw,4rem);line-height:1.15;font-weight:bold;font-variant-numeric:tabular-nums;white-space:nowrap}
.clock-run{font-size:1.05rem}
.clock.running .clock-run{font-weight:bold}
.decisions ul{margin:.2rem 0;padding-left:1.2rem}
.boards{display:flex;flex-wrap:wrap;gap:1.5rem}
.board-figure{margin:0;flex:1 1 18rem;max-width:26rem;min-width:0}
tr.differs td,tr.differs th{background:var(--mark-bg);font-weight:bold}
#differences{border-left:4px solid var(--alarm);padding-left:.5rem}
.urgent{font-weight:bold;color:var(--alarm)}
form.inline{display:inline;margin-left:.5rem}
fieldset{margin:.5rem 0;border:1px solid var(--line)}
input,select{max-width:100%}
.error{color:var(--alarm)}
section.part{border-top:1px solid var(--line);margin-top:1rem}
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
        r#"<section aria-labelledby="{id}-h" id="{id}" class="part"><h2 id="{id}-h">{title}</h2>{body}</section>"#
    )
}

fn arbiter_forms(mode: &Mode, say: Say) -> String {
    let h = hidden(mode);
    let side_select = |name: &str, id: &str| {
        format!(
            r#"<label for="{id}">{}</label> <select name="{name}" id="{id}"><option value="white">{}</option><option value="black">{}</option></select>"#,
            say.t("console-side"),
            say.t("console-white"),
            say.t("console-black"),
        )
    };
    let t = |id: &str| say.t(id);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<div class="actions">{}{}
<form method="post" action="/action"><fieldset><legend>{}</legend>{h}<input type="hidden" name="action" value="set-clock">{} <label for="clock-time">{}</label> <input id="clock-time" name="time" required pattern="[0-9:]+" inputmode="numeric"> <button type="submit">{}</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>{}</legend>{h}<input type="hidden" name="action" value="set-moves">{} <label for="moves-count">{}</label> <input id="moves-count" name="moves" type="number" min="0" required> <button type="submit">{}</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>{}</legend>{h}<input type="hidden" name="action" value="penalty">{} <label for="penalty-kind">{}</label> <select id="penalty-kind" name="penalty"><option value="warning">{}</option><option value="add-opponent-time">{}</option><option value="reduce-time">{}</option><option value="lose-game">{}</option></select> <label for="penalty-secs">{}</label> <input id="penalty-secs" name="secs" type="number" min="0" value="120"> <button type="submit">{}</button></fieldset></form>
<form method="post" action="/action"><fieldset><legend>{}</legend>{h}<input type="hidden" name="action" value="declare-result"><label for="result-value">{}</label> <select id="result-value" name="result"><option value="1-0">1-0</option><option value="0-1">0-1</option><option value="1/2-1/2">½-½</option></select> <label for="result-reason">{}</label> <input id="result-reason" name="reason" required> <button type="submit">{}</button></fieldset></form>
</div>"#,
        button(
            mode,
            &[("action", "pause")],
            &say.0.text("console-pause", &[])
        ),
        button(
            mode,
            &[("action", "resume")],
            &say.0.text("console-resume", &[])
        ),
        t("console-set-clock"),
        side_select("side", "clock-side"),
        t("console-time-left"),
        t("console-set-clock-button"),
        t("console-set-moves"),
        side_select("side", "moves-side"),
        t("console-moves-made"),
        t("console-set-moves-button"),
        t("console-penalty"),
        side_select("side", "penalty-side"),
        t("console-penalty-kind"),
        t("console-penalty-warning"),
        t("console-penalty-add"),
        t("console-penalty-reduce"),
        t("console-penalty-lose"),
        t("console-seconds"),
        t("console-penalty-button"),
        t("console-declare"),
        t("console-result"),
        t("console-reason"),
        t("console-declare-button"),
    );
    s
}

/// The whole page in `language`: the first screen (state, clocks, alerts and open
/// decisions), then the boards, the plan, the arbiter's actions, the scoresheets and
/// the log.
pub fn page(view: &ConsoleView, mode: &Mode, notice: Option<&str>, language: Language) -> String {
    let say = Say::new(language);
    let title = if view.table.is_empty() {
        "annabella".to_owned()
    } else {
        escape(&view.table)
    };
    let who = match mode {
        Mode::Spectator => say.t("console-read-only"),
        Mode::Arbiter { by, .. } => say.a("console-arbiter", &[("name", by.clone().into())]),
    };
    let notice = notice.map_or(String::new(), |n| {
        format!(r#"<p role="status" id="notice">{}</p>"#, escape(n))
    });
    let glance = format!(
        r#"<div class="glance"><section aria-labelledby="clocks-h" id="clocks"><h2 id="clocks-h" class="visually-hidden">{clocks_h}</h2>{status}{clocks}</section><section aria-labelledby="alerts-h" id="alerts" class="decisions"><h2 id="alerts-h">{alerts_h}</h2>{alerts}<h2 id="claims-h">{claims_h}</h2><div id="claims">{claims}</div></section></div>"#,
        clocks_h = say.t("console-clocks"),
        status = status_region(view, mode, say),
        clocks = clocks_region(view, say),
        alerts_h = say.t("console-alerts"),
        alerts = alerts_region(view, mode, say),
        claims_h = say.t("console-claims"),
        claims = claims_region(view, mode, say),
    );
    let mut body = String::new();
    body.push_str(&section(
        "boards-section",
        &say.t("console-boards"),
        &boards_region(view, say),
    ));
    body.push_str(&section(
        "plan-section",
        &say.t("console-plan"),
        &plan_region(view, mode, say),
    ));
    if matches!(mode, Mode::Arbiter { .. }) {
        body.push_str(&section(
            "actions",
            &say.t("console-actions"),
            &arbiter_forms(mode, say),
        ));
    }
    body.push_str(&section(
        "moves",
        &say.t("console-moves"),
        &moves_region(view, say),
    ));
    body.push_str(&section("log", &say.t("console-log"), &log_region(view)));
    format!(
        r##"<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title} — {who}</title>{STYLE_LINK}</head><body data-revision="{rev}"><a href="#boards-section" class="skip">{skip}</a><header><h1>{title}</h1><p class="who">{who}</p>{notice}<noscript><p>{reload}</p></noscript></header><main>{glance}{body}</main><script>{SCRIPT}</script></body></html>"##,
        lang = language.code(),
        rev = view.revision,
        skip = say.t("console-skip"),
        reload = say.t("console-reload"),
    )
}

/// The page asking for the token and the arbiter's name, in `language`, with `message`
/// (one of the `console-say-…` sentences) on top.
pub fn login(message: &str, language: Language) -> String {
    let say = Say::new(language);
    format!(
        r#"<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>annabella — {title}</title>{STYLE_LINK}</head><body><main><h1>{title}</h1><p role="alert">{message}</p><form method="get" action="/arbiter"><p><label for="token">{token}</label><br><input id="token" name="token" type="password" required autocomplete="off"></p><p><label for="by">{name}</label><br><input id="by" name="by" required></p><p><button type="submit">{open}</button></p></form><p><a href="/">{read_only}</a></p></main></body></html>"#,
        lang = language.code(),
        title = say.t("console-sign-in"),
        message = escape(message),
        token = say.t("console-sign-in-token"),
        name = say.t("console-sign-in-name"),
        open = say.t("console-sign-in-open"),
        read_only = say.t("console-read-only"),
    )
}

/// A short error page in `language` saying `message`.
pub fn error(message: &str, language: Language) -> String {
    let say = Say::new(language);
    format!(
        r#"<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>annabella — {title}</title>{STYLE_LINK}</head><body><main><h1>{title}</h1><p role="alert" id="error">{message}</p><p><a href="javascript:history.back()">{back}</a></p></main></body></html>"#,
        lang = language.code(),
        title = say.t("console-error"),
        message = escape(message),
        back = say.t("console-back"),
    )
}

/// The notice after an action was sent, in `language`, unescaped: what was done and by
/// whom ("Gesendet: Uhr von Weiß auf 1:29:00 gestellt (von IA Weber).").
pub fn sent(action: &annabella_view::ArbiterCommand, by: &str, language: Language) -> String {
    Messages::get(language).text(
        "console-say-sent",
        &[
            ("action", action.describe_in(language).into()),
            ("by", by.to_owned().into()),
        ],
    )
}

/// The sentence `id` (a `console-say-…` message) in `language`, unescaped.
pub fn sentence(id: &str, language: Language) -> String {
    Messages::get(language).text(id, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sign_in_and_error_pages_speak_the_tables_language() {
        for language in Language::ALL {
            let login = login(&sentence("console-say-wrong-token", language), language);
            let error = error(&sentence("console-say-action-name", language), language);
            assert!(login.contains(&format!(r#"lang="{}""#, language.code())));
            assert!(error.contains(&format!(r#"lang="{}""#, language.code())));
            if language != Language::En {
                for english in [
                    "sign-in",
                    "Console token",
                    "Your name",
                    "That token",
                    "Not done",
                    ">Back<",
                ] {
                    assert!(
                        !login.contains(english) && !error.contains(english),
                        "{language}: {english}"
                    );
                }
            }
        }
        let de = login(
            &sentence("console-say-needs-name", Language::De),
            Language::De,
        );
        assert!(
            de.contains("<h1>Anmeldung des Schiedsrichters</h1>"),
            "{de}"
        );
        assert!(de.contains("Geben Sie Ihren Namen ein: Er wird bei jeder Maßnahme vermerkt."));
        let en = login(
            &sentence("console-say-wrong-token", Language::En),
            Language::En,
        );
        assert!(en.contains("That token is not right.") && en.contains("<h1>Arbiter sign-in</h1>"));
    }

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
    fn the_next_game_button_is_the_arbiters_once_the_game_is_over() {
        let arbiter = Mode::Arbiter {
            token: "t0k".into(),
            by: "IA Weber".into(),
        };
        let button = r#"value="next-game""#;
        let mut view = crate::demo::scenario();
        view.next_game = true;
        assert!(
            !page(&view, &arbiter, None, Language::De).contains(button),
            "not before the result"
        );
        view.result = Some(annabella_rules::GameResult::Draw);
        let shown = page(&view, &arbiter, None, Language::De);
        assert!(shown.contains(button), "{shown}");
        assert!(shown.contains("Ergebnis bestätigen und nächste Partie beginnen"));
        assert!(!page(&view, &Mode::Spectator, None, Language::De).contains(button));
        view.next_game = false;
        assert!(
            !page(&view, &arbiter, None, Language::De).contains(button),
            "not at a table that stops at the result (the demo)"
        );
    }

    /// The words a person reads on a page: the text between the tags (without the
    /// script) and the attributes read aloud or shown (`aria-label`, `title`,
    /// `placeholder`, `alt`).
    fn read_on(html: &str) -> Vec<String> {
        let html = match (html.find("<script>"), html.find("</script>")) {
            (Some(a), Some(b)) => format!("{}{}", &html[..a], &html[b..]),
            _ => html.to_owned(),
        };
        let mut read = Vec::new();
        for (i, part) in html.split('<').enumerate() {
            let (tag, text) = part.split_once('>').unwrap_or(("", part));
            let text = if i == 0 { part } else { text };
            if !text.trim().is_empty() {
                read.push(text.trim().to_owned());
            }
            for attr in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
                if let Some((_, rest)) = tag.split_once(attr) {
                    read.push(rest.split('"').next().unwrap_or("").to_owned());
                }
            }
        }
        read
    }

    /// English words and internal case names that must not reach a German page.
    fn english_on(read: &[String]) -> Vec<String> {
        const ENGLISH: &[&str] = &[
            "the", "of", "to", "is", "by", "and", "White", "Black", "Side", "Set", "set", "Time",
            "time", "Moves", "moves", "Penalty", "Warning", "Declare", "Result", "Reason",
            "Seconds", "Pause", "Resume", "Carry", "Dismiss", "Uphold", "Reject", "claim", "alert",
            "Sent", "field", "expected", "missing", "unknown", "Next", "game", "plan", "board",
            "boards", "clock", "clocks", "Clock", "Board", "left", "made", "counter", "opponent",
            "lose", "player", "Alerts", "Claims", "Actions",
        ];
        read.iter()
            .filter(|text| {
                text.split(|c: char| !c.is_alphanumeric()).any(|w| {
                    ENGLISH.contains(&w)
                        || (w.len() > 3
                            && w.chars().next().is_some_and(char::is_uppercase)
                            && w.chars().skip(1).any(char::is_uppercase)
                            && w.chars().all(char::is_alphabetic))
                })
            })
            .cloned()
            .collect()
    }

    #[test]
    fn the_arbiters_page_its_notices_and_its_refusals_are_all_german_at_a_german_table() {
        let mut view = crate::demo::scenario();
        // The table's own texts come in the table's language; the page adds only its own.
        view.table = "Brett 1".into();
        for entry in &mut view.log {
            entry.text = "Die Partie hat begonnen.".into();
        }
        view.alerts[0].text = "Die Bretter weichen ab (Brett des sehenden Spielers)".into();
        view.claims[0].ground = "berührt – geführt (4.3)".into();
        view.claims[0].detail = "Weiß hat den Springer auf f3 berührt".into();
        let arbiter = Mode::Arbiter {
            token: "t0k".into(),
            by: "IA Weber".into(),
        };
        let actions = [
            annabella_view::ArbiterCommand::Pause,
            annabella_view::ArbiterCommand::Penalty {
                side: Color::White,
                penalty: annabella_view::Penalty::AddOpponentTime { secs: 120 },
            },
            annabella_view::ArbiterCommand::DeclareResult {
                result: annabella_rules::GameResult::Draw,
                reason: "Einigung".into(),
            },
            annabella_view::ArbiterCommand::NextGame,
        ];
        let mut pages = Vec::new();
        for action in &actions {
            let notice = sent(action, "IA Weber", Language::De);
            pages.push(page(&view, &arbiter, Some(&notice), Language::De));
        }
        view.result = Some(annabella_rules::GameResult::Draw);
        view.next_game = true;
        pages.push(page(&view, &arbiter, None, Language::De));
        let form = |fields: &[(&str, &str)]| {
            fields
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect::<std::collections::HashMap<_, _>>()
        };
        for fields in [
            &[("action", "set-clock"), ("side", "white"), ("time", "soon")][..],
            &[
                ("action", "set-clock"),
                ("side", "white"),
                ("time", "99:00:00"),
            ],
            &[("action", "set-moves"), ("side", "white")],
            &[
                ("action", "set-moves"),
                ("side", "white"),
                ("moves", "viele"),
            ],
            &[("action", "declare-result"), ("result", "1-0")],
            &[
                ("action", "penalty"),
                ("side", "grey"),
                ("penalty", "warning"),
            ],
            &[("action", "fly")],
        ] {
            let refusal = crate::form::action_from_form(&form(fields))
                .expect_err("a refusal")
                .sentence(Language::De);
            pages.push(error(&refusal, Language::De));
        }
        for html in &pages {
            let english = english_on(&read_on(html));
            assert!(english.is_empty(), "English on a German page: {english:?}");
        }
        let all = pages.join("");
        for german in [
            "Gesendet: Uhren angehalten (von IA Weber).",
            "Die Restzeit „soon“ ist keine Zeit",
            "Das Feld „Gespielte Züge“ ist leer: Bitte füllen Sie es aus.",
            "Das Feld „Grund“ ist leer",
            "Das Formular ist unvollständig oder veraltet",
            "Strafe verhängen",
        ] {
            assert!(all.contains(german), "{german}");
        }
        // The check itself sees English and case names.
        let english = page(&view, &arbiter, Some("Sent: DeclareResult"), Language::En);
        assert!(english_on(&read_on(&english)).len() > 5);
    }

    #[test]
    fn spectators_get_no_forms_and_arbiters_do() {
        let view = crate::demo::scenario();
        let spectator = page(&view, &Mode::Spectator, None, Language::En);
        assert!(!spectator.contains("<form"), "read-only view has no forms");
        assert!(spectator.contains(r#"aria-live="assertive""#));
        let arbiter = page(
            &view,
            &Mode::Arbiter {
                token: "t0k".into(),
                by: "IA <Weber>".into(),
            },
            None,
            Language::En,
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

//! The hall's HTML: alerts that need the arbiter loud and at the top (an ARIA live
//! region), then every table at a glance — board, clocks, whose turn, the last move —
//! each opening its own view. Spectators get the same page without any form. The
//! projector's page ([`screen_page`]) shows every table of the round in one grid that
//! fits the screen, alerts across the top in large type, and no controls. The boards
//! and the stylesheet are `annabella-board`'s, the same as the table's console. Every
//! text is the hall's language's (`pages.ftl`'s `hall-` messages, [`Hall::language`]).

use std::fmt::Write;

use annabella_board::{ClockPoint, board_svg, clock_chart, clock_table, escape};
use annabella_hall_wire::topic::TableName;
use annabella_phonetic::{
    Language, localize_san,
    messages::{Arg, FluentValue as FluentArg, Messages},
};
use annabella_rules::ClockTime;
use annabella_serve::encode;
use shakmaty::Color;

use crate::round::{Hall, HallAlert, TableEntry};

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
        /// The tables whose action key the hall holds: only these get actions.
        keyed: std::collections::BTreeSet<TableName>,
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

/// The message `id` of `m` with `args`, escaped for the page.
fn say(m: &Messages, id: &str, args: &[Arg<'_>]) -> String {
    escape(&m.text(id, args))
}

/// "Table 3" in the hall's language (escaped).
fn table_words(m: &Messages, table: &str) -> String {
    say(m, "hall-table", &[("table", table.into())])
}

/// What an alert is about, in words (never the wire's internal name).
fn kind_words(m: &Messages, kind: &annabella_table::AlertKind) -> String {
    use annabella_table::AlertKind as K;
    let id = match kind {
        K::Called => "hall-kind-called",
        K::Paused => "hall-kind-paused",
        K::PegBoardDiffers => "hall-kind-peg-board",
        K::SightedBoardDiffers => "hall-kind-sighted-board",
        K::SightedTouch => "hall-kind-sighted-touch",
        K::ViTouch => "hall-kind-vi-touch",
        K::PressWithoutMove => "hall-kind-press",
        K::FlagFall => "hall-kind-flag",
        K::Claim => "hall-kind-claim",
        K::IllegalMove => "hall-kind-illegal",
        K::ClockDevice => "hall-kind-clock-device",
        K::EntryDiffers => "hall-kind-entry",
    };
    say(m, id, &[])
}

/// The heading of a witness alert: a contradicted journal, or an earlier view replayed.
fn witness_words(m: &Messages, w: &crate::round::WitnessAlert) -> String {
    say(
        m,
        if w.replayed {
            "hall-witness-replayed"
        } else {
            "hall-witness-contradicted"
        },
        &[],
    )
}

/// An alert's detail in the hall's language where the table said it in parts (who
/// called the arbiter); else the table's own words (escaped).
fn alert_detail(m: &Messages, note: &annabella_hall_wire::message::AlertNote) -> String {
    match (note.caller, note.cause) {
        (Some(caller), _) => escape(&caller.words(m)),
        (None, Some(cause)) => escape(&cause.words(m)),
        (None, None) => escape(&note.detail),
    }
}

/// The alerts region: newest first.
pub fn alerts(hall: &Hall, viewer: &Viewer) -> String {
    let m = Messages::get(hall.language());
    let alerts = hall.alerts();
    let witness = hall.witness_alerts();
    let mut s = String::new();
    if alerts.is_empty() && witness.is_empty() {
        let _ = write!(s, r#"<p class="calm">{}</p>"#, say(m, "hall-calm", &[]));
        return s;
    }
    let n = alerts.len() + witness.len();
    let _ = write!(
        s,
        r#"<div class="alarm"><p class="count"><strong>{}</strong></p><ol class="alerts">"#,
        say(m, "hall-alert-count", &[("count", n.into())]),
    );
    for w in witness.iter().rev() {
        let _ = write!(
            s,
            r#"<li class="alert" data-table="{t}"><a href="/table/{u}{q}">{n}</a>: <strong>{k}</strong> — {d}</li>"#,
            k = witness_words(m, w),
            t = escape(&w.table),
            n = table_words(m, &w.table),
            u = encode(&w.table),
            q = viewer.query(),
            d = escape(&w.detail()),
        );
    }
    for a in &alerts {
        let _ = write!(
            s,
            r#"<li class="alert" data-table="{t}"><a href="/table/{u}{q}">{n}</a>: <strong>{k}</strong> — {d} <span class="ply">{p}</span>{x}</li>"#,
            x = dismiss_form(m, a, viewer),
            t = escape(&a.table),
            n = table_words(m, &a.table),
            u = encode(&a.table),
            q = viewer.query(),
            k = kind_words(m, &a.note.kind),
            d = alert_detail(m, &a.note),
            p = say(m, "hall-after-ply", &[("number", a.note.ply.into())]),
        );
    }
    s.push_str("</ol></div>");
    s
}

/// The projector's alerts: large type across the top, no controls.
pub fn screen_alerts(hall: &Hall) -> String {
    let m = Messages::get(hall.language());
    let alerts = hall.alerts();
    let witness = hall.witness_alerts();
    if alerts.is_empty() && witness.is_empty() {
        return format!(r#"<p class="calm">{}</p>"#, say(m, "hall-calm", &[]));
    }
    let mut s = String::from(r#"<ol class="alarm pulse">"#);
    for w in witness.iter().rev() {
        let _ = write!(
            s,
            r#"<li class="alert" data-table="{t}">{n}: <strong>{k}</strong> — {r}</li>"#,
            k = witness_words(m, w),
            t = escape(&w.table),
            n = table_words(m, &w.table),
            r = say(m, "hall-record", &[("number", w.seq.into())]),
        );
    }
    for a in &alerts {
        let _ = write!(
            s,
            r#"<li class="alert" data-table="{t}">{n}: <strong>{k}</strong> — {d}</li>"#,
            t = escape(&a.table),
            n = table_words(m, &a.table),
            k = kind_words(m, &a.note.kind),
            d = alert_detail(m, &a.note),
        );
    }
    s.push_str("</ol>");
    s
}

/// Columns and rows of the projector's grid for `n` tables on a 16:9 screen: the
/// arrangement (at most eight columns) whose tiles are largest — a tile's board is as
/// wide as the tile and its names and clocks take a quarter more below it — and, of
/// those, the one with the fewest empty cells. 4 tables: 4 × 1; 30 tables: 8 × 4.
pub fn screen_grid(n: usize) -> (usize, usize) {
    let n = n.max(1);
    let size = |cols: usize| {
        let rows = n.div_ceil(cols);
        (16.0 / cols as f64).min(9.0 / (rows as f64 * 1.25))
    };
    let best = (1..=n.min(8))
        .map(|cols| (cols, size(cols), cols * n.div_ceil(cols) - n))
        .fold((1, 0.0, usize::MAX), |best, c| {
            if c.1 > best.1 + 1e-9 || ((c.1 - best.1).abs() < 1e-9 && c.2 < best.2) {
                c
            } else {
                best
            }
        });
    (best.0, n.div_ceil(best.0))
}

/// Orders table names as people count: "2" before "10", then by text.
fn natural(name: &str) -> (u64, &str) {
    (name.parse().unwrap_or(u64::MAX), name)
}

/// Whether the table's game is adjourned: its last adjournment ruling is not followed
/// by the resumption.
fn adjourned(t: &TableEntry) -> bool {
    use annabella_hall_wire::ruling::RulingKind;
    let Some(state) = &t.state else {
        return false;
    };
    state
        .rulings
        .iter()
        .rev()
        .find(|r| {
            matches!(
                r.kind,
                RulingKind::Adjourned | RulingKind::Sealed | RulingKind::Resumed
            )
        })
        .is_some_and(|r| r.kind != RulingKind::Resumed)
}

/// The state of the table's game in words: finished (with the result), adjourned,
/// paused, a claim waiting, or whose move it is.
fn state_words(m: &Messages, t: &TableEntry) -> (&'static str, String) {
    let Some(state) = &t.state else {
        return ("waiting", say(m, "hall-state-waiting", &[]));
    };
    let v = &state.view;
    if let Some(end) = &t.result {
        let how = m.text(
            "termination",
            &[("termination", end.termination.as_str().into())],
        );
        return (
            "finished",
            say(
                m,
                "hall-state-finished",
                &[
                    ("result", end.result.as_str().into()),
                    ("termination", how.into()),
                ],
            ),
        );
    }
    if adjourned(t) {
        return ("adjourned", say(m, "hall-state-adjourned", &[]));
    }
    let id = match (v.paused, v.turn) {
        (false, Color::White) => "hall-state-white",
        (false, Color::Black) => "hall-state-black",
        (true, Color::White) => "hall-state-paused-white",
        (true, Color::Black) => "hall-state-paused-black",
    };
    let mut s = say(m, id, &[]);
    if v.claim_pending {
        let _ = write!(s, " <strong>{}</strong>", say(m, "hall-claim-waits", &[]));
    }
    (if v.paused { "paused" } else { "running" }, s)
}

/// Both clocks as two blocks, the time in large type under the side's name (the VI
/// player marked) and whether it runs — in words and shape (▶ and a solid frame), not
/// colour alone.
fn clock_blocks(m: &Messages, t: &TableEntry) -> String {
    let Some(state) = &t.state else {
        return String::new();
    };
    let v = &state.view;
    let over = t.result.is_some() || adjourned(t);
    let mut s = String::from(r#"<div class="clocks">"#);
    for (side, time, name) in [
        (Color::White, v.white_time, say(m, "hall-white", &[])),
        (Color::Black, v.black_time, say(m, "hall-black", &[])),
    ] {
        let running = !over && !v.paused && v.running == Some(side);
        let vi = if v.vi_color == side {
            format!(
                r#" <span class="vi-mark">{}</span>"#,
                say(m, "hall-vi", &[])
            )
        } else {
            String::new()
        };
        let key = side.fold_wb("white", "black");
        let _ = write!(
            s,
            r#"<p class="clock{cls}" data-side="{key}" data-running="{running}"><span class="side">{name}{vi}{run}</span> <span class="time">{time}</span></p>"#,
            cls = if running { " running" } else { "" },
            run = if running {
                format!(
                    r#" <span class="run">{}</span>"#,
                    say(m, "hall-running", &[])
                )
            } else {
                String::new()
            },
            time = ClockTime(time).hms(),
        );
    }
    s.push_str("</div>");
    s
}

/// The tables in the projector's grid order: as people count ("2" before "10").
pub fn screen_order(hall: &Hall) -> Vec<&TableEntry> {
    let mut all: Vec<&TableEntry> = hall.tables().collect();
    all.sort_by(|a, b| natural(&a.name).cmp(&natural(&b.name)));
    all
}

/// The projector's cards: every table in the grid's order ([`screen_order`]), each a
/// [`screen_card`].
pub fn screen_cards(hall: &Hall) -> Vec<(TableName, String)> {
    screen_order(hall)
        .into_iter()
        .map(|t| (t.name.clone(), screen_card(hall.language(), t)))
        .collect()
}

/// The projector's card of table `t`, in its own `<li>`: the
/// heading, the state, the board and the clocks in one column, the board sized from the
/// height the others leave (so nothing overlaps) and left out of a tile too low to draw
/// it readably (thirty tables on a laptop).
pub fn screen_card(language: Language, t: &TableEntry) -> String {
    let m = Messages::get(language);
    let open = t.result.is_none() && t.alerts.iter().any(|a| !a.dismissed);
    let (state, words) = state_words(m, t);
    format!(
        r#"<li class="screen-table{cls}" data-table="{n}" data-state="{state}"><h2>{tn} <span class="players">{p}</span></h2><p class="facts">{words}</p>{bd}{cl}</li>"#,
        cls = if open { " needs-arbiter" } else { "" },
        n = escape(&t.name),
        tn = table_words(m, &t.name),
        // A table that knows neither name shows none: its clocks name the sides and
        // mark the VI player, and the tile keeps its height for the board.
        p = if names(t).is_some_and(|(w, b)| unknown(&w) && unknown(&b)) {
            String::new()
        } else {
            players(m, t)
        },
        bd = board(m, t, &board_id("s", t)),
        cl = clock_blocks(m, t),
    )
}

/// The projector's tables region: every table in one grid, no controls.
pub fn screen_tables(hall: &Hall) -> String {
    screen_region(&screen_cards(hall), &screen_tail(hall))
}

/// What the projector shows besides the grid: that no table has published yet.
pub fn screen_tail(hall: &Hall) -> String {
    no_table(hall)
}

/// "No table has published yet." while the hall has no table, else nothing.
fn no_table(hall: &Hall) -> String {
    if hall.tables().next().is_some() {
        return String::new();
    }
    let m = Messages::get(hall.language());
    format!("<p>{}</p>", say(m, "hall-no-table", &[]))
}

/// The class of the projector's grid of `n` tables ([`screen_grid`]).
pub fn screen_grid_class(n: usize) -> String {
    let (cols, rows) = screen_grid(n);
    format!("screen-grid cols-{cols} rows-{rows}")
}

/// The projector's tables region of `cards` ([`screen_cards`]) and `tail`
/// ([`screen_tail`]).
pub fn screen_region<C: AsRef<str>>(cards: &[(TableName, C)], tail: &str) -> String {
    let mut s = format!(r#"<ul class="{}">"#, screen_grid_class(cards.len()));
    for (_, card) in cards {
        s.push_str(card.as_ref());
    }
    s.push_str("</ul>");
    let _ = write!(s, r#"<div id="tables-tail">{tail}</div>"#);
    s
}

fn status(m: &Messages, t: &TableEntry) -> String {
    let (state, words) = state_words(m, t);
    format!(r#"<p class="state" data-state="{state}">{words}</p>"#)
}

fn last_move(m: &Messages, t: &TableEntry) -> String {
    match t.moves.last() {
        Some(mv) => {
            let text = format!(
                "{}{} {}",
                mv.ply.div_ceil(2),
                if mv.color == shakmaty::Color::White {
                    "."
                } else {
                    "..."
                },
                localize_san(&mv.san.to_string(), m.language())
            );
            format!(
                r#"<p class="last-move">{}</p>"#,
                say(m, "hall-last-move", &[("move", text.into())])
            )
        }
        None => format!(
            r#"<p class="last-move">{}</p>"#,
            say(m, "hall-no-move", &[])
        ),
    }
}

/// The id of table `t`'s board on a page (`prefix` and the table's name, so that a card
/// stays the same wherever the table comes in the page's order).
fn board_id(prefix: &str, t: &TableEntry) -> String {
    format!("{prefix}-{}", encode(&t.name))
}

fn board(m: &Messages, t: &TableEntry, id: &str) -> String {
    let Some(state) = &t.state else {
        return String::new();
    };
    let b = &state.view.fen.as_setup().board;
    board_svg(
        b,
        id,
        &m.text("hall-table", &[("table", t.name.as_str().into())]),
        &[],
        m.language(),
    )
}

/// White's and Black's names as the hall knows them: the pairing program's (with title,
/// federation and rating), else the table's own; none before the table's first view.
fn names(t: &TableEntry) -> Option<(String, String)> {
    match (&t.pairing, &t.state) {
        (Some([white, black]), _) => Some((white.label(), black.label())),
        (None, Some(s)) => Some((s.white.clone(), s.black.clone())),
        (None, None) => None,
    }
}

/// Whether `name` is one the table does not know (PGN's "?", or none).
fn unknown(name: &str) -> bool {
    let name = name.trim();
    name.is_empty() || name == "?"
}

/// White – Black: with title, federation and rating when the pairing program gave them;
/// the VI player marked "(VI)" in words.
fn players(m: &Messages, t: &TableEntry) -> String {
    let vi = t.state.as_ref().map(|s| s.view.vi_color);
    let mark = |side: Color, name: String| {
        if vi == Some(side) {
            format!(
                r#"{name} <span class="vi-mark">{}</span>"#,
                say(m, "hall-vi-long", &[])
            )
        } else {
            name
        }
    };
    // A name the table does not know (PGN's "?") is shown as the side, never as "?".
    let shown = |name: String, side: &str| {
        if unknown(&name) {
            escape(&say(m, side, &[]))
        } else {
            escape(name.trim())
        }
    };
    let Some((white, black)) = names(t) else {
        return String::new();
    };
    let (white, black) = (shown(white, "hall-white"), shown(black, "hall-black"));
    format!(
        r#"<span class="player">{}</span> – <span class="player">{}</span>"#,
        mark(Color::White, white),
        mark(Color::Black, black)
    )
}

/// The hall page's cards: one `<li>` per table ([`table_card`]), in the hall's order.
pub fn table_cards(hall: &Hall, viewer: &Viewer) -> Vec<(TableName, String)> {
    hall.tables()
        .map(|t| (t.name.clone(), table_card(hall.language(), t, viewer)))
        .collect()
}

/// The hall page's card of table `t` as `viewer` sees it: heading, state, clocks, last
/// move, board and the arbiter's actions.
pub fn table_card(language: Language, t: &TableEntry, viewer: &Viewer) -> String {
    let m = Messages::get(language);
    let open = t.result.is_none() && t.alerts.iter().any(|a| !a.dismissed);
    format!(
        r#"<li class="table{cls}" data-table="{n}"><h3><a href="/table/{u}{q}">{tn}</a>: {p}</h3>{st}{cl}{lm}{bd}{act}</li>"#,
        cls = if open { " needs-arbiter" } else { "" },
        n = escape(&t.name),
        tn = table_words(m, &t.name),
        u = encode(&t.name),
        q = viewer.query(),
        p = players(m, t),
        st = status(m, t),
        cl = clock_blocks(m, t),
        lm = last_move(m, t),
        bd = board(m, t, &board_id("b", t)),
        act = actions(m, t, viewer),
    )
}

/// What follows the cards: what the hall dropped and how the push goes.
pub fn tables_tail(hall: &Hall) -> String {
    let mut s = no_table(hall);
    s.push_str(&dropped(hall));
    s.push_str(&crate::broadcast::status_html(
        hall.broadcast(),
        Messages::get(hall.language()),
    ));
    s
}

/// The tables region: one card per table.
pub fn tables(hall: &Hall, viewer: &Viewer) -> String {
    tables_region(&table_cards(hall, viewer), &tables_tail(hall))
}

/// The tables region of `cards` ([`table_cards`]) and `tail` ([`tables_tail`]).
pub fn tables_region<C: AsRef<str>>(cards: &[(TableName, C)], tail: &str) -> String {
    let mut s = String::from(r#"<ul class="tables">"#);
    for (_, card) in cards {
        s.push_str(card.as_ref());
    }
    s.push_str("</ul>");
    let _ = write!(s, r#"<div id="tables-tail">{tail}</div>"#);
    s
}

/// What the hall did not believe or could not apply, by why.
pub fn dropped(hall: &Hall) -> String {
    let m = Messages::get(hall.language());
    let d = hall.dropped();
    let parts: Vec<String> = [
        (d.unsigned, "hall-dropped-unsigned"),
        (d.forged, "hall-dropped-forged"),
        (d.unknown_table, "hall-dropped-unknown"),
        (d.too_big, "hall-dropped-big"),
        (d.malformed, "hall-dropped-malformed"),
        (d.illegal, "hall-dropped-illegal"),
        (d.out_of_order, "hall-dropped-gap"),
        (d.absurd, "hall-dropped-absurd"),
        (d.old_game, "hall-dropped-old"),
        (d.actions, "hall-dropped-actions"),
        (d.contradicting, "hall-dropped-contradicting"),
        (d.replayed, "hall-dropped-replayed"),
        (d.newer_protocol, "hall-dropped-newer"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, id)| m.text(id, &[("count", n.into())]))
    .collect();
    let text = if parts.is_empty() {
        m.text("hall-dropped-none", &[])
    } else {
        parts.join(", ")
    };
    format!(
        r#"<p id="dropped" data-dropped="{}">{}</p>"#,
        d.total(),
        say(m, "hall-dropped", &[("text", text.into())])
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
fn dismiss_form(m: &Messages, a: &HallAlert, viewer: &Viewer) -> String {
    let Viewer::Arbiter { token, by, keyed } = viewer else {
        return String::new();
    };
    if !keyed.contains(a.table.as_str()) {
        return String::new();
    }
    format!(
        r#" <form method="post" action="/action" class="dismiss">{h}<input type="hidden" name="seq" value="{seq}"><button name="action" value="dismiss-alert">{n}</button></form>"#,
        h = hidden(token, by, &a.table),
        seq = a.note.seq,
        n = say(m, "hall-dismiss", &[("table", a.table.as_str().into())])
    )
}

/// The chief arbiter's actions at one table: only where the hall holds the table's key,
/// and only those that fit its state (Pause while it runs, Resume while paused or
/// adjourned; once the game is over only the confirmation of its result, which starts
/// the table's next game).
fn actions(m: &Messages, t: &TableEntry, viewer: &Viewer) -> String {
    let Viewer::Arbiter { token, by, keyed } = viewer else {
        return String::new();
    };
    if !keyed.contains(t.name.as_str()) {
        return String::new();
    }
    if t.result.is_some() {
        let h = hidden(token, by, &t.name);
        let next = say(m, "hall-next-game", &[("table", t.name.as_str().into())]);
        return format!(
            r#"<form method="post" action="/action" class="actions">{h}<button name="action" value="next-game">{next}</button></form>"#
        );
    }
    let Some(state) = &t.state else {
        return String::new();
    };
    let h = hidden(token, by, &t.name);
    let table = [("table", FluentArg::from(t.name.as_str()))];
    let clock = if state.view.paused || adjourned(t) {
        format!(
            r#"<button name="action" value="resume">{}</button>"#,
            say(m, "hall-resume", &table)
        )
    } else {
        format!(
            r#"<button name="action" value="pause">{}</button>"#,
            say(m, "hall-pause", &table)
        )
    };
    format!(
        r#"<form method="post" action="/action" class="actions">{h}{clock}</form><form method="post" action="/action" class="result">{h}<input type="hidden" name="action" value="declare-result"><label>{label} <select name="result"><option>1-0</option><option>1/2-1/2</option><option>0-1</option></select></label> <button>{declare}</button></form>"#,
        label = say(m, "hall-result", &table),
        declare = say(m, "hall-declare", &table),
    )
}

/// The hall's own rules; served after [`annabella_board::STYLESHEET`] as `/style.css`.
const STYLE: &str = r#"
#alerts .alarm{font-size:1.3rem}
.alerts{margin:.3rem 0;padding-left:1.5rem}
.tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr));gap:1rem;list-style:none;padding:0}
.table{border:1px solid var(--line);padding:.5rem;min-width:0}
.table h3{margin:.2rem 0}
.clocks{display:flex;flex-wrap:wrap;gap:.3rem .8rem;margin:.3rem 0}
.clock{margin:0;padding:.1rem .4rem;border:2px dashed var(--line);display:flex;flex-direction:column;min-width:0}
.clock.running{border:4px solid var(--fg)}
.clock .side{font-size:.95rem;font-weight:bold}
.clock .time{font-size:2.2rem;line-height:1.1;font-weight:bold;font-variant-numeric:tabular-nums}
.vi-mark{font-weight:bold;border:1px solid currentColor;padding:0 .2em;font-size:.85em}
.state{font-weight:bold;margin:.2rem 0}
.table svg.board{max-width:18rem}
.needs-arbiter{border:4px solid var(--alarm)}
button{min-height:2rem;margin:.2rem 0}
.big-board{max-width:min(32rem,90vh)}
.table-page{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:60rem){.table-page{grid-template-columns:minmax(0,32rem) minmax(0,1fr)}}
.moves{columns:12rem;padding-left:2.5rem}
.moves-table{margin:.5rem 0}
.screen{margin:0;height:100vh;display:flex;flex-direction:column;overflow:hidden;padding:.6vmin}
.screen h1{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.screen #alerts-body{font-size:max(1.6rem,3.2vmin);line-height:1.2}
.screen #alerts-body .calm,.screen #alerts-body .alarm{font-size:inherit;margin:0 0 .6vmin 0;padding:.3vmin 1vmin}
.screen #alerts-body ol{list-style:none}
.screen #tables-body{flex:1;min-height:0}
.screen-grid{list-style:none;margin:0;padding:0;height:100%;display:grid;gap:.6vmin}
.screen-table{border:2px solid var(--line);padding:.25vmin;min-width:0;min-height:0;overflow:hidden;display:grid;grid-template-columns:minmax(0,1fr);grid-template-rows:auto auto minmax(0,1fr) auto;justify-items:center;container-type:size}
.screen-table.needs-arbiter{border:.5vmin solid var(--alarm)}
.screen-table h2,.screen-table .facts{margin:0;max-width:100%;font-size:max(.9rem,1.6vmin);line-height:1.15;text-align:center}
.screen-table .clocks{justify-content:center;margin:.2vmin 0 0 0;gap:.3vmin 1vmin;width:100%}
.screen-table .clock .side{font-size:max(.9rem,1.6vmin)}
.screen-table .clock .time{font-size:max(2rem,3.6vmin)}
.screen-table .clocks{flex-wrap:wrap;max-width:100%}
.screen-table h2,.screen-table .clock .side{overflow-wrap:anywhere}
.screen-table .clock{min-width:0;max-width:100%;padding:0 .25vmin;column-gap:.25em}
.screen-table svg.board .piece{font-size:38px}
.screen-table svg.board .piece.black{stroke:#000}
.cols-5 svg.board .piece,.cols-6 svg.board .piece,.cols-7 svg.board .piece,.cols-8 svg.board .piece{stroke-width:3px}
.cols-5 svg.board .piece.white,.cols-6 svg.board .piece.white,.cols-7 svg.board .piece.white,.cols-8 svg.board .piece.white{stroke:#fff}
.cols-5 .clocks,.cols-6 .clocks,.cols-7 .clocks,.cols-8 .clocks{flex-direction:column;align-items:stretch;width:100%;gap:.3vmin}
.cols-5 .clock,.cols-6 .clock,.cols-7 .clock,.cols-8 .clock{flex-direction:row;flex-wrap:wrap;justify-content:space-between;align-items:center;column-gap:.3em;padding:0 .3vmin}
.cols-5 .clock .time,.cols-6 .clock .time,.cols-7 .clock .time,.cols-8 .clock .time{font-size:max(1.8rem,3.2vmin);line-height:1}
.cols-5 .clock .side,.cols-6 .clock .side,.cols-7 .clock .side,.cols-8 .clock .side{font-size:max(.75rem,1.25vmin);display:flex;flex-direction:row;flex-wrap:wrap;align-items:center;column-gap:.3em;line-height:1.05}
.cols-7 .clock .side,.cols-8 .clock .side{font-size:max(.75rem,1.1vmin)}
.cols-7 h2,.cols-8 h2,.cols-7 .facts,.cols-8 .facts{font-size:max(.75rem,1.3vmin);line-height:1.1}
.cols-7 .clocks,.cols-8 .clocks{margin:0;gap:.2vmin}
.cols-7 .player,.cols-8 .player{overflow-wrap:anywhere}
.screen-table .players{font-weight:normal}
.screen-table svg.board{height:100%;width:auto;max-width:100%;min-height:0;aspect-ratio:1}
@container (max-height:12rem){.screen-table svg.board{display:none}}
@media (max-width:40rem){.screen{height:auto;overflow:visible}.screen .screen-grid{grid-template-columns:minmax(0,1fr);grid-template-rows:none}.screen-table{container-type:normal;grid-template-rows:none}.screen-table svg.board{width:100%;height:auto}}
.cols-1{grid-template-columns:repeat(1,minmax(0,1fr))}.cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}
.cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}.cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}
.cols-5{grid-template-columns:repeat(5,minmax(0,1fr))}.cols-6{grid-template-columns:repeat(6,minmax(0,1fr))}
.cols-7{grid-template-columns:repeat(7,minmax(0,1fr))}.cols-8{grid-template-columns:repeat(8,minmax(0,1fr))}
.rows-1{grid-template-rows:repeat(1,minmax(0,1fr))}.rows-2{grid-template-rows:repeat(2,minmax(0,1fr))}
.rows-3{grid-template-rows:repeat(3,minmax(0,1fr))}.rows-4{grid-template-rows:repeat(4,minmax(0,1fr))}
.rows-5{grid-template-rows:repeat(5,minmax(0,1fr))}.rows-6{grid-template-rows:repeat(6,minmax(0,1fr))}
.rows-7{grid-template-rows:repeat(7,minmax(0,1fr))}.rows-8{grid-template-rows:repeat(8,minmax(0,1fr))}
"#;

/// The whole stylesheet of the hall's pages (`/style.css`): the shared board and
/// colours, then the hall's own rules.
pub fn stylesheet() -> String {
    format!("{}{STYLE}", annabella_board::STYLESHEET)
}

/// The head of every hall page: charset, viewport, title and the stylesheet.
fn head(title: &str) -> String {
    format!(
        r#"<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title><link rel="stylesheet" href="/style.css"></head>"#
    )
}

/// The pages' one script: the whole regions on a `hall` event, only what changed on a
/// `change` event — a table's card, the alerts, the tail and, when tables came or went,
/// the tables' order (the cards it has kept, the new ones from the event, the rest
/// dropped) and the projector's grid.
pub(crate) const SCRIPT: &str = r#"
(function(){
  if(!window.EventSource)return;
  var es=new EventSource('/events'+location.search);
  es.addEventListener('hall',function(ev){
    var d=JSON.parse(ev.data);
    var a=document.getElementById('alerts-body');if(a.innerHTML!==d.alerts)a.innerHTML=d.alerts;
    var t=document.getElementById('tables-body');if(t.innerHTML!==d.tables)t.innerHTML=d.tables;
    document.body.setAttribute('data-version',d.version);
  });
  es.addEventListener('change',function(ev){
    var d=JSON.parse(ev.data);
    if(d.alerts!==undefined){document.getElementById('alerts-body').innerHTML=d.alerts;}
    if(d.tail!==undefined){var tl=document.getElementById('tables-tail');if(tl)tl.innerHTML=d.tail;}
    var body=document.getElementById('tables-body');
    var list=body.querySelector('ul');
    if(d.order&&list){
      var have={},fresh={};
      Array.prototype.forEach.call(list.children,function(li){have[li.getAttribute('data-table')]=li;});
      (d.cards||[]).forEach(function(c){fresh[c[0]]=c[1];});
      var all=document.createDocumentFragment();
      d.order.forEach(function(n){
        var li=have[n];
        if(fresh[n]!==undefined){var tp=document.createElement('template');tp.innerHTML=fresh[n];li=tp.content.firstElementChild;}
        if(li)all.appendChild(li);
      });
      while(list.firstChild)list.removeChild(list.firstChild);
      list.appendChild(all);
      if(d.grid)list.className=d.grid;
    }else{
      var lis=body.querySelectorAll('li[data-table]');
      (d.cards||[]).forEach(function(c){
        for(var i=0;i<lis.length;i++){if(lis[i].getAttribute('data-table')===c[0]){lis[i].outerHTML=c[1];break;}}
      });
    }
    document.body.setAttribute('data-version',d.version);
  });
})();
"#;

/// The whole hall page.
pub fn hall_page(hall: &Hall, viewer: &Viewer, version: u64, notice: Option<&str>) -> String {
    let m = Messages::get(hall.language());
    let title = say(
        m,
        match viewer {
            Viewer::Spectator => "hall-title",
            Viewer::Arbiter { .. } => "hall-title-arbiter",
        },
        &[],
    );
    let notice = notice.map_or_else(String::new, |n| {
        format!(r#"<p role="status" class="notice">{}</p>"#, escape(n))
    });
    format!(
        r#"<!DOCTYPE html><html lang="{lang}">{h}<body data-version="{version}"><h1>{title}</h1>{notice}<section id="alerts" aria-labelledby="alerts-h"><h2 id="alerts-h">{ah}</h2><div id="alerts-body" aria-live="assertive" aria-atomic="false">{a}</div></section><section id="tables" aria-labelledby="tables-h"><h2 id="tables-h">{th}</h2><div id="tables-body">{t}</div></section><p><a href="/games.pgn">{all}</a></p><script>{SCRIPT}</script></body></html>"#,
        lang = m.language().code(),
        h = head(&title),
        ah = say(m, "hall-alerts", &[]),
        th = say(m, "hall-tables", &[]),
        all = say(m, "hall-all-games", &[]),
        a = alerts(hall, viewer),
        t = tables(hall, viewer),
    )
}

/// The projector's page (`/?screen`): every table of the round in one grid that fits
/// the screen (up to 30 tables at 1920 × 1080), alerts across the top in large type, no
/// controls; it follows the hall live like the hall page.
pub fn screen_page(hall: &Hall, version: u64) -> String {
    let m = Messages::get(hall.language());
    format!(
        r#"<!DOCTYPE html><html lang="{lang}">{h}<body class="screen" data-version="{version}"><h1>{title}</h1><section id="alerts" aria-label="{ah}"><div id="alerts-body" aria-live="assertive" aria-atomic="false">{a}</div></section><main id="tables-body">{t}</main><script>{SCRIPT}</script></body></html>"#,
        lang = m.language().code(),
        title = say(m, "hall-title", &[]),
        ah = say(m, "hall-alerts", &[]),
        h = head(&say(m, "hall-title-screen", &[])),
        a = screen_alerts(hall),
        t = screen_tables(hall),
    )
}

/// One table's own view: a large board, clocks, the moves and its alerts.
pub fn table_page(language: Language, t: &TableEntry, viewer: &Viewer) -> String {
    let m = Messages::get(language);
    // One line per move: White's half-move and Black's reply.
    let mut moves = String::new();
    for pair in t.moves.chunks(2) {
        let sans: Vec<String> = pair
            .iter()
            .map(|m| escape(&localize_san(&m.san.to_string(), language)))
            .collect();
        let _ = write!(
            moves,
            r#"<li value="{}">{}</li>"#,
            pair[0].ply.div_ceil(2),
            sans.join(" ")
        );
    }
    let alerts: String = t
        .alerts
        .iter()
        .rev()
        .map(|a| {
            format!(
                "<li><strong>{}</strong> — {}{}</li>",
                kind_words(m, &a.kind),
                alert_detail(m, a),
                if a.dismissed {
                    format!(" {}", say(m, "hall-dismissed", &[]))
                } else {
                    String::new()
                }
            )
        })
        .collect();
    let alerts = if alerts.is_empty() {
        format!(r#"<p class="calm">{}</p>"#, say(m, "hall-no-alert", &[]))
    } else {
        let open = t.alerts.iter().any(|a| !a.dismissed);
        format!(
            r#"<ol class="{}">{alerts}</ol>"#,
            if open { "alarm" } else { "alerts" }
        )
    };
    let points: Vec<ClockPoint> = t
        .moves
        .iter()
        .map(|m| ClockPoint {
            ply: m.ply,
            white_ms: m.white_ms,
            black_ms: m.black_ms,
        })
        .collect();
    format!(
        r#"<!DOCTYPE html><html lang="{lang}">{h}<body><h1>{n}: {p}</h1><p><a href="/{q}">{back}</a></p><section aria-labelledby="ta-h"><h2 id="ta-h">{ah}</h2><div aria-live="assertive">{alerts}</div></section><div class="table-page"><div class="big-board">{st}{cl}{bd}</div><div class="record"><section aria-labelledby="mv-h"><h2 id="mv-h">{mh}</h2><ol class="moves">{moves}</ol></section><section aria-labelledby="ck-h"><h2 id="ck-h">{ch}</h2>{chart}<details><summary>{same}</summary>{numbers}</details></section>{act}</div></div></body></html>"#,
        lang = language.code(),
        h = head(&table_words(m, &t.name)),
        n = table_words(m, &t.name),
        back = say(m, "hall-back", &[]),
        ah = say(m, "hall-alerts", &[]),
        mh = say(m, "hall-moves", &[]),
        ch = say(m, "hall-clock-chart", &[]),
        same = say(m, "hall-clock-numbers", &[]),
        p = players(m, t),
        q = if matches!(viewer, Viewer::Spectator) {
            String::new()
        } else {
            format!("arbiter{}", viewer.query())
        },
        st = status(m, t),
        cl = clock_blocks(m, t),
        bd = board(m, t, "big"),
        chart = clock_chart(&points, "clock-chart", "clock-table", language),
        numbers = clock_table(&points, "clock-table", language),
        act = actions(m, t, viewer),
    )
}

/// A page in `language` saying what is wrong (bad token, unknown table): the HTTP
/// `status` in its heading, `text` below it.
pub fn message_page(language: Language, status: &str, text: &str) -> String {
    let title = say(
        Messages::get(language),
        "hall-refused-title",
        &[("status", status.into())],
    );
    format!(
        r#"<!DOCTYPE html><html lang="{lang}">{h}<body><h1>{title}</h1><p role="alert">{t}</p></body></html>"#,
        lang = language.code(),
        h = head(&title),
        t = escape(text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_of_an_empty_hall_speaks_the_halls_language() {
        for language in Language::ALL {
            let hall = Hall::default().with_language(language);
            let m = Messages::get(language);
            let lang = format!(r#"<html lang="{}">"#, language.code());
            for page in [
                hall_page(&hall, &Viewer::Spectator, 1, None),
                screen_page(&hall, 1),
            ] {
                assert!(page.contains(&lang), "{language}: {page}");
                for id in ["hall-title", "hall-calm", "hall-no-table"] {
                    assert!(page.contains(&say(m, id, &[])), "{language}: {id}: {page}");
                }
            }
            assert!(tables_tail(&hall).contains(&say(m, "hall-dropped-none", &[])));
        }
    }

    /// A table that does not know its players' names ("?" in the PGN) shows the sides
    /// on every card and tile, never a "?", in the hall's language.
    #[test]
    fn unknown_names_are_shown_as_the_sides_never_as_a_question_mark() {
        let mut hall = crate::round::tests::hall();
        for m in crate::round::tests::game("3", 1) {
            crate::round::tests::wire(&mut hall, &m);
        }
        let t = hall.table("3").expect("table 3");
        assert_eq!(t.state.as_ref().map(|s| s.white.as_str()), Some("?"));
        let de = Messages::get(Language::De);
        let shown = players(de, t);
        assert!(
            shown.contains(">Weiß <span class=\"vi-mark\">") || shown.contains(">Weiß<"),
            "{shown}"
        );
        assert!(shown.contains(">Schwarz"), "{shown}");
        assert!(!shown.contains('?'), "{shown}");
        let page = hall_page(&hall, &Viewer::Spectator, 1, None);
        assert!(!page.contains("<span class=\"player\">?"), "{page}");
        // The projector's tile of a table knowing neither name shows none: its clocks
        // name the sides.
        let tile = screen_card(Language::De, t);
        assert!(tile.contains(r#"<span class="players"></span>"#), "{tile}");
    }

    #[test]
    fn the_projector_grid_fills_the_screen_for_one_to_thirty_tables() {
        assert_eq!(screen_grid(1), (1, 1));
        assert_eq!(screen_grid(3), (3, 1));
        assert_eq!(screen_grid(4), (4, 1), "not 3 × 2 with a third empty");
        assert_eq!(screen_grid(30), (8, 4));
        for n in 1..=30 {
            let (cols, rows) = screen_grid(n);
            assert!(cols <= 8 && cols * rows >= n, "{n}: {cols} × {rows}");
            assert!(
                cols * rows - n < cols,
                "{n}: a whole empty row in {cols} × {rows}"
            );
        }
    }

    #[test]
    fn who_called_the_arbiter_is_said_in_the_halls_language() {
        use annabella_hall_wire::message::AlertNote;
        use annabella_table::{AlertKind, Caller};
        let note = |caller| AlertNote {
            kind: AlertKind::Called,
            detail: "the sighted player (black) calls the arbiter; the clocks are stopped".into(),
            ply: 4,
            seq: 9,
            at_ms: 0,
            dismissed: false,
            caller,
            cause: None,
        };
        let de = Messages::get(Language::De);
        let sighted = Caller::Player {
            color: Color::Black,
            vi: false,
            stopped: true,
        };
        assert_eq!(
            alert_detail(de, &note(Some(sighted))),
            "Der sehende Spieler (Schwarz) ruft den Schiedsrichter; die Uhren sind angehalten."
        );
        let vi = Caller::Player {
            color: Color::White,
            vi: true,
            stopped: true,
        };
        assert_eq!(
            alert_detail(Messages::get(Language::Hu), &note(Some(vi))),
            "A látássérült játékos (Világos) hívja a bírót; az órák meg vannak állítva."
        );
        // A table that does not say who called (an older journal): its own words.
        assert_eq!(
            alert_detail(de, &note(None)),
            "the sighted player (black) calls the arbiter; the clocks are stopped"
        );
        for language in Language::ALL {
            let m = Messages::get(language);
            for caller in [
                sighted,
                vi,
                Caller::Player {
                    color: Color::White,
                    vi: false,
                    stopped: false,
                },
                Caller::ClockButton,
            ] {
                let text = alert_detail(m, &note(Some(caller)));
                assert!(!text.contains("hall-called"), "{language}: {text}");
                if language != Language::En {
                    assert!(!text.contains("arbiter"), "{language}: {text}");
                }
            }
        }
    }

    #[test]
    fn why_the_table_raised_an_alert_is_said_in_the_halls_language() {
        use annabella_hall_wire::message::AlertNote;
        use annabella_table::{AlertCause, AlertKind};
        let causes = [
            AlertCause::ClockLost,
            AlertCause::ClockBack,
            AlertCause::ClockRefuses,
            AlertCause::ClockLowBattery,
            AlertCause::StartWaits,
            AlertCause::SightedBoardDiffers,
            AlertCause::SightedPressWithoutMove,
            AlertCause::PausedByVi,
            AlertCause::PausedBySighted {
                color: Color::Black,
            },
            AlertCause::PausedByButton,
            AlertCause::FlagFall {
                color: Color::White,
            },
        ];
        let note = |cause: AlertCause| AlertNote {
            kind: AlertKind::ClockDevice,
            detail: cause.english(),
            ply: 4,
            seq: 9,
            at_ms: 0,
            dismissed: false,
            caller: None,
            cause: Some(cause),
        };
        assert_eq!(
            alert_detail(Messages::get(Language::De), &note(causes[3])),
            "die Schachuhr meldet eine schwache Batterie"
        );
        assert_eq!(
            alert_detail(Messages::get(Language::De), &note(causes[8])),
            "der sehende Spieler (Schwarz) hat die Uhren angehalten"
        );
        for language in Language::ALL {
            let m = Messages::get(language);
            let mut seen = std::collections::BTreeSet::new();
            for cause in causes {
                let text = alert_detail(m, &note(cause));
                assert!(!text.starts_with("view-cause"), "{language}: {text}");
                if language == Language::En {
                    assert_eq!(
                        text.to_lowercase(),
                        escape(&cause.english()).to_lowercase(),
                        "the detail's own words"
                    );
                } else {
                    for english in ["the ", "clock", "player", "stopped", "board"] {
                        assert!(!text.contains(english), "{language}: {text}");
                    }
                }
                seen.insert(text);
            }
            assert_eq!(seen.len(), causes.len(), "{language}");
        }
    }
}

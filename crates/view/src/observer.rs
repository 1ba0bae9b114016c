//! The console's picture of the table: the station's [`TableView`] and the shell's
//! [`Line`]s (inputs, effects, device reports) made into a [`ConsoleView`] — both boards
//! as observed, clocks, both scoresheets, the event log, pending claims, alerts and the
//! reconciliation plan of `annabella-arbiter` computed on the live boards.

use std::{collections::VecDeque, time::Duration};

use crate::console_view::{
    Alert, BoardsView, ClaimView, ClocksView, ConsoleView, LogEntry, MovesView,
};
use annabella_arbiter::{Case, ClockReading, Evidence, Plan, Record, reconcile};
use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};
use annabella_table::{
    AlertKind, ArbiterAlert, Audience, ClaimKind, Effect, GameEnd, Input, PendingClaimView,
    RecordedMove, TableConfig, TableView, detect::peg_pieces::PegPieces,
};
use shakmaty::{Bitboard, Board, Chess, Color, Position, Square, san::SanPlus};

use crate::{
    line::{DeviceReport, Journalled, Line, device_name},
    peg_pieces,
};

/// How many log lines the console keeps.
pub const LOG_LINES: usize = 300;

/// The id of the computed alert about pegs no piece explains (it goes by itself).
pub const UNIDENTIFIED_PEG_ALERT: u64 = 0;

/// Table time as the console shows it: `h:mm:ss`.
pub fn clock_text(at: Duration) -> String {
    annabella_rules::ClockTime(at).hms()
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// One alert the table raised, with what it was about.
#[derive(Debug, Clone)]
struct Raised {
    alert: Alert,
    kind: AlertKind,
    /// The journal record whose input raised it.
    seq: u64,
}

/// Everything the console knows beyond the table's snapshot.
#[derive(Debug)]
pub struct Observer {
    table: String,
    start: Chess,
    initial: Duration,
    log: VecDeque<LogEntry>,
    alerts: Vec<Raised>,
    next_alert: u64,
    claim_id: u64,
    had_claim: bool,
    revision: u64,
    last: Option<ConsoleView>,
    /// The journal record of the last input seen.
    last_seq: u64,
    /// The table's language: the log's, the alerts' and the claims' words.
    language: Language,
    /// The table goes on to a next game once the arbiter confirms the result.
    game_after_game: bool,
}

impl Observer {
    /// An observer of a table named `table` with this configuration.
    ///
    /// # Errors
    /// The configuration's start position is not legal (the table would refuse it too).
    pub fn new(
        table: impl Into<String>,
        config: &TableConfig,
    ) -> Result<Observer, annabella_table::ConfigError> {
        Ok(Observer {
            table: table.into(),
            start: config.start_position()?,
            initial: config.time_control.initial_time(),
            log: VecDeque::new(),
            alerts: Vec::new(),
            next_alert: 1,
            claim_id: 0,
            had_claim: false,
            revision: 0,
            last: None,
            last_seq: 0,
            language: config.language,
            game_after_game: false,
        })
    }

    /// The message `id` with `args` in the table's language.
    fn say(&self, id: &str, args: &[Arg<'_>]) -> String {
        Messages::get(self.language).text(id, args)
    }

    /// An observer of a table that goes on to a next game once the arbiter confirms the
    /// result (the view's `next_game` is set when the game is over).
    #[must_use]
    pub fn game_after_game(mut self, yes: bool) -> Observer {
        self.game_after_game = yes;
        self
    }

    /// Adds a line to the event log.
    pub fn note(&mut self, at: Duration, text: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(LogEntry {
            at: clock_text(at),
            text,
        });
    }

    /// Takes one of the shell's lines into the log and the alerts.
    pub fn on_line(&mut self, line: &Line) {
        match line {
            Line::Input(journalled) => self.on_input(journalled),
            Line::Effect { at_ms, effect } => self.on_effect(Duration::from_millis(*at_ms), effect),
            // The log has the announcement already (its `Announce` effect).
            Line::Said(_) | Line::Utterance { .. } => {}
            Line::Device {
                at_ms,
                device,
                report,
            } => self.on_device(Duration::from_millis(*at_ms), device, report),
        }
    }

    /// A journalled input: its log line (with why it was refused) and, for the chief
    /// arbiter's dismissal in the hall, the alert it dismisses.
    fn on_input(&mut self, journalled: &Journalled) {
        let input = &journalled.input;
        self.last_seq = journalled.seq;
        // The chief arbiter dismissed an alert in the hall: it goes here too.
        if let Some(raised) = annabella_hall_wire::action::dismissed_by(input) {
            self.alerts.retain(|a| a.seq != raised);
        }
        let at = Duration::from_millis(journalled.at_ms);
        let m = Messages::get(self.language);
        match (input_text(m, input), &journalled.refused) {
            (Some(t), Some(r)) => {
                let line = self.say(
                    "view-refused",
                    &[("text", t.into()), ("reason", r.as_str().into())],
                );
                self.note(at, line);
            }
            (Some(t), None) => self.note(at, t),
            (None, Some(r)) => {
                let line = self.say("view-input-refused", &[("reason", r.as_str().into())]);
                self.note(at, line);
            }
            (None, None) => {}
        }
    }

    /// An effect of the table: what was said, recorded, alerted and how the game ended.
    fn on_effect(&mut self, at: Duration, effect: &Effect) {
        match effect {
            Effect::Announce(a) => {
                let id = match a.to {
                    Audience::ViPlayer => "view-said-vi",
                    Audience::SightedPlayer => "view-said-sighted",
                    Audience::Both => "view-said-both",
                };
                let line = self.say(id, &[("text", a.text.as_str().into())]);
                self.note(at, line);
            }
            Effect::RecordMove(m) => {
                let line = move_text(Messages::get(self.language), self.language, m);
                self.note(at, line);
            }
            Effect::ArbiterAlert(a) => {
                let text = alert_text(Messages::get(self.language), a);
                let line = self.say("view-alert-log", &[("text", text.as_str().into())]);
                self.note(at, line);
                let seq = self.last_seq;
                self.raise(text, true, a.kind.clone(), seq);
            }
            Effect::GameOver(g) => {
                let line = game_over_text(Messages::get(self.language), g);
                self.note(at, line);
            }
            _ => {}
        }
    }

    /// A device's report: its log line, and an alert when its link is lost or cannot open.
    fn on_device(&mut self, at: Duration, device: &str, report: &DeviceReport) {
        let line = device_text(Messages::get(self.language), device, report);
        self.note(at, line);
        if report.is_down() {
            let m = Messages::get(self.language);
            let args = [
                ("device", device_name(m, device).into()),
                ("report", report.words(m).into()),
            ];
            let text = self.say("view-device-down", &args);
            self.raise(text, false, AlertKind::Called, 0);
        }
    }

    /// Raises an alert with the next id (`seq`: the journal record whose input raised it).
    fn raise(&mut self, text: String, urgent: bool, kind: AlertKind, seq: u64) {
        let id = self.next_alert;
        self.next_alert += 1;
        self.alerts.push(Raised {
            alert: Alert { id, text, urgent },
            kind,
            seq,
        });
    }

    /// Removes an alert the arbiter has seen; false if there is no such alert.
    pub fn dismiss(&mut self, id: u64) -> bool {
        let before = self.alerts.len();
        self.alerts.retain(|a| a.alert.id != id);
        self.alerts.len() != before
    }

    /// The id the console shows for the pending claim.
    pub fn claim_id(&self) -> u64 {
        self.claim_id
    }

    /// The view last published (with its plan), if any.
    pub fn last(&self) -> Option<&ConsoleView> {
        self.last.as_ref()
    }

    /// The console's view of the table now; the revision goes up only when something
    /// changed. Returns `None` when nothing changed since the last call.
    pub fn view(&mut self, t: &TableView) -> Option<ConsoleView> {
        if t.claim.is_some() && !self.had_claim {
            self.claim_id += 1;
        }
        self.had_claim = t.claim.is_some();
        let (peg, sighted, plan) = self.boards_and_plan(t);
        let m = Messages::get(self.language);
        let mut alerts: Vec<Alert> = unidentified_pegs_alert(m, &peg.unidentified)
            .into_iter()
            .collect();
        alerts.extend(self.alerts.iter().map(|a| a.alert.clone()));
        let mut view = ConsoleView {
            revision: self.revision,
            table: self.table.clone(),
            vi_plays: Some(t.vi_color),
            boards: BoardsView {
                vi: Some(peg.board),
                sighted: Some(sighted),
            },
            clocks: clocks(t),
            moves: MovesView {
                vi: sans(&t.moves),
                sighted: sans(&t.moves),
            },
            log: self.log.iter().cloned().collect(),
            claims: (t.claim.iter())
                .map(|c| claim_view(m, self.claim_id, c))
                .collect(),
            alerts,
            plan,
            result: t.result.as_ref().map(|r| r.result),
            next_game: self.game_after_game && t.result.is_some(),
        };
        if self.last.as_ref() == Some(&view) {
            return None;
        }
        self.revision += 1;
        view.revision = self.revision;
        self.last = Some(view.clone());
        Some(view)
    }

    /// Both boards as observed (the pegs' pieces inferred from the game, the sighted
    /// board's snapshot or else the game) and, when either differs from the game, the
    /// D.2.9 plan; once both show the game the discrepancy alerts go by themselves.
    fn boards_and_plan(&mut self, t: &TableView) -> (PegPieces, Board, Option<Plan>) {
        let boards = game_boards(&self.start, &t.moves);
        let game = boards.last().cloned().unwrap_or_else(Board::empty);
        let occupancy: Bitboard = t.peg_board.iter().copied().collect();
        let peg = peg_pieces::infer(&boards, occupancy, t.vi_color);
        let sighted = t.sighted_board.clone().unwrap_or_else(|| game.clone());
        if peg.board == game && sighted == game {
            self.alerts.retain(|a| {
                !matches!(
                    a.kind,
                    AlertKind::PegBoardDiffers | AlertKind::SightedBoardDiffers
                )
            });
            return (peg, sighted, None);
        }
        let plan = reconcile(&Evidence {
            start: self.start.clone(),
            vi: Record {
                scoresheet: sans(&t.moves),
                board: peg.board.clone(),
            },
            sighted: Record {
                scoresheet: sans(&t.moves),
                board: sighted.clone(),
            },
            clocks: readings(&self.start, self.initial, &t.move_clocks),
        });
        let plan = (plan.case != Case::Agreement).then_some(plan);
        (peg, sighted, plan)
    }
}

/// The computed alert about pegs no piece of the game explains, if there are any.
fn unidentified_pegs_alert(m: &Messages, unidentified: &[Square]) -> Option<Alert> {
    if unidentified.is_empty() {
        return None;
    }
    let squares: Vec<String> = unidentified.iter().map(ToString::to_string).collect();
    Some(Alert {
        id: UNIDENTIFIED_PEG_ALERT,
        text: m.text("view-pegs", &[("squares", squares.join(", ").into())]),
        urgent: false,
    })
}

/// The clocks as the table has them (none running while paused or after the end).
fn clocks(t: &TableView) -> ClocksView {
    ClocksView {
        white_ms: ms(t.white_time),
        black_ms: ms(t.black_time),
        running: if t.paused || t.result.is_some() {
            None
        } else {
            t.running
        },
        paused: t.paused,
        white_moves: t.white_moves,
        black_moves: t.black_moves,
        adjourned: t.adjourned,
    }
}

/// The pending claim as the console shows it, under the console's id.
fn claim_view(m: &Messages, id: u64, c: &PendingClaimView) -> ClaimView {
    ClaimView {
        id,
        by: c.by,
        ground: m.text(
            match c.ground {
                ClaimKind::Threefold => "view-ground-threefold",
                ClaimKind::FiftyMoves => "view-ground-fifty",
            },
            &[],
        ),
        detail: match &c.intended {
            Some(mv) => m.text("view-claim-intended", &[("move", mv.to_string().into())]),
            None => m.text("view-claim-not-upheld", &[]),
        },
    }
}

/// A recorded move in the log's words: "Move 1. e4 recorded (1:29:58 left)."
pub(crate) fn move_text(m: &Messages, language: Language, r: &RecordedMove) -> String {
    let mv = format!(
        "{}{} {}",
        r.ply.div_ceil(2),
        if r.color == Color::White { "." } else { "..." },
        annabella_phonetic::localize_san(&r.san.to_string(), language),
    );
    m.text(
        "view-recorded",
        &[("move", mv.into()), ("time", clock_text(r.clock).into())],
    )
}

/// An alert for the arbiter in words: its title and detail.
pub(crate) fn alert_text(m: &Messages, a: &ArbiterAlert) -> String {
    let title = m.text(alert_title(&a.kind), &[]);
    let detail = match (a.caller, a.cause) {
        (Some(caller), _) => caller.words(m),
        (None, Some(cause)) => cause.words(m),
        (None, None) => a.detail.clone(),
    };
    m.text(
        "view-alert",
        &[("what", title.into()), ("detail", detail.into())],
    )
}

/// The end of the game in words: its result and how it ended.
pub(crate) fn game_over_text(m: &Messages, g: &GameEnd) -> String {
    let how = m.text(
        "termination",
        &[("termination", g.termination.as_str().into())],
    );
    m.text(
        "view-game-over",
        &[
            ("result", g.result.as_str().into()),
            ("termination", how.into()),
        ],
    )
}

/// A device's report in the log's words.
pub(crate) fn device_text(m: &Messages, device: &str, report: &DeviceReport) -> String {
    m.text(
        "view-device",
        &[
            ("device", device_name(m, device).into()),
            ("report", report.words(m).into()),
        ],
    )
}

/// A journalled input in the log's words; `None` for one the log does not show.
pub(crate) fn input_text(m: &Messages, input: &Input) -> Option<String> {
    let command = |v: Option<serde_json::Value>, key: &str| {
        v.and_then(|v| v.get(key).and_then(|c| c.as_str()).map(str::to_owned))
            .unwrap_or_default()
            .replace('_', " ")
    };
    match input {
        Input::ByArbiter { by, what, .. } => Some(m.text(
            "view-by-arbiter",
            &[("user", by.as_str().into()), ("text", what.as_str().into())],
        )),
        Input::Arbiter(a) => Some(m.text(
            "view-keyboard",
            &[(
                "text",
                command(serde_json::to_value(a).ok(), "command").into(),
            )],
        )),
        Input::Start => Some(m.text("view-started", &[])),
        Input::Heard { alternatives } => alternatives
            .first()
            .map(|h| m.text("view-heard", &[("text", h.text.as_str().into())])),
        Input::AssistantMove { text } => {
            Some(m.text("view-assistant", &[("move", text.as_str().into())]))
        }
        Input::Sighted(cmd) => Some(m.text(
            "view-sighted",
            &[(
                "what",
                command(serde_json::to_value(cmd).ok(), "command").into(),
            )],
        )),
        _ => None,
    }
}

/// The message id of an alert's title.
fn alert_title(kind: &AlertKind) -> &'static str {
    match kind {
        AlertKind::Called => "view-alert-called",
        AlertKind::Paused => "view-alert-paused",
        AlertKind::PegBoardDiffers => "view-alert-peg-board",
        AlertKind::SightedBoardDiffers => "view-alert-sighted-board",
        AlertKind::SightedTouch => "view-alert-sighted-touch",
        AlertKind::ViTouch => "view-alert-vi-touch",
        AlertKind::PressWithoutMove => "view-alert-press",
        AlertKind::FlagFall => "view-alert-flag",
        AlertKind::ClockDevice => "view-alert-clock-device",
        AlertKind::Claim => "view-alert-claim",
        AlertKind::IllegalMove => "view-alert-illegal",
        AlertKind::EntryDiffers => "view-alert-entry",
    }
}

/// The moves as the scoresheet's text (SAN with check and mate signs).
fn sans(moves: &[SanPlus]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The boards after each ply of the game (`[0]`: the start).
pub fn game_boards(start: &Chess, moves: &[SanPlus]) -> Vec<Board> {
    let mut pos = start.clone();
    let mut out = vec![pos.board().clone()];
    for san in moves {
        match san.san.to_move(&pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                out.push(pos.board().clone());
            }
            Err(_) => break,
        }
    }
    out
}

/// Clock readings by ply from the movers' `%clk` values: after each ply the mover's time
/// is recorded, the other clock keeps its last reading.
pub fn readings(
    start: &Chess,
    initial: Duration,
    move_clocks: &[Duration],
) -> Vec<Option<ClockReading>> {
    let mut white = ms(initial);
    let mut black = white;
    let mut mover = start.turn();
    let mut out = vec![Some(ClockReading {
        white_ms: white,
        black_ms: black,
    })];
    for c in move_clocks {
        match mover {
            Color::White => white = ms(*c),
            Color::Black => black = ms(*c),
        }
        mover = !mover;
        out.push(Some(ClockReading {
            white_ms: white,
            black_ms: black,
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_keep_the_other_clock() {
        let r = readings(
            &Chess::default(),
            Duration::from_secs(60),
            &[Duration::from_secs(58), Duration::from_secs(55)],
        );
        let r: Vec<_> = r
            .into_iter()
            .map(|r| r.map(|r| (r.white_ms, r.black_ms)))
            .collect();
        assert_eq!(
            r,
            vec![
                Some((60_000, 60_000)),
                Some((58_000, 60_000)),
                Some((58_000, 55_000))
            ]
        );
    }

    #[test]
    fn the_log_and_the_device_alert_speak_the_tables_language() {
        let words = [
            (Language::De, "Die Partie hat begonnen.", "Die Verbindung"),
            (Language::En, "The game is started.", "The link to the"),
            (Language::Lt, "Partija pradėta.", "Ryšys"),
            (Language::Lv, "Partija ir sākta.", "Savienojums"),
            (Language::Hu, "A játszma elkezdődött.", "A kapcsolat"),
        ];
        for (language, started, link) in words {
            let config = TableConfig {
                language,
                ..TableConfig::default()
            };
            let mut o = Observer::new("T", &config).expect("config");
            o.on_line(&Line::Input(Journalled {
                at_ms: 1000,
                seq: 1,
                input: Input::Start,
                refused: None,
            }));
            o.on_device(
                Duration::from_secs(2),
                "clock",
                &DeviceReport::Lost {
                    reason: "no answer".into(),
                },
            );
            let log: Vec<&str> = o.log.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(log[0], started, "{language}");
            assert!(
                o.alerts.iter().any(|a| a.alert.text.starts_with(link)),
                "{language}: {:?}",
                o.alerts
            );
        }
    }

    #[test]
    fn a_device_report_is_said_in_the_tables_language() {
        let config = TableConfig {
            language: Language::De,
            ..TableConfig::default()
        };
        let mut o = Observer::new("T", &config).expect("config");
        o.on_device(
            Duration::from_secs(2),
            "peg_board",
            &DeviceReport::Lost {
                reason: "no answer".into(),
            },
        );
        o.on_device(
            Duration::from_secs(3),
            "clock",
            &DeviceReport::Opened {
                path: "/dev/ttyACM0".into(),
                reconnect: true,
            },
        );
        let log: Vec<&str> = o.log.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            log,
            [
                "Steckbrett: getrennt: no answer.",
                "Schachuhr: /dev/ttyACM0 wieder geöffnet."
            ]
        );
        assert_eq!(
            o.alerts[0].alert.text,
            "Die Verbindung zum Gerät Steckbrett: getrennt: no answer."
        );
        // The event line and JSON keep their words.
        let lost = DeviceReport::OpenFailed {
            reason: "busy".into(),
        };
        assert_eq!(lost.to_string(), "cannot open: busy");
        for language in Language::ALL {
            let m = Messages::get(language);
            for device in ["clock", "peg_board", "dgt"] {
                let name = device_name(m, device);
                assert!(
                    !name.contains('_') && !name.is_empty(),
                    "{language}: {name}"
                );
            }
            assert_eq!(device_name(m, "braille_display"), "braille display");
            let words = lost.words(m);
            assert!(
                words.ends_with("busy") && !words.starts_with("view-"),
                "{words}"
            );
        }
    }

    #[test]
    fn an_alert_is_said_in_the_tables_language() {
        use annabella_table::{AlertCause, AlertKind, Caller};
        let cause = AlertCause::FlagFall {
            color: Color::Black,
        };
        let alert = ArbiterAlert {
            kind: AlertKind::FlagFall,
            detail: cause.english(),
            game_fen: shakmaty::fen::Fen::default(),
            vi_board: String::new(),
            sighted_board: None,
            ply: 40,
            caller: None,
            cause: Some(cause),
        };
        let de = Messages::get(Language::De);
        assert_eq!(
            alert_text(de, &alert),
            "Zeitüberschreitung (Fallblättchen): bei Schwarz ist das Fallblättchen gefallen \
             (beim sehbehinderten Spieler); der Gegner oder der Schiedsrichter kann reklamieren"
        );
        let called = ArbiterAlert {
            kind: AlertKind::Called,
            detail: "the VI player (white) calls the arbiter; the clocks are stopped".into(),
            caller: Some(Caller::Player {
                color: Color::White,
                vi: true,
                stopped: true,
            }),
            cause: None,
            ..alert.clone()
        };
        assert!(
            alert_text(de, &called).ends_with(
                "Der sehbehinderte Spieler (Weiß) ruft den Schiedsrichter; die Uhren sind angehalten."
            ),
            "{}",
            alert_text(de, &called)
        );
        // An alert without a cause (an older journal) keeps its own words.
        let older = ArbiterAlert {
            cause: None,
            ..alert
        };
        assert!(alert_text(de, &older).ends_with("the opponent or the arbiter may claim"));
    }

    #[test]
    fn log_keeps_the_latest_lines() {
        let mut o = Observer::new("T", &TableConfig::default()).expect("config");
        for i in 0..LOG_LINES + 5 {
            o.note(Duration::from_secs(i as u64), format!("line {i}"));
        }
        assert_eq!(o.log.len(), LOG_LINES);
        assert_eq!(o.log.front().map(|l| l.text.as_str()), Some("line 5"));
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
    }
}

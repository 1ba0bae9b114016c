//! The station side's pure part: a replica of the table, rebuilt from the journal's
//! records (the journal stores inputs, so replaying gives the very effects the players
//! saw), that turns each record's effects into [`HallMessage`]s.

use std::time::Duration;

use annabella_table::{Effect, Input, Table, TableConfig, TableView};

use crate::{
    message::{AlertNote, Body, HallMessage, MoveEvent, TableState},
    ruling::{self, Ruling},
    topic::TableName,
};

/// A table rebuilt record by record, with the hall's events of each.
pub struct Replica {
    name: TableName,
    epoch_unix_ms: u64,
    table: Table,
    alerts: Vec<AlertNote>,
    rulings: Vec<Ruling>,
    claim: Option<String>,
    plies: usize,
    last_seq: u64,
}

impl std::fmt::Debug for Replica {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replica")
            .field("name", &self.name)
            .field("last_seq", &self.last_seq)
            .finish_non_exhaustive()
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Replica {
    /// A replica of the table `name` made from the journal's configuration and epoch.
    ///
    /// # Errors
    /// The configuration cannot make a table (the journal is not a table's).
    pub fn new(
        name: TableName,
        config: TableConfig,
        epoch_unix_ms: u64,
    ) -> Result<Replica, annabella_table::ConfigError> {
        Ok(Replica {
            name,
            epoch_unix_ms,
            table: Table::new(config)?,
            alerts: Vec::new(),
            rulings: Vec::new(),
            claim: None,
            plies: 0,
            last_seq: 0,
        })
    }

    /// The last record applied.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// The rebuilt table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Applies journal record `seq` (its time and input) and returns its events, the
    /// table's view last. With `publish` false (records the broker already has) only the
    /// replica's state moves on and nothing is built.
    pub fn apply(
        &mut self,
        seq: u64,
        now: Duration,
        input: Input,
        publish: bool,
    ) -> Vec<HallMessage> {
        self.last_seq = seq;
        let at_ms = self.epoch_unix_ms + ms(now);
        self.note_dismissal(&input);
        let effects = self.handle(seq, now, &input);
        let mut bodies = self.effect_bodies(effects, seq, at_ms);
        let view = self.table.snapshot();
        self.new_moves(&view, &mut bodies);
        self.new_claim(&view, &mut bodies);
        if !publish {
            return Vec::new();
        }
        bodies.push(Body::View(Box::new(self.state(view))));
        bodies
            .into_iter()
            .enumerate()
            .map(|(part, body)| HallMessage {
                table: self.name.clone(),
                game: self.epoch_unix_ms,
                seq,
                part: u32::try_from(part).unwrap_or(u32::MAX),
                at_ms,
                body,
                protocol: crate::message::PROTOCOL,
            })
            .collect()
    }

    /// An arbiter's dismissal of an alert (a note, no action) marks the alert dismissed.
    fn note_dismissal(&mut self, input: &Input) {
        if let Some(raised) = crate::action::dismissed_by(input) {
            for a in self.alerts.iter_mut().filter(|a| a.seq == raised) {
                a.dismissed = true;
            }
        }
    }

    /// The table takes the input; its effects come back, and the arbiter's rulings the
    /// record shows are noted.
    fn handle(&mut self, seq: u64, now: Duration, input: &Input) -> Vec<Effect> {
        let before = ruling::Before::of(&self.table, now);
        // A refused input was refused at the table too: no effects, nothing to publish.
        let _refused = self.table.handle(now, input.clone());
        let effects: Vec<_> = std::iter::from_fn(|| self.table.poll_effect()).collect();
        let alert = self.uncited_illegal_move();
        self.rulings.extend(ruling::observe(
            &before,
            &self.table,
            now,
            input,
            &effects,
            seq,
            alert.as_ref().map(|(d, p)| (d.as_str(), *p)),
        ));
        effects
    }

    /// The illegal move a penalty is about: the table's last alert of one not yet cited
    /// by a ruling (its detail and ply).
    fn uncited_illegal_move(&self) -> Option<(String, usize)> {
        let cited = self
            .rulings
            .iter()
            .rev()
            .find(|r| r.kind == ruling::RulingKind::IllegalMove)
            .map_or(0, |r| r.seq);
        self.alerts
            .iter()
            .rev()
            .find(|a| a.kind == annabella_table::AlertKind::IllegalMove && a.seq > cited)
            .map(|a| (a.detail.clone(), a.ply))
    }

    /// The hall's events of the table's effects: announcements, alerts (kept for the
    /// view), the game's end.
    fn effect_bodies(&mut self, effects: Vec<Effect>, seq: u64, at_ms: u64) -> Vec<Body> {
        let mut bodies = Vec::new();
        for effect in effects {
            match effect {
                Effect::Announce(a) => bodies.push(Body::Announce {
                    kind: a.kind,
                    to: a.to,
                }),
                Effect::ArbiterAlert(a) => {
                    let note = AlertNote {
                        kind: a.kind,
                        detail: a.detail,
                        ply: a.ply,
                        seq,
                        at_ms,
                        dismissed: false,
                        caller: a.caller,
                        cause: a.cause,
                    };
                    self.alerts.push(note.clone());
                    bodies.push(Body::Alert(note));
                }
                Effect::GameOver(end) => bodies.push(Body::Result(end.into())),
                _ => {}
            }
        }
        bodies
    }

    /// The moves new in the game since the last record. A move is published when it is
    /// in the game (a sighted move before its clock press, whose time the view's PGN gets
    /// at the press); a take-back shortens.
    fn new_moves(&mut self, view: &TableView, bodies: &mut Vec<Body>) {
        let records = self.table.records();
        self.plies = self.plies.min(records.len());
        for m in &records[self.plies..] {
            // The view's SAN of the ply (typed); the record's text is the same SAN.
            let Some(san) = (m
                .ply
                .checked_sub(1)
                .and_then(|i| view.moves.get(i))
                .cloned())
            .or_else(|| m.san.parse().ok()) else {
                continue;
            };
            bodies.push(Body::Move(MoveEvent {
                ply: m.ply,
                color: m.color,
                san,
                uci: m.uci,
                clock_ms: ms(m.clock),
                white_ms: ms(view.white_time),
                black_ms: ms(view.black_time),
            }));
        }
        self.plies = records.len();
    }

    /// The claim on the table, when it is not the one published last.
    fn new_claim(&mut self, view: &TableView, bodies: &mut Vec<Body>) {
        let claim = view.claim.as_ref().map(|c| Body::Claim {
            by: c.by,
            ground: c.ground,
            intended: c.intended,
        });
        let claim_key = claim.as_ref().map(|c| format!("{c:?}"));
        if claim_key != self.claim {
            self.claim = claim_key;
            bodies.extend(claim);
        }
    }

    /// The table's state for the retained view: the game's tags, `view`, the alerts, the
    /// rulings and the table's PGN.
    fn state(&self, view: TableView) -> TableState {
        let config = self.table.config();
        let event = &config.event;
        TableState {
            white: event.white.clone(),
            black: event.black.clone(),
            event: event.event.clone(),
            round: event.round.clone(),
            site: event.site.clone(),
            date: event.date.clone(),
            time_control: Some(config.time_control.clone()),
            start_fen: config.start_fen.clone(),
            chess960: config.chess960,
            head: None,
            view: view.into(),
            alerts: self.alerts.clone(),
            rulings: self.rulings.clone(),
            pgn: self.table.pgn(),
            board: event.board.clone(),
            arbiter: event.arbiter.clone(),
            white_player: event.white_player.clone(),
            black_player: event.black_player.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    fn three() -> TableName {
        "3".parse().unwrap()
    }

    use super::*;
    use annabella_table::Hypothesis;
    use shakmaty::Color;

    fn heard(text: &str) -> Input {
        Input::Heard {
            alternatives: vec![Hypothesis {
                text: text.into(),
                score: 1.0,
            }],
        }
    }

    #[test]
    fn a_typed_game_gives_moves_then_the_view() {
        let config = TableConfig {
            vi_color: Color::Black,
            ..TableConfig::default()
        };
        let mut r = Replica::new(three(), config, 1_000_000).unwrap();
        let inputs = [
            Input::Start,
            Input::AssistantMove {
                text: "e2e4".into(),
            },
            Input::Lever { side: Color::White },
        ];
        let mut moves = Vec::new();
        for (i, input) in inputs.into_iter().enumerate() {
            let seq = i as u64 + 1;
            let msgs = r.apply(seq, Duration::from_secs(seq), input, true);
            let last = msgs.last().unwrap();
            assert!(
                matches!(last.body, Body::View(_)),
                "the view closes every record"
            );
            assert!(msgs.iter().all(|m| m.seq == seq && m.table == "3"));
            assert_eq!(last.at_ms, 1_000_000 + seq * 1000);
            for m in &msgs {
                let json = serde_json::to_string(m).unwrap();
                let back: HallMessage = serde_json::from_str(&json).unwrap();
                assert_eq!(&back, m, "every message survives the wire");
            }
            moves.extend(msgs.into_iter().filter_map(|m| match m.body {
                Body::Move(mv) => Some(mv),
                _ => None,
            }));
        }
        assert!(
            moves
                .iter()
                .any(|m| m.san.to_string() == "e4" && m.ply == 1),
            "{moves:?}"
        );
    }

    #[test]
    fn quiet_records_build_nothing_but_keep_state() {
        let mut r = Replica::new(three(), TableConfig::default(), 0).unwrap();
        assert!(r.apply(1, Duration::ZERO, Input::Start, false).is_empty());
        assert!(r.table().snapshot().started);
        assert_eq!(r.last_seq(), 1);
        let msgs = r.apply(2, Duration::from_secs(1), heard("Ruhe"), true);
        assert!(!msgs.is_empty());
    }

    #[test]
    fn a_journalled_dismissal_marks_the_alert_in_the_next_view() {
        let mut r = Replica::new(three(), TableConfig::default(), 0).unwrap();
        r.apply(1, Duration::ZERO, Input::Start, false);
        let call = Input::Sighted(annabella_table::SightedCommand::CallArbiter);
        let msgs = r.apply(2, Duration::from_secs(1), call, true);
        assert!(
            msgs.iter()
                .any(|m| matches!(&m.body, Body::Alert(a) if a.seq == 2))
        );
        let dismiss = Input::ByArbiter {
            by: "hall:Chief Arbiter".into(),
            what: crate::action::dismissal_what(2),
            action: None,
            dismissed: Some(2),
        };
        let msgs = r.apply(3, Duration::from_secs(2), dismiss, true);
        let Some(Body::View(state)) = msgs.last().map(|m| &m.body) else {
            unreachable!("the view closes every record")
        };
        assert_eq!(state.alerts.len(), 1);
        assert!(state.alerts[0].dismissed, "{:?}", state.alerts);
    }
}

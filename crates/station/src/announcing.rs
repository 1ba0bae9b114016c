//! The table's announcements for the voice crate's [`Herald`]: who hears each one and
//! how it queues (a move's read-back, a clock notice that may lapse, an answer).

use annabella_table::{
    AnnounceKind, Announcement as TableAnnouncement, Audience, ClockCommand, Effect, Haptic,
};
use annabella_voice::{Earcon, Hearer, Herald, MoveRef, Precedence, Readout, Speech};
use shakmaty::Color;

/// Who hears an announcement to `audience`.
pub fn hearers(audience: Audience) -> &'static [Hearer] {
    match audience {
        Audience::ViPlayer => &[Hearer::ViPlayer],
        Audience::SightedPlayer => &[Hearer::SightedPlayer],
        Audience::Both => &Hearer::ALL,
    }
}

/// The voice readout of the table's announcement `a` for `hearer`.
pub fn readout(a: &TableAnnouncement, hearer: Hearer) -> Readout {
    let speech = Speech::words(a.text.as_str());
    match a.kind {
        AnnounceKind::ReadBack | AnnounceKind::OpponentMove => Readout {
            listener: hearer,
            precedence: Precedence::Move,
            parts: vec![speech],
            move_ref: None::<MoveRef>,
            expires: None,
        },
        AnnounceKind::Clock if a.priority == annabella_table::Priority::Low => {
            Readout::clock_notice(hearer, speech, None)
        }
        AnnounceKind::Arbiter => Readout::notice(hearer, speech),
        _ => Readout::answer(hearer, speech),
    }
}

/// Queues the table's announcement `a` on `herald`.
pub fn say(herald: &Herald, a: &TableAnnouncement) {
    herald.say(a.id, hearers(a.to), |h| readout(a, h));
}

/// The earcons an effect of the table calls for, and who hears each (the herald plays
/// them only to a player who has earcons on). `vi` is the VI player's colour.
pub fn earcons(effect: &Effect, vi: Color) -> Vec<(Hearer, Earcon)> {
    let vi_only = |e: Earcon| vec![(Hearer::ViPlayer, e)];
    match effect {
        Effect::RecordMove(m) if m.check => Hearer::ALL
            .into_iter()
            .map(|h| (h, Earcon::Check))
            .collect(),
        // The own move when the press made it; the opponent's just before its
        // announcement (the earcons of a batch are queued before its words).
        Effect::RecordMove(m) if m.color == vi => vi_only(Earcon::OwnMove),
        Effect::Announce(a) if a.to != Audience::SightedPlayer => match a.kind {
            AnnounceKind::OpponentMove => vi_only(Earcon::OpponentMove),
            AnnounceKind::NotUnderstood => vi_only(Earcon::NotUnderstood),
            _ => Vec::new(),
        },
        Effect::Clock(ClockCommand::Haptic {
            pattern: Haptic::MinuteTick,
        }) => vi_only(Earcon::ClockTick),
        Effect::ArbiterAlert(_) => Hearer::ALL
            .into_iter()
            .map(|h| (h, Earcon::Arbiter))
            .collect(),
        _ => Vec::new(),
    }
}

/// Plays the earcons of a batch of effects (before their announcements are queued, so
/// the sound comes first).
pub fn play_earcons(herald: &Herald, effects: &[Effect], vi: Color) {
    for effect in effects {
        for (hearer, earcon) in earcons(effect, vi) {
            herald.earcon(hearer, earcon);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use annabella_table::RecordedMove;
    use shakmaty::uci::UciMove;

    use super::*;

    fn recorded(color: Color, san: &str) -> Effect {
        Effect::RecordMove(RecordedMove {
            ply: 1,
            color,
            san: san.into(),
            check: san.ends_with(['+', '#']),
            uci: "e2e4".parse::<UciMove>().unwrap(),
            clock: Duration::from_secs(60),
            spent: Duration::from_secs(1),
            at: Duration::from_secs(1),
        })
    }

    #[test]
    fn the_own_move_and_check_when_recorded() {
        let vi = Color::White;
        assert_eq!(
            earcons(&recorded(Color::White, "e4"), vi),
            [(Hearer::ViPlayer, Earcon::OwnMove)]
        );
        assert!(earcons(&recorded(Color::Black, "Nf6"), vi).is_empty());
        assert_eq!(
            earcons(&recorded(Color::Black, "Qh4#"), vi),
            [
                (Hearer::ViPlayer, Earcon::Check),
                (Hearer::SightedPlayer, Earcon::Check)
            ]
        );
        assert_eq!(
            earcons(&recorded(Color::Black, "e5"), Color::Black),
            [(Hearer::ViPlayer, Earcon::OwnMove)]
        );
    }

    #[test]
    fn announcements_ticks_and_the_arbiter() {
        let said = |kind, to| {
            Effect::Announce(TableAnnouncement {
                id: 1,
                to,
                text: "?".into(),
                priority: annabella_table::Priority::Normal,
                kind,
            })
        };
        let vi = Color::White;
        assert_eq!(
            earcons(&said(AnnounceKind::NotUnderstood, Audience::ViPlayer), vi),
            [(Hearer::ViPlayer, Earcon::NotUnderstood)]
        );
        assert!(earcons(&said(AnnounceKind::Answer, Audience::ViPlayer), vi).is_empty());
        assert_eq!(
            earcons(&said(AnnounceKind::OpponentMove, Audience::ViPlayer), vi),
            [(Hearer::ViPlayer, Earcon::OpponentMove)]
        );
        // The sighted player's announcement of the VI player's move is no earcon.
        assert!(
            earcons(
                &said(AnnounceKind::OpponentMove, Audience::SightedPlayer),
                vi
            )
            .is_empty()
        );
        let tick = Effect::Clock(ClockCommand::Haptic {
            pattern: Haptic::MinuteTick,
        });
        assert_eq!(earcons(&tick, vi), [(Hearer::ViPlayer, Earcon::ClockTick)]);
        let flag = Effect::Clock(ClockCommand::Haptic {
            pattern: Haptic::Flag,
        });
        assert!(earcons(&flag, vi).is_empty());
    }

    #[test]
    fn both_players_hear_an_announcement_to_both() {
        assert_eq!(hearers(Audience::Both), Hearer::ALL);
        assert_eq!(hearers(Audience::ViPlayer), [Hearer::ViPlayer]);
        assert_eq!(hearers(Audience::SightedPlayer), [Hearer::SightedPlayer]);
    }
}

//! The table's announcements for the voice crate's [`Herald`]: who hears each one and
//! how it queues (a move's read-back, a clock notice that may lapse, an answer).

use annabella_table::{AnnounceKind, Announcement as TableAnnouncement, Audience};
use annabella_voice::{Announcement, Hearer, Herald, MoveRef, Priority, Speech};

/// Who hears an announcement to `audience`.
pub fn hearers(audience: Audience) -> &'static [Hearer] {
    match audience {
        Audience::ViPlayer => &[Hearer::ViPlayer],
        Audience::SightedPlayer => &[Hearer::SightedPlayer],
        Audience::Both => &Hearer::ALL,
    }
}

/// The voice announcement of the table's `a` for `hearer`.
pub fn announcement(a: &TableAnnouncement, hearer: Hearer) -> Announcement {
    let speech = Speech::words(a.text.as_str());
    match a.kind {
        AnnounceKind::ReadBack | AnnounceKind::OpponentMove => Announcement {
            listener: hearer,
            priority: Priority::Move,
            parts: vec![speech],
            move_ref: None::<MoveRef>,
            expires: None,
        },
        AnnounceKind::Clock if a.priority == annabella_table::Priority::Low => {
            Announcement::clock_notice(hearer, speech, None)
        }
        AnnounceKind::Arbiter => Announcement::notice(hearer, speech),
        _ => Announcement::answer(hearer, speech),
    }
}

/// Queues the table's announcement `a` on `herald`.
pub fn say(herald: &Herald, a: &TableAnnouncement) {
    herald.say(a.id, hearers(a.to), |h| announcement(a, h));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_players_hear_an_announcement_to_both() {
        assert_eq!(hearers(Audience::Both), Hearer::ALL);
        assert_eq!(hearers(Audience::ViPlayer), [Hearer::ViPlayer]);
        assert_eq!(hearers(Audience::SightedPlayer), [Hearer::SightedPlayer]);
    }
}

//! What a reader of a replayed journal is told about it (`annabella journal replay` and
//! `annabella export`, on standard error): damage, authentication, records the table
//! refused, a game edited after it ended. Each is a [`JournalNotice`], worded for people
//! in the table's language (the Fluent messages `journal-*`) or, for programs, in the
//! machine form these lines always had (`annabella: journal PATH: …`).

use std::path::Path;

use annabella_journal::{Authentication, Damage, DamagedRecord, DroppedRecord};
use annabella_phonetic::messages::{Arg, Messages};

use crate::closing::Told;
use crate::session::{ACCEPTED_UNKEYED, Resumed, UNKEYED_AT_KEYED_TABLE};

/// The command line's names for what the reader may do about a doubt the library
/// names: read a journal without MACs anyway, give the table's secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    /// The flag that reads a journal without MACs at a keyed table.
    pub accept_unkeyed: &'static str,
    /// The flag that gives the table's secret.
    pub secret: &'static str,
}

/// What the operator may do about a journal without MACs at a keyed table.
fn unkeyed_hint(flags: Flags) -> String {
    format!(
        "if you know the journal is genuine, {} reads it, not authenticated",
        flags.accept_unkeyed
    )
}

/// One thing the reader of a replayed journal must be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalNotice {
    /// A journal without MACs at a keyed table, read because the operator said so
    /// (`--accept-unkeyed`).
    AcceptedUnkeyed,
    /// The torn last record was set aside.
    Dropped(DroppedRecord),
    /// The first damaged record: only the records before it were replayed.
    Damaged(DamagedRecord),
    /// Damage to the file outside the records, in the journal's own words.
    FileDamage(String),
    /// Keyed with another secret than the one given.
    OtherSecret {
        /// The id of the secret the journal was written with.
        journal: String,
        /// The id of the secret given.
        given: String,
    },
    /// A journal without MACs at a keyed table: possible tampering.
    UnkeyedRefused,
    /// What the operator may do about [`UnkeyedRefused`](Self::UnkeyedRefused).
    UnkeyedHint,
    /// The journal is not authenticated: how far it is checked.
    NotAuthenticated {
        /// How far the journal is authenticated.
        authentication: Authentication,
        /// Made without a secret by design (a demo or test game).
        by_design: bool,
    },
    /// The table refused this record's input during the replay.
    Refused {
        /// The record.
        seq: u64,
        /// Why, in the table's error.
        why: String,
    },
    /// The records no longer replay to the finished game stored when it ended.
    EditedAfterGame {
        /// The stored game's last record.
        last_seq: u64,
    },
    /// The PGN exported is the finished game stored when it ended.
    StoredPgn {
        /// The stored game's last record.
        last_seq: u64,
    },
}

impl Resumed {
    /// The damage of [`warnings`](Resumed::warnings), one notice each, in their order.
    pub fn damage_notices(&self) -> Vec<JournalNotice> {
        let mut notices = Vec::new();
        notices.extend(self.dropped.clone().map(JournalNotice::Dropped));
        notices.extend(self.damage.clone().map(JournalNotice::Damaged));
        let other = match &self.authentication {
            Some(a @ Authentication::OtherSecret { .. }) => Some(a.to_string()),
            _ => None,
        };
        for line in &self.file_damage {
            notices.push(match (&self.authentication, line) {
                (Some(Authentication::OtherSecret { journal, given }), l)
                    if other.as_deref() == Some(l.as_str()) =>
                {
                    JournalNotice::OtherSecret {
                        journal: journal.clone(),
                        given: given.clone(),
                    }
                }
                _ if self.unkeyed_refused && line == UNKEYED_AT_KEYED_TABLE => {
                    JournalNotice::UnkeyedRefused
                }
                _ => JournalNotice::FileDamage(line.clone()),
            });
        }
        notices
    }

    /// The notice of [`not_authenticated`](Resumed::not_authenticated).
    pub fn authentication_notice(&self) -> Option<JournalNotice> {
        self.authentication
            .as_ref()
            .filter(|a| !a.is_authenticated())
            .map(|a| JournalNotice::NotAuthenticated {
                authentication: a.clone(),
                by_design: self.unkeyed_by_design,
            })
    }

    /// Everything a reader of this journal is told before what it shows, in order: an
    /// accepted journal without MACs, damage, the hint to accept one, how far it is not
    /// authenticated, and the records the table refused.
    pub fn notices(&self) -> Vec<JournalNotice> {
        let mut notices = Vec::new();
        if self.accepted_unkeyed {
            notices.push(JournalNotice::AcceptedUnkeyed);
        }
        notices.extend(self.damage_notices());
        if self.unkeyed_refused {
            notices.push(JournalNotice::UnkeyedHint);
        }
        notices.extend(self.authentication_notice());
        notices.extend(
            self.refused
                .iter()
                .map(|(seq, why)| JournalNotice::Refused {
                    seq: *seq,
                    why: why.clone(),
                }),
        );
        notices
    }
}

impl JournalNotice {
    /// The notice about the journal at `path`, one line: for people a sentence of their
    /// language, for programs the machine form as ever; what the reader may do is named
    /// by the command line's `flags`.
    pub fn told(&self, path: &Path, told: Told, flags: Flags) -> String {
        match told {
            Told::Machine => self.machine(path, flags),
            Told::People(language) => {
                let m = Messages::get(language);
                let path = path.display().to_string();
                let say = |id: &str, args: &[Arg<'_>]| {
                    let mut all = vec![
                        ("path", path.clone().into()),
                        ("accept", flags.accept_unkeyed.into()),
                        ("secret", flags.secret.into()),
                    ];
                    all.extend(args.iter().cloned());
                    m.text(id, &all)
                };
                let named =
                    |name: &'static str, n: u64| -> Arg<'static> { (name, n.to_string().into()) };
                match self {
                    JournalNotice::AcceptedUnkeyed => say("journal-accepted-unkeyed", &[]),
                    JournalNotice::Dropped(d) => say(
                        "journal-dropped",
                        &[
                            named("seq", d.seq),
                            ("at", d.now_ms.to_string().into()),
                            ("damage", damage_words(&d.damage, m).into()),
                            named("next", d.seq.saturating_sub(1)),
                        ],
                    ),
                    JournalNotice::Damaged(d) => say(
                        "journal-damaged",
                        &[
                            named("seq", d.seq),
                            ("damage", damage_words(&d.damage, m).into()),
                            named("last", d.seq.saturating_sub(1)),
                            ("count", (d.later + 1).into()),
                        ],
                    ),
                    JournalNotice::FileDamage(what) => {
                        say("journal-file-damage", &[("why", what.clone().into())])
                    }
                    JournalNotice::OtherSecret { journal, given } => say(
                        "journal-other-secret",
                        &[
                            ("journal", journal.clone().into()),
                            ("given", given.clone().into()),
                        ],
                    ),
                    JournalNotice::UnkeyedRefused => say("journal-unkeyed-refused", &[]),
                    JournalNotice::UnkeyedHint => say("journal-unkeyed-hint", &[]),
                    JournalNotice::NotAuthenticated {
                        authentication,
                        by_design,
                    } => match authentication {
                        Authentication::OtherSecret { journal, given } => say(
                            "journal-other-secret",
                            &[
                                ("journal", journal.clone().into()),
                                ("given", given.clone().into()),
                            ],
                        ),
                        Authentication::OldFormat => say("journal-old-format", &[]),
                        Authentication::Unkeyed if *by_design => {
                            say("journal-unkeyed-by-design", &[])
                        }
                        Authentication::Unkeyed => say("journal-unkeyed", &[]),
                        Authentication::NoSecret => say("journal-no-secret", &[]),
                        // Never told: an authenticated journal has no notice.
                        Authentication::Authenticated => say("journal-authenticated", &[]),
                    },
                    JournalNotice::Refused { seq, why } => say(
                        "journal-refused",
                        &[
                            named("seq", *seq),
                            ("why", why.trim_end_matches('.').into()),
                        ],
                    ),
                    JournalNotice::EditedAfterGame { last_seq } => {
                        say("journal-edited-after-game", &[named("seq", *last_seq)])
                    }
                    JournalNotice::StoredPgn { last_seq } => {
                        say("journal-stored-pgn", &[named("seq", *last_seq)])
                    }
                }
            }
        }
    }

    /// The machine form: the lines `journal replay` and `export` have always written.
    fn machine(&self, path: &Path, flags: Flags) -> String {
        let path = path.display();
        let about = |what: &dyn std::fmt::Display| format!("annabella: journal {path}: {what}");
        match self {
            JournalNotice::AcceptedUnkeyed => about(&format_args!(
                "{ACCEPTED_UNKEYED} ({})",
                flags.accept_unkeyed
            )),
            JournalNotice::Dropped(d) => about(d),
            JournalNotice::Damaged(d) => about(d),
            JournalNotice::FileDamage(what) => about(what),
            JournalNotice::OtherSecret { journal, given } => about(&Authentication::OtherSecret {
                journal: journal.clone(),
                given: given.clone(),
            }),
            JournalNotice::UnkeyedRefused => about(&UNKEYED_AT_KEYED_TABLE),
            JournalNotice::UnkeyedHint => about(&unkeyed_hint(flags)),
            JournalNotice::NotAuthenticated {
                authentication,
                by_design,
            } => {
                // The flag that gives the secret is the command line's to name.
                let hint = match authentication {
                    Authentication::NoSecret => format!(" (give it with {})", flags.secret),
                    _ => String::new(),
                };
                match by_design {
                    true => about(&format_args!(
                        "{authentication}: unkeyed by design (a demo or test game){hint}"
                    )),
                    false => about(&format_args!("{authentication}{hint}")),
                }
            }
            JournalNotice::Refused { seq, why } => {
                format!("annabella: record {seq} was refused by the table: {why}")
            }
            JournalNotice::EditedAfterGame { last_seq } => about(&format_args!(
                "the records no longer replay to the finished game stored when it ended (record \
                 {last_seq}): the journal was edited after the game; the PGN is the stored one"
            )),
            JournalNotice::StoredPgn { last_seq } => about(&format_args!(
                "the PGN is the finished game stored when it ended (record {last_seq})"
            )),
        }
    }
}

/// What is wrong with a damaged record, in words of the messages' language (a part of
/// a sentence; the cause of a read or decode failure stays in the words it came in).
fn damage_words(damage: &Damage, m: &Messages) -> String {
    let n = |v: u64| v.to_string();
    match damage {
        Damage::Hash => m.text("journal-damage-hash", &[]),
        Damage::Forged => m.text("journal-damage-forged", &[]),
        Damage::Decode(cause) => m.text(
            "journal-damage-decode",
            &[("error", cause.to_string().into())],
        ),
        Damage::Column { column, found } => m.text(
            "journal-damage-column",
            &[("field", (*column).into()), ("found", found.clone().into())],
        ),
        Damage::Gap { expected, found } => m.text(
            "journal-damage-gap",
            &[
                ("expected", n(*expected).into()),
                ("found", n(*found).into()),
            ],
        ),
        Damage::TimeBackwards {
            previous_ms,
            now_ms,
        } => m.text(
            "journal-damage-time",
            &[
                ("at", now_ms.to_string().into()),
                ("previous", previous_ms.to_string().into()),
            ],
        ),
        Damage::Missing { head } => m.text("journal-damage-missing", &[("head", n(*head).into())]),
        Damage::Head(what) => m.text("journal-damage-head", &[("error", what.clone().into())]),
        Damage::Finished { last_seq } => {
            m.text("journal-damage-finished", &[("last", n(*last_seq).into())])
        }
        Damage::Unreadable(cause) => m.text(
            "journal-damage-unreadable",
            &[("error", cause.to_string().into())],
        ),
    }
}

#[cfg(test)]
mod tests {
    use annabella_phonetic::Language;

    use super::*;

    /// The binary's flags, as `journal replay` and `export` give them.
    const FLAGS: Flags = Flags {
        accept_unkeyed: "--accept-unkeyed",
        secret: "--secret",
    };

    fn resumed() -> Resumed {
        let other = Authentication::OtherSecret {
            journal: "aa11".into(),
            given: "bb22".into(),
        };
        Resumed {
            dropped: Some(DroppedRecord {
                seq: 9,
                now_ms: 1200,
                damage: Damage::Hash,
            }),
            damage: Some(DamagedRecord {
                seq: 4,
                damage: Damage::Gap {
                    expected: 4,
                    found: 6,
                },
                later: 2,
            }),
            file_damage: vec!["damaged pages: 3".into(), other.to_string()],
            authentication: Some(other),
            refused: vec![(5, "no such move".into())],
            ..Resumed::default()
        }
    }

    #[test]
    fn the_notices_type_what_the_warnings_say_in_their_order() {
        let r = resumed();
        assert_eq!(r.damage_notices().len(), r.warnings().len());
        assert_eq!(
            r.notices(),
            [
                JournalNotice::Dropped(r.dropped.clone().unwrap()),
                JournalNotice::Damaged(r.damage.clone().unwrap()),
                JournalNotice::FileDamage("damaged pages: 3".into()),
                JournalNotice::OtherSecret {
                    journal: "aa11".into(),
                    given: "bb22".into()
                },
                JournalNotice::NotAuthenticated {
                    authentication: r.authentication.clone().unwrap(),
                    by_design: false
                },
                JournalNotice::Refused {
                    seq: 5,
                    why: "no such move".into()
                },
            ]
        );
        let unkeyed = Resumed {
            file_damage: vec![UNKEYED_AT_KEYED_TABLE.into()],
            unkeyed_refused: true,
            authentication: Some(Authentication::Unkeyed),
            ..Resumed::default()
        };
        assert_eq!(
            unkeyed.notices()[..2],
            [JournalNotice::UnkeyedRefused, JournalNotice::UnkeyedHint]
        );
        assert!(Resumed::default().notices().is_empty());
    }

    #[test]
    fn programs_read_the_lines_as_they_always_were() {
        let path = Path::new("rec/game.journal");
        let machine: Vec<String> = resumed()
            .notices()
            .iter()
            .map(|n| n.told(path, Told::Machine, FLAGS))
            .collect();
        let mut want: Vec<String> = resumed()
            .warnings()
            .iter()
            .map(|w| format!("annabella: journal rec/game.journal: {w}"))
            .collect();
        want.push(format!(
            "annabella: journal rec/game.journal: {}",
            resumed().not_authenticated().unwrap()
        ));
        want.push("annabella: record 5 was refused by the table: no such move".into());
        assert_eq!(machine, want);
        let no_secret = JournalNotice::NotAuthenticated {
            authentication: Authentication::NoSecret,
            by_design: false,
        };
        assert_eq!(
            no_secret.told(path, Told::Machine, FLAGS),
            "annabella: journal rec/game.journal: not authenticated: keyed, but read without \
             the table's secret; only accidental damage was checked (give it with --secret)"
        );
        assert_eq!(
            JournalNotice::UnkeyedHint.told(path, Told::Machine, FLAGS),
            "annabella: journal rec/game.journal: if you know the journal is genuine, \
             --accept-unkeyed reads it, not authenticated"
        );
    }

    #[test]
    fn people_are_told_in_sentences_of_the_tables_language() {
        let path = Path::new("rec/game.journal");
        let de = Told::People(Language::De);
        let told: Vec<String> = resumed()
            .notices()
            .iter()
            .map(|n| n.told(path, de, FLAGS))
            .collect();
        assert_eq!(
            told[1],
            "Im Protokoll rec/game.journal ist Eintrag 4 beschädigt (Eintrag 4 fehlt, als \
             nächster kam 6); die Einträge 1 bis 3 sind nachgespielt, die 3 Einträge ab dort \
             nicht."
        );
        assert_eq!(
            told[5],
            "Eintrag 5 ist vom Tisch abgelehnt worden: no such move."
        );
        let no_secret = JournalNotice::NotAuthenticated {
            authentication: Authentication::NoSecret,
            by_design: false,
        };
        assert_eq!(
            no_secret.told(path, de, FLAGS),
            "Das Protokoll rec/game.journal ist nicht authentifiziert: Es trägt Prüfcodes, wurde \
             aber ohne das Geheimnis des Tisches gelesen (geben Sie es mit --secret an); nur \
             zufällige Schäden wurden geprüft."
        );
        let every = resumed().notices().into_iter().chain([
            JournalNotice::AcceptedUnkeyed,
            JournalNotice::UnkeyedRefused,
            JournalNotice::UnkeyedHint,
            no_secret,
            JournalNotice::EditedAfterGame { last_seq: 40 },
            JournalNotice::StoredPgn { last_seq: 40 },
        ]);
        let every: Vec<JournalNotice> = every.collect();
        for language in Language::ALL {
            for notice in &every {
                let line = notice.told(path, Told::People(language), FLAGS);
                assert!(!line.contains("journal-"), "{language:?}: {line}");
                assert!(!line.contains("annabella:"), "{language:?}: {line}");
                assert!(line.starts_with(char::is_uppercase), "{language:?}: {line}");
                assert!(line.ends_with('.'), "{language:?}: {line}");
            }
        }
    }
}

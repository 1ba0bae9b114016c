//! Rendered cards kept between changes, for one kind of viewer: a card is rendered
//! again only when its table's entry moved on ([`TableEntry::revision`]) or the language
//! changed, so a move at one table of a hundred renders one card, not a hundred. Only
//! the tables of the latest render are kept.

use std::{
    collections::HashMap,
    hash::{DefaultHasher, Hash, Hasher},
    sync::Arc,
};

use annabella_hall_wire::topic::TableName;
use annabella_phonetic::Language;

use crate::round::TableEntry;

/// One rendered card, its digest (what a stream compares with what it sent) and the
/// JSON every stream sends of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The card's HTML.
    pub html: Arc<str>,
    /// A hash of the HTML.
    pub digest: u64,
    /// `[name, html]` as JSON, made once for every stream.
    pub json: Arc<str>,
}

impl Card {
    /// Table `name`'s card `html`, with its digest and JSON.
    pub fn new(name: &str, html: String) -> Card {
        let mut h = DefaultHasher::new();
        html.hash(&mut h);
        Card {
            digest: h.finish(),
            json: serde_json::json!([name, html]).to_string().into(),
            html: html.into(),
        }
    }
}

impl AsRef<str> for Card {
    fn as_ref(&self) -> &str {
        &self.html
    }
}

/// A card as rendered, with what it was rendered from.
#[derive(Debug)]
struct Kept {
    revision: u64,
    language: Language,
    card: Card,
}

/// The cards of one kind of viewer (the hall page's spectators, the projector, one
/// arbiter), by table name: at most one per table of the latest render.
#[derive(Debug, Default)]
pub struct Cards {
    kept: HashMap<TableName, Kept>,
    renders: u64,
}

impl Cards {
    /// The cards of `entries` in the page's order, by name: a kept card where its
    /// table's revision and `language` are those it was rendered at, else
    /// `render(entry)`. Cards of tables not among `entries` are dropped.
    pub fn get<'a>(
        &mut self,
        language: Language,
        entries: impl IntoIterator<Item = &'a TableEntry>,
        mut render: impl FnMut(&TableEntry) -> String,
    ) -> Vec<(TableName, Card)> {
        let mut kept = HashMap::with_capacity(self.kept.len());
        let mut cards = Vec::new();
        for t in entries {
            let card = match self.kept.remove(&t.name) {
                Some(k) if k.revision == t.revision && k.language == language => k.card,
                _ => {
                    self.renders += 1;
                    Card::new(&t.name, render(t))
                }
            };
            cards.push((t.name.clone(), card.clone()));
            kept.insert(
                t.name.clone(),
                Kept {
                    revision: t.revision,
                    language,
                    card,
                },
            );
        }
        self.kept = kept;
        cards
    }

    /// How many cards have been rendered (not taken from those kept) so far.
    pub fn renders(&self) -> u64 {
        self.renders
    }

    /// How many cards are kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether no card is kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::{self, Viewer};

    fn entry(name: &str, revision: u64) -> TableEntry {
        TableEntry {
            revision,
            ..TableEntry::new(name.parse().unwrap(), 0)
        }
    }

    fn render(cards: &mut Cards, entries: &[TableEntry]) -> Vec<(TableName, Card)> {
        cards.get(Language::De, entries, |t| {
            page::table_card(Language::De, t, &Viewer::Spectator)
        })
    }

    #[test]
    fn a_change_at_one_table_renders_only_its_card() {
        let mut cards = Cards::default();
        let mut entries: Vec<TableEntry> = (1..=100).map(|n| entry(&n.to_string(), n)).collect();
        render(&mut cards, &entries);
        assert_eq!(cards.renders(), 100);
        render(&mut cards, &entries);
        assert_eq!(cards.renders(), 100, "nothing changed: nothing rendered");
        entries[41].revision = 101;
        let after = render(&mut cards, &entries);
        assert_eq!(cards.renders(), 101, "table 42 only");
        assert_eq!(after.len(), 100);
        cards.get(Language::En, &entries, |t| {
            page::table_card(Language::En, t, &Viewer::Spectator)
        });
        assert_eq!(cards.renders(), 201, "another language: every card");
    }

    #[test]
    fn a_removed_or_renamed_table_drops_its_card() {
        let mut cards = Cards::default();
        let entries = [entry("1", 1), entry("2", 2), entry("3", 3)];
        render(&mut cards, &entries);
        assert_eq!(cards.len(), 3);
        render(&mut cards, &entries[..2]);
        assert_eq!(cards.len(), 2, "table 3 is gone");
        assert_eq!(cards.renders(), 3);
        let renamed = [entry("1", 1), entry("Zwei", 2)];
        let after = render(&mut cards, &renamed);
        assert_eq!(cards.renders(), 4, "the renamed table's card is new");
        assert_eq!(cards.len(), 2);
        assert!(!cards.kept.contains_key("2"));
        assert!(after[1].1.html.contains(r#"data-table="Zwei""#));
        // A table before the others leaves their cards as they are.
        render(
            &mut cards,
            &[entry("0", 9), entry("1", 1), entry("Zwei", 2)],
        );
        assert_eq!(cards.renders(), 5);
    }

    /// Cards of the hall page (spectators, an arbiter) and the projector, kept from one
    /// message to the next.
    struct Kept {
        viewers: [Viewer; 2],
        page: [Cards; 2],
        screen: Cards,
    }

    impl Kept {
        fn renders(&self) -> [u64; 3] {
            [
                self.page[0].renders(),
                self.page[1].renders(),
                self.screen.renders(),
            ]
        }

        /// Renders every region from the kept cards and checks it against a fresh render.
        fn check(&mut self, hall: &crate::Hall, step: &str) {
            let language = hall.language();
            for (viewer, cards) in self.viewers.iter().zip(&mut self.page) {
                let kept = cards.get(language, hall.tables(), |t| {
                    page::table_card(language, t, viewer)
                });
                assert_eq!(
                    page::tables_region(&kept, &page::tables_tail(hall)),
                    page::tables(hall, viewer),
                    "{step}: {viewer:?}"
                );
            }
            let kept = self.screen.get(language, page::screen_order(hall), |t| {
                page::screen_card(language, t)
            });
            assert_eq!(
                page::screen_region(&kept, &page::screen_tail(hall)),
                page::screen_tables(hall),
                "{step}: the projector"
            );
        }
    }

    #[test]
    fn after_every_message_the_kept_cards_make_the_page_a_fresh_render_makes() {
        use crate::round::tests::{game, hall, wire};
        let mut hall = hall();
        let arbiter = Viewer::Arbiter {
            token: "t".into(),
            by: "Chief Arbiter".into(),
            keyed: ["2".parse().unwrap()].into(),
        };
        let mut kept = Kept {
            viewers: [Viewer::Spectator, arbiter],
            page: Default::default(),
            screen: Cards::default(),
        };
        // Table 2 first, then 1 and 3 (each coming before or after it), then a new game
        // at table 1.
        let mut messages = game("2", 1);
        for (one, three) in game("1", 1).into_iter().zip(game("3", 1)) {
            messages.extend([one, three]);
        }
        messages.extend(game("1", 2));
        for (n, m) in messages.iter().enumerate() {
            let tables = hall.tables().count();
            let revision = hall.table(&m.table).map(|t| t.revision);
            let before = kept.renders();
            wire(&mut hall, m);
            let step = format!("message {n} of table {}", m.table);
            kept.check(&hall, &step);
            let moved = hall.table(&m.table).map(|t| t.revision) != revision;
            if hall.tables().count() == tables {
                let delta: Vec<u64> = (kept.renders().iter().zip(before))
                    .map(|(after, before)| after - before)
                    .collect();
                assert_eq!(delta, [u64::from(moved); 3], "{step}: only its card");
            }
            // The same message again changes nothing and renders nothing.
            let (before, revision) = (kept.renders(), hall.table(&m.table).map(|t| t.revision));
            wire(&mut hall, m);
            assert_eq!(
                hall.table(&m.table).map(|t| t.revision),
                revision,
                "{step}, again"
            );
            kept.check(&hall, &format!("{step}, again"));
            assert_eq!(kept.renders(), before, "{step}, again");
        }
        assert_eq!(hall.tables().count(), 3);
        assert!(kept.page.iter().all(|c| c.len() == 3) && kept.screen.len() == 3);
    }
}

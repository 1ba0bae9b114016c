//! What one `/events` stream has been sent and what it gets next: the whole regions
//! first, then only what changed — one table's card, the alerts, the tail, and when
//! tables came or went the tables' order — so a move at one table of a hundred costs
//! every open stream one card, not the whole hall. The regions are rendered (and their
//! digests and JSON made) once per change for all spectators' streams and once for all
//! projectors' ([`Renders`]), never once per stream, and of the cards only those whose
//! table changed are rendered again ([`Cards`]). Spectators' streams are limited in
//! number ([`MAX_SPECTATOR_STREAMS`]); the arbiter's are not (they need the token).

use std::{
    collections::HashMap,
    hash::{DefaultHasher, Hash, Hasher},
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

use annabella_hall_wire::topic::TableName;
use serde_json::json;

use crate::{
    cards::{Card, Cards},
    page,
};

/// The most spectators' (token-less) `/events` streams open at once; one more is
/// refused (503) until one closes.
pub const MAX_SPECTATOR_STREAMS: usize = 200;

/// A page's live regions as rendered for one viewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    /// The alerts region.
    pub alerts: String,
    /// Every table's card (name, card), in the page's order.
    pub cards: Vec<(TableName, Card)>,
    /// What follows the cards (the hall page's drops and push line; on the screen, only
    /// while no table has published).
    pub tail: String,
    /// The projector's layout (a grid), else the hall page's list.
    pub screen: bool,
}

fn digest(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// Regions rendered once, with the digests every stream compares with what it sent and
/// the JSON every stream sends of them (escaped once, not once per stream).
#[derive(Debug)]
pub struct Rendered {
    /// The regions.
    pub regions: Regions,
    alerts: u64,
    tail: u64,
    alerts_json: String,
    tail_json: String,
    /// The names in the page's order, as JSON.
    order_json: String,
    /// The whole event's data at a version, made by the first stream that needs it.
    whole: Mutex<Option<(u64, Arc<str>)>>,
}

impl Rendered {
    /// `regions` with their digests.
    pub fn new(regions: Regions) -> Rendered {
        let names: Vec<&str> = regions.cards.iter().map(|(n, _)| n.as_str()).collect();
        Rendered {
            alerts: digest(&regions.alerts),
            tail: digest(&regions.tail),
            alerts_json: json!(regions.alerts).to_string(),
            tail_json: json!(regions.tail).to_string(),
            order_json: json!(names).to_string(),
            whole: Mutex::new(None),
            regions,
        }
    }

    /// The `hall` event's data at `version`: the whole regions.
    fn whole(&self, version: u64) -> Arc<str> {
        let mut whole = self
            .whole
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((v, data)) = whole.as_ref()
            && *v == version
        {
            return Arc::clone(data);
        }
        let regions = &self.regions;
        let tables = if regions.screen {
            page::screen_region(&regions.cards, &regions.tail)
        } else {
            page::tables_region(&regions.cards, &regions.tail)
        };
        let data: Arc<str> =
            json!({"version": version, "alerts": regions.alerts, "tables": tables})
                .to_string()
                .into();
        *whole = Some((version, Arc::clone(&data)));
        data
    }
}

/// The most kinds of viewer whose cards are kept between changes (spectators, the
/// projector and arbiters by name); the one that asked longest ago goes first.
pub const MAX_KEPT_VIEWERS: usize = 16;

/// The regions of the latest version as rendered for each kind of viewer (spectators,
/// projectors, an arbiter by name): the first stream to ask after a change renders
/// them, every other stream of that viewer shares them. Only the latest version's
/// renders are kept, and each viewer's cards ([`Cards`], at most
/// [`MAX_KEPT_VIEWERS`] viewers).
#[derive(Debug, Default)]
pub struct Renders(Mutex<Kept>);

#[derive(Debug, Default)]
struct Kept {
    renders: Vec<Render>,
    cards: Vec<ViewerCards>,
}

#[derive(Debug)]
struct Render {
    screen: bool,
    viewer: page::Viewer,
    version: u64,
    rendered: Arc<Rendered>,
}

/// One viewer's cards, with the version it last asked for.
#[derive(Debug)]
struct ViewerCards {
    screen: bool,
    viewer: page::Viewer,
    version: u64,
    cards: Cards,
}

impl Renders {
    /// `viewer`'s regions (`screen`: the projector's) at `version`, rendered with
    /// `render` (given the viewer's kept cards) unless a stream already did for this
    /// viewer and version.
    pub fn get(
        &self,
        screen: bool,
        viewer: &page::Viewer,
        version: u64,
        render: impl FnOnce(&mut Cards) -> Option<Regions>,
    ) -> Option<Arc<Rendered>> {
        // Held while rendering: the other streams wait for this render rather than make
        // their own.
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(r) = kept
            .renders
            .iter()
            .find(|r| r.version == version && r.screen == screen && r.viewer == *viewer)
        {
            return Some(Arc::clone(&r.rendered));
        }
        let at = match kept
            .cards
            .iter()
            .position(|c| c.screen == screen && c.viewer == *viewer)
        {
            Some(at) => at,
            None => {
                if kept.cards.len() >= MAX_KEPT_VIEWERS
                    && let Some(oldest) =
                        (0..kept.cards.len()).min_by_key(|&i| kept.cards[i].version)
                {
                    kept.cards.swap_remove(oldest);
                }
                kept.cards.push(ViewerCards {
                    screen,
                    viewer: viewer.clone(),
                    version,
                    cards: Cards::default(),
                });
                kept.cards.len() - 1
            }
        };
        kept.cards[at].version = version;
        let rendered = Arc::new(Rendered::new(render(&mut kept.cards[at].cards)?));
        kept.renders.retain(|r| r.version >= version);
        kept.renders.push(Render {
            screen,
            viewer: viewer.clone(),
            version,
            rendered: Arc::clone(&rendered),
        });
        Some(rendered)
    }
}

/// What one stream has been sent (digests, not the text).
#[derive(Debug, Default)]
pub struct Sent {
    started: bool,
    names: Vec<TableName>,
    alerts: u64,
    tail: u64,
    cards: HashMap<TableName, u64>,
}

impl Sent {
    /// The event (its name and JSON data) that brings this stream from what it has to
    /// `rendered` at `version`; remembers it as sent. The first is the whole regions
    /// (`hall`); then a `change` holds the cards that changed, the alerts and the tail
    /// when they changed, and, when tables came or went, every table's name in the
    /// page's order (`order`; the projector's grid in `grid`): the page keeps the cards
    /// it has of those and drops the rest.
    pub fn next(&mut self, version: u64, rendered: &Rendered) -> (&'static str, Arc<str>) {
        let regions = &rendered.regions;
        let (alerts, tail) = (rendered.alerts, rendered.tail);
        let same_tables = self.names.len() == regions.cards.len()
            && self
                .names
                .iter()
                .zip(&regions.cards)
                .all(|(a, (b, _))| a == b);
        let mut changed = Vec::new();
        for (name, card) in &regions.cards {
            if self.cards.insert(name.clone(), card.digest) != Some(card.digest) {
                changed.push(card.json.as_ref());
            }
        }
        let event = if self.started {
            // The keys in the order `serde_json` writes them.
            let mut data = String::from("{");
            if alerts != self.alerts {
                data.push_str(r#""alerts":"#);
                data.push_str(&rendered.alerts_json);
                data.push(',');
            }
            data.push_str(r#""cards":["#);
            data.push_str(&changed.join(","));
            data.push_str("],");
            if !same_tables {
                if regions.screen {
                    data.push_str(r#""grid":"#);
                    data.push_str(&json!(page::screen_grid_class(regions.cards.len())).to_string());
                    data.push(',');
                }
                data.push_str(r#""order":"#);
                data.push_str(&rendered.order_json);
                data.push(',');
            }
            if tail != self.tail {
                data.push_str(r#""tail":"#);
                data.push_str(&rendered.tail_json);
                data.push(',');
            }
            data.push_str(&format!(r#""version":{version}}}"#));
            ("change", data.into())
        } else {
            ("hall", rendered.whole(version))
        };
        if !same_tables {
            self.names = regions.cards.iter().map(|(n, _)| n.clone()).collect();
            let names = &self.names;
            self.cards.retain(|n, _| names.contains(n));
        }
        self.started = true;
        self.alerts = alerts;
        self.tail = tail;
        event
    }
}

/// The count of open spectators' streams.
#[derive(Debug, Clone, Default)]
pub struct Streams(Arc<AtomicUsize>);

/// One open spectator's stream; dropping it frees its place.
#[derive(Debug)]
pub struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Streams {
    /// A place for one more spectator's stream, unless [`MAX_SPECTATOR_STREAMS`] are open.
    pub fn take(&self) -> Option<Place> {
        let mut open = self.0.load(Ordering::Acquire);
        loop {
            if open >= MAX_SPECTATOR_STREAMS {
                return None;
            }
            match self
                .0
                .compare_exchange(open, open + 1, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => return Some(Place(Arc::clone(&self.0))),
                Err(now) => open = now,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(n: usize, changed: Option<usize>) -> Rendered {
        // A card about as big as the hall's own (a board's SVG is most of it).
        let card = |i: usize, v: usize| {
            (
                i.to_string().parse().unwrap(),
                Card::new(
                    &i.to_string(),
                    format!("<li data-table=\"{i}\">{}{v}</li>", "x".repeat(13_000)),
                ),
            )
        };
        Rendered::new(Regions {
            alerts: "<p>none</p>".into(),
            cards: (0..n)
                .map(|i| card(i, usize::from(changed == Some(i))))
                .collect(),
            tail: String::new(),
            screen: false,
        })
    }

    #[test]
    fn one_render_per_version_is_shared_by_every_stream() {
        let renders = Renders::default();
        let mut rendered = 0;
        let mut render = |_: &mut Cards| {
            rendered += 1;
            Some(regions(3, None).regions)
        };
        let spectator = page::Viewer::Spectator;
        let arbiter = page::Viewer::Arbiter {
            token: "t".into(),
            by: "Chief Arbiter".into(),
            keyed: Default::default(),
        };
        let a = renders.get(false, &spectator, 1, &mut render).unwrap();
        let b = renders.get(false, &spectator, 1, &mut render).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        renders.get(true, &spectator, 1, &mut render).unwrap();
        renders.get(false, &arbiter, 1, &mut render).unwrap();
        renders.get(false, &arbiter, 1, &mut render).unwrap();
        renders.get(false, &spectator, 2, &mut render).unwrap();
        assert_eq!(
            rendered, 4,
            "once per version for spectators, the projector and the arbiter each"
        );
        let kept = renders.0.lock().unwrap();
        assert_eq!(kept.renders.len(), 1, "only the latest version kept");
        assert_eq!(kept.cards.len(), 3, "each viewer's cards kept");
    }

    #[test]
    fn after_the_first_event_a_move_at_one_table_of_a_hundred_sends_one_card() {
        let mut sent = Sent::default();
        let (kind, first) = sent.next(1, &regions(100, None));
        assert_eq!(kind, "hall");
        assert!(first.len() > 1_000_000, "the whole hall first");
        let (kind, change) = sent.next(2, &regions(100, Some(42)));
        assert_eq!(kind, "change");
        assert!(change.len() < 20 * 1024, "{} bytes", change.len());
        let data: serde_json::Value = serde_json::from_str(&change).unwrap();
        assert_eq!(data["cards"].as_array().unwrap().len(), 1);
        assert_eq!(data["cards"][0][0], "42");
        assert!(data.get("alerts").is_none() && data.get("tail").is_none());
        let (_, same) = sent.next(3, &regions(100, Some(42)));
        assert_eq!(&*same, r#"{"cards":[],"version":3}"#);
        let (kind, more) = sent.next(4, &regions(101, None));
        assert_eq!(kind, "change", "a new table: its card and the order");
        assert!(more.len() < 2 * 20 * 1024, "{} bytes", more.len());
        let data: serde_json::Value = serde_json::from_str(&more).unwrap();
        let cards: Vec<&str> = (data["cards"].as_array().unwrap().iter())
            .map(|c| c[0].as_str().unwrap())
            .collect();
        assert_eq!(
            cards,
            ["42", "100"],
            "table 42 as it was again, the new table 100"
        );
        assert_eq!(data["order"].as_array().unwrap().len(), 101);
        assert_eq!(data["order"][100], "100");
        let (kind, fewer) = sent.next(5, &regions(99, None));
        assert_eq!(kind, "change");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&fewer).unwrap()["cards"],
            json!([]),
            "tables gone: no card, only the order"
        );
        let (_, again) = sent.next(6, &regions(100, None));
        let data: serde_json::Value = serde_json::from_str(&again).unwrap();
        assert_eq!(data["cards"][0][0], "99", "a table back: its card again");
    }

    #[test]
    fn the_projectors_change_of_tables_says_its_grid() {
        let mut sent = Sent::default();
        let screen = |n| {
            let mut r = regions(n, None);
            r.regions.screen = true;
            Rendered::new(r.regions)
        };
        let (kind, first) = sent.next(1, &screen(4));
        assert_eq!(kind, "hall");
        assert!(first.contains("cols-4 rows-1"), "{first}");
        let (_, change) = sent.next(2, &screen(30));
        let data: serde_json::Value = serde_json::from_str(&change).unwrap();
        assert_eq!(data["grid"], "screen-grid cols-8 rows-4");
    }

    #[test]
    fn spectators_streams_are_limited_and_a_closed_one_frees_its_place() {
        let streams = Streams::default();
        let places: Vec<Place> = (0..MAX_SPECTATOR_STREAMS)
            .map(|_| streams.take().unwrap())
            .collect();
        assert!(streams.take().is_none());
        drop(places);
        assert!(streams.take().is_some());
    }
}

//! The table's sentences in each language, from two Project Fluent files per language
//! (`locales/<lang>/table.ftl` for what the table says, `locales/<lang>/pages.ftl` for
//! the pages and the printed scoresheet; compiled in). A message a language lacks falls back to
//! English; [`missing`] names such messages.
//!
//! Moves and squares are arguments, rendered by the caller in the listener's scheme;
//! pieces are `color` (`white`/`black`), `role` (`king` … `pawn`) and `name` (the
//! lexicon's piece name); counts are numbers, so each language picks its plural form.

use std::sync::LazyLock;

/// A Fluent argument value: words or a number.
pub use fluent_bundle::FluentValue;
use fluent_bundle::{FluentArgs, FluentResource, concurrent::FluentBundle};
use shakmaty::{Color, Piece, Role};
use unic_langid::LanguageIdentifier;

use crate::lexicon::{Language, Lexicon};

/// The Fluent sources of each language (its file's name and text), in [`Language::ALL`]
/// order.
const SOURCES: [[(&str, &str); 2]; 5] = [
    [
        ("table.ftl", include_str!("../locales/de/table.ftl")),
        ("pages.ftl", include_str!("../locales/de/pages.ftl")),
    ],
    [
        ("table.ftl", include_str!("../locales/en/table.ftl")),
        ("pages.ftl", include_str!("../locales/en/pages.ftl")),
    ],
    [
        ("table.ftl", include_str!("../locales/lt/table.ftl")),
        ("pages.ftl", include_str!("../locales/lt/pages.ftl")),
    ],
    [
        ("table.ftl", include_str!("../locales/lv/table.ftl")),
        ("pages.ftl", include_str!("../locales/lv/pages.ftl")),
    ],
    [
        ("table.ftl", include_str!("../locales/hu/table.ftl")),
        ("pages.ftl", include_str!("../locales/hu/pages.ftl")),
    ],
];

/// One argument of a message: words or a number.
pub type Arg<'a> = (&'a str, FluentValue<'a>);

/// The messages of one language (built once, shared).
pub struct Messages {
    language: Language,
    bundle: FluentBundle<FluentResource>,
    /// Syntax errors of the language's file, as Fluent reports them.
    errors: Vec<String>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messages")
            .field("language", &self.language)
            .field("errors", &self.errors)
            .finish_non_exhaustive()
    }
}

static MESSAGES: LazyLock<[Messages; 5]> = LazyLock::new(|| Language::ALL.map(Messages::build));

impl Messages {
    /// The messages of a language.
    pub fn get(language: Language) -> &'static Messages {
        &MESSAGES[language as usize]
    }

    fn build(language: Language) -> Messages {
        let id: LanguageIdentifier = language
            .code()
            .parse()
            .unwrap_or_else(|_| LanguageIdentifier::default());
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Isolation marks would reach the voice and the Braille display as characters.
        bundle.set_use_isolating(false);
        let mut errors = Vec::new();
        if let Err(e) =
            bundle.add_function("LT_PLURAL", |positional, _named| match positional.first() {
                Some(FluentValue::Number(n)) => lithuanian_plural(n.value).into(),
                _ => FluentValue::Error,
            })
        {
            errors.push(format!("{language}: LT_PLURAL: {e}"));
        }
        for (file, source) in SOURCES[language as usize] {
            let resource = match FluentResource::try_new(source.to_owned()) {
                Ok(r) => r,
                Err((r, errs)) => {
                    errors.extend(errs.iter().map(|e| format!("{language}/{file}: {e:?}")));
                    r
                }
            };
            if let Err(errs) = bundle.add_resource(resource) {
                errors.extend(errs.iter().map(|e| format!("{language}/{file}: {e}")));
            }
        }
        Messages {
            language,
            bundle,
            errors,
        }
    }

    /// This language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether this language's file has the message.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with `args`; from English when this language lacks it, and the id
    /// itself when no language has it (never a panic).
    pub fn text(&self, id: &str, args: &[Arg<'_>]) -> String {
        self.try_text(id, args)
            .or_else(|| Messages::get(Language::En).try_text(id, args))
            .map_or_else(|| id.to_owned(), |(text, _)| text)
    }

    /// The message and the errors Fluent met formatting it (an unknown argument, …).
    pub fn try_text(&self, id: &str, args: &[Arg<'_>]) -> Option<(String, Vec<String>)> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some((
            text.into_owned(),
            errors.iter().map(ToString::to_string).collect(),
        ))
    }

    /// Syntax errors of this language's file.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }
}

/// The Lithuanian plural form of a whole number (`one`, `few`, `other`), by the CLDR
/// rule on its last digits: 21 is `one`, 28 `few`, 12 and 20 `other`. The plural rules
/// fluent-bundle uses (intl_pluralrules 7) test the whole number for `few`, so 22 … 29
/// would come out `other`; the Lithuanian file selects with `LT_PLURAL($count)`.
fn lithuanian_plural(n: f64) -> &'static str {
    let n = n.abs().trunc() as u64;
    match (n % 10, n % 100) {
        (_, 11..=19) => "other",
        (1, _) => "one",
        (2..=9, _) => "few",
        _ => "other",
    }
}

/// Every message id, as the English files have them.
pub fn ids() -> Vec<&'static str> {
    let mut ids = Vec::new();
    let english = SOURCES[Language::En as usize];
    for line in english.iter().flat_map(|(_, source)| source.lines()) {
        if let Some((id, _)) = line.split_once(" = ")
            && !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            ids.push(id);
        }
    }
    ids
}

/// The message ids a language lacks (said in English instead).
pub fn missing(language: Language) -> Vec<&'static str> {
    let messages = Messages::get(language);
    ids().into_iter().filter(|id| !messages.has(id)).collect()
}

/// The Fluent name of a colour: `white`, `black`.
pub fn color_arg(color: Color) -> FluentValue<'static> {
    color.fold_wb("white", "black").into()
}

/// The Fluent name of a role: `king` … `pawn`.
pub fn role_arg(role: Role) -> FluentValue<'static> {
    crate::english_piece_name(role).into()
}

/// The three arguments of a piece: `color`, `role`, `name` (from the lexicon).
pub fn piece_args(piece: Piece, lexicon: &Lexicon) -> [Arg<'static>; 3] {
    [
        ("color", color_arg(piece.color)),
        ("role", role_arg(piece.role)),
        ("name", lexicon.piece_name(piece.role).into()),
    ]
}

/// A piece in words with the language's own piece names (on pages and in the plan:
/// "den weißen Springer", "the white knight"), in `form`: `piece` (nominative) or
/// `piece-accusative`. Names are lower case except in German, whose nouns are
/// capitalised.
pub fn piece_words(piece: Piece, language: Language, form: &str) -> String {
    let mut args = piece_args(piece, Lexicon::local(language));
    if language != Language::De
        && let FluentValue::String(name) = &args[2].1
    {
        args[2].1 = name.to_lowercase().into();
    }
    Messages::get(language).text(form, &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sample arguments covering every argument any message uses.
    fn samples(color: &'static str, role: &'static str) -> Vec<Arg<'static>> {
        vec![
            ("color", color.into()),
            ("role", role.into()),
            ("name", "Springer".into()),
            ("square", "Felix drei".into()),
            ("move", "Springer Gustav eins Felix drei".into()),
            ("said", "Eva zwei Eva vier".into()),
            ("placed", "Eva zwei Eva drei".into()),
            ("piece", "den weißen Springer".into()),
            ("found", "den schwarzen Bauern".into()),
            ("pawn", "Bauer".into()),
            ("count", 3.into()),
            ("white", "zwei Minuten".into()),
            ("black", "eine Minute".into()),
            (
                "played",
                "Gespielt: Weiß drei Züge, Schwarz zwei Züge.".into(),
            ),
            ("left", "zwölf Züge".into()),
            ("time", "zwei Minuten".into()),
            ("why", "kein Springer kann Felix fünf erreichen".into()),
            ("engine", "/usr/games/stockfish".into()),
            ("shown", ": Läufer Felix acht Bella vier".into()),
            ("result", "white-wins".into()),
            ("termination", "checkmate".into()),
            ("failure", "hung".into()),
            ("seconds", 10.into()),
            ("head", "Anna eins, Bella eins".into()),
            ("last", "Cäsar eins".into()),
            ("squares", "Bella eins und Gustav eins".into()),
            ("what", "weißer Springer".into()),
            ("from", "Anna eins".into()),
            ("to", "Hektor acht".into()),
            ("pieces", "Anna eins weißer Turm".into()),
            ("white-lost", "keine".into()),
            ("black-lost", "ein Springer".into()),
            ("side", "short".into()),
            (
                "moves",
                "Springer Bella eins David zwei oder Springer Felix drei David zwei".into(),
            ),
            ("word", "Zebra".into()),
            ("user", "Magnus".into()),
            ("text", "Gut gespielt.".into()),
            ("label", "a square".into()),
            ("what", "square".into()),
            ("number", 12.into()),
            ("pages", 2.into()),
            ("id", 3.into()),
            ("ground", "threefold repetition (9.2)".into()),
            ("detail", "Nf3 intended".into()),
            ("board", "Board of the VI player".into()),
            ("vi", "white knight".into()),
            ("sighted", "empty".into()),
            ("at", "White, move 2".into()),
            ("executed", "Bb5".into()),
            ("recorded", "Bc4".into()),
            ("player", "vi".into()),
            ("white-moves", 3.into()),
            ("black-moves", 2.into()),
            ("pawns", "0,3".into()),
            ("reason", "the engine stopped.".into()),
            ("name", "Stockfish 15.1".into()),
            ("number", 12.into()),
            (
                "played",
                "Zug drei, Schwarz: Läufer Cäsar acht Gustav vier.".into(),
            ),
            ("best", "Eva fünf schlägt David vier".into()),
            ("table", "12".into()),
            ("device", "clock".into()),
            ("report", "lost: no answer".into()),
            ("dir", "rec/game".into()),
            ("next", "rec/game-2".into()),
            ("line", "PGN rec/game.pgn".into()),
            ("path", "rec/game.journal".into()),
            ("by", "Chief Arbiter".into()),
            ("round", 2.into()),
            ("rank", 12.into()),
            ("accept", "--accept-unkeyed".into()),
            ("secret", "--secret".into()),
            ("pgn", "2.1".into()),
            ("who", "vi".into()),
            ("how", "stopped".into()),
            ("button", "pause".into()),
            ("status", "401".into()),
            ("got", "2-0".into()),
            ("seq", "12".into()),
            ("problem", "no network".into()),
            ("error", "refused".into()),
            ("claim", "2".into()),
            ("alert", "7".into()),
            ("other", "Schwarz".into()),
            ("ply", "14".into()),
            ("field", "Grund".into()),
            ("action", "Uhr von Weiß auf 1:29:00 gestellt".into()),
            ("url", "https://lichess.org".into()),
            ("kib", 64.into()),
            ("code", "404".into()),
            ("path", "/dev/ttyACM0".into()),
            ("script", "samples/demo-script.txt".into()),
            ("acked", "7".into()),
            ("journal", "rec/game.journal".into()),
            ("damage", "sein Hash passt nicht zum Eintrag".into()),
            ("given", "4f2a".into()),
            ("expected", "5".into()),
            ("previous", "1200".into()),
            ("fen", "8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            ("running", "white".into()),
            ("made", "yes".into()),
            ("winner", "white".into()),
            ("kind", "half-point".into()),
            ("written", "3".into()),
            ("boards", "4".into()),
            ("out", "round-2.trf".into()),
            ("won", "1".into()),
            ("forfeits", "1".into()),
            ("byes", "2".into()),
            ("has", "1-0".into()),
            ("tag", " (2.1)".into()),
            ("played", "1".into()),
            ("control", "40/5400+30:1800+30".into()),
            ("rate", "blitz".into()),
            ("reconnect", "yes".into()),
            ("version", "dgt 1.3".into()),
            ("button", "pause".into()),
            ("pressed", "yes".into()),
            ("connected", "yes".into()),
            ("battery", "no".into()),
            ("ms", "1500".into()),
            ("clock", "yes".into()),
            ("default", "yes".into()),
            ("language", "de".into()),
            ("voices", "de (German), de+f3 (German female)".into()),
            (
                "question",
                "Wie heißt der Schiedsrichter (leer: keiner)?".into(),
            ),
            ("public", "table.pub".into()),
            ("paths", "games, table.secret, table.key".into()),
            ("ports", "/dev/ttyACM0, /dev/ttyACM1".into()),
        ]
    }

    #[test]
    fn every_language_has_every_message_and_each_formats_cleanly() {
        let ids = ids();
        assert!(
            ids.len() > 80,
            "only {} ids found in en/table.ftl",
            ids.len()
        );
        let mut report = Vec::new();
        for language in Language::ALL {
            let messages = Messages::get(language);
            report.extend(messages.errors().iter().cloned());
            for id in missing(language) {
                report.push(format!("{language}: no message {id:?} (English is said)"));
            }
            for id in &ids {
                for (color, role) in [("white", "queen"), ("black", "pawn"), ("white", "knight")] {
                    let Some((text, errors)) = messages.try_text(id, &samples(color, role)) else {
                        continue;
                    };
                    if !errors.is_empty() {
                        report.push(format!("{language}: {id}: {errors:?}"));
                    }
                    if text.trim().is_empty() || text.contains('{') || text.contains('$') {
                        report.push(format!("{language}: {id}: {text:?}"));
                    }
                }
            }
        }
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    /// Messages that are parts of sentences, labels or headings, not sentences of their
    /// own (the test below holds every other message to the rules of a sentence). An id
    /// ending in `-` stands for every id it begins.
    const FRAGMENTS: &[&str] = &[
        // Words and parts the table builds its sentences from.
        "color",
        "piece",
        "piece-accusative",
        "list-and",
        "move-by",
        "termination",
        "review-result",
        "hours",
        "minutes",
        "seconds",
        "moves",
        "where-is",
        "none-left",
        "what-is-on",
        "empty",
        "refusal-",
        "or",
        "heard-",
        "expected",
        "plan-ply",
        "plan-player",
        // Headings, labels, buttons and table cells of the pages and the scoresheet
        // (their sentences are listed below).
        "console-",
        "sheet-",
        "plan-findings",
        "plan-board-of",
        "hall-",
        "view-alert",
        "view-alert-",
        "view-device",
        "view-device-name",
        "view-report-",
        "view-cause-",
        "view-ground-",
        "view-claim-",
        // A prompt that waits for the answer, a labelled records line, a parenthesis.
        "play-offer-next",
        "play-game-records",
        "story-cut",
        "board-",
        "view-act-",
        // What is wrong with a damaged record, inside the sentence that names it.
        "journal-damage-",
        // A result as the pairings' sentences name it.
        "pairings-forfeit-result",
        // What happened at a clock, inside the line that gives the times.
        "clock-what-",
        // init's prompt (the question and its default, then the answer), the reasons
        // inside its sentence "Not understood: …" and why a board's position is none.
        "init-prompt",
        "init-why-",
        "init-problem-",
    ];

    /// The sentences among the pages' and the scoresheet's texts.
    const SENTENCES: &[&str] = &[
        "console-reload",
        "console-no-alerts",
        "console-no-claims",
        "console-no-plan",
        "console-plan-open",
        "console-state-",
        "console-board-unreadable",
        "console-say-",
        "console-boards-agree",
        "console-boards-differ",
        "console-square-differs",
        "console-no-moves",
        "sheet-illegal-",
        "sheet-footer",
        "sheet-clocks-note",
        "hall-calm",
        "hall-alert-count",
        "hall-no-table",
        "hall-state-",
        "hall-claim-waits",
        "hall-no-move",
        "hall-dropped",
        "hall-no-alert",
        "hall-error-",
        "hall-sent",
        "hall-not-sent-",
        "hall-push-line",
        "hall-called-",
        "board-same",
        "board-differs",
        "board-chart-after",
        "board-chart-none",
    ];

    fn listed(list: &[&str], id: &str) -> bool {
        list.iter()
            .any(|f| *f == id || (f.ends_with('-') && id.starts_with(f)))
    }

    fn is_fragment(id: &str) -> bool {
        listed(FRAGMENTS, id) && !listed(SENTENCES, id)
    }

    /// Informal German forms of address: the table speaks to both players with "Sie".
    const INFORMAL_GERMAN: &[&str] = &[
        "du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner", "deines", "nimm",
        "setze", "ersetze", "zieh", "ziehe", "drück", "drücke", "mach", "hast", "bist", "kannst",
        "musst", "willst", "gib", "stell",
    ];

    #[test]
    fn every_sentence_of_every_language_is_capitalised_ends_with_a_stop_and_german_says_sie() {
        let mut report = Vec::new();
        for language in Language::ALL {
            let messages = Messages::get(language);
            for id in ids() {
                for (color, role) in [("white", "queen"), ("black", "pawn")] {
                    let Some((text, _)) = messages.try_text(id, &samples(color, role)) else {
                        continue;
                    };
                    if language == Language::De {
                        let informal = text
                            .split(|c: char| !c.is_alphabetic())
                            .find(|w| INFORMAL_GERMAN.contains(&w.to_lowercase().as_str()));
                        if let Some(w) = informal {
                            report.push(format!("de: {id}: informal {w:?} in {text:?}"));
                        }
                    }
                    if text.contains("scoresheets-") || text.contains("boards-agree") {
                        report.push(format!("{language}: {id}: an internal name in {text:?}"));
                    }
                    if is_fragment(id) {
                        continue;
                    }
                    let first = text
                        .trim_start_matches(['‡', ' ', '„', '“', '"'])
                        .chars()
                        .next();
                    if !first.is_some_and(|c| c.is_uppercase() || c.is_numeric()) {
                        report.push(format!("{language}: {id}: begins in lower case: {text:?}"));
                    }
                    if !text.trim_end().ends_with(['.', '?', '!']) {
                        report.push(format!("{language}: {id}: no stop at the end: {text:?}"));
                    }
                }
            }
        }
        report.dedup();
        assert!(report.is_empty(), "{}", report.join("\n"));
    }

    #[test]
    fn a_message_no_language_has_is_its_id_and_english_fills_gaps() {
        let lv = Messages::get(Language::Lv);
        assert_eq!(lv.text("no-such-message", &[]), "no-such-message");
        assert!(ids().contains(&"board-right"));
        assert_eq!(
            lv.text("board-right", &[]),
            "Pozīcija uz galdiņa ir pareiza."
        );
    }

    #[test]
    fn plural_forms_follow_each_language() {
        let say = |l, n: u32| Messages::get(l).text("minutes", &[("count", n.into())]);
        assert_eq!(say(Language::Lv, 1), "1 minūte");
        assert_eq!(say(Language::Lv, 21), "21 minūte");
        assert_eq!(say(Language::Lv, 10), "10 minūtes");
        assert_eq!(say(Language::Lv, 3), "3 minūtes");
        assert_eq!(say(Language::Lt, 2), "2 minutės");
        assert_eq!(say(Language::Lt, 12), "12 minučių");
        assert_eq!(say(Language::Lt, 28), "28 minutės");
        assert_eq!(say(Language::Lt, 22), "22 minutės");
        assert_eq!(say(Language::Hu, 5), "5 perc");
    }

    #[test]
    fn pieces_take_the_case_and_gender_of_the_sentence() {
        let lex = Lexicon::get(Language::Lv);
        let queen = piece_args(Color::White.queen(), lex);
        assert_eq!(
            Messages::get(Language::Lv).text("piece", &queen),
            "baltā Dame"
        );
        let hu = Messages::get(Language::Hu);
        let rook = piece_args(Color::Black.rook(), Lexicon::get(Language::Hu));
        assert_eq!(hu.text("piece-accusative", &rook), "a sötét Turmot");
        let de = Messages::get(Language::De);
        let pawn = piece_args(Color::Black.pawn(), Lexicon::get(Language::De));
        assert_eq!(de.text("piece-accusative", &pawn), "den schwarzen Bauern");
    }
}

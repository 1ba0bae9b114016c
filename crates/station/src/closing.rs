//! What `play`, `demo` and `export` tell at the end, on standard error: where the journal
//! is, which records were written (and which not), and how the game ended. For people in
//! whole sentences of the table's language (the Fluent messages `play-*`); with `--json`
//! in the machine form programs read (`journal: PATH`, `written: PATH`, `game over: 1-0`).

use annabella_phonetic::{
    Language,
    messages::{Arg, Messages},
};

use crate::assembly::StationReport;

/// How the closing lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    /// For programs (`--json`): `journal: …`, `written: …`, `game over: RESULT`, as ever.
    Machine,
    /// For people: whole sentences in this language.
    People(Language),
}

impl Told {
    /// The form of a command's `--json` flag: the machine form with it, else `language`.
    pub fn from_json(json: bool, language: Language) -> Told {
        if json {
            Told::Machine
        } else {
            Told::People(language)
        }
    }

    /// One line of a command: `machine` (as ever) for programs, else the message `id`
    /// with `args` in the people's language.
    pub fn line(self, machine: impl FnOnce() -> String, id: &str, args: &[Arg<'_>]) -> String {
        match self {
            Told::Machine => machine(),
            Told::People(l) => Messages::get(l).text(id, args),
        }
    }

    /// Where the journal is.
    pub fn journal(self, path: &std::path::Path) -> String {
        match self {
            Told::Machine => format!("journal: {}", path.display()),
            Told::People(l) => say(l, "play-journal", "path", &path.display().to_string()),
        }
    }

    /// A record written to `path`.
    pub fn written(self, path: &std::path::Path) -> String {
        match self {
            Told::Machine => format!("written: {}", path.display()),
            Told::People(l) => say(l, "play-written", "path", &path.display().to_string()),
        }
    }

    /// The script of a demo ended before the game did.
    pub fn script_ended(self) -> String {
        match self {
            Told::Machine => "the script ended before the game did (the journal keeps it)".into(),
            Told::People(l) => Messages::get(l).text("play-script-ended", &[]),
        }
    }
}

/// One `play-*` message of `language` with its one argument `name`.
fn say(language: Language, id: &str, name: &str, value: &str) -> String {
    Messages::get(language).text(id, &[(name, value.into())])
}

impl StationReport {
    /// The lines that say what was written and what was not: each record written, and a
    /// scoresheet that could not be (`written: …` and `annabella: … not written: …` in
    /// the machine form).
    pub fn records_lines(&self, told: Told) -> Vec<String> {
        let written = self.written.iter().map(|p| told.written(p));
        let problems = [
            ("Braille", "play-braille-not-written", &self.braille_problem),
            ("printed", "play-printed-not-written", &self.pdf_problem),
        ]
        .into_iter()
        .filter_map(|(kind, id, p)| {
            p.as_ref().map(|p| match told {
                Told::Machine => format!("annabella: {kind} scoresheet not written: {p}"),
                Told::People(l) => say(l, id, "why", p),
            })
        });
        written.chain(problems).collect()
    }

    /// How the game ended, if it did: `game over: 1-0` in the machine form, else the
    /// result and the way it ended in a sentence.
    pub fn result_line(&self, told: Told) -> Option<String> {
        let result = self.result.as_deref()?;
        Some(match told {
            Told::Machine => format!("game over: {result}"),
            Told::People(l) => {
                let m = Messages::get(l);
                let how = m.text(
                    "termination",
                    &[(
                        "termination",
                        self.termination.as_deref().unwrap_or("other").into(),
                    )],
                );
                m.text(
                    "play-result",
                    &[("result", result.into()), ("termination", how.into())],
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn report() -> StationReport {
        StationReport {
            journal: PathBuf::from("records/game.journal"),
            written: vec![PathBuf::from("records/game.pgn")],
            game_over: true,
            result: Some("1-0".into()),
            termination: Some("checkmate".into()),
            braille_problem: Some("liblouis is missing".into()),
            pdf_problem: None,
        }
    }

    #[test]
    fn the_machine_form_is_kept_for_programs() {
        let r = report();
        assert_eq!(
            Told::Machine.journal(&r.journal),
            "journal: records/game.journal"
        );
        assert_eq!(
            r.records_lines(Told::Machine),
            [
                "written: records/game.pgn",
                "annabella: Braille scoresheet not written: liblouis is missing"
            ]
        );
        assert_eq!(r.result_line(Told::Machine).unwrap(), "game over: 1-0");
    }

    #[test]
    fn a_line_is_the_machine_form_for_programs_and_a_message_for_people() {
        let args = [("last", "4".into())];
        let line = |told: Told| told.line(|| "records 1-4".into(), "demo-hall-drained", &args);
        assert_eq!(line(Told::Machine), "records 1-4");
        assert_eq!(
            line(Told::People(Language::De)),
            "Der Broker der Halle hat die Einträge 1 bis 4 des Protokolls."
        );
        assert_eq!(
            line(Told::People(Language::En)),
            "The hall's broker has records 1 to 4 of the journal."
        );
    }

    #[test]
    fn people_are_told_in_sentences_of_the_tables_language() {
        let r = report();
        let de = Told::People(Language::De);
        assert_eq!(
            de.journal(&r.journal),
            "Das Protokoll der Partie steht in records/game.journal."
        );
        assert_eq!(
            r.records_lines(de),
            [
                "Die Datei records/game.pgn ist geschrieben.",
                "Das Braille-Partieformular ist nicht geschrieben worden: liblouis is missing."
            ]
        );
        assert_eq!(
            r.result_line(de).unwrap(),
            "Die Partie ist beendet: 1-0 (Schachmatt)."
        );
        for l in Language::ALL {
            let told = Told::People(l);
            for line in [told.journal(&r.journal), told.script_ended()]
                .into_iter()
                .chain(r.records_lines(told))
                .chain(r.result_line(told))
            {
                assert!(!line.contains("play-"), "{l:?}: {line}");
                assert!(line.ends_with('.'), "{l:?}: {line}");
                assert!(line.starts_with(char::is_uppercase), "{l:?}: {line}");
            }
        }
    }
}

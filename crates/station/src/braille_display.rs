//! The VI player's refreshable Braille display on a live table (`[braille] display =
//! "brlapi"`, or the demo's simulated display writing `braille-display.jsonl`).
//!
//! A thread of its own keeps an [`annabella_braille_display::Panel`] in step with the
//! table (its snapshots and the effects in the shell's lines), shows the panel's frame on
//! the display, and turns the display's keys into questions: the words of the question
//! go to the table as a `heard` input, journalled like a spoken one. Print becomes cells
//! through liblouis with the table's Braille setting, as on the Braille scoresheet. A
//! display that goes away is reported on standard error and tried again; the table plays
//! on.

use std::{
    path::Path,
    sync::mpsc as std_mpsc,
    thread::{self, JoinHandle},
};

use annabella_braille_display::{
    BrailleScript, CellsError, DisplayKey, Frame, Panel, Surface,
    brlapi::{BrlapiDisplay, BrlapiSettings, DisplayEvent},
    cells::{Dots, from_braille_ascii},
    keys::phrase,
    record::{self, DisplayRecord},
};
use annabella_phonetic::{Language, Lexicon};
use annabella_table::{Hypothesis, Input, TableConfig, TableView};
use shakmaty::{Color, Role};
use tokio::sync::{mpsc, watch};

use crate::{
    braille::{localize_san, piece_letters, translate},
    line::Line,
    session::TableTime,
    shell::Request,
};

/// Cells of the demo's simulated display.
pub const SIMULATED_CELLS: usize = 40;

/// Which display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DisplaySurface {
    /// A real display through brltty's BrlAPI server.
    Brlapi(BrlapiSettings),
    /// A simulated display of [`SIMULATED_CELLS`] that writes what it showed to
    /// `braille-display.jsonl` in the records directory.
    Simulated,
}

/// The VI player's display as a station is told to run it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrailleDisplayPlan {
    /// Which display.
    pub surface: DisplaySurface,
    /// liblouis table (the table's Braille setting, as for the scoresheet).
    pub braille_table: String,
}

/// The table's Braille setting through liblouis.
struct Louis {
    language: Language,
    table: String,
}

impl BrailleScript for Louis {
    fn piece_letter(&self, role: Role) -> String {
        let [k, q, r, b, n] = piece_letters(self.language);
        match role {
            Role::King => k,
            Role::Queen => q,
            Role::Rook => r,
            Role::Bishop => b,
            Role::Knight => n,
            Role::Pawn => pawn_letter(self.language),
        }
        .to_owned()
    }

    fn side_letter(&self, color: Color) -> String {
        let (white, black) = match self.language {
            Language::De => ("W", "S"),
            Language::En => ("W", "B"),
            Language::Lt => ("B", "J"),
            Language::Lv => ("B", "M"),
            Language::Hu => ("V", "S"),
        };
        color.fold_wb(white, black).to_owned()
    }

    fn san(&self, san: &str) -> String {
        localize_san(san, self.language)
    }

    fn cells(&self, text: &str) -> Result<Vec<Dots>, CellsError> {
        let line = match translate(&self.table, &[text.to_owned()]) {
            Ok(lines) => lines.into_iter().next().unwrap_or_default(),
            // liblouis refused or looped (it does on a few board lines): a text that is
            // Braille ASCII already (the board lines are) is shown as it is, never a
            // stale line.
            Err(crate::braille::BrailleError::Stopped { .. })
                if text.chars().all(|c| from_braille_ascii(c).is_some()) =>
            {
                text.to_owned()
            }
            Err(e) => return Err(CellsError::Translator(Box::new(e))),
        };
        line.chars()
            .map(|c| from_braille_ascii(c).ok_or(CellsError::NotBrailleAscii(c)))
            .collect()
    }
}

/// `text` as the cells of the liblouis table `braille_table` (piece letters of
/// `language`), for a display that shows print: a review's answers.
///
/// # Errors
/// liblouis refused the text, or gave what is not Braille ASCII.
pub fn text_cells(
    language: Language,
    braille_table: &str,
    text: &str,
) -> Result<Vec<Dots>, CellsError> {
    Louis {
        language,
        table: braille_table.to_owned(),
    }
    .cells(text)
}

/// The letter of a pawn in the VI player's language (Bauer, pawn, pėstininkas,
/// bandinieks, gyalog).
fn pawn_letter(language: Language) -> &'static str {
    match language {
        Language::De | Language::Lv => "B",
        Language::En | Language::Lt => "P",
        Language::Hu => "G",
    }
}

/// What the display thread hears.
#[derive(Debug)]
enum Event {
    Line(Box<Line>),
    Display(DisplayEvent),
    /// The shell has stopped.
    End,
}

impl From<DisplayEvent> for Event {
    fn from(e: DisplayEvent) -> Event {
        Event::Display(e)
    }
}

/// A running display: its thread ends once the shell has stopped.
#[derive(Debug)]
pub struct RunningDisplay {
    thread: JoinHandle<()>,
    keys: DisplayKeys,
}

/// Presses the keys of a display (the demo's script presses the simulated display's).
#[derive(Debug, Clone)]
pub struct DisplayKeys(std_mpsc::Sender<Event>);

impl DisplayKeys {
    /// Presses `key`; `false` when the display has stopped.
    pub fn press(&self, key: DisplayKey) -> bool {
        self.0.send(Event::Display(DisplayEvent::Key(key))).is_ok()
    }
}

impl RunningDisplay {
    /// The display's keys.
    pub fn keys(&self) -> DisplayKeys {
        self.keys.clone()
    }

    /// Waits until the display has shown the table's last state.
    pub fn join(self) {
        let _ = self.thread.join();
    }
}

/// Starts the display of `plan`: the shell's lines are taken here (and passed on to
/// `console`, the web console, when it has them); returns the sender the shell writes
/// its lines to.
///
/// # Errors
/// libbrlapi cannot be loaded, the record cannot be created, a thread cannot start.
pub(crate) fn start(
    plan: BrailleDisplayPlan,
    console: Option<mpsc::Sender<Line>>,
    table: &TableConfig,
    view: watch::Receiver<TableView>,
    requests: mpsc::Sender<Request>,
    time: TableTime,
    records_dir: &Path,
) -> Result<(mpsc::Sender<Line>, RunningDisplay), DisplayStartError> {
    let (events_tx, events) = std_mpsc::channel::<Event>();
    // A real display's width comes with its connection.
    let surface: Box<dyn Surface> = match plan.surface {
        DisplaySurface::Brlapi(settings) => Box::new(
            BrlapiDisplay::start(settings, events_tx.clone())
                .map_err(|e| DisplayStartError::Surface(e.into()))?,
        ),
        DisplaySurface::Simulated => Box::new(
            DisplayRecord::create(&records_dir.join(record::FILE_NAME))
                .map_err(|e| DisplayStartError::Surface(e.into()))?,
        ),
    };
    let (lines_tx, mut lines_rx) = mpsc::channel::<Line>(1024);
    let keys = DisplayKeys(events_tx.clone());
    let forward = events_tx;
    thread::Builder::new()
        .name("braille lines".into())
        .spawn(move || {
            while let Some(line) = lines_rx.blocking_recv() {
                if let Some(c) = &console {
                    let _ = c.blocking_send(line.clone());
                }
                let _ = forward.send(Event::Line(Box::new(line)));
            }
            let _ = forward.send(Event::End);
        })
        .map_err(DisplayStartError::Thread)?;
    let mut reader = Reader {
        panel: Panel::new(SIMULATED_CELLS, table.vi_color),
        script: Louis {
            language: table.language,
            table: plan.braille_table,
        },
        lexicon: Lexicon::get(table.language),
        surface,
        view,
        requests,
        time,
        shown: None,
        last_problem: String::new(),
    };
    let thread = thread::Builder::new()
        .name("braille panel".into())
        .spawn(move || reader.run(&events))
        .map_err(DisplayStartError::Thread)?;
    Ok((lines_tx, RunningDisplay { thread, keys }))
}

/// Why the Braille display did not start.
#[derive(Debug, thiserror::Error)]
pub enum DisplayStartError {
    /// libbrlapi or the display's record.
    #[error("{0}")]
    Surface(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A thread could not start.
    #[error("braille display thread: {0}")]
    Thread(std::io::Error),
}

/// The display thread's state.
struct Reader {
    panel: Panel,
    script: Louis,
    lexicon: &'static Lexicon,
    surface: Box<dyn Surface>,
    view: watch::Receiver<TableView>,
    requests: mpsc::Sender<Request>,
    time: TableTime,
    shown: Option<Frame>,
    last_problem: String,
}

impl Reader {
    fn run(&mut self, events: &std_mpsc::Receiver<Event>) {
        let first = self.view.borrow_and_update().clone();
        let r = self.panel.observe_view(&first, &self.script);
        self.check(r);
        self.show(false);
        while let Ok(event) = events.recv() {
            match event {
                Event::Line(line) => {
                    if self.view.has_changed().unwrap_or(false) {
                        let v = self.view.borrow_and_update().clone();
                        let r = self.panel.observe_view(&v, &self.script);
                        self.check(r);
                    }
                    if let Line::Effect { effect, .. } = &*line {
                        let r = self.panel.observe_effect(effect, &self.script);
                        self.check(r);
                    }
                    self.show(false);
                }
                Event::Display(DisplayEvent::Connected { width }) => {
                    self.panel.set_width(width);
                    self.report(format!("connected, {width} cells"));
                    self.show(true);
                }
                Event::Display(DisplayEvent::Lost(why)) => self.report(why),
                Event::Display(DisplayEvent::Key(key)) => {
                    let asked = self.panel.key(key, &self.script);
                    match asked {
                        Ok(Some(command)) => self.ask(&command),
                        Ok(None) => {}
                        Err(e) => self.check(Err(e)),
                    }
                    self.show(false);
                }
                Event::End => break,
            }
        }
    }

    /// Sends the words of a question to the table, as if said.
    fn ask(&mut self, command: &annabella_phonetic::Command) {
        let Some(text) = phrase(self.lexicon, command) else {
            self.report(format!("{command:?} has no words in the table's language"));
            return;
        };
        let input = Input::Heard {
            alternatives: vec![Hypothesis { text, score: 1.0 }],
        };
        let _ = self.requests.blocking_send(Request::Input(input));
    }

    fn show(&mut self, again: bool) {
        let frame = self.panel.frame();
        if !again && self.shown.as_ref() == Some(&frame) {
            return;
        }
        let r = self.surface.show(self.time.now(), &frame);
        self.check(r);
        self.shown = Some(frame);
    }

    fn check<E: std::fmt::Display>(&mut self, result: Result<(), E>) {
        if let Err(e) = result {
            self.report(e.to_string());
        }
    }

    /// Says on standard error what happened to the display, once per new problem.
    fn report(&mut self, text: String) {
        if text != self.last_problem {
            tracing::warn!("braille display: {text}");
            self.last_problem = text;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::config::{BrailleDisplaySettings, StationConfig};

    use super::*;

    const SAMPLE: &str = include_str!("../../../samples/table.toml");

    fn load(braille: &str) -> Result<StationConfig, crate::config::ConfigError> {
        crate::edges::config_from_str(&format!("{SAMPLE}\n{braille}"), Path::new("."))
    }

    #[test]
    fn the_braille_section_chooses_the_display() {
        let none = load("").unwrap();
        assert_eq!(none.braille_display, None);
        let off = load("[braille]\ndisplay = \"none\"").unwrap();
        assert_eq!(off.braille_display, None);
        let on = load("[braille]\ndisplay = \"brlapi\"\nhost = \"127.0.0.1:3\"\nauth = \"none\"")
            .unwrap();
        assert_eq!(
            on.braille_display,
            Some(BrailleDisplaySettings {
                host: Some("127.0.0.1:3".into()),
                auth: Some("none".into()),
            })
        );
        let e = load("[braille]\ndisplay = \"fax\"").unwrap_err();
        assert_eq!(e.problems.len(), 1, "{e}");
        assert_eq!(e.problems[0].key, "braille.display");
        assert!(e.problems[0].message.contains("\"fax\""), "{e}");
        assert!(
            load("[braille]\ncells = 40").is_err(),
            "unknown keys are refused"
        );
    }

    #[test]
    fn liblouis_gives_the_cells_of_the_tables_braille_setting() {
        let louis = Louis {
            language: Language::De,
            table: "de-g0.utb".into(),
        };
        // Number sign (3456) and a (1): the digit 1; dot 3: the period.
        assert_eq!(louis.cells("1.").unwrap(), vec![0b11_1100, 0b1, 0b100]);
        assert_eq!(louis.piece_letter(Role::Knight), "S");
        assert_eq!(louis.piece_letter(Role::Pawn), "B");
        assert_eq!(louis.san("Nxe4+"), "Sxe4+");
        let broken = Louis {
            language: Language::De,
            table: "xx-none.ctb".into(),
        };
        let e = broken.cells("1.").unwrap_err().to_string();
        assert!(e.contains("xx-none.ctb"), "{e}");
    }
}

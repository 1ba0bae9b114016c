//! The printed scoresheet read back with poppler (`pdftotext`, `pdfinfo`, `pdftoppm`;
//! Debian's poppler-utils): piece letters and headings in the table's language (all
//! five), the title in PDF text encoding, the players' titles, ratings, FIDE ids and
//! federations, blank lines (never `?`) for what nobody gave, illegal moves marked at the
//! move, the font embedded as a subset, 60 moves a page and further pages past move 60,
//! the clock figure last with its ticks on round values; and, rendered at 300 dpi, no
//! text crossing a ruled line or another text. FAILS (never skips) when poppler-utils
//! or the font is missing.

use std::{path::Path, process::Command, time::Duration};

use annabella_phonetic::{Language, messages::Messages};
use annabella_records::scoresheet_pdf::{FONT, Sheet, SheetMove, SheetPlayer, render};
use annabella_table::IllegalMark;

fn player(name: &str, title: &str, rating: &str, id: &str, fed: &str) -> SheetPlayer {
    SheetPlayer {
        name: Some(name.into()),
        title: Some(title.into()),
        rating: Some(rating.into()),
        fide_id: Some(id.into()),
        federation: Some(fed.into()),
    }
}

fn sheet(language: Language, sans: &[&str]) -> Sheet {
    Sheet {
        event: Some("Club championship".into()),
        site: Some("Berlin".into()),
        date: Some("2026.11.25".into()),
        round: Some("3".into()),
        board: Some("7".into()),
        arbiter: Some("IA Erika Weber".into()),
        white: player("Anna Müller", "WFM", "2134", "24601234", "GER"),
        black: player("Bella Beispiel", "WIM", "2251", "12898765", "LTU"),
        vi: Some(shakmaty::Color::White),
        time_control: Some("5400+30".into()),
        moves: sans
            .iter()
            .enumerate()
            .map(|(i, san)| SheetMove {
                ply: i + 1,
                san: (*san).into(),
                clock: Duration::from_secs(5400 - 10 * i as u64),
                draw_offer: i == 2,
            })
            .collect(),
        result: "1/2-1/2".into(),
        illegal: vec![IllegalMark {
            ply: 3,
            by: shakmaty::Color::White,
            added: Some(Duration::from_secs(120)),
        }],
        language,
    }
}

fn poppler(tool: &str, args: &[&str], pdf: &Path) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("{tool}: {e} (install the Debian package poppler-utils)"));
    assert!(out.status.success(), "{tool} failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn pages(pdf: &Path) -> usize {
    let out = Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo (install the Debian package poppler-utils)");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| {
            l.strip_prefix("Pages:")
                .map(|n| n.trim().parse().unwrap_or(0))
        })
        .expect("pdfinfo names the pages")
}

fn write(dir: &Path, name: &str, sheet: &Sheet) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, render(sheet, Path::new(FONT)).expect("a PDF")).unwrap();
    path
}

#[test]
fn a_german_table_prints_german_letters_and_an_english_one_english() {
    let dir = tempfile::tempdir().unwrap();
    let sans = ["Nf3", "d5", "Bg2", "Qd6", "O-O", "Kd8", "Rb1", "Bxf3"];
    let de = write(dir.path(), "de.pdf", &sheet(Language::De, &sans));
    let en = write(dir.path(), "en.pdf", &sheet(Language::En, &sans));
    let de_text = poppler("pdftotext", &["-layout"], &de);
    let en_text = poppler("pdftotext", &["-layout"], &en);
    for (german, english) in [
        ("Sf3", "Nf3"),
        ("Lg2", "Bg2"),
        ("Dd6", "Qd6"),
        ("Kd8", "Kd8"),
        ("Tb1", "Rb1"),
        ("Lxf3", "Bxf3"),
    ] {
        assert!(de_text.contains(german), "{german} missing:\n{de_text}");
        assert!(en_text.contains(english), "{english} missing:\n{en_text}");
    }
    assert!(!de_text.contains("Nf3") && !en_text.contains("Sf3"));
    // The header, the draw offer, a clock time, the result and the signature lines.
    for needle in [
        "Club championship",
        "Berlin",
        "2026.11.25",
        "Anna Müller",
        "Bella Beispiel",
        "5400+30",
        "Bg2 (=) ‡",
        "1:29:50",
        "1/2-1/2",
        "Signature White",
        "Signature Black",
        "Signature Arbiter",
        "‡ 2.: illegal move by White; 0:02:00 added to the opponent (Law 7.5.5).",
        "IA Erika Weber",
        "White — VI player",
        "WFM",
        "2134",
        "24601234",
        "GER",
        "WIM",
        "2251",
        "12898765",
        "LTU",
    ] {
        assert!(en_text.contains(needle), "{needle} missing:\n{en_text}");
    }
    assert_eq!(pages(&en), 2, "one page of moves and the clock figure");
}

#[test]
fn moves_past_sixty_go_on_a_further_page() {
    let dir = tempfile::tempdir().unwrap();
    // 70 moves: 140 half-moves of knights going back and forth.
    let sans: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .cycle()
        .take(140)
        .copied()
        .collect();
    let pdf = write(dir.path(), "long.pdf", &sheet(Language::En, &sans));
    assert_eq!(pages(&pdf), 3, "two pages of moves and the clock figure");
    let page2 = poppler("pdftotext", &["-layout", "-f", "2", "-l", "2"], &pdf);
    assert!(page2.contains("Page 2 of 3"), "{page2}");
    let row70 = page2
        .lines()
        .find(|l| l.trim_start().starts_with("70 "))
        .unwrap_or_else(|| panic!("no row 70 on page 2:\n{page2}"));
    assert!(row70.contains("Nf3") || row70.contains("Ng1"), "{row70}");
    assert!(page2.contains("120"), "the second page numbers 61 to 120");
    let page1 = poppler("pdftotext", &["-layout", "-f", "1", "-l", "1"], &pdf);
    assert!(!page1.contains(" 61 "), "move 61 is not on page 1");
    let last = poppler("pdftotext", &["-layout", "-f", "3", "-l", "3"], &pdf);
    assert!(last.contains("Clock times"), "{last}");
}

#[test]
fn an_illegal_move_the_arbiter_penalised_is_marked_at_the_move() {
    use annabella_table::{ArbiterAction, Input, Table, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let mut table = Table::new(TableConfig::default()).expect("a table");
    table.handle(Duration::from_secs(1), Input::Start).unwrap();
    table
        .handle(
            Duration::from_secs(3),
            Input::Arbiter(ArbiterAction::IllegalMove {
                by: shakmaty::Color::White,
            }),
        )
        .unwrap();
    let sheet = Sheet::of(&table);
    assert_eq!(sheet.illegal.len(), 1);
    assert_eq!(
        (sheet.illegal[0].ply, sheet.illegal[0].by),
        (1, shakmaty::Color::White)
    );
    let pdf = write(dir.path(), "t.pdf", &sheet);
    let text = poppler("pdftotext", &["-layout"], &pdf);
    // The default table is German: the penalty in German, at move 1.
    assert!(
        text.contains("‡ 1.: regelwidriger Zug von Weiß;"),
        "the penalised illegal move is noted:\n{text}"
    );
    let row1 = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_default();
    assert!(row1.contains('‡'), "marked in move 1's row: {row1:?}");
    // The default configuration knows no event, site, round or names: blank lines.
    for unknown in ["?", "????", " - "] {
        assert!(!text.contains(unknown), "{unknown:?} printed:\n{text}");
    }
}

/// Every language's headings, from the table's own messages, and none in English.
#[test]
fn every_language_prints_its_own_headings_and_a_readable_title() {
    let dir = tempfile::tempdir().unwrap();
    let english = Messages::get(Language::En);
    for language in Language::ALL {
        let pdf = write(
            dir.path(),
            &format!("{language}.pdf"),
            &sheet(language, &["e4", "e5"]),
        );
        let text = poppler("pdftotext", &["-layout"], &pdf);
        let say = Messages::get(language);
        for id in [
            "sheet-title",
            "sheet-event",
            "sheet-site",
            "sheet-date",
            "sheet-round",
            "sheet-board",
            "sheet-arbiter",
            "sheet-time-control",
            "sheet-rating",
            "sheet-fide-id",
            "sheet-federation",
            "sheet-result",
            "sheet-sign-white",
            "sheet-sign-black",
            "sheet-sign-arbiter",
        ] {
            let heading = say.text(id, &[]);
            assert!(
                text.contains(&heading),
                "{language}: {id} {heading:?} missing:\n{text}"
            );
            if language != Language::En && english.text(id, &[]) != heading {
                assert!(
                    !text.contains(&english.text(id, &[])),
                    "{language}: the English {id}:\n{text}"
                );
            }
        }
        let info = poppler_info(&pdf);
        let title = say.text(
            "sheet-doc-title",
            &[
                ("white", "Anna Müller".into()),
                ("black", "Bella Beispiel".into()),
            ],
        );
        assert!(
            info.lines()
                .any(|l| l.strip_prefix("Title:").is_some_and(|t| t.trim() == title)),
            "{language}: the title {title:?}:\n{info}"
        );
        let size = std::fs::metadata(&pdf).unwrap().len();
        assert!(
            size <= 200_000,
            "{language}: {size} bytes (the font is not a subset)"
        );
    }
}

fn poppler_info(pdf: &Path) -> String {
    let out = Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo (install the Debian package poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A word and its box in pt from the top left, as `pdftotext -bbox` gives it.
#[derive(Debug)]
struct Word {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn words(pdf: &Path, page: usize) -> Vec<Word> {
    let p = page.to_string();
    let html = poppler("pdftotext", &["-bbox", "-f", &p, "-l", &p], pdf);
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!("{name}=\"");
        let at = tag.find(&key).map_or(0, |i| i + key.len());
        tag[at..]
            .split('"')
            .next()
            .unwrap_or("0")
            .parse()
            .unwrap_or(0.0)
    };
    html.split("<word ")
        .skip(1)
        .map(|w| {
            let (tag, rest) = w.split_once('>').unwrap_or((w, ""));
            Word {
                text: rest.split("</word>").next().unwrap_or("").to_owned(),
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
            }
        })
        .collect()
}

/// Page `page` rendered at 300 dpi by `pdftoppm`.
fn rendered(pdf: &Path, page: usize, dir: &Path) -> annabella_test_support::pixels::Shot {
    let prefix = dir.join(format!("page-{page}"));
    let p = page.to_string();
    let status = Command::new("pdftoppm")
        .args(["-r", "300", "-png", "-singlefile", "-f", &p, "-l", &p])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (install the Debian package poppler-utils)");
    assert!(status.success(), "pdftoppm");
    let png = std::fs::read(prefix.with_extension("png")).expect("the rendered page");
    annabella_test_support::pixels::Shot::decode(&png)
}

/// A ruled line in pixels: where it stands across, and from where to where it runs.
#[derive(Debug, Clone, Copy)]
struct Rule {
    at: u32,
    from: u32,
    to: u32,
}

/// Every run of at least `run` dark pixels, vertical (`x` fixed) and horizontal.
fn rules(shot: &annabella_test_support::pixels::Shot, run: u32) -> (Vec<Rule>, Vec<Rule>) {
    // Dark: all three channels below the middle (the sheet is black on white).
    let dark_map: Vec<bool> = shot
        .pixels
        .iter()
        .map(|p| p.iter().all(|c| *c < 128))
        .collect();
    let w = shot.width as usize;
    let dark = |x: u32, y: u32| dark_map[y as usize * w + x as usize];
    let runs = |at: u32, n: u32, is_dark: &dyn Fn(u32) -> bool, out: &mut Vec<Rule>| {
        let mut start = None;
        for i in 0..=n {
            match (i < n && is_dark(i), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    if i - s >= run {
                        out.push(Rule { at, from: s, to: i });
                    }
                    start = None;
                }
                _ => {}
            }
        }
    };
    let (mut vertical, mut horizontal) = (Vec::new(), Vec::new());
    for x in 0..shot.width {
        runs(x, shot.height, &|y| dark(x, y), &mut vertical);
    }
    for y in 0..shot.height {
        runs(y, shot.width, &|x| dark(x, y), &mut horizontal);
    }
    (vertical, horizontal)
}

/// The letters' body in a word's box from `pdftotext -bbox` (which is DejaVu Sans's
/// whole font box, 2.38 em high with the baseline at a fifth from its bottom): from the
/// capitals' top to the baseline.
fn core(y0: f64, y1: f64) -> (f64, f64) {
    let h = y1 - y0;
    (y1 - 0.5 * h, y1 - 0.2 * h)
}

/// At 300 dpi no word crosses a ruled line (the move table's columns and rows, the
/// fields' lines) or another word: the widest clock time, a long name (wrapped in its
/// field) and a long event all stay in their cells.
#[test]
fn no_text_leaves_its_cell_at_300_dpi() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = sheet(Language::De, &[]);
    s.white.name = Some(
        "Maximiliane Alexandra Konstanze Friederike Luise von Hohenzollern-Sigmaringen-Veringen"
            .into(),
    );
    s.event = Some("Internationale Offene Meisterschaft der Blinden und Sehbehinderten".into());
    s.time_control = Some("40/5400+30:1800+30".into());
    s.moves = [
        "Nf3", "Nf6", "c4", "g6", "Nc3", "Bg7", "e4", "d6", "d4", "O-O",
    ]
    .iter()
    .cycle()
    .take(120)
    .enumerate()
    .map(|(i, san)| SheetMove {
        ply: i + 1,
        san: (*san).into(),
        // The widest times: 1:58:58 and the like.
        clock: Duration::from_secs(7138 - (i as u64 % 3) * 60),
        draw_offer: i == 40,
    })
    .collect();
    let pdf = write(dir.path(), "busy.pdf", &s);
    if let Some(keep) = std::env::var_os("SCORESHEET_KEEP") {
        std::fs::copy(&pdf, keep).unwrap();
    }
    let shot = rendered(&pdf, 1, dir.path());
    let px = |pt: f64| pt * 300.0 / 72.0;
    // Rules at least 12 mm long: the table's and the fields' lines.
    let (xs, ys) = rules(&shot, 140);
    assert!(xs.len() >= 12, "the move table's columns: {xs:?}");
    assert!(ys.len() >= 31, "the move table's rows: {} found", ys.len());
    let all = words(&pdf, 1);
    assert!(all.len() > 300, "{} words", all.len());
    let mut faults = Vec::new();
    for w in &all {
        let (x0, x1, y0, y1) = (px(w.x0), px(w.x1), px(w.y0), px(w.y1));
        let (core0, core1) = core(y0, y1);
        let crosses = |r: &Rule, lo: f64, hi: f64, a: f64, b: f64| {
            f64::from(r.at) > lo
                && f64::from(r.at) < hi
                && f64::from(r.from) < b
                && f64::from(r.to) > a
        };
        if let Some(r) = xs
            .iter()
            .find(|r| crosses(r, x0 + 1.0, x1 - 1.0, core0, core1))
        {
            faults.push(format!("{:?} crosses the vertical rule {r:?}", w.text));
        }
        if let Some(r) = ys.iter().find(|r| crosses(r, core0, core1, x0, x1)) {
            faults.push(format!("{:?} is struck by the rule {r:?}", w.text));
        }
        if w.x0 < 36.0 || w.x1 > 560.0 {
            faults.push(format!("{:?} outside the margins: {w:?}", w.text));
        }
    }
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            let ((a0, a1), (b0, b1)) = (core(a.y0, a.y1), core(b.y0, b.y1));
            let overlap = a.x0 < b.x1 - 0.3 && b.x0 < a.x1 - 0.3 && a0 < b1 && b0 < a1;
            if overlap {
                faults.push(format!("{:?} and {:?} overlap", a.text, b.text));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // The long name is wrapped, all of it printed.
    let text = poppler("pdftotext", &["-layout"], &pdf);
    for part in [
        "Maximiliane",
        "Hohenzollern-Sigmaringen-Veringen",
        "1:58:58",
        "Sehbehinderten",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
    // A third of 300 dpi for the gallery: 100 dpi.
    annabella_test_support::pixels::gallery("scoresheet-long-names.png", &shot, 3);
}

/// The clock figure's time axis is labelled in round values.
#[test]
fn the_clock_figure_ticks_on_round_values() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = sheet(Language::En, &["e4", "e5", "Nf3", "Nc6"]);
    for (m, secs) in s.moves.iter_mut().zip([4138, 4100, 3960, 3901]) {
        m.clock = Duration::from_secs(secs);
    }
    let pdf = write(dir.path(), "chart.pdf", &s);
    let last = poppler("pdftotext", &["-layout", "-f", "2", "-l", "2"], &pdf);
    let ticks: Vec<&str> = last
        .split_whitespace()
        .filter(|w| w.len() == 7 && w.as_bytes()[1] == b':' && w.as_bytes()[4] == b':')
        .collect();
    assert!(ticks.len() >= 3, "the time axis: {last}");
    for t in &ticks {
        assert!(t.ends_with(":00") && !t.ends_with("8:58"), "tick {t}");
        let minutes: u32 = t[2..4].parse().unwrap();
        assert!(minutes.is_multiple_of(5), "tick {t} on a round value");
    }
    assert!(ticks.contains(&"1:15:00"), "{ticks:?}");
}

/// Issue 40: no control character from a hostile journal reaches the sheet, a Hebrew
/// name prints in visual order (so it reads right to left), and an Arabic one (which
/// the sheet cannot shape) is refused in words: to be written by hand.
#[test]
fn control_characters_never_print_and_right_to_left_names_read_right() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = sheet(Language::En, &["e4", "e5"]);
    s.white.name = Some("Eve\u{1b}[31m \u{202e}Evil\u{7}".into());
    s.black.name = Some("שלום כהן".into());
    s.event = Some("بطولة النادي".into());
    let pdf = write(dir.path(), "hostile.pdf", &s);
    let raw = poppler("pdftotext", &["-raw"], &pdf);
    for c in ['\u{1b}', '\u{7}', '\u{202e}'] {
        assert!(!raw.contains(c), "{c:?} printed: {raw:?}");
    }
    assert!(raw.contains("Eve�[31m �Evil�"), "{raw}");
    // Drawn in visual order: poppler, reading the glyphs left to right, finds the
    // surname's word at the left (each word marked right-to-left), so the name reads
    // right to left as "שלום כהן".
    assert!(
        raw.contains("\u{202b}כהן\u{202c} \u{202b}שלום\u{202c}"),
        "{raw:?}"
    );
    assert!(raw.contains("Please write this by hand"), "{raw}");
    assert!(!raw.contains("بطولة"), "{raw}");
}

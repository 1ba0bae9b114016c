//! The printed scoresheet read back with poppler (`pdftotext`, `pdfinfo`; Debian's
//! poppler-utils): piece letters in the table's language, 60 moves a page and further
//! pages past move 60, the clock figure last. FAILS (never skips) when poppler-utils or
//! the font is missing.

use std::{path::Path, process::Command, time::Duration};

use annabella_phonetic::Language;
use annabella_records::scoresheet_pdf::{FONT, Sheet, SheetMove, render};

fn sheet(language: Language, sans: &[&str]) -> Sheet {
    Sheet {
        event: "Club championship".into(),
        site: "Berlin".into(),
        date: "2026.11.25".into(),
        round: "3".into(),
        board: Some("7".into()),
        white: "Anna Muster".into(),
        black: "Bella Beispiel".into(),
        time_control: "5400+30".into(),
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
        illegal: [1, 0],
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
        "Anna Muster",
        "Bella Beispiel",
        "5400+30",
        "Bg2 (=)",
        "1:29:50",
        "1/2-1/2",
        "Signature White",
        "Signature Black",
        "Signature Arbiter",
        "Illegal moves: White 1 (time added to Black); Black none",
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
fn an_illegal_move_the_arbiter_penalised_is_on_the_sheet() {
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
    assert_eq!(sheet.illegal, [1, 0]);
    let pdf = write(dir.path(), "t.pdf", &sheet);
    let text = poppler("pdftotext", &["-layout"], &pdf);
    assert!(
        text.contains("White 1 (time added to Black)"),
        "the penalised illegal move is noted:\n{text}"
    );
}

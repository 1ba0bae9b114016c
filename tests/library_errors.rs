//! The library crates speak in typed errors and `tracing` events: no `Result<_, String>`
//! (nor a `FromStr` with `type Err = String`), no error kept only as its text
//! (`map_err(|e| X(e.to_string()))`: a `#[source]` or `#[from]` keeps it) and no
//! `eprintln!` in their sources; the
//! binary alone decides what reaches standard error (its subscriber from `annabella-logging`). Read from the
//! source text, comment lines left out; a signature over several lines counts too. And the
//! binary's side: its global `--log-format` flag and `RUST_LOG`.

use annabella_test_support::source::rust_files;
use std::{fs, path::Path};

/// The crates held to it, by folder under `crates/`.
const CHECKED: &[&str] = &[
    "arbiter",
    "board",
    "braille-display",
    "broker",
    "config",
    "console",
    "demo",
    "devices",
    "hall",
    "hall-bench",
    "hall-link",
    "lichess-board",
    "hall-wire",
    "journal",
    "logging",
    "phonetic",
    "records",
    "review",
    "rules",
    "serve",
    "setup",
    "speech",
    "station",
    "table",
    "test-support",
    "trf",
    "view",
    "voice",
];

/// The crates whose conversion is still under way (move each to [`CHECKED`] when clean).
const NOT_YET: &[&str] = &[];

/// The source without its comment lines, lines joined with spaces (so a type written over
/// several lines reads as one), with the 1-based line each character came from.
fn code_of(text: &str) -> (String, Vec<usize>) {
    let (mut code, mut lines) = (String::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for c in line.chars().chain([' ']) {
            code.push(c);
            lines.push(n + 1);
        }
    }
    (code, lines)
}

/// What in `code` breaks the rule: (line, what), in order.
fn findings(code: &str, lines: &[usize]) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let line_at = |i: usize| lines.get(i).copied().unwrap_or(0);
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let rest: String = chars[i..chars.len().min(i + 20)].iter().collect();
        let word_start = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if word_start && rest.starts_with("eprintln!") {
            found.push((line_at(i), "eprintln!".to_owned()));
        } else if word_start && rest.starts_with("Result<") {
            let (args, end) = generic_args(&chars, i + "Result<".len());
            if args.len() == 2 && args[1] == "String" {
                let text: String = chars[i..end].iter().collect();
                found.push((line_at(i), squeeze(&text)));
            }
        } else if rest.starts_with("map_err(|") {
            if let Some(lossy) = lossy_map_err(&chars, i + "map_err(".len()) {
                found.push((line_at(i), lossy));
            }
        } else if word_start && rest.starts_with("type Err") {
            let text: String = chars[i..].iter().take_while(|&&c| c != ';').collect();
            if squeeze(&text) == "type Err = String" {
                found.push((line_at(i), "type Err = String".to_owned()));
            }
        }
        i += 1;
    }
    found
}

/// The closure of a `map_err(` whose text starts at `from` (its `|`), when it wraps its
/// error's text in a variant or call, `X(e.to_string())`, throwing the error's source
/// away: the closure's text, spaces squeezed.
fn lossy_map_err(chars: &[char], from: usize) -> Option<String> {
    let param: String = chars[from + 1..]
        .iter()
        .take_while(|&&c| c != '|')
        .collect::<String>()
        .trim()
        .to_owned();
    let (mut depth, mut end) = (1usize, chars.len());
    for (i, &c) in chars.iter().enumerate().skip(from) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    end = i;
                    break;
                }
            }
            _ => {}
        }
    }
    let closure: String = chars[from..end].iter().collect();
    let closure = squeeze(&closure);
    let lossy = !param.is_empty()
        && param != "_"
        && closure
            .replace(' ', "")
            .contains(&format!("({param}.to_string())"));
    lossy.then(|| format!("map_err({closure})"))
}

/// The top-level arguments of the generic list starting at `from` (just after its `<`),
/// spaces squeezed, and the index after its closing `>`.
fn generic_args(chars: &[char], from: usize) -> (Vec<String>, usize) {
    let (mut depth, mut args, mut current) = (0usize, Vec::new(), String::new());
    for (i, &c) in chars.iter().enumerate().skip(from) {
        // The `>` of a `->` (a function type in the list) closes nothing.
        let arrow = c == '>' && chars[i - 1] == '-';
        match c {
            _ if arrow => {}
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' if depth > 0 => depth -= 1,
            '>' => {
                args.push(squeeze(&current));
                // A trailing comma leaves an empty last argument.
                args.retain(|a| !a.is_empty());
                return (args, i + 1);
            }
            ',' if depth == 0 => {
                args.push(squeeze(&current));
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    (Vec::new(), chars.len())
}

/// `text` with runs of whitespace as one space, trimmed.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn library_crates_have_typed_errors_and_no_eprintln() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut on_disk: Vec<String> = fs::read_dir(&root)
        .expect("the crates folder")
        .map(|e| {
            e.expect("a crates entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| root.join(name).join("src").is_dir())
        .collect();
    on_disk.sort();
    let unlisted: Vec<&String> = on_disk
        .iter()
        .filter(|c| {
            ![CHECKED, NOT_YET]
                .iter()
                .any(|list| list.contains(&c.as_str()))
        })
        .collect();
    assert!(
        unlisted.is_empty(),
        "crates neither checked nor known to be under way: {unlisted:?} (add them to CHECKED)"
    );
    let mut problems = Vec::new();
    for name in CHECKED {
        let mut files = Vec::new();
        rust_files(&root.join(name).join("src"), &mut files);
        files.sort();
        for file in files {
            let text = fs::read_to_string(&file).expect("a readable source file");
            let (code, lines) = code_of(&text);
            for (line, what) in findings(&code, &lines) {
                let shown = file
                    .strip_prefix(&root)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                problems.push(format!("crates/{shown}:{line}: {what}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "library crates return typed errors (thiserror) that keep their sources, and emit tracing events instead:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_reading_finds_string_errors_over_lines_and_skips_comments() {
    let text = "\
/// Returns Result<(), String> in a comment: fine.
fn a() -> Result<(), Box<dyn Error>> { Ok(()) }
fn b() -> Result<
    Vec<(u8, String)>,
    String,
> { body() }
fn c() -> io::Result<String> { body() }
fn d() { eprintln!(\"x\"); my_eprintln!(\"y\"); }
impl FromStr for X { type Err = String; }
fn e() -> Result<HashMap<String, String>, Error> { body() }
fn f() -> Result<Box<dyn Fn() -> u8>, String> { body() }
fn g() { x.map_err(|e| Error::Pdf(e.to_string()))?; y.map_err(Error::Pdf)?; }
fn h() { x.map_err(|_| Error::Square(s.to_string()))?; z.map_err(|e| {
    fail(e.to_string())
})?; w.map_err(|e| Error::At { why: e.to_string() })?; }
";
    let (code, lines) = code_of(text);
    let found: Vec<(usize, String)> = findings(&code, &lines);
    assert_eq!(
        found,
        vec![
            (3, "Result< Vec<(u8, String)>, String, >".to_owned()),
            (8, "eprintln!".to_owned()),
            (9, "type Err = String".to_owned()),
            (11, "Result<Box<dyn Fn() -> u8>, String>".to_owned()),
            (12, "map_err(|e| Error::Pdf(e.to_string()))".to_owned()),
            (13, "map_err(|e| { fail(e.to_string()) })".to_owned()),
        ]
    );
}

/// `annabella say` with `args`: (success, stdout, stderr).
fn say(args: &[&str], rust_log: Option<&str>) -> (bool, String, String) {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"));
    cmd.args(["say", "--fen", start, "e2e4"]).args(args);
    cmd.env_remove("RUST_LOG").env_remove("JOURNAL_STREAM");
    if let Some(directives) = rust_log {
        cmd.env("RUST_LOG", directives);
    }
    let out = cmd.output().expect("run annabella");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_log_format_is_a_global_flag_and_a_bad_rust_log_is_named() {
    let (ok, stdout, stderr) = say(&["--log-format", "json"], None);
    assert!(ok, "{stderr}");
    assert_eq!(
        stdout, "Eva vier\n",
        "the command's output is not the log's"
    );
    let (ok, _, stderr) = say(&["--log-format", "xml"], None);
    assert!(!ok);
    assert!(
        stderr.contains("'xml'") && stderr.contains("plain, json"),
        "{stderr}"
    );
    let (ok, stdout, stderr) = say(&[], Some("annabella=loud"));
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "Eva vier\n");
    assert!(
        stderr.starts_with("annabella: RUST_LOG=\"annabella=loud\": ")
            && stderr.contains("using \"warn,annabella=info,rumqttc=error\""),
        "{stderr}"
    );
}

/// The binary's long flags, read from the clap attributes under `src/`: `long = "x"`, or
/// the field's name with `-` for `_`.
fn binary_flags(root: &Path) -> std::collections::BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut flags = std::collections::BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a readable source file");
        let mut attribute: Option<String> = None;
        let mut pending: Option<Option<String>> = None;
        for line in text.lines().map(str::trim) {
            if let Some(open) = attribute.as_mut() {
                open.push_str(line);
            } else if line.starts_with("#[arg(") {
                attribute = Some(line.to_owned());
            } else if let Some(explicit) = pending.take() {
                if line.starts_with("#[") || line.starts_with("//") {
                    pending = Some(explicit);
                    continue;
                }
                let field = line.strip_prefix("pub ").unwrap_or(line);
                if let Some((name, _)) = field.split_once(':') {
                    flags.insert(explicit.unwrap_or_else(|| name.trim().replace('_', "-")));
                }
                continue;
            }
            if let Some(done) = attribute.take_if(|a| a.ends_with(")]")) {
                let words: String = done
                    .chars()
                    .map(|c| {
                        if c.is_alphanumeric() || c == '_' {
                            c
                        } else {
                            ' '
                        }
                    })
                    .collect();
                if words.split_whitespace().any(|w| w == "long") {
                    let explicit = done
                        .split_once("long = \"")
                        .and_then(|(_, rest)| rest.split_once('"'))
                        .map(|(name, _)| name.to_owned());
                    pending = Some(explicit);
                }
            }
        }
    }
    flags
}

/// Library text that may name the command line, each for its reason: the opening comment
/// of the table.toml `init` writes (a file's own manual says how to check and play it) and
/// the hall administrator's steps for a new table (commands to run, not an error).
const MAY_NAME_FLAGS: &[&str] = &["setup/src/init.rs", "hall-link/src/setup.rs"];

/// Where `code` names one of `flags` (`--name`, not a CSS custom property): the flags.
fn flags_named(code: &str, flags: &std::collections::BTreeSet<String>) -> Vec<String> {
    let mut named = Vec::new();
    for (at, _) in code.match_indices("--") {
        let before = &code[..at];
        // A CSS custom property: `var(--x)`, or defined as `{--x:` or `;--x:`.
        if before.ends_with("var(") || before.ends_with(['-', '{', ';']) {
            continue;
        }
        let name: String = code[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        if flags.contains(&name) {
            named.push(format!("--{name}"));
        }
    }
    named
}

/// Issue 37, item 2: no library error or hint names a flag; the library says what is
/// wrong, the binary (`src/cmd/*`) adds which of its flags answers it. Tests, comments
/// and the arguments a library passes to another program are not held to it.
#[test]
fn no_library_text_names_a_flag_of_the_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let flags = binary_flags(root);
    for known in [
        "config",
        "json",
        "secret",
        "allow-missing",
        "new-game",
        "grammar-words",
    ] {
        assert!(
            flags.contains(known),
            "the flag reading misses --{known}: {flags:?}"
        );
    }
    let mut problems = Vec::new();
    for name in CHECKED
        .iter()
        .filter(|c| !["test-support", "hall-bench"].contains(c))
    {
        let mut files = Vec::new();
        rust_files(&root.join("crates").join(name).join("src"), &mut files);
        files.sort();
        for file in files {
            let shown = file
                .strip_prefix(root.join("crates"))
                .unwrap_or(&file)
                .display()
                .to_string();
            let test_file = file
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with("_tests.rs") || n.starts_with("test_"));
            if MAY_NAME_FLAGS.contains(&shown.as_str()) || test_file {
                continue;
            }
            let text = fs::read_to_string(&file).expect("a readable source file");
            // The closing line of the test module being skipped, if in one.
            let mut in_tests: Option<String> = None;
            let mut after_cfg_test = false;
            for (n, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if let Some(end) = &in_tests {
                    if line == end {
                        in_tests = None;
                    }
                    continue;
                }
                if after_cfg_test && code.starts_with("mod ") && code.ends_with('{') {
                    in_tests = Some(format!("{}}}", &line[..line.len() - code.len()]));
                    continue;
                }
                after_cfg_test = code == "#[cfg(test)]";
                if code.starts_with("//") || code.contains(".arg(") || code.contains(".args(") {
                    continue;
                }
                for flag in flags_named(code, &flags) {
                    problems.push(format!("crates/{shown}:{}: {flag}", n + 1));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "library text names the binary's flags (say what is wrong; src/cmd/* names the flag):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_flag_reading_finds_flags_in_text_and_skips_css() {
    let flags: std::collections::BTreeSet<String> =
        ["secret", "link", "json"].map(String::from).into();
    assert_eq!(
        flags_named("\"read without it (--secret); --json-ish --link\"", &flags),
        ["--secret", "--link"]
    );
    assert!(flags_named("a{color:var(--link)} :root{--link:#fff}", &flags).is_empty());
    assert!(flags_named("\"---secret\"", &flags).is_empty());
    assert_eq!(flags_named("\"No --secret: said\"", &flags), ["--secret"]);
}

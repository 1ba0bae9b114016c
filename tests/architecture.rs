//! The layout ARCHITECTURE.md promises: inside each crate, the top-level modules use each
//! other without a circle (a module's shared types live in the module that owns them, so
//! each can be read and tested from the bottom up). Read from the source text: every
//! `crate::module` path outside comments and test modules is an edge. Between the crates,
//! dependencies point inwards by layer (pure cores, edges, shells, tools), and a shell
//! uses another shell only where the list below says why.

use annabella_test_support::source::rust_files;
use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

/// The `src` folders of the workspace: the binary's and each crate's.
fn source_roots() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![root.join("src")];
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("the crates folder")
        .map(|e| e.expect("a crates entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    crates.sort();
    roots.extend(crates);
    roots
}

/// The source without comment lines and without the inline test module at its end.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
        {
            break;
        }
        if !trimmed.starts_with("//") {
            code.push_str(line);
            code.push('\n');
        }
    }
    code
}

/// The first path segments after `crate::`, also inside `crate::{a::X, b}` groups.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start => {
                        found.insert(ident(&group[i..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(ident(rest));
        }
    }
    found
}

/// For one `src` folder: each top-level module and the top-level modules it uses.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let top = |file: &Path| -> Option<String> {
        let first = file.strip_prefix(src).ok()?.components().next()?;
        let name = first
            .as_os_str()
            .to_str()?
            .trim_end_matches(".rs")
            .to_owned();
        (name != "lib" && name != "main").then_some(name)
    };
    let modules: BTreeSet<String> = files.iter().filter_map(|f| top(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in &files {
        let Some(from) = top(file) else { continue };
        let text = fs::read_to_string(file).expect("a source file");
        for to in crate_paths(&code_of(&text)) {
            if to != from && modules.contains(&to) {
                graph.get_mut(&from).expect("a module").insert(to);
            }
        }
    }
    graph
}

/// One circle of the graph, if there is any: the modules in order, the first again last.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in &graph[node] {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_a_circle_among_its_top_level_modules() {
    let mut circles = Vec::new();
    let mut edges = 0;
    for src in source_roots() {
        let graph = module_graph(&src);
        edges += graph.values().map(BTreeSet::len).sum::<usize>();
        if let Some(found) = circle(&graph) {
            circles.push(format!("{}: {}", src.display(), found.join(" → ")));
        }
    }
    assert!(
        edges > 100,
        "only {edges} module uses found: the reading is broken"
    );
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_reading_finds_a_circle_and_grouped_paths() {
    let code = code_of(
        "use crate::{a::X, b::{Y, Z}};\n// crate::c in a comment\nfn f() { crate::d::g(); }\n\
         #[cfg(test)]\nmod tests { use crate::e; }\n",
    );
    let paths: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(paths, ["a", "b", "d"]);
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_owned(), BTreeSet::from([to.to_owned()])))
        .collect();
    assert_eq!(circle(&graph).expect("a circle"), ["a", "b", "c", "a"]);
}

/// How far out a crate is: pure cores do no I/O, edges talk to one kind of outside thing
/// (a device, a file, the broker), shells assemble and run them, tools are programs and
/// test helpers beside the product. ARCHITECTURE.md's crate map gives the same kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Pure,
    Edge,
    Shell,
    Tool,
}

/// Every crate's layer (a new crate gets one here and a row in ARCHITECTURE.md).
const LAYERS: &[(&str, Layer)] = &[
    ("rules", Layer::Pure),
    ("phonetic", Layer::Pure),
    ("arbiter", Layer::Pure),
    ("table", Layer::Pure),
    ("review", Layer::Pure),
    ("trf", Layer::Pure),
    ("board", Layer::Pure),
    ("speech", Layer::Edge),
    ("voice", Layer::Edge),
    ("devices", Layer::Edge),
    ("braille-display", Layer::Edge),
    ("journal", Layer::Edge),
    ("config", Layer::Edge),
    ("records", Layer::Edge),
    ("serve", Layer::Edge),
    ("logging", Layer::Edge),
    ("hall-wire", Layer::Edge),
    ("broker", Layer::Edge),
    ("hall-link", Layer::Edge),
    ("lichess-board", Layer::Edge),
    ("station", Layer::Shell),
    ("view", Layer::Shell),
    ("setup", Layer::Shell),
    ("demo", Layer::Shell),
    ("console", Layer::Shell),
    ("hall", Layer::Shell),
    ("hall-bench", Layer::Tool),
    ("test-support", Layer::Tool),
];

/// The only shells that use another shell, each for a reason ARCHITECTURE.md gives: the
/// station assembles the console and its view model, setup's doctor replays a journal as
/// the station would resume it, the demo plays a simulated table through the station
/// (and tells it in the view's story style), the console shows the view model's types
/// and takes its requests.
const SHELL_USES_SHELL: &[(&str, &str)] = &[
    ("station", "console"),
    ("station", "view"),
    ("setup", "station"),
    ("demo", "station"),
    ("demo", "view"),
    ("console", "view"),
];

/// Every edge that uses another edge, each for a reason ARCHITECTURE.md gives; any other
/// edge → edge dependency fails. The hall's link speaks the hall's protocol through the
/// broker's plumbing and publishes the journal; the broker carries the hall's protocol;
/// the Lichess board reaches Lichess through the broker's TLS set-up. The configuration
/// uses no edge: its hearing, voices, Braille display, `[hall]`, Lichess opponent and
/// secret file are its own values, built into the edges' by the station, which also
/// answers what only an edge can check (`annabella_config::EdgeCheck`), so that
/// `table.toml` still names every problem at once.
const EDGE_USES_EDGE: &[(&str, &str)] = &[
    ("hall-link", "hall-wire"),
    ("hall-link", "journal"),
    ("hall-link", "broker"),
    ("broker", "hall-wire"),
    ("lichess-board", "broker"),
];

/// The workspace crates (`annabella-…`, without the prefix) in the `[dependencies]` of a
/// crate's manifest text (not its dev-dependencies).
fn normal_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut in_dependencies = false;
    let mut found = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && let Some(rest) = line.strip_prefix("annabella-") {
            found.insert(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '-')
                    .collect(),
            );
        }
    }
    found
}

#[test]
fn crates_depend_inwards_and_no_shell_or_edge_on_another_but_the_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let layer = |name: &str| LAYERS.iter().find(|(n, _)| *n == name).map(|(_, l)| *l);
    let mut wrong = Vec::new();
    let mut edges = 0;
    let mut used = BTreeSet::new();
    for entry in fs::read_dir(&root).expect("the crates folder") {
        let dir = entry.expect("a crates entry").path();
        let Ok(manifest) = fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some(from) = layer(name) else {
            wrong.push(format!("{name}: no layer (add it to LAYERS)"));
            continue;
        };
        for to in normal_dependencies(&manifest) {
            edges += 1;
            used.insert((name.to_owned(), to.clone()));
            let Some(to_layer) = layer(&to) else {
                wrong.push(format!("{name} → {to}: {to} has no layer"));
                continue;
            };
            let allowed = match (from, to_layer) {
                (Layer::Tool, _) => true,
                (Layer::Shell, Layer::Shell) => SHELL_USES_SHELL.contains(&(name, to.as_str())),
                (Layer::Edge, Layer::Edge) => EDGE_USES_EDGE.contains(&(name, to.as_str())),
                (f, t) => t <= f,
            };
            if !allowed {
                wrong.push(format!("{name} ({from:?}) → {to} ({to_layer:?})"));
            }
        }
    }
    assert!(
        edges > 40,
        "only {edges} dependencies found: the reading is broken"
    );
    // The lists name only dependencies there are: a dropped one leaves the list too.
    for (from, to) in EDGE_USES_EDGE.iter().chain(SHELL_USES_SHELL) {
        if !used.contains(&((*from).to_owned(), (*to).to_owned())) {
            wrong.push(format!(
                "{from} → {to} is listed but no dependency (drop it from the list)"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_manifest_reading_takes_only_normal_dependencies() {
    let manifest = "[package]\nname = \"annabella-x\"\n[dependencies]\nannabella-hall-wire.workspace \
                    = true\nannabella-rules = { path = \"../rules\" }\nserde = \"1\"\n\
                    [dev-dependencies]\nannabella-hall.workspace = true\n";
    let found: Vec<String> = normal_dependencies(manifest).into_iter().collect();
    assert_eq!(found, ["hall-wire", "rules"]);
}

/// The crate graph ARCHITECTURE.md draws: each line of its `## The crate graph` block,
/// `crate → dep, dep` (`(none)` for none), as a map.
fn drawn_graph(architecture: &str) -> BTreeMap<String, BTreeSet<String>> {
    let section = architecture
        .split("## The crate graph")
        .nth(1)
        .expect("ARCHITECTURE.md has a `## The crate graph` section");
    let block = section
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the section has a ```text block");
    block
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (from, to) = line
                .split_once(" → ")
                .unwrap_or_else(|| panic!("not `crate → deps`: {line:?}"));
            let to = match to.trim() {
                "(none)" => BTreeSet::new(),
                deps => deps.split(", ").map(str::to_owned).collect(),
            };
            (from.trim().to_owned(), to)
        })
        .collect()
}

#[test]
fn architecture_draws_the_crate_graph_of_the_manifests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let drawn = drawn_graph(&architecture);
    let mut manifests = BTreeMap::new();
    for entry in fs::read_dir(root.join("crates")).expect("the crates folder") {
        let dir = entry.expect("a crates entry").path();
        let Ok(manifest) = fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        manifests.insert(name, normal_dependencies(&manifest));
    }
    assert!(manifests.len() > 20, "only {} crates read", manifests.len());
    let mut wrong = Vec::new();
    for (name, deps) in &manifests {
        match drawn.get(name) {
            None => wrong.push(format!("{name} is not drawn")),
            Some(d) if d != deps => wrong.push(format!(
                "{name}: Cargo.toml → {}; drawn → {}",
                deps.iter().cloned().collect::<Vec<_>>().join(", "),
                d.iter().cloned().collect::<Vec<_>>().join(", ")
            )),
            Some(_) => {}
        }
    }
    for name in drawn.keys().filter(|n| !manifests.contains_key(*n)) {
        wrong.push(format!("{name} is drawn but is no crate"));
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's crate graph differs from Cargo.toml:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_drawn_graph_is_read_line_by_line() {
    let text =
        "## The crate graph\n\n```text\n# cores\nrules → (none)\ntable → phonetic, rules\n```\n";
    let drawn = drawn_graph(text);
    assert_eq!(drawn["rules"], BTreeSet::new());
    assert_eq!(
        drawn["table"],
        BTreeSet::from(["phonetic".to_owned(), "rules".to_owned()])
    );
}

/// The sans-IO cores take their time as a `Duration` since their shell's epoch (see
/// ARCHITECTURE.md, "Sans-IO cores, thin shells"): none of these files names `Instant`.
#[test]
fn the_sans_io_cores_know_one_time_type() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut cores: Vec<PathBuf> = Vec::new();
    for pure in ["table", "rules", "arbiter", "review"] {
        rust_files(&root.join(pure).join("src"), &mut cores);
    }
    for file in [
        "devices/src/link.rs",
        "devices/src/device.rs",
        "devices/src/clock.rs",
        "devices/src/peg.rs",
        "devices/src/dgt/board.rs",
        "voice/src/queue.rs",
        "speech/src/endpoint.rs",
        "speech/src/read_ahead.rs",
    ] {
        cores.push(root.join(file));
    }
    let mut wrong = Vec::new();
    for file in &cores {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if code_of(&text).contains("Instant") {
            wrong.push(file.display().to_string());
        }
    }
    // The recognizer names `Instant` only in its test that it reads no clock.
    let recognizer = fs::read_to_string(root.join("speech/src/recognizer.rs")).unwrap();
    if code_of(&recognizer).contains("Instant") {
        wrong.push("speech/src/recognizer.rs".into());
    }
    assert!(cores.len() > 20, "only {} core files found", cores.len());
    assert!(
        wrong.is_empty(),
        "a core names Instant:\n{}",
        wrong.join("\n")
    );
}

//! The WCAG 2.2 AA check with axe-core (npm `axe-core`, installed by scripts/setup.sh
//! into `.local/npm/`): injected into the page and run there.

use std::path::PathBuf;

use fantoccini::Client;
use serde_json::Value;

/// The rule tags checked: WCAG 2.0, 2.1 and 2.2, levels A and AA.
pub const TAGS: [&str; 5] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/// Where scripts/setup.sh puts `axe.min.js`.
pub fn script_path() -> PathBuf {
    crate::workspace_root().join(".local/npm/node_modules/axe-core/axe.min.js")
}

/// Runs axe-core on the page `client` shows; its violations (`id`, `impact`, `help`,
/// `nodes` with `target` and `summary`).
pub async fn violations(client: &Client) -> Vec<Value> {
    let path = script_path();
    let script = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "axe-core is missing at {} ({e}): run scripts/setup.sh",
            path.display()
        )
    });
    client
        .execute(&script, vec![])
        .await
        .expect("inject axe-core");
    let found = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { runOnly: arguments[0] })
               .then(r => done(r.violations.map(v => ({
                   id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.map(n => ({ target: n.target, summary: n.failureSummary })),
               }))))
               .catch(e => done({ error: String(e) }));",
            vec![serde_json::json!(TAGS)],
        )
        .await
        .expect("run axe-core");
    match found {
        Value::Array(v) => v,
        other => panic!("axe-core failed: {other}"),
    }
}

/// Asserts that axe-core finds no violation on the page; `page` names it in the failure,
/// which lists every violation with its elements.
pub async fn assert_accessible(client: &Client, page: &str) {
    let found = violations(client).await;
    if found.is_empty() {
        return;
    }
    let mut report = String::new();
    for v in &found {
        report.push_str(&format!("\n- {} ({}): {}", v["id"], v["impact"], v["help"]));
        for n in v["nodes"].as_array().into_iter().flatten() {
            report.push_str(&format!("\n    {} — {}", n["target"], n["summary"]));
        }
    }
    panic!("{page}: {} axe-core violations:{report}", found.len());
}

//! Walking a page with the keyboard alone.

use fantoccini::{Client, key::Key};

/// The page's `describe(element)`: its tag, `id`, `name`, a button's `value`, its text
/// and its position among the page's elements, e.g.
/// `button[name=action][value=pause] "Pause clocks" @123`.
const DESCRIBE: &str = "const describe = e => {
    if (!e || e === document.body || e === document.documentElement) return 'body';
    let d = e.tagName.toLowerCase();
    if (e.id) d += '#' + e.id;
    if (e.getAttribute('name')) d += '[name=' + e.getAttribute('name') + ']';
    if (e.tagName === 'BUTTON' && e.getAttribute('value')) d += '[value=' + e.getAttribute('value') + ']';
    const t = (e.innerText || '').trim().replace(/\\s+/g, ' ');
    if (t) d += ' \"' + t.slice(0, 60) + '\"';
    return d + ' @' + Array.prototype.indexOf.call(document.querySelectorAll('*'), e);
};";

/// The focused element, described (`body` when nothing has the focus).
pub async fn focused(client: &Client) -> String {
    let described = client
        .execute(
            &format!("{DESCRIBE} return describe(document.activeElement);"),
            vec![],
        )
        .await
        .expect("the focused element");
    described.as_str().unwrap_or_default().to_owned()
}

/// Every visible element a user acts with — links, buttons, form fields, disclosure
/// summaries — described, in document order.
pub async fn controls(client: &Client) -> Vec<String> {
    let found = client
        .execute(
            &format!(
                "{DESCRIBE} return Array.from(document.querySelectorAll(
                    'a[href], button, input:not([type=hidden]), select, textarea, summary'))
                  .filter(e => !e.disabled && e.getClientRects().length > 0)
                  .map(describe);"
            ),
            vec![],
        )
        .await
        .expect("the page's controls");
    found
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d.as_str().map(str::to_owned))
        .collect()
}

/// Presses Tab from the top of the page until the focus returns to where it began (or
/// after `at_most` presses); every element that had the focus, in order.
pub async fn tab_order(client: &Client, at_most: usize) -> Vec<String> {
    from_top(client).await;
    let mut order: Vec<String> = Vec::new();
    for _ in 0..at_most {
        press(client, Key::Tab).await;
        let now = focused(client).await;
        if now == "body" || order.first() == Some(&now) {
            break;
        }
        order.push(now);
    }
    order
}

/// Puts the keyboard focus at the top of the page, as after loading it: the next Tab
/// reaches the first control.
pub async fn from_top(client: &Client) {
    client
        .execute(
            "const b = document.body; b.setAttribute('tabindex', '-1'); b.focus();
             b.removeAttribute('tabindex'); window.scrollTo(0, 0);",
            vec![],
        )
        .await
        .expect("the focus at the top");
}

/// Presses `key` on the focused element (the body when nothing has the focus).
pub async fn press(client: &Client, key: Key) {
    client
        .active_element()
        .await
        .expect("the focused element")
        .send_keys(&key.to_string())
        .await
        .expect("a key press");
}

//! What the VI player may ask and declare in words: only what the Laws let the assistant
//! tell (moves, counts, time, the position on request), and the natural phrasings of the
//! requests that cost a right when not understood.

mod common;

use annabella_table::Audience;
use common::*;

#[test]
fn placed_is_understood_and_not_yet_acted_on() {
    let mut run = Run::new(classical());
    run.start(0.0);
    run.say(1.0, "Eva vier");
    run.said();
    run.say(2.0, "gesetzt");
    let told = run.heard_by(Audience::ViPlayer);
    assert_eq!(told, ["Es gibt nichts zu bestätigen."]);
    assert!(
        run.view().moves.is_empty(),
        "no move made by the word alone"
    );
}

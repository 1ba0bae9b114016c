//! What the people at the table do, whoever tells it — the demo's script or `play`'s
//! keyboard: the VI player's words (typed as heard), table inputs, steps on the simulated
//! devices and pauses, carried out on a running station. The one interpreter of
//! [`Act`]s; the demo adds its own (speaking through Vosk, `expect:`, the Braille keys).

use std::thread;

use annabella_devices::sim::{Hands, SimError};
use annabella_table::{Hypothesis, Input};
use tokio::sync::{mpsc, oneshot};

use crate::{assembly::Sims, script::Act, shell::Request};

/// Why a step was not carried out.
#[derive(Debug, thiserror::Error)]
pub enum StepError {
    /// The station has stopped: nothing more can be done at this table.
    #[error("the station has stopped")]
    Stopped,
    /// The table has no simulated device of this kind.
    #[error("no simulated {0}")]
    NoDevice(&'static str),
    /// The simulated device refused the step.
    #[error("{device}: {why}")]
    Device {
        /// The device ("peg board", "DGT board", "clock").
        device: &'static str,
        /// Its refusal.
        why: SimError,
    },
    /// The step is not for this way of running the table.
    #[error("{0}")]
    NotHere(&'static str),
    /// The demo's listener (the recognizer's audio feed) has stopped.
    #[error("the listener has stopped")]
    ListenerStopped,
    /// The demo's VI player could not say the words.
    #[error("{0}")]
    Speech(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// An `expect:` step: the announcement did not come in time.
    #[error("expected an announcement containing {text:?} within {secs} s; heard {heard:?}")]
    NotAnnounced {
        /// What was expected.
        text: String,
        /// How long the step waited, s.
        secs: u64,
        /// What was announced meanwhile.
        heard: Vec<String>,
    },
    /// The Braille display's keys are gone.
    #[error("the Braille display has stopped")]
    DisplayStopped,
    /// A `braille:` step at a table without a Braille display.
    #[error("no Braille display")]
    NoDisplay,
}

/// The VI player's words, typed: the table hears them as its recognizer's one reading.
pub fn typed(words: String) -> Input {
    Input::Heard {
        alternatives: vec![Hypothesis {
            text: words,
            score: 1.0,
        }],
    }
}

/// Carries out one act on the station: words typed as heard, an input (returning once
/// the table has taken it), a simulator step, a pause (`wait N`: time passing at the
/// table, in real time). `expect:` and `braille:`
/// are the demo's own (it handles them before this).
///
/// # Errors
/// [`StepError::Stopped`] once the station has stopped; a missing or refusing simulator.
pub fn perform(act: Act, sims: &Sims, requests: &mpsc::Sender<Request>) -> Result<(), StepError> {
    // Each input is taken by the table before the next step: the shell reads the devices
    // before the people's requests, so a press that follows the words on a busy machine
    // would otherwise reach the table first. (A dropped answer is an input the table
    // did not journal, as the arbiter's early "next game".)
    let send = |input| {
        let (taken, answer) = oneshot::channel();
        requests
            .blocking_send(Request::InputThen(input, taken))
            .map_err(|_| StepError::Stopped)?;
        let _ = answer.blocking_recv();
        Ok(())
    };
    let stopped = || requests.is_closed();
    match act {
        Act::Vi(words) | Act::Typed(words) => send(typed(words)),
        Act::Input(input) => send(input),
        Act::Peg(a) => step(sims.peg.as_ref(), "peg board", |s| s.act(a), stopped),
        Act::Dgt(a) => step(sims.dgt.as_ref(), "DGT board", |s| s.act(a), stopped),
        Act::Clock(a) => step(sims.clock.as_ref(), "clock", |s| s.act(a), stopped),
        Act::Wait(d) => {
            thread::sleep(d);
            Ok(())
        }
        Act::Expect(_) => Err(StepError::NotHere("expect: is for scripts")),
        Act::Braille(_) => Err(StepError::NotHere(
            "braille: is for the demo's simulated display",
        )),
    }
}

/// How long a step waits for the station to read what a device sent.
const TAKEN_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// How often a step looks again whether the station has stopped meanwhile.
const TAKEN_SLICE: std::time::Duration = std::time::Duration::from_millis(50);

/// One step on a simulated device, returning once the station has read what the device
/// sent for it: on a busy machine a press never arrives after the words that follow it.
fn step<A, S: Hands<A>>(
    sim: Option<&S>,
    device: &'static str,
    act: impl FnOnce(&S) -> Result<(), SimError>,
    stopped: impl Fn() -> bool,
) -> Result<(), StepError> {
    let sim = sim.ok_or(StepError::NoDevice(device))?;
    act(sim).map_err(|why| StepError::Device { device, why })?;
    // Asked in short slices: a station that has stopped (the game over) reads no more.
    let end = std::time::Instant::now() + TAKEN_LIMIT;
    while !sim.taken(TAKEN_SLICE) {
        if stopped() || std::time::Instant::now() >= end {
            tracing::debug!("{device}: the station has not read the device's bytes");
            break;
        }
    }
    Ok(())
}

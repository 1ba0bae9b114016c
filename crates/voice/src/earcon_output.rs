//! Playing earcons through a speaker's queue: [`WithEarcons`] wraps a speech back end;
//! an utterance that is an earcon is played here, every other one goes to the back end.
//!
//! No speech back end here plays a sample buffer (speech-dispatcher's sound icons are
//! files in the output module's own folder, espeak-ng reads text), so the earcon goes to
//! the sound device through `aplay` or `paplay`, whichever is installed, beside the
//! speech; the queue keeps the two from overlapping. Without a sound device (or a
//! player program) an earcon goes only into the audio record, like espeak-ng's speech
//! then.

use std::{
    io::Write,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex, PoisonError},
    thread,
};

use crate::{
    Speech, VoiceSettings,
    announcer::{
        Announcer, EventSender, SpeakRequest, SpeechEventKind, VoiceError, report, report_said,
    },
    earcon::{EARCON_RATE, Earcon},
    queue::UtteranceId,
};

/// Where earcons are played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EarconOutput {
    /// Piped to this program (`aplay` or `paplay`) on the sound device.
    Program(&'static str),
    /// Nowhere audible: reported as played at once (the audio record still gets it).
    RecordOnly,
}

impl EarconOutput {
    /// A player program on the `PATH` when `sound_device`, else record only.
    pub fn find(sound_device: bool) -> EarconOutput {
        let on_path = |name: &str| {
            std::env::var_os("PATH")
                .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
        };
        match ["paplay", "aplay"].into_iter().find(|p| on_path(p)) {
            Some(program) if sound_device => EarconOutput::Program(program),
            _ => EarconOutput::RecordOnly,
        }
    }

    fn command(program: &str) -> Command {
        let mut c = Command::new(program);
        let rate = EARCON_RATE.to_string();
        if program == "paplay" {
            c.args(["--raw", "--format=s16le", "--channels=1"])
                .arg(format!("--rate={rate}"));
        } else {
            c.args([
                "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", &rate, "-",
            ]);
        }
        c.stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c
    }
}

/// A speech back end that also plays earcons.
#[derive(Debug)]
pub struct WithEarcons {
    speech: Box<dyn Announcer>,
    output: EarconOutput,
    events: EventSender,
    playing: Arc<Mutex<Option<Child>>>,
}

impl WithEarcons {
    /// `speech` with earcons played on `output`; their events go to `events`.
    pub fn new(speech: Box<dyn Announcer>, output: EarconOutput, events: EventSender) -> Self {
        Self {
            speech,
            output,
            events,
            playing: Arc::new(Mutex::new(None)),
        }
    }

    fn play(&mut self, utterance: UtteranceId, earcon: Earcon) -> Result<(), VoiceError> {
        let EarconOutput::Program(program) = self.output else {
            report_said(&self.events, utterance);
            return Ok(());
        };
        let mut child = EarconOutput::command(program)
            .spawn()
            .map_err(|e| VoiceError::Earcon(format!("cannot run {program}: {e}")))?;
        let bytes: Vec<u8> = earcon
            .render()
            .samples
            .iter()
            .flat_map(|s| s.to_le_bytes())
            .collect();
        let stdin = child.stdin.take();
        *self.playing.lock().unwrap_or_else(PoisonError::into_inner) = Some(child);
        report(&self.events, utterance, SpeechEventKind::Started);
        let (events, playing) = (self.events.clone(), Arc::clone(&self.playing));
        thread::Builder::new()
            .name("annabella-earcon".into())
            .spawn(move || {
                if let Some(mut stdin) = stdin {
                    let _ = stdin.write_all(&bytes);
                }
                let child = playing
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                let kind = match child.map(|mut c| c.wait()) {
                    Some(Ok(status)) if status.success() => SpeechEventKind::Finished,
                    Some(Ok(status)) => {
                        SpeechEventKind::Failed(format!("{program} ended with {status}"))
                    }
                    Some(Err(e)) => SpeechEventKind::Failed(format!("{program}: {e}")),
                    // Cancelled: the child was taken and killed.
                    None => SpeechEventKind::Cancelled,
                };
                report(&events, utterance, kind);
            })
            .map_err(|e| VoiceError::Earcon(format!("cannot start a thread: {e}")))?;
        Ok(())
    }
}

impl Announcer for WithEarcons {
    fn speak(&mut self, request: SpeakRequest<'_>) -> Result<(), VoiceError> {
        match request.speech.earcon_sound() {
            Some(earcon) => self.play(request.utterance, earcon),
            None => self.speech.speak(request),
        }
    }

    fn cancel(&mut self) -> Result<(), VoiceError> {
        let child = self
            .playing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(mut c) = child {
            let _ = c.kill();
            let _ = c.wait();
        }
        self.speech.cancel()
    }

    fn name(&self) -> &'static str {
        self.speech.name()
    }

    fn render_ahead(&mut self, speech: &Speech, voice: &VoiceSettings) {
        self.speech.render_ahead(speech, voice);
    }

    fn drop_ahead(&mut self) {
        self.speech.drop_ahead();
    }
}

#[cfg(test)]
mod tests {
    use std::{
        sync::mpsc,
        time::{Duration, Instant},
    };

    use super::*;
    use crate::{
        Hearer, Readout, Recorder, Routing, Speakers, Speech, VoiceSettings, recorder::Pace,
    };

    #[test]
    fn earcons_are_played_beside_the_words_in_queue_order() {
        let (tx, rx) = mpsc::channel();
        let recorder = Recorder::new(tx.clone(), Pace::Instant);
        let log = recorder.log();
        let with = WithEarcons::new(Box::new(recorder), EarconOutput::RecordOnly, tx);
        let voice = VoiceSettings::for_language(annabella_phonetic::Language::De);
        let mut speakers = Speakers::new(Routing::shared(voice), vec![Box::new(with)]).unwrap();
        let epoch = Instant::now();
        let now = epoch.elapsed();
        speakers.announce(
            now,
            Readout::earcon(Hearer::ViPlayer, Earcon::NotUnderstood, None),
        );
        speakers.announce(
            now,
            Readout::answer(Hearer::ViPlayer, Speech::words("Nicht verstanden.")),
        );
        speakers
            .run_until_idle(epoch, &rx, Duration::from_secs(5))
            .unwrap();
        let reports: Vec<_> = std::iter::from_fn(|| speakers.poll_report()).collect();
        assert_eq!(reports.len(), 2);
        assert_eq!(reports[0].earcon, Some(Earcon::NotUnderstood));
        assert_eq!(reports[1].text, "Nicht verstanden.");
        // The speech back end heard only the words.
        assert_eq!(log.texts(), ["Nicht verstanden."]);
    }
}

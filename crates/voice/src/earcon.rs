//! Earcons: short, distinct sounds that tell the VI player what happened before (or
//! instead of) words — their own move made, the opponent moved, check, not understood,
//! a clock tick in low time, the arbiter called. Generated here (no sample files), each
//! a few sine notes of its own pitch and rhythm, 22 050 Hz mono s16.

use std::f32::consts::TAU;

use serde::{Deserialize, Serialize};

use crate::pcm::Pcm;

/// The sample rate of the earcons (the audio record's).
pub const EARCON_RATE: u32 = 22_050;

/// What an earcon tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Earcon {
    /// The VI player's own move is made (the clock press completed it): a rising pair.
    OwnMove,
    /// The opponent moved: a falling pair.
    OpponentMove,
    /// A move gives check: three quick high notes.
    Check,
    /// Not understood or illegal: a low double buzz.
    NotUnderstood,
    /// One minute less in low time: a single short click.
    ClockTick,
    /// The arbiter was called: an alternating two-tone call.
    Arbiter,
}

/// One note: frequency (Hz, 0 for silence) and length (ms).
type Note = (f32, u32);

impl Earcon {
    /// Every earcon.
    pub const ALL: [Earcon; 6] = [
        Earcon::OwnMove,
        Earcon::OpponentMove,
        Earcon::Check,
        Earcon::NotUnderstood,
        Earcon::ClockTick,
        Earcon::Arbiter,
    ];

    /// Its name in the audio record's index and the console ("own_move", "check").
    pub fn name(self) -> &'static str {
        match self {
            Earcon::OwnMove => "own_move",
            Earcon::OpponentMove => "opponent_move",
            Earcon::Check => "check",
            Earcon::NotUnderstood => "not_understood",
            Earcon::ClockTick => "clock_tick",
            Earcon::Arbiter => "arbiter",
        }
    }

    /// The notes, in order.
    fn notes(self) -> &'static [Note] {
        match self {
            Earcon::OwnMove => &[(660.0, 70), (0.0, 20), (880.0, 90)],
            Earcon::OpponentMove => &[(880.0, 70), (0.0, 20), (587.0, 90)],
            Earcon::Check => &[
                (1320.0, 45),
                (0.0, 30),
                (1320.0, 45),
                (0.0, 30),
                (1320.0, 45),
            ],
            Earcon::NotUnderstood => &[(196.0, 110), (0.0, 40), (185.0, 140)],
            Earcon::ClockTick => &[(1760.0, 25)],
            Earcon::Arbiter => &[(523.0, 80), (784.0, 80), (523.0, 80), (784.0, 80)],
        }
    }

    /// The first (sounding) note's pitch in Hz.
    pub fn pitch(self) -> f32 {
        self.notes()[0].0
    }

    /// Its length.
    pub fn duration_ms(self) -> u32 {
        self.notes().iter().map(|n| n.1).sum()
    }

    /// The sound: each note a sine with 5 ms fades (no clicks), at 40 % of full scale.
    pub fn render(self) -> Pcm {
        let mut samples = Vec::new();
        for &(hz, ms) in self.notes() {
            let n = (EARCON_RATE * ms / 1000) as usize;
            let fade = (EARCON_RATE as usize * 5 / 1000).min(n / 2).max(1);
            for i in 0..n {
                if hz == 0.0 {
                    samples.push(0);
                    continue;
                }
                let envelope = (i.min(n - 1 - i) as f32 / fade as f32).min(1.0);
                let t = i as f32 / EARCON_RATE as f32;
                let v = (TAU * hz * t).sin() * envelope * 0.4 * f32::from(i16::MAX);
                samples.push(v as i16);
            }
        }
        Pcm {
            rate: EARCON_RATE,
            samples,
        }
    }
}

impl std::fmt::Display for Earcon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pitch of the first `ms` of the sound, from its sign changes.
    fn measured_pitch(pcm: &Pcm, ms: u32) -> f32 {
        let n = (pcm.rate * ms / 1000) as usize;
        let first = &pcm.samples[..n];
        let changes = first
            .windows(2)
            .filter(|w| (w[0] < 0) != (w[1] < 0))
            .count();
        changes as f32 / 2.0 / (n as f32 / pcm.rate as f32)
    }

    #[test]
    fn each_earcon_is_short_audible_and_at_its_pitch() {
        for e in Earcon::ALL {
            let pcm = e.render();
            assert_eq!(pcm.rate, EARCON_RATE);
            let ms = pcm.samples.len() as u64 * 1000 / u64::from(pcm.rate);
            assert!(
                (20..=400).contains(&ms),
                "{e}: {ms} ms (an earcon is shorter than a word)"
            );
            assert!(ms.abs_diff(u64::from(e.duration_ms())) <= 1, "{e}");
            let peak = pcm.samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(peak > 8000, "{e}: peak {peak}");
            let pitch = measured_pitch(&pcm, e.notes()[0].1);
            assert!(
                (pitch - e.pitch()).abs() < e.pitch() * 0.1,
                "{e}: {pitch} Hz, meant {} Hz",
                e.pitch()
            );
        }
    }

    #[test]
    fn no_two_earcons_sound_alike() {
        for (i, a) in Earcon::ALL.into_iter().enumerate() {
            for b in Earcon::ALL.into_iter().skip(i + 1) {
                let distinct_pitch = (a.pitch() - b.pitch()).abs() > 50.0;
                let distinct_rhythm = a.notes().len() != b.notes().len()
                    || a.duration_ms().abs_diff(b.duration_ms()) > 40;
                assert!(distinct_pitch || distinct_rhythm, "{a} and {b} sound alike");
                assert_ne!(a.name(), b.name());
            }
        }
    }
}

//! The microphone through cpal (ALSA on Linux): the device's own rate and format,
//! converted to 16 kHz mono.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{Sample, SampleFormat};
use serde::Serialize;

use super::{AudioError, AudioSource, Chunk, ToSpeechFormat};

/// An audio input device.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InputDevice {
    /// The id to pass to `--mic` (cpal's device id, e.g. `alsa:default`).
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// The host's default input.
    pub default: bool,
    /// Default rate in Hz, when the device can report one.
    pub rate: Option<u32>,
    /// Default channel count.
    pub channels: Option<u16>,
    /// Default sample format (`i16`, `f32`, …).
    pub sample_format: Option<String>,
}

impl InputDevice {
    /// The device as `annabella devices audio` writes it: id, name, format, default.
    pub fn line(&self) -> String {
        let format = match (self.rate, self.channels) {
            (Some(r), Some(c)) => format!(
                "  {r} Hz, {c} ch, {}",
                self.sample_format.as_deref().unwrap_or("?")
            ),
            _ => String::new(),
        };
        let default = if self.default { "  (default)" } else { "" };
        format!("{}  {}{format}{default}", self.id, self.name)
    }
}

/// The input devices of the default host (empty without a sound system).
pub fn input_devices() -> Vec<InputDevice> {
    let host = cpal::default_host();
    let default_id = host
        .default_input_device()
        .and_then(|d| d.id().ok())
        .map(|id| id.to_string());
    let Ok(devices) = host.input_devices() else {
        return Vec::new();
    };
    devices
        .map(|d| {
            let id = d.id().map(|i| i.to_string()).unwrap_or_default();
            let name = d
                .description()
                .map(|desc| desc.name().to_owned())
                .unwrap_or_else(|_| id.clone());
            let config = d.default_input_config().ok();
            InputDevice {
                default: default_id.as_deref() == Some(id.as_str()),
                rate: config.as_ref().map(|c| c.sample_rate()),
                channels: config.as_ref().map(|c| c.channels()),
                sample_format: config.as_ref().map(|c| c.sample_format().to_string()),
                id,
                name,
            }
        })
        .collect()
}

/// Captures from a microphone; chunks arrive as the device delivers them.
pub struct MicSource {
    _stream: cpal::Stream,
    rx: mpsc::Receiver<Result<(Vec<f32>, Instant), cpal::Error>>,
    convert: ToSpeechFormat,
    rate: u32,
    channels: u16,
    name: String,
    dropped: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl std::fmt::Debug for MicSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MicSource")
            .field("name", &self.name)
            .field("rate", &self.rate)
            .field("channels", &self.channels)
            .finish_non_exhaustive()
    }
}

fn find_device(host: &cpal::Host, wanted: Option<&str>) -> Result<cpal::Device, AudioError> {
    let Some(wanted) = wanted else {
        return host.default_input_device().ok_or_else(|| {
            AudioError::Device("no default input device (is there a sound card?)".into())
        });
    };
    let devices = host
        .input_devices()
        .map_err(|e| AudioError::Device(format!("cannot list input devices: {e}")))?;
    for d in devices {
        let id = d.id().map(|i| i.to_string()).unwrap_or_default();
        let name = d
            .description()
            .map(|x| x.name().to_owned())
            .unwrap_or_default();
        if id == wanted || name == wanted {
            return Ok(d);
        }
    }
    if let Ok(id) = wanted.parse::<cpal::DeviceId>()
        && let Some(d) = host.device_by_id(&id)
    {
        return Ok(d);
    }
    Err(AudioError::Device(format!(
        "no input device {wanted:?} (see `annabella devices audio`)"
    )))
}

impl MicSource {
    /// Opens `device` (an id or name from [`input_devices`]; `None`: the default input)
    /// at its default configuration and starts capturing. Up to 1024 device buffers
    /// wait for [`AudioSource::next_chunk`]; beyond that, audio is dropped and counted.
    ///
    /// # Errors
    /// No such device, or it cannot be opened.
    pub fn open(device: Option<&str>) -> Result<MicSource, AudioError> {
        let host = cpal::default_host();
        let dev = find_device(&host, device)?;
        let name = dev
            .id()
            .map(|i| i.to_string())
            .unwrap_or_else(|_| "input".into());
        let config = dev
            .default_input_config()
            .map_err(|e| AudioError::Device(format!("{name}: no input configuration: {e}")))?;
        let rate = config.sample_rate();
        let channels = config.channels();
        let format = config.sample_format();
        // About 10 s of buffers at usual periods; the callback never blocks, so a reader
        // that falls further behind loses audio, counted in `dropped`.
        let (tx, rx) = mpsc::sync_channel(1024);
        let dropped = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let dropped_in_callback = dropped.clone();
        let err_tx = tx.clone();
        let per_sample = Duration::from_secs_f64(1.0 / f64::from(rate) / f64::from(channels));
        let data_tx = tx;
        let on_data = move |data: &cpal::Data, _: &cpal::InputCallbackInfo| {
            let samples: Option<Vec<f32>> = match data.sample_format() {
                SampleFormat::F32 => data.as_slice::<f32>().map(<[f32]>::to_vec),
                SampleFormat::I16 => data.as_slice::<i16>().map(convert),
                SampleFormat::I32 => data.as_slice::<i32>().map(convert),
                SampleFormat::U16 => data.as_slice::<u16>().map(convert),
                SampleFormat::I8 => data.as_slice::<i8>().map(convert),
                SampleFormat::U8 => data.as_slice::<u8>().map(convert),
                SampleFormat::F64 => data.as_slice::<f64>().map(convert),
                _ => None,
            };
            if let Some(s) = samples {
                // The buffer ends now: its first sample was captured its length ago.
                let captured = Instant::now()
                    .checked_sub(per_sample * s.len() as u32)
                    .unwrap_or_else(Instant::now);
                if data_tx.try_send(Ok((s, captured))).is_err() {
                    dropped_in_callback.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        };
        let on_error = move |e: cpal::Error| {
            let _ = err_tx.try_send(Err(e));
        };
        let stream = dev
            .build_input_stream_raw(config.into(), format, on_data, on_error, None)
            .map_err(|e| AudioError::Device(format!("{name}: cannot open: {e}")))?;
        stream
            .play()
            .map_err(|e| AudioError::Device(format!("{name}: cannot start: {e}")))?;
        Ok(MicSource {
            _stream: stream,
            rx,
            convert: ToSpeechFormat::new(rate, channels)?,
            rate,
            channels,
            name,
            dropped,
        })
    }

    /// The device's native rate and channel count.
    pub fn native_format(&self) -> (u32, u16) {
        (self.rate, self.channels)
    }
}

fn convert<T: Sample>(s: &[T]) -> Vec<f32>
where
    f32: cpal::FromSample<T>,
{
    s.iter().map(|v| v.to_sample::<f32>()).collect()
}

impl AudioSource for MicSource {
    /// Device buffers lost because the reader fell behind (see [`MicSource::open`]).
    fn dropped(&self) -> u64 {
        self.dropped.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn next_chunk(&mut self) -> Result<Option<Chunk>, AudioError> {
        loop {
            let (data, captured) = match self.rx.recv() {
                Ok(Ok(x)) => x,
                Ok(Err(e)) => return Err(AudioError::Device(format!("{}: {e}", self.name))),
                Err(_) => return Ok(None),
            };
            let samples = self.convert.push(&data);
            if !samples.is_empty() {
                return Ok(Some(Chunk { samples, captured }));
            }
        }
    }
}

//! COBS + CRC-16 framing of our own devices' packets (see `hardware/FRAMING.md`).
//!
//! A frame on the wire is `COBS(packet ‖ crc16_le(packet)) 0x00`. [`FrameDecoder`]
//! takes bytes as they arrive and yields packets or [`FrameError`]s; a corrupt frame costs
//! only itself, the next 0x00 puts the decoder back in step.

use crc::{CRC_16_IBM_3740, Crc};

/// The CRC-16 of our frames: IBM-3740 (CCITT-FALSE), check value 0x29B1.
pub const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_IBM_3740);

/// The largest packet (sequence number, type and body, without CRC) a frame may carry.
pub const MAX_PACKET: usize = 64;

/// The largest encoded frame without its 0x00 terminator; longer runs are discarded.
pub const MAX_ENCODED: usize = 80;

/// What went wrong with one frame, and where it started in the byte stream.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad frame at byte {offset}: {kind}")]
pub struct FrameError {
    /// Offset in the stream (bytes since the decoder was created) where the frame began.
    pub offset: u64,
    /// What was wrong with it.
    pub kind: FrameErrorKind,
}

/// The kinds of broken frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameErrorKind {
    /// More than [`MAX_ENCODED`] bytes without a terminator.
    #[error("frame too long")]
    TooLong,
    /// The COBS encoding is invalid.
    #[error("bad cobs encoding")]
    Cobs,
    /// Fewer bytes than sequence number, type and CRC.
    #[error("frame too short")]
    TooShort,
    /// The CRC does not match.
    #[error("checksum mismatch")]
    Checksum,
}

/// Encodes `packet` as one frame (COBS of packet and CRC, then the 0x00 terminator),
/// appending it to `out`.
///
/// # Examples
/// ```
/// use annabella_devices::frame::{encode, FrameDecoder};
/// let mut wire = Vec::new();
/// encode(&[1, 0x04], &mut wire);
/// let mut dec = FrameDecoder::new();
/// dec.push(&wire);
/// assert_eq!(dec.next_packet(), Some(Ok(vec![1, 0x04])));
/// ```
pub fn encode(packet: &[u8], out: &mut Vec<u8>) {
    let mut raw = Vec::with_capacity(packet.len() + 2);
    raw.extend_from_slice(packet);
    raw.extend_from_slice(&CRC16.checksum(packet).to_le_bytes());
    out.extend_from_slice(&cobs::encode_vec(&raw));
    out.push(0);
}

/// Splits a byte stream into packets; sans-IO, feed it whatever the port delivered.
#[derive(Debug, Default)]
pub struct FrameDecoder {
    buf: Vec<u8>,
    /// Bytes seen before the current frame started.
    frame_start: u64,
    /// Bytes fed so far.
    fed: u64,
    /// Discarding until the next terminator (frame was too long).
    skipping: bool,
    pending: std::collections::VecDeque<Result<Vec<u8>, FrameError>>,
}

impl FrameDecoder {
    /// A decoder at the start of a stream.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds received bytes; complete frames become available through
    /// [`next_packet`](Self::next_packet).
    pub fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.fed += 1;
            if b == 0 {
                if self.skipping {
                    self.skipping = false;
                } else if !self.buf.is_empty() {
                    let res = decode_frame(&self.buf).map_err(|kind| FrameError {
                        offset: self.frame_start,
                        kind,
                    });
                    self.pending.push_back(res);
                }
                self.buf.clear();
                self.frame_start = self.fed;
                continue;
            }
            if self.skipping {
                continue;
            }
            if self.buf.len() == MAX_ENCODED {
                self.pending.push_back(Err(FrameError {
                    offset: self.frame_start,
                    kind: FrameErrorKind::TooLong,
                }));
                self.buf.clear();
                self.skipping = true;
                continue;
            }
            self.buf.push(b);
        }
    }

    /// The next decoded packet (without CRC) or frame error, in stream order.
    pub fn next_packet(&mut self) -> Option<Result<Vec<u8>, FrameError>> {
        self.pending.pop_front()
    }

    /// Forgets a partial frame, e.g. after the port was reopened.
    pub fn reset(&mut self) {
        self.buf.clear();
        self.skipping = false;
        self.frame_start = self.fed;
    }
}

fn decode_frame(encoded: &[u8]) -> Result<Vec<u8>, FrameErrorKind> {
    let raw = cobs::decode_vec(encoded).map_err(|_| FrameErrorKind::Cobs)?;
    if raw.len() < 4 {
        return Err(FrameErrorKind::TooShort);
    }
    let (packet, crc) = raw.split_at(raw.len() - 2);
    if CRC16.checksum(packet).to_le_bytes() != [crc[0], crc[1]] {
        return Err(FrameErrorKind::Checksum);
    }
    Ok(packet.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn crc_check_value() {
        assert_eq!(CRC16.checksum(b"123456789"), 0x29B1);
    }

    #[test]
    fn corrupt_frame_is_reported_and_next_one_decodes() {
        let mut wire = Vec::new();
        encode(&[3, 0x12, 12, 1, 2, 3, 4], &mut wire);
        wire[2] ^= 0x40;
        let bad_len = wire.len() as u64;
        encode(&[4, 0x13, 28, 1, 2, 3, 4], &mut wire);
        let mut dec = FrameDecoder::new();
        dec.push(&wire);
        assert_eq!(
            dec.next_packet(),
            Some(Err(FrameError {
                offset: 0,
                kind: FrameErrorKind::Checksum
            }))
        );
        let ok = dec.next_packet().unwrap().unwrap();
        assert_eq!(ok, vec![4, 0x13, 28, 1, 2, 3, 4]);
        assert_eq!(dec.next_packet(), None);
        assert!(bad_len > 0);
    }

    #[test]
    fn overlong_run_is_discarded_then_resyncs() {
        // The first frame's terminator ends the overlong run (its own bytes are part of
        // the run and lost); the frame after it decodes.
        let mut wire = vec![0x55; 200];
        encode(&[9, 9, 9], &mut wire);
        encode(&[1, 2, 3], &mut wire);
        let mut dec = FrameDecoder::new();
        dec.push(&wire);
        assert!(matches!(
            dec.next_packet(),
            Some(Err(FrameError {
                kind: FrameErrorKind::TooLong,
                ..
            }))
        ));
        assert_eq!(dec.next_packet(), Some(Ok(vec![1, 2, 3])));
    }

    proptest! {
        #[test]
        fn round_trip_any_split(packets in prop::collection::vec(prop::collection::vec(any::<u8>(), 2..MAX_PACKET), 1..6), split in 1usize..40) {
            let mut wire = Vec::new();
            for p in &packets { encode(p, &mut wire); }
            let mut dec = FrameDecoder::new();
            for chunk in wire.chunks(split) { dec.push(chunk); }
            for p in &packets { prop_assert_eq!(dec.next_packet(), Some(Ok(p.clone()))); }
            prop_assert_eq!(dec.next_packet(), None);
        }

        #[test]
        fn garbage_never_panics_and_resyncs(garbage in prop::collection::vec(any::<u8>(), 0..300), packet in prop::collection::vec(any::<u8>(), 2..MAX_PACKET)) {
            let mut dec = FrameDecoder::new();
            dec.push(&garbage);
            // A terminator ends whatever the garbage left open; the next frame decodes.
            let mut wire = vec![0];
            encode(&packet, &mut wire);
            dec.push(&wire);
            let mut last = None;
            while let Some(p) = dec.next_packet() { last = Some(p); }
            prop_assert_eq!(last, Some(Ok(packet)));
        }
    }
}

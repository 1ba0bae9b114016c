//! What every simulated device on the framed protocol (peg board, clock) shares: the
//! [`Endpoint`] does framing, acknowledgements and retries; the device answers messages.

use std::time::Duration;

use serde::Deserialize;

use super::{SimDevice, SimError};
use crate::link::Endpoint;
use crate::proto::Message;

/// A simulated device speaking the framed protocol through an [`Endpoint`]; it is a
/// [`SimDevice`] by answering each host message and carrying out actions.
pub trait FramedDevice: Send + 'static {
    /// One scripted action.
    type Action: Send + std::fmt::Debug + for<'de> Deserialize<'de> + 'static;
    /// The device's end of the link.
    fn endpoint(&mut self) -> &mut Endpoint;
    /// The device's end of the link, to read.
    fn endpoint_ref(&self) -> &Endpoint;
    /// Answers one message from the host.
    fn receive(&mut self, now: Duration, message: Message);
    /// Carries out an action.
    ///
    /// # Errors
    /// A message when the action does not fit the device's state.
    fn perform(&mut self, now: Duration, action: Self::Action) -> Result<(), SimError>;
}

impl<D: FramedDevice> SimDevice for D {
    type Action = D::Action;

    fn handle_bytes(&mut self, now: Duration, bytes: &[u8]) {
        self.endpoint().handle_bytes(now, bytes);
        while let Some(event) = self.endpoint().poll_event() {
            if let Ok(message) = event.into_result() {
                self.receive(now, message);
            }
        }
    }

    fn act(&mut self, now: Duration, action: D::Action) -> Result<(), SimError> {
        self.perform(now, action)
    }

    fn poll_transmit(&mut self, buf: &mut Vec<u8>) -> Option<usize> {
        self.endpoint().poll_transmit(buf)
    }

    fn poll_timeout(&self) -> Option<Duration> {
        self.endpoint_ref().poll_timeout()
    }

    fn handle_timeout(&mut self, now: Duration) {
        let link = self.endpoint();
        link.handle_timeout(now);
        while link.poll_event().is_some() {}
    }
}

//! The board side of the protocol: [`CommandDecoder`] turns host bytes into
//! [`HostCommand`]s (used by the simulated board and by firmware tests).

use super::codes::{clk, cmd};

/// A host → board command as the board (simulator) parses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostCommand {
    /// A single-byte command (see [`cmd`]).
    Byte(u8),
    /// A wrapped clock command: code and parameters.
    Clock {
        /// Clock command code.
        code: u8,
        /// Parameters between code and end byte.
        params: Vec<u8>,
    },
}

/// Splits the host → board byte stream (for the simulator).
#[derive(Debug, Default)]
pub struct CommandDecoder {
    buf: Vec<u8>,
}

impl CommandDecoder {
    /// Feeds bytes and returns the complete commands.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<HostCommand> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(&first) = self.buf.first() {
            if first != cmd::CLOCK_MESSAGE {
                out.push(HostCommand::Byte(first));
                self.buf.remove(0);
                continue;
            }
            let Some(&len) = self.buf.get(1) else { break };
            let total = 2 + usize::from(len);
            if len < 3 {
                self.buf.remove(0);
                continue;
            }
            if self.buf.len() < total {
                break;
            }
            let frame: Vec<u8> = self.buf.drain(..total).collect();
            if frame[2] == clk::START && frame[total - 1] == clk::END {
                out.push(HostCommand::Clock {
                    code: frame[3],
                    params: frame[4..total - 1].to_vec(),
                });
            }
        }
        out
    }
}

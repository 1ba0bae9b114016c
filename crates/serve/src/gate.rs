//! A web shell's gate: the token that admits the arbiter (and any access from another
//! host) and the host names the shell answers to besides IP addresses and `localhost`;
//! it serves the shell's router behind [`hardening`](crate::hardening) with that token.
//! The table's console and the hall each keep one.

use std::sync::Arc;

use axum::Router;
use tokio::net::TcpListener;

use crate::{
    Token,
    hardening::{self, Hardening, Refusals},
    serving::{self, Limits},
};

/// The token and host names of one web shell.
#[derive(Debug, Clone)]
pub struct Gate {
    token: Arc<Token>,
    host_names: Vec<String>,
    scripts: Vec<&'static str>,
    refusals: Refusals,
}

impl Gate {
    /// A gate that admits `token`, answering to IP addresses and `localhost` only.
    pub fn new(token: Token) -> Gate {
        Gate {
            token: Arc::new(token),
            host_names: Vec::new(),
            scripts: Vec::new(),
            refusals: Refusals::default(),
        }
    }

    /// The same gate whose pages run exactly `scripts` (the texts of the shell's inline
    /// `<script>` templates; the Content-Security-Policy allows them by hash).
    #[must_use]
    pub fn with_scripts(mut self, scripts: &[&'static str]) -> Gate {
        self.scripts = scripts.to_vec();
        self
    }

    /// The same gate answering to `names` too (DNS rebinding: see
    /// [`hardening`](crate::hardening)).
    #[must_use]
    pub fn with_host_names(mut self, names: Vec<String>) -> Gate {
        self.host_names = names;
        self
    }

    /// The same gate refusing in the shell's words (see [`Refusals`]).
    #[must_use]
    pub fn with_refusals(mut self, refusals: Refusals) -> Gate {
        self.refusals = refusals;
        self
    }

    /// Whether `given` is the token (compared in time independent of where it differs).
    pub fn admits(&self, given: &str) -> bool {
        self.token.matches(given)
    }

    /// Serves `router` on `listener` within `limits`, behind the hardening for this
    /// gate's host names and token, until the listener fails.
    ///
    /// # Errors
    /// The listener's I/O error.
    pub async fn serve(
        &self,
        listener: TcpListener,
        router: Router,
        limits: Limits,
    ) -> std::io::Result<()> {
        let token = Arc::clone(&self.token);
        let check = Arc::new(move |t: &str| token.matches(t));
        let port = listener.local_addr()?.port();
        let guard = Hardening::new(port, &self.host_names, check)
            .with_scripts(&self.scripts)
            .with_refusals(self.refusals.clone());
        serving::serve(listener, hardening::harden(router, guard), limits).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_admits_its_token_only() {
        let gate = Gate::new(Token::new("0123456789abcdef")).with_host_names(vec!["hall".into()]);
        assert!(gate.admits("0123456789abcdef"));
        assert!(!gate.admits("0123456789abcdeF"));
        assert!(!gate.admits(""));
        assert!(
            !Gate::new(Token::new("")).admits(""),
            "an empty token admits nobody"
        );
    }
}

//! TLS to the broker (`mqtts://`, `tls = true`): rustls with the `ring` provider,
//! checking the broker's certificate against the system's roots or the configured CA.

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use rustls::{ClientConfig, RootCertStore, pki_types::CertificateDer};

/// Why no TLS client configuration could be made.
#[derive(Debug, thiserror::Error)]
pub enum TlsSetupError {
    /// The CA file cannot be read, or its PEM is broken.
    #[error("CA file {}: {error}", path.display())]
    CaFile {
        /// The CA file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The CA file holds no certificate rustls accepts.
    #[error(
        "CA file {}: no PEM certificate in it (expected -----BEGIN CERTIFICATE-----)",
        path.display()
    )]
    NoCertificate {
        /// The CA file.
        path: PathBuf,
    },
    /// The system has no CA certificates (the problems met while loading them).
    #[error(
        "no system CA certificates found ({problems} problems; install ca-certificates or set ca = \"file.pem\")"
    )]
    NoSystemRoots {
        /// How many problems loading them met.
        problems: usize,
    },
    /// rustls refused the protocol versions.
    #[error("TLS: {0}")]
    Rustls(#[from] rustls::Error),
}

/// The roots in a PEM file: one or more CA certificates.
///
/// # Errors
/// The file cannot be read, or holds no certificate rustls accepts.
fn roots_from(ca: &Path) -> Result<RootCertStore, TlsSetupError> {
    let ca_file = |error| TlsSetupError::CaFile {
        path: ca.to_owned(),
        error,
    };
    let text = std::fs::read(ca).map_err(ca_file)?;
    let certs: Vec<CertificateDer<'static>> = rustls_pemfile::certs(&mut text.as_slice())
        .collect::<Result<_, _>>()
        .map_err(ca_file)?;
    let mut roots = RootCertStore::empty();
    let (added, _ignored) = roots.add_parsable_certificates(certs);
    if added == 0 {
        return Err(TlsSetupError::NoCertificate {
            path: ca.to_owned(),
        });
    }
    Ok(roots)
}

/// The system's roots (Debian: the package ca-certificates).
fn system_roots() -> Result<RootCertStore, TlsSetupError> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    let (added, _ignored) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        return Err(TlsSetupError::NoSystemRoots {
            problems: found.errors.len(),
        });
    }
    Ok(roots)
}

/// The client configuration: the broker's certificate checked against `ca`, or the
/// system's roots when there is none.
///
/// # Errors
/// The CA file cannot be read or holds no certificate; no system roots.
pub fn client_config(ca: Option<&Path>) -> Result<Arc<ClientConfig>, TlsSetupError> {
    let roots = match ca {
        Some(ca) => roots_from(ca)?,
        None => system_roots()?,
    };
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// The transport to `broker` for either MQTT client: TLS with [`client_config`] when the
/// broker asks for it, else `None` (plain TCP).
///
/// # Errors
/// As [`client_config`].
pub fn transport(broker: &crate::Broker) -> Result<Option<rumqttc::Transport>, TlsSetupError> {
    if !broker.tls {
        return Ok(None);
    }
    let config = client_config(broker.ca.as_deref())?;
    Ok(Some(rumqttc::Transport::tls_with_config(
        rumqttc::TlsConfiguration::Rustls(config),
    )))
}

/// A hint after a connection error that is the broker's certificate's fault.
pub fn hint(error: &str, broker: &crate::Broker) -> String {
    if !broker.tls || !error.to_ascii_lowercase().contains("certificate") {
        return String::new();
    }
    match &broker.ca {
        Some(ca) => format!(
            " — the broker's certificate is not signed by the CA in {} (hall.ca)",
            ca.display()
        ),
        None => " — the broker's certificate is not signed by a CA the system trusts \
                  (set hall.ca to the CA's PEM file)"
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ca_file_without_certificates_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let ca = dir.path().join("ca.pem");
        std::fs::write(&ca, "not a certificate\n").unwrap();
        let e = client_config(Some(&ca)).unwrap_err();
        assert!(matches!(e, TlsSetupError::NoCertificate { .. }), "{e:?}");
        let e = e.to_string();
        assert!(
            e.contains("ca.pem") && e.contains("no PEM certificate"),
            "{e}"
        );
        let e = client_config(Some(&dir.path().join("missing.pem"))).unwrap_err();
        assert!(matches!(e, TlsSetupError::CaFile { .. }), "{e:?}");
        assert!(e.to_string().contains("missing.pem"), "{e}");
    }
}

//! TLS for the API client: rustls with ring as its crypto provider, and the
//! system's root certificates read on a thread of their own while the rest
//! of the start-up goes on.
//!
//! Reading them is rustls-platform-verifier's work: on Linux the bundle and
//! every file of /etc/ssl/certs, about 150 certificates in 300 files. Done
//! while the client was built (reqwest's way), it held up every start by a
//! few milliseconds before the first request could leave, for nothing when
//! the API is plain http (the demo). Now the first TLS handshake waits for
//! them if they are not read yet. Verification itself is unchanged:
//! rustls-platform-verifier's, which reqwest would use.

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, Error, SignatureScheme};
use rustls_platform_verifier::Verifier;
use std::sync::{Arc, OnceLock};

/// The TLS configuration of the API client. Starts reading the system's
/// root certificates in the background.
pub(crate) fn client_config() -> Result<ClientConfig, Error> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let roots = Arc::new(PlatformVerifier::new(Arc::clone(&provider)));
    let reader = Arc::clone(&roots);
    // Should the thread not start, the first handshake reads them.
    let _ = std::thread::Builder::new()
        .name("tls-roots".to_string())
        .spawn(move || {
            let _ = reader.verifier();
        });
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .dangerous()
        .with_custom_certificate_verifier(roots)
        .with_no_client_auth();
    // What reqwest offers without HTTP/2.
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}

/// rustls-platform-verifier's verifier, built (the roots read) once, by
/// whichever comes first: the background thread or a handshake.
#[derive(Debug)]
struct PlatformVerifier {
    provider: Arc<CryptoProvider>,
    built: OnceLock<Result<Verifier, Error>>,
}

impl PlatformVerifier {
    fn new(provider: Arc<CryptoProvider>) -> Self {
        Self {
            provider,
            built: OnceLock::new(),
        }
    }

    /// The verifier; an error when no root certificate could be read.
    fn verifier(&self) -> Result<&Verifier, Error> {
        self.built
            .get_or_init(|| Verifier::new(Arc::clone(&self.provider)))
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl ServerCertVerifier for PlatformVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        self.verifier()?.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        )
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.verifier()?.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.verifier()?.verify_tls13_signature(message, cert, dss)
    }

    /// Asked for the first message of a handshake: needs no roots.
    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verifier() -> PlatformVerifier {
        PlatformVerifier::new(Arc::new(rustls::crypto::ring::default_provider()))
    }

    #[test]
    fn the_roots_are_read_once_on_first_use() {
        let roots = verifier();
        assert!(roots.built.get().is_none(), "read before any use");
        let first = roots.verifier().map(|v| v as *const Verifier);
        assert!(roots.built.get().is_some());
        let again = roots.verifier().map(|v| v as *const Verifier);
        assert_eq!(first, again, "read a second time");
    }

    #[test]
    fn a_certificate_nobody_issued_is_refused() {
        let roots = verifier();
        let server = ServerName::try_from("api.example.uz").unwrap();
        let bogus = CertificateDer::from(vec![0x30, 0x03, 0x02, 0x01, 0x01]);
        let verdict = roots.verify_server_cert(&bogus, &[], &server, &[], UnixTime::now());
        assert!(verdict.is_err(), "{verdict:?}");
    }

    #[test]
    fn the_configuration_offers_http_1_and_the_providers_schemes() {
        let config = client_config().unwrap();
        assert_eq!(config.alpn_protocols, vec![b"http/1.1".to_vec()]);
        assert!(!verifier().supported_verify_schemes().is_empty());
    }
}

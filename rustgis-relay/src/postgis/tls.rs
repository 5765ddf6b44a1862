//! TLS for PostgreSQL connections, with libpq's meanings of `sslmode` and `sslrootcert`, on
//! rustls (ring) through `tokio-postgres-rustls`:
//!
//! - `disable`: no TLS; `allow`: without TLS, then with it (unchecked) if the server insists;
//! - `prefer` (the default): TLS when the server offers it, the certificate not checked, and once
//!   more without TLS when the TLS handshake fails (as when the server refuses the client
//!   certificate; under TLS 1.3 its alert comes on the first read after the handshake);
//! - `require`: TLS or no connection; the certificate is not checked, unless a root certificate
//!   file exists (`sslrootcert`, else `~/.postgresql/root.crt`), when it is checked as `verify-ca`;
//! - `verify-ca`: the certificate must be signed by a CA of the root certificate file;
//! - `verify-full`: that, and it must name the host connected to (`host`, even with `hostaddr`).
//!
//! `sslrootcert=system` trusts Mozilla's roots (the ones `ureq` trusts for web layers) and, as in
//! libpq 16, makes `verify-full` the default and refuses a weaker `sslmode`.
//!
//! A client certificate signs the connection in where the server asks for one (`cert` in
//! pg_hba.conf, or `clientcert=verify-full`): `sslcert` and `sslkey` (else `PGSSLCERT`,
//! `PGSSLKEY`, else `~/.postgresql/postgresql.crt` and `.key` when they exist), PEM files, the
//! key unencrypted and private to its owner as libpq wants it (0600, or 0640 owned by root).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use postgres::Client;
use postgres::config::SslMode as DriverSslMode;
use rustgis_core::{Error, Result};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

/// The `sslmode` values, as libpq names them.
pub(super) const SSL_MODES: [&str; 6] = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"];

/// How a connection uses TLS (libpq's `sslmode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SslMode {
    Disable,
    Allow,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    /// Reads a `sslmode` value; anything else is an error listing the values.
    pub(super) fn parse(value: &str) -> Result<SslMode> {
        Ok(match value {
            "disable" => SslMode::Disable,
            "allow" => SslMode::Allow,
            "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            other => {
                return Err(Error::invalid(
                    "dsn",
                    format!("sslmode '{other}' is not one of libpq's: {}", SSL_MODES.join(", ")),
                ));
            }
        })
    }

    fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Allow => "allow",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }
}

/// A connection's TLS settings: `sslmode`, `sslrootcert`, `sslcert` and `sslkey` as given (or
/// from `PGSSLMODE`, `PGSSLROOTCERT`, `PGSSLCERT`, `PGSSLKEY`), resolved when connecting.
#[derive(Debug, Clone, Default)]
pub(super) struct TlsSettings {
    /// `sslmode`, if given.
    pub(super) mode: Option<SslMode>,
    /// `sslrootcert`, if given: a PEM file, or `system`.
    pub(super) root_cert: Option<String>,
    /// `sslcert`, if given: the client's certificate (PEM).
    pub(super) cert: Option<String>,
    /// `sslkey`, if given: the client certificate's private key (PEM, unencrypted).
    pub(super) key: Option<String>,
}

impl TlsSettings {
    /// Fills in what is not given from `PGSSLMODE`, `PGSSLROOTCERT`, `PGSSLCERT` and `PGSSLKEY`,
    /// as libpq does.
    pub(super) fn with_environment(mut self) -> Result<TlsSettings> {
        if self.mode.is_none()
            && let Ok(mode) = std::env::var("PGSSLMODE")
        {
            self.mode = Some(SslMode::parse(&mode)?);
        }
        if self.root_cert.is_none() {
            self.root_cert = std::env::var("PGSSLROOTCERT").ok();
        }
        if self.cert.is_none() {
            self.cert = std::env::var("PGSSLCERT").ok();
        }
        if self.key.is_none() {
            self.key = std::env::var("PGSSLKEY").ok();
        }
        Ok(self)
    }
}

/// Connects with `config` as `tls` says; `label` (the connection, redacted) names it in errors.
pub(super) fn connect(mut config: postgres::Config, tls: &TlsSettings, label: &str) -> Result<Client> {
    let plan = Plan::of(tls)?;
    let host = tls_host(&config);
    let refused = |e: postgres::Error| connect_error(label, &plan, host.as_deref(), &e);
    match plan.mode {
        SslMode::Disable => {
            config.ssl_mode(DriverSslMode::Disable);
            config.connect(postgres::NoTls).map_err(refused)
        }
        SslMode::Allow => {
            // libpq's `allow`: without TLS first, then with it if the server wants it.
            config.ssl_mode(DriverSslMode::Disable);
            match config.connect(postgres::NoTls) {
                Ok(client) => Ok(client),
                Err(first) => {
                    tracing::debug!("a connection without TLS failed ({first}); trying again with TLS (sslmode=allow)");
                    config.ssl_mode(DriverSslMode::Require);
                    config.connect(plan.connector()?).map_err(refused)
                }
            }
        }
        SslMode::Prefer => {
            // libpq's `prefer`: TLS when the server offers it, and once more without TLS when the
            // TLS handshake fails (a server that answers 'N' the driver handles itself).
            config.ssl_mode(DriverSslMode::Prefer);
            match config.connect(plan.connector()?) {
                Err(first) if tls_failed(&first) => {
                    tracing::debug!("TLS failed ({first}); trying again without TLS (sslmode=prefer)");
                    config.ssl_mode(DriverSslMode::Disable);
                    config.connect(postgres::NoTls).map_err(|again| {
                        let tried = connect_error(label, &plan, host.as_deref(), &first);
                        let again = refused(again);
                        Error::Failed(format!("{again} (tried without TLS after TLS failed: {tried})"))
                    })
                }
                connected => connected.map_err(refused),
            }
        }
        SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => {
            config.ssl_mode(DriverSslMode::Require);
            config.connect(plan.connector()?).map_err(refused)
        }
    }
}

/// What a connection checks of the server's certificate.
#[derive(Debug)]
enum Check {
    /// Nothing (the traffic is encrypted, the server not authenticated).
    Nothing,
    /// Signed by one of these roots (`verify-ca`) and, with `name`, naming the host.
    Roots { roots: Vec<CertificateDer<'static>>, from: RootSource, name: bool },
}

#[derive(Debug, Clone)]
enum RootSource {
    File(PathBuf),
    System,
}

impl std::fmt::Display for RootSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RootSource::File(path) => write!(f, "sslrootcert {}", path.display()),
            RootSource::System => f.write_str("the system's roots (sslrootcert=system)"),
        }
    }
}

/// The TLS settings resolved: the mode, what it checks and what it signs in with.
#[derive(Debug)]
struct Plan {
    mode: SslMode,
    check: Check,
    client: Option<ClientIdentity>,
}

/// The certificate chain and key a connection presents (`sslcert`, `sslkey`).
struct ClientIdentity {
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
    cert_file: PathBuf,
}

impl std::fmt::Debug for ClientIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientIdentity").field("cert_file", &self.cert_file).finish_non_exhaustive()
    }
}

/// The client certificate `tls` names (or libpq's default file, when it exists) with its key;
/// `None` without one. A file named but missing, a key missing or readable by others, or a file
/// that holds no certificate or key is an error that says which.
fn client_identity(tls: &TlsSettings) -> Result<Option<ClientIdentity>> {
    let folder = dirs::home_dir().map(|home| home.join(".postgresql"));
    let cert_file = match (&tls.cert, &folder) {
        (Some(file), _) => PathBuf::from(file),
        (None, Some(folder)) if folder.join("postgresql.crt").exists() => folder.join("postgresql.crt"),
        (None, _) => return Ok(None),
    };
    if !cert_file.exists() {
        return Err(Error::invalid(
            "dsn",
            format!(
                "the client certificate file {} (sslcert) does not exist; give the PEM file of the certificate to sign \
                 in with, or leave sslcert out",
                cert_file.display()
            ),
        ));
    }
    let key_file = match (&tls.key, &folder) {
        (Some(file), _) => PathBuf::from(file),
        (None, Some(folder)) => folder.join("postgresql.key"),
        (None, None) => cert_file.with_extension("key"),
    };
    if !key_file.exists() {
        return Err(Error::invalid(
            "dsn",
            format!(
                "the client certificate {} needs its private key, and {} does not exist; give sslkey=<file.key>",
                cert_file.display(),
                key_file.display()
            ),
        ));
    }
    check_key_is_private(&key_file)?;
    let chain = read_certificates(&cert_file, "sslcert", "the PEM file of the certificate to sign in with")?;
    if chain.is_empty() {
        return Err(Error::invalid(
            "dsn",
            format!("the client certificate file {} (sslcert) holds no PEM certificate", cert_file.display()),
        ));
    }
    let key = PrivateKeyDer::from_pem_file(&key_file).map_err(|e| {
        Error::invalid(
            "dsn",
            format!(
                "cannot read the private key {} (sslkey): {e}; RustGIS reads an unencrypted PEM key (PKCS#8, PKCS#1 \
                 or SEC1)",
                key_file.display()
            ),
        )
    })?;
    Ok(Some(ClientIdentity { chain, key, cert_file }))
}

/// libpq's rule for a private key file: no access for others, and for the group only when root
/// owns it (0640), so a key others can read is refused before it is used.
#[cfg(unix)]
fn check_key_is_private(path: &Path) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::invalid("dsn", format!("cannot read the private key {} (sslkey): {e}", path.display())))?;
    let mode = meta.mode() & 0o777;
    let allowed = if meta.uid() == 0 { 0o640 } else { 0o600 };
    if mode & !allowed != 0 {
        return Err(Error::invalid(
            "dsn",
            format!(
                "the private key {} can be read by others (mode {mode:o}); make it private as libpq requires: chmod \
                 600 {}",
                path.display(),
                path.display()
            ),
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_key_is_private(_path: &Path) -> Result<()> {
    Ok(())
}

impl Plan {
    fn of(tls: &TlsSettings) -> Result<Plan> {
        let system = tls.root_cert.as_deref() == Some("system");
        let mode = match (tls.mode, system) {
            (None, true) => SslMode::VerifyFull,
            (None, false) => SslMode::Prefer,
            (Some(mode), true) if mode != SslMode::VerifyFull => {
                return Err(Error::invalid(
                    "dsn",
                    format!(
                        "sslrootcert=system needs sslmode=verify-full (not {}), as in libpq: trusting the public \
                         roots means nothing unless the host name is checked",
                        mode.name()
                    ),
                ));
            }
            (Some(mode), _) => mode,
        };
        let file = match tls.root_cert.as_deref() {
            Some("system") => None,
            Some(path) => Some(PathBuf::from(path)),
            None => dirs::home_dir().map(|home| home.join(".postgresql").join("root.crt")),
        };
        let check = match mode {
            SslMode::Disable | SslMode::Allow | SslMode::Prefer => Check::Nothing,
            // libpq: `require` checks the CA when a root certificate file exists.
            SslMode::Require => match &file {
                Some(path) if path.exists() => {
                    Check::Roots { roots: read_roots(path)?, from: RootSource::File(path.clone()), name: false }
                }
                _ => Check::Nothing,
            },
            SslMode::VerifyCa | SslMode::VerifyFull => {
                let name = mode == SslMode::VerifyFull;
                if system {
                    Check::Roots { roots: Vec::new(), from: RootSource::System, name }
                } else {
                    let path = file.ok_or_else(|| {
                        Error::invalid(
                            "dsn",
                            format!(
                                "sslmode={} needs the CA's certificate, and there is no home folder to find \
                                 ~/.postgresql/root.crt in; give sslrootcert=<file.pem>, or sslrootcert=system",
                                mode.name()
                            ),
                        )
                    })?;
                    if !path.exists() {
                        return Err(Error::invalid(
                            "dsn",
                            format!(
                                "sslmode={} needs the certificate of the CA that signed the server's, and the root \
                                 certificate file {} does not exist; give sslrootcert=<file.pem>, \
                                 sslrootcert=system for the public roots, or sslmode=require to encrypt without \
                                 checking the server",
                                mode.name(),
                                path.display()
                            ),
                        ));
                    }
                    Check::Roots { roots: read_roots(&path)?, from: RootSource::File(path), name }
                }
            }
        };
        let client = if mode == SslMode::Disable { None } else { client_identity(tls)? };
        Ok(Plan { mode, check, client })
    }

    /// The rustls connector that checks what the plan says.
    fn connector(&self) -> Result<MakeRustlsConnect> {
        self.client_config().map(MakeRustlsConnect::new)
    }

    fn client_config(&self) -> Result<ClientConfig> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|e| Error::Failed(format!("cannot set up TLS: {e}")))?;
        let verifier: Arc<dyn ServerCertVerifier> = match &self.check {
            Check::Nothing => Arc::new(Lenient { algorithms: provider.signature_verification_algorithms, chain: None }),
            Check::Roots { roots, from, name } => {
                let store = match from {
                    RootSource::System => {
                        let mut store = RootCertStore::empty();
                        store.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
                        store
                    }
                    RootSource::File(path) => {
                        let mut store = RootCertStore::empty();
                        let (added, ignored) = store.add_parsable_certificates(roots.iter().cloned());
                        if added == 0 {
                            return Err(Error::invalid(
                                "dsn",
                                format!(
                                    "the root certificate file {} holds no CA certificate RustGIS can use ({ignored} \
                                     unreadable); give the PEM file of the CA that signed the server's certificate",
                                    path.display()
                                ),
                            ));
                        }
                        store
                    }
                };
                let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(store), provider.clone())
                    .build()
                    .map_err(|e| Error::Failed(format!("cannot set up TLS with {from}: {e}")))?;
                if *name {
                    webpki
                } else {
                    Arc::new(Lenient { algorithms: provider.signature_verification_algorithms, chain: Some(webpki) })
                }
            }
        };
        let builder = builder.dangerous().with_custom_certificate_verifier(verifier);
        match &self.client {
            None => Ok(builder.with_no_client_auth()),
            Some(client) => builder.with_client_auth_cert(client.chain.clone(), client.key.clone_key()).map_err(|e| {
                Error::invalid(
                    "dsn",
                    format!(
                        "the client certificate {} cannot be used with its key: {e}; give the key that belongs to it \
                         (sslkey)",
                        client.cert_file.display()
                    ),
                )
            }),
        }
    }
}

/// The certificates of a root certificate file.
fn read_roots(path: &Path) -> Result<Vec<CertificateDer<'static>>> {
    read_certificates(path, "sslrootcert", "the PEM file of the CA that signed the server's certificate")
}

/// The certificates of a PEM file given as `keyword`; an error names the file and what the
/// keyword wants.
fn read_certificates(path: &Path, keyword: &str, wanted: &str) -> Result<Vec<CertificateDer<'static>>> {
    let unreadable = |e: &dyn std::fmt::Display| {
        Error::invalid("dsn", format!("cannot read {} ({keyword}): {e}; give {keyword} {wanted}", path.display()))
    };
    CertificateDer::pem_file_iter(path)
        .map_err(|e| unreadable(&e))?
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| unreadable(&e))
}

/// The host name TLS checks the certificate against: `host`, even when `hostaddr` is where the
/// connection goes (as in libpq).
fn tls_host(config: &postgres::Config) -> Option<String> {
    match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(host)) => Some(host.clone()),
        _ => None,
    }
}

/// A connection error with what to do about a TLS failure.
fn connect_error(label: &str, plan: &Plan, host: Option<&str>, e: &postgres::Error) -> Error {
    let mut detail = e.to_string();
    if let Some(source) = std::error::Error::source(e) {
        detail.push_str(&format!(": {source}"));
    }
    let hint = tls_hint(plan, host, e)
        .or_else(|| client_certificate_hint(plan, e))
        .map(|h| format!("; {h}"))
        .unwrap_or_default();
    Error::Failed(format!("cannot connect to PostgreSQL ({label}): {detail}{hint}"))
}

/// Whether a connection failed in TLS, before it was made: the handshake failed, or a TLS alert
/// came on the first read. The second is how a server refuses a client certificate under
/// TLS 1.3, where the client's side of the handshake is over before the server has checked the
/// certificate; either way nothing but the handshake went over the connection.
fn tls_failed(e: &postgres::Error) -> bool {
    e.to_string() == "error performing TLS handshake" || rustls_error(e).is_some()
}

/// What a person can do about a TLS failure, if `e` is one.
fn tls_hint(plan: &Plan, host: Option<&str>, e: &postgres::Error) -> Option<String> {
    if e.to_string() == "error performing TLS handshake"
        && std::error::Error::source(e).is_some_and(|s| s.to_string().contains("server does not support TLS"))
    {
        return Some(format!(
            "the server does not offer TLS and sslmode={} requires it: turn ssl on in the server's postgresql.conf, or \
             connect with sslmode=prefer or disable on a trusted network",
            plan.mode.name()
        ));
    }
    let from = match &plan.check {
        Check::Roots { from, .. } => from.to_string(),
        Check::Nothing => String::new(),
    };
    match rustls_error(e)? {
        rustls::Error::InvalidCertificate(CertificateError::UnknownIssuer) => Some(format!(
            "the server's certificate is not signed by a CA in {from}; give sslrootcert the certificate of the CA \
             that signed it, or sslmode=require to encrypt without checking the server"
        )),
        rustls::Error::InvalidCertificate(
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
        ) => Some(format!(
            "the server's certificate does not name the host '{}'; connect by a name the certificate holds (host=, \
             with hostaddr= for the address), or sslmode=verify-ca to check only that a CA in {from} signed it",
            host.unwrap_or("")
        )),
        rustls::Error::InvalidCertificate(CertificateError::Expired | CertificateError::ExpiredContext { .. }) => {
            Some("the server's certificate has expired; renew it on the server".to_owned())
        }
        rustls::Error::InvalidCertificate(other) => {
            Some(format!("the server's certificate was refused ({other:?}); see the server's ssl_cert_file"))
        }
        rustls::Error::AlertReceived(alert) => plan.client.as_ref().map(|client| {
            format!(
                "the server refused the client certificate {} ({alert:?}): it must be signed by a CA in the server's \
                 ssl_ca_file",
                client.cert_file.display()
            )
        }),
        _ => None,
    }
}

/// What to do when the server wants a client certificate it did not get, or did not accept.
fn client_certificate_hint(plan: &Plan, e: &postgres::Error) -> Option<String> {
    let message = e.as_db_error()?.message();
    if !message.contains("certificate") {
        return None;
    }
    Some(match &plan.client {
        None if plan.mode == SslMode::Disable => {
            "this role signs in with a client certificate, which needs TLS: leave sslmode=disable out".to_owned()
        }
        None => "this role signs in with a client certificate and none was sent: give sslcert=<file.crt> and \
                 sslkey=<file.key> (or put them at ~/.postgresql/postgresql.crt and postgresql.key)"
            .to_owned(),
        Some(client) => format!(
            "the server did not accept the client certificate {}: its common name (CN) must be the role (user) \
             signing in, or a name pg_ident.conf maps to it",
            client.cert_file.display()
        ),
    })
}

/// The rustls error behind a connection error, if there is one.
fn rustls_error(e: &postgres::Error) -> Option<&rustls::Error> {
    let mut source = std::error::Error::source(e);
    while let Some(error) = source {
        if let Some(tls) = error.downcast_ref::<rustls::Error>() {
            return Some(tls);
        }
        // An io::Error does not give its inner error as its source: look inside.
        if let Some(io) = error.downcast_ref::<std::io::Error>()
            && let Some(tls) = io.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>())
        {
            return Some(tls);
        }
        source = error.source();
    }
    None
}

/// The checks below full verification: `prefer` and `require` without a root file accept any
/// certificate (`chain: None`); `verify-ca` wants a chain to a trusted root but not the name.
/// Either way the handshake's signatures are checked, so the connection is encrypted to whoever
/// holds the certificate's key.
#[derive(Debug)]
struct Lenient {
    algorithms: WebPkiSupportedAlgorithms,
    chain: Option<Arc<WebPkiServerVerifier>>,
}

impl ServerCertVerifier for Lenient {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> std::result::Result<ServerCertVerified, rustls::Error> {
        let Some(chain) = &self.chain else { return Ok(ServerCertVerified::assertion()) };
        // WebPkiServerVerifier checks the chain first and the name last: a name error means the
        // chain was good.
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

//! The network guard: which URLs and addresses RustGIS may connect to. It holds whatever access
//! the caller has (`--yes` included): http and https only, no credentials in URLs, and every
//! address a host resolves to must be public unless `network.allow` names the host.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The settings key that allows hosts the guard would refuse.
pub const ALLOW_SETTING: &str = "network.allow";

/// Why the guard refused a URL: each rule names a class of address or a kind of URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rule {
    /// Not http or https.
    Scheme,
    /// `user:password@` in the URL.
    Credentials,
    /// A host that is not a valid name or address (`http://1.2.3.4.5/`, `%` escapes, spaces).
    BadHost,
    /// 127.0.0.0/8, ::1.
    Loopback,
    /// RFC 1918: 10/8, 172.16/12, 192.168/16 (and IPv6 site-local fec0::/10).
    Private,
    /// RFC 6598 shared address space (carrier-grade NAT): 100.64.0.0/10.
    SharedAddressSpace,
    /// fc00::/7, IPv6's private addresses.
    UniqueLocal,
    /// 169.254.0.0/16 (the cloud metadata address 169.254.169.254 included), fe80::/10.
    LinkLocal,
    /// 224.0.0.0/4, ff00::/8.
    Multicast,
    /// 0.0.0.0/8, ::.
    Unspecified,
    /// Documentation, benchmarking, IETF and future-use blocks, broadcast.
    Reserved,
}

impl Rule {
    /// The rule's name, as refusals print it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::Credentials => "credentials",
            Rule::BadHost => "bad-host",
            Rule::Loopback => "loopback",
            Rule::Private => "private",
            Rule::SharedAddressSpace => "shared-address-space",
            Rule::UniqueLocal => "unique-local",
            Rule::LinkLocal => "link-local",
            Rule::Multicast => "multicast",
            Rule::Unspecified => "unspecified",
            Rule::Reserved => "reserved",
        }
    }

    /// What the rule refuses, in words.
    fn describe(self) -> &'static str {
        match self {
            Rule::Scheme => "only http:// and https:// URLs are fetched",
            Rule::Credentials => "URLs with credentials (user:password@) are never fetched",
            Rule::BadHost => "the host is not a valid host name or IP address",
            Rule::Loopback => "a loopback address (this computer)",
            Rule::Private => "a private address (RFC 1918)",
            Rule::SharedAddressSpace => "a shared address (carrier-grade NAT, 100.64.0.0/10)",
            Rule::UniqueLocal => "a unique local IPv6 address (fc00::/7)",
            Rule::LinkLocal => "a link-local address (169.254.0.0/16 or fe80::/10, cloud metadata included)",
            Rule::Multicast => "a multicast address",
            Rule::Unspecified => "an unspecified address (0.0.0.0 or ::)",
            Rule::Reserved => "a reserved address (documentation, benchmarking or future use)",
        }
    }

    /// Whether `network.allow` can lift it (the address classes can; a URL's form cannot).
    fn allowable(self) -> bool {
        !matches!(self, Rule::Scheme | Rule::Credentials | Rule::BadHost)
    }
}

/// A refusal: the URL, the rule, the address when one was at fault, and what would allow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The URL refused.
    pub url: String,
    /// The rule that refused it.
    pub rule: Rule,
    /// The address at fault, if the rule is about an address.
    pub address: Option<IpAddr>,
    /// `host:port`, as `network.allow` would name it.
    pub host_port: Option<String>,
}

impl Refusal {
    /// Why, in a few words: the address at fault and its class (`127.0.0.1 is a loopback address
    /// (this computer)`), or the rule's description when no address is at fault.
    pub fn reason(&self) -> String {
        match self.address {
            Some(address) => format!("{address} is {}", self.rule.describe()),
            None => self.rule.describe().to_owned(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refused {}: {} (rule: {})", self.url, self.reason(), self.rule.name())?;
        if let (true, Some(host_port)) = (self.rule.allowable(), &self.host_port) {
            write!(
                f,
                "; to allow it, add \"{host_port}\" to {ALLOW_SETTING} in the settings (settings.json: \
                 {{\"network\": {{\"allow\": [\"{host_port}\"]}}}})"
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Refusal {}

/// A URL the guard parsed: scheme, host and port, nothing else trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `http` or `https`.
    pub https: bool,
    /// The host as the URL gives it, lowercased, without a final dot or IPv6 brackets.
    pub host: Host,
    /// The port (the scheme's when the URL names none).
    pub port: u16,
}

/// A URL's host: a name to resolve, or an address (however the URL spelled it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Host {
    /// A DNS name.
    Name(String),
    /// An IP address, canonical.
    Ip(IpAddr),
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Name(name) => f.write_str(name),
            Host::Ip(IpAddr::V6(ip)) => write!(f, "[{ip}]"),
            Host::Ip(ip) => write!(f, "{ip}"),
        }
    }
}

impl Target {
    /// `host:port`, as `network.allow` names it.
    pub fn host_port(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }
}

/// The guard: the allowed hosts from the settings, the hosts a person's yes let through, and
/// the rules.
#[derive(Debug, Clone, Default)]
pub struct Guard {
    allow: Vec<Allowed>,
    /// Hosts let through by a person's yes ([`Guard::allow_host`]) while this guard lives; shared
    /// by its clones (the resolver's and the client's are one guard).
    granted: std::sync::Arc<parking_lot::RwLock<Vec<Allowed>>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Allowed {
    host: Host,
    port: Option<u16>,
}

impl Guard {
    /// A guard allowing the hosts `allow` names (`tiles.local`, `127.0.0.1:8080`, `[::1]:9000`)
    /// through the address rules. An entry that is not a host or host:port is an error naming it.
    pub fn new(allow: &[String]) -> Result<Guard, String> {
        let allow = allow
            .iter()
            .map(|entry| {
                parse_allowed(entry).ok_or_else(|| format!(
                "{ALLOW_SETTING} entry {entry:?} is not a host name or host:port (like \"tiles.example.org\" or \
                 \"127.0.0.1:8080\")"
            ))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Guard { allow, granted: Default::default() })
    }

    /// Lets `host_port` (`127.0.0.1:8080`, `tiles.local:443`) through the address rules while this
    /// guard lives: a person's yes to that host, not written to the settings. An entry that is not
    /// a host:port is an error naming it.
    pub fn allow_host(&self, host_port: &str) -> Result<(), String> {
        let allowed = parse_allowed(host_port)
            .filter(|allowed| allowed.port.is_some())
            .ok_or_else(|| format!("{host_port:?} is not a host:port (like \"127.0.0.1:8080\")"))?;
        let mut granted = self.granted.write();
        if !granted.contains(&allowed) {
            granted.push(allowed);
        }
        Ok(())
    }

    /// The hosts [`Guard::allow_host`] let through, as `host:port`.
    pub fn hosts_allowed_by_yes(&self) -> Vec<String> {
        self.granted
            .read()
            .iter()
            .map(|allowed| format!("{}:{}", allowed.host, allowed.port.unwrap_or_default()))
            .collect()
    }

    /// Parses `url` and checks its form: http(s), no credentials, a valid host. Numeric hosts in
    /// any spelling a browser accepts (`2130706433`, `0x7f.1`, `0177.0.0.1`) become addresses here,
    /// so they meet the address rules and are never handed to a system resolver.
    pub fn check_url(&self, url: &str) -> Result<Target, Refusal> {
        let refuse = |rule: Rule| Refusal { url: url.to_owned(), rule, address: None, host_port: None };
        let trimmed = url.trim();
        let (https, rest) = if let Some(rest) = strip_prefix_ignore_case(trimmed, "https://") {
            (true, rest)
        } else if let Some(rest) = strip_prefix_ignore_case(trimmed, "http://") {
            (false, rest)
        } else {
            return Err(refuse(Rule::Scheme));
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        if authority.contains('@') {
            return Err(refuse(Rule::Credentials));
        }
        if authority.contains('\\') || authority.contains('%') || authority.contains(char::is_whitespace) {
            return Err(refuse(Rule::BadHost));
        }
        let (host, port) = split_host_port(authority).ok_or_else(|| refuse(Rule::BadHost))?;
        let port = match port {
            Some(port) => port,
            None if https => 443,
            None => 80,
        };
        let host = parse_host(host).ok_or_else(|| refuse(Rule::BadHost))?;
        Ok(Target { https, host, port })
    }

    /// Checks one address `target` resolved to: public, or the host allowed.
    pub fn check_address(&self, url: &str, target: &Target, address: IpAddr) -> Result<(), Refusal> {
        let Some(rule) = classify(address) else { return Ok(()) };
        if self.allows(target) {
            return Ok(());
        }
        Err(Refusal { url: url.to_owned(), rule, address: Some(address), host_port: Some(target.host_port()) })
    }

    /// Whether `network.allow` names the target's host (with its port, or any port).
    pub fn allows(&self, target: &Target) -> bool {
        let names = |a: &Allowed| a.host == target.host && a.port.is_none_or(|p| p == target.port);
        self.allow.iter().any(names) || self.granted.read().iter().any(names)
    }
}

/// The class of a non-public address, or `None` for a public one. IPv6 forms that carry an IPv4
/// address (mapped, compatible, NAT64, 6to4) are judged by that address.
pub fn classify(address: IpAddr) -> Option<Rule> {
    match address {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v4(ip: Ipv4Addr) -> Option<Rule> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        (0, _, _) => Rule::Unspecified,
        (127, _, _) => Rule::Loopback,
        (10, _, _) | (192, 168, _) => Rule::Private,
        (172, 16..=31, _) => Rule::Private,
        (100, 64..=127, _) => Rule::SharedAddressSpace,
        (169, 254, _) => Rule::LinkLocal,
        (224..=239, _, _) => Rule::Multicast,
        (240..=255, _, _) => Rule::Reserved,
        (192, 0, 0) | (192, 0, 2) | (198, 51, 100) | (203, 0, 113) | (198, 18..=19, _) => Rule::Reserved,
        _ => return None,
    })
}

fn classify_v6(ip: Ipv6Addr) -> Option<Rule> {
    if ip.is_unspecified() {
        return Some(Rule::Unspecified);
    }
    if ip.is_loopback() {
        return Some(Rule::Loopback);
    }
    let segments = ip.segments();
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) carry an IPv4 address.
    if let Some(v4) = ip.to_ipv4() {
        return classify_v4(v4).or(if segments[5] == 0xffff { None } else { Some(Rule::Reserved) });
    }
    // NAT64 (64:ff9b::/96) carries one in its last 32 bits, 6to4 (2002::/16) in bits 16..48.
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let o = ip.octets();
        return classify_v4(Ipv4Addr::new(o[12], o[13], o[14], o[15]));
    }
    if segments[0] == 0x2002 {
        let o = ip.octets();
        return classify_v4(Ipv4Addr::new(o[2], o[3], o[4], o[5]));
    }
    match segments[0] {
        s if s & 0xfe00 == 0xfc00 => Some(Rule::UniqueLocal),
        s if s & 0xffc0 == 0xfe80 => Some(Rule::LinkLocal),
        s if s & 0xffc0 == 0xfec0 => Some(Rule::Private),
        s if s & 0xff00 == 0xff00 => Some(Rule::Multicast),
        0x2001 if segments[1] == 0x0db8 => Some(Rule::Reserved),
        0x0100 if segments[1..4] == [0, 0, 0] => Some(Rule::Reserved),
        _ => None,
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// `host[:port]` or `[v6][:port]`.
fn split_host_port(authority: &str) -> Option<(&str, Option<u16>)> {
    if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?.parse::<u16>().ok()?),
        };
        return Some((authority.get(..host.len() + 2)?, port));
    }
    match authority.rsplit_once(':') {
        Some((host, "")) => Some((host, None)),
        Some((host, port)) => Some((host, Some(port.parse::<u16>().ok()?))),
        None => Some((authority, None)),
    }
}

/// A host as a URL gives it: `[v6]`, an IPv4 address in any spelling, or a DNS name.
fn parse_host(host: &str) -> Option<Host> {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return inner.parse::<Ipv6Addr>().ok().map(|ip| Host::Ip(IpAddr::V6(ip)));
    }
    let host = host.to_ascii_lowercase();
    let host = host.strip_suffix('.').unwrap_or(&host);
    if host.is_empty() || host.len() > 253 {
        return None;
    }
    if let Some(v4) = parse_ipv4_any_spelling(host)? {
        return Some(Host::Ip(IpAddr::V4(v4)));
    }
    let valid_label = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    host.split('.').all(valid_label).then(|| Host::Name(host.to_owned()))
}

/// An IPv4 address the way the WHATWG URL standard reads hosts (what browsers connect to):
/// `Some(Some(ip))` for an address, `Some(None)` for a name, `None` for a host that looks
/// numeric but is no address (refused rather than sent to a resolver that might read it).
fn parse_ipv4_any_spelling(host: &str) -> Option<Option<Ipv4Addr>> {
    let parts: Vec<&str> = host.split('.').collect();
    let last = parts.last().copied().unwrap_or("");
    let numeric = |p: &str| {
        let hex = p.strip_prefix("0x").is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        hex || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    if !numeric(last) {
        return Some(None);
    }
    if parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let value = if let Some(hex) = part.strip_prefix("0x") {
            if hex.is_empty() { 0 } else { u64::from_str_radix(hex, 16).ok()? }
        } else if part.len() > 1 && part.starts_with('0') {
            u64::from_str_radix(&part[1..], 8).ok()?
        } else {
            part.parse::<u64>().ok()?
        };
        numbers.push(value);
    }
    let (last, head) = numbers.split_last()?;
    if head.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (5 - numbers.len())) {
        return None;
    }
    let mut value = *last;
    for (idx, n) in head.iter().enumerate() {
        value += n << (8 * (3 - idx));
    }
    Some(Some(Ipv4Addr::from(u32::try_from(value).ok()?)))
}

fn parse_allowed(entry: &str) -> Option<Allowed> {
    let entry = entry.trim();
    let (host, port) = split_host_port(entry)?;
    Some(Allowed { host: parse_host(host)?, port })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule_of(url: &str) -> Rule {
        let guard = Guard::default();
        match guard.check_url(url) {
            Err(refusal) => refusal.rule,
            Ok(target) => match target.host {
                Host::Ip(ip) => guard.check_address(url, &target, ip).expect_err("a refused address").rule,
                Host::Name(name) => panic!("{url} is a name ({name}), not an address"),
            },
        }
    }

    #[test]
    fn every_class_of_non_public_address_is_refused_with_its_rule() {
        let cases = [
            ("http://127.0.0.1/", Rule::Loopback),
            ("http://10.1.2.3/", Rule::Private),
            ("http://172.20.0.1/", Rule::Private),
            ("http://192.168.1.1/", Rule::Private),
            ("http://100.64.0.1/", Rule::SharedAddressSpace),
            ("http://169.254.169.254/latest/meta-data/", Rule::LinkLocal),
            ("http://224.0.0.1/", Rule::Multicast),
            ("http://0.0.0.0/", Rule::Unspecified),
            ("http://255.255.255.255/", Rule::Reserved),
            ("http://[::1]/", Rule::Loopback),
            ("http://[::]/", Rule::Unspecified),
            ("http://[fd00::1]/", Rule::UniqueLocal),
            ("http://[fe80::1]/", Rule::LinkLocal),
            ("http://[ff02::1]/", Rule::Multicast),
            ("http://[::ffff:127.0.0.1]/", Rule::Loopback),
            ("http://[::ffff:169.254.169.254]/", Rule::LinkLocal),
            ("http://[::ffff:7f00:1]/", Rule::Loopback),
            ("http://[64:ff9b::a00:1]/", Rule::Private),
            ("http://[2002:7f00:1::]/", Rule::Loopback),
        ];
        for (url, rule) in cases {
            assert_eq!(rule_of(url), rule, "{url}");
        }
    }

    #[test]
    fn decimal_octal_and_hex_spellings_of_an_address_are_read_as_that_address() {
        for url in ["http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://127.1/", "http://0x7f.1/"]
        {
            assert_eq!(rule_of(url), Rule::Loopback, "{url}");
        }
        assert_eq!(rule_of("http://0xa9fea9fe/"), Rule::LinkLocal);
        assert_eq!(rule_of("http://1.2.3.4.5/"), Rule::BadHost);
        assert_eq!(rule_of("http://256.1.1.1/"), Rule::BadHost);
    }

    #[test]
    fn credentials_other_schemes_and_escaped_hosts_are_refused() {
        assert_eq!(rule_of("http://user:pass@tiles.example/"), Rule::Credentials);
        assert_eq!(rule_of("ftp://tiles.example/"), Rule::Scheme);
        assert_eq!(rule_of("file:///etc/passwd"), Rule::Scheme);
        assert_eq!(rule_of("http://%31%32%37.0.0.1/"), Rule::BadHost);
    }

    #[test]
    fn a_public_address_passes_and_an_allowed_host_passes_its_port_only() {
        let guard = Guard::new(&["127.0.0.1:8080".to_owned(), "tiles.local".to_owned()]).expect("valid entries");
        let target = guard.check_url("https://93.184.215.14/x").expect("a valid URL");
        assert!(guard.check_address("u", &target, "93.184.215.14".parse().expect("ip")).is_ok());
        let allowed = guard.check_url("http://127.0.0.1:8080/t").expect("a valid URL");
        assert!(guard.check_address("u", &allowed, "127.0.0.1".parse().expect("ip")).is_ok());
        let other_port = guard.check_url("http://127.0.0.1:8081/t").expect("a valid URL");
        let refusal = guard.check_address("u", &other_port, "127.0.0.1".parse().expect("ip")).expect_err("port");
        assert!(refusal.to_string().contains("\"127.0.0.1:8081\" to network.allow"), "{refusal}");
        let named = guard.check_url("http://TILES.local./t").expect("a valid URL");
        assert!(guard.check_address("u", &named, "10.0.0.2".parse().expect("ip")).is_ok());
    }

    #[test]
    fn an_allow_entry_that_is_not_a_host_is_an_error() {
        let err = Guard::new(&["http://x/".to_owned()]).expect_err("a URL is not a host");
        assert!(err.contains("network.allow"), "{err}");
    }
}

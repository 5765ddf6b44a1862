//! `layer.addXyz`, `layer.addWms` and `layer.addBasemap`: what they add, the access they need
//! (seed 000: URLs need `--yes`, the built-in basemaps do not), and web layers in `.rgis` files.

use rustgis_core::web::WebSource;
use rustgis_core::{Caller, Session};
use serde_json::json;

use crate::common::{TempFolder, run};
use crate::sample;

fn agent(yes: bool) -> Caller {
    Caller::private_agent(yes)
}

#[test]
fn a_basemap_goes_under_the_data_and_credits_its_source() {
    let mut session = sample();
    let outcome =
        session.execute(&agent(false), "layer.addBasemap", json!({"basemap": "osm"})).expect("no --yes needed");
    let layers = &session.project().layers;
    assert_eq!(layers[0].name, "osm");
    let Some(WebSource::Xyz(xyz)) = &layers[0].web else { panic!("a web layer: {:?}", layers[0].web) };
    assert_eq!(xyz.attribution.as_deref(), Some("© OpenStreetMap contributors"));
    assert!(outcome.notices.iter().any(|n| n.contains("© OpenStreetMap contributors")), "{:?}", outcome.notices);
}

#[test]
fn an_unknown_basemap_is_refused_naming_the_ones_there_are() {
    let err = run(&mut sample(), "layer.addBasemap", json!({"basemap": "googlemaps"})).expect_err("unknown");
    assert!(err.to_string().contains("osm, opentopomap, carto-light, carto-dark"), "{err}");
}

#[test]
fn a_tile_url_of_the_callers_choosing_needs_network_access() {
    let mut session = sample();
    let params = json!({"url": "https://tiles.example.org/{z}/{x}/{y}.png"});
    let refusal = session.execute(&agent(false), "layer.addXyz", params.clone()).expect_err("no --yes");
    assert!(refusal.to_string().contains("network"), "{refusal}");
    session.execute(&agent(true), "layer.addXyz", params).expect("with --yes");
    assert!(session.project().layers[0].is_web());
}

#[test]
fn a_wms_layer_needs_network_access_and_a_layer_name() {
    let mut session = sample();
    let params = json!({"url": "https://wms.example.org/wms", "layers": "relief"});
    assert!(session.execute(&agent(false), "layer.addWms", params.clone()).is_err());
    session.execute(&agent(true), "layer.addWms", params).expect("with --yes");
    let err = session
        .execute(&agent(true), "layer.addWms", json!({"url": "https://wms.example.org/wms", "wms_layers": " "}))
        .expect_err("no layers");
    assert!(err.to_string().contains("GetCapabilities"), "{err}");
}

#[test]
fn a_web_layer_refuses_commands_that_need_features() {
    let mut session = sample();
    run(&mut session, "layer.addBasemap", json!({"basemap": "carto-light"})).expect("added");
    let err = run(&mut session, "table.read", json!({"layer": "carto-light"})).expect_err("no features");
    assert!(err.to_string().contains("web layer"), "{err}");
}

#[test]
fn web_layers_are_saved_in_the_project_and_read_back() {
    let folder = TempFolder::new("web", "roundtrip");
    let mut session = sample();
    run(&mut session, "layer.addBasemap", json!({"basemap": "osm"})).expect("added");
    let template = json!({"url": "https://{s}.t.example/{z}/{x}/{-y}.png", "name": "tms", "subdomains": ["x", "y"],
        "max_zoom": 12, "attribution": "© Example"});
    run(&mut session, "layer.addXyz", template).expect("added");
    let wms = json!({"url": "https://wms.example.org/wms", "layers": "a,b", "version": "1.1.1", "crs": "EPSG:4326"});
    run(&mut session, "layer.addWms", wms).expect("added");
    let path = folder.join("web.rgis");
    run(&mut session, "project.save", json!({"path": path})).expect("saved");
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": path})).expect("read back");
    for name in ["osm", "tms", "wms"] {
        let before = session.project().layer(name).expect("saved").web.clone();
        assert_eq!(reopened.project().layer(name).expect("read").web, before, "{name}");
    }
}

#[test]
fn a_project_file_with_a_web_layer_of_another_scheme_is_refused_naming_the_layer() {
    let folder = TempFolder::new("web", "bad-scheme");
    let path = folder.join("bad.rgis");
    let project = json!({"format": "rustgis-project", "version": 1, "name": "p", "layers": [
        {"name": "tiles", "source": {"type": "web", "service": "xyz", "url": "file:///etc/{z}/{x}/{y}"}}]});
    std::fs::write(&path, project.to_string()).expect("written");
    let err = run(&mut Session::new(), "project.open", json!({"path": path})).expect_err("refused");
    assert!(err.to_string().contains("tiles") && err.to_string().contains("http"), "{err:#}");
}

/// A renderer that writes fixed bytes for vector output and pages (it draws no tiles).
struct VectorOnly;

impl rustgis_core::MapRenderer for VectorOnly {
    fn render(
        &self,
        _project: &rustgis_core::Project,
        _request: &rustgis_core::RenderRequest,
    ) -> rustgis_core::Result<rustgis_core::RenderedImage> {
        Err(rustgis_core::Error::Failed("no PNG here".to_owned()))
    }

    fn render_vector(
        &self,
        _project: &rustgis_core::Project,
        _request: &rustgis_core::RenderRequest,
        _format: rustgis_core::VectorFormat,
    ) -> rustgis_core::Result<Vec<u8>> {
        Ok(b"<svg/>".to_vec())
    }
}

#[test]
fn an_svg_export_names_the_web_layers_it_leaves_out() {
    let mut session = sample();
    session.set_renderer(std::sync::Arc::new(VectorOnly));
    run(&mut session, "layer.addBasemap", json!({"basemap": "osm"})).expect("added");
    let folder = TempFolder::new("web", "svg-export");
    let path = folder.path().join("map.svg");
    let outcome =
        session.execute(&Caller::user(), "map.export", json!({"path": path, "format": "svg"})).expect("exported");
    assert!(outcome.notices.iter().any(|n| n.contains("leaves out the web layer 'osm'")), "{:?}", outcome.notices);
    run(&mut session, "layer.setVisible", json!({"layer": "osm", "visible": false})).expect("hidden");
    let outcome = session
        .execute(&Caller::user(), "map.export", json!({"path": path, "format": "svg", "overwrite": true}))
        .expect("exported");
    assert!(!outcome.notices.iter().any(|n| n.contains("web layer")), "a hidden layer is not missed");
}

/// A fetcher whose guard refuses `127.0.0.1:8080` (as the relay's does for loopback hosts not
/// in `network.allow`) until a person's yes lets it through.
#[derive(Debug, Default)]
struct GuardedFetch {
    allowed: parking_lot::Mutex<Vec<String>>,
}

impl rustgis_core::web::WebFetch for GuardedFetch {
    fn fetch(&self, urls: &[String], _deadline: std::time::Instant) -> Vec<rustgis_core::web::FetchResult> {
        urls.iter().map(|url| Err(format!("{url}: no network in this test"))).collect()
    }

    fn check_host(&self, url: &str) -> Result<(), rustgis_core::web::HostRefused> {
        let local = url.starts_with("http://127.0.0.1:8080/");
        if !local || self.allowed.lock().iter().any(|h| h == "127.0.0.1:8080") {
            return Ok(());
        }
        Err(rustgis_core::web::HostRefused {
            host_port: "127.0.0.1:8080".to_owned(),
            reason: "127.0.0.1 is a loopback address (this computer)".to_owned(),
            message: format!(
                "refused {url}: 127.0.0.1 is a loopback address (this computer) (rule: loopback); to allow it, add \"127.0.0.1:8080\" to network.allow"
            ),
        })
    }

    fn allow_host(&self, host_port: &str) -> bool {
        self.allowed.lock().push(host_port.to_owned());
        true
    }
}

/// The sample, drawn by a renderer whose fetcher is `fetch`.
fn guarded(fetch: &std::sync::Arc<GuardedFetch>) -> Session {
    let mut session = sample();
    let web = rustgis_core::web::WebFetcher(fetch.clone());
    session.set_renderer(std::sync::Arc::new(Stub(web)));
    session
}

/// A renderer that draws nothing and hands out its fetcher.
struct Stub(rustgis_core::web::WebFetcher);

impl rustgis_core::MapRenderer for Stub {
    fn render(
        &self,
        _project: &rustgis_core::Project,
        _request: &rustgis_core::RenderRequest,
    ) -> rustgis_core::Result<rustgis_core::RenderedImage> {
        Err(rustgis_core::Error::Failed("this test draws nothing".to_owned()))
    }

    fn web(&self) -> Option<rustgis_core::web::WebFetcher> {
        Some(self.0.clone())
    }
}

const LOCAL_TILES: &str = "http://127.0.0.1:8080/{z}/{x}/{y}.png";

#[test]
fn an_agents_web_layer_on_a_host_the_guard_refuses_is_refused_with_a_question_and_not_added() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut session = guarded(&fetch);
    let before = session.project().layers.len();
    let err = session.execute(&agent(true), "layer.addXyz", json!({"url": LOCAL_TILES})).expect_err("refused");
    let rustgis_core::Error::Refused(refusal) = &err else { panic!("a refusal: {err:?}") };
    assert_eq!(refusal.rule, rustgis_core::RefusalRule::NetworkHost);
    assert!(err.to_string().contains("network.allow") && err.to_string().contains("loopback"), "{err}");
    let def = rustgis_core::Registry::global().get("layer.addXyz").expect("the command");
    let ask = err.ask("layer.addXyz", &def.access).expect("a person may be asked");
    assert_eq!(ask.grant, rustgis_core::OneTimeGrant::Host { host_port: "127.0.0.1:8080".to_owned() });
    assert!(ask.question.contains("127.0.0.1:8080") && ask.question.contains("loopback"), "{}", ask.question);
    assert_eq!(session.project().layers.len(), before, "nothing added");
    assert!(fetch.allowed.lock().is_empty(), "nothing let through");
}

#[test]
fn a_yes_to_the_host_adds_the_layer_and_lets_only_that_host_through() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut session = guarded(&fetch);
    let other = rustgis_core::OneTimeGrant::Host { host_port: "10.0.0.1:80".to_owned() };
    let refused = session.execute(&agent(true).with_grant(other), "layer.addXyz", json!({"url": LOCAL_TILES}));
    assert!(refused.is_err(), "a yes to another host does not cover this one");
    let host = rustgis_core::OneTimeGrant::Host { host_port: "127.0.0.1:8080".to_owned() };
    session.execute(&agent(true).with_grant(host), "layer.addXyz", json!({"url": LOCAL_TILES})).expect("allowed");
    assert!(session.project().layers[0].is_web());
    assert_eq!(*fetch.allowed.lock(), ["127.0.0.1:8080"]);
    let wms = json!({"url": "http://127.0.0.1:8080/wms", "wms_layers": "relief", "name": "wms2"});
    session.execute(&agent(true), "layer.addWms", wms).expect("the host is let through while the fetcher lives");
}

#[test]
fn the_users_own_web_layer_is_not_refused_when_added() {
    let fetch = std::sync::Arc::new(GuardedFetch::default());
    let mut session = guarded(&fetch);
    session.execute(&Caller::user(), "layer.addXyz", json!({"url": LOCAL_TILES})).expect("the user's own");
    assert!(fetch.allowed.lock().is_empty(), "nothing let through: its tiles are refused, and named, when drawn");
}

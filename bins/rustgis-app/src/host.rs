//! The app's host: the user's session and the relay's host code ([`RelayControl`]) with the
//! app's settings on top. It adds a window's needs (screen snapshots, the status bar, the
//! remembered choice) and nothing of its own to the relay's rules.

use std::path::PathBuf;
use std::sync::Arc;

use rustgis_core::{Actor, Caller, JobInfo, Outcome, RunId, Session, StepInfo};
use rustgis_relay::{
    BridgeConfig, BridgeRun, FileBridge, HttpConfig, MCP_RELAY_COMMAND, Relay, RelayConfig, RelayControl, ScreenRequest,
};
use serde_json::{Value as Json, json};

use crate::connect::ConnectInfo;
use crate::error::{Error, Result};
use crate::folders::Folders;
use crate::passwords::{AppDatabase, SessionPasswords};
use crate::settings::{PostgisConnection, Settings};
use crate::status::RelayStatus;
use rustgis_core::web::WebFetcher;

/// How the host starts relays; tests take any free port.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// The relay's port (`None`: `RUSTGIS_MCP_PORT`, else 8767).
    pub port: Option<u16>,
    /// MCP over HTTP's port (`None`: `RUSTGIS_MCP_HTTP_PORT`, else 8768).
    pub http_port: Option<u16>,
    /// The `rustgis-cli` agents run, for the copyable commands.
    pub cli: PathBuf,
    /// The relay's limits (`None`: the documented ones; tests shorten them).
    pub limits: Option<rustgis_relay::Limits>,
    /// The port variables, for the ports left to them (the environment's by default).
    pub port_vars: PortVars,
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions {
            port: None,
            http_port: None,
            cli: ConnectInfo::default_cli(),
            limits: None,
            port_vars: PortVars::from_env(),
        }
    }
}

/// `RUSTGIS_MCP_PORT` and `RUSTGIS_MCP_HTTP_PORT` as read (`None`: unset). A value that is not a
/// port is an error the app shows, never a quiet 8767 or 8768.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PortVars {
    /// `RUSTGIS_MCP_PORT`.
    pub port: Option<String>,
    /// `RUSTGIS_MCP_HTTP_PORT`.
    pub http_port: Option<String>,
}

impl PortVars {
    /// The variables as the process has them.
    pub fn from_env() -> PortVars {
        let read = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        PortVars { port: read(rustgis_relay::PORT_VAR), http_port: read(rustgis_relay::HTTP_PORT_VAR) }
    }
}

/// The user's session, the relay control, the settings and what the window must do next.
pub struct AppHost {
    session: Session,
    control: RelayControl,
    folders: Folders,
    settings: Settings,
    options: HostOptions,
    agents_on: bool,
    agents_error: Option<String>,
    settings_error: Option<String>,
    screen: Option<ScreenRequest>,
    revision: u64,
    saved_revision: u64,
    last_bridge_run: Option<BridgeRun>,
    /// The network client behind the guard that fetches web layers' tiles.
    web: WebFetcher,
    /// Whether the session's renderer is the one this host installed (and replaces when
    /// `network.allow` changes).
    own_renderer: bool,
    /// Jobs that ended since the status bar last said so.
    jobs_ended: Vec<JobInfo>,
    /// The ended jobs already put in `jobs_ended`, whichever call committed them (a frame, or a
    /// command run meanwhile, which commits ended jobs first).
    jobs_reported: std::collections::BTreeSet<u64>,
    /// Passwords typed for PostGIS connections this session, which the database access this
    /// host installs adds as it connects (with a session that came with a renderer, whoever
    /// installed the database access decides, and typed passwords are not used).
    passwords: SessionPasswords,
    /// The names agents' MCP clients gave (`claude-code`), by relay run and agent number, kept
    /// after their connection or the relay ended, for the History pane.
    agent_names: std::collections::HashMap<(RunId, u32), String>,
}

impl std::fmt::Debug for AppHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppHost")
            .field("session", &self.session)
            .field("control", &self.control)
            .field("agents_on", &self.agents_on)
            .finish_non_exhaustive()
    }
}

impl AppHost {
    /// A host for `session` keeping its files in `folders`. When Let your Agents Control
    /// RustGIS was left ticked, agents start now; a failed launch clears the setting and the
    /// error is kept for the window to show ([`AppHost::agents_error`]).
    pub fn new(mut session: Session, folders: Folders, options: HostOptions) -> AppHost {
        // Web layers' tiles come through the network guard, network.allow from the app's
        // settings.json, cached in the app's cache folder: for agents' maps and the canvas alike.
        let web = rustgis_relay::net::host_fetcher(Some(&folders.settings), Some(&folders.cache));
        let own_renderer = session.renderer().is_none();
        let passwords = SessionPasswords::default();
        if own_renderer {
            session.set_renderer(Arc::new(rustgis_render::Renderer::with_web(web.clone())));
            session.set_vector_provider(Arc::new(AppDatabase::new(
                Arc::new(rustgis_relay::PostgisProvider),
                passwords.clone(),
            )));
        }
        // The app's host command (`ui.mcpRelay`) beside RustGIS's: agents can describe it.
        // A catalogue with plugins (`rustgis_relay::load_plugins`) already holds it.
        if session.registry().get(rustgis_relay::MCP_RELAY_COMMAND).is_none() {
            session.set_registry(rustgis_relay::app_registry());
        }
        let (settings, settings_error) = match Settings::load(&folders.settings) {
            Ok(settings) => (settings, None),
            Err(e) => (Settings::default(), Some(error_text(&e))),
        };
        let control = relay_control(&folders, &options);
        // A port variable that is not a port is said at once (the status bar shows it), and again
        // by every start that needs it.
        let config_error = control.port_error().map(|e| format!("the relay cannot start: {e}"));
        let mut host = AppHost {
            session,
            control,
            folders,
            settings,
            options,
            agents_on: false,
            agents_error: config_error,
            settings_error,
            screen: None,
            revision: 1,
            saved_revision: 1,
            last_bridge_run: None,
            web,
            own_renderer,
            jobs_ended: Vec::new(),
            jobs_reported: std::collections::BTreeSet::new(),
            passwords,
            agent_names: std::collections::HashMap::new(),
        };
        if host.settings.agents_on
            && let Err(e) = host.set_agents(true)
        {
            tracing::warn!("agents did not start at launch: {e}");
        }
        host
    }

    /// The session (read only: every change goes through [`AppHost::execute`] or the relay).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The folders the app uses.
    pub fn folders(&self) -> &Folders {
        &self.folders
    }

    /// The web fetcher (behind the network guard) the canvas and the session's renderer use.
    pub fn web_fetcher(&self) -> WebFetcher {
        self.web.clone()
    }

    /// Sets `network.allow` (hosts the network guard lets through although their addresses are
    /// not public), saves it in the settings and fetches with it from now on. An entry that is
    /// not a host or host:port is refused, naming it, and nothing changes.
    pub fn set_network_allow(&mut self, allow: Vec<String>) -> std::result::Result<(), String> {
        let allow: Vec<String> = allow.into_iter().map(|a| a.trim().to_owned()).filter(|a| !a.is_empty()).collect();
        rustgis_relay::net::Guard::new(&allow)?;
        self.settings.network.allow = allow;
        self.save_settings();
        if let Some(error) = &self.settings_error {
            return Err(error.clone());
        }
        let granted = self.web.hosts_allowed_by_yes();
        self.web = rustgis_relay::net::host_fetcher(Some(&self.folders.settings), Some(&self.folders.cache));
        // The hosts the user let an agent's web layer fetch from stay let through.
        for host_port in granted {
            self.web.allow_host(&host_port);
        }
        if self.own_renderer {
            self.session.set_renderer(Arc::new(rustgis_render::Renderer::with_web(self.web.clone())));
        }
        Ok(())
    }

    /// The remembered settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Remembers the connection the Add PostGIS Layer dialog last added a layer from (it holds
    /// no password).
    pub fn remember_postgis(&mut self, connection: PostgisConnection) {
        if self.settings.postgis != connection {
            self.settings.postgis = connection;
            self.save_settings();
        }
    }

    /// The passwords typed for PostGIS connections this session.
    pub fn postgis_passwords(&self) -> &SessionPasswords {
        &self.passwords
    }

    /// Why the settings could not be read or saved, if so.
    pub fn settings_error(&self) -> Option<&str> {
        self.settings_error.as_deref()
    }

    /// Bumps every time the project may have changed; the map redraws when it moves.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the project changed since it was opened or saved.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision && !self.session.history().is_empty()
    }

    /// Installs the wake hook (the window's `request_repaint`) on the relay and the bridge,
    /// now and for later ones.
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
        let for_jobs = wake.clone();
        // A job that ends wakes the window, whose frame commits it.
        self.session.set_job_waker(Arc::new(move || for_jobs()));
        self.control.set_wake(move || wake());
    }

    /// Starts a command as a job of the user's (see `job.status`): it runs on its own thread
    /// while the window goes on, and its result is one undo step when it ends.
    pub fn start_job(&mut self, id: &str, params: Json) -> Result<u64> {
        self.session
            .start_job(&Caller::user(), id, params)
            .map_err(|source| Error::Command { command: id.to_owned(), source })
    }

    /// The jobs that have not ended (pending, running, cancelling), oldest first.
    pub fn unfinished_jobs(&self) -> Vec<JobInfo> {
        self.session.jobs().into_iter().filter(|j| !j.state.is_finished()).collect()
    }

    /// Cancels a job (the user may cancel anyone's).
    pub fn cancel_job(&mut self, id: u64) -> Result<JobInfo> {
        self.session
            .cancel_job(&Caller::user(), id)
            .map_err(|source| Error::Command { command: "job.cancel".to_owned(), source })
    }

    /// The jobs that ended since the last call, for the status bar to say so.
    pub fn take_ended_jobs(&mut self) -> Vec<JobInfo> {
        std::mem::take(&mut self.jobs_ended)
    }

    /// Job `id` if it ended since the status bar last said so, taken out so that its starter
    /// (a dialog) says how it ended instead.
    pub fn take_ended_job(&mut self, id: u64) -> Option<JobInfo> {
        let at = self.jobs_ended.iter().position(|j| j.id == id)?;
        Some(self.jobs_ended.remove(at))
    }

    /// Commits the jobs that ended and notes each one that ended since the last call, however it
    /// was committed (here, or by a command run meanwhile); a job whose result changed the
    /// project redraws the map.
    fn collect_ended_jobs(&mut self) {
        self.session.poll_jobs();
        let jobs = self.session.jobs();
        for job in jobs.iter().filter(|j| j.state.is_finished()) {
            if self.jobs_reported.insert(job.id) {
                if job.undo_step.is_some() {
                    self.revision += 1;
                }
                self.jobs_ended.push(job.clone());
            }
        }
        self.jobs_reported.retain(|id| jobs.iter().any(|j| j.id == *id));
    }

    /// Whether Let your Agents Control RustGIS is on this session.
    pub fn agents_on(&self) -> bool {
        self.agents_on
    }

    /// Why agents (or the relay) could not start, for the settings to show.
    pub fn agents_error(&self) -> Option<&str> {
        self.agents_error.as_deref()
    }

    /// Ticks or unticks Let your Agents Control RustGIS: on starts the relay with MCP over HTTP
    /// and the file bridge and lets agents attached with the relay's own token use files and
    /// the network; off stops them, disconnects clients and turns Full access off. The choice is
    /// remembered; a failed start clears it and returns the error.
    pub fn set_agents(&mut self, on: bool) -> Result<Json> {
        if !on {
            self.stop_agents();
            self.remember_agents(false);
            return Ok(json!({ "running": false }));
        }
        self.agents_error = None;
        self.control.set_allow_access(true);
        self.set_http();
        let bridge = BridgeConfig {
            private_dir: Some(self.folders.private.clone()),
            app_data_dir: Some(self.folders.data.clone()),
            ..BridgeConfig::default()
        };
        match self.control.start_agents(Some(bridge)) {
            Ok(report) => {
                self.agents_on = true;
                if let Some(error) = &report.relay_error {
                    self.agents_error = Some(format!("the relay did not start: {error}"));
                } else if let Some(error) = report.relay.as_ref().and_then(|r| r.http_error.as_ref()) {
                    self.agents_error = Some(format!("MCP over HTTP did not start: {error}"));
                }
                self.remember_agents(true);
                Ok(report.to_json())
            }
            Err(e) => {
                self.stop_agents();
                self.remember_agents(false);
                self.agents_error = Some(format!("agents could not start: {e}"));
                Err(Error::Agents(e))
            }
        }
    }

    /// Whether Full access is on (this session only).
    pub fn full_access(&self) -> bool {
        self.relay().is_some_and(Relay::full_access) || self.control.bridge().is_some_and(FileBridge::full_access)
    }

    /// Full access for agents attached with the relay's own token and for bridge scripts. Only
    /// while agents are on; never remembered.
    pub fn set_full_access(&mut self, on: bool) {
        self.control.set_full_access(on && self.agents_on);
    }

    /// The MCP Relay command (Help menu, Command Search, `--relay`): starts the relay without
    /// remembering it; attached agents then have the access their `--yes` asks for.
    pub fn start_relay(&mut self) -> Result<Json> {
        self.run_host_command(MCP_RELAY_COMMAND, Json::Null)
    }

    /// Stops the relay from its command or the status bar; this also turns off the remembered
    /// choice, and with it the file bridge and Full access.
    pub fn stop_relay(&mut self) {
        self.stop_agents();
        self.remember_agents(false);
    }

    /// Runs a host command (`ui.mcpRelay {port?, stop?}`) as the relay's rules say.
    pub fn run_host_command(&mut self, id: &str, params: Json) -> Result<Json> {
        debug_assert_eq!(id, MCP_RELAY_COMMAND);
        if params.get("stop").and_then(Json::as_bool) == Some(true) {
            let was_running = self.relay().is_some();
            self.stop_relay();
            return Ok(json!({ "running": false, "stopped": was_running }));
        }
        let result = self.control.mcp_relay(&params).map_err(Error::Agents);
        if let Err(e) = &result {
            self.agents_error = Some(format!("the relay did not start: {}", error_text(e)));
        }
        result
    }

    /// The running relay.
    pub fn relay(&self) -> Option<&Relay> {
        self.control.relay()
    }

    /// The running file bridge.
    pub fn bridge(&self) -> Option<&FileBridge> {
        self.control.bridge()
    }

    /// What the agent-connection section shows, while the relay runs.
    pub fn connect_info(&self) -> Option<ConnectInfo> {
        let port = self.relay()?.addr().port();
        Some(ConnectInfo {
            cli: self.options.cli.clone(),
            port,
            bridge_dir: self.bridge().map(|b| b.dir().to_path_buf()),
        })
    }

    /// The status bar's view of agents.
    pub fn relay_status(&self) -> RelayStatus {
        let relay = self.relay();
        RelayStatus {
            running: relay.is_some(),
            bridge: self.bridge().is_some(),
            attached: relay.map_or(0, Relay::attached_count),
            full_access: self.full_access(),
            last_call: relay.and_then(Relay::last_call),
            last_bridge_run: self.last_bridge_run.clone(),
            http_expire_in: relay.and_then(Relay::http_clients_expire_in),
        }
    }

    /// Runs one frame for agents: the queued relay calls and the bridge's settled script, on the
    /// session. Call it once per frame the window draws (a window that draws nothing for 10 s is
    /// busy to agents). Returns whether a screen snapshot is wanted; the window then takes it
    /// and calls [`AppHost::answer_screen`], and nothing else runs meanwhile.
    pub fn frame(&mut self) -> bool {
        if self.screen.is_some() {
            return true;
        }
        self.collect_ended_jobs();
        self.note_agent_names();
        let frame = self.control.run_frame(&mut self.session);
        if frame.relay.ran > 0 {
            self.revision += 1;
        }
        if let Some(run) = frame.bridge {
            self.revision += 1;
            self.last_bridge_run = Some(run);
        }
        self.screen = frame.relay.screen;
        self.screen.is_some()
    }

    /// Whether a screen snapshot waits for the window.
    pub fn screen_wanted(&self) -> bool {
        self.screen.is_some()
    }

    /// Takes the waiting screen snapshot request, to answer when the window's picture arrives.
    pub fn take_screen_request(&mut self) -> Option<ScreenRequest> {
        self.screen.take()
    }

    /// Runs a command as the user (one undo step named `user`).
    pub fn execute(&mut self, id: &str, params: Json) -> Result<Outcome> {
        let outcome = self
            .session
            .execute(&Caller::user(), id, params)
            .map_err(|source| Error::Command { command: id.to_owned(), source })?;
        // Reading (the attribute table, identify) changes nothing: the map is not redrawn.
        if outcome.changed || id.starts_with("project.") {
            self.revision += 1;
        }
        // Attached agents following the project's state hear of the user's change now, not at
        // the next frame (which may be a while: the app draws nothing while idle).
        self.control.publish_state(&self.session);
        if id == "project.save" || id == "project.open" {
            self.saved_revision = self.revision;
            if let Some(path) = self.session.project_path().map(std::path::Path::to_path_buf) {
                self.settings.note_recent(&path);
                self.save_settings();
            }
        }
        Ok(outcome)
    }

    /// Opens a crash-recovery copy as the user's project (one undo step); it has no file of the
    /// user's yet, so saving asks where.
    pub fn open_recovered(&mut self, path: &std::path::Path) -> Result<Outcome> {
        let outcome = self
            .session
            .execute(&Caller::user(), "project.open", json!({ "path": path }))
            .map_err(|source| Error::Command { command: "project.open".to_owned(), source })?;
        self.session.set_project_path(None);
        self.revision += 1;
        self.control.publish_state(&self.session);
        Ok(outcome)
    }

    /// The project after `commands` as the user, without running them (the style dialog's live
    /// preview): see [`Session::preview`].
    pub fn preview(&self, commands: &[(&str, Json)]) -> Result<rustgis_core::Project> {
        self.session.preview(&Caller::user(), commands).map_err(|source| Error::Command {
            command: commands.first().map_or_else(String::new, |(id, _)| (*id).to_owned()),
            source,
        })
    }

    /// Makes a layer the user's active layer (the Layers pane); agents keep their own.
    pub fn select_layer(&mut self, name: &str) -> Result<()> {
        let id = self
            .session
            .project()
            .require(name)
            .map(|l| l.id)
            .map_err(|source| Error::Command { command: "layer.select".to_owned(), source })?;
        self.session.set_active_layer(rustgis_core::Actor::User, id);
        Ok(())
    }

    /// The user's active layer's name.
    pub fn active_layer(&self) -> Option<&str> {
        self.session.active_layer(rustgis_core::Actor::User).map(|l| l.name.as_str())
    }

    /// The undo history, oldest first, with each step's actor.
    pub fn history(&self) -> Vec<StepInfo> {
        self.session.history()
    }

    /// Who a step is, as the History pane names it: `you`, `agent 1 (claude-code)` (the name its
    /// MCP client gave, when it gave one), `file bridge`.
    pub fn actor_label(&self, who: &Actor) -> String {
        match who {
            Actor::User => "you".to_owned(),
            Actor::Agent { run, n } => match self.agent_names.get(&(*run, *n)) {
                Some(client) => format!("agent {n} ({client})"),
                None => who.to_string(),
            },
            other => other.to_string(),
        }
    }

    /// Keeps the names the running relay's agents gave, for [`AppHost::actor_label`].
    fn note_agent_names(&mut self) {
        let Some(relay) = self.control.relay() else { return };
        let run = relay.run_id();
        for (n, client) in relay.agent_clients() {
            self.agent_names.insert((run, n), client);
        }
    }

    /// Marks the project saved (after the window wrote it).
    pub fn mark_saved(&mut self) {
        self.saved_revision = self.revision;
    }

    /// Stops everything agents use; called when the window closes.
    pub fn shutdown(&mut self) {
        self.stop_agents();
    }

    fn stop_agents(&mut self) {
        self.screen = None;
        self.control.set_full_access(false);
        self.control.set_allow_access(false);
        if let Err(e) = self.control.mcp_relay(&json!({ "stop": true })) {
            tracing::warn!("cannot stop the relay: {e}");
        }
        self.control.stop_bridge();
        self.control.set_http(None);
        self.agents_on = false;
    }

    fn remember_agents(&mut self, on: bool) {
        if self.settings.agents_on != on {
            self.settings.agents_on = on;
            self.save_settings();
        }
    }

    fn save_settings(&mut self) {
        self.settings_error = self.settings.save(&self.folders.settings).err().map(|e| error_text(&e));
    }

    /// MCP over HTTP beside the relay, on its port or the one `RUSTGIS_MCP_HTTP_PORT` names (a
    /// value that is not a port keeps HTTP off, and the settings say why).
    fn set_http(&mut self) {
        let settings = self.folders.settings.clone();
        match self.options.http_port {
            Some(port) => {
                let mut http = HttpConfig::new(port);
                http.settings_dir = Some(settings);
                self.control.set_http(Some(http));
            }
            None => self.control.set_http_from_port_var(self.options.port_vars.http_port.as_deref(), |http| {
                http.settings_dir = Some(settings);
            }),
        }
    }
}

impl Drop for AppHost {
    /// Closing the app stops agents: the token, endpoint.json and bridge-ready.json go.
    fn drop(&mut self) {
        self.stop_agents();
    }
}

/// The relay control for the app: a window that takes screen snapshots, the app's folders, on
/// the options' port or `RUSTGIS_MCP_PORT`'s. A variable that is not a port is kept as the
/// control's error ([`RelayControl::port_error`]): starting without a port fails with it, never
/// on a quiet 8767.
fn relay_control(folders: &Folders, options: &HostOptions) -> RelayControl {
    let mut config = RelayConfig::new(options.port.unwrap_or(rustgis_relay::DEFAULT_PORT));
    if let Some(limits) = &options.limits {
        config.limits = limits.clone();
    }
    config.screen = true;
    config.private_dir = Some(folders.private.clone());
    config.app_data_dir = Some(folders.data.clone());
    match options.port {
        Some(_) => RelayControl::new(config),
        None => RelayControl::with_port_var(config, options.port_vars.port.as_deref()),
    }
}

/// An error and its causes, as `{:#}` prints them.
pub fn error_text(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod network_tests {
    use std::time::{Duration, Instant};

    use rustgis_core::Session;

    use super::{AppHost, HostOptions};
    use crate::folders::Folders;

    fn fetch_error(host: &AppHost, url: &str) -> String {
        let results = host.web_fetcher().fetch(&[url.to_owned()], Instant::now() + Duration::from_secs(5));
        results.into_iter().next().expect("one result").expect_err("nothing listens there")
    }

    #[test]
    fn allowed_hosts_set_in_the_app_are_saved_and_let_through_the_guard_at_once() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let mut host = AppHost::new(Session::new(), Folders::inside(root.path()), HostOptions::default());
        // Port 9 (discard) on loopback: the guard refuses it until it is allowed.
        let url = "http://127.0.0.1:9/tile.png";
        assert!(fetch_error(&host, url).contains("rule: loopback"));
        host.set_network_allow(vec!["127.0.0.1:9".to_owned(), " ".to_owned()]).expect("a host:port");
        assert!(!fetch_error(&host, url).contains("rule: loopback"), "allowed now: only the connection fails");
        assert_eq!(rustgis_relay::net::read_allow(&host.folders().settings), ["127.0.0.1:9"]);
    }

    #[test]
    fn an_allowed_host_that_is_not_a_host_is_refused_and_nothing_changes() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let mut host = AppHost::new(Session::new(), Folders::inside(root.path()), HostOptions::default());
        let err = host.set_network_allow(vec!["http://tiles.local/".to_owned()]).expect_err("a URL");
        assert!(err.contains("network.allow") && err.contains("host:port"), "{err}");
        assert!(host.settings().network.allow.is_empty());
    }
}

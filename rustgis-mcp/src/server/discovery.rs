//! The server's prompts, resource templates and completions: each answer that depends on the
//! project is worked out on the session (after the calls queued before it), as a tool call's is.

use std::sync::Arc;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolResult, CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResult, Resource,
    ResourceContents,
};
use rustgis_core::{Caller, Session};
use serde_json::Value as Json;

use super::GisServer;
use crate::host::{CallInfo, HostError, Job};
use crate::templates::{self, Target};
use crate::{completions, present, prompts};

/// A host's error as the client receives it.
fn host_error(e: HostError) -> McpError {
    McpError::new(rmcp::model::ErrorCode(e.code), e.message, None)
}

impl GisServer {
    /// Runs `work` on the session, after every call queued before it, as `what` (the method).
    pub(super) async fn on_session<T: Send + 'static>(
        &self,
        what: &str,
        work: impl FnOnce(&mut Session, &Caller) -> T + Send + 'static,
    ) -> Result<T, McpError> {
        let slot = Arc::new(parking_lot::Mutex::new(None));
        let out = slot.clone();
        let job: Job = Box::new(move |session, caller| {
            *out.lock() = Some(work(session, caller));
            CallToolResult::success(Vec::new())
        });
        self.host.run(CallInfo { tool: what.to_owned(), args: Json::Null }, job).await.map_err(host_error)?;
        let done = slot.lock().take();
        done.ok_or_else(|| McpError::internal_error(format!("{what}: the session did not answer"), None))
    }

    /// `prompts/get`: the prompt's recipe for the project as it is.
    pub(super) async fn prompt(&self, request: GetPromptRequestParams) -> Result<GetPromptResult, McpError> {
        self.on_session("prompts/get", move |session, caller| {
            prompts::get(session, caller, &request.name, request.arguments.as_ref())
        })
        .await?
    }

    /// `completion/complete`.
    pub(super) async fn completion(&self, request: CompleteRequestParams) -> Result<CompleteResult, McpError> {
        let wanted = completions::wanted(&request)?;
        let typed = request.argument.value.clone();
        let outputs: Vec<String> = self
            .linked
            .latest()
            .iter()
            .filter_map(|path| Some(path.file_name()?.to_string_lossy().into_owned()))
            .collect();
        let candidates = if wanted.needs_session() {
            let typed = typed.clone();
            self.on_session("completion/complete", move |session, _| {
                completions::candidates(&wanted, Some(session), &outputs, &typed)
            })
            .await?
        } else {
            completions::candidates(&wanted, None, &outputs, &typed)
        };
        Ok(CompleteResult::new(completions::ranked(candidates, &typed)))
    }

    /// `resources/read` of a template's URI.
    pub(super) async fn read_template(&self, uri: &str, target: Target) -> Result<ResourceContents, McpError> {
        if let Target::Output(name) = &target {
            let path = self.linked.named(name).ok_or_else(|| {
                let names: Vec<String> = self
                    .linked
                    .latest()
                    .iter()
                    .filter_map(|p| Some(format!("{:?}", p.file_name()?.to_string_lossy())))
                    .collect();
                let listed = if names.is_empty() {
                    "this session has written none yet".to_owned()
                } else {
                    format!("the files it wrote are {}", names.join(", "))
                };
                templates::not_found(uri, format!("{name:?} is not a file this session wrote; {listed}"))
            })?;
            return self.read_linked_file(uri, &path);
        }
        let uri = uri.to_owned();
        self.on_session("resources/read", move |session, caller| templates::read(session, caller, &uri, &target))
            .await?
    }

    /// The files this session wrote, as `rustgis://outputs/…` resources, the latest first.
    pub(super) fn output_resources(&self) -> Vec<Resource> {
        self.linked
            .latest()
            .iter()
            .filter_map(|path| {
                let name = path.file_name()?.to_string_lossy().into_owned();
                let mut resource = Resource::new(templates::output_uri(&name), name)
                    .with_description(format!("written to {}", path.display()))
                    .with_mime_type(present::mime_of(path));
                if let Ok(metadata) = std::fs::metadata(path) {
                    resource = resource.with_size(metadata.len());
                }
                Some(resource)
            })
            .collect()
    }
}

//! Asking the human instead of refusing: MCP elicitation (`elicitation/create`, form mode) for
//! a refusal core says a yes could lift ([`rustgis_core::Ask`]: replacing a file that exists, a
//! file outside the roots, a web layer on a host the network guard refuses), and for a layer name that does not exist but differs only in case
//! from one or more that do (which one was meant: the call runs again naming it).
//!
//! The refusal policy stays the authority: the question and the grant come from the session's
//! error, never from the client, and only an explicit accept with `allow: true` runs the call
//! again, once, with a grant that covers that one file (or lets that one host through the
//! guard while the server runs). A decline or a cancel changes nothing.
//! A client on protocol 2026-07-28 (which forbids server-to-client requests) is asked the same
//! question as a multi-round-trip input request: the call answers `input_required` with the
//! form and an opaque `requestState`, and the client's retry carries the answer. That works over
//! stateless HTTP too. A client that cannot be asked (no elicitation capability; an older
//! protocol on stateless HTTP) gets the refusal as before.

use rmcp::RoleServer;
use rmcp::model::{
    CallToolResult, ClientResult, ElicitRequest, ElicitRequestParams, ElicitationAction, ElicitationSchema, MetaObject,
    ProtocolVersion, ServerRequest,
};
use rmcp::service::RequestContext;
use rustgis_core::Ask;
use serde_json::{Value as Json, json};

/// The `_meta` key of a tool result whose call asked the human: the question, the answer and
/// what a yes granted (the relay's audit log records it).
pub const ASKED_META_KEY: &str = "rustgis/asked";

/// What the human is asked: whether to lift a refusal, or which layer a name meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Question {
    /// A refusal a yes lifts, with the one-time grant a yes gives.
    Grant(Ask),
    /// A layer name that does not exist, and the layers it differs from only in case.
    Layer(LayerChoice),
}

/// Which layer an unknown name meant: the names it differs from only in case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LayerChoice {
    /// The command that was refused.
    command: String,
    /// The parameter that held the name (`layer`, `join_layer`…).
    param: String,
    /// The name given.
    given: String,
    /// The layers it may have meant.
    choices: Vec<String>,
}

impl Question {
    /// The question for the refusal `error` of `def` called with `params`, when a human's answer
    /// could lift it: never for code (scripts, plugins, models, host commands).
    pub(crate) fn of_error(
        error: &rustgis_core::Error,
        def: &rustgis_core::CommandDef,
        params: &Json,
    ) -> Option<Question> {
        if let Some(ask) = error.ask(def.id, &def.access) {
            return Some(Question::Grant(ask));
        }
        let rustgis_core::Error::UnknownLayer { name, accepted } = error else { return None };
        if !def.access.may_be_asked() {
            return None;
        }
        let wanted = name.trim().to_lowercase();
        let choices: Vec<String> = accepted.iter().filter(|n| n.to_lowercase() == wanted).cloned().collect();
        let param = params.as_object()?.iter().find(|(_, v)| v.as_str() == Some(name.as_str()))?.0.clone();
        (!choices.is_empty())
            .then(|| Question::Layer(LayerChoice { command: def.id.to_owned(), param, given: name.clone(), choices }))
    }

    /// Whether this question may be put to the human of a host that does (`true`) or does not
    /// set the roots itself: a file outside the roots, or a network host outside `network.allow`,
    /// is asked only where those limits are the client's own (a private server); over the relay
    /// they are the app user's, and a yes from the agent's client would widen them. A replacement
    /// and a layer name are asked always.
    pub(crate) fn may_be_asked(&self, client_sets_roots: bool) -> bool {
        match self {
            Question::Grant(ask) => {
                matches!(
                    ask.grant,
                    rustgis_core::OneTimeGrant::Replace { .. } | rustgis_core::OneTimeGrant::Host { .. }
                ) || client_sets_roots
            }
            Question::Layer(_) => true,
        }
    }

    /// The command that was refused.
    pub(crate) fn command(&self) -> &str {
        match self {
            Question::Grant(ask) => &ask.command,
            Question::Layer(choice) => &choice.command,
        }
    }

    /// The question as the human reads it.
    pub(crate) fn text(&self) -> String {
        match self {
            Question::Grant(ask) => ask.question.clone(),
            Question::Layer(choice) => format!(
                "The agent's {} names the layer '{}', which does not exist (layer names are case-sensitive). Which \
                 layer did it mean?",
                choice.command, choice.given
            ),
        }
    }

    /// What an answer lets the call do, for the result's `_meta` and the audit log.
    fn grant(&self) -> Json {
        match self {
            Question::Grant(ask) => json!(ask.grant),
            Question::Layer(choice) => json!({"param": choice.param, "choices": choice.choices}),
        }
    }

    /// The arguments of the call run again with the layer the human chose.
    pub(crate) fn with_layer(
        &self,
        mut args: crate::tools::RunCommandArgs,
        chosen: &str,
    ) -> crate::tools::RunCommandArgs {
        if let (Question::Layer(choice), Some(Json::Object(params))) = (self, args.params.as_mut()) {
            params.insert(choice.param.clone(), json!(chosen));
        }
        args
    }
}

/// What the human answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Accepted with `allow: true`.
    Allowed,
    /// Accepted, naming one of the layers offered.
    Chose(String),
    /// Declined, or accepted with `allow` not true.
    Declined,
    /// Cancelled (dismissed), or the call was cancelled while it waited.
    Cancelled,
    /// The client could not answer (an error, a reply that is not an elicitation result).
    Unanswered(String),
}

impl Answer {
    /// `allowed`, `declined`, `cancelled` or `unanswered`, for the result and the audit log.
    pub(crate) fn word(&self) -> &'static str {
        match self {
            Answer::Allowed => "allowed",
            Answer::Chose(_) => "chosen",
            Answer::Declined => "declined",
            Answer::Cancelled => "cancelled",
            Answer::Unanswered(_) => "unanswered",
        }
    }
}

/// Whether this request's client can be asked: it declared form elicitation (a capability that
/// names neither form nor url means form), on a connection that can carry a request to it, with
/// a protocol version before 2026-07-28.
pub(crate) fn can_ask(context: &RequestContext<RoleServer>, stateful: bool) -> bool {
    if !stateful {
        return false;
    }
    let before_mrtr = context.protocol_version().is_some_and(|version| version < ProtocolVersion::V_2026_07_28);
    before_mrtr && declares_form_elicitation(context)
}

/// Whether the client declared form elicitation (a capability that names neither form nor url
/// means form).
fn declares_form_elicitation(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none())
}

/// Whether this request's client can be asked by a multi-round-trip retry: protocol 2026-07-28
/// or later, and it declared form elicitation.
pub(crate) fn can_ask_by_retry(context: &RequestContext<RoleServer>) -> bool {
    let mrtr = context.protocol_version().is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
    mrtr && declares_form_elicitation(context)
}

/// The key of the one input request a question puts (and of its answer in the retry).
pub(crate) const INPUT_KEY: &str = "rustgis_ask";

/// How long a question put as an input request waits for the retry that answers it.
pub(crate) const PENDING_TTL: std::time::Duration = std::time::Duration::from_secs(600);

/// The most questions that wait for their retries at once (the oldest goes first).
pub(crate) const MAX_PENDING: usize = 256;

/// A question put as an input request, waiting for its retry: the call to run again on an
/// allowing answer, and the refusal to give otherwise.
pub(crate) struct Pending {
    pub(crate) question: Question,
    pub(crate) args: crate::tools::RunCommandArgs,
    pub(crate) refused: CallToolResult,
    pub(crate) presentation: crate::present::Presentation,
    /// The call as the host logs it.
    pub(crate) call: crate::host::CallInfo,
    at: std::time::Instant,
}

/// The questions waiting for their retries, by the opaque handle sent as `requestState`: kept by
/// the process, not the connection, so that a stateless HTTP retry finds its question.
static PENDING: std::sync::LazyLock<parking_lot::Mutex<std::collections::HashMap<String, Pending>>> =
    std::sync::LazyLock::new(Default::default);

/// Puts `question` as a multi-round-trip input request: the result to answer the call with, the
/// question kept for the retry under an unguessable handle. `None` when no handle can be drawn
/// or the form cannot be made (the refusal stands).
pub(crate) fn input_required(
    question: Question,
    args: crate::tools::RunCommandArgs,
    refused: CallToolResult,
    presentation: crate::present::Presentation,
    call: crate::host::CallInfo,
) -> Option<rmcp::model::InputRequiredResult> {
    let request = elicit_request(&question).ok()?;
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    let handle: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let mut pending = PENDING.lock();
    pending.retain(|_, p| p.at.elapsed() < PENDING_TTL);
    if pending.len() >= MAX_PENDING
        && let Some(oldest) = pending.iter().min_by_key(|(_, p)| p.at).map(|(k, _)| k.clone())
    {
        pending.remove(&oldest);
    }
    pending
        .insert(handle.clone(), Pending { question, args, refused, presentation, call, at: std::time::Instant::now() });
    let requests =
        std::collections::BTreeMap::from([(INPUT_KEY.to_owned(), rmcp::model::InputRequest::Elicitation(request))]);
    Some(rmcp::model::InputRequiredResult::new(Some(requests), Some(handle)))
}

/// The question a retry answers (taken: one retry per question) and the answer it carries;
/// `None` when no question waits under `handle` (unknown, answered already, or older than
/// [`PENDING_TTL`]).
pub(crate) fn take_answered(handle: &str, responses: &rmcp::model::InputResponses) -> Option<(Pending, Answer)> {
    let pending = PENDING.lock().remove(handle).filter(|p| p.at.elapsed() < PENDING_TTL)?;
    let answer = match responses.get(INPUT_KEY) {
        None => Answer::Unanswered(format!("the retry carried no answer under {INPUT_KEY}")),
        Some(reply) => match reply.get("action").and_then(Json::as_str) {
            Some("accept") => accepted(&pending.question, reply.get("content")),
            Some("decline") => Answer::Declined,
            Some("cancel") => Answer::Cancelled,
            _ => Answer::Unanswered(format!("the answer is not an elicitation result: {reply}")),
        },
    };
    Some((pending, answer))
}

/// The `elicitation/create` request for `question`: a form of one field (`allow`, a boolean,
/// for a grant; `layer`, one of the names offered, for a layer).
fn elicit_request(question: &Question) -> Result<ElicitRequest, Answer> {
    let schema = match question {
        Question::Grant(ask) => json!({
            "type": "object",
            "properties": {
                "allow": {
                    "type": "boolean",
                    "title": "Allow",
                    "description": format!("Yes allows {}", ask.grant.covers()),
                    "default": false,
                }
            },
            "required": ["allow"],
        }),
        Question::Layer(choice) => json!({
            "type": "object",
            "properties": {
                "layer": {
                    "type": "string",
                    "title": "Layer",
                    "description": format!("The layer {} meant by '{}'", choice.command, choice.given),
                    "enum": choice.choices,
                }
            },
            "required": ["layer"],
        }),
    };
    let schema = match schema.as_object().cloned().map(ElicitationSchema::from_json_schema) {
        Some(Ok(schema)) => schema,
        Some(Err(e)) => return Err(Answer::Unanswered(format!("the question's form could not be made: {e}"))),
        None => return Err(Answer::Unanswered("the question's form is not an object".to_owned())),
    };
    let params =
        ElicitRequestParams::FormElicitationParams { meta: None, message: question.text(), requested_schema: schema };
    Ok(ElicitRequest::new(params))
}

/// Asks `question` with a form of one field (`allow`, a boolean, for a grant; `layer`, one of
/// the names offered, for a layer) and waits for the answer (or the call's cancellation).
pub(crate) async fn ask_human(context: &RequestContext<RoleServer>, question: &Question) -> Answer {
    let request = match elicit_request(question) {
        Ok(request) => ServerRequest::ElicitRequest(request),
        Err(unanswered) => return unanswered,
    };
    tokio::select! {
        () = context.ct.cancelled() => Answer::Cancelled,
        reply = context.peer.send_request(request) => match reply {
            Ok(ClientResult::ElicitResult(result)) => match result.action {
                ElicitationAction::Accept => accepted(question, result.content.as_ref()),
                ElicitationAction::Decline => Answer::Declined,
                ElicitationAction::Cancel => Answer::Cancelled,
                // An action this server does not know is no yes.
                _ => Answer::Declined,
            },
            Ok(_) => Answer::Unanswered("the client answered the question with something other than a form".to_owned()),
            Err(e) => Answer::Unanswered(format!("the client could not answer the question: {e}")),
        }
    }
}

/// What an accepted form says: a yes only with `allow: true`; a layer only one of those offered.
fn accepted(question: &Question, content: Option<&Json>) -> Answer {
    match question {
        Question::Grant(_) if content.and_then(|c| c.get("allow")).and_then(Json::as_bool) == Some(true) => {
            Answer::Allowed
        }
        Question::Layer(choice) => match content.and_then(|c| c.get("layer")).and_then(Json::as_str) {
            Some(layer) if choice.choices.iter().any(|c| c == layer) => Answer::Chose(layer.to_owned()),
            _ => Answer::Declined,
        },
        Question::Grant(_) => Answer::Declined,
    }
}

/// The result of a call the human did not allow: the refusal as it was, saying the human was
/// asked and what they answered. Code `declined` or `cancelled`; the refusal's own code when the
/// client could not answer.
pub(crate) fn not_allowed(refused: &CallToolResult, question: &Question, answer: &Answer) -> CallToolResult {
    let refusal = refused
        .structured_content
        .as_ref()
        .and_then(|c| c.get("error"))
        .and_then(Json::as_str)
        .unwrap_or("refused")
        .to_owned();
    let mut result = match answer {
        Answer::Declined => crate::tools::tool_error(
            "declined",
            format!("the user declined: {} was not run and nothing was changed ({refusal})", question.command()),
        ),
        Answer::Cancelled => crate::tools::tool_error(
            "cancelled",
            format!(
                "the user cancelled the question: {} was not run and nothing was changed ({refusal})",
                question.command()
            ),
        ),
        Answer::Unanswered(why) => {
            // The refusal as it was, and why the human was not asked after all: a text-only
            // client reads the reason here, not only in `_meta`.
            let mut result = refused.clone();
            result.content.push(rmcp::model::ContentBlock::text(format!("The user could not be asked: {why}.")));
            result
        }
        Answer::Allowed | Answer::Chose(_) => refused.clone(),
    };
    note(&mut result, question, answer);
    result
}

/// Records in `result`'s `_meta` that the human was asked `question` and answered `answer`.
pub(crate) fn note(result: &mut CallToolResult, question: &Question, answer: &Answer) {
    let mut asked = json!({
        "question": question.text(),
        "answer": answer.word(),
        "grant": question.grant(),
    });
    match answer {
        Answer::Unanswered(why) => asked["why"] = json!(why),
        Answer::Chose(layer) => asked["chosen"] = json!(layer),
        _ => {}
    }
    result.meta.get_or_insert_with(MetaObject::default).insert(ASKED_META_KEY.to_owned(), asked);
}

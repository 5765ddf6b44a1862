//! Asking the human instead of refusing: MCP elicitation (`elicitation/create`, form mode) for
//! a refusal core says a yes could lift ([`rustgis_core::Ask`]: replacing a file that exists, a
//! file outside the roots).
//!
//! The refusal policy stays the authority: the question and the grant come from the session's
//! error, never from the client, and only an explicit accept with `allow: true` runs the call
//! again, once, with a grant that covers that one file. A decline or a cancel changes nothing.
//! A client that cannot be asked (no elicitation capability, stateless HTTP, protocol
//! 2026-07-28, which forbids server-to-client requests) gets the refusal as before.

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

/// What the human answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Accepted with `allow: true`.
    Allowed,
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
    let form = context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none());
    before_mrtr && form
}

/// Asks the question of `ask` with a form of one boolean, `allow`, and waits for the answer
/// (or the call's cancellation).
pub(crate) async fn ask_human(context: &RequestContext<RoleServer>, ask: &Ask) -> Answer {
    let schema = json!({
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
    });
    let schema = match schema.as_object().cloned().map(ElicitationSchema::from_json_schema) {
        Some(Ok(schema)) => schema,
        Some(Err(e)) => return Answer::Unanswered(format!("the question's form could not be made: {e}")),
        None => return Answer::Unanswered("the question's form is not an object".to_owned()),
    };
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: ask.question.clone(),
        requested_schema: schema,
    };
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    tokio::select! {
        () = context.ct.cancelled() => Answer::Cancelled,
        reply = context.peer.send_request(request) => match reply {
            Ok(ClientResult::ElicitResult(result)) => match result.action {
                ElicitationAction::Accept
                    if result.content.as_ref().and_then(|c| c.get("allow")).and_then(Json::as_bool) == Some(true) =>
                {
                    Answer::Allowed
                }
                ElicitationAction::Accept | ElicitationAction::Decline => Answer::Declined,
                ElicitationAction::Cancel => Answer::Cancelled,
                // An action this server does not know is no yes.
                _ => Answer::Declined,
            },
            Ok(_) => Answer::Unanswered("the client answered the question with something other than a form".to_owned()),
            Err(e) => Answer::Unanswered(format!("the client could not answer the question: {e}")),
        }
    }
}

/// The result of a call the human did not allow: the refusal as it was, saying the human was
/// asked and what they answered. Code `declined` or `cancelled`; the refusal's own code when the
/// client could not answer.
pub(crate) fn not_allowed(refused: &CallToolResult, ask: &Ask, answer: &Answer) -> CallToolResult {
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
            format!("the user declined: {} was not run and nothing was changed ({refusal})", ask.command),
        ),
        Answer::Cancelled => crate::tools::tool_error(
            "cancelled",
            format!("the user cancelled the question: {} was not run and nothing was changed ({refusal})", ask.command),
        ),
        Answer::Unanswered(why) => {
            // The refusal as it was, and why the human was not asked after all: a text-only
            // client reads the reason here, not only in `_meta`.
            let mut result = refused.clone();
            result.content.push(rmcp::model::ContentBlock::text(format!("The user could not be asked: {why}.")));
            result
        }
        Answer::Allowed => refused.clone(),
    };
    note(&mut result, ask, answer);
    result
}

/// Records in `result`'s `_meta` that the human was asked `ask` and answered `answer`.
pub(crate) fn note(result: &mut CallToolResult, ask: &Ask, answer: &Answer) {
    let mut asked = json!({
        "question": ask.question,
        "answer": answer.word(),
        "grant": ask.grant,
    });
    if let Answer::Unanswered(why) = answer {
        asked["why"] = json!(why);
    }
    result.meta.get_or_insert_with(MetaObject::default).insert(ASKED_META_KEY.to_owned(), asked);
}

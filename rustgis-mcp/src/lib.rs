//! The RustGIS MCP server: the tools an agent uses to make maps, the documentation as
//! resources, and the stdio transport with RustGIS's own framing.
//!
//! One server type, [`GisServer`], serves any session host: the private one that owns its own
//! session ([`PrivateHost`]), or the relay's, which runs calls on the open app's session.

#[cfg(feature = "server")]
mod apps;
#[cfg(feature = "server")]
mod ask;
pub mod attach;
#[cfg(feature = "server")]
mod completions;
mod docs;
mod framing;
#[cfg(feature = "server")]
mod host;
#[cfg(feature = "server")]
pub mod icons;
#[cfg(feature = "server")]
mod maps;
#[cfg(feature = "server")]
mod outputs;
#[cfg(feature = "server")]
mod present;
#[cfg(feature = "server")]
mod prompts;
#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
pub mod skills;
#[cfg(feature = "server")]
mod state;
#[cfg(feature = "server")]
mod stdio;
#[cfg(feature = "server")]
mod tasks;
#[cfg(feature = "server")]
mod templates;
#[cfg(feature = "server")]
mod text;
#[cfg(feature = "server")]
mod tools;

#[cfg(feature = "server")]
pub use apps::{APP_MIME_TYPE, MAP_VIEW_URI};
#[cfg(feature = "server")]
pub use ask::ASKED_META_KEY;
pub use docs::{DOCS_URI_PREFIX, DocHit, DocPage, page, pages, search};
pub use framing::{Frame, MAX_LINE, parse_error_line, read_message_max};
#[cfg(feature = "server")]
pub use host::{BoxFuture, CallInfo, Host, HostError, Job, PrivateHost, ScreenImage};
#[cfg(feature = "server")]
pub use present::{BYTES_PER_TOKEN, PIXELS_PER_IMAGE_TOKEN, ResultBudget};
#[cfg(feature = "server")]
pub use server::{GisServer, MAX_LINKED_FILE_BYTES, ServerOptions};
#[cfg(feature = "server")]
pub use state::{ProjectMoved, ProjectWatch, STATE_META_KEY, STATE_URI};
#[cfg(feature = "server")]
pub use stdio::{AfterOversized, serve_lines};
#[cfg(feature = "server")]
pub use tasks::{TASK_POLL_INTERVAL_MS, TASK_TTL_MS};
#[cfg(feature = "server")]
pub use tools::{
    Hints, MAX_IMAGE_SIDE, READ_TABLE_ROWS, TOOLS, ToolCommand, ToolDef, ToolKind, call_command, call_script, is_gated,
    tool_def, tool_list,
};

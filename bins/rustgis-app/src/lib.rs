//! The RustGIS desktop app as a library: the host (session plus the relay's host code), the
//! settings, the status bar's wording, the copyable agent commands and the window's panels, so
//! tests drive them without a screen. The `rustgis-app` binary only parses arguments and opens
//! the window.

mod app;
mod assistant;
mod connect;
mod dialogs;
mod error;
mod file_browser;
mod folders;
mod form;
mod host;
mod layout_dialog;
mod map;
mod messages;
mod passwords;
mod postgis_dialog;
mod recovery;
mod settings;
mod start;
mod status;
mod style_dialog;
mod table;
mod ui;
mod web_dialog;

pub use app::{Launch, RustGisApp, data_file_extensions, run};
pub use assistant::{AgentKind, AgentLaunch, AgentRun, OPENCODE_CONFIG_CONTENT};
pub use connect::{ConnectInfo, Copyable, SERVER_NAME, Shell};
pub use dialogs::{FileDialogs, NativeDialogs, native_chooser, unix_chooser, with_extension};
pub use error::{Error, Result};
pub use file_browser::{BrowseFor, Entry, FileBrowser, LISTED_ENTRIES};
pub use folders::Folders;
pub use form::{FieldKind, Form, FormField, fuzzy_score};
pub use host::{AppHost, HostOptions, PortVars, error_text};
pub use layout_dialog::{EXPORT_FORMATS, ITEM_TYPES, LayoutDialog, PREVIEW_PIXELS, TEMPLATES};
pub use map::{Drawer, Drawn, MapView, ZOOM_STEP, home_extent, layer_extent, selection_extent};
pub use messages::{ERROR_SHOWN, MESSAGE_LOG, Message, Messages, NOTICE_SHOWN};
pub use passwords::{AppDatabase, SessionPasswords};
pub use postgis_dialog::{ADD_POSTGIS, LIST_TABLES, ListedTable, PostgisDialog, PostgisJob, Purpose};
pub use recovery::{AppRecovery, RECOVERY_HOST, recovery_frame};
pub use settings::{NetworkSettings, PostgisConnection, RECENT_PROJECTS, SETTINGS_FILE, Settings};
pub use start::{RecentProject, start_session};
pub use status::{LAST_CALL_SHOWN, RelayStatus, StatusLabel, describe_call};
pub use style_dialog::{ClassEdit, LABEL_PARAMS, RULES, STYLE_KINDS, StyleDialog, fits_geometry};
pub use table::{
    AttributeTable, CLICK_TOLERANCE_PX, CellEdit, Identified, Sort, TABLE_ROWS, TableRows, cell_text, quote_field,
};
pub use ui::{
    AppState, Canvas, CommandSearch, FieldCalculator, Measure, SCALE_PRESETS, area_text, assistant_panel,
    attribute_table, command_search, crop_png, history_pane, layers_pane, length_text, map_canvas, map_toolbar,
    measured_area, measured_length, menu_bar, parse_scale, settings_section, show, status_bar,
};
pub use web_dialog::{WebDialog, WebKind};

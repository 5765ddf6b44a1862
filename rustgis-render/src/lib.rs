#![doc = include_str!("../README.md")]

mod draw;
mod error;
mod fonts;
mod furniture;
mod geom;
mod hairline;
mod image;
mod labels;
mod legend;
mod mbtiles;
mod page;
mod polylabel;
mod raster;
mod renderer;
mod scene;
mod subset;
mod svg;
mod symbology;
mod text;
mod tiles;
mod view;
mod watch;
mod web;

pub use error::{Error, Result};
pub use fonts::FONT_DIRS_VAR;
pub use image::{encode_png, is_blank};
pub use page::{render_layout, render_layout_pixmap, render_layout_svg};
pub use renderer::Renderer;
pub use rustgis_core::RenderRequest;
pub use rustgis_core::RenderedImage;
pub use svg::{render_pdf, render_svg};
pub use tiles::{TileFormat, TileJob, TileRenderer, TileReport, render_tile, tile_extent, tiles_in, write_tiles};
pub use view::{MAX_PIXELS, MAX_SIDE, render, render_pixmap, render_watched};
pub use web::WEB_FETCH_BUDGET;

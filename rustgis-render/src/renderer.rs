//! [`Renderer`]: the renderer hosts install in a session so core commands (`map.export`) can draw.

use rustgis_core::web::WebFetcher;
use rustgis_core::{MapRenderer, Progress, Project, RenderRequest, RenderedImage, VectorFormat};

use crate::view::{render, render_watched};

/// Draws maps for a [`Session`](rustgis_core::Session): install it with
/// `session.set_renderer(Arc::new(Renderer::new()))`, or with the host's web fetcher
/// (`Renderer::with_web`) so web layers' tiles are fetched.
#[derive(Debug, Clone, Default)]
pub struct Renderer {
    web: Option<WebFetcher>,
}

impl Renderer {
    /// A renderer that fetches nothing: web layers are left out, with a notice.
    pub fn new() -> Renderer {
        Renderer { web: None }
    }

    /// A renderer that fetches web layers' images through `web` (the host's network client).
    pub fn with_web(web: WebFetcher) -> Renderer {
        Renderer { web: Some(web) }
    }

    /// The request with this renderer's web fetcher, unless it brings its own.
    fn with_fetcher(&self, request: &RenderRequest) -> RenderRequest {
        RenderRequest { web: request.web.clone().or_else(|| self.web.clone()), ..request.clone() }
    }
}

impl MapRenderer for Renderer {
    fn web(&self) -> Option<WebFetcher> {
        self.web.clone()
    }

    fn render(&self, project: &Project, request: &RenderRequest) -> rustgis_core::Result<RenderedImage> {
        Ok(render(project, &self.with_fetcher(request))?)
    }

    fn render_watched(
        &self,
        project: &Project,
        request: &RenderRequest,
        progress: &dyn Progress,
        what: &str,
    ) -> rustgis_core::Result<RenderedImage> {
        Ok(render_watched(project, &self.with_fetcher(request), progress, what)?)
    }

    fn render_vector(
        &self,
        project: &Project,
        request: &RenderRequest,
        format: VectorFormat,
    ) -> rustgis_core::Result<Vec<u8>> {
        Ok(match format {
            VectorFormat::Pdf => crate::svg::render_pdf(project, request)?,
            _ => crate::svg::render_svg(project, request)?.into_bytes(),
        })
    }

    fn render_layout(
        &self,
        project: &Project,
        layout: &rustgis_core::PrintLayout,
        format: rustgis_core::PageFormat,
    ) -> rustgis_core::Result<rustgis_core::RenderedPage> {
        Ok(crate::page::render_layout(project, layout, format)?)
    }
}

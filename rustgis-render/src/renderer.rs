//! [`Renderer`]: the renderer hosts install in a session so core commands (`map.export`) can draw.

use rustgis_core::{MapRenderer, Progress, Project, RenderRequest, RenderedImage, VectorFormat};

use crate::view::{View, render, render_watched};

/// Draws maps for a [`Session`](rustgis_core::Session): install it with
/// `session.set_renderer(Arc::new(Renderer))`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Renderer;

impl MapRenderer for Renderer {
    fn render(&self, project: &Project, request: &RenderRequest) -> rustgis_core::Result<RenderedImage> {
        Ok(render(project, &View::from(request))?.into())
    }

    fn render_watched(
        &self,
        project: &Project,
        request: &RenderRequest,
        progress: &dyn Progress,
        what: &str,
    ) -> rustgis_core::Result<RenderedImage> {
        Ok(render_watched(project, &View::from(request), progress, what)?.into())
    }

    fn render_vector(
        &self,
        project: &Project,
        request: &RenderRequest,
        format: VectorFormat,
    ) -> rustgis_core::Result<Vec<u8>> {
        let view = View::from(request);
        Ok(match format {
            VectorFormat::Pdf => crate::svg::render_pdf(project, &view)?,
            _ => crate::svg::render_svg(project, &view)?.into_bytes(),
        })
    }

    fn render_layout(
        &self,
        project: &Project,
        layout: &rustgis_core::PrintLayout,
        format: rustgis_core::PageFormat,
    ) -> rustgis_core::Result<Vec<u8>> {
        Ok(crate::page::render_layout(project, layout, format)?)
    }
}

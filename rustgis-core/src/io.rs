//! Reading and writing vector data files.

pub mod geojson;

//! Examples of embedding RustGIS; see the `[[example]]` entries.

//! `layer.addPostgis` and `postgis.tables`, and how the commands that know live layers ask the database: one query
//! with the bbox, the filter, the order and the limit when the expressions translate exactly to
//! SQL, else the bbox in SQL and the rest evaluated here; the result says which.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx};
use crate::commands::project::check_layer_name;
use crate::commands::results::FieldEntry;
use crate::error::{Error, Result};
use crate::expr::{Expr, OrderBy, RowContext, SqlParams};
use crate::layer::{Extent, Feature, Field, Layer, LayerSource};
use crate::policy::Access;
use crate::postgis::{
    PostgisSource, Relation, Select, SourceSummary, SpatialTable, check_connection, redact_connection, spatial_tables,
};
use crate::style::Style;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![CommandDef::build("layer.addPostgis")
        .summary("Add a live layer from a PostgreSQL/PostGIS table or query: reads, filters and drawing run in the database")
        .doc("Connects with `dsn` (libpq's `host=… port=… dbname=… user=…`, a `postgresql://` URI or `service=name`; \
         never a password: it is read from ~/.pgpass or the service file) and reads `table` (`schema.table`) or \
         `sql` (a SELECT). The geometry column is the first of type geometry (else geography, read as geometry) unless \
         `geometry_column` names one; \
         the feature id is the primary key, or a `gid`/`fid`/`id`/`ogc_fid` integer column, unless `id_column` \
         names one; the CRS is the geometries' SRID. The layer holds no features in memory: `table.read`, \
         `feature.select`, `vector.filter`, `layer.info` and drawing send their bbox, `where`, `order_by` and \
         `limit` to the database as one SQL query (where an expression has no exact SQL equivalent, it is \
         evaluated here after the bbox is, and the result says so); rows stream through a cursor. \
         The project file keeps the connection and the query, never a password.")
        .examples(&[
            r#"layer.addPostgis {"dsn": "host=127.0.0.1 port=5432 dbname=gis user=gis", "table": "public.cities"}"#,
            r#"layer.addPostgis {"dsn": "service=gis", "sql": "SELECT gid, name, geom FROM roads WHERE kind = 'motorway'", "name": "motorways"}"#,
        ])
        .access(Access::NETWORK)
        .edits_returning(add_postgis),
    CommandDef::build("postgis.tables")
        .summary("List the tables and views of a PostgreSQL/PostGIS database that have a geometry or geography column")
        .doc("Connects with `dsn` (as `layer.addPostgis` does: no password in it) and lists what its user may read \
         from PostGIS's `geometry_columns` and `geography_columns`: each `table` (`schema.table`), its spatial \
         column, the geometry type and SRID the column declares, whether it is a table, view, materialized view \
         or foreign table, and the planner's row estimate. `add` is `layer.addPostgis`'s parameters (with `dsn`) \
         for that column. `schema` lists one \
         schema; at most `limit` entries (default 200), and `truncated` says whether there were more.")
        .examples(&[
            r#"postgis.tables {"dsn": "host=127.0.0.1 port=5432 dbname=gis user=gis"}"#,
            r#"postgis.tables {"dsn": "service=gis", "schema": "osm"}"#,
        ])
        .access(Access::NETWORK)
        .reads_returning(list_tables),
    ]
}

/// The most entries `postgis.tables` gives at once.
const MAX_LISTED_TABLES: usize = 5_000;

/// Parameters of `postgis.tables`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TablesParams {
    /// The connection, as `layer.addPostgis` takes it (no password).
    #[serde(alias = "connection")]
    dsn: String,
    /// Only this schema's tables.
    schema: Option<String>,
    /// At most this many entries (default 200, at most 5000).
    limit: Option<usize>,
}

fn list_tables(ctx: &mut Ctx<'_>, p: TablesParams) -> Result<TableList> {
    let connection = check_connection(&p.dsn)?;
    let limit = p.limit.unwrap_or(200);
    if limit == 0 || limit > MAX_LISTED_TABLES {
        return Err(Error::invalid("limit", format!("{limit} is out of range; give 1 to {MAX_LISTED_TABLES}")));
    }
    let (tables, truncated) = spatial_tables(ctx.database(), &connection, p.schema.as_deref(), limit)?;
    let entries: Vec<TableEntry> = tables
        .iter()
        .map(|table| {
            let add = AddTable {
                dsn: connection.clone(),
                table: table.table.clone(),
                geometry_column: table.geometry_column.clone(),
            };
            TableEntry { table: table.clone(), add }
        })
        .collect();
    Ok(TableList {
        connection: redact_connection(&connection),
        count: entries.len(),
        tables: entries,
        truncated,
        note: truncated.then(|| format!("more than {limit} spatial tables; give schema, or a larger limit")),
    })
}

/// What `postgis.tables` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct TableList {
    /// The connection, any password removed.
    connection: String,
    /// How many entries are listed.
    count: usize,
    /// Each spatial column the connection's user may read.
    tables: Vec<TableEntry>,
    /// Whether there were more than `limit`.
    truncated: bool,
    /// How to see the rest, when truncated.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// One spatial column of `postgis.tables`, and how to add it.
#[derive(Debug, Serialize, JsonSchema)]
struct TableEntry {
    #[serde(flatten)]
    table: SpatialTable,
    /// The parameters of `layer.addPostgis` that add it as a layer.
    add: AddTable,
}

/// `layer.addPostgis`'s parameters for one spatial column.
#[derive(Debug, Serialize, JsonSchema)]
struct AddTable {
    /// The connection, as given.
    dsn: String,
    /// The table.
    table: String,
    /// Its spatial column.
    geometry_column: String,
}

/// What `layer.addPostgis` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct PostgisAdded {
    /// The layer's name.
    layer: String,
    /// Its CRS, such as `EPSG:4326`.
    crs: String,
    /// Its geometry.
    geometry: crate::GeometryKind,
    /// Its fields (the table's columns but the spatial one).
    fields: Vec<FieldEntry>,
    /// Where its features come from.
    source: SourceSummary,
}

/// Parameters of `layer.addPostgis`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddParams {
    /// The connection: `host=127.0.0.1 port=5432 dbname=gis user=me`, `postgresql://me@host/gis` or
    /// `service=name`, without a password (~/.pgpass, PGPASSFILE, the service file hold it).
    #[serde(alias = "connection")]
    dsn: String,
    /// The table or view: `table` (schema public) or `schema.table`. Give this or `sql`.
    table: Option<String>,
    /// A SELECT whose rows are the layer. Give this or `table`.
    sql: Option<String>,
    /// The geometry column, of type geometry or geography (default: the first of type geometry, else geography).
    geometry_column: Option<String>,
    /// The integer column that identifies a row (default: the primary key, else gid, fid, id or ogc_fid).
    id_column: Option<String>,
    /// The layer name (default: the table's name, or `query`).
    name: Option<String>,
}

fn add_postgis(ctx: &mut Ctx<'_>, p: AddParams) -> Result<PostgisAdded> {
    let connection = check_connection(&p.dsn)?;
    let relation = match (p.table.as_deref(), p.sql.as_deref()) {
        (Some(table), None) => Relation::table(table)?,
        (None, Some(sql)) => {
            let sql = sql.trim().trim_end_matches(';').trim();
            if sql.is_empty() {
                return Err(Error::invalid("sql", "the query is empty; give a SELECT"));
            }
            Relation::Sql(sql.to_owned())
        }
        _ => return Err(Error::invalid("table", "give either table (schema.table) or sql (a SELECT), not both")),
    };
    let described = PostgisSource::describe(
        ctx.database().clone(),
        &connection,
        relation,
        p.geometry_column.as_deref(),
        p.id_column.as_deref(),
    )?;
    let name = match p.name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => ctx.project().unique_name(match &described.source.relation {
            Relation::Table { name, .. } => name,
            Relation::Sql(_) => "query",
        }),
    };
    if let Some(curved) = &described.curved {
        ctx.notice(format!(
            "the geometries are curved ({curved}); RustGIS draws and measures them as lines with a position at least \
             every {}° of arc, as GDAL linearises curves",
            crate::io::curves::ARC_STEP_DEGREES
        ));
    }
    let source = described.source;
    let extent = source.extent()?;
    let mut layer = Layer::new(name, source.crs(), described.fields, Vec::new());
    layer.style = Style::default_for_kind(source.geometry_kind);
    let summary = source.summary();
    layer.source = LayerSource::Postgis(Arc::new(source));
    let layer = ctx.add_layer(layer)?;
    let layer_crs = layer.crs;
    let out = PostgisAdded {
        layer: layer.name.clone(),
        crs: layer.crs.to_string(),
        geometry: layer.geometry_kind(),
        fields: FieldEntry::of(layer, &(0..layer.fields.len()).collect::<Vec<_>>()),
        source: summary,
    };
    // As for a file just opened: a whole-world view moves to the new layer.
    let crs = ctx.project().view.crs;
    if ctx.project().view.shows_whole_world()
        && let Some(framed) = extent
            .and_then(|e| e.transformed(layer_crs, crs))
            .and_then(|e| Extent::from_bbox(crate::project::framing(&e, crs).to_array()))
    {
        ctx.project_mut().view.extent = Some(framed);
        ctx.notice(format!("the map now shows {} (map.zoomTo zooms elsewhere)", out.layer));
    }
    Ok(out)
}

/// What a live query asks, beside its bbox.
#[derive(Debug, Default)]
pub(crate) struct Ask<'a> {
    /// Rows whose geometry's box meets this box (in the layer's CRS).
    pub bbox: Option<Extent>,
    /// The filter.
    pub filter: Option<&'a Expr>,
    /// The order.
    pub order: Option<&'a OrderBy>,
    /// Skip this many matching rows.
    pub offset: usize,
    /// Keep at most this many.
    pub limit: Option<usize>,
    /// The fields wanted (`None`: all).
    pub fields: Option<Vec<usize>>,
    /// Whether the geometries are wanted.
    pub geometry: bool,
}

/// What a live query found: the features (their attributes are the fields asked for, in that
/// order), how many matched in all, and where the filter and order ran.
#[derive(Debug)]
pub(crate) struct Found {
    pub features: Vec<Feature>,
    pub total: u64,
    pub pushdown: String,
}

/// Runs `ask` against a PostGIS layer: all in one SQL query when the filter and order translate
/// exactly, else the bbox (and an exact filter) in SQL, the rest here.
pub(crate) fn query(ctx: &Ctx<'_>, layer: &Layer, source: &PostgisSource, ask: &Ask<'_>) -> Result<Found> {
    let mut params = SqlParams::new();
    let filter = ask.filter.map(|f| source.filter_sql(&layer.fields, f, &mut params)).transpose();
    let order = ask.order.map(|o| source.order_sql(&layer.fields, o, &mut params)).transpose();
    match (filter, order) {
        (Ok(filter), Ok(order)) => {
            let select = Select {
                fields: ask.fields.clone(),
                bbox: ask.bbox,
                filter,
                order_by: order,
                limit: ask.limit.map(|l| l as u64),
                offset: Some(ask.offset as u64),
                with_total: ask.limit.is_some(),
                without_geometry: !ask.geometry,
            };
            let n_fields = ask.fields.as_ref().map_or(layer.fields.len(), Vec::len);
            let query = source.select_sql(&layer.fields, &select, params.clone());
            let mut features = Vec::new();
            let mut total = None;
            for item in source.features(&query, n_fields)? {
                let (feature, row_total) = item?;
                total = total.or(row_total);
                features.push(feature);
                if features.len() % 4096 == 0 {
                    ctx.check_cancelled()?;
                }
            }
            let total = match total {
                Some(total) => u64::try_from(total).unwrap_or(0),
                None if ask.limit.is_none() => (ask.offset + features.len()) as u64,
                None => {
                    // Past the last page: no row carried the total.
                    let mut count_params = SqlParams::new();
                    let filter = ask.filter.map(|f| source.filter_sql(&layer.fields, f, &mut count_params)).transpose();
                    source.count(ask.bbox.as_ref(), filter.ok().flatten().as_deref(), count_params)?
                }
            };
            Ok(Found { features, total, pushdown: "pushed down".to_owned() })
        }
        (filter, order) => {
            let why = [filter.as_ref().err(), order.as_ref().err()].into_iter().flatten().cloned().collect::<Vec<_>>();
            // The exact filter (if it is) still runs in SQL; the order and the paging run here.
            let mut params = SqlParams::new();
            let exact_filter = ask.filter.and_then(|f| source.filter_sql(&layer.fields, f, &mut params).ok());
            let local_filter = if exact_filter.is_some() { None } else { ask.filter };
            let select = Select { bbox: ask.bbox, filter: exact_filter, ..Select::default() };
            let query = source.select_sql(&layer.fields, &select, params);
            let mut matched = Vec::new();
            for (n, item) in source.features(&query, layer.fields.len())?.enumerate() {
                let (feature, _) = item?;
                let keep = match local_filter {
                    Some(filter) => {
                        filter.matches(&RowContext { fields: &layer.fields, feature: &feature, crs: layer.crs })?
                    }
                    None => true,
                };
                if keep {
                    matched.push(feature);
                }
                if n % 4096 == 0 {
                    ctx.check_cancelled()?;
                }
            }
            if let Some(order) = ask.order {
                let mut indices: Vec<usize> = (0..matched.len()).collect();
                order.sort(&layer.fields, &matched, layer.crs, &mut indices)?;
                let mut slots: Vec<Option<Feature>> = matched.into_iter().map(Some).collect();
                matched = indices.into_iter().filter_map(|idx| slots[idx].take()).collect();
            }
            let total = matched.len() as u64;
            let mut features: Vec<Feature> =
                matched.into_iter().skip(ask.offset).take(ask.limit.unwrap_or(usize::MAX)).collect();
            if let Some(wanted) = &ask.fields {
                for feature in &mut features {
                    feature.attributes = wanted.iter().map(|&idx| feature.attributes[idx].clone()).collect();
                }
            }
            if !ask.geometry {
                for feature in &mut features {
                    feature.geometry = None;
                }
            }
            let pushdown = if ask.bbox.is_some() { "the bbox pushed down, " } else { "" };
            Ok(Found { features, total, pushdown: format!("{pushdown}evaluated locally: {}", why.join("; ")) })
        }
    }
}

/// How many features go into one chunk of COPY data.
const COPY_CHUNK: usize = 1_000;

/// `layer.export {dsn, table}`: a new table (`CREATE TABLE` with the fields' types, an `fid`
/// primary key and a geometry column with the layer's SRID), filled with `COPY … FROM STDIN`,
/// then a GiST index, all in one transaction: a failure leaves the database as it was.
pub(crate) fn export(
    ctx: &mut Ctx<'_>,
    layer: &Layer,
    dsn: &str,
    table: Option<&str>,
    overwrite: bool,
) -> Result<ExportedTable> {
    let connection = check_connection(dsn)?;
    let Relation::Table { schema, name } = Relation::table(table.unwrap_or(&layer.name))? else {
        return Err(Error::invalid("table", "give the table to write as table or schema.table"));
    };
    let srid = layer.crs.epsg_code().ok_or_else(|| {
        Error::invalid(
            "layer",
            format!("{} has no EPSG code, which PostGIS needs; reproject first (vector.reproject)", layer.crs),
        )
    })?;
    let taken = |n: &str| layer.fields.iter().any(|f| f.name == n);
    let id_column = ["fid", "rustgis_fid"].into_iter().find(|n| !taken(n)).unwrap_or("rustgis_fid_");
    let geometry_column = ["geom", "rustgis_geom"].into_iter().find(|n| !taken(n)).unwrap_or("rustgis_geom_");
    let target = format!("{}.{}", crate::postgis::quote_ident(&schema), crate::postgis::quote_ident(&name));
    let mut columns = vec![format!("{} int8 PRIMARY KEY", crate::postgis::quote_ident(id_column))];
    columns.extend(
        layer
            .fields
            .iter()
            .map(|f| format!("{} {}", crate::postgis::quote_ident(&f.name), crate::postgis::sql_type(f.field_type))),
    );
    columns.push(format!("{} geometry(Geometry, {srid})", crate::postgis::quote_ident(geometry_column)));
    let sql = |text: String| crate::postgis::SqlQuery { sql: text, params: Vec::new() };
    let mut before = Vec::new();
    if overwrite {
        before.push(sql(format!("DROP TABLE IF EXISTS {target}")));
    }
    before.push(sql(format!("CREATE TABLE {target} ({})", columns.join(", "))));
    let mut names = vec![crate::postgis::quote_ident(id_column)];
    names.extend(layer.fields.iter().map(|f| crate::postgis::quote_ident(&f.name)));
    names.push(crate::postgis::quote_ident(geometry_column));
    let copy = format!("COPY {target} ({}) FROM STDIN (FORMAT text)", names.join(", "));
    let after = vec![
        sql(format!("CREATE INDEX ON {target} USING GIST ({})", crate::postgis::quote_ident(geometry_column))),
        sql(format!("ANALYZE {target}")),
    ];
    let data: Box<dyn Iterator<Item = Result<Vec<u8>>> + Send> = match layer.postgis() {
        Some(source) => {
            // A PostGIS layer streams from its database into the new table, a chunk at a time.
            let query = source.select_sql(&layer.fields, &Select::default(), SqlParams::new());
            let rows = source.features(&query, layer.fields.len())?;
            let mut rows = rows.peekable();
            Box::new(std::iter::from_fn(move || {
                rows.peek()?;
                let mut chunk = Vec::new();
                for item in rows.by_ref().take(COPY_CHUNK) {
                    match item {
                        Ok((feature, _)) => copy_line(&feature, srid, &mut chunk),
                        Err(e) => return Some(Err(e)),
                    }
                }
                Some(Ok(chunk))
            }))
        }
        None => {
            let features = Arc::clone(&layer.features);
            let n_chunks = features.len().div_ceil(COPY_CHUNK);
            Box::new((0..n_chunks).map(move |chunk_idx| {
                let mut chunk = Vec::new();
                for feature in features.iter().skip(chunk_idx * COPY_CHUNK).take(COPY_CHUNK) {
                    copy_line(feature, srid, &mut chunk);
                }
                Ok(chunk)
            }))
        }
    };
    ctx.progress(0.0, &format!("copying {} into {schema}.{name}", layer.name));
    let load = crate::postgis::TableLoad { before, copy, data, after };
    let copied = ctx.database().get()?.load(&connection, load)?;
    Ok(ExportedTable {
        layer: layer.name.clone(),
        connection: crate::postgis::redact_connection(&connection),
        table: format!("{schema}.{name}"),
        features: copied,
        id_column: id_column.to_owned(),
        geometry_column: geometry_column.to_owned(),
        srid,
    })
}

/// What `layer.export` to PostGIS returns.
#[derive(Debug, serde::Serialize, JsonSchema)]
pub(crate) struct ExportedTable {
    /// The layer written.
    layer: String,
    /// The connection, without its password.
    connection: String,
    /// The table made, `schema.table`.
    table: String,
    /// How many features were copied in.
    features: u64,
    /// The table's primary key column (`fid`, or `rustgis_fid` when the layer has a field `fid`).
    id_column: String,
    /// The table's geometry column.
    geometry_column: String,
    /// The SRID of its geometries.
    srid: u32,
}

/// One line of COPY text: the id, the fields, and the geometry as hex EWKB with its SRID; `\N`
/// for NULL, and backslashes, tabs and line breaks escaped.
fn copy_line(feature: &Feature, srid: u32, out: &mut Vec<u8>) {
    out.extend_from_slice(feature.id.to_string().as_bytes());
    for value in &feature.attributes {
        out.push(b'\t');
        match value {
            crate::Value::Null => out.extend_from_slice(b"\\N"),
            crate::Value::Bool(b) => out.push(if *b { b't' } else { b'f' }),
            crate::Value::Float(f) if !f.is_finite() => out.extend_from_slice(b"\\N"),
            other => {
                for c in other.to_string().chars() {
                    match c {
                        '\\' => out.extend_from_slice(b"\\\\"),
                        '\t' => out.extend_from_slice(b"\\t"),
                        '\n' => out.extend_from_slice(b"\\n"),
                        '\r' => out.extend_from_slice(b"\\r"),
                        c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    }
                }
            }
        }
    }
    out.push(b'\t');
    match &feature.geometry {
        Some(geometry) => {
            let mut wkb = Vec::new();
            crate::io::wkb::write(geometry, &mut wkb);
            // ISO WKB to EWKB: the SRID flag on the type, the SRID after it (little-endian, as
            // core writes it).
            if wkb.len() >= 5 {
                let kind = u32::from_le_bytes([wkb[1], wkb[2], wkb[3], wkb[4]]) | 0x2000_0000;
                let mut ewkb = vec![wkb[0]];
                ewkb.extend_from_slice(&kind.to_le_bytes());
                ewkb.extend_from_slice(&srid.to_le_bytes());
                ewkb.extend_from_slice(&wkb[5..]);
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                for byte in ewkb {
                    out.extend_from_slice(&[HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 15)]]);
                }
            } else {
                out.extend_from_slice(b"\\N");
            }
        }
        None => out.extend_from_slice(b"\\N"),
    }
    out.push(b'\n');
}

/// The layer with its features in memory: a PostGIS layer's rows are read (streamed through the
/// cursor into a copy of the layer) for a command that works on features in memory; any other
/// layer is returned as it is.
pub(crate) fn in_memory(ctx: &mut Ctx<'_>, layer: Layer) -> Result<Layer> {
    let Some(source) = layer.postgis().cloned() else { return Ok(layer) };
    let found = query(ctx, &layer, &source, &Ask { geometry: true, ..Ask::default() })?;
    ctx.notice(format!(
        "read the {} features of the PostGIS layer '{}' into memory for {}",
        found.features.len(),
        layer.name,
        ctx.command()
    ));
    let mut copy = layer;
    copy.features = Arc::new(found.features);
    copy.source = LayerSource::Memory;
    Ok(copy)
}

/// A geodesic buffer computed by PostGIS (`ST_Buffer` on `geography`, `quad_segs` segments a
/// quarter circle) for a layer in longitude/latitude, streamed back: the features with their
/// attributes and buffered geometries.
pub(crate) fn buffer_in_database(
    ctx: &Ctx<'_>,
    layer: &Layer,
    source: &PostgisSource,
    metres: f64,
    segments: usize,
) -> Result<crate::geoprocessing::Derived> {
    let mut params = SqlParams::new();
    let distance = params.push(crate::Value::Float(metres));
    let style = params.push(crate::Value::String(format!("quad_segs={segments}")));
    let mut columns = vec![
        source.id_sql(),
        format!("ST_AsBinary(ST_Buffer(({})::geography, {distance}, {style})::geometry)", source.geometry_sql()),
    ];
    columns.extend(layer.fields.iter().map(|f| source.field_sql(f)));
    let query = crate::postgis::SqlQuery {
        sql: format!("SELECT {} FROM {} AS s", columns.join(", "), source.relation.from_sql()),
        params: params.into_values(),
    };
    let notice = format!("the buffer ran in PostGIS (ST_Buffer on geography) over '{}'", layer.name);
    derived_from_database(ctx, layer, source, &query, notice)
}

/// `vector.spatialJoin` with `summary: count` and `predicate: intersects` between two PostGIS
/// layers on one connection, run as one SQL query: each target feature with its attributes and
/// `join_count`, the number of join features it intersects (found through the join table's
/// spatial index).
pub(crate) fn count_join_in_database(
    ctx: &Ctx<'_>,
    target: &Layer,
    target_source: &PostgisSource,
    join_source: &PostgisSource,
) -> Result<crate::geoprocessing::Derived> {
    let join_geometry = join_source.geometry_sql_of("j");
    let mut join_geometry_in_target = join_geometry.clone();
    if join_source.srid != target_source.srid {
        join_geometry_in_target = format!("ST_Transform({join_geometry}, {})", target_source.srid);
    }
    let mut columns = vec![target_source.id_sql(), format!("ST_AsBinary({})", target_source.geometry_sql())];
    columns.extend(target.fields.iter().map(|f| target_source.field_sql(f)));
    columns.push(format!(
        "(SELECT count(*) FROM {} AS j WHERE ST_Intersects({}, {join_geometry_in_target}))::int8",
        join_source.relation.from_sql(),
        target_source.geometry_sql()
    ));
    let query = crate::postgis::SqlQuery {
        sql: format!("SELECT {} FROM {} AS s", columns.join(", "), target_source.relation.from_sql()),
        params: Vec::new(),
    };
    let features = streamed(ctx, target_source, &query, target.fields.len() + 1)?;
    let mut fields = target.fields.as_ref().clone();
    let name = if fields.iter().any(|f| f.name == "join_count") { "join_count_2" } else { "join_count" };
    fields.push(crate::layer::Field::new(name, crate::FieldType::Integer));
    Ok(crate::geoprocessing::Derived {
        fields,
        features,
        notices: vec![format!("the join ran in PostGIS (ST_Intersects, one query over '{}')", target.name)],
    })
}

/// An overlay of two layers that runs in their database when both are PostGIS layers on one
/// connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overlay {
    /// Each feature cut to the overlay's polygons (`vector.clip`).
    Clip,
    /// Each overlapping pair's common part (`vector.intersection`).
    Intersection,
    /// Both layers' polygons in pieces (`vector.union`).
    Union,
    /// Each feature minus the overlay's polygons (`vector.difference`).
    Difference,
}

impl Overlay {
    /// The operation's name, as in notices.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Overlay::Clip => "clip",
            Overlay::Intersection => "intersection",
            Overlay::Union => "union",
            Overlay::Difference => "difference",
        }
    }

    /// Whether the result has new ids and the overlay's fields after the layer's (else it keeps
    /// the layer's ids and fields).
    fn pairs_features(self) -> bool {
        matches!(self, Overlay::Intersection | Overlay::Union)
    }
}

/// The sources of `layer` and `overlay` when `operation` can run in their database: both are
/// PostGIS layers on the same connection and the overlay holds polygons (and, for a union, the
/// layer too, as in memory). `None`: the overlay runs in memory.
pub(crate) fn overlay_sources<'a>(
    operation: Overlay,
    layer: &'a Layer,
    overlay: &'a Layer,
) -> Option<(&'a PostgisSource, &'a PostgisSource)> {
    let (source, other) = (layer.postgis()?, overlay.postgis()?);
    let polygons = |s: &PostgisSource| s.geometry_kind == crate::GeometryKind::Polygon;
    let same_database = source.connection == other.connection;
    (same_database && polygons(other) && (operation != Overlay::Union || polygons(source))).then_some((source, other))
}

/// An overlay of two PostGIS layers on one connection, run as one SQL query with the same
/// features, ids, fields and geometry kinds as the overlay in memory: pairs are found with
/// `ST_Intersects` (through the overlay's spatial index when both share an SRID; else the
/// overlay is transformed to the layer's SRID), cut with `ST_Intersection` or `ST_Difference`
/// by the overlay's polygons (their `ST_Union` where one feature meets several), invalid
/// geometries made valid first; each piece keeps its feature's dimension
/// (`ST_CollectionExtract`) and empty pieces are left out.
pub(crate) fn overlay_in_database(
    ctx: &Ctx<'_>,
    operation: Overlay,
    layer: &Layer,
    source: &PostgisSource,
    overlay: &Layer,
    overlay_source: &PostgisSource,
) -> Result<crate::geoprocessing::Derived> {
    let sql = overlay_sql(operation, layer, source, overlay, overlay_source);
    let query = crate::postgis::SqlQuery { sql, params: Vec::new() };
    let (fields, n_fields) = if operation.pairs_features() {
        (crate::geoprocessing::joined_fields(layer, overlay), layer.fields.len() + overlay.fields.len())
    } else {
        (layer.fields.as_ref().clone(), layer.fields.len())
    };
    let mut features = streamed(ctx, source, &query, n_fields)?;
    if operation.pairs_features() {
        for (idx, feature) in features.iter_mut().enumerate() {
            feature.id = idx as u64 + 1;
        }
    }
    let cut = match operation {
        Overlay::Clip | Overlay::Intersection => "ST_Intersection",
        Overlay::Union => "ST_Intersection and ST_Difference",
        Overlay::Difference => "ST_Difference",
    };
    let notice = format!(
        "the {} ran in PostGIS (ST_Intersects and {cut}, one query over '{}' and '{}')",
        operation.name(),
        layer.name,
        overlay.name
    );
    Ok(crate::geoprocessing::Derived { fields, features, notices: vec![notice] })
}

/// The one statement of an overlay: rows `id, wkb, fields…`, in the order the overlay in memory
/// makes them (by the layer's ids, then the overlay's).
fn overlay_sql(
    operation: Overlay,
    layer: &Layer,
    source: &PostgisSource,
    overlay: &Layer,
    overlay_source: &PostgisSource,
) -> String {
    let a_side = side_sql(source, &layer.fields, "a");
    let b_side = side_sql(overlay_source, &overlay.fields, "b");
    let valid = |g: &str| format!("CASE WHEN ST_IsValid({g}) THEN {g} ELSE ST_MakeValid({g}) END");
    // The overlay in the layer's SRID; the pair test keeps the raw columns where it can, so a
    // GiST index answers it.
    let b_geometry = if overlay_source.srid == source.srid {
        "b.g".to_owned()
    } else {
        format!("ST_Transform(b.g, {})", source.srid)
    };
    let meets = format!("ST_Intersects(a.g, {b_geometry})");
    let a_polygons = format!("ST_CollectionExtract({}, 3)", valid("a.g"));
    let b_polygons = format!("ST_CollectionExtract({}, 3)", valid(&b_geometry));
    // A piece of a feature keeps the feature's dimension: a point stays a point, the rest become
    // multi-geometries, as in memory.
    let piece = |cut: String| {
        format!(
            "CASE WHEN GeometryType(a.g) = 'POINT' THEN ST_CollectionExtract({cut}, 1) ELSE \
             ST_Multi(ST_CollectionExtract({cut}, ST_Dimension(a.g) + 1)) END"
        )
    };
    // The fields of each side as `a0`, `a1`… and `b0`, `b1`…; typed NULLs where a piece of a
    // union has no feature of that side.
    let a_fields = (0..layer.fields.len()).map(|idx| format!("a.f{idx} AS a{idx}")).collect::<Vec<_>>();
    let b_fields = (0..overlay.fields.len()).map(|idx| format!("b.f{idx} AS b{idx}")).collect::<Vec<_>>();
    let nulls = |fields: &[Field], side: &str| {
        let typed = fields.iter().enumerate();
        typed
            .map(|(idx, f)| format!("NULL::{} AS {side}{idx}", crate::postgis::sql_type(f.field_type)))
            .collect::<Vec<_>>()
    };
    let columns = |head: Vec<String>, fields: &[&[String]]| {
        head.iter().chain(fields.iter().flat_map(|f| f.iter())).cloned().collect::<Vec<_>>().join(", ")
    };
    // The union of the overlay's polygons that meet a feature of the layer (NULL when none do).
    let b_union = format!("(SELECT ST_Union({b_polygons}) AS geom FROM {b_side} WHERE {meets}) AS m");
    let (rows, order) = match operation {
        Overlay::Clip => (
            format!(
                "SELECT {} FROM {a_side} CROSS JOIN LATERAL {b_union} WHERE m.geom IS NOT NULL",
                columns(
                    vec![
                        "a.id AS k".to_owned(),
                        format!("{} AS piece", piece(format!("ST_Intersection({}, m.geom)", valid("a.g"))))
                    ],
                    &[&a_fields]
                )
            ),
            "k",
        ),
        Overlay::Difference => (
            format!(
                "SELECT {} FROM {a_side} CROSS JOIN LATERAL {b_union} WHERE a.g IS NOT NULL",
                columns(
                    vec![
                        "a.id AS k".to_owned(),
                        format!(
                            "CASE WHEN m.geom IS NULL THEN {} ELSE {} END AS piece",
                            valid("a.g"),
                            piece(format!("ST_Difference({}, m.geom)", valid("a.g")))
                        ),
                    ],
                    &[&a_fields]
                )
            ),
            "k",
        ),
        Overlay::Intersection => (
            format!(
                "SELECT {} FROM {a_side} JOIN {b_side} ON {meets}",
                columns(
                    vec![
                        "a.id AS k".to_owned(),
                        "b.id AS k_b".to_owned(),
                        format!("{} AS piece", piece(format!("ST_Intersection({}, {b_polygons})", valid("a.g")))),
                    ],
                    &[&a_fields, &b_fields]
                )
            ),
            "k, k_b",
        ),
        Overlay::Union => {
            // Where both are, then where only the layer is (per feature of the layer), then where
            // only the overlay is: the order of the union in memory.
            let rest = |polygons: &str| {
                format!(
                    "CASE WHEN m.geom IS NULL THEN ST_Multi({polygons}) ELSE \
                     ST_Multi(ST_CollectionExtract(ST_Difference({polygons}, m.geom), 3)) END AS piece"
                )
            };
            let a_union = format!("(SELECT ST_Union({a_polygons}) AS geom FROM {a_side} WHERE {meets}) AS m");
            let both = format!(
                "SELECT {} FROM {a_side} JOIN {b_side} ON {meets}",
                columns(
                    vec![
                        "0 AS side".to_owned(),
                        "a.id AS k".to_owned(),
                        "0 AS part".to_owned(),
                        "b.id AS k_b".to_owned(),
                        format!(
                            "ST_Multi(ST_CollectionExtract(ST_Intersection({a_polygons}, {b_polygons}), 3)) AS piece"
                        ),
                    ],
                    &[&a_fields, &b_fields]
                )
            );
            let only_a = format!(
                "SELECT {} FROM {a_side} CROSS JOIN LATERAL {b_union}",
                columns(
                    vec!["0".to_owned(), "a.id".to_owned(), "1".to_owned(), "NULL::int8".to_owned(), rest(&a_polygons)],
                    &[&a_fields, &nulls(&overlay.fields, "b")]
                )
            );
            let only_b = format!(
                "SELECT {} FROM {b_side} CROSS JOIN LATERAL {a_union}",
                columns(
                    vec!["1".to_owned(), "b.id".to_owned(), "1".to_owned(), "NULL::int8".to_owned(), rest(&b_polygons)],
                    &[&nulls(&layer.fields, "a"), &b_fields]
                )
            );
            (format!("{both} UNION ALL {only_a} UNION ALL {only_b}"), "side, k, part, k_b")
        }
    };
    let mut outer = vec!["k".to_owned(), "ST_AsBinary(piece)".to_owned()];
    outer.extend((0..layer.fields.len()).map(|idx| format!("a{idx}")));
    if operation.pairs_features() {
        outer.extend((0..overlay.fields.len()).map(|idx| format!("b{idx}")));
    }
    format!("SELECT {} FROM ({rows}) AS c WHERE NOT ST_IsEmpty(piece) ORDER BY {order}", outer.join(", "))
}
/// One side of an overlay as a derived table `a` or `b`: its id (`id`), its geometry column as it
/// is (`g`, which a GiST index answers) and its fields (`f0`, `f1`…).
fn side_sql(source: &PostgisSource, fields: &[Field], alias: &str) -> String {
    let mut columns = vec![format!("{} AS id", source.id_sql()), format!("{} AS g", source.geometry_sql())];
    columns.extend(fields.iter().enumerate().map(|(idx, f)| format!("{} AS f{idx}", source.field_sql(f))));
    format!("(SELECT {} FROM {} AS s) AS {alias}", columns.join(", "), source.relation.from_sql())
}

/// The features a query computed in the database, as a new layer's features with the layer's
/// fields, streamed through the cursor.
fn derived_from_database(
    ctx: &Ctx<'_>,
    layer: &Layer,
    source: &PostgisSource,
    query: &crate::postgis::SqlQuery,
    notice: String,
) -> Result<crate::geoprocessing::Derived> {
    let features = streamed(ctx, source, query, layer.fields.len())?;
    Ok(crate::geoprocessing::Derived { fields: layer.fields.as_ref().clone(), features, notices: vec![notice] })
}

/// The features of a query's rows (`id, wkb`, then `n_fields` fields), streamed through the
/// cursor, cancellation looked at every 4,096 features.
fn streamed(
    ctx: &Ctx<'_>,
    source: &PostgisSource,
    query: &crate::postgis::SqlQuery,
    n_fields: usize,
) -> Result<Vec<Feature>> {
    let mut features = Vec::new();
    for item in source.features(query, n_fields)? {
        features.push(item?.0);
        if features.len() % 4096 == 0 {
            ctx.check_cancelled()?;
        }
    }
    Ok(features)
}

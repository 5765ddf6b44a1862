//! The C API of PROJ 9.6 that RustGIS calls, declared by hand (only what `engine.rs` uses), and
//! the hook through which PROJ reads its database from memory.
//!
//! PROJ is compiled by `build.rs` from `vendor/proj` with `EMBED_RESOURCE_FILES`: when it finds no
//! `proj.db` on its search paths it asks `pj_get_embedded_proj_db`, answered here with the
//! database `build.rs` made from PROJ's SQL, inflated once per process. Everything unsafe about
//! PROJ stays in this file and in `engine.rs`, which owns every pointer declared here.
#![allow(unsafe_code, non_camel_case_types, dead_code)]

use std::ffi::{c_char, c_double, c_int, c_uint, c_void};

// PROJ (and the libtiff built with it) call SQLite and zlib: these crates bring their static
// libraries into every link, also in builds where nothing else in Rust uses them.
use libsqlite3_sys as _;
use libz_sys as _;
use std::io::Read;
use std::sync::OnceLock;

/// A PROJ context: one per thread (PROJ objects are not thread-safe).
#[repr(C)]
pub(crate) struct PJ_CONTEXT {
    _private: [u8; 0],
}

/// A PROJ object: a CRS, a coordinate operation, an ellipsoid…
#[repr(C)]
pub(crate) struct PJ {
    _private: [u8; 0],
}

/// A list of PROJ objects.
#[repr(C)]
pub(crate) struct PJ_OBJ_LIST {
    _private: [u8; 0],
}

/// Options of an operation search.
#[repr(C)]
pub(crate) struct PJ_OPERATION_FACTORY_CONTEXT {
    _private: [u8; 0],
}

/// A coordinate: four doubles (x, y, z, t) whatever their meaning.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct PJ_COORD {
    pub(crate) v: [c_double; 4],
}

/// `PJ_TYPE` values RustGIS tells apart.
pub(crate) type PJ_TYPE = c_int;
pub(crate) const PJ_TYPE_UNKNOWN: PJ_TYPE = 0;
pub(crate) const PJ_TYPE_CRS: PJ_TYPE = 8;
pub(crate) const PJ_TYPE_GEODETIC_CRS: PJ_TYPE = 9;
pub(crate) const PJ_TYPE_GEOCENTRIC_CRS: PJ_TYPE = 10;
pub(crate) const PJ_TYPE_GEOGRAPHIC_CRS: PJ_TYPE = 11;
pub(crate) const PJ_TYPE_GEOGRAPHIC_2D_CRS: PJ_TYPE = 12;
pub(crate) const PJ_TYPE_GEOGRAPHIC_3D_CRS: PJ_TYPE = 13;
pub(crate) const PJ_TYPE_VERTICAL_CRS: PJ_TYPE = 14;
pub(crate) const PJ_TYPE_PROJECTED_CRS: PJ_TYPE = 15;
pub(crate) const PJ_TYPE_COMPOUND_CRS: PJ_TYPE = 16;
pub(crate) const PJ_TYPE_TEMPORAL_CRS: PJ_TYPE = 17;
pub(crate) const PJ_TYPE_ENGINEERING_CRS: PJ_TYPE = 18;
pub(crate) const PJ_TYPE_BOUND_CRS: PJ_TYPE = 19;
pub(crate) const PJ_TYPE_OTHER_CRS: PJ_TYPE = 20;
pub(crate) const PJ_TYPE_CONVERSION: PJ_TYPE = 21;
pub(crate) const PJ_TYPE_TRANSFORMATION: PJ_TYPE = 22;
pub(crate) const PJ_TYPE_CONCATENATED_OPERATION: PJ_TYPE = 23;
pub(crate) const PJ_TYPE_OTHER_COORDINATE_OPERATION: PJ_TYPE = 24;
pub(crate) const PJ_TYPE_DERIVED_PROJECTED_CRS: PJ_TYPE = 28;

/// `PJ_WKT_TYPE`.
pub(crate) type PJ_WKT_TYPE = c_int;
pub(crate) const PJ_WKT2_2019: PJ_WKT_TYPE = 2;
pub(crate) const PJ_WKT1_GDAL: PJ_WKT_TYPE = 4;
pub(crate) const PJ_WKT1_ESRI: PJ_WKT_TYPE = 5;

/// `PJ_PROJ_STRING_TYPE`.
pub(crate) const PJ_PROJ_5: c_int = 0;
pub(crate) const PJ_PROJ_4: c_int = 1;

/// `PJ_COMPARISON_CRITERION`.
pub(crate) const PJ_COMP_EQUIVALENT: c_int = 1;
pub(crate) const PJ_COMP_EQUIVALENT_EXCEPT_AXIS_ORDER_GEOGCRS: c_int = 2;

/// `PJ_DIRECTION`.
pub(crate) const PJ_FWD: c_int = 1;
pub(crate) const PJ_INV: c_int = -1;

/// `PJ_LOG_LEVEL`.
pub(crate) const PJ_LOG_ERROR: c_int = 1;

/// `PJ_COORDINATE_SYSTEM_TYPE`.
pub(crate) const PJ_CS_TYPE_CARTESIAN: c_int = 1;
pub(crate) const PJ_CS_TYPE_ELLIPSOIDAL: c_int = 2;
pub(crate) const PJ_CS_TYPE_SPHERICAL: c_int = 4;

/// `PROJ_GRID_AVAILABILITY_USE`.
pub(crate) const PROJ_GRID_AVAILABILITY_USED_FOR_SORTING: c_int = 0;
pub(crate) const PROJ_GRID_AVAILABILITY_IGNORED: c_int = 2;

/// `PROJ_SPATIAL_CRITERION`.
pub(crate) const PROJ_SPATIAL_CRITERION_PARTIAL_INTERSECTION: c_int = 1;

/// `PROJ_CRS_INFO` (the fields PROJ 9.6 has; only read, never allocated here).
#[repr(C)]
pub(crate) struct PROJ_CRS_INFO {
    pub(crate) auth_name: *mut c_char,
    pub(crate) code: *mut c_char,
    pub(crate) name: *mut c_char,
    pub(crate) kind: PJ_TYPE,
    pub(crate) deprecated: c_int,
    pub(crate) bbox_valid: c_int,
    pub(crate) west_lon_degree: c_double,
    pub(crate) south_lat_degree: c_double,
    pub(crate) east_lon_degree: c_double,
    pub(crate) north_lat_degree: c_double,
    pub(crate) area_name: *mut c_char,
    pub(crate) projection_method_name: *mut c_char,
    pub(crate) celestial_body_name: *mut c_char,
}

/// `PROJ_CRS_LIST_PARAMETERS` (allocated by PROJ, fields set here).
#[repr(C)]
pub(crate) struct PROJ_CRS_LIST_PARAMETERS {
    pub(crate) types: *const PJ_TYPE,
    pub(crate) types_count: usize,
    pub(crate) crs_area_of_use_contains_bbox: c_int,
    pub(crate) bbox_valid: c_int,
    pub(crate) west_lon_degree: c_double,
    pub(crate) south_lat_degree: c_double,
    pub(crate) east_lon_degree: c_double,
    pub(crate) north_lat_degree: c_double,
    pub(crate) allow_deprecated: c_int,
    pub(crate) celestial_body_name: *const c_char,
}

/// `PJ_CATEGORY`.
pub(crate) const PJ_CATEGORY_ELLIPSOID: c_int = 0;
pub(crate) const PJ_CATEGORY_CRS: c_int = 3;
pub(crate) const PJ_CATEGORY_COORDINATE_OPERATION: c_int = 4;

/// `PJ_UNIT_TYPE`.
pub(crate) const PJ_UT_ANGULAR: c_int = 0;
pub(crate) const PJ_UT_LINEAR: c_int = 1;
pub(crate) const PJ_UT_SCALE: c_int = 2;

/// `PJ_CARTESIAN_CS_2D_TYPE` and `PJ_ELLIPSOIDAL_CS_2D_TYPE`.
pub(crate) const PJ_CART2D_EASTING_NORTHING: c_int = 0;
pub(crate) const PJ_ELLPS2D_LONGITUDE_LATITUDE: c_int = 0;

/// `PJ_PARAM_DESCRIPTION`: one parameter of a conversion.
#[repr(C)]
pub(crate) struct PJ_PARAM_DESCRIPTION {
    pub(crate) name: *const c_char,
    pub(crate) auth_name: *const c_char,
    pub(crate) code: *const c_char,
    pub(crate) value: c_double,
    pub(crate) unit_name: *const c_char,
    pub(crate) unit_conv_factor: c_double,
    pub(crate) unit_type: c_int,
}

/// A log callback: `(app_data, level, message)`.
pub(crate) type PJ_LOG_FUNCTION = Option<unsafe extern "C" fn(*mut c_void, c_int, *const c_char)>;

unsafe extern "C" {
    pub(crate) fn proj_context_create() -> *mut PJ_CONTEXT;
    pub(crate) fn proj_context_destroy(ctx: *mut PJ_CONTEXT) -> *mut PJ_CONTEXT;
    pub(crate) fn proj_context_set_search_paths(ctx: *mut PJ_CONTEXT, count: c_int, paths: *const *const c_char);
    pub(crate) fn proj_context_set_database_path(
        ctx: *mut PJ_CONTEXT,
        path: *const c_char,
        aux: *const *const c_char,
        options: *const *const c_char,
    ) -> c_int;
    pub(crate) fn proj_context_set_enable_network(ctx: *mut PJ_CONTEXT, enabled: c_int) -> c_int;
    pub(crate) fn proj_context_errno(ctx: *mut PJ_CONTEXT) -> c_int;
    pub(crate) fn proj_context_errno_string(ctx: *mut PJ_CONTEXT, err: c_int) -> *const c_char;
    pub(crate) fn proj_log_level(ctx: *mut PJ_CONTEXT, level: c_int) -> c_int;
    pub(crate) fn proj_log_func(ctx: *mut PJ_CONTEXT, app_data: *mut c_void, logf: PJ_LOG_FUNCTION);

    pub(crate) fn proj_create(ctx: *mut PJ_CONTEXT, definition: *const c_char) -> *mut PJ;
    pub(crate) fn proj_create_from_database(
        ctx: *mut PJ_CONTEXT,
        auth_name: *const c_char,
        code: *const c_char,
        category: c_int,
        use_proj_alternative_grid_names: c_int,
        options: *const *const c_char,
    ) -> *mut PJ;
    pub(crate) fn proj_destroy(p: *mut PJ) -> *mut PJ;
    pub(crate) fn proj_get_type(p: *const PJ) -> PJ_TYPE;
    pub(crate) fn proj_is_crs(p: *const PJ) -> c_int;
    pub(crate) fn proj_get_name(p: *const PJ) -> *const c_char;
    pub(crate) fn proj_get_id_auth_name(p: *const PJ, index: c_int) -> *const c_char;
    pub(crate) fn proj_get_id_code(p: *const PJ, index: c_int) -> *const c_char;
    pub(crate) fn proj_is_deprecated(p: *const PJ) -> c_int;
    pub(crate) fn proj_is_equivalent_to_with_ctx(
        ctx: *mut PJ_CONTEXT,
        a: *const PJ,
        b: *const PJ,
        criterion: c_int,
    ) -> c_int;
    pub(crate) fn proj_get_area_of_use(
        ctx: *mut PJ_CONTEXT,
        p: *const PJ,
        west: *mut c_double,
        south: *mut c_double,
        east: *mut c_double,
        north: *mut c_double,
        area_name: *mut *const c_char,
    ) -> c_int;
    pub(crate) fn proj_as_wkt(
        ctx: *mut PJ_CONTEXT,
        p: *const PJ,
        kind: PJ_WKT_TYPE,
        options: *const *const c_char,
    ) -> *const c_char;
    pub(crate) fn proj_as_projjson(ctx: *mut PJ_CONTEXT, p: *const PJ, options: *const *const c_char) -> *const c_char;
    pub(crate) fn proj_as_proj_string(
        ctx: *mut PJ_CONTEXT,
        p: *const PJ,
        kind: c_int,
        options: *const *const c_char,
    ) -> *const c_char;
    pub(crate) fn proj_identify(
        ctx: *mut PJ_CONTEXT,
        p: *const PJ,
        auth_name: *const c_char,
        options: *const *const c_char,
        confidence: *mut *mut c_int,
    ) -> *mut PJ_OBJ_LIST;
    pub(crate) fn proj_int_list_destroy(list: *mut c_int);
    pub(crate) fn proj_list_get_count(list: *const PJ_OBJ_LIST) -> c_int;
    pub(crate) fn proj_list_get(ctx: *mut PJ_CONTEXT, list: *const PJ_OBJ_LIST, index: c_int) -> *mut PJ;
    pub(crate) fn proj_list_destroy(list: *mut PJ_OBJ_LIST);

    pub(crate) fn proj_crs_get_coordinate_system(ctx: *mut PJ_CONTEXT, crs: *const PJ) -> *mut PJ;
    pub(crate) fn proj_cs_get_type(ctx: *mut PJ_CONTEXT, cs: *const PJ) -> c_int;
    pub(crate) fn proj_cs_get_axis_count(ctx: *mut PJ_CONTEXT, cs: *const PJ) -> c_int;
    pub(crate) fn proj_cs_get_axis_info(
        ctx: *mut PJ_CONTEXT,
        cs: *const PJ,
        index: c_int,
        name: *mut *const c_char,
        abbrev: *mut *const c_char,
        direction: *mut *const c_char,
        unit_conv_factor: *mut c_double,
        unit_name: *mut *const c_char,
        unit_auth_name: *mut *const c_char,
        unit_code: *mut *const c_char,
    ) -> c_int;
    pub(crate) fn proj_crs_get_geodetic_crs(ctx: *mut PJ_CONTEXT, crs: *const PJ) -> *mut PJ;
    pub(crate) fn proj_crs_get_sub_crs(ctx: *mut PJ_CONTEXT, crs: *const PJ, index: c_int) -> *mut PJ;
    pub(crate) fn proj_get_source_crs(ctx: *mut PJ_CONTEXT, p: *const PJ) -> *mut PJ;
    pub(crate) fn proj_crs_get_datum_forced(ctx: *mut PJ_CONTEXT, crs: *const PJ) -> *mut PJ;
    pub(crate) fn proj_get_ellipsoid(ctx: *mut PJ_CONTEXT, p: *const PJ) -> *mut PJ;
    pub(crate) fn proj_ellipsoid_get_parameters(
        ctx: *mut PJ_CONTEXT,
        ellipsoid: *const PJ,
        semi_major: *mut c_double,
        semi_minor: *mut c_double,
        is_semi_minor_computed: *mut c_int,
        inv_flattening: *mut c_double,
    ) -> c_int;
    pub(crate) fn proj_get_celestial_body_name(ctx: *mut PJ_CONTEXT, p: *const PJ) -> *const c_char;
    pub(crate) fn proj_crs_get_coordoperation(ctx: *mut PJ_CONTEXT, crs: *const PJ) -> *mut PJ;
    pub(crate) fn proj_coordoperation_get_method_info(
        ctx: *mut PJ_CONTEXT,
        op: *const PJ,
        method_name: *mut *const c_char,
        method_auth_name: *mut *const c_char,
        method_code: *mut *const c_char,
    ) -> c_int;
    pub(crate) fn proj_crs_demote_to_2D(ctx: *mut PJ_CONTEXT, name: *const c_char, crs: *const PJ) -> *mut PJ;

    pub(crate) fn proj_create_crs_to_crs_from_pj(
        ctx: *mut PJ_CONTEXT,
        source: *const PJ,
        target: *const PJ,
        area: *mut c_void,
        options: *const *const c_char,
    ) -> *mut PJ;
    pub(crate) fn proj_normalize_for_visualization(ctx: *mut PJ_CONTEXT, p: *const PJ) -> *mut PJ;
    pub(crate) fn proj_trans(p: *mut PJ, direction: c_int, coord: PJ_COORD) -> PJ_COORD;
    pub(crate) fn proj_trans_generic(
        p: *mut PJ,
        direction: c_int,
        x: *mut c_double,
        sx: usize,
        nx: usize,
        y: *mut c_double,
        sy: usize,
        ny: usize,
        z: *mut c_double,
        sz: usize,
        nz: usize,
        t: *mut c_double,
        st: usize,
        nt: usize,
    ) -> usize;
    pub(crate) fn proj_trans_get_last_used_operation(p: *mut PJ) -> *mut PJ;
    pub(crate) fn proj_errno(p: *const PJ) -> c_int;
    pub(crate) fn proj_errno_reset(p: *const PJ) -> c_int;

    pub(crate) fn proj_create_operation_factory_context(
        ctx: *mut PJ_CONTEXT,
        authority: *const c_char,
    ) -> *mut PJ_OPERATION_FACTORY_CONTEXT;
    pub(crate) fn proj_operation_factory_context_destroy(factory: *mut PJ_OPERATION_FACTORY_CONTEXT);
    pub(crate) fn proj_operation_factory_context_set_grid_availability_use(
        ctx: *mut PJ_CONTEXT,
        factory: *mut PJ_OPERATION_FACTORY_CONTEXT,
        use_: c_int,
    );
    pub(crate) fn proj_operation_factory_context_set_spatial_criterion(
        ctx: *mut PJ_CONTEXT,
        factory: *mut PJ_OPERATION_FACTORY_CONTEXT,
        criterion: c_int,
    );
    pub(crate) fn proj_operation_factory_context_set_area_of_interest(
        ctx: *mut PJ_CONTEXT,
        factory: *mut PJ_OPERATION_FACTORY_CONTEXT,
        west: c_double,
        south: c_double,
        east: c_double,
        north: c_double,
    );
    pub(crate) fn proj_create_operations(
        ctx: *mut PJ_CONTEXT,
        source: *const PJ,
        target: *const PJ,
        factory: *const PJ_OPERATION_FACTORY_CONTEXT,
    ) -> *mut PJ_OBJ_LIST;
    pub(crate) fn proj_coordoperation_is_instantiable(ctx: *mut PJ_CONTEXT, op: *const PJ) -> c_int;
    pub(crate) fn proj_coordoperation_has_ballpark_transformation(ctx: *mut PJ_CONTEXT, op: *const PJ) -> c_int;
    pub(crate) fn proj_coordoperation_get_accuracy(ctx: *mut PJ_CONTEXT, op: *const PJ) -> c_double;
    pub(crate) fn proj_coordoperation_get_grid_used_count(ctx: *mut PJ_CONTEXT, op: *const PJ) -> c_int;
    pub(crate) fn proj_coordoperation_get_grid_used(
        ctx: *mut PJ_CONTEXT,
        op: *const PJ,
        index: c_int,
        short_name: *mut *const c_char,
        full_name: *mut *const c_char,
        package_name: *mut *const c_char,
        url: *mut *const c_char,
        direct_download: *mut c_int,
        open_license: *mut c_int,
        available: *mut c_int,
    ) -> c_int;
    pub(crate) fn proj_concatoperation_get_step_count(ctx: *mut PJ_CONTEXT, op: *const PJ) -> c_int;
    pub(crate) fn proj_concatoperation_get_step(ctx: *mut PJ_CONTEXT, op: *const PJ, index: c_int) -> *mut PJ;

    pub(crate) fn proj_uom_get_info_from_database(
        ctx: *mut PJ_CONTEXT,
        auth_name: *const c_char,
        code: *const c_char,
        out_name: *mut *const c_char,
        out_conv_factor: *mut c_double,
        out_category: *mut *const c_char,
    ) -> c_int;
    pub(crate) fn proj_create_ellipsoidal_2D_cs(
        ctx: *mut PJ_CONTEXT,
        kind: c_int,
        unit_name: *const c_char,
        unit_conv_factor: c_double,
    ) -> *mut PJ;
    pub(crate) fn proj_create_cartesian_2D_cs(
        ctx: *mut PJ_CONTEXT,
        kind: c_int,
        unit_name: *const c_char,
        unit_conv_factor: c_double,
    ) -> *mut PJ;
    pub(crate) fn proj_create_geographic_crs(
        ctx: *mut PJ_CONTEXT,
        crs_name: *const c_char,
        datum_name: *const c_char,
        ellps_name: *const c_char,
        semi_major_metre: c_double,
        inv_flattening: c_double,
        prime_meridian_name: *const c_char,
        prime_meridian_offset: c_double,
        pm_angular_units: *const c_char,
        pm_units_conv: c_double,
        ellipsoidal_cs: *const PJ,
    ) -> *mut PJ;
    pub(crate) fn proj_create_conversion(
        ctx: *mut PJ_CONTEXT,
        name: *const c_char,
        auth_name: *const c_char,
        code: *const c_char,
        method_name: *const c_char,
        method_auth_name: *const c_char,
        method_code: *const c_char,
        param_count: c_int,
        params: *const PJ_PARAM_DESCRIPTION,
    ) -> *mut PJ;
    pub(crate) fn proj_create_projected_crs(
        ctx: *mut PJ_CONTEXT,
        crs_name: *const c_char,
        geodetic_crs: *const PJ,
        conversion: *const PJ,
        coordinate_system: *const PJ,
    ) -> *mut PJ;
    pub(crate) fn proj_crs_alter_cs_linear_unit(
        ctx: *mut PJ_CONTEXT,
        obj: *const PJ,
        linear_units: *const c_char,
        linear_units_conv: c_double,
        unit_auth_name: *const c_char,
        unit_code: *const c_char,
    ) -> *mut PJ;
    pub(crate) fn proj_crs_alter_parameters_linear_unit(
        ctx: *mut PJ_CONTEXT,
        obj: *const PJ,
        linear_units: *const c_char,
        linear_units_conv: c_double,
        unit_auth_name: *const c_char,
        unit_code: *const c_char,
        convert_to_new_unit: c_int,
    ) -> *mut PJ;
    pub(crate) fn proj_get_crs_list_parameters_create() -> *mut PROJ_CRS_LIST_PARAMETERS;
    pub(crate) fn proj_get_crs_list_parameters_destroy(params: *mut PROJ_CRS_LIST_PARAMETERS);
    pub(crate) fn proj_get_crs_info_list_from_database(
        ctx: *mut PJ_CONTEXT,
        auth_name: *const c_char,
        params: *const PROJ_CRS_LIST_PARAMETERS,
        out_count: *mut c_int,
    ) -> *mut *mut PROJ_CRS_INFO;
    pub(crate) fn proj_crs_info_list_destroy(list: *mut *mut PROJ_CRS_INFO);
}

/// `proj.db`, inflated from what `build.rs` embedded, once per process.
pub(crate) fn proj_db() -> &'static [u8] {
    static DB: OnceLock<Box<[u8]>> = OnceLock::new();
    DB.get_or_init(|| {
        let deflated: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/proj.db.deflate"));
        let size: usize = include_str!(concat!(env!("OUT_DIR"), "/proj.db.len")).trim().parse().unwrap_or(0);
        let mut db = Vec::with_capacity(size);
        // The bytes were deflated by build.rs in this same build: they inflate, or nothing was
        // embedded and PROJ reports that it found no database.
        if flate2::read::DeflateDecoder::new(deflated).read_to_end(&mut db).is_err() {
            db.clear();
        }
        db.into_boxed_slice()
    })
}

/// PROJ's hook for its database when `proj.db` is not found on its search paths.
///
/// # Safety
/// PROJ passes a valid pointer for the size.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn pj_get_embedded_proj_db(size: *mut c_uint) -> *const u8 {
    let db = proj_db();
    if !size.is_null() {
        // SAFETY: PROJ gives a pointer to its own `unsigned int`.
        unsafe { *size = c_uint::try_from(db.len()).unwrap_or(0) };
    }
    if db.is_empty() { std::ptr::null() } else { db.as_ptr() }
}

/// PROJ's hook for other embedded files (`proj.ini`, grids): RustGIS embeds none, so PROJ looks
/// for them on its search paths only.
///
/// # Safety
/// PROJ passes a valid pointer for the size.
#[unsafe(no_mangle)]
pub(crate) unsafe extern "C" fn pj_get_embedded_resource(_filename: *const c_char, size: *mut c_uint) -> *const u8 {
    if !size.is_null() {
        // SAFETY: PROJ gives a pointer to its own `unsigned int`.
        unsafe { *size = 0 };
    }
    std::ptr::null()
}

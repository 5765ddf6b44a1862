//! PROJ behind a safe face: one PROJ context per thread (PROJ objects must not be shared between
//! threads), the CRS objects and transformations each thread has built, cached, and the facts
//! RustGIS reads from PROJ (a CRS's kind, units, area of use; the operation a transformation
//! uses and its accuracy) turned into plain Rust values.
//!
//! Every raw pointer from `proj_ffi` is owned here: [`Pj`] destroys its object, a context is
//! destroyed after every object built in it ([`ThreadState`]'s `Drop`), and strings PROJ returns
//! are copied before the next call into PROJ can free them.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::ptr::{self, NonNull};
use std::rc::Rc;

use super::Crs;
use super::proj_ffi as ffi;

/// A PROJ object owned by the thread that built it.
pub(crate) struct Pj(NonNull<ffi::PJ>);

impl Pj {
    fn new(raw: *mut ffi::PJ) -> Option<Pj> {
        NonNull::new(raw).map(Pj)
    }

    pub(crate) fn as_ptr(&self) -> *mut ffi::PJ {
        self.0.as_ptr()
    }

    pub(crate) fn kind(&self) -> ffi::PJ_TYPE {
        // SAFETY: the object is alive while `self` is.
        unsafe { ffi::proj_get_type(self.as_ptr()) }
    }

    pub(crate) fn name(&self) -> String {
        // SAFETY: the object is alive; PROJ returns a string it owns, copied at once.
        unsafe { string(ffi::proj_get_name(self.as_ptr())) }.unwrap_or_default()
    }

    /// The object's first identifier (`EPSG`, `4326`), if it has one.
    pub(crate) fn id(&self) -> Option<(String, String)> {
        // SAFETY: as above.
        let auth = unsafe { string(ffi::proj_get_id_auth_name(self.as_ptr(), 0)) }?;
        let code = unsafe { string(ffi::proj_get_id_code(self.as_ptr(), 0)) }?;
        Some((auth, code))
    }

    pub(crate) fn is_crs(&self) -> bool {
        // SAFETY: the object is alive.
        unsafe { ffi::proj_is_crs(self.as_ptr()) != 0 }
    }
}

impl Drop for Pj {
    fn drop(&mut self) {
        // SAFETY: `Pj` owns the object; its context outlives it (see `ThreadState`).
        unsafe { ffi::proj_destroy(self.as_ptr()) };
    }
}

/// A copy of a C string PROJ returned; `None` for a null pointer.
///
/// # Safety
/// `raw` is null or points to a NUL-terminated string alive for this call.
unsafe fn string(raw: *const c_char) -> Option<String> {
    if raw.is_null() {
        return None;
    }
    // SAFETY: the caller promises a live, NUL-terminated string.
    Some(unsafe { CStr::from_ptr(raw) }.to_string_lossy().into_owned())
}

/// A thread's PROJ context and what it built.
pub(crate) struct ThreadState {
    ctx: NonNull<ffi::PJ_CONTEXT>,
    /// The messages PROJ logged since the last [`ThreadState::take_log`] (errors only).
    log: Box<RefCell<Vec<String>>>,
    /// CRS objects by their definition text.
    crs: HashMap<String, Rc<Pj>>,
    /// Transformations by (source, target).
    transforms: HashMap<(Crs, Crs), Rc<Pj>>,
}

impl Drop for ThreadState {
    fn drop(&mut self) {
        // Objects first: they refer to the context.
        self.crs.clear();
        self.transforms.clear();
        // SAFETY: the context is ours and nothing built in it is left.
        unsafe { ffi::proj_context_destroy(self.ctx.as_ptr()) };
    }
}

/// Gathers PROJ's error messages in the thread's log, for the errors RustGIS reports.
unsafe extern "C" fn log_to_state(app_data: *mut c_void, _level: c_int, message: *const c_char) {
    if app_data.is_null() {
        return;
    }
    // SAFETY: `app_data` is the `RefCell` of the `ThreadState` that set this callback, alive
    // as long as its context; `message` is PROJ's NUL-terminated string.
    let log = unsafe { &*(app_data as *const RefCell<Vec<String>>) };
    if let (Some(text), Ok(mut log)) = (unsafe { string(message) }, log.try_borrow_mut())
        && log.len() < 16
    {
        log.push(text);
    }
}

/// The name PROJ's embedded database is opened by (see `factory.cpp`: `EMBEDDED_PROJ_DB`).
const EMBEDDED_DB: &CStr = c"__embedded_proj_db__";

impl ThreadState {
    fn new() -> Option<ThreadState> {
        // SAFETY: creating a context has no precondition.
        let ctx = NonNull::new(unsafe { ffi::proj_context_create() })?;
        let log: Box<RefCell<Vec<String>>> = Box::new(RefCell::new(Vec::new()));
        let state = ThreadState { ctx, log, crs: HashMap::new(), transforms: HashMap::new() };
        let raw = state.ctx.as_ptr();
        // SAFETY: the context is alive; the log's box is kept by `state` and outlives it (the
        // context is destroyed in `state`'s Drop before the box is freed).
        unsafe {
            ffi::proj_log_level(raw, ffi::PJ_LOG_ERROR);
            ffi::proj_log_func(raw, &*state.log as *const RefCell<Vec<String>> as *mut c_void, Some(log_to_state));
            ffi::proj_context_set_enable_network(raw, 0);
            // Always the database built into RustGIS, never a `proj.db` of another PROJ
            // version that happens to lie on a grid folder.
            ffi::proj_context_set_database_path(raw, EMBEDDED_DB.as_ptr(), ptr::null(), ptr::null());
        }
        let dirs: Vec<CString> =
            super::grid_folders().iter().filter_map(|p| CString::new(p.to_string_lossy().into_owned()).ok()).collect();
        let pointers: Vec<*const c_char> = dirs.iter().map(|d| d.as_ptr()).collect();
        // SAFETY: PROJ copies the paths during the call.
        unsafe {
            ffi::proj_context_set_search_paths(raw, pointers.len() as c_int, pointers.as_ptr());
        }
        state.take_log();
        Some(state)
    }

    pub(crate) fn ctx(&self) -> *mut ffi::PJ_CONTEXT {
        self.ctx.as_ptr()
    }

    /// PROJ's messages since the last call, joined; empty when it said nothing.
    pub(crate) fn take_log(&self) -> String {
        let mut log = self.log.borrow_mut();
        let text = log.join("; ");
        log.clear();
        text
    }

    /// A CRS object from any definition PROJ reads: `EPSG:4326`, a URN, WKT 1 (also ESRI's), WKT 2,
    /// PROJJSON, or a PROJ string (`+type=crs` is added when missing).
    pub(crate) fn create(&mut self, definition: &str) -> Result<Rc<Pj>, String> {
        if let Some(pj) = self.crs.get(definition) {
            return Ok(pj.clone());
        }
        let mut text = definition.trim().to_owned();
        if text.starts_with('+') && !text.contains("+type=crs") {
            text.push_str(" +type=crs");
        }
        let c = CString::new(text).map_err(|_| "the definition contains a NUL character".to_owned())?;
        // SAFETY: context and string are alive for the call.
        let pj = Pj::new(unsafe { ffi::proj_create(self.ctx(), c.as_ptr()) });
        let log = self.take_log();
        let pj = pj.ok_or_else(|| if log.is_empty() { "PROJ cannot read it".to_owned() } else { log })?;
        if !pj.is_crs() {
            return Err(format!("it defines a {}, not a coordinate reference system", type_words(pj.kind())));
        }
        let pj = Rc::new(pj);
        if self.crs.len() > 4096 {
            self.crs.clear();
        }
        self.crs.insert(definition.to_owned(), pj.clone());
        Ok(pj)
    }

    /// The transformation from one CRS to another as PROJ chooses it (`proj_create_crs_to_crs`:
    /// the best operation available for each point's area), with x = longitude/easting.
    pub(crate) fn transform(&mut self, from: Crs, to: Crs) -> Result<Rc<Pj>, String> {
        let key = (from, to);
        if let Some(pj) = self.transforms.get(&key) {
            return Ok(pj.clone());
        }
        let (source, target) = (self.create(&from.definition())?, self.create(&to.definition())?);
        let ctx = self.ctx();
        // SAFETY: both CRS objects and the context are alive; the result is owned by `Pj`.
        let raw = unsafe {
            ffi::proj_create_crs_to_crs_from_pj(ctx, source.as_ptr(), target.as_ptr(), ptr::null_mut(), ptr::null())
        };
        let op = Pj::new(raw).ok_or_else(|| self.take_log())?;
        // SAFETY: as above.
        let normal = Pj::new(unsafe { ffi::proj_normalize_for_visualization(ctx, op.as_ptr()) })
            .ok_or_else(|| self.take_log())?;
        self.take_log();
        let normal = Rc::new(normal);
        if self.transforms.len() > 1024 {
            self.transforms.clear();
        }
        self.transforms.insert(key, normal.clone());
        Ok(normal)
    }

    /// Text of a CRS in one of PROJ's forms.
    pub(crate) fn wkt(&self, pj: &Pj, kind: ffi::PJ_WKT_TYPE, multiline: bool) -> Option<String> {
        let opts = [if multiline { c"MULTILINE=YES".as_ptr() } else { c"MULTILINE=NO".as_ptr() }, ptr::null()];
        // SAFETY: objects alive, options a NULL-terminated array of static strings.
        let text = unsafe { string(ffi::proj_as_wkt(self.ctx(), pj.as_ptr(), kind, opts.as_ptr())) };
        self.take_log();
        text
    }

    pub(crate) fn projjson(&self, pj: &Pj) -> Option<String> {
        let opts = [c"MULTILINE=NO".as_ptr(), ptr::null()];
        // SAFETY: as above.
        let text = unsafe { string(ffi::proj_as_projjson(self.ctx(), pj.as_ptr(), opts.as_ptr())) };
        self.take_log();
        text
    }

    pub(crate) fn proj_string(&self, pj: &Pj) -> Option<String> {
        // SAFETY: as above.
        let text = unsafe { string(ffi::proj_as_proj_string(self.ctx(), pj.as_ptr(), ffi::PJ_PROJ_4, ptr::null())) };
        self.take_log();
        text
    }

    /// The codes of `authority` (`EPSG`, `ESRI`) PROJ finds the CRS equal to, with its confidence.
    pub(crate) fn identify(&self, pj: &Pj, authority: &CStr) -> Vec<(String, String, i32)> {
        let mut confidence: *mut c_int = ptr::null_mut();
        // SAFETY: objects alive; PROJ allocates the list and the confidences, freed below.
        let list =
            unsafe { ffi::proj_identify(self.ctx(), pj.as_ptr(), authority.as_ptr(), ptr::null(), &mut confidence) };
        let mut found = Vec::new();
        if !list.is_null() {
            // SAFETY: the list is valid until destroyed; `confidence` has one entry per item.
            let n = unsafe { ffi::proj_list_get_count(list) };
            for i in 0..n {
                let item = Pj::new(unsafe { ffi::proj_list_get(self.ctx(), list, i) });
                let level = if confidence.is_null() { 0 } else { unsafe { *confidence.add(i as usize) } };
                if let Some((auth, code)) = item.as_ref().and_then(Pj::id) {
                    found.push((auth, code, level));
                }
            }
            unsafe {
                ffi::proj_list_destroy(list);
                ffi::proj_int_list_destroy(confidence);
            }
        }
        self.take_log();
        found
    }

    pub(crate) fn equivalent(&self, a: &Pj, b: &Pj) -> bool {
        // SAFETY: objects alive.
        unsafe {
            ffi::proj_is_equivalent_to_with_ctx(
                self.ctx(),
                a.as_ptr(),
                b.as_ptr(),
                ffi::PJ_COMP_EQUIVALENT_EXCEPT_AXIS_ORDER_GEOGCRS,
            ) != 0
        }
    }

    /// A new object from a call that takes the context and one object.
    pub(crate) fn derive(
        &self,
        pj: &Pj,
        f: unsafe extern "C" fn(*mut ffi::PJ_CONTEXT, *const ffi::PJ) -> *mut ffi::PJ,
    ) -> Option<Pj> {
        // SAFETY: objects alive; `f` is one of PROJ's getters with this signature.
        let out = Pj::new(unsafe { f(self.ctx(), pj.as_ptr()) });
        self.take_log();
        out
    }

    pub(crate) fn sub_crs(&self, pj: &Pj, index: c_int) -> Option<Pj> {
        // SAFETY: objects alive.
        let out = Pj::new(unsafe { ffi::proj_crs_get_sub_crs(self.ctx(), pj.as_ptr(), index) });
        self.take_log();
        out
    }

    pub(crate) fn area_of_use(&self, pj: &Pj) -> Option<([f64; 4], String)> {
        let (mut w, mut s, mut e, mut n) = (0.0, 0.0, 0.0, 0.0);
        let mut name: *const c_char = ptr::null();
        // SAFETY: objects alive; out-pointers are ours.
        let ok =
            unsafe { ffi::proj_get_area_of_use(self.ctx(), pj.as_ptr(), &mut w, &mut s, &mut e, &mut n, &mut name) };
        let name = unsafe { string(name) }.unwrap_or_default();
        self.take_log();
        (ok != 0 && w > -1000.0).then_some(([w, s, e, n], name))
    }

    /// The axes of a CRS's coordinate system, with the system's `PJ_COORDINATE_SYSTEM_TYPE`.
    pub(crate) fn axes(&self, crs: &Pj) -> (c_int, Vec<Axis>) {
        let Some(cs) = self.derive(crs, ffi::proj_crs_get_coordinate_system) else { return (0, Vec::new()) };
        // SAFETY: objects alive; out-pointers are ours and strings copied at once.
        let kind = unsafe { ffi::proj_cs_get_type(self.ctx(), cs.as_ptr()) };
        let n = unsafe { ffi::proj_cs_get_axis_count(self.ctx(), cs.as_ptr()) };
        let mut axes = Vec::new();
        for i in 0..n.max(0) {
            let (mut name, mut abbrev, mut direction) = (ptr::null(), ptr::null(), ptr::null());
            let (mut unit, mut unit_auth, mut unit_code) = (ptr::null(), ptr::null(), ptr::null());
            let mut factor = 0.0;
            let ok = unsafe {
                ffi::proj_cs_get_axis_info(
                    self.ctx(),
                    cs.as_ptr(),
                    i,
                    &mut name,
                    &mut abbrev,
                    &mut direction,
                    &mut factor,
                    &mut unit,
                    &mut unit_auth,
                    &mut unit_code,
                )
            };
            if ok != 0 {
                let text = |p| unsafe { string(p) }.unwrap_or_default();
                axes.push(Axis {
                    name: text(name),
                    abbreviation: text(abbrev),
                    direction: text(direction),
                    unit: text(unit),
                    factor,
                });
            }
        }
        self.take_log();
        (kind, axes)
    }

    /// The ellipsoid's semi-major axis (metres) and inverse flattening (0 for a sphere).
    pub(crate) fn ellipsoid(&self, crs: &Pj) -> Option<(f64, f64, String)> {
        let ellipsoid = self.derive(crs, ffi::proj_get_ellipsoid)?;
        self.ellipsoid_parameters(&ellipsoid)
    }

    /// An ellipsoid object's semi-major axis, inverse flattening (0 for a sphere) and name.
    pub(crate) fn ellipsoid_parameters(&self, ellipsoid: &Pj) -> Option<(f64, f64, String)> {
        let (mut a, mut b, mut computed, mut inv_f) = (0.0, 0.0, 0, 0.0);
        // SAFETY: objects alive; out-pointers ours.
        let ok = unsafe {
            ffi::proj_ellipsoid_get_parameters(
                self.ctx(),
                ellipsoid.as_ptr(),
                &mut a,
                &mut b,
                &mut computed,
                &mut inv_f,
            )
        };
        self.take_log();
        (ok != 0).then(|| (a, inv_f, ellipsoid.name()))
    }

    pub(crate) fn celestial_body(&self, crs: &Pj) -> Option<String> {
        // SAFETY: objects alive.
        let body = unsafe { string(ffi::proj_get_celestial_body_name(self.ctx(), crs.as_ptr())) };
        self.take_log();
        body
    }

    /// The projection method of a projected CRS (`Transverse Mercator`…).
    pub(crate) fn method(&self, crs: &Pj) -> Option<String> {
        let op = self.derive(crs, ffi::proj_crs_get_coordoperation)?;
        let (mut name, mut auth, mut code) = (ptr::null(), ptr::null(), ptr::null());
        // SAFETY: objects alive; out-pointers ours.
        let ok = unsafe {
            ffi::proj_coordoperation_get_method_info(self.ctx(), op.as_ptr(), &mut name, &mut auth, &mut code)
        };
        let name = unsafe { string(name) };
        self.take_log();
        if ok != 0 { name } else { None }
    }

    pub(crate) fn is_deprecated(&self, pj: &Pj) -> bool {
        // SAFETY: object alive.
        unsafe { ffi::proj_is_deprecated(pj.as_ptr()) != 0 }
    }

    /// The candidate operations from one CRS to another, in PROJ's order of preference, with or
    /// without those whose grids are missing.
    pub(crate) fn operations(&self, from: &Pj, to: &Pj, area: Option<[f64; 4]>) -> Vec<Operation> {
        let ctx = self.ctx();
        // SAFETY: context alive; the factory context is destroyed below.
        let factory = unsafe { ffi::proj_create_operation_factory_context(ctx, ptr::null()) };
        if factory.is_null() {
            self.take_log();
            return Vec::new();
        }
        let mut found = Vec::new();
        unsafe {
            ffi::proj_operation_factory_context_set_grid_availability_use(
                ctx,
                factory,
                ffi::PROJ_GRID_AVAILABILITY_IGNORED,
            );
            ffi::proj_operation_factory_context_set_spatial_criterion(
                ctx,
                factory,
                ffi::PROJ_SPATIAL_CRITERION_PARTIAL_INTERSECTION,
            );
            if let Some([w, s, e, n]) = area {
                ffi::proj_operation_factory_context_set_area_of_interest(ctx, factory, w, s, e, n);
            }
            let list = ffi::proj_create_operations(ctx, from.as_ptr(), to.as_ptr(), factory);
            if !list.is_null() {
                let n = ffi::proj_list_get_count(list);
                for i in 0..n.min(50) {
                    if let Some(op) = Pj::new(ffi::proj_list_get(ctx, list, i)) {
                        found.push(self.describe_operation(&op));
                    }
                }
                ffi::proj_list_destroy(list);
            }
            ffi::proj_operation_factory_context_destroy(factory);
        }
        self.take_log();
        found
    }

    /// The name, accuracy and grids of one operation.
    pub(crate) fn describe_operation(&self, op: &Pj) -> Operation {
        let ctx = self.ctx();
        // SAFETY: objects alive; strings copied at once.
        unsafe {
            let accuracy = ffi::proj_coordoperation_get_accuracy(ctx, op.as_ptr());
            let instantiable = ffi::proj_coordoperation_is_instantiable(ctx, op.as_ptr()) != 0;
            let ballpark = ffi::proj_coordoperation_has_ballpark_transformation(ctx, op.as_ptr()) != 0;
            let n = ffi::proj_coordoperation_get_grid_used_count(ctx, op.as_ptr());
            let mut grids = Vec::new();
            for i in 0..n.max(0) {
                let (mut short, mut full, mut package, mut url) = (ptr::null(), ptr::null(), ptr::null(), ptr::null());
                let (mut direct, mut open, mut available) = (0, 0, 0);
                if ffi::proj_coordoperation_get_grid_used(
                    ctx,
                    op.as_ptr(),
                    i,
                    &mut short,
                    &mut full,
                    &mut package,
                    &mut url,
                    &mut direct,
                    &mut open,
                    &mut available,
                ) != 0
                {
                    grids.push(GridUse {
                        name: string(short).unwrap_or_default(),
                        url: string(url).filter(|u| !u.is_empty()),
                        available: available != 0,
                    });
                }
            }
            let id = op.id().map(|(a, c)| format!("{a}:{c}"));
            // A conversion (a projection on one datum) is exact; PROJ states no accuracy for it.
            let exact = self.only_conversions(op);
            self.take_log();
            Operation {
                name: op.name(),
                id,
                accuracy: if accuracy >= 0.0 { Some(accuracy) } else { exact.then_some(0.0) },
                instantiable,
                ballpark,
                grids,
            }
        }
    }

    /// A unit of the EPSG registry: its name, factor to SI (metres or radians) and category
    /// (`linear`, `angular`, `scale`…).
    pub(crate) fn unit_of_code(&self, code: u32) -> Option<(String, f64, String)> {
        let code = CString::new(code.to_string()).ok()?;
        let (mut name, mut factor, mut category) = (ptr::null(), 0.0, ptr::null());
        // SAFETY: context alive; strings copied at once.
        let ok = unsafe {
            ffi::proj_uom_get_info_from_database(
                self.ctx(),
                c"EPSG".as_ptr(),
                code.as_ptr(),
                &mut name,
                &mut factor,
                &mut category,
            )
        };
        let out = (ok != 0)
            .then(|| unsafe { (string(name).unwrap_or_default(), factor, string(category).unwrap_or_default()) });
        self.take_log();
        out
    }

    /// An object of the EPSG registry by category.
    pub(crate) fn registry_object(&self, code: u32, category: c_int) -> Option<Pj> {
        let code = CString::new(code.to_string()).ok()?;
        // SAFETY: context and strings alive for the call.
        let out = Pj::new(unsafe {
            ffi::proj_create_from_database(self.ctx(), c"EPSG".as_ptr(), code.as_ptr(), category, 0, ptr::null())
        });
        self.take_log();
        out
    }

    /// A geographic CRS (longitude, latitude) from its parts.
    pub(crate) fn geographic(&self, parts: &GeographicParts) -> Option<Pj> {
        let c = |s: &str| CString::new(s).unwrap_or_default();
        let (name, datum, ellipsoid) = (c(&parts.name), c(&parts.datum), c(&parts.ellipsoid));
        let (pm, unit) = (c(&parts.prime_meridian), c(&parts.angular_unit));
        // SAFETY: context and strings alive for the calls; the CS is owned by `Pj`.
        let cs = Pj::new(unsafe {
            ffi::proj_create_ellipsoidal_2D_cs(
                self.ctx(),
                ffi::PJ_ELLPS2D_LONGITUDE_LATITUDE,
                unit.as_ptr(),
                parts.angular_factor,
            )
        })?;
        let out = Pj::new(unsafe {
            ffi::proj_create_geographic_crs(
                self.ctx(),
                name.as_ptr(),
                datum.as_ptr(),
                ellipsoid.as_ptr(),
                parts.semi_major,
                parts.inverse_flattening,
                pm.as_ptr(),
                parts.prime_meridian_offset,
                unit.as_ptr(),
                parts.angular_factor,
                cs.as_ptr(),
            )
        });
        self.take_log();
        out
    }

    /// A projected CRS: `base` (geographic), a conversion made of a method and parameters (or one
    /// of the registry by its EPSG code), x/y in `linear` (name, metres).
    pub(crate) fn projected(&self, name: &str, base: &Pj, conversion: &Pj, linear: (&str, f64)) -> Option<Pj> {
        let (name, unit) = (CString::new(name).ok()?, CString::new(linear.0).ok()?);
        // SAFETY: objects and strings alive for the calls; results owned by `Pj`.
        let cs = Pj::new(unsafe {
            ffi::proj_create_cartesian_2D_cs(self.ctx(), ffi::PJ_CART2D_EASTING_NORTHING, unit.as_ptr(), linear.1)
        })?;
        let out = Pj::new(unsafe {
            ffi::proj_create_projected_crs(self.ctx(), name.as_ptr(), base.as_ptr(), conversion.as_ptr(), cs.as_ptr())
        });
        self.take_log();
        out
    }

    /// A conversion by method (name, EPSG code when it has one) and parameters.
    pub(crate) fn conversion(&self, method: &str, method_code: Option<u32>, params: &[Param]) -> Option<Pj> {
        let c = |s: &str| CString::new(s).unwrap_or_default();
        let method_name = c(method);
        let method_code = method_code.map(|m| c(&m.to_string()));
        let texts: Vec<(CString, CString, CString)> =
            params.iter().map(|p| (c(p.name), c(&p.epsg_code.to_string()), c(p.unit.0))).collect();
        let descriptions: Vec<ffi::PJ_PARAM_DESCRIPTION> = params
            .iter()
            .zip(&texts)
            .map(|(p, (name, code, unit))| ffi::PJ_PARAM_DESCRIPTION {
                name: name.as_ptr(),
                auth_name: if p.epsg_code > 0 { c"EPSG".as_ptr() } else { ptr::null() },
                code: if p.epsg_code > 0 { code.as_ptr() } else { ptr::null() },
                value: p.value,
                unit_name: unit.as_ptr(),
                unit_conv_factor: p.unit.1,
                unit_type: p.unit_type,
            })
            .collect();
        // SAFETY: every string and the array outlive the call.
        let out = Pj::new(unsafe {
            ffi::proj_create_conversion(
                self.ctx(),
                c"unnamed".as_ptr(),
                ptr::null(),
                ptr::null(),
                method_name.as_ptr(),
                if method_code.is_some() { c"EPSG".as_ptr() } else { ptr::null() },
                method_code.as_ref().map_or(ptr::null(), |m| m.as_ptr()),
                descriptions.len() as c_int,
                descriptions.as_ptr(),
            )
        });
        self.take_log();
        out
    }

    /// A projected CRS with its x/y (and false easting/northing, converted) in another linear unit.
    pub(crate) fn with_linear_unit(&self, crs: &Pj, unit: &str, metres: f64, code: u32) -> Option<Pj> {
        let (unit, code) = (CString::new(unit).ok()?, CString::new(code.to_string()).ok()?);
        // SAFETY: objects and strings alive for the calls.
        let params = Pj::new(unsafe {
            ffi::proj_crs_alter_parameters_linear_unit(
                self.ctx(),
                crs.as_ptr(),
                unit.as_ptr(),
                metres,
                c"EPSG".as_ptr(),
                code.as_ptr(),
                1,
            )
        })?;
        let out = Pj::new(unsafe {
            ffi::proj_crs_alter_cs_linear_unit(
                self.ctx(),
                params.as_ptr(),
                unit.as_ptr(),
                metres,
                c"EPSG".as_ptr(),
                code.as_ptr(),
            )
        });
        self.take_log();
        out
    }

    /// Whether an operation is a conversion, or a chain of conversions only.
    fn only_conversions(&self, op: &Pj) -> bool {
        match op.kind() {
            ffi::PJ_TYPE_CONVERSION => true,
            ffi::PJ_TYPE_CONCATENATED_OPERATION => {
                // SAFETY: object alive; each step is owned by `Pj`.
                let n = unsafe { ffi::proj_concatoperation_get_step_count(self.ctx(), op.as_ptr()) };
                n > 0
                    && (0..n).all(|i| {
                        Pj::new(unsafe { ffi::proj_concatoperation_get_step(self.ctx(), op.as_ptr(), i) })
                            .is_some_and(|step| step.kind() == ffi::PJ_TYPE_CONVERSION)
                    })
            }
            _ => false,
        }
    }

    /// CRSs of the database, filtered by `types` and an area, for `crs.search`.
    pub(crate) fn crs_list(&self, authority: Option<&CStr>, area: Option<[f64; 4]>) -> Vec<ListedCrs> {
        let ctx = self.ctx();
        let mut out = Vec::new();
        // SAFETY: PROJ allocates the parameters and the list, destroyed below; strings copied.
        unsafe {
            let params = ffi::proj_get_crs_list_parameters_create();
            if params.is_null() {
                return out;
            }
            if let Some([w, s, e, n]) = area {
                (*params).bbox_valid = 1;
                (*params).west_lon_degree = w;
                (*params).south_lat_degree = s;
                (*params).east_lon_degree = e;
                (*params).north_lat_degree = n;
                (*params).crs_area_of_use_contains_bbox = 0;
            }
            let mut count: c_int = 0;
            let list = ffi::proj_get_crs_info_list_from_database(
                ctx,
                authority.map_or(ptr::null(), CStr::as_ptr),
                params,
                &mut count,
            );
            if !list.is_null() {
                for i in 0..count.max(0) as usize {
                    let info = *list.add(i);
                    if info.is_null() {
                        continue;
                    }
                    let info = &*info;
                    out.push(ListedCrs {
                        authority: string(info.auth_name).unwrap_or_default(),
                        code: string(info.code).unwrap_or_default(),
                        name: string(info.name).unwrap_or_default(),
                        kind: info.kind,
                        deprecated: info.deprecated != 0,
                        area: (info.bbox_valid != 0).then_some([
                            info.west_lon_degree,
                            info.south_lat_degree,
                            info.east_lon_degree,
                            info.north_lat_degree,
                        ]),
                        area_name: string(info.area_name).unwrap_or_default(),
                        method: string(info.projection_method_name),
                        body: string(info.celestial_body_name),
                    });
                }
                ffi::proj_crs_info_list_destroy(list);
            }
            ffi::proj_get_crs_list_parameters_destroy(params);
        }
        self.take_log();
        out
    }
}

/// A geographic CRS's parts (names, ellipsoid, prime meridian, angular unit).
pub(crate) struct GeographicParts {
    pub(crate) name: String,
    pub(crate) datum: String,
    pub(crate) ellipsoid: String,
    pub(crate) semi_major: f64,
    /// 0 for a sphere.
    pub(crate) inverse_flattening: f64,
    pub(crate) prime_meridian: String,
    /// In the angular unit.
    pub(crate) prime_meridian_offset: f64,
    pub(crate) angular_unit: String,
    /// Radians per unit.
    pub(crate) angular_factor: f64,
}

/// One parameter of a conversion.
#[derive(Clone, Copy)]
pub(crate) struct Param {
    pub(crate) name: &'static str,
    /// The EPSG parameter code (8801 latitude of natural origin…), 0 for none.
    pub(crate) epsg_code: u32,
    pub(crate) value: f64,
    /// Unit name and factor to SI.
    pub(crate) unit: (&'static str, f64),
    /// `PJ_UT_ANGULAR`, `PJ_UT_LINEAR` or `PJ_UT_SCALE`.
    pub(crate) unit_type: c_int,
}

/// One axis of a coordinate system.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Axis {
    pub(crate) name: String,
    pub(crate) abbreviation: String,
    /// `east`, `north`, `south`…
    pub(crate) direction: String,
    pub(crate) unit: String,
    /// The unit in metres (linear) or radians (angular).
    pub(crate) factor: f64,
}

/// One coordinate operation as PROJ describes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Operation {
    pub(crate) name: String,
    pub(crate) id: Option<String>,
    /// Metres; `None` when unknown.
    pub(crate) accuracy: Option<f64>,
    /// Whether everything it needs (grids) is here.
    pub(crate) instantiable: bool,
    /// A "ballpark" datum change (no known transformation: the datums are taken as equal).
    pub(crate) ballpark: bool,
    pub(crate) grids: Vec<GridUse>,
}

/// A grid an operation uses.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GridUse {
    pub(crate) name: String,
    pub(crate) url: Option<String>,
    pub(crate) available: bool,
}

/// One entry of the CRS list.
#[derive(Debug, Clone)]
pub(crate) struct ListedCrs {
    pub(crate) authority: String,
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) kind: ffi::PJ_TYPE,
    pub(crate) deprecated: bool,
    pub(crate) area: Option<[f64; 4]>,
    pub(crate) area_name: String,
    pub(crate) method: Option<String>,
    pub(crate) body: Option<String>,
}

thread_local! {
    static STATE: RefCell<Option<ThreadState>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's PROJ state, made on first use. Calls must not nest.
pub(crate) fn with<R>(f: impl FnOnce(&mut ThreadState) -> Result<R, String>) -> Result<R, String> {
    STATE.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| "PROJ was called again while in use".to_owned())?;
        if slot.is_none() {
            *slot = Some(ThreadState::new().ok_or("PROJ could not make a context")?);
        }
        let state = slot.as_mut().ok_or("PROJ has no context")?;
        f(state)
    })
}

/// Moves `xs`/`ys` in place through a transformation; points PROJ cannot move become NaN.
/// Returns how many failed.
pub(crate) fn trans_in_place(pj: &Pj, inverse: bool, xs: &mut [f64], ys: &mut [f64]) -> usize {
    let n = xs.len().min(ys.len());
    if n == 0 {
        return 0;
    }
    let dir = if inverse { ffi::PJ_INV } else { ffi::PJ_FWD };
    let stride = std::mem::size_of::<f64>();
    // SAFETY: the object is alive; both slices hold `n` doubles; z and t are absent.
    unsafe {
        ffi::proj_errno_reset(pj.as_ptr());
        ffi::proj_trans_generic(
            pj.as_ptr(),
            dir,
            xs.as_mut_ptr(),
            stride,
            n,
            ys.as_mut_ptr(),
            stride,
            n,
            ptr::null_mut(),
            0,
            0,
            ptr::null_mut(),
            0,
            0,
        );
        ffi::proj_errno_reset(pj.as_ptr());
    }
    let mut failed = 0;
    for i in 0..n {
        if !(xs[i].is_finite() && ys[i].is_finite()) {
            xs[i] = f64::NAN;
            ys[i] = f64::NAN;
            failed += 1;
        }
    }
    failed
}

/// The operation PROJ used for the last point moved through `pj` (for a transformation with
/// several candidates, the one whose area held the point).
pub(crate) fn last_used(state: &ThreadState, pj: &Pj) -> Option<Operation> {
    // SAFETY: object alive; the returned object is owned by `Pj`.
    let op = Pj::new(unsafe { ffi::proj_trans_get_last_used_operation(pj.as_ptr()) })?;
    Some(state.describe_operation(&op))
}

/// Moves one point; `None` when PROJ cannot.
pub(crate) fn trans_point(pj: &Pj, x: f64, y: f64) -> Option<(f64, f64)> {
    let coord = ffi::PJ_COORD { v: [x, y, 0.0, f64::INFINITY] };
    // SAFETY: the object is alive.
    let out = unsafe {
        ffi::proj_errno_reset(pj.as_ptr());
        let out = ffi::proj_trans(pj.as_ptr(), ffi::PJ_FWD, coord);
        ffi::proj_errno_reset(pj.as_ptr());
        out
    };
    let [x, y, _, _] = out.v;
    (x.is_finite() && y.is_finite()).then_some((x, y))
}

/// Words for a PROJ object type, in errors.
pub(crate) fn type_words(kind: ffi::PJ_TYPE) -> &'static str {
    match kind {
        ffi::PJ_TYPE_CONVERSION => "conversion (a projection without a datum: add +type=crs to a PROJ string)",
        ffi::PJ_TYPE_TRANSFORMATION | ffi::PJ_TYPE_CONCATENATED_OPERATION => "coordinate transformation",
        ffi::PJ_TYPE_OTHER_COORDINATE_OPERATION => "coordinate operation",
        1 => "ellipsoid",
        2 => "prime meridian",
        3..=7 => "datum",
        _ => "PROJ object",
    }
}

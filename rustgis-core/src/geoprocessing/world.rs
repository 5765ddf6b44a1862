//! World projections from their published formulas, where proj4rs lacks them or its inverse
//! is not exact enough to round-trip within 1e-9°:
//! - Equal Earth (EPSG:8857, Šavrič, Patterson and Jenny 2018) on the WGS 84 ellipsoid through
//!   the authalic latitude, as PROJ's `eqearth.cpp`;
//! - Robinson (ESRI:54030), PROJ's `robin.cpp` table of 5° nodes (single-precision coefficients);
//! - Mollweide (ESRI:54009), Snyder's equations 31-4 to 31-6 with θ solved to full precision;
//! - Winkel Tripel (ESRI:54042, Winkel's 1921 mean of the equirectangular and Aitoff projections,
//!   as PROJ's `aitoff.cpp` writes it);
//! - Natural Earth (ESRI:54077, Šavrič, Jenny, Patterson, Petrovič and Hurni 2011, the polynomial
//!   of PROJ's `natearth.cpp`).
//!
//! The spherical ones use the sphere of radius 6,378,137 m that PROJ gives them on the WGS 84
//! datum. Inverses are Newton iterations to within about 1e-15 of the radius.

use std::f64::consts::{FRAC_PI_2, PI, SQRT_2};

/// The radius PROJ gives spherical projections on the WGS 84 datum (its semi-major axis).
const RADIUS: f64 = 6_378_137.0;

/// A world projection RustGIS computes itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum World {
    /// Equal Earth on the WGS 84 ellipsoid.
    EqualEarth,
    /// Robinson.
    Robinson,
    /// Mollweide.
    Mollweide,
    /// Winkel Tripel; `cos_phi1` is the cosine of its standard parallel (50.467° for ESRI:54042).
    WinkelTripel { cos_phi1: f64 },
    /// Natural Earth.
    NaturalEarth,
}

impl World {
    /// Longitude/latitude degrees to metres; `None` outside the globe.
    pub(crate) fn forward(self, lon: f64, lat: f64) -> Option<(f64, f64)> {
        if !(-180.0 - 1e-9..=180.0 + 1e-9).contains(&lon) || !(-90.0 - 1e-9..=90.0 + 1e-9).contains(&lat) {
            return None;
        }
        let (lam, phi) = (lon.to_radians(), lat.to_radians().clamp(-FRAC_PI_2, FRAC_PI_2));
        let (x, y) = self.forward_unit(lam, phi);
        Some((x * RADIUS, y * RADIUS))
    }

    /// Metres to longitude/latitude degrees; `None` off the map's outline.
    pub(crate) fn inverse(self, x: f64, y: f64) -> Option<(f64, f64)> {
        let (x, y) = (x / RADIUS, y / RADIUS);
        let (lam, phi) = match self {
            World::EqualEarth => equal_earth_inverse(x, y)?,
            World::Robinson => robinson_inverse(x, y)?,
            World::Mollweide => mollweide_inverse(x, y)?,
            World::NaturalEarth => natural_earth_inverse(x, y)?,
            World::WinkelTripel { .. } => self.newton(x, y)?,
        };
        let (lon, lat) = (lam.to_degrees(), phi.to_degrees());
        ((-180.0 - 1e-7..=180.0 + 1e-7).contains(&lon) && (-90.0 - 1e-7..=90.0 + 1e-7).contains(&lat))
            .then_some((lon.clamp(-180.0, 180.0), lat.clamp(-90.0, 90.0)))
    }

    /// The projection on the unit sphere, radians in.
    fn forward_unit(self, lam: f64, phi: f64) -> (f64, f64) {
        match self {
            World::EqualEarth => equal_earth_forward(lam, phi),
            World::Robinson => robinson_forward(lam, phi),
            World::Mollweide => {
                let theta = mollweide_theta(phi);
                (2.0 * SQRT_2 / PI * lam * theta.cos(), SQRT_2 * theta.sin())
            }
            World::WinkelTripel { cos_phi1 } => {
                let c = 0.5 * lam;
                let d = (phi.cos() * c.cos()).clamp(-1.0, 1.0).acos();
                let (ax, ay) = if d != 0.0 {
                    let sinc_inv = d / d.sin();
                    (2.0 * phi.cos() * c.sin() * sinc_inv, phi.sin() * sinc_inv)
                } else {
                    (0.0, 0.0)
                };
                ((ax + lam * cos_phi1) * 0.5, (ay + phi) * 0.5)
            }
            World::NaturalEarth => {
                let phi2 = phi * phi;
                let phi4 = phi2 * phi2;
                let x = lam * (NE_A0 + phi2 * (NE_A1 + phi2 * (NE_A2 + phi4 * phi2 * (NE_A3 + phi2 * NE_A4))));
                let y = phi * (NE_B0 + phi2 * (NE_B1 + phi4 * (NE_B2 + NE_B3 * phi2 + NE_B4 * phi4)));
                (x, y)
            }
        }
    }

    /// Solves `forward_unit(lam, phi) = (x, y)` by Newton's method with a numerical Jacobian,
    /// halving steps that do not bring the point closer.
    fn newton(self, x: f64, y: f64) -> Option<(f64, f64)> {
        let World::WinkelTripel { cos_phi1 } = self else { return None };
        // The equirectangular half of the projection is a good first guess.
        let mut lam = (2.0 * x / (1.0 + cos_phi1)).clamp(-PI, PI);
        let mut phi = y.clamp(-FRAC_PI_2, FRAC_PI_2);
        let residual = |lam: f64, phi: f64| {
            let (fx, fy) = self.forward_unit(lam, phi);
            (fx - x, fy - y)
        };
        let (mut rx, mut ry) = residual(lam, phi);
        for _ in 0..100 {
            if rx.hypot(ry) < 1e-15 {
                break;
            }
            let h = 1e-7;
            let (lp, ln) = ((lam + h).min(PI + h), (lam - h).max(-PI - h));
            let (pp, pn) = ((phi + h).min(FRAC_PI_2), (phi - h).max(-FRAC_PI_2));
            let (a, c) = {
                let (x1, y1) = self.forward_unit(lp, phi);
                let (x0, y0) = self.forward_unit(ln, phi);
                ((x1 - x0) / (lp - ln), (y1 - y0) / (lp - ln))
            };
            let (b, d) = {
                let (x1, y1) = self.forward_unit(lam, pp);
                let (x0, y0) = self.forward_unit(lam, pn);
                ((x1 - x0) / (pp - pn), (y1 - y0) / (pp - pn))
            };
            let det = a * d - b * c;
            if det.abs() < 1e-300 {
                break;
            }
            let dl = (d * rx - b * ry) / det;
            let dp = (a * ry - c * rx) / det;
            let mut step = 1.0;
            loop {
                let (nl, np) = ((lam - dl * step).clamp(-PI, PI), (phi - dp * step).clamp(-FRAC_PI_2, FRAC_PI_2));
                let (nx, ny) = residual(nl, np);
                if nx.hypot(ny) < rx.hypot(ry) || step < 1e-6 {
                    (lam, phi, rx, ry) = (nl, np, nx, ny);
                    break;
                }
                step /= 2.0;
            }
        }
        (rx.hypot(ry) < 1e-11).then_some((lam, phi))
    }
}

/// WGS 84's first eccentricity squared.
const ES: f64 = 0.006_694_379_990_141_316;

const EE_A1: f64 = 1.340264;
const EE_A2: f64 = -0.081106;
const EE_A3: f64 = 0.000893;
const EE_A4: f64 = 0.003796;
/// √3 / 2.
const EE_M: f64 = 0.866_025_403_784_438_6;

/// `q` of Snyder's equation 3-12 (PROJ's `pj_qsfn`) for the sine of a latitude.
fn authalic_q(sin_phi: f64) -> f64 {
    let e = ES.sqrt();
    let con = e * sin_phi;
    (1.0 - ES) * (sin_phi / (1.0 - con * con) - (0.5 / e) * ((1.0 - con) / (1.0 + con)).ln())
}

/// The radius of the authalic sphere over the semi-major axis.
fn authalic_ratio() -> f64 {
    (0.5 * authalic_q(1.0)).sqrt()
}

fn equal_earth_forward(lam: f64, phi: f64) -> (f64, f64) {
    let sin_beta = (authalic_q(phi.sin()) / authalic_q(1.0)).clamp(-1.0, 1.0);
    let psi = (EE_M * sin_beta).asin();
    let psi2 = psi * psi;
    let psi6 = psi2 * psi2 * psi2;
    let x = lam * psi.cos() / (EE_M * (EE_A1 + 3.0 * EE_A2 * psi2 + psi6 * (7.0 * EE_A3 + 9.0 * EE_A4 * psi2)));
    let y = psi * (EE_A1 + EE_A2 * psi2 + psi6 * (EE_A3 + EE_A4 * psi2));
    let r = authalic_ratio();
    (x * r, y * r)
}

fn equal_earth_inverse(x: f64, y: f64) -> Option<(f64, f64)> {
    let r = authalic_ratio();
    let (x, y) = (x / r, y / r);
    let mut psi = y;
    for _ in 0..100 {
        let psi2 = psi * psi;
        let psi6 = psi2 * psi2 * psi2;
        let f = psi * (EE_A1 + EE_A2 * psi2 + psi6 * (EE_A3 + EE_A4 * psi2)) - y;
        let derivative = EE_A1 + 3.0 * EE_A2 * psi2 + psi6 * (7.0 * EE_A3 + 9.0 * EE_A4 * psi2);
        let step = f / derivative;
        psi -= step;
        if step.abs() < 1e-16 {
            break;
        }
    }
    let sin_psi = psi.sin();
    if sin_psi.abs() > EE_M * (1.0 + 1e-12) {
        return None;
    }
    let psi2 = psi * psi;
    let psi6 = psi2 * psi2 * psi2;
    let lam = EE_M * x * (EE_A1 + 3.0 * EE_A2 * psi2 + psi6 * (7.0 * EE_A3 + 9.0 * EE_A4 * psi2)) / psi.cos();
    let mut sin_beta = (sin_psi / EE_M).clamp(-1.0, 1.0);
    // y is stationary at the poles, so the last bits of ψ decide the latitude's last 1e-8 rad
    // there: a sine of β within a few units of the last place of ±1 is the pole itself.
    if 1.0 - sin_beta.abs() < 4.0 * f64::EPSILON {
        sin_beta = sin_beta.signum();
    }
    Some((lam, latitude_of_authalic(sin_beta)))
}

/// The geodetic latitude whose authalic latitude has this sine (Snyder's equation 3-16, iterated).
fn latitude_of_authalic(sin_beta: f64) -> f64 {
    if sin_beta.abs() >= 1.0 {
        return FRAC_PI_2.copysign(sin_beta);
    }
    let q = sin_beta * authalic_q(1.0);
    let e = ES.sqrt();
    let mut phi = (q / 2.0).asin();
    for _ in 0..50 {
        let (s, c) = phi.sin_cos();
        let con = e * s;
        let one_minus = 1.0 - con * con;
        let step = one_minus * one_minus / (2.0 * c)
            * (q / (1.0 - ES) - s / one_minus + (0.5 / e) * ((1.0 - con) / (1.0 + con)).ln());
        if !step.is_finite() {
            break;
        }
        phi += step;
        if step.abs() < 1e-16 {
            break;
        }
    }
    phi
}

/// Robinson's table (PROJ's `robin.cpp`): for each 5° node, the cubic in degrees past the node
/// of the parallel's length (X) and its distance from the equator (Y). Single precision, as PROJ.
type Cubic = (f32, f32, f32, f32);

#[rustfmt::skip]
const ROBIN_X: [Cubic; 19] = [
    (1.0, 2.2199e-17, -7.15515e-05, 3.1103e-06),
    (0.9986, -0.000482243, -2.4897e-05, -1.3309e-06),
    (0.9954, -0.00083103, -4.48605e-05, -9.86701e-07),
    (0.99, -0.00135364, -5.9661e-05, 3.6777e-06),
    (0.9822, -0.00167442, -4.49547e-06, -5.72411e-06),
    (0.973, -0.00214868, -9.03571e-05, 1.8736e-08),
    (0.96, -0.00305085, -9.00761e-05, 1.64917e-06),
    (0.9427, -0.00382792, -6.53386e-05, -2.6154e-06),
    (0.9216, -0.00467746, -0.00010457, 4.81243e-06),
    (0.8962, -0.00536223, -3.23831e-05, -5.43432e-06),
    (0.8679, -0.00609363, -0.000113898, 3.32484e-06),
    (0.835, -0.00698325, -6.40253e-05, 9.34959e-07),
    (0.7986, -0.00755338, -5.00009e-05, 9.35324e-07),
    (0.7597, -0.00798324, -3.5971e-05, -2.27626e-06),
    (0.7186, -0.00851367, -7.01149e-05, -8.6303e-06),
    (0.6732, -0.00986209, -0.000199569, 1.91974e-05),
    (0.6213, -0.010418, 8.83923e-05, 6.24051e-06),
    (0.5722, -0.00906601, 0.000182, 6.24051e-06),
    (0.5322, -0.00677797, 0.000275608, 6.24051e-06),
];

#[rustfmt::skip]
const ROBIN_Y: [Cubic; 19] = [
    (-5.20417e-18, 0.0124, 1.21431e-18, -8.45284e-11),
    (0.062, 0.0124, -1.26793e-09, 4.22642e-10),
    (0.124, 0.0124, 5.07171e-09, -1.60604e-09),
    (0.186, 0.0123999, -1.90189e-08, 6.00152e-09),
    (0.248, 0.0124002, 7.10039e-08, -2.24e-08),
    (0.31, 0.0123992, -2.64997e-07, 8.35986e-08),
    (0.372, 0.0124029, 9.88983e-07, -3.11994e-07),
    (0.434, 0.0123893, -3.69093e-06, -4.35621e-07),
    (0.4958, 0.0123198, -1.02252e-05, -3.45523e-07),
    (0.5571, 0.0121916, -1.54081e-05, -5.82288e-07),
    (0.6176, 0.0119938, -2.41424e-05, -5.25327e-07),
    (0.6769, 0.011713, -3.20223e-05, -5.16405e-07),
    (0.7346, 0.0113541, -3.97684e-05, -6.09052e-07),
    (0.7903, 0.0109107, -4.89042e-05, -1.04739e-06),
    (0.8435, 0.0103431, -6.4615e-05, -1.40374e-09),
    (0.8936, 0.00969686, -6.4636e-05, -8.547e-06),
    (0.9394, 0.00840947, -0.000192841, -4.2106e-06),
    (0.9761, 0.00616527, -0.000256, -4.2106e-06),
    (1.0, 0.00328947, -0.000319159, -4.2106e-06),
];

const ROBIN_FXC: f64 = 0.8487;
const ROBIN_FYC: f64 = 1.3523;

fn cubic(c: &Cubic, z: f64) -> f64 {
    f64::from(c.0) + z * (f64::from(c.1) + z * (f64::from(c.2) + z * f64::from(c.3)))
}

fn cubic_slope(c: &Cubic, z: f64) -> f64 {
    f64::from(c.1) + 2.0 * z * f64::from(c.2) + 3.0 * z * z * f64::from(c.3)
}

/// The node below a latitude (radians) and the degrees past it, as PROJ computes them.
fn robinson_node(phi: f64) -> (usize, f64) {
    let dphi = phi.abs();
    let c1 = 11.459_155_902_616_464; // 1 / 5° in radians
    let rc1 = 0.087_266_462_599_716_48; // 5° in radians
    let node = ((dphi * c1 + 1e-15).floor() as usize).min(18);
    (node, (dphi - rc1 * node as f64).to_degrees())
}

fn robinson_forward(lam: f64, phi: f64) -> (f64, f64) {
    let (node, past) = robinson_node(phi);
    let x = cubic(&ROBIN_X[node], past) * ROBIN_FXC * lam;
    let y = cubic(&ROBIN_Y[node], past) * ROBIN_FYC;
    (x, y.copysign(phi))
}

/// Robinson's inverse: the latitude whose forward y matches, searched node by node (the table's
/// single-precision cubics do not quite meet at the nodes, so each candidate node is solved and
/// the one that reproduces y best wins), then λ from the parallel's length.
fn robinson_inverse(x: f64, y: f64) -> Option<(f64, f64)> {
    let target = (y / ROBIN_FYC).abs();
    if target > 1.0 + 1e-9 {
        return None;
    }
    let mut best: Option<(f64, usize, f64)> = None;
    for (node, c) in ROBIN_Y.iter().enumerate() {
        let upper = if node == 18 { 0.0 } else { 5.0 };
        if f64::from(c.0) > target + 1e-6 || cubic(c, upper) < target - 1e-6 {
            continue;
        }
        let mut t = if upper > 0.0 { 5.0 * (target - f64::from(c.0)) / (cubic(c, 5.0) - f64::from(c.0)) } else { 0.0 };
        for _ in 0..100 {
            let slope = cubic_slope(c, t);
            if slope == 0.0 {
                break;
            }
            let step = (cubic(c, t) - target) / slope;
            t = (t - step).clamp(0.0, upper);
            if step.abs() < 1e-15 {
                break;
            }
        }
        let miss = (cubic(c, t) - target).abs();
        // On a node both neighbours can reproduce y; the forward takes the upper one, so does this.
        if best.is_none_or(|(m, _, _)| miss <= m + 1e-15) {
            best = Some((miss, node, t));
        }
    }
    let (miss, node, t) = best?;
    if miss > 1e-9 {
        return None;
    }
    let phi = (5.0 * node as f64 + t).to_radians().min(FRAC_PI_2).copysign(y);
    let lam = x / (ROBIN_FXC * cubic(&ROBIN_X[node], t));
    Some((lam, phi))
}

/// Mollweide's auxiliary angle θ with 2θ + sin 2θ = π sin φ, by Newton's method to full precision
/// (near the poles, where Newton slows down, by bisection).
fn mollweide_theta(phi: f64) -> f64 {
    if phi.abs() >= FRAC_PI_2 {
        return phi;
    }
    let k = PI * phi.sin();
    let f = |t2: f64| t2 + t2.sin() - k;
    // Solve for 2θ in [-π, π]; f is increasing there.
    let (mut lo, mut hi) = (-PI, PI);
    let mut t2 = phi;
    for _ in 0..60 {
        let value = f(t2);
        if value > 0.0 {
            hi = t2;
        } else {
            lo = t2;
        }
        let derivative = 1.0 + t2.cos();
        let mut next = t2 - value / derivative;
        if !(next > lo && next < hi) || derivative < 1e-8 {
            next = (lo + hi) / 2.0;
        }
        if (next - t2).abs() < 1e-16 {
            t2 = next;
            break;
        }
        t2 = next;
    }
    t2 / 2.0
}

fn mollweide_inverse(x: f64, y: f64) -> Option<(f64, f64)> {
    let sin_theta = y / SQRT_2;
    if sin_theta.abs() > 1.0 + 1e-12 {
        return None;
    }
    let theta = sin_theta.clamp(-1.0, 1.0).asin();
    let phi = ((2.0 * theta + (2.0 * theta).sin()) / PI).clamp(-1.0, 1.0).asin();
    let cos_theta = theta.cos();
    let lam = if cos_theta.abs() < 1e-15 { 0.0 } else { PI * x / (2.0 * SQRT_2 * cos_theta) };
    Some((lam, phi))
}

const NE_A0: f64 = 0.8707;
const NE_A1: f64 = -0.131979;
const NE_A2: f64 = -0.013791;
const NE_A3: f64 = 0.003971;
const NE_A4: f64 = -0.001529;
const NE_B0: f64 = 1.007226;
const NE_B1: f64 = 0.015085;
const NE_B2: f64 = -0.044475;
const NE_B3: f64 = 0.028874;
const NE_B4: f64 = -0.005916;

/// Natural Earth's inverse: Newton on the latitude polynomial (y depends on φ alone), then λ.
fn natural_earth_inverse(x: f64, y: f64) -> Option<(f64, f64)> {
    let max_y = natural_earth_y(FRAC_PI_2);
    if y.abs() > max_y + 1e-12 {
        return None;
    }
    let mut phi = y.clamp(-FRAC_PI_2, FRAC_PI_2);
    for _ in 0..100 {
        let phi2 = phi * phi;
        let phi4 = phi2 * phi2;
        let f = natural_earth_y(phi) - y;
        let derivative = NE_B0 + phi2 * (3.0 * NE_B1 + phi4 * (7.0 * NE_B2 + 9.0 * NE_B3 * phi2 + 11.0 * NE_B4 * phi4));
        let step = f / derivative;
        phi -= step;
        if step.abs() < 1e-15 {
            break;
        }
    }
    let phi = phi.clamp(-FRAC_PI_2, FRAC_PI_2);
    let phi2 = phi * phi;
    let lam = x / (NE_A0 + phi2 * (NE_A1 + phi2 * (NE_A2 + phi2 * phi2 * phi2 * (NE_A3 + phi2 * NE_A4))));
    Some((lam, phi))
}

fn natural_earth_y(phi: f64) -> f64 {
    let phi2 = phi * phi;
    let phi4 = phi2 * phi2;
    phi * (NE_B0 + phi2 * (NE_B1 + phi4 * (NE_B2 + NE_B3 * phi2 + NE_B4 * phi4)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winkel_tripel_inverts_its_own_points() {
        let w = World::WinkelTripel { cos_phi1: 50.467f64.to_radians().cos() };
        for (lon, lat) in [(0.0, 0.0), (179.9, 89.9), (-120.0, -45.0), (10.0, 60.0), (180.0, 0.0)] {
            let (x, y) = w.forward(lon, lat).expect("on the globe");
            let (l, p) = w.inverse(x, y).expect("inverts");
            assert!((l - lon).abs() < 1e-9 && (p - lat).abs() < 1e-9, "{lon},{lat} -> {l},{p}");
        }
    }
}

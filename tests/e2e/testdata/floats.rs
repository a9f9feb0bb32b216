// floats is the target of TestFloatResults for Rust: a function returning
// an f64, which Rust returns in xmm0. It prints what it knows itself.
#[inline(never)]
fn ratio(a: i64, b: i64) -> f64 {
    a as f64 / b as f64
}

#[inline(never)]
fn scale(x: f64, n: i64) -> f64 {
    x * n as f64
}

fn main() {
    let n = std::env::args().count() as i64;
    eprintln!("self: ratio={} scale={}", ratio(n, 4), scale(n as f64 + 0.5, n + 2));
}

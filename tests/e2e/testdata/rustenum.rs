// The target of TestRustEnumSelf (formerly the bytecode
// golden values_rust_enum): a tagged enum through a reference, the niche
// of Option<&T> (None is 0), a field through a reference, and a struct
// whose &str is read after its bytes. post prints, on stderr, "self:
// NAME=VALUE" with {:?} of what the test's script reads.
#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub name: &'static str,
}

#[derive(Debug)]
pub enum Shape {
    Circle { r: f64 },
    Rect(i32, i32),
    Empty,
}

#[no_mangle]
#[inline(never)]
pub extern "Rust" fn post(entry: &Entry, shape: &Shape, prev: Option<&Entry>) -> i64 {
    eprintln!("self: *shape={:?}", shape);
    eprintln!("self: prev={:?}", prev.map(|p| p as *const Entry));
    eprintln!("self: entry.id={:?}", entry.id);
    eprintln!("self: *entry={:?}", entry);
    let n = match shape { // ENUM_LINE
        Shape::Circle { r } => *r as i64,
        Shape::Rect(a, b) => (*a + *b) as i64,
        Shape::Empty => 0,
    };
    let p = prev.map(|p| p.id).unwrap_or(0);
    entry.id + n + p + entry.name.len() as i64
}

fn main() {
    let e = Entry { id: 3, name: "x" };
    let mut s = post(&e, &Shape::Rect(2, 3), Some(&e));
    s += post(&e, &Shape::Circle { r: 1.5 }, None);
    s += post(&e, &Shape::Empty, None);
    std::process::exit((s & 1) as i32);
}

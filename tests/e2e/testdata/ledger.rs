// The Rust target of tests/e2e/rust_test.go. post() is probed; before it
// returns it prints, on stderr, "self: NAME=VALUE" lines with {:?} of
// the values the test reads with gs, so the test compares gs's output
// with what the program itself prints.
use std::rc::Rc;
use std::sync::Arc;

#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub name: &'static str,
    pub owner: String,
    pub tags: Vec<i64>,
    pub parent: Option<Box<Entry>>,
    pub amount: Option<i32>,
    pub pair: (u8, i64),
    pub note: Result<u16, String>,
}

#[derive(Debug)]
pub enum Shape {
    Circle { r: f64 },
    Rect(i32, i32),
    Empty,
}

#[derive(Debug, Clone, Copy)]
pub enum Color {
    Red,
    Green,
    Blue,
}

#[no_mangle]
#[inline(never)]
pub extern "Rust" fn post(
    entry: &Entry,
    shape: &Shape,
    color: Color,
    prev: Option<&Entry>,
    res: Result<i32, u8>,
    limit: Option<i64>,
    boxed: Box<i64>,
    rc: Rc<Entry>,
    arc: Arc<i64>,
    window: &[i64],
) -> i64 {
    let total = entry.id + limit.unwrap_or(0) + *boxed + rc.id + *arc + window.len() as i64; // POST_LINE
    eprintln!("self: entry.id={:?}", entry.id);
    eprintln!("self: entry.name={:?}", entry.name);
    eprintln!("self: entry.owner={:?}", entry.owner);
    eprintln!("self: entry.tags={:?}", entry.tags);
    eprintln!("self: entry.amount={:?}", entry.amount);
    eprintln!("self: entry.pair={:?}", entry.pair);
    eprintln!("self: entry.note={:?}", entry.note);
    eprintln!("self: shape={:?}", shape);
    eprintln!("self: color={:?}", color);
    eprintln!("self: prev={:?}", prev.map(|p| p as *const Entry));
    eprintln!("self: res={:?}", res);
    eprintln!("self: limit={:?}", limit);
    eprintln!("self: boxed={:?}", boxed);
    eprintln!("self: rc.id={:?}", rc.id);
    eprintln!("self: rc={:?}", rc);
    eprintln!("self: arc={:?}", arc);
    eprintln!("self: window={:?}", window);
    eprintln!("self: entry.parent={:?}", entry.parent.as_ref().map(|b| &**b as *const Entry));
    total
}

fn main() {
    let n = std::env::args().count() as i64;
    let root = Entry {
        id: 1,
        name: "root",
        owner: String::from("bob"),
        tags: vec![],
        parent: None,
        amount: None,
        pair: (1, 2),
        note: Ok(1),
    };
    let e = Entry {
        id: 3,
        name: "x",
        owner: String::from("alice"),
        tags: vec![10, 20, 30 * n],
        parent: Some(Box::new(root)),
        amount: Some(5),
        pair: (7, -8),
        note: Err(String::from("late")),
    };
    let shapes = [Shape::Rect(2, 3), Shape::Circle { r: 1.5 }, Shape::Empty];
    let colors = [Color::Green, Color::Blue, Color::Red];
    let mut sum = 0;
    for (i, s) in shapes.iter().enumerate() {
        let prev = if i == 1 { None } else { Some(&e) };
        let res = if i == 0 { Err(7u8) } else { Ok(40 + i as i32) };
        let limit = if i == 2 { None } else { Some(100 * i as i64 - 1) };
        let rc = Rc::new(Entry { id: 50 + i as i64, name: "rc", owner: String::from("carol"), tags: vec![i as i64; i], parent: None, amount: None, pair: (0, 0), note: Ok(i as u16) });
        sum += post(&e, s, colors[i], prev, res, limit, Box::new(9 + i as i64), rc, Arc::new(-(i as i64)), &e.tags[i..]);
    }
    eprintln!("sum={}", sum);
}

// A Rust target of tests/e2e/rust_test.go: kinds() is probed and prints,
// on stderr, "self: " and {:?} of its argument. It holds a niche enum
// whose niche is a bool's invalid values, nested Options, a char, std's
// Ordering, a u128, the unit type and floats, and text nested in a struct
// and in an enum's variant.
#[derive(Debug, Clone, Copy)]
pub enum Tri {
    A(bool),
    B,
    C,
}

#[derive(Debug)]
pub struct Label {
    pub name: String,
    pub short: &'static str,
    pub ids: Vec<u16>,
    pub names: Vec<String>,
}

#[derive(Debug)]
pub enum Shape {
    Named(Label),
    Plain,
}

#[derive(Debug)]
pub struct Odd {
    pub t: Tri,
    pub oo: Option<Option<bool>>,
    pub ch: char,
    pub ord: Option<std::cmp::Ordering>,
    pub big: u128,
    pub neg: i128,
    pub unit: (),
    pub flag: bool,
    pub f: f32,
    pub d: f64,
    pub label: Label,
    pub shape: Shape,
}

#[no_mangle]
#[inline(never)]
pub extern "Rust" fn kinds(o: &Odd, i: usize) -> usize {
    eprintln!("self: {:?}", o);
    i + o.ch as usize
}

fn main() {
    let v = [
        Odd { t: Tri::A(true), oo: Some(Some(false)), ch: 'é', ord: Some(std::cmp::Ordering::Less), big: 1u128 << 100, neg: -(1i128 << 90), unit: (), flag: true, f: 2.5, d: 1e300, label: Label { name: "first".to_string(), short: "1st", ids: vec![1, 2], names: vec!["one".to_string(), "two".to_string()] }, shape: Shape::Named(Label { name: "named".to_string(), short: "n", ids: vec![], names: vec![] }) },
        Odd { t: Tri::B, oo: Some(None), ch: 'x', ord: None, big: 5, neg: -1, unit: (), flag: false, f: -0.5, d: 3.0, label: Label { name: String::new(), short: "", ids: vec![7], names: vec![String::new(), "x".repeat(30)] }, shape: Shape::Plain },
        Odd { t: Tri::C, oo: None, ch: '😀', ord: Some(std::cmp::Ordering::Greater), big: 0, neg: 0, unit: (), flag: false, f: 0.0, d: -0.125, label: Label { name: "third label with a longer name".to_string(), short: "3rd", ids: vec![3, 4, 5], names: vec![] }, shape: Shape::Named(Label { name: "x".repeat(3), short: "three", ids: vec![9], names: vec![] }) },
    ];
    let mut s = 0;
    for (i, o) in v.iter().enumerate() {
        s += kinds(o, i);
    }
    eprintln!("sum={}", s);
}

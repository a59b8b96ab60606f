//! No panic on any input: generated garbage through every parser.

use super::*;

/// The engine's seeded generator (`sim::Rng`), with the draws these inputs take.
struct Dice(crate::engine::sim::Rng);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }
}

const PIECES: &[&str] = &[
    "a",
    "b",
    "#a",
    "#n",
    "#zz",
    ":s",
    ":n",
    ":l",
    ":ss",
    ":t",
    ":zz",
    "(",
    ")",
    "[",
    "]",
    "[0]",
    "[99999999999999999999]",
    ".",
    ",",
    "=",
    "<>",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    " AND ",
    " OR ",
    " NOT ",
    " BETWEEN ",
    " IN ",
    "SET ",
    " REMOVE ",
    " ADD ",
    " DELETE ",
    "size",
    "contains",
    "begins_with",
    "attribute_exists",
    "attribute_type",
    "if_not_exists",
    "list_append",
    "Status",
    "_",
    "!",
    "é",
    "\u{0}",
    "#",
    ":",
    " ",
    "\t",
    "pk",
    "sk",
    "1",
    "é𝄞",
    "((",
    "))",
];

const SEEDS: &[&str] = &[
    "a = :s AND (b < :n OR NOT contains(c, :s))",
    "SET a = list_append(if_not_exists(a, :l), :l), b.c[1] = :n + b.d REMOVE e[2] ADD f :n DELETE g :ss",
    "a.b[1].c, #a, Status",
    "pk = :s AND sk BETWEEN :n AND :n",
    "attribute_type(a, :s) OR size(b) >= :n",
];

fn generate(rng: &mut Dice) -> String {
    if rng.below(2) == 0 {
        let pieces = rng.below(40);
        (0..pieces).map(|_| PIECES[rng.below(PIECES.len())]).collect()
    } else {
        // Mutate a seed: delete, duplicate or insert at random byte positions.
        let mut text: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
        for _ in 0..rng.below(6) + 1 {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => {
                    let c = text[at];
                    text.insert(at, c);
                }
                _ => {
                    for c in PIECES[rng.below(PIECES.len())].chars().rev() {
                        text.insert(at.min(text.len()), c);
                    }
                }
            }
        }
        text.into_iter().collect()
    }
}

#[test]
fn no_panic_sweep() {
    let p = placeholders();
    let composite = schema(Some(ScalarType::S));
    let it = item(
        json!({"a": {"S": "x"}, "b": {"L": [{"N": "1"}, {"M": {"c": {"N": "2"}}}]}, "c": {"SS": ["s"]}, "Status": {"N": "3"}}),
    );
    let mut rng = Dice(crate::engine::sim::Rng::new(0x5EED));
    let mut accepted = 0;
    for _ in 0..4000 {
        let text = generate(&mut rng);
        let mut usage = Usage::new();
        if let Ok(c) = Condition::parse(&text, "FilterExpression", &p, &mut usage) {
            accepted += 1;
            let _ = c.evaluate(Some(&it));
            let _ = c.evaluate(None);
            let _ = c.top_level_names();
            let _ = c.to_string();
        }
        if let Ok(u) = UpdateExpression::parse(&text, &p, &mut usage) {
            accepted += 1;
            let _ = u.apply(&it);
            let _ = u.apply(&Item::new());
            let _ = u.updated_paths().apply(&it);
            let _ = u.to_string();
        }
        if let Ok(pr) = Projection::parse(&text, &p, &mut usage) {
            accepted += 1;
            let _ = pr.apply(&it);
        }
        let _ = parse_key_condition(&text, &p, &mut usage, &composite);
        let _ = usage.check_all_used(&p);
    }
    // The generator reaches valid expressions too, not only garbage.
    assert!(accepted > 50, "{accepted}");
}

#[test]
fn no_panic_on_legacy_garbage() {
    let garbage = [
        json!(null),
        json!(1),
        json!([]),
        json!({"a": 1}),
        json!({"a": {"ComparisonOperator": 1}}),
        json!({"a": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": "a"}]}}),
        json!({"a": {"ComparisonOperator": "IN", "AttributeValueList": {}}}),
        json!({"a": {"Value": {"M": {"x": {"L": [{}]}}}}}),
        json!({"a": {"Exists": "yes"}}),
        json!({"a": {"Action": 3}}),
        json!({"a": {"Action": "ADD", "Value": {"N": "1e200"}}}),
    ];
    let composite = schema(Some(ScalarType::N));
    for g in &garbage {
        let _ = legacy::expected(g, Some("OR"));
        let _ = legacy::filter(g, None, "QueryFilter");
        let _ = legacy::key_conditions(g, &composite);
        if let Ok(u) = legacy::attribute_updates(g) {
            let _ = u.apply(&Item::new());
        }
    }
}

//! Robustness: odd and generated requests give code and never panic.

use super::reading_back::*;
use super::*;

#[test]
fn odd_requests_do_not_panic() {
    let mut deep = json!({"S": "bottom"});
    for _ in 0..(literal::MAX_DEPTH + 50) {
        deep = json!({"M": {"x": deep}});
    }
    let requests = [
        Value::Null,
        json!([1, 2]),
        json!("text"),
        json!(42),
        json!({}),
        json!({"TableName": null}),
        json!({"Item": deep}),
        json!({"": "", "\u{0}": "\u{0}", "🎵": {"🎵": []}, "Limit": 18446744073709551615u64, "x": -0.0}),
    ];
    for request in &requests {
        for operation in ["Query", "", "'\"\\", "🎵", "list tables"] {
            for endpoint in [None, Some(""), Some("'\n\"")] {
                let cli = aws_cli(operation, request, endpoint);
                let js = javascript_v3(operation, request, endpoint);
                let py = python_boto3(operation, request, endpoint);
                assert!(cli.starts_with("aws dynamodb "), "{cli}");
                assert!(js.contains("await client.send(new "), "{js}");
                assert!(py.contains("response = client."), "{py}");
            }
        }
    }
    assert_eq!(aws_cli("ListTables", &json!([1]), None), "aws dynamodb list-tables");
    let printed = compact(&requests[6], Dialect::Json);
    assert!(printed.contains("null") && !printed.contains("bottom"), "cut at the depth cap");
}

/// The engine's seeded generator (`sim::Rng`), with the draws these inputs take.
struct Dice(crate::engine::sim::Rng);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }

    fn string(&mut self) -> String {
        const PIECES: &[&str] = &[
            "a", "Z", "'", "\"", "\\", "\n", "\t", " ", "\u{0}", "\u{7f}", "é", "🎵", "$", "-", "=", "#", ":",
            "\u{2028}",
        ];
        (0..self.below(6)).map(|_| PIECES[self.below(PIECES.len())]).collect()
    }

    fn value(&mut self, depth: usize) -> Value {
        match self.below(if depth > 4 { 5 } else { 8 }) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 => json!(self.next() as i64 - (1 << 30)),
            3 => {
                let text = ["AA==", "AQI=", "bad"][self.below(3)];
                json!({ "B": text })
            }
            4 => Value::String(self.string()),
            5 => Value::Array((0..self.below(4)).map(|_| self.value(depth + 1)).collect()),
            _ => Value::Object((0..self.below(4)).map(|_| (self.string(), self.value(depth + 1))).collect()),
        }
    }
}

/// Thousands of random requests: every form reads back to the request.
#[test]
fn generated_requests_round_trip() {
    let mut rng = Dice(crate::engine::sim::Rng::new(0xc0de_9e11));
    let operations = ["Query", "Scan", "ListTables", "PutItem", "TransactWriteItems"];
    for _ in 0..2000 {
        let operation = operations[rng.below(operations.len())];
        let mut request = serde_json::Map::new();
        for _ in 0..rng.below(6) {
            let name = ["TableName", "Limit", "Item", "ConsistentRead", "Odd Name", "x"][rng.below(6)];
            request.insert(name.to_string(), rng.value(0));
        }
        let request = Value::Object(request);
        let words = shell_words(&aws_cli(operation, &request, None));
        assert_eq!(cli_request(&words, &request).0, sent(&request), "{request}");
        assert_eq!(javascript_input(&javascript_v3(operation, &request, None), operation), sent(&request));
        assert_eq!(python_input(&python_boto3(operation, &request, None), &xform_name(operation, '_')), sent(&request));
    }
}

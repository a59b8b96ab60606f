//! Valid-shaped requests with mutated values, for the structure-aware
//! execute harness.
//!
//! Each request is built from the fixture's schema (`fixture`): the right
//! members with mostly sensible values, so that requests get past request
//! validation and reach the operations, the expression evaluator, the
//! indexes and the capacity model. Then the input may bend it: a value
//! from the pool of awkward ones (38-digit numbers, empty strings, deep
//! documents, duplicate set members, wrong types), a member dropped, or
//! one replaced by junk. The pools are lists so that the fuzzer's
//! decisions (one byte each) land on interesting values directly.

use serde_json::{json, Map, Value};

use super::bytes::Choices;
use super::fixture::TABLES;

const STRINGS: &[&str] = &["a", "b", "c", "", "g0", "g1", "l0", "v01", "x", "é𝄞", "pk", "\u{0}", "p", "q", "AQ=="];
const NUMBERS: &[&str] = &[
    "1",
    "2",
    "3",
    "0",
    "-0",
    "1.5",
    "-1E-130",
    "9.9999999999999999999999999999999999999E+125",
    "1E+126",
    "1E-131",
    "00042.1200",
    "12345678901234567890123456789012345678",
    "123456789012345678901234567890123456789",
    "NaN",
    " 1",
    "",
    "0x10",
    "1e2",
    "-",
    ".5",
    "5.",
];
const BINARIES: &[&str] = &["AQI=", "AA==", "", "AQ==", "AAAA", "AQI=", "AQ", "!!"];
const NAMES: &[&str] =
    &["a", "n", "l", "m", "ss", "pk", "sk", "gpk", "gsk", "lsk", "exp", "h", "id", "g", "v", "Status", "emb", "t"];

/// Builds requests from decisions.
pub struct Generator<'c, 'a> {
    pub c: &'c mut Choices<'a>,
}

impl Generator<'_, '_> {
    fn string(&mut self) -> String {
        match self.c.below(20) {
            0 => "x".repeat(self.c.pick(&[1025, 2049, 4096, 70_000]).unwrap_or(1)),
            1 => self.c.text(16),
            _ => self.c.pick_str(STRINGS).to_string(),
        }
    }

    fn number(&mut self) -> String {
        if self.c.one_in(24) {
            return self.c.text(12);
        }
        self.c.pick_str(NUMBERS).to_string()
    }

    /// An attribute value in DynamoDB JSON, `depth` levels of documents left.
    pub fn value(&mut self, depth: u8) -> Value {
        let kind = self.c.below(if depth == 0 { 10 } else { 14 });
        match kind {
            0..=2 => json!({"S": self.string()}),
            3..=5 => json!({"N": self.number()}),
            6 => json!({"B": self.c.pick_str(BINARIES)}),
            7 => json!({"BOOL": self.c.one_in(2)}),
            8 => json!({"NULL": !self.c.one_in(4)}),
            9 => {
                let set = self.c.pick_str(&["SS", "NS", "BS"]);
                let n = self.c.below(4);
                let members: Vec<Value> = (0..n)
                    .map(|_| match set {
                        "SS" => Value::from(self.string()),
                        "NS" => Value::from(self.number()),
                        _ => Value::from(self.c.pick_str(BINARIES)),
                    })
                    .collect();
                json!({ set: members })
            }
            10 | 11 => {
                let n = self.c.below(4);
                let list: Vec<Value> = (0..n).map(|_| self.value(depth - 1)).collect();
                json!({"L": list})
            }
            12 => {
                let n = self.c.below(4);
                let map: Map<String, Value> =
                    (0..n).map(|_| (self.c.pick_str(NAMES).to_string(), self.value(depth - 1))).collect();
                json!({"M": map})
            }
            _ => self.malformed_value(),
        }
    }

    fn malformed_value(&mut self) -> Value {
        match self.c.below(9) {
            0 => json!({"S": 1}),
            1 => json!({"X": "a"}),
            2 => json!({"S": "a", "N": "1"}),
            3 => json!({}),
            4 => json!("plain"),
            5 => json!({"N": 1}),
            6 => json!({"SS": []}),
            7 => {
                // Deeper than the 32 levels DynamoDB allows.
                let mut v = json!({"S": "deep"});
                for _ in 0..self.c.pick(&[31usize, 32, 33, 40]).unwrap_or(33) {
                    v = json!({"L": [v]});
                }
                v
            }
            _ => json!({"M": {"": {"S": "x"}}}),
        }
    }

    /// A JSON value of the wrong kind for wherever it goes.
    fn junk(&mut self) -> Value {
        match self.c.below(8) {
            0 => Value::Null,
            1 => json!(-1),
            2 => json!(1e300),
            3 => json!("junk"),
            4 => json!([]),
            5 => json!({}),
            6 => json!(true),
            _ => json!(u64::MAX),
        }
    }

    pub fn table(&mut self) -> &'static str {
        if self.c.one_in(10) {
            self.c.pick_str(TABLES)
        } else {
            self.c.pick_str(&["Orders", "Orders", "Orders", "Tiny", "Docs"])
        }
    }

    /// A key of `table`, usually of an item that exists or could.
    pub fn key(&mut self, table: &str) -> Value {
        let mut key = match table {
            "Tiny" => json!({"id": {"B": self.c.pick_str(&["AQI=", "AA==", "Aw=="])}}),
            "Docs" => json!({"h": {"S": self.c.pick_str(&["doc", "é𝄞", "new"])}}),
            _ => json!({"pk": {"S": self.c.pick_str(&["a", "b", "c", "d"])},
                        "sk": {"N": self.c.pick_str(&["1", "2", "3", "4"])}}),
        };
        if self.c.one_in(8) {
            self.mutate(&mut key);
        }
        key
    }

    /// An item of `table`: its key and a few attributes.
    pub fn item(&mut self, table: &str) -> Value {
        let mut item = self.key(table);
        let n = self.c.below(5);
        for _ in 0..n {
            let name = self.c.pick_str(NAMES);
            let value = match name {
                "gpk" | "g" | "lsk" if !self.c.one_in(6) => json!({"S": self.c.pick_str(&["g0", "g1", "l0", "x"])}),
                "gsk" | "exp" | "n" if !self.c.one_in(6) => {
                    json!({"N": self.c.pick_str(&["1", "2", "5", "1767225601"])})
                }
                "t" if !self.c.one_in(6) => json!({"S": self.c.pick_str(&["x", "y", ""])}),
                "emb" if !self.c.one_in(4) => {
                    let length = self.c.pick_str(&["3", "3", "3", "2", "4"]).parse().unwrap_or(3);
                    let numbers: Vec<Value> =
                        (0..length).map(|_| json!({"N": self.c.pick_str(&["1", "0", "-2", "1e39", "0.5"])})).collect();
                    json!({"L": numbers})
                }
                _ => self.value(3),
            };
            if let Value::Object(map) = &mut item {
                map.insert(name.to_string(), value);
            }
        }
        if self.c.one_in(10) {
            self.mutate(&mut item);
        }
        item
    }

    /// Bends one member of an object: dropped, replaced by junk or by an
    /// awkward value, or renamed.
    pub fn mutate(&mut self, object: &mut Value) {
        let Value::Object(map) = object else { return };
        let keys: Vec<String> = map.keys().cloned().collect();
        let Some(key) = keys.get(self.c.below(keys.len())).cloned() else { return };
        match self.c.below(4) {
            0 => {
                map.remove(&key);
            }
            1 => {
                let junk = self.junk();
                map.insert(key, junk);
            }
            2 => {
                let value = self.value(2);
                map.insert(key, value);
            }
            _ => {
                if let Some(v) = map.remove(&key) {
                    map.insert(self.c.pick_str(NAMES).to_string(), v);
                }
            }
        }
    }

    fn condition(&mut self) -> String {
        const TERMS: &[&str] = &[
            "attribute_exists(pk)",
            "attribute_not_exists(#a)",
            "a = :v",
            "n < :n",
            "size(a) > :n",
            "begins_with(a, :s)",
            "contains(l, :v)",
            "contains(ss, :s)",
            "n BETWEEN :n AND :v",
            "a IN (:v, :s, :n)",
            "NOT a <> :v",
            "attribute_type(m, :t)",
            "m.y.z = :v",
            "l[1] = :s",
            "#a.#b[0] >= :n",
            "(n > :n OR a = :s)",
        ];
        let n = 1 + self.c.below(3);
        let mut out = String::new();
        for i in 0..n {
            if i > 0 {
                out.push_str(self.c.pick_str(&[" AND ", " OR "]));
            }
            if self.c.one_in(12) {
                out.push_str(&self.c.text(20));
            } else {
                out.push_str(self.c.pick_str(TERMS));
            }
        }
        out
    }

    fn update_expression(&mut self) -> String {
        const ACTIONS: &[(&str, &str)] = &[
            ("SET", "a = :v"),
            ("SET", "n = n + :n"),
            ("SET", "n = if_not_exists(n, :n) - :n"),
            ("SET", "l = list_append(l, :l)"),
            ("SET", "l = list_append(:l, if_not_exists(l, :l))"),
            ("SET", "m.x = :v"),
            ("SET", "m.y.z = :s"),
            ("SET", "l[5] = :v"),
            ("SET", "#a = :s"),
            ("SET", "gpk = :s"),
            ("SET", "gsk = :n"),
            ("SET", "lsk = :s"),
            ("SET", "exp = :n"),
            ("REMOVE", "a"),
            ("REMOVE", "l[0]"),
            ("REMOVE", "m.y"),
            ("REMOVE", "gpk"),
            ("ADD", "n :n"),
            ("ADD", "ss :ss"),
            ("ADD", "newset :ss"),
            ("DELETE", "ss :ss"),
            ("SET", "pk = :s"),
        ];
        let n = 1 + self.c.below(4);
        let mut sections: Vec<(&str, Vec<&str>)> = Vec::new();
        for _ in 0..n {
            let Some((keyword, action)) = self.c.pick(ACTIONS) else { continue };
            match sections.iter_mut().find(|(k, _)| *k == keyword) {
                Some((_, actions)) if !self.c.one_in(8) => actions.push(action),
                _ => sections.push((keyword, vec![action])),
            }
        }
        let mut out: Vec<String> = sections.iter().map(|(k, a)| format!("{k} {}", a.join(", "))).collect();
        if self.c.one_in(12) {
            out.push(self.c.text(20));
        }
        out.join(" ")
    }

    fn projection(&mut self) -> String {
        const PATHS: &[&str] = &["a", "pk", "sk", "l[0]", "m.y.z", "#a", "ss", "gpk", "n", "m.x", "l[1].q"];
        let n = 1 + self.c.below(3);
        let paths: Vec<&str> = (0..n).map(|_| self.c.pick_str(PATHS)).collect();
        paths.join(", ")
    }

    fn key_condition(&mut self, table: &str, index: Option<&str>) -> String {
        const T: &[&str] = &[
            "pk = :s",
            "pk = :s AND sk > :n",
            "pk = :s AND sk BETWEEN :n AND :n2",
            "#pk = :s AND sk <= :n",
            "pk = :s AND begins_with(sk, :s)",
            "sk = :n AND pk = :s",
            "pk = :s AND lsk = :s",
            "pk = :s AND begins_with(lsk, :s)",
        ];
        const G: &[&str] = &["gpk = :s", "gpk = :s AND gsk >= :n", "gpk = :s AND gsk BETWEEN :n AND :n2", "gpk > :s"];
        let pool = match (table, index) {
            (_, Some("ByG")) => G,
            ("Tiny", _) => &["id = :b", "g = :s"][..],
            ("Docs", _) => &["h = :s", "h = :s AND x = :s"][..],
            _ => T,
        };
        if self.c.one_in(12) {
            return self.c.text(24);
        }
        self.c.pick_str(pool).to_string()
    }

    /// ExpressionAttributeNames and Values covering the pools' placeholders
    /// (unused ones are an error DynamoDB reports, so they are trimmed to
    /// what the request's expressions mention unless the input says not to).
    fn placeholders(&mut self, request: &mut Value) {
        let texts: String = [
            "ConditionExpression",
            "UpdateExpression",
            "ProjectionExpression",
            "KeyConditionExpression",
            "FilterExpression",
        ]
        .iter()
        .filter_map(|m| request.get(m).and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join(" ");
        let keep_all = self.c.one_in(10);
        let mut names = Map::new();
        for (placeholder, name) in [("#a", "a"), ("#b", "b"), ("#pk", "pk")] {
            if keep_all || texts.contains(placeholder) {
                names.insert(placeholder.into(), name.into());
            }
        }
        let mut values = Map::new();
        let pool: [(&str, Value); 8] = [
            (":v", self.value(2)),
            (":s", json!({"S": self.c.pick_str(&["a", "b", "g0", "v", "l", "p"])})),
            (":n", json!({"N": self.c.pick_str(&["1", "2", "0", "-1", "1E+125"])})),
            (":n2", json!({"N": self.c.pick_str(&["3", "1", "10"])})),
            (":l", json!({"L": [self.value(1)]})),
            (":ss", json!({"SS": [self.c.pick_str(&["p", "q", "r"])]})),
            (":t", json!({"S": self.c.pick_str(&["S", "N", "M", "L", "SS", "X"])})),
            (":b", json!({"B": self.c.pick_str(BINARIES)})),
        ];
        for (placeholder, value) in pool {
            let used = texts.match_indices(placeholder).any(|(i, _)| {
                let after = texts.as_bytes().get(i + placeholder.len()).copied();
                !after.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
            if keep_all || used {
                values.insert(placeholder.into(), value);
            }
        }
        if let Value::Object(map) = request {
            if !names.is_empty() {
                map.insert("ExpressionAttributeNames".into(), Value::Object(names));
            }
            if !values.is_empty() {
                map.insert("ExpressionAttributeValues".into(), Value::Object(values));
            }
        }
    }

    /// Optional members common to item operations.
    fn options(&mut self, request: &mut Value, members: &[(&'static str, &[&'static str])]) {
        let Value::Object(map) = request else { return };
        for (member, choices) in members {
            if self.c.one_in(3) {
                map.insert((*member).to_string(), self.c.pick_str(choices).into());
            }
        }
    }

    fn index_for(&mut self, table: &str) -> Option<&'static str> {
        match table {
            "Orders" => self.c.pick(&[None, Some("ByG"), Some("ByL"), Some("Nope")]).flatten(),
            "Tiny" => self.c.pick(&[None, Some("TinyG")]).flatten(),
            _ => None,
        }
    }

    fn number_member(&mut self) -> Value {
        match self.c.below(14) {
            0 => json!(0),
            1 => json!(-1),
            2 => json!(1_000_000_000_000u64),
            3 => json!(1.5),
            4 => json!("2"),
            _ => json!(1 + self.c.below(4)),
        }
    }

    /// One operation and its request.
    pub fn request(&mut self) -> (&'static str, Value) {
        const CAPACITY: &[&str] = &["INDEXES", "TOTAL", "NONE", "INDEXES", "INDEXES", "TOTAL", "INDEXES", "bogus"];
        let operation = self.c.pick_str(&[
            "PutItem",
            "PutItem",
            "UpdateItem",
            "UpdateItem",
            "DeleteItem",
            "GetItem",
            "Query",
            "Query",
            "Scan",
            "BatchGetItem",
            "BatchWriteItem",
            "TransactGetItems",
            "TransactWriteItems",
            "TransactWriteItems",
            "CreateTable",
            "UpdateTable",
            "DeleteTable",
            "DescribeTable",
            "ListTables",
            "UpdateTimeToLive",
            "DescribeTimeToLive",
            "TagResource",
            "UntagResource",
            "ListTagsOfResource",
            "SearchVectors",
        ]);
        let table = self.table();
        let mut request = match operation {
            "PutItem" => {
                let mut r = json!({"TableName": table, "Item": self.item(table)});
                if self.c.one_in(2) {
                    r["ConditionExpression"] = self.condition().into();
                }
                self.options(
                    &mut r,
                    &[
                        ("ReturnValues", &["ALL_OLD", "NONE", "ALL_NEW"]),
                        ("ReturnValuesOnConditionCheckFailure", &["ALL_OLD", "NONE"]),
                        ("ReturnItemCollectionMetrics", &["SIZE", "NONE"]),
                    ],
                );
                r
            }
            "UpdateItem" => {
                let mut r = json!({"TableName": table, "Key": self.key(table)});
                if !self.c.one_in(8) {
                    r["UpdateExpression"] = self.update_expression().into();
                }
                if self.c.one_in(3) {
                    r["ConditionExpression"] = self.condition().into();
                }
                self.options(
                    &mut r,
                    &[
                        ("ReturnValues", &["ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW", "NONE"]),
                        ("ReturnValuesOnConditionCheckFailure", &["ALL_OLD"]),
                    ],
                );
                r
            }
            "DeleteItem" => {
                let mut r = json!({"TableName": table, "Key": self.key(table)});
                if self.c.one_in(3) {
                    r["ConditionExpression"] = self.condition().into();
                }
                self.options(&mut r, &[("ReturnValues", &["ALL_OLD", "NONE"])]);
                r
            }
            "GetItem" => {
                let mut r = json!({"TableName": table, "Key": self.key(table)});
                if self.c.one_in(3) {
                    r["ProjectionExpression"] = self.projection().into();
                }
                if self.c.one_in(3) {
                    r["ConsistentRead"] = true.into();
                }
                r
            }
            "Query" | "Scan" => self.read_request(operation, table),
            "BatchGetItem" => {
                let keys: Vec<Value> = (0..1 + self.c.below(4)).map(|_| self.key(table)).collect();
                let mut entry = json!({"Keys": keys});
                if self.c.one_in(3) {
                    entry["ProjectionExpression"] = "pk, a, m.x".into();
                }
                json!({"RequestItems": {table: entry}})
            }
            "BatchWriteItem" => {
                let writes: Vec<Value> = (0..1 + self.c.below(5))
                    .map(|_| {
                        if self.c.one_in(3) {
                            json!({"DeleteRequest": {"Key": self.key(table)}})
                        } else {
                            json!({"PutRequest": {"Item": self.item(table)}})
                        }
                    })
                    .collect();
                json!({"RequestItems": {table: writes}})
            }
            "TransactGetItems" => {
                let items: Vec<Value> = (0..1 + self.c.below(4))
                    .map(|_| json!({"Get": {"TableName": table, "Key": self.key(table)}}))
                    .collect();
                json!({"TransactItems": items})
            }
            "TransactWriteItems" => self.transact_write(),
            "SearchVectors" => self.search_vectors(table),
            "CreateTable" => self.create_table(),
            "UpdateTable" => self.update_table(table),
            "DeleteTable" | "DescribeTable" | "DescribeTimeToLive" => json!({"TableName": table}),
            "ListTables" => {
                let mut r = json!({});
                if self.c.one_in(2) {
                    r["Limit"] = self.number_member();
                }
                if self.c.one_in(3) {
                    r["ExclusiveStartTableName"] = table.into();
                }
                r
            }
            "TagResource" | "UntagResource" | "ListTagsOfResource" => {
                let arn = match self.c.below(8) {
                    0 => self.c.text(40),
                    1 => format!("arn:aws:dynamodb:us-east-1:000000000000:table/{table}/index/ByStatus"),
                    2 => format!("arn:aws:dynamodb:eu-west-1:123456789012:table/{table}"),
                    _ => format!("arn:aws:dynamodb:us-east-1:000000000000:table/{table}"),
                };
                const KEYS: &[&str] = &["env", "team", "", "aws:x", "k!", "Key with spaces", "env"];
                let tags: Vec<Value> = (0..self.c.below(6))
                    .map(|_| json!({"Key": self.c.pick_str(KEYS), "Value": self.c.pick_str(&["", "a", "x y", "%"])}))
                    .collect();
                let keys: Vec<&str> = (0..self.c.below(4)).map(|_| self.c.pick_str(KEYS)).collect();
                match operation {
                    "TagResource" => json!({"ResourceArn": arn, "Tags": tags}),
                    "UntagResource" => json!({"ResourceArn": arn, "TagKeys": keys}),
                    _ => json!({"ResourceArn": arn}),
                }
            }
            _ => {
                json!({"TableName": table, "TimeToLiveSpecification": {"Enabled": self.c.one_in(2), "AttributeName": self.c.pick_str(&["exp", "n", "a", ""])}})
            }
        };
        if operation != "CreateTable" {
            self.placeholders(&mut request);
        }
        if self.c.one_in(2) {
            request["ReturnConsumedCapacity"] = self.c.pick_str(CAPACITY).into();
        }
        if self.c.one_in(12) {
            self.mutate(&mut request);
        }
        (operation, request)
    }

    fn read_request(&mut self, operation: &str, table: &'static str) -> Value {
        let index = self.index_for(table);
        let mut r = json!({"TableName": table});
        if let Some(index) = index {
            r["IndexName"] = index.into();
        }
        if operation == "Query" {
            r["KeyConditionExpression"] = self.key_condition(table, index).into();
            if self.c.one_in(3) {
                r["ScanIndexForward"] = self.c.one_in(2).into();
            }
        } else if self.c.one_in(4) {
            let total = self.c.pick(&[1u64, 2, 3, 0, 1_000_001]).unwrap_or(1);
            r["TotalSegments"] = total.into();
            r["Segment"] = (self.c.below(4) as u64).into();
        }
        if self.c.one_in(3) {
            r["FilterExpression"] = self.condition().into();
        }
        if self.c.one_in(3) {
            r["ProjectionExpression"] = self.projection().into();
        }
        if self.c.one_in(3) {
            r["Limit"] = self.number_member();
        }
        if self.c.one_in(4) {
            r["Select"] =
                self.c.pick_str(&["COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES"]).into();
        }
        if self.c.one_in(5) {
            r["ConsistentRead"] = true.into();
        }
        if self.c.one_in(4) {
            let mut start = self.key(table);
            if index == Some("ByG") {
                start["gpk"] = json!({"S": "g1"});
                start["gsk"] = json!({"N": "2"});
            } else if index == Some("ByL") {
                start["lsk"] = json!({"S": "l0"});
            }
            r["ExclusiveStartKey"] = start;
        }
        r
    }

    fn transact_write(&mut self) -> Value {
        let n = 1 + self.c.below(4);
        let mut actions = Vec::new();
        for _ in 0..n {
            let table = self.table();
            let mut action = match self.c.below(4) {
                0 => json!({"Put": {"TableName": table, "Item": self.item(table)}}),
                1 => {
                    json!({"Update": {"TableName": table, "Key": self.key(table), "UpdateExpression": self.update_expression()}})
                }
                2 => json!({"Delete": {"TableName": table, "Key": self.key(table)}}),
                _ => {
                    json!({"ConditionCheck": {"TableName": table, "Key": self.key(table), "ConditionExpression": self.condition()}})
                }
            };
            if let Some(Value::Object(inner)) = action.as_object_mut().and_then(|m| m.values_mut().next()) {
                if !inner.contains_key("ConditionExpression") && self.c.one_in(3) {
                    inner.insert("ConditionExpression".into(), self.condition().into());
                }
                if self.c.one_in(4) {
                    inner.insert("ReturnValuesOnConditionCheckFailure".into(), "ALL_OLD".into());
                }
                let mut holder = Value::Object(std::mem::take(inner));
                self.placeholders(&mut holder);
                if let Value::Object(filled) = holder {
                    *inner = filled;
                }
            }
            actions.push(action);
        }
        let mut r = json!({"TransactItems": actions});
        if self.c.one_in(4) {
            r["ClientRequestToken"] = self.c.pick_str(&["token-1", "token-2", ""]).into();
        }
        r
    }

    /// A SearchVectors request, usually against `Docs`' vector index.
    fn search_vectors(&mut self, table: &str) -> Value {
        let numbers = ["1", "0", "-0.5", "3.4028235e38", "1e39", "1e-50", "x"];
        let length = self.c.pick_str(&["3", "3", "3", "2", "0", "4096"]).parse().unwrap_or(3);
        let vector: Vec<Value> = (0..length)
            .map(|_| if self.c.one_in(12) { self.value(1) } else { json!({"N": self.c.pick_str(&numbers)}) })
            .collect();
        let index = self.c.pick_str(&["ByEmb", "ByEmb", "ByEmb", "ByEmb2", "ByG", "no"]);
        let mut r =
            json!({"TableName": table, "IndexName": index, "SearchVector": vector, "TopK": self.number_member()});
        if !self.c.one_in(4) {
            r["SearchConditionExpression"] = self
                .c
                .pick_str(&[
                    "t = :v",
                    "t = :v AND f = :n",
                    "f = :n",
                    "t < :v",
                    "t = :v OR f = :n",
                    "t.x = :v",
                    "t = :v AND t = :v",
                ])
                .into();
            r["ExpressionAttributeValues"] = json!({":v": {"S": self.c.pick_str(&["x", "", "y"])}, ":n": {"N": "1"}});
        }
        if self.c.one_in(3) {
            r["ProjectionExpression"] = self.c.pick_str(&["h, emb", "d", "emb[1]", "h"]).into();
        }
        r
    }

    fn create_table(&mut self) -> Value {
        let name = self.c.pick_str(&["New1", "New2", "Orders", "x", "N\u{e9}w"]);
        let key_type = self.c.pick_str(&["S", "N", "B", "BOOL"]);
        let mut r = json!({"TableName": name,
            "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}, {"AttributeName": "r", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "k", "AttributeType": key_type}, {"AttributeName": "r", "AttributeType": "N"},
                                     {"AttributeName": "gk", "AttributeType": "S"}]});
        if self.c.one_in(2) {
            r["BillingMode"] = "PAY_PER_REQUEST".into();
        } else {
            r["ProvisionedThroughput"] =
                json!({"ReadCapacityUnits": self.number_member(), "WriteCapacityUnits": self.number_member()});
        }
        if self.c.one_in(2) {
            let projection = self.c.pick_str(&["ALL", "KEYS_ONLY", "INCLUDE"]);
            let mut gsi = json!({"IndexName": self.c.pick_str(&["GI1", "ix", "GI2"]),
                "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}], "Projection": {"ProjectionType": projection}});
            if projection == "INCLUDE" {
                gsi["Projection"]["NonKeyAttributes"] = json!(["a", "a"]);
            }
            if r.get("ProvisionedThroughput").is_some() {
                gsi["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
            }
            r["GlobalSecondaryIndexes"] = json!([gsi]);
        } else {
            // The unused definition of gk is an error DynamoDB reports.
            if let Some(Value::Array(defs)) = r.get_mut("AttributeDefinitions") {
                defs.truncate(2);
            }
        }
        if self.c.one_in(3) {
            r["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": self.c.pick_str(&["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "NONE"])});
        }
        if self.c.one_in(4) {
            self.mutate(&mut r);
        }
        r
    }

    fn update_table(&mut self, table: &str) -> Value {
        let mut r = json!({"TableName": table});
        match self.c.below(8) {
            0 => {
                r["AttributeDefinitions"] = json!([{"AttributeName": "a", "AttributeType": "S"}]);
                let mut create = json!({"IndexName": self.c.pick_str(&["ByA", "ByG", "TinyG"]),
                    "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": self.c.pick_str(&["ALL", "KEYS_ONLY"])}});
                if table == "Tiny" {
                    create["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
                }
                r["GlobalSecondaryIndexUpdates"] = json!([{"Create": create}]);
            }
            1 => {
                r["GlobalSecondaryIndexUpdates"] =
                    json!([{"Delete": {"IndexName": self.c.pick_str(&["ByG", "TinyG", "ByA", "ByL"])}}]);
            }
            2 => {
                r["ProvisionedThroughput"] =
                    json!({"ReadCapacityUnits": self.number_member(), "WriteCapacityUnits": self.number_member()});
            }
            3 => {
                r["BillingMode"] = self.c.pick_str(&["PAY_PER_REQUEST", "PROVISIONED"]).into();
                if self.c.one_in(2) {
                    r["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5});
                }
            }
            4 => {
                r["StreamSpecification"] = json!({"StreamEnabled": self.c.one_in(2), "StreamViewType": "KEYS_ONLY"});
            }
            6 => {
                // A vector index added to a live table (on `Docs` usually).
                let mut create = json!({"IndexName": self.c.pick_str(&["ByEmb2", "ByEmb", "ByG"]),
                    "VectorAttribute": {"AttributeName": self.c.pick_str(&["emb", "emb2", "h", "a"])},
                    "Dimensions": self.c.pick_str(&["3", "2", "4096"]).parse::<u64>().unwrap_or(3),
                    "DistanceFunction": self.c.pick_str(&["EUCLIDEAN", "DOT_PRODUCT", "COSINE"]),
                    "Projection": {"ProjectionType": self.c.pick_str(&["ALL", "KEYS_ONLY"])}});
                if self.c.one_in(2) {
                    r["AttributeDefinitions"] = json!([{"AttributeName": "t", "AttributeType": "S"}]);
                    create["SearchSchema"] = json!([{"AttributeName": "t", "SearchSchemaElementType": "HASH"}]);
                }
                r["VectorIndexUpdates"] = json!([{"Create": create}]);
            }
            7 => {
                r["VectorIndexUpdates"] =
                    json!([{"Delete": {"IndexName": self.c.pick_str(&["ByEmb", "ByEmb2", "ByG", "nope"])}}]);
            }
            _ => {
                r["GlobalSecondaryIndexUpdates"] = json!([{"Update": {"IndexName": self.c.pick_str(&["ByG", "TinyG"]),
                    "ProvisionedThroughput": {"ReadCapacityUnits": self.number_member(), "WriteCapacityUnits": 2}}}]);
            }
        }
        r
    }

    /// A Streams API request, built around the stream ARNs and shard ids
    /// the engine has shown so far and iterators it returned.
    pub fn streams_request(
        &mut self,
        arns: &[String],
        shards: &[String],
        iterators: &[String],
        sequences: &[String],
    ) -> (&'static str, Value) {
        let pick = |g: &mut Self, pool: &[String]| -> Value {
            if pool.is_empty() || g.c.one_in(8) {
                return g.c.text(40).into();
            }
            let mut s = pool.get(g.c.below(pool.len())).cloned().unwrap_or_default();
            match g.c.below(8) {
                0 => {
                    let cut = g.c.below(s.len() + 1);
                    s = s.chars().take(cut).collect();
                }
                1 => s.push_str(&g.c.text(4)),
                2 => {
                    // Change one character.
                    let at = g.c.below(s.chars().count().max(1));
                    let with = char::from(b'0' + g.c.below(75) as u8);
                    s = s.chars().enumerate().map(|(i, c)| if i == at { with } else { c }).collect();
                }
                _ => {}
            }
            s.into()
        };
        match self.c.below(4) {
            0 => {
                let mut r = json!({});
                if self.c.one_in(2) {
                    r["TableName"] = self.table().into();
                }
                if self.c.one_in(2) {
                    r["Limit"] = self.number_member();
                }
                if self.c.one_in(3) {
                    r["ExclusiveStartStreamArn"] = pick(self, arns);
                }
                ("ListStreams", r)
            }
            1 => {
                let mut r = json!({"StreamArn": pick(self, arns)});
                if self.c.one_in(3) {
                    r["Limit"] = self.number_member();
                }
                if self.c.one_in(3) {
                    r["ExclusiveStartShardId"] = pick(self, shards);
                }
                ("DescribeStream", r)
            }
            2 => {
                let kind = self.c.pick_str(&[
                    "TRIM_HORIZON",
                    "LATEST",
                    "AT_SEQUENCE_NUMBER",
                    "AFTER_SEQUENCE_NUMBER",
                    "BOGUS",
                ]);
                let mut r =
                    json!({"StreamArn": pick(self, arns), "ShardId": pick(self, shards), "ShardIteratorType": kind});
                if kind.ends_with("SEQUENCE_NUMBER") || self.c.one_in(6) {
                    r["SequenceNumber"] = pick(self, sequences);
                }
                ("GetShardIterator", r)
            }
            _ => {
                let mut r = json!({"ShardIterator": pick(self, iterators)});
                if self.c.one_in(3) {
                    r["Limit"] = self.number_member();
                }
                ("GetRecords", r)
            }
        }
    }
}

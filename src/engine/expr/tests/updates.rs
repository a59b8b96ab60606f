//! Update expressions: parsing, DynamoDB's messages, and application to an
//! item.

use super::*;

#[test]
fn valid_updates_print_back() {
    let cases = [
        ("SET a = :s", "SET a = :s"),
        (
            "set a=:s,b=:n remove c,d[1] add e :n delete f :ss",
            "SET a = :s, b = :n REMOVE c, d[1] ADD e :n DELETE f :ss",
        ),
        ("REMOVE a SET b = a", "REMOVE a SET b = a"),
        ("SET a = b + :n, c = :n - d", "SET a = b + :n, c = :n - d"),
        ("SET a = (b + :n)", "SET a = b + :n"),
        ("SET a = (b) + (:n)", "SET a = b + :n"),
        ("SET a = (b) - :n", "SET a = b - :n"),
        ("SET b.c=((c[1])+(b.a)),b.a = a", "SET b.c = c[1] + b.a, b.a = a"),
        ("SET a = if_not_exists(a, :n) + :n", "SET a = if_not_exists(a, :n) + :n"),
        ("SET a = list_append(if_not_exists(a, :el), :l)", "SET a = list_append(if_not_exists(a, :el), :l)"),
        ("SET #dot = :s, #a.#one = :n", "SET `a.b` = :s, a.`1` = :n"),
        ("ADD a :ns, b :n", "ADD a :ns, b :n"),
    ];
    for (text, printed) in cases {
        match update(text) {
            Ok(u) => assert_eq!(u.to_string(), printed, "{text}"),
            Err(e) => panic!("{text}: {e}"),
        }
    }
}

#[test]
fn invalid_updates_give_dynamodb_messages() {
    let prefix = "Invalid UpdateExpression: ";
    let cases: &[(&str, &str)] = &[
        ("INVALID SYNTAX HERE", "Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""),
        ("SET a = b + c + d", "Syntax error; token: \"+\", near: \"c + d\""),
        ("SET a = if_not_exist(a, :n)", "Invalid function name; function: if_not_exist"),
        ("SET a = LIST_APPEND(a, :l)", "Invalid function name; function: LIST_APPEND"),
        ("SET a = size(b)", "The function is not allowed in an update expression; function: size"),
        ("SET a = :n SET b = :n", "The \"SET\" section can only be used once in an update expression;"),
        ("remove #d set a = b remove e", "The \"REMOVE\" section can only be used once in an update expression;"),
        ("remove c set a = b remove e", "The \"REMOVE\" section can only be used once in an update expression;"),
        ("add d :n set a = b add e :n", "The \"ADD\" section can only be used once in an update expression;"),
        ("delete d :ss set a = b delete e :ss", "The \"DELETE\" section can only be used once in an update expression;"),
        (" set #c = :s set abOrt = :t ", "Attribute name is a reserved keyword; reserved keyword: abOrt"),
        (" remove Absolute ", "Attribute name is a reserved keyword; reserved keyword: Absolute"),
        ("SET #zz = :n", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        ("SET a = :zz", "An expression attribute value used in expression is not defined; attribute value: :zz"),
        ("SET a = :zz, #zz = :n", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        // Overlaps and conflicts (dynalite test/updateItem.js).
        ("set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a, :n)", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [1], a], path two: [c]"),
        ("set c.b.#c = a, c = a, #n = a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, b, c], path two: [c]"),
        ("set a = b remove a, #c, #n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"),
        ("set #c[3].#idx = a, #c[3] = a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3]]"),
        ("remove c, #c.a, #n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c, a]"),
        ("SET #a = :n, #a = :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"),
        ("set #c[3].#idx = a, #c.#idx[3] = if_not_exists(a, :n)", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3], [3]]"),
        ("remove a.#c set a[1] = b", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, c], path two: [a, [1]]"),
        ("SET a.b.c = :n, a.b[2] = :s", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b, c], path two: [a, b, [2]]"),
        // ADD / DELETE operand types.
        ("add a.b :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
        ("delete a.b :s", "Incorrect operand type for operator or function; operator: DELETE, operand type: STRING"),
        ("add a.b :null", "Incorrect operand type for operator or function; operator: ADD, operand type: NULL"),
        ("delete a.b :t", "Incorrect operand type for operator or function; operator: DELETE, operand type: BOOLEAN"),
        ("add a.b :b", "Incorrect operand type for operator or function; operator: ADD, operand type: BINARY"),
        ("add a.b :m", "Incorrect operand type for operator or function; operator: ADD, operand type: MAP"),
        ("add a.b :l", "Incorrect operand type for operator or function; operator: ADD, operand type: LIST"),
        ("delete a.b :n", "Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER"),
        ("set b = list_append(:s, a), c = if_not_exists(a, :n) add a.b :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
        // Functions.
        ("set a = if_not_exists(c)", "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1"),
        ("set a = list_append(c)", "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1"),
        ("set a = list_append(:l, :l, :l)", "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 3"),
        ("set a = if_not_exists(:s, c)", "Operator or function requires a document path; operator or function: if_not_exists"),
        ("set a = if_not_exists(if_not_exists(a, b), c)", "Operator or function requires a document path; operator or function: if_not_exists"),
        ("set a = list_append(:s, a)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: S"),
        ("set a = list_append(a, :n)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: N"),
        ("set a = list_append(:m, a)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: M"),
        ("set a = list_append(list_append(:l, :l), :l)", "The function is not allowed to be used this way in an expression; function: list_append"),
        ("set a = a + :s", "Incorrect operand type for operator or function; operator or function: +, operand type: S"),
        ("set a = :b - a", "Incorrect operand type for operator or function; operator or function: -, operand type: B"),
        ("set a = a - :ss", "Incorrect operand type for operator or function; operator or function: -, operand type: SS"),
        ("set a = a + :l", "Incorrect operand type for operator or function; operator or function: +, operand type: L"),
        // Precedence: reserved > unknown function > section > name > value > overlap > conflict > operand > function.
        ("SET a = dog(b) SET Status = :zz", "Attribute name is a reserved keyword; reserved keyword: Status"),
        ("SET a = dog(b) SET b = :zz", "Invalid function name; function: dog"),
        ("SET a = :zz SET b = #zz", "The \"SET\" section can only be used once in an update expression;"),
        ("SET a = :zz, b = #zz", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        ("SET a = :zz, a = :n", "An expression attribute value used in expression is not defined; attribute value: :zz"),
        ("SET a.b = :n, a[1] = :n, a = :n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"),
        ("SET a.b = :n, a[1] = :n ADD c :s", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]"),
        ("SET a = b + :s ADD c :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
    ];
    for (text, expected) in cases {
        assert_eq!(update(text).map(|u| u.to_string()), Err(format!("{prefix}{expected}")), "{text}");
    }
}

/// dynalite test/updateItem.js: every one of these is a syntax error.
#[test]
fn dynalite_update_syntax_errors() {
    let texts = [
        "whatever",
        "set a",
        "add a",
        "delete a",
        "set a=set",
        "remove a = b",
        "add a = b",
        "delete a = b",
        "delete a b",
        "delete a if_not_exist(b)",
        "add abort b",
        "add a if_not_exist(b)",
        "remove a b",
        "set a b",
        "set :a = b",
        "add :a b",
        "delete :a b",
        "remove :a",
        "set a = b / c",
        "set a = b * c",
        "set a[1] = \"eight\"",
        "set a[1] = 1",
        "SET a = if_not_exist(a, 100)",
        "SET if_not_exist(a, b) = a",
        "set (a = (b + c))",
        "set a = (b.c).d + e",
        "set a = (b.c)[0] + e",
        "set a = b + c + d",
        "SET a = _f(b,c,d)",
        "SET hi$there = :n",
        "SET # = :n",
        "SET a = :",
    ];
    for text in texts {
        let got = update(text).map(|_| ());
        assert!(matches!(&got, Err(m) if m.starts_with("Invalid UpdateExpression: Syntax error; ")), "{text}: {got:?}");
    }
}

#[test]
fn update_application_table() {
    let cases: Vec<(&str, Value, Result<Value, &str>)> = vec![
        ("SET a = :s", json!({}), Ok(json!({"a": {"S": "hello"}}))),
        ("SET a = :s", json!({"a": {"N": "1"}, "k": {"S": "x"}}), Ok(json!({"a": {"S": "hello"}, "k": {"S": "x"}}))),
        // Values are read from the old item: a swap works.
        ("SET a = b, b = a", json!({"a": {"N": "1"}, "b": {"N": "2"}}), Ok(json!({"a": {"N": "2"}, "b": {"N": "1"}}))),
        (
            "SET x = :n, y = x",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        ("REMOVE a SET b = a", json!({"a": {"S": "hi"}}), Ok(json!({"b": {"S": "hi"}}))),
        ("SET a = a + :n", json!({"a": {"N": "41"}}), Ok(json!({"a": {"N": "42"}}))),
        ("SET a = :n - a", json!({"a": {"N": "0.5"}}), Ok(json!({"a": {"N": "0.5"}}))),
        (
            "SET a = a + :n",
            json!({"a": {"S": "x"}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        (
            "SET a = a + :n",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        (
            "SET a = :big + :big",
            json!({}),
            Err("Number overflow. Attempting to store a number with magnitude larger than supported range"),
        ),
        ("SET a = if_not_exists(a, :n)", json!({}), Ok(json!({"a": {"N": "1"}}))),
        ("SET a = if_not_exists(a, :n)", json!({"a": {"N": "7"}}), Ok(json!({"a": {"N": "7"}}))),
        ("SET b = if_not_exists(c, a)", json!({"a": {"S": "k"}}), Ok(json!({"a": {"S": "k"}, "b": {"S": "k"}}))),
        ("SET a = if_not_exists(a, :n) + :n2", json!({}), Ok(json!({"a": {"N": "3"}}))),
        (
            "SET a = list_append(a, :l)",
            json!({"a": {"L": [{"N": "0"}]}}),
            Ok(json!({"a": {"L": [{"N": "0"}, {"N": "1"}, {"S": "x"}]}})),
        ),
        (
            "SET a = list_append(:l, a)",
            json!({"a": {"L": [{"N": "0"}]}}),
            Ok(json!({"a": {"L": [{"N": "1"}, {"S": "x"}, {"N": "0"}]}})),
        ),
        (
            "SET a = list_append(if_not_exists(a, :el), :l)",
            json!({}),
            Ok(json!({"a": {"L": [{"N": "1"}, {"S": "x"}]}})),
        ),
        (
            "SET a = list_append(a, :l)",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        (
            "SET a = list_append(a, :l)",
            json!({"a": {"SS": ["x"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        // Nested paths.
        ("SET m.k = :s", json!({"m": {"M": {}}}), Ok(json!({"m": {"M": {"k": {"S": "hello"}}}}))),
        ("SET m.k = :s", json!({}), Err("The document path provided in the update expression is invalid for update")),
        (
            "SET m.k = :s",
            json!({"m": {"S": "x"}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        (
            "SET m[0] = :s",
            json!({"m": {"M": {}}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        (
            "SET l.#one = :s",
            json!({"l": {"L": []}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        ("REMOVE y.a", json!({}), Err("The document path provided in the update expression is invalid for update")),
        ("REMOVE m.gone", json!({"m": {"M": {}}}), Ok(json!({"m": {"M": {}}}))),
        ("REMOVE gone", json!({"a": {"N": "1"}}), Ok(json!({"a": {"N": "1"}}))),
        ("ADD y.a :n", json!({}), Err("The document path provided in the update expression is invalid for update")),
        (
            "DELETE y.a :ss",
            json!({"y": {"L": []}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        // Lists: indexes past the end append, in index order; removals close up; indexes refer to the old list.
        ("SET l[5] = :s", json!({"l": {"L": [{"N": "0"}]}}), Ok(json!({"l": {"L": [{"N": "0"}, {"S": "hello"}]}}))),
        ("SET l[9] = :n2, l[7] = :n", json!({"l": {"L": []}}), Ok(json!({"l": {"L": [{"N": "1"}, {"N": "2"}]}}))),
        (
            "SET l[1] = :s",
            json!({"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}]}}),
            Ok(json!({"l": {"L": [{"N": "0"}, {"S": "hello"}, {"N": "2"}]}})),
        ),
        (
            "REMOVE l[1], l[2]",
            json!({"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}, {"N": "3"}]}}),
            Ok(json!({"l": {"L": [{"N": "0"}, {"N": "3"}]}})),
        ),
        ("REMOVE l[17]", json!({"l": {"L": [{"N": "4"}]}}), Ok(json!({"l": {"L": [{"N": "4"}]}}))),
        (
            "REMOVE a[1] SET a[3] = :n5",
            json!({"a": {"L": [{"N": "2"}, {"N": "3"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}}),
            Ok(json!({"a": {"L": [{"N": "2"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}})),
        ),
        (
            "SET a[3] = :n REMOVE a[1]",
            json!({"a": {"L": [{"N": "2"}, {"N": "3"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}}),
            Ok(json!({"a": {"L": [{"N": "2"}, {"N": "4"}, {"N": "1"}, {"N": "6"}, {"N": "7"}]}})),
        ),
        ("SET l[0].k = :s", json!({"l": {"L": [{"M": {}}]}}), Ok(json!({"l": {"L": [{"M": {"k": {"S": "hello"}}}]}}))),
        (
            "SET l[3].k = :s",
            json!({"l": {"L": [{"M": {}}]}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        // ADD.
        ("ADD a :n", json!({}), Ok(json!({"a": {"N": "1"}}))),
        ("ADD a :neg", json!({"a": {"N": "5"}}), Ok(json!({"a": {"N": "2"}}))),
        ("ADD a :ss", json!({"a": {"SS": ["b", "c"]}}), Ok(json!({"a": {"SS": ["a", "b", "c"]}}))),
        ("ADD a :ns", json!({"a": {"NS": ["3"]}}), Ok(json!({"a": {"NS": ["1", "2", "3"]}}))),
        ("ADD a :bs", json!({}), Ok(json!({"a": {"BS": ["AQ=="]}}))),
        ("ADD a :n", json!({"a": {"S": "x"}}), Err("An operand in the update expression has an incorrect data type")),
        (
            "ADD a :ns",
            json!({"a": {"SS": ["x"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        ("ADD a :ss", json!({"a": {"L": []}}), Err("An operand in the update expression has an incorrect data type")),
        (
            "ADD a :big",
            json!({"a": {"N": "9.9E125"}}),
            Err("Number overflow. Attempting to store a number with magnitude larger than supported range"),
        ),
        ("ADD l[4] :n", json!({"l": {"L": [{"N": "0"}]}}), Ok(json!({"l": {"L": [{"N": "0"}, {"N": "1"}]}}))),
        // DELETE.
        ("DELETE a :ss", json!({"a": {"SS": ["a", "b", "c"]}}), Ok(json!({"a": {"SS": ["c"]}}))),
        ("DELETE a :ss", json!({"a": {"SS": ["a"]}, "k": {"N": "1"}}), Ok(json!({"k": {"N": "1"}}))),
        ("DELETE a :ss", json!({}), Ok(json!({}))),
        ("DELETE a :ns", json!({"a": {"NS": ["7"]}}), Ok(json!({"a": {"NS": ["7"]}}))),
        (
            "DELETE a :ns",
            json!({"a": {"SS": ["1"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        (
            "DELETE a :ns",
            json!({"a": {"N": "1"}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        ("DELETE m.s :ss", json!({"m": {"M": {"s": {"SS": ["a"]}}}}), Ok(json!({"m": {"M": {}}}))),
    ];
    for (text, before, expected) in cases {
        let expected = expected.map_err(str::to_string);
        assert_eq!(apply(text, before.clone()), expected, "{text} on {before}");
    }
}

/// The worked example of dynalite test/updateItem.js "should update nested
/// attributes", with its UPDATED_NEW projection.
#[test]
fn nested_update_worked_example() {
    let key = json!({"S": "k"});
    let before = json!({
        "a": key,
        "b": {"M": {"a": {"N": "1"}, "b": {"N": "2"}, "c": {"N": "3"}}},
        "c": {"L": [{"N": "1"}, {"N": "3"}]},
    });
    let p = Placeholders::new(&[], &[(":a", num("2")), (":b", AttributeValue::Ss(vec!["a".into()]))]);
    let u = UpdateExpression::parse(
        "set b.c=((c[1])+(b.a)),b.a = a,c[1] = a, c[4] = b.a - b.b, c[2] = b.c add c[8] :b, c[6] :a",
        &p,
        &mut Usage::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let after = u.apply(&item(before)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        item_to_wire(&after),
        json!({
            "a": key,
            "b": {"M": {"a": key, "b": {"N": "2"}, "c": {"N": "4"}}},
            "c": {"L": [{"N": "1"}, key, {"N": "3"}, {"N": "-1"}, {"N": "2"}, {"SS": ["a"]}]},
        })
    );
    assert_eq!(
        item_to_wire(&u.updated_paths().apply(&after)),
        json!({"b": {"M": {"a": key, "c": {"N": "4"}}}, "c": {"L": [key, {"N": "3"}, {"N": "2"}]}})
    );
    assert_eq!(u.top_level_names_written().into_iter().collect::<Vec<_>>(), ["b", "c"]);
    assert_eq!(u.nested_top_level_names().into_iter().collect::<Vec<_>>(), ["b", "c"]);
}

#[test]
fn update_metadata() {
    let u =
        update("SET a = :n, b.c = d[1], e = list_append(f.g, :l) REMOVE h ADD i :ss").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(u.top_level_names_written().into_iter().collect::<Vec<_>>(), ["a", "b", "e", "h", "i"]);
    assert_eq!(u.nested_top_level_names().into_iter().collect::<Vec<_>>(), ["b", "d", "f"]);
    assert_eq!(u.written_type("a"), Some("N"));
    assert_eq!(u.written_type("e"), Some("L"));
    assert_eq!(u.written_type("i"), Some("SS"));
    assert_eq!(u.written_type("h"), None);
    assert_eq!(u.written_type("b"), None);
    assert_eq!(u.updated_paths().to_string(), "a, b.c, e, h, i");
}

#[test]
fn runtime_errors_point_at_the_action() {
    let text = "SET a = :n, b = gone";
    let u = update(text).unwrap_or_else(|e| panic!("{e}"));
    match u.apply(&Item::new()) {
        Err(ApiError::InvalidExpression { message, member, span }) => {
            assert_eq!(message, "The provided expression refers to an attribute that does not exist in the item");
            assert_eq!(member, "UpdateExpression");
            assert_eq!(text.get(span), Some("b = gone"));
        }
        other => panic!("{other:?}"),
    }
}

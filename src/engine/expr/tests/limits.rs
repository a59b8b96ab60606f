//! DynamoDB's expression limits, each at the exact boundary.

use super::*;

#[test]
fn expression_size_boundary() {
    let name = |len: usize| format!("a{}", "z".repeat(len - 1));
    // Projection: 4096 accepted, 4097 refused, no size suffix.
    assert!(projection(&name(4096)).is_ok());
    assert_eq!(
        projection(&name(4097)).map(|_| ()),
        Err("Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Condition: with the size suffix.
    let cond = |len: usize| format!("attribute_not_exists({})", name(len - "attribute_not_exists()".len()));
    assert_eq!(cond(4096).len(), 4096);
    assert!(condition(&cond(4096)).is_ok());
    assert_eq!(
        condition(&cond(4097)).map(|_| ()),
        Err(
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097"
                .to_string()
        )
    );
    let filter = Condition::parse(&cond(5000), "FilterExpression", &placeholders(), &mut Usage::new()).map_err(message);
    assert_eq!(
        filter.map(|_| ()),
        Err("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 5000"
            .to_string())
    );
    // Update, and whitespace counts (Alternator's tests, test_limit_expression_len).
    let spaces = " ".repeat(4085);
    assert!(update(&format!("SET{spaces}a = :neg")).is_ok());
    assert_eq!(
        update(&format!("SET {spaces}a = :neg")).map(|_| ()),
        Err("Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Key condition: no suffix; measured before substitution.
    let long = format!("pk = :s AND {} = :n", name(4097));
    assert_eq!(
        key(&long, Some(ScalarType::N)).map(|_| ()),
        Err("Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Size wins over a syntax error (Alternator's tests, crash3).
    assert_eq!(
        condition(&"(".repeat(15000)).map(|_| ()),
        Err("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 15000".to_string())
    );
}

/// The size error's span starts on a character boundary at or before byte
/// 4,096, even when a multi-byte character straddles it (found by the
/// `execute` fuzzer: the UI slices the text with the span).
#[test]
fn the_size_error_span_is_on_a_character_boundary() {
    // "a = " (4 bytes) + 2,046 × "é" (2 bytes each) = 4,096 bytes; then "€"
    // (3 bytes) covers bytes 4,096..4,099, so 4,096 is a boundary; one byte
    // less of prefix puts the boundary at 4,095 and 4,098.
    for prefix in ["a = ", "a ="] {
        let text = format!("{prefix}{}€ :s", "é".repeat(2046));
        let Err(ApiError::InvalidExpression { span, .. }) =
            Condition::parse(&text, "ConditionExpression", &placeholders(), &mut Usage::new())
        else {
            panic!("accepted {} bytes", text.len());
        };
        assert!(text.is_char_boundary(span.start), "{span:?}");
        assert_eq!(span.end, text.len());
        let expected_start = if prefix.len() == 4 { 4096 } else { 4095 };
        assert_eq!(span.start, expected_start);
        assert!(text.get(span).is_some());
    }
}

#[test]
fn operator_count_boundary() {
    // a<b or (a<b or (…)): depth 149 has 299 operators and is fine (Alternator's tests).
    let nested = |depth: usize| format!("a<b {}{}", "or (a<b ".repeat(depth), ")".repeat(depth));
    assert!(condition(&nested(149)).is_ok());
    // 300 operators: 150 comparisons joined by 150 ORs... one less: 150 + 149.
    let flat = |comparisons: usize| vec!["a<b"; comparisons].join(" OR ");
    assert!(condition(&flat(150)).is_ok(), "299 operators");
    let three_hundred = format!("{} AND NOT a<b", vec!["a<b"; 149].join(" OR "));
    assert!(condition(&three_hundred).is_ok(), "300 operators");
    assert_eq!(
        condition(&format!("{three_hundred} OR a = b")).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    assert_eq!(
        condition(&nested(454)).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    // 1000 NOTs (Alternator's tests, test_deeply_nested_expression_4).
    assert_eq!(
        condition(&format!("{}a<b", "not ".repeat(1000))).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    // Updates count + and - and functions.
    let sets = |n: usize| format!("SET {}", (0..n).map(|i| format!("a{i}=:n+:n")).collect::<Vec<_>>().join(","));
    assert!(sets(301).len() < 4096);
    assert!(update(&sets(300)).is_ok());
    assert_eq!(
        update(&sets(301)).map(|_| ()),
        Err("Invalid UpdateExpression: The expression contains too many operators; operator count: 301".to_string())
    );
}

#[test]
fn in_operand_boundary() {
    let list = |n: usize| format!("a IN ({})", vec![":n"; n].join(", "));
    assert!(condition(&list(100)).is_ok());
    assert_eq!(
        condition(&list(101)).map(|_| ()),
        Err("Invalid ConditionExpression: The IN operator is provided with too many operands; number of operands: 101"
            .to_string())
    );
}

#[test]
fn path_depth_boundary() {
    let path = |levels: usize| format!("a{}", ".b".repeat(levels - 1));
    assert!(projection(&path(32)).is_ok());
    assert_eq!(
        projection(&path(33)).map(|_| ()),
        Err("Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33"
            .to_string())
    );
    let indexed = |levels: usize| format!("a{}", "[0]".repeat(levels - 1));
    assert!(condition(&format!("attribute_exists({})", indexed(32))).is_ok());
    assert_eq!(
        condition(&format!("attribute_exists({})", indexed(33))).map(|_| ()),
        Err("Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33"
            .to_string())
    );
    assert_eq!(
        update(&format!("SET {} = :n", path(40))).map(|_| ()),
        Err("Invalid UpdateExpression: The document path has too many nesting levels; nesting levels: 40".to_string())
    );
    // A SET that would nest a value past 32 levels is refused when applied.
    let mut deep = json!({"S": "leaf"});
    for _ in 0..31 {
        deep = json!({"M": {"m": deep}});
    }
    let p = Placeholders::new(&[], &[(":deep", AttributeValue::from_wire(&deep).unwrap_or(AttributeValue::Null))]);
    let ok = UpdateExpression::parse("SET a = :deep", &p, &mut Usage::new()).and_then(|u| u.apply(&Item::new()));
    assert!(ok.is_ok());
    let too_deep = UpdateExpression::parse("SET a.b = :deep", &p, &mut Usage::new())
        .and_then(|u| u.apply(&item(json!({"a": {"M": {}}}))))
        .map_err(message);
    assert_eq!(too_deep.map(|_| ()), Err(crate::engine::value::wire::NESTING_MESSAGE.to_string()));
}

#[test]
fn placeholder_length_boundary() {
    for (len, ok) in [(255, true), (256, false)] {
        let key = format!("#{}", "n".repeat(len - 1));
        let value = format!(":{}", "v".repeat(len - 1));
        let names = json!({ key.clone(): "a" });
        let values = json!({ value.clone(): {"S": "x"} });
        let parsed = Placeholders::from_request(Some(&names), Some(&values));
        assert_eq!(parsed.is_ok(), ok, "{len}");
        if let Ok(p) = parsed {
            let mut usage = Usage::new();
            let c = Condition::parse(&format!("{key} = {value}"), "ConditionExpression", &p, &mut usage);
            assert!(c.is_ok());
            assert_eq!(usage.check_all_used(&p), Ok(()));
        } else {
            assert_eq!(
                parsed.map_err(message),
                Err(format!(
                    "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: {len}"
                ))
            );
            // Such a token cannot be defined, so it is undefined in the expression.
            assert_eq!(
                condition(&format!("{key} = :s")).map(|_| ()),
                Err(format!(
                    "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: {key}"
                ))
            );
        }
    }
}

#[test]
fn deep_nesting_is_refused_without_overflow() {
    // Unbalanced: a syntax error at the end.
    assert_eq!(
        condition(&"(".repeat(4096)).map(|_| ()),
        Err("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"".to_string())
    );
    assert_eq!(
        condition(&format!("{}a = :v", "(".repeat(3000))).map(|_| ()),
        Err("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":v\"".to_string())
    );
    // ((((a<b)))) within 4 KB: redundant parentheses (Alternator's tests).
    assert_eq!(
        condition(&format!("{}a<b{}", "(".repeat(2046), ")".repeat(2046))).map(|_| ()),
        Err("Invalid ConditionExpression: The expression has redundant parentheses;".to_string())
    );
    // a < f(f(f(…))): invalid function name (DynamoDB's answer, Alternator's tests).
    assert_eq!(
        condition(&format!("a < {}b{}", "f(".repeat(1355), ")".repeat(1355))).map(|_| ()),
        Err("Invalid ConditionExpression: Invalid function name; function: f".to_string())
    );
    assert!(condition(&format!("a < {}b{}", "size(".repeat(680), ")".repeat(680))).is_err());
    // Updates and key conditions too.
    assert!(update(&format!("SET a = {}b{}", "if_not_exists(".repeat(290), ", :n)".repeat(290))).is_err());
    assert!(key(&format!("{}pk = :s{}", "(".repeat(1000), ")".repeat(1000)), None).is_err());
    // And 10,000 parentheses (over the size limit) do not reach the parser.
    assert!(condition(&"(".repeat(10_000)).is_err());
}

/// The parser's worst case must fit the 1 MB stack of a wasm page (release
/// builds; a debug build's frames are four times larger, so it gets 4 MB).
#[test]
#[cfg(not(target_arch = "wasm32"))]
fn worst_case_fits_a_small_stack() {
    let stack = if cfg!(debug_assertions) { 4 << 20 } else { 1 << 20 };
    let handle = std::thread::Builder::new().stack_size(stack).spawn(|| {
        let nested = format!("{}a = :s{}", "(NOT ".repeat(199), ")".repeat(199));
        let parsed = condition(&nested);
        let calls = format!("a < {}b{}", "size(".repeat(199), ")".repeat(199));
        let sized = condition(&calls);
        let update_calls = format!("SET a = {}b{}", "if_not_exists(c, ".repeat(199), ")".repeat(199));
        let updated = update(&update_calls);
        (parsed.is_ok(), sized.is_err(), updated.is_ok())
    });
    let result = handle.map(|h| h.join());
    assert!(matches!(result, Ok(Ok((true, true, true)))), "{result:?}");
}

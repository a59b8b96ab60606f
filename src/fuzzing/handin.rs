//! The `handin` target: a hand-in link (`scenario::handin`), read. The
//! bytes go in three ways: as the link's text (a URL or a fragment); as
//! the document a well-encoded link carries; and as decisions that damage
//! a built-in exercise's model hand-in in a few places before it is
//! encoded, so mutations reach the exercise and solution readers.
//!
//! Invariants: decoding never panics; a refusal is a `ValidationException`
//! that starts "Invalid hand-in link:"; what decodes encodes to a link that
//! decodes to the same hand-in.

use serde_json::{json, Value};

use super::bytes::Choices;
use super::generate::Generator;
use super::targets::mutate_document;
use crate::scenario::exercises::{self, EXERCISE_IDS};
use crate::scenario::handin::{self, PREFIX};
use crate::scenario::link::pack;

fn decoded(text: &str) {
    match handin::decode(text) {
        Ok(hand_in) => {
            let again = handin::decode(&handin::encode(&hand_in)).unwrap_or_else(|e| panic!("no round trip: {e}"));
            assert_eq!(again, hand_in, "hand-in round trip differs");
        }
        Err(e) => {
            assert_eq!(e.name(), "ValidationException", "{e}");
            assert!(e.message().starts_with("Invalid hand-in link: "), "{e}");
        }
    }
}

pub fn handin(data: &[u8]) {
    decoded(&String::from_utf8_lossy(data));
    decoded(&format!("{PREFIX}{}", pack(data)));
    let mut c = Choices::new(data);
    let id = c.pick_str(EXERCISE_IDS);
    let mut exercise: Value = serde_json::from_str(exercises::document(id).unwrap()).unwrap();
    let solution = exercise["ModelAnswer"].take();
    let mut document = if c.one_in(2) {
        json!({"Name": "Ada", "ExerciseId": id, "Solution": solution})
    } else {
        json!({"Name": "Ada", "Exercise": exercise, "Solution": solution})
    };
    let mut g = Generator { c: &mut c };
    for _ in 0..1 + g.c.below(3) {
        mutate_document(&mut document, &mut g);
    }
    decoded(&format!("{PREFIX}{}", pack(document.to_string().as_bytes())));
}

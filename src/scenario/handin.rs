//! Hand-in links: a learner's solution to an exercise, with their name, in
//! the URL fragment — what a student sends the lecturer.
//!
//! `#handin1=<base64url(DEFLATE(JSON))>`, the encoding of share links
//! ([`link::pack`](super::link::pack)) under its own tag, so a hand-in is never mistaken for a
//! scenario and either can change its version alone. The JSON is
//!
//! ```json
//! {"Name": "Ada", "ExerciseId": "voting", "Solution": {…}}
//! {"Name": "Ada", "Exercise": {…an exercise document…}, "Solution": {…}}
//! ```
//!
//! A built-in exercise travels as its id, a lecturer's own exercise as its
//! document (its generated records as template and seed, so the link stays
//! short enough to paste). Decoding is as defensive as a share link's:
//! capped before anything is read, inflated only to a bound, and the
//! exercise and solution read through their strict readers
//! (`engine::exercise::format`); every failure is a `ValidationException`
//! that starts "Invalid hand-in link:" and says what is wrong. Whether the
//! solution fits the exercise is the check's business: a hand-in that does
//! not is still a hand-in, and the check names what does not fit.
//!
//! An exercise made in the playground (`scenario::make_exercise`) travels
//! the same way under `#exercise1=` ([`encode_exercise`],
//! [`decode_exercise`]): the whole document, read through its strict reader.

use serde_json::{json, Map, Value};

use super::exercises::EXERCISE_IDS;
use super::link::{pack, unpack};
use crate::engine::exercise::{Exercise, Solution};
use crate::engine::{ApiError, Result};

/// The tag of the current encoding.
pub const PREFIX: &str = "handin1=";
/// Longest fragment decoded at all (characters after `#`).
pub const MAX_LINK_CHARS: usize = 2_000_000;
/// Largest hand-in document a link may inflate to.
pub const MAX_DOCUMENT_BYTES: usize = 32 * 1024 * 1024;
/// Longest name, in characters.
pub const MAX_NAME_CHARS: usize = 200;

/// The exercise a hand-in answers.
#[derive(Clone, Debug, PartialEq)]
pub enum ExerciseRef {
    /// A built-in exercise, by its id (`scenario::exercises::EXERCISE_IDS`).
    BuiltIn(String),
    /// An exercise document (`engine::exercise::format`).
    Document(Value),
}

/// A learner's solution to an exercise, with the name they typed.
#[derive(Clone, Debug, PartialEq)]
pub struct HandIn {
    pub name: String,
    pub exercise: ExerciseRef,
    /// A solution document (`engine::exercise::format`).
    pub solution: Value,
}

impl ExerciseRef {
    /// The exercise, read. `built_in` gives a built-in exercise's document
    /// by its id: natively `exercises::document`, in the page the document
    /// it fetched.
    pub fn read(&self, built_in: impl FnOnce(&str) -> Option<String>) -> Result<Exercise> {
        match self {
            ExerciseRef::BuiltIn(id) => {
                let text = built_in(id)
                    .ok_or_else(|| ApiError::validation(format!("The built-in exercise {id} is not at hand")))?;
                let document: Value =
                    serde_json::from_str(&text).map_err(|e| ApiError::Serialization(e.to_string()))?;
                Exercise::from_json(&document)
            }
            ExerciseRef::Document(document) => Exercise::from_json(document),
        }
    }
}

impl HandIn {
    /// The hand-in's JSON document (what the link carries).
    pub fn to_json(&self) -> Value {
        let mut document = Map::new();
        document.insert("Name".into(), json!(self.name));
        match &self.exercise {
            ExerciseRef::BuiltIn(id) => document.insert("ExerciseId".into(), json!(id)),
            ExerciseRef::Document(exercise) => document.insert("Exercise".into(), exercise.clone()),
        };
        document.insert("Solution".into(), self.solution.clone());
        Value::Object(document)
    }

    /// The exercise and the solution, read (`built_in` as for
    /// [`ExerciseRef::read`]).
    pub fn read(&self, built_in: impl FnOnce(&str) -> Option<String>) -> Result<(Exercise, Solution)> {
        Ok((self.exercise.read(built_in)?, Solution::from_json(&self.solution)?))
    }
}

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("Invalid hand-in link: {detail}"))
}

/// The fragment (without `#`) that carries `hand_in`.
pub fn encode(hand_in: &HandIn) -> String {
    format!("{PREFIX}{}", pack(hand_in.to_json().to_string().as_bytes()))
}

/// The fragment of `text`: what follows its first `#` when it is a whole
/// URL, else the text itself, without surrounding blanks.
fn fragment_of(text: &str) -> &str {
    let text = text.trim();
    text.split_once('#').map_or(text, |(_, fragment)| fragment).trim()
}

/// Why a fragment that is not a hand-in is not one, in words.
fn foreign(fragment: &str) -> String {
    let tag = fragment.split('=').next().unwrap_or_default();
    if fragment.contains('=') && tag.len() > 1 && tag.starts_with('v') && tag[1..].chars().all(|c| c.is_ascii_digit()) {
        return "it is a share link of a whole playground, not a hand-in".into();
    }
    if tag == "exercise" || tag == "lesson" {
        return format!("it opens {} {tag}, not a hand-in", if tag == "exercise" { "an" } else { "a" });
    }
    if tag.starts_with("handin") && fragment.contains('=') {
        return format!("its version \"{tag}\" is not known here (from a newer version?)");
    }
    format!("it does not start with \"{PREFIX}\" (not a hand-in link)")
}

/// The hand-in a link carries. Accepts a whole URL, a fragment with or
/// without its `#`, and blanks around either.
pub fn decode(text: &str) -> Result<HandIn> {
    if text.len() > MAX_LINK_CHARS + 4096 {
        return Err(invalid(format!("it is {} characters long; at most {MAX_LINK_CHARS} are read", text.len())));
    }
    let fragment = fragment_of(text);
    if fragment.len() > MAX_LINK_CHARS {
        return Err(invalid(format!("it is {} characters long; at most {MAX_LINK_CHARS} are read", fragment.len())));
    }
    if fragment.is_empty() {
        return Err(invalid("it is empty"));
    }
    let Some(payload) = fragment.strip_prefix(PREFIX) else {
        return Err(invalid(foreign(fragment)));
    };
    let json = unpack(payload, MAX_DOCUMENT_BYTES).map_err(invalid)?;
    let document: Value =
        serde_json::from_slice(&json).map_err(|e| invalid(format!("it does not hold a JSON document ({e})")))?;
    from_json(&document)
}

/// Reads a hand-in document (the form [`HandIn::to_json`] writes).
pub fn from_json(document: &Value) -> Result<HandIn> {
    let Some(fields) = document.as_object() else {
        return Err(invalid("its document is not a JSON object"));
    };
    if let Some(unknown) = fields.keys().find(|k| !["Name", "ExerciseId", "Exercise", "Solution"].contains(&k.as_str()))
    {
        return Err(invalid(format!("its document has an unknown member {unknown}")));
    }
    let name = match fields.get("Name") {
        Some(Value::String(name)) => name.trim().to_string(),
        Some(_) => return Err(invalid("its Name is not a string")),
        None => return Err(invalid("it has no Name")),
    };
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(invalid(format!("its Name is longer than {MAX_NAME_CHARS} characters")));
    }
    let exercise = match (fields.get("ExerciseId"), fields.get("Exercise")) {
        (Some(_), Some(_)) => return Err(invalid("it has both an ExerciseId and an Exercise")),
        (None, None) => return Err(invalid("it names no exercise (ExerciseId or Exercise)")),
        (Some(Value::String(id)), None) => {
            if !EXERCISE_IDS.contains(&id.as_str()) {
                return Err(invalid(format!(
                    "its ExerciseId {id} is no built-in exercise (expected one of {})",
                    EXERCISE_IDS.join(", ")
                )));
            }
            ExerciseRef::BuiltIn(id.clone())
        }
        (Some(_), None) => return Err(invalid("its ExerciseId is not a string")),
        (None, Some(document)) => {
            Exercise::from_json(document)
                .map_err(|e| invalid(format!("its exercise does not read: {}", e.message())))?;
            ExerciseRef::Document(document.clone())
        }
    };
    let Some(solution) = fields.get("Solution") else {
        return Err(invalid("it has no Solution"));
    };
    Solution::from_json(solution).map_err(|e| invalid(format!("its solution does not read: {}", e.message())))?;
    Ok(HandIn { name, exercise, solution: solution.clone() })
}

/// The tag of a link that carries a whole exercise document (what "Make an
/// exercise" gives): `#exercise1=<base64url(DEFLATE(JSON))>`.
pub const EXERCISE_PREFIX: &str = "exercise1=";

/// The fragment (without `#`) that carries the exercise `document`.
pub fn encode_exercise(document: &Value) -> String {
    format!("{EXERCISE_PREFIX}{}", pack(document.to_string().as_bytes()))
}

/// The exercise document an `#exercise1=` link carries (a whole URL or a
/// fragment), read through `Exercise::from_json`; refused as "Invalid
/// exercise link: …" with what is wrong.
pub fn decode_exercise(text: &str) -> Result<Value> {
    let refused = |detail: String| ApiError::validation(format!("Invalid exercise link: {detail}"));
    let fragment = fragment_of(text);
    if fragment.len() > MAX_LINK_CHARS {
        return Err(refused(format!("it is {} characters long; at most {MAX_LINK_CHARS} are read", fragment.len())));
    }
    let Some(payload) = fragment.strip_prefix(EXERCISE_PREFIX) else {
        return Err(refused(format!("it does not start with \"{EXERCISE_PREFIX}\"")));
    };
    let json = unpack(payload, MAX_DOCUMENT_BYTES).map_err(refused)?;
    let document: Value =
        serde_json::from_slice(&json).map_err(|e| refused(format!("it does not hold a JSON document ({e})")))?;
    Exercise::from_json(&document).map_err(|e| refused(format!("its exercise does not read: {}", e.message())))?;
    Ok(document)
}

// The tests read the built-ins, compiled in natively only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::scenario::exercises;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use miniz_oxide::deflate::compress_to_vec;

    fn built_in(id: &str) -> Value {
        serde_json::from_str(super::super::exercises::document(id).expect("built in")).expect("json")
    }

    fn model_hand_in(id: &str, name: &str) -> HandIn {
        HandIn {
            name: name.into(),
            exercise: ExerciseRef::BuiltIn(id.into()),
            solution: built_in(id)["ModelAnswer"].clone(),
        }
    }

    fn error_of(text: &str) -> String {
        match decode(text) {
            Err(e) => {
                assert_eq!(e.name(), "ValidationException");
                e.message().to_string()
            }
            Ok(h) => panic!("decoded {text:.60} as {h:?}"),
        }
    }

    #[test]
    fn built_in_hand_ins_round_trip_as_their_id() {
        for id in EXERCISE_IDS {
            let hand_in = model_hand_in(id, "Ada Lovelace");
            let link = encode(&hand_in);
            assert!(link.starts_with(PREFIX));
            assert!(link.chars().all(|c| c.is_ascii_alphanumeric() || "-_=".contains(c)), "URL-safe");
            // The solution and a name: short enough to paste into a chat.
            assert!(link.len() < 4_000, "{id}: {} characters", link.len());
            assert_eq!(decode(&link).expect("decodes"), hand_in);
            assert_eq!(decode(&format!("  https://example.org/ddb/?lang=de#{link}\n")).expect("a URL"), hand_in);
            assert_eq!(decode(&format!("#{link}")).expect("a fragment"), hand_in);
            let (exercise, solution) = hand_in.read(|id| exercises::document(id).map(str::to_string)).expect("reads");
            let report = crate::engine::exercise::check(&exercise, &solution).expect("checks");
            assert_eq!(report.met, report.of, "{id}: the model answer scores full");
        }
    }

    #[test]
    fn an_exercise_document_travels_whole() {
        let mut exercise = built_in("voting");
        let solution = exercise["ModelAnswer"].take();
        exercise.as_object_mut().expect("object").remove("ModelAnswer");
        let hand_in = HandIn { name: "Grace".into(), exercise: ExerciseRef::Document(exercise), solution };
        let link = encode(&hand_in);
        assert_eq!(decode(&link).expect("decodes"), hand_in);
        // The voting exercise's records are generated: template and seed,
        // not 1,500 voters, travel.
        assert!(link.len() < 8_000, "{} characters", link.len());
    }

    fn wrapped(document: &Value) -> String {
        format!("{PREFIX}{}", pack(document.to_string().as_bytes()))
    }

    #[test]
    fn damaged_and_foreign_links_say_what_is_wrong() {
        let link = encode(&model_hand_in("forum", "Ada"));
        // Cut on a base64 quantum, so the bytes decode and inflating fails.
        let truncated = &link[..PREFIX.len() + (link.len() - PREFIX.len()) / 8 * 4];
        let share = crate::scenario::link::encode(&crate::scenario::Scenario::of(&crate::engine::Engine::new()));
        let solution = built_in("forum")["ModelAnswer"].clone();
        let not_json = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(compress_to_vec(b"hello", 9)));
        for (text, expected) in [
            ("", "it is empty"),
            ("https://example.org/", "does not start with \"handin1=\""),
            (&format!("#{share}"), "share link of a whole playground"),
            ("https://example.org/#exercise=voting", "opens an exercise"),
            ("#handin9=abc", "version \"handin9\" is not known"),
            ("handin1=***", "not valid base64url"),
            (truncated, "damaged"),
            (&not_json, "does not hold a JSON document"),
            (&wrapped(&json!([1, 2])), "not a JSON object"),
            (&wrapped(&json!({"ExerciseId": "forum", "Solution": solution})), "no Name"),
            (&wrapped(&json!({"Name": 7, "ExerciseId": "forum", "Solution": solution})), "Name is not a string"),
            (&wrapped(&json!({"Name": "x".repeat(201), "ExerciseId": "forum", "Solution": solution})), "longer than"),
            (&wrapped(&json!({"Name": "A", "Solution": solution})), "names no exercise"),
            (&wrapped(&json!({"Name": "A", "ExerciseId": "chess", "Solution": solution})), "chess is no built-in"),
            (&wrapped(&json!({"Name": "A", "ExerciseId": "forum", "Exercise": {}, "Solution": solution})), "both"),
            (&wrapped(&json!({"Name": "A", "ExerciseId": "forum"})), "no Solution"),
            (&wrapped(&json!({"Name": "A", "ExerciseId": "forum", "Solution": 1})), "its solution does not read"),
            (&wrapped(&json!({"Name": "A", "Exercise": {"Title": 1}, "Solution": solution})), "exercise does not read"),
            (
                &wrapped(&json!({"Name": "A", "ExerciseId": "forum", "Solution": {}, "Grade": 1})),
                "unknown member Grade",
            ),
        ] {
            let message = error_of(text);
            assert!(message.starts_with("Invalid hand-in link: "), "{message}");
            assert!(message.contains(expected), "{text:.60}: {message}");
        }
    }

    #[test]
    fn oversize_links_are_refused_before_reading() {
        let huge = format!("{PREFIX}{}", "A".repeat(MAX_LINK_CHARS));
        assert!(error_of(&huge).contains("characters long"));
        // 64 MB of spaces compresses to a few tens of KB.
        let bomb = format!("{PREFIX}{}", pack(&vec![b' '; 64 * 1024 * 1024]));
        assert!(bomb.len() < MAX_LINK_CHARS);
        assert_eq!(
            error_of(&bomb),
            format!("Invalid hand-in link: it expands to more than {MAX_DOCUMENT_BYTES} bytes")
        );
        assert!(decode(&wrapped_text(&"[".repeat(100_000))).is_err());
    }

    fn wrapped_text(text: &str) -> String {
        format!("{PREFIX}{}", pack(text.as_bytes()))
    }

    #[test]
    fn a_hand_in_that_does_not_fit_its_exercise_still_decodes() {
        // An empty design is a hand-in; the check says what is missing.
        let hand_in =
            HandIn { name: "Empty".into(), exercise: ExerciseRef::BuiltIn("inbox".into()), solution: json!({}) };
        assert_eq!(decode(&encode(&hand_in)).expect("decodes"), hand_in);
    }

    #[test]
    fn exercise_links_carry_a_whole_document() {
        let document = built_in("open-orders");
        let link = encode_exercise(&document);
        assert!(link.starts_with(EXERCISE_PREFIX));
        assert_eq!(decode_exercise(&format!("https://example.org/#{link}")).expect("decodes"), document);
        let message = |text: &str| decode_exercise(text).expect_err("refused").message().to_string();
        assert!(message("#exercise=voting").contains("does not start with \"exercise1=\""));
        assert!(message(&format!("{EXERCISE_PREFIX}{}", pack(b"{\"Title\": 1}"))).contains("exercise does not read"));
        assert!(message(&link[..link.len() / 2]).starts_with("Invalid exercise link: "));
    }
}

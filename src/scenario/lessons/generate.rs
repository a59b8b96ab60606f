//! Lesson data too regular or too large to write out, made by rule and
//! written through `PutItem` like any other item.
//!
//! * `inbox` (seed 001, the messaging app): David's fifty messages, each
//!   exactly **256 KB** (262,144 bytes by the item-size rule) so the first
//!   design's inbox query reads 50 × 256 KB, and each entry of the small
//!   `Inbox` GSI exactly **128 bytes** ("50 sequential items at 128 bytes"),
//!   so the GSI query reads 6,400 bytes: 2 blocks of 4 KB, 1 RCU.
//! * `haystack` (seed 001, multiplayer gaming): three hundred finished games
//!   where Bob was the opponent, the hay around his two pending requests.
//! * `articles` (vector search): twenty-four articles in four topics, each
//!   with a 256-number embedding near its topic's, too long to show as two numbers
//!   (the vector map projects them) and long enough that returning them
//!   costs more search bytes than the 1 KB floor.

use serde_json::{json, Value};

use super::setup::send;
use crate::engine::sim::Rng;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_from_wire;
use crate::engine::{ApiError, Engine, Result};
use crate::scenario::format::SavedOperation;

/// One message's item size: the seed's "Large message bodies".
pub const MESSAGE_BYTES: usize = 256 * 1024;
/// One `Inbox` GSI entry's size: the seed's "items at 128 bytes".
pub const INBOX_ENTRY_BYTES: usize = 128;
/// David's messages.
pub const INBOX_MESSAGES: usize = 50;
/// Finished games in Bob's haystack.
pub const HAYSTACK_GAMES: usize = 300;
/// The vector lesson's articles, and their embeddings' length.
pub const ARTICLES: usize = 24;
pub const ARTICLE_DIMENSIONS: usize = 256;
/// The articles' topics, in turn.
const TOPICS: [&str; 4] = ["databases", "cooking", "travel", "music"];

/// Words to make a subject as long as it must be.
const FILLER: &str = "about the design review: the agenda, the notes from last week and the open questions \
                      we still have to settle before Friday";

/// David's message `i` (0..50): id, date, sender, subject. The first and the
/// last are the seed's rows (afed from Bob on 2014-10-02, 3kf8 from Alice on
/// 2014-10-03); the 48 between arrive during 2014-10-02, a quarter of an
/// hour apart from 08:00, so the inbox has one order.
fn message(i: usize) -> (String, String, &'static str, &'static str) {
    match i {
        0 => ("afed".into(), "2014-10-02".into(), "Bob", "Hi!"),
        i if i + 1 == INBOX_MESSAGES => ("3kf8".into(), "2014-10-03".into(), "Alice", "RE: The"),
        i => (
            format!("m{i:03}"),
            format!("2014-10-02T{:02}:{:02}", 8 + i.saturating_sub(1) / 4, i.saturating_sub(1) % 4 * 15),
            match i % 3 {
                0 => "Bob",
                1 => "Alice",
                _ => "Carol",
            },
            "FW:",
        ),
    }
}

/// The message ids, in the order they were written.
pub fn inbox_ids() -> Vec<String> {
    (0..INBOX_MESSAGES).map(|i| message(i).0).collect()
}

fn size_of(item: &Value) -> Result<usize> {
    Ok(item_size(&item_from_wire(item)?))
}

/// The item of David's message `i`, its subject padded so its `Inbox` entry
/// (Recipient, Date, MsgId, Sender, Subject) is 128 bytes, its body so the
/// item is 256 KB.
fn inbox_item(i: usize) -> Result<Value> {
    let (id, date, sender, start) = message(i);
    let item = |subject: &str, body: &str| {
        json!({"MsgId": {"S": id}, "Recipient": {"S": "David"}, "Date": {"S": date},
               "Sender": {"S": sender}, "Subject": {"S": subject}, "Body": {"S": body}})
    };
    // The Inbox entry projects every attribute but Body.
    let mut entry = item("", "");
    if let Some(members) = entry.as_object_mut() {
        members.remove("Body");
    }
    let room = INBOX_ENTRY_BYTES.checked_sub(size_of(&entry)?).ok_or_else(|| too_big("subject"))?;
    let subject: String = format!("{start} {FILLER}").chars().take(room).collect();
    let room = MESSAGE_BYTES.checked_sub(size_of(&item(&subject, ""))?).ok_or_else(|| too_big("body"))?;
    Ok(item(&subject, &"x".repeat(room)))
}

fn too_big(what: &str) -> ApiError {
    ApiError::validation(format!("Invalid lesson messaging: no room for the {what}"))
}

/// Bob's finished game `i` (0..300): dates through 2013, hosts in turn.
fn haystack_item(i: usize) -> Value {
    let date = format!("2013-{:02}-{:02}", 1 + i / 25, 1 + i % 25);
    let host = match i % 3 {
        0 => "David",
        1 => "Alice",
        _ => "Carol",
    };
    json!({"GameId": {"S": format!("h{:03}", i + 1)}, "Date": {"S": date}, "Host": {"S": host},
           "Opponent": {"S": "Bob"}, "Status": {"S": "DONE"}, "StatusDate": {"S": format!("DONE_{date}")}})
}

/// Article `i`'s embedding: its topic's direction (a fixed random one per
/// topic) plus a smaller random part of its own, two decimals each (so a
/// share link of the lesson stays small).
fn embedding(i: usize) -> Vec<f64> {
    let topic = i % TOPICS.len();
    let mut centre = Rng::new(1_000 + topic as u64);
    let mut own = Rng::new(2_000 + i as u64);
    (0..ARTICLE_DIMENSIONS)
        .map(|_| {
            let value = (centre.next_f64() - 0.5) * 2.0 + (own.next_f64() - 0.5) * 0.8;
            (value * 100.0).round() / 100.0
        })
        .collect()
}

fn embedding_wire(i: usize) -> Value {
    json!({"L": embedding(i).iter().map(|x| json!({"N": x.to_string()})).collect::<Vec<_>>()})
}

/// Article `i` (0..24): its id, topic and embedding.
fn article_item(i: usize) -> Value {
    let topic = TOPICS.get(i % TOPICS.len()).copied().unwrap_or_default();
    json!({"id": {"S": format!("a{i:02}")}, "topic": {"S": topic},
           "title": {"S": format!("{topic} #{}", i / TOPICS.len() + 1)}, "embedding": embedding_wire(i)})
}

/// Writes the generated data set `name`.
pub fn data(name: &str, engine: &mut Engine) -> Result<()> {
    match name {
        "inbox" => {
            for i in 0..INBOX_MESSAGES {
                send(engine, "messaging", "PutItem", &json!({"TableName": "Messages", "Item": inbox_item(i)?}))?;
            }
        }
        "haystack" => {
            for i in 0..HAYSTACK_GAMES {
                send(engine, "gaming", "PutItem", &json!({"TableName": "Games", "Item": haystack_item(i)}))?;
            }
        }
        "articles" => {
            for i in 0..ARTICLES {
                send(engine, "vector-search", "PutItem", &json!({"TableName": "Articles", "Item": article_item(i)}))?;
            }
        }
        _ => return Err(ApiError::validation(format!("Invalid lesson: no generated data set \"{name}\""))),
    }
    Ok(())
}

/// Saved operations that come with a generated data set: for `inbox`, the
/// BatchGetItem of all fifty messages (too long to write out).
pub fn operations(name: &str) -> Vec<SavedOperation> {
    match name {
        "inbox" => {
            let keys: Vec<Value> = inbox_ids().into_iter().map(|id| json!({"MsgId": {"S": id}})).collect();
            vec![SavedOperation {
                name: "Fetch all 50 messages".into(),
                operation: "BatchGetItem".into(),
                request: json!({"RequestItems": {"Messages": {"Keys": keys, "ProjectionExpression": "MsgId, Subject"}}}),
            }]
        }
        // The same search for the articles nearest a00 (a databases
        // article), once returning the embeddings and once not.
        "articles" => {
            let vector = embedding_wire(0).get("L").cloned().unwrap_or_default();
            let search = |name: &str, projection: &str| SavedOperation {
                name: name.into(),
                operation: "SearchVectors".into(),
                request: json!({"TableName": "Articles", "IndexName": "ByTopic", "SearchVector": vector.clone(),
                    "TopK": 5, "ProjectionExpression": projection, "ReturnConsumedCapacity": "TOTAL"}),
            };
            vec![
                search("Articles like a00", "id, title"),
                search("Articles like a00, with their embeddings", "id, title, embedding"),
            ]
        }
        _ => Vec::new(),
    }
}

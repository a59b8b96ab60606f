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

use serde_json::{json, Value};

use super::setup::send;
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
        _ => Vec::new(),
    }
}

//! Whose tables a request reaches: ddb-local's databases.
//!
//! DynamoDB keeps an account's tables per region. DynamoDB Local keeps them
//! per access key and region (one file each), unless it is started with
//! `-sharedDb`, when every client shares one database. ddb-local does the
//! same. A request's [`Namespace`] is the access key and the region of its
//! SigV4 credential scope:
//!
//! ```text
//! Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261128/eu-west-1/dynamodb/aws4_request, …
//!                                            └─ access key ┘          └─ region ┘
//! ```
//!
//! The signature is not checked (see the server's module docs). A request
//! without SigV4 credentials (`curl` without `--aws-sigv4`, a raw HTTP test)
//! has the access key "" in [`DEFAULT_REGION`].
//!
//! An access key that looks like a real AWS one (`AKIA…`/`ASIA…`, as when
//! an SDK's own profile is pointed at ddb-local by mistake) is never written
//! down as it is: its namespace is named by a checksum of it
//! (`AKIA…3f9a0c1e`), in the data file, the journal and the status page.
//!
//! [`Databases::PerCredential`] (the default) holds one [`Engine`] per
//! namespace, in the namespace's region, so ARNs and stream ARNs name the
//! region the client asked for. A namespace's engine is made by its first
//! request and kept once a request may have changed it; one that only read
//! an empty database is not kept, so probing regions leaves nothing behind.
//! [`Databases::Shared`] (`--shared-db`) is one engine for every access key
//! and region, in the region it was made in.
//!
//! In the data file the first database (in namespace order) is the
//! document's `engine`, the member the playground page opens; the
//! namespaces, and the engines of the others, are in
//! `"ddbLocal": {"databases": [...]}`. A file without that member (one the
//! page exported, or one saved with `--shared-db`) holds one shared
//! database.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::engine::clock::ClockMode;
use crate::engine::service::DEFAULT_REGION;
use crate::engine::{Engine, EngineSettings};

/// Access keys and regions longer than this are not a credential scope any
/// SDK sends; such a request counts as unsigned rather than naming a
/// database after whatever it carried.
const LONGEST_SCOPE_PART: usize = 128;

/// The access key and region a request's tables belong to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Namespace {
    pub access_key_id: String,
    pub region: String,
}

impl Namespace {
    /// The namespace of a request without SigV4 credentials.
    pub fn unsigned() -> Self {
        Self { access_key_id: String::new(), region: DEFAULT_REGION.into() }
    }

    /// The namespace an `Authorization` header's credential scope names
    /// (`Credential=<key>/<date>/<region>/<service>/aws4_request`);
    /// [`Namespace::unsigned`] without one.
    pub fn of_authorization(header: Option<&str>) -> Self {
        let scope = header
            .and_then(|header| header.split_once("Credential="))
            .and_then(|(_, rest)| rest.split([',', ' ']).next())
            .unwrap_or_default();
        let mut parts = scope.split('/');
        match (parts.next(), parts.next(), parts.next()) {
            (Some(key), Some(_date), Some(region))
                if !region.is_empty()
                    && key.len() <= LONGEST_SCOPE_PART
                    && region.len() <= LONGEST_SCOPE_PART
                    && region.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
            {
                Self { access_key_id: key_name(key), region: region.to_string() }
            }
            _ => Self::unsigned(),
        }
    }

    /// The namespace as the data file and the journal write it.
    pub fn to_json(&self) -> Value {
        json!({"accessKeyId": self.access_key_id, "region": self.region})
    }

    /// Reads [`Namespace::to_json`].
    pub fn from_json(value: &Value) -> Option<Self> {
        Some(Self {
            access_key_id: value.get("accessKeyId")?.as_str()?.to_string(),
            region: value.get("region")?.as_str()?.to_string(),
        })
    }
}

/// How a namespace names an access key: as given, unless it looks like a
/// real AWS access key ID, which is replaced by a checksum of it.
fn key_name(key: &str) -> String {
    let real = key.len() == 20
        && (key.starts_with("AKIA") || key.starts_with("ASIA"))
        && key.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    match key.get(..4) {
        Some(prefix) if real => format!("{prefix}…{:08x}", crc32fast::hash(key.as_bytes())),
        _ => key.to_string(),
    }
}

impl std::fmt::Display for Namespace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.access_key_id.is_empty() {
            write!(f, "unsigned requests in {}", self.region)
        } else {
            write!(f, "access key {} in {}", self.access_key_id, self.region)
        }
    }
}

/// The engines a server serves.
#[derive(Clone, Debug)]
pub enum Databases {
    /// One engine for every access key and region (`--shared-db`).
    Shared(Engine),
    /// One engine per access key and region.
    PerCredential {
        engines: BTreeMap<Namespace, Engine>,
        /// What a new database starts with.
        settings: EngineSettings,
        clock: ClockMode,
    },
}

impl Databases {
    /// No database yet; each will start with `settings` and `clock`.
    pub fn per_credential(settings: EngineSettings, clock: ClockMode) -> Self {
        Self::PerCredential { engines: BTreeMap::new(), settings, clock }
    }

    /// Whether every client shares one database.
    pub fn is_shared(&self) -> bool {
        matches!(self, Self::Shared(_))
    }

    /// The database of `namespace`, if there is one.
    pub fn get(&self, namespace: &Namespace) -> Option<&Engine> {
        match self {
            Self::Shared(engine) => Some(engine),
            Self::PerCredential { engines, .. } => engines.get(namespace),
        }
    }

    /// The database of `namespace`, made (empty, in its region) if there is
    /// none; `true` if it was made now.
    pub fn get_or_make(&mut self, namespace: &Namespace) -> (&mut Engine, bool) {
        match self {
            Self::Shared(engine) => (engine, false),
            Self::PerCredential { engines, settings, clock } => {
                let made = !engines.contains_key(namespace);
                let engine = engines.entry(namespace.clone()).or_insert_with(|| {
                    let mut engine = Engine::in_region(&namespace.region);
                    *engine.settings_mut() = settings.clone();
                    engine.clock_mut().set_mode(*clock);
                    engine
                });
                (engine, made)
            }
        }
    }

    /// Drops the database of `namespace` if it holds no table: one a
    /// request made only to read.
    pub fn forget_if_empty(&mut self, namespace: &Namespace) {
        if let Self::PerCredential { engines, .. } = self {
            if engines.get(namespace).is_some_and(|engine| engine.tables().next().is_none()) {
                engines.remove(namespace);
            }
        }
    }

    /// Every database with its namespace (`None`: the shared one).
    pub fn iter(&self) -> Box<dyn Iterator<Item = (Option<&Namespace>, &Engine)> + '_> {
        match self {
            Self::Shared(engine) => Box::new(std::iter::once((None, engine))),
            Self::PerCredential { engines, .. } => Box::new(engines.iter().map(|(n, e)| (Some(n), e))),
        }
    }

    /// Every database, to change (e.g. the clock mode at start).
    pub fn engines_mut(&mut self) -> Box<dyn Iterator<Item = &mut Engine> + '_> {
        match self {
            Self::Shared(engine) => Box::new(std::iter::once(engine)),
            Self::PerCredential { engines, .. } => Box::new(engines.values_mut()),
        }
    }

    /// Sets the clock mode of every database and of those made later.
    pub fn set_clock_mode(&mut self, mode: ClockMode) {
        if let Self::PerCredential { clock, .. } = self {
            *clock = mode;
        }
        for engine in self.engines_mut() {
            engine.clock_mut().set_mode(mode);
        }
    }

    /// Sets the GSI propagation delay of every database and of those made
    /// later.
    pub fn set_gsi_propagation_delay(&mut self, millis: u64) {
        if let Self::PerCredential { settings, .. } = self {
            settings.gsi_propagation_delay_millis = millis;
        }
        for engine in self.engines_mut() {
            engine.settings_mut().gsi_propagation_delay_millis = millis;
        }
    }

    /// Sets an engine setting (by its name, `EngineSettings::set`) of every
    /// database and of those made later; an unknown name changes nothing.
    pub fn set_setting(&mut self, name: &str, value: u64) {
        if let Self::PerCredential { settings, .. } = self {
            settings.set(name, value);
        }
        for engine in self.engines_mut() {
            engine.settings_mut().set(name, value);
        }
    }

    /// The number of tables in all databases.
    pub fn table_count(&self) -> usize {
        self.iter().map(|(_, engine)| engine.tables().count()).sum()
    }

    /// The data file's parts: the document's `engine` (the first database's
    /// snapshot; an empty engine's if there is none) and, per credential,
    /// the `databases` list of the `ddbLocal` member.
    pub fn snapshot(&self) -> (Value, Option<Value>) {
        match self {
            Self::Shared(engine) => (engine.snapshot(), None),
            Self::PerCredential { engines, settings, .. } => {
                let mut listed = Vec::with_capacity(engines.len());
                let mut first = None;
                for (namespace, engine) in engines {
                    let mut entry = namespace.to_json();
                    match (&first, entry.as_object_mut()) {
                        (None, _) => first = Some(engine.snapshot()),
                        (Some(_), Some(members)) => {
                            members.insert("engine".into(), engine.snapshot());
                        }
                        (Some(_), None) => {}
                    }
                    listed.push(entry);
                }
                // Without a database yet, an empty one keeps the settings.
                let empty = || {
                    let mut engine = Engine::new();
                    *engine.settings_mut() = settings.clone();
                    engine.snapshot()
                };
                (first.unwrap_or_else(empty), Some(Value::Array(listed)))
            }
        }
    }

    /// The databases of a data file: `document` is the file, `first` its
    /// `engine` as restored. Without a `ddbLocal.databases` member the file
    /// holds one shared database. Errors name the entry at fault.
    pub fn of_document(document: &Value, first: Engine, clock: ClockMode) -> Result<Self, String> {
        let Some(listed) = document.get("ddbLocal").and_then(|member| member.get("databases")) else {
            return Ok(Self::Shared(first));
        };
        let Some(listed) = listed.as_array() else {
            return Err("ddbLocal.databases: expected an array".into());
        };
        let settings = first.settings().clone();
        let mut engines = BTreeMap::new();
        for (i, entry) in listed.iter().enumerate() {
            let at = format!("ddbLocal.databases[{i}]");
            let namespace = Namespace::from_json(entry)
                .ok_or_else(|| format!("{at}: expected {{\"accessKeyId\": …, \"region\": …}}"))?;
            let engine = if i == 0 {
                // The document's engine was restored in the default region.
                let snapshot = document.get("engine").unwrap_or(&Value::Null);
                Engine::restore_in_region(snapshot, &namespace.region)
                    .map_err(|e| format!("engine: {}", e.message()))?
            } else {
                let snapshot = entry.get("engine").ok_or_else(|| format!("{at}: missing \"engine\""))?;
                Engine::restore_in_region(snapshot, &namespace.region)
                    .map_err(|e| format!("{at}.engine: {}", e.message()))?
            };
            if engines.insert(namespace, engine).is_some() {
                return Err(format!("{at}: a second database for the same access key and region"));
            }
        }
        Ok(Self::PerCredential { engines, settings, clock })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn namespace(key: &str, region: &str) -> Namespace {
        Namespace { access_key_id: key.into(), region: region.into() }
    }

    #[test]
    fn the_credential_scope_names_the_namespace() {
        let signed = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261128/eu-west-1/dynamodb/aws4_request, \
                      SignedHeaders=host;x-amz-date, Signature=00";
        assert_eq!(Namespace::of_authorization(Some(signed)), namespace("AKIDEXAMPLE", "eu-west-1"));
        let tight = "AWS4-HMAC-SHA256 Credential=x/20260101/local/dynamodb/aws4_request,SignedHeaders=host";
        assert_eq!(Namespace::of_authorization(Some(tight)), namespace("x", "local"));
        for unsigned in
            [None, Some(""), Some("Bearer abc"), Some("AWS4-HMAC-SHA256 Credential=x/2026"), Some("Credential=x/d//s")]
        {
            assert_eq!(Namespace::of_authorization(unsigned), Namespace::unsigned(), "{unsigned:?}");
        }
        // A real-looking key is kept only as a checksum, the same every time.
        let real = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261128/us-east-1/dynamodb/aws4_request";
        let named = Namespace::of_authorization(Some(real));
        assert_eq!(named, namespace(&format!("AKIA…{:08x}", crc32fast::hash(b"AKIAIOSFODNN7EXAMPLE")), "us-east-1"));
        assert!(!named.to_json().to_string().contains("IOSFODNN7EXAMPLE"));
        let odd = format!("AWS4-HMAC-SHA256 Credential=x/d/{}/dynamodb/aws4_request", "r".repeat(200));
        assert_eq!(Namespace::of_authorization(Some(&odd)), Namespace::unsigned());
        assert_eq!(Namespace::of_authorization(Some("Credential=x/d/eu_west/s")), Namespace::unsigned());
    }

    #[test]
    fn each_namespace_has_its_own_engine_in_its_region() {
        let mut databases = Databases::per_credential(EngineSettings::default(), ClockMode::Manual);
        let (engine, made) = databases.get_or_make(&namespace("a", "eu-west-1"));
        assert!(made);
        assert_eq!(engine.region(), "eu-west-1");
        assert_eq!(engine.clock().mode(), ClockMode::Manual);
        let create = json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]});
        let created = engine.execute("CreateTable", &create).expect("created");
        assert_eq!(created["TableDescription"]["TableArn"], "arn:aws:dynamodb:eu-west-1:000000000000:table/tbl");
        assert!(!databases.get_or_make(&namespace("a", "eu-west-1")).1);
        // Reading an empty database leaves nothing behind.
        databases.get_or_make(&namespace("b", "eu-west-1"));
        databases.forget_if_empty(&namespace("b", "eu-west-1"));
        databases.forget_if_empty(&namespace("a", "eu-west-1"));
        assert_eq!(databases.iter().count(), 1);
        assert_eq!(databases.table_count(), 1);
    }

    #[test]
    fn the_data_file_keeps_every_namespace() {
        let mut databases = Databases::per_credential(EngineSettings::default(), ClockMode::Wall);
        for (key, region, table) in
            [("b", "us-east-1", "one"), ("a", "ap-northeast-1", "two"), ("a", "eu-west-1", "three")]
        {
            let create = json!({"TableName": table, "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]});
            databases.get_or_make(&namespace(key, region)).0.execute("CreateTable", &create).expect("created");
        }
        let (first, listed) = databases.snapshot();
        let listed = listed.expect("per credential");
        assert_eq!(listed[0], json!({"accessKeyId": "a", "region": "ap-northeast-1"}));
        assert_eq!(listed.as_array().map(Vec::len), Some(3));
        let document = json!({"engine": first, "ddbLocal": {"databases": listed}});
        let plain = Engine::restore(&document["engine"]).expect("the page can open the first");
        let read = Databases::of_document(&document, plain, ClockMode::Wall).expect("reads back");
        let tables: Vec<(String, String, String)> = read
            .iter()
            .flat_map(|(n, e)| {
                let n = n.expect("per credential").clone();
                e.tables().map(move |t| (n.access_key_id.clone(), n.region.clone(), t.definition.arn.clone()))
            })
            .collect();
        assert_eq!(
            tables,
            [
                ("a".into(), "ap-northeast-1".into(), "arn:aws:dynamodb:ap-northeast-1:000000000000:table/two".into()),
                ("a".into(), "eu-west-1".into(), "arn:aws:dynamodb:eu-west-1:000000000000:table/three".into()),
                ("b".into(), "us-east-1".into(), "arn:aws:dynamodb:us-east-1:000000000000:table/one".into()),
            ]
        );
        // A file without the member is one shared database.
        let shared = Databases::of_document(&json!({"engine": {}}), Engine::new(), ClockMode::Wall).expect("shared");
        assert!(shared.is_shared());
        let broken = json!({"ddbLocal": {"databases": [{"accessKeyId": "a"}]}});
        let refused = Databases::of_document(&broken, Engine::new(), ClockMode::Wall).unwrap_err();
        assert!(refused.starts_with("ddbLocal.databases[0]: expected"), "{refused}");
    }
}

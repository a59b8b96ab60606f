//! The one error type of the engine, named after the AWS exceptions.
//!
//! Every failure a request can meet ends up as an [`ApiError`]: a variant per
//! AWS exception (the wire name comes from [`ApiError::name`]) carrying the
//! message DynamoDB itself would send. Tests compare errors with `==`, so the
//! type is `Clone + PartialEq`, and the UI shows `name: message` verbatim.
//! Messages are taken word for word from `docs/dynamodb-semantics.md`
//! (sections B.4 and D.7); where DynamoDB has none, ours says what went wrong.

use std::fmt;

use super::capacity::Charge;
use super::throttling::ThrottlingReason;

/// An error answered instead of a response. The message is the exact text
/// DynamoDB puts in the `message` field of its error body.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    /// `ValidationException`: the request is malformed or breaks a limit.
    Validation(String),
    /// A `ValidationException` about an expression, with where in the
    /// expression the fault is, so the UI can underline it. `member` names
    /// the request member (`ConditionExpression`, `UpdateExpression`, …) and
    /// `span` is a byte range in that member's text. On the wire it is a
    /// plain `ValidationException` with the same message.
    InvalidExpression { message: String, member: &'static str, span: std::ops::Range<usize> },
    /// `SerializationException`: the body is not the JSON the operation takes.
    Serialization(String),
    /// `ResourceNotFoundException`: the table (or index) does not exist.
    ResourceNotFound(String),
    /// `ResourceInUseException`: the table already exists, or is busy.
    ResourceInUse(String),
    /// `LimitExceededException`: too many tables or concurrent control-plane calls.
    LimitExceeded(String),
    /// `ItemCollectionSizeLimitExceededException`: a write would grow an item
    /// collection of a table with local secondary indexes past its limit.
    ItemCollectionSizeLimitExceeded(String),
    /// `ConditionalCheckFailedException`, optionally with the old item when the
    /// request asked for `ReturnValuesOnConditionCheckFailure: ALL_OLD`.
    /// `charges` is the write capacity the failed write still consumes
    /// (A.3), never sent: see [`ApiError::charges`]. (A boxed slice: the
    /// error stays small, since every `Result` of the engine carries it.)
    ConditionalCheckFailed { message: String, item: Option<serde_json::Value>, charges: Box<[Charge]> },
    /// `TransactionCanceledException`: one or more actions of a transaction
    /// could not go ahead; `reasons` holds one `CancellationReason` object
    /// per action, in request order.
    TransactionCanceled { message: String, reasons: Vec<serde_json::Value> },
    /// `DuplicateItemException`: a PartiQL INSERT of an item whose primary
    /// key already exists; `charges` as for `ConditionalCheckFailed` (the
    /// INSERT is a PutItem whose condition failed).
    DuplicateItem { message: String, charges: Box<[Charge]> },
    /// `IdempotentParameterMismatchException`: a `ClientRequestToken` was
    /// reused with different parameters.
    IdempotentParameterMismatch(String),
    /// `UnknownOperationException`: the `X-Amz-Target` names no operation.
    UnknownOperation(String),
    /// `InternalServerError`: a bug in the engine, reported instead of a panic.
    InternalServer(String),
    /// `ProvisionedThroughputExceededException`: a partition of a provisioned
    /// table (or of one of its GSIs) lacks the capacity, or a partition hit
    /// its per-second limit (semantics C); `reasons` say which limit of which
    /// table or index refused ([`crate::engine::throttling`]).
    ProvisionedThroughputExceeded { message: String, reasons: Vec<ThrottlingReason> },
    /// `ThrottlingException`: an on-demand table or GSI went beyond twice its
    /// previous peak, its maximum or the per-table quota (semantics C, F).
    Throttling { message: String, reasons: Vec<ThrottlingReason> },
    /// `RequestLimitExceeded`: an on-demand table or GSI reached the
    /// per-table account quota (semantics C, F).
    RequestLimitExceeded { message: String, reasons: Vec<ThrottlingReason> },
    /// `ExpiredIteratorException` (DynamoDB Streams): a shard iterator
    /// older than 15 minutes.
    ExpiredIterator(String),
    /// `TrimmedDataAccessException` (DynamoDB Streams): a read before the
    /// oldest record still kept (records live 24 hours).
    TrimmedDataAccess(String),
    /// `AccessDeniedException`: IAM refused the request, e.g. a tag
    /// operation on an ARN of another account (see `ops/tags.rs`).
    AccessDenied(String),
    /// `TableNotFoundException`: the backup operations' way of saying a
    /// table does not exist (the others say `ResourceNotFoundException`).
    TableNotFound(String),
}

impl ApiError {
    /// A `ValidationException` with the given message.
    pub fn validation(message: impl Into<String>) -> Self {
        Self::Validation(message.into())
    }

    /// A `ValidationException` whose message starts with DynamoDB's usual
    /// "One or more parameter values were invalid: " prefix.
    pub fn invalid_parameter(detail: impl fmt::Display) -> Self {
        Self::Validation(format!("One or more parameter values were invalid: {detail}"))
    }

    /// The `ResourceNotFoundException` of data-plane operations, which do not
    /// name the table (control-plane operations do; see `ops/table.rs`).
    pub fn resource_not_found() -> Self {
        Self::ResourceNotFound("Requested resource not found".into())
    }

    /// The AWS exception name, as in the `__type` of an error body.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Validation(_) | Self::InvalidExpression { .. } => "ValidationException",
            Self::Serialization(_) => "SerializationException",
            Self::ResourceNotFound(_) => "ResourceNotFoundException",
            Self::ResourceInUse(_) => "ResourceInUseException",
            Self::LimitExceeded(_) => "LimitExceededException",
            Self::ItemCollectionSizeLimitExceeded(_) => "ItemCollectionSizeLimitExceededException",
            Self::ConditionalCheckFailed { .. } => "ConditionalCheckFailedException",
            Self::TransactionCanceled { .. } => "TransactionCanceledException",
            Self::DuplicateItem { .. } => "DuplicateItemException",
            Self::IdempotentParameterMismatch(_) => "IdempotentParameterMismatchException",
            Self::UnknownOperation(_) => "UnknownOperationException",
            Self::InternalServer(_) => "InternalServerError",
            Self::ProvisionedThroughputExceeded { .. } => "ProvisionedThroughputExceededException",
            Self::Throttling { .. } => "ThrottlingException",
            Self::RequestLimitExceeded { .. } => "RequestLimitExceeded",
            Self::ExpiredIterator(_) => "ExpiredIteratorException",
            Self::TrimmedDataAccess(_) => "TrimmedDataAccessException",
            Self::AccessDenied(_) => "AccessDeniedException",
            Self::TableNotFound(_) => "TableNotFoundException",
        }
    }

    /// The `__type` DynamoDB sends: validation errors come from the Coral
    /// validation layer, everything else from the DynamoDB service namespace.
    pub fn wire_type(&self) -> String {
        match self {
            Self::Validation(_) | Self::InvalidExpression { .. } => {
                "com.amazon.coral.validate#ValidationException".to_string()
            }
            Self::Serialization(_) | Self::UnknownOperation(_) | Self::AccessDenied(_) => {
                format!("com.amazon.coral.service#{}", self.name())
            }
            // On-demand throttling comes from Coral's availability layer.
            Self::Throttling { .. } => "com.amazon.coral.availability#ThrottlingException".to_string(),
            _ => format!("com.amazonaws.dynamodb.v20120810#{}", self.name()),
        }
    }

    /// The message DynamoDB sends.
    pub fn message(&self) -> &str {
        match self {
            Self::Validation(m)
            | Self::Serialization(m)
            | Self::ResourceNotFound(m)
            | Self::ResourceInUse(m)
            | Self::LimitExceeded(m)
            | Self::ItemCollectionSizeLimitExceeded(m)
            | Self::IdempotentParameterMismatch(m)
            | Self::UnknownOperation(m)
            | Self::InternalServer(m)
            | Self::ExpiredIterator(m)
            | Self::TrimmedDataAccess(m)
            | Self::AccessDenied(m)
            | Self::TableNotFound(m) => m,
            Self::ConditionalCheckFailed { message, .. }
            | Self::DuplicateItem { message, .. }
            | Self::InvalidExpression { message, .. }
            | Self::TransactionCanceled { message, .. }
            | Self::ProvisionedThroughputExceeded { message, .. }
            | Self::Throttling { message, .. }
            | Self::RequestLimitExceeded { message, .. } => message,
        }
    }

    /// The error body of the JSON 1.0 protocol: `{"__type": …, "message": …}`
    /// plus `Item` for a failed condition that asked for the old item, the
    /// cancellation reasons of a cancelled transaction, the throttling
    /// reasons of a throttle.
    pub fn to_wire(&self) -> serde_json::Value {
        let mut body = serde_json::Map::new();
        body.insert("__type".into(), self.wire_type().into());
        // SerializationException and IAM's AccessDeniedException spell the
        // member with a capital M (dynalite's captures of the real service).
        let member = if matches!(self, Self::Serialization(_) | Self::AccessDenied(_)) { "Message" } else { "message" };
        body.insert(member.into(), self.message().into());
        match self {
            Self::ConditionalCheckFailed { item: Some(item), .. } => {
                body.insert("Item".into(), item.clone());
            }
            Self::TransactionCanceled { reasons, .. } => {
                body.insert("CancellationReasons".into(), reasons.clone().into());
            }
            // The two exceptions spell the member differently (the AWS
            // SDKs' models: `ThrottlingReasons`, `throttlingReasons`).
            Self::ProvisionedThroughputExceeded { reasons, .. } | Self::RequestLimitExceeded { reasons, .. } => {
                body.insert("ThrottlingReasons".into(), reasons.iter().map(ThrottlingReason::to_wire).collect());
            }
            Self::Throttling { reasons, .. } => {
                body.insert("throttlingReasons".into(), reasons.iter().map(ThrottlingReason::to_wire).collect());
            }
            _ => {}
        }
        serde_json::Value::Object(body)
    }
}

impl ApiError {
    /// What the request consumed before it failed: a write whose condition
    /// failed is charged as DynamoDB charges it (A.3), and the charge
    /// travels in the error so that the service admits it like an answer's
    /// (`Engine::execute_charged`). Any other error consumed nothing.
    pub fn charges(&self) -> &[Charge] {
        match self {
            Self::ConditionalCheckFailed { charges, .. } | Self::DuplicateItem { charges, .. } => charges,
            _ => &[],
        }
    }

    /// The error with what the failed write consumed (see
    /// [`ApiError::charges`]); other errors consume nothing and are
    /// returned as they are.
    pub(crate) fn charged(mut self, consumed: Vec<Charge>) -> Self {
        if let Self::ConditionalCheckFailed { charges, .. } | Self::DuplicateItem { charges, .. } = &mut self {
            *charges = consumed.into_boxed_slice();
        }
        self
    }

    /// The throttling reasons of a throttling exception (none for any other).
    pub fn throttling_reasons(&self) -> &[ThrottlingReason] {
        match self {
            Self::ProvisionedThroughputExceeded { reasons, .. }
            | Self::Throttling { reasons, .. }
            | Self::RequestLimitExceeded { reasons, .. } => reasons,
            _ => &[],
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name(), self.message())
    }
}

impl std::error::Error for ApiError {}

/// The engine's result type.
pub type Result<T> = std::result::Result<T, ApiError>;

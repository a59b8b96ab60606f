//! Strict reading of the exercise and solution documents: every member is
//! checked for its type and every unknown member is refused, with a
//! `ValidationException` that names the member by its path
//! (`Exercise.AccessPatterns[2].RequestsPerSecond`), so an author or a
//! learner finds the fault without guessing.

use serde_json::{Map, Value};

use crate::engine::error::{ApiError, Result};

/// A JSON object being read, with the path that names it in messages.
pub(super) struct Object<'a> {
    pub map: &'a Map<String, Value>,
    pub at: String,
}

/// A `ValidationException` about the member at `at`.
pub(super) fn invalid(at: &str, detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("{at}: {detail}"))
}

impl<'a> Object<'a> {
    /// `value` as an object, refusing members not in `allowed`.
    pub fn of(value: &'a Value, at: impl Into<String>, allowed: &[&str]) -> Result<Self> {
        let at = at.into();
        let Value::Object(map) = value else { return Err(invalid(&at, "must be a JSON object")) };
        if let Some(name) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(invalid(&at, format!("unknown member '{name}'; expected one of {}", allowed.join(", "))));
        }
        Ok(Self { map, at })
    }

    /// The path of member `name`.
    pub fn path(&self, name: &str) -> String {
        format!("{}.{name}", self.at)
    }

    pub fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    pub fn required(&self, name: &str) -> Result<&'a Value> {
        self.get(name).ok_or_else(|| invalid(&self.path(name), "is required"))
    }

    pub fn string(&self, name: &str) -> Result<Option<&'a str>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if !s.trim().is_empty() => Ok(Some(s)),
            Some(_) => Err(invalid(&self.path(name), "must be a non-empty string")),
        }
    }

    pub fn required_string(&self, name: &str) -> Result<&'a str> {
        self.string(name)?.ok_or_else(|| invalid(&self.path(name), "is required"))
    }

    pub fn bool(&self, name: &str) -> Result<Option<bool>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(invalid(&self.path(name), "must be true or false")),
        }
    }

    /// A finite number in `min..=max`.
    pub fn number(&self, name: &str, min: f64, max: f64) -> Result<Option<f64>> {
        let Some(value) = self.get(name) else { return Ok(None) };
        match value.as_f64() {
            Some(x) if x.is_finite() && (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(invalid(&self.path(name), format!("must be a number from {min} to {max}; got {value}"))),
        }
    }

    /// A whole number in `min..=max`.
    pub fn integer(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>> {
        let Some(value) = self.get(name) else { return Ok(None) };
        match value.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(invalid(&self.path(name), format!("must be a whole number from {min} to {max}; got {value}"))),
        }
    }

    pub fn array(&self, name: &str) -> Result<Option<&'a Vec<Value>>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(_) => Err(invalid(&self.path(name), "must be a JSON array")),
        }
    }

    pub fn object(&self, name: &str) -> Result<Option<&'a Map<String, Value>>> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(_) => Err(invalid(&self.path(name), "must be a JSON object")),
        }
    }
}

/// A list of non-empty strings at `at`.
pub(super) fn strings(value: &Value, at: &str) -> Result<Vec<String>> {
    let Value::Array(items) = value else { return Err(invalid(at, "must be a JSON array of strings")) };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) if !s.trim().is_empty() => Ok(s.clone()),
            _ => Err(invalid(&format!("{at}[{i}]"), "must be a non-empty string")),
        })
        .collect()
}

/// Refuses a list longer than `most`.
pub(super) fn at_most(items: usize, most: usize, at: &str, what: &str) -> Result<()> {
    if items > most {
        return Err(invalid(at, format!("has {items} {what}; an exercise allows at most {most}")));
    }
    Ok(())
}

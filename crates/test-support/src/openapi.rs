//! A published OpenAPI description, read from its YAML files, as the judge of a stand-in
//! server's traffic: a request's method, path and path parameters, query, form body and
//! bearer token; a reply's status and body (each line of an NDJSON stream) against the
//! schema the description gives. The JSON Schema parts such descriptions use: `$ref`
//! (relative to the file), `type` (one or a list), `properties`, `required`, `enum`,
//! `const`, `oneOf`, `anyOf`, `allOf`, `items`, `minimum`, `maximum`.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// What does not fit the description, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misfit(pub String);

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Misfit {}

impl From<String> for Misfit {
    fn from(s: String) -> Misfit {
        Misfit(s)
    }
}

/// One operation of the description.
#[derive(Debug, Clone)]
pub struct Operation {
    /// Its `operationId`.
    pub id: String,
    /// `get`, `post`, …
    pub method: String,
    /// The path template (`/api/board/game/{gameId}/move/{move}`).
    pub template: String,
    spec: Value,
    file: PathBuf,
}

/// A description loaded from `paths.yaml` (its `paths`, each a `$ref` to a file).
#[derive(Debug)]
pub struct Description {
    operations: Vec<Operation>,
}

fn yaml(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `$ref` of `schema`, resolved against `file`: the schema it names and its file.
fn resolve(schema: &Value, file: &Path) -> Option<(Value, PathBuf)> {
    let r = schema.get("$ref")?.as_str()?;
    let target = file.parent().unwrap_or(Path::new(".")).join(r);
    Some((yaml(&target), target))
}

/// The value of a text (a path parameter, a form field) as JSON: a number or boolean if it
/// reads as one, else a string.
fn typed(text: &str) -> Value {
    serde_json::from_str::<Value>(text)
        .ok()
        .filter(|v| v.is_number() || v.is_boolean())
        .unwrap_or_else(|| Value::String(text.to_owned()))
}

/// Whether `v` conforms to `schema` (found in `file`).
pub fn conforms(schema: &Value, file: &Path, v: &Value) -> Result<(), Misfit> {
    if let Some((target, at)) = resolve(schema, file) {
        return conforms(&target, &at, v);
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for s in all {
            conforms(s, file, v)?;
        }
    }
    if let Some(one) = schema.get("oneOf").and_then(Value::as_array) {
        let fits: Vec<_> = one
            .iter()
            .filter(|s| conforms(s, file, v).is_ok())
            .collect();
        if fits.len() != 1 {
            let why: Vec<String> = one
                .iter()
                .filter_map(|s| conforms(s, file, v).err().map(|e| e.0))
                .collect();
            return Err(Misfit(format!(
                "{v} fits {} of oneOf's {} schemas ({})",
                fits.len(),
                one.len(),
                why.join("; ")
            )));
        }
    }
    if let Some(any) = schema.get("anyOf").and_then(Value::as_array)
        && !any.iter().any(|s| conforms(s, file, v).is_ok())
    {
        return Err(Misfit(format!("{v} fits none of anyOf")));
    }
    if let Some(c) = schema.get("const")
        && c != v
    {
        return Err(Misfit(format!("{v} is not {c}")));
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array)
        && !e.contains(v)
    {
        return Err(Misfit(format!("{v} is not one of {e:?}")));
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() {
        let fits = types.iter().any(|t| match *t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            _ => false,
        });
        if !fits {
            return Err(Misfit(format!("{v} is not of type {types:?}")));
        }
    }
    if let (Some(min), Some(n)) = (schema.get("minimum").and_then(Value::as_f64), v.as_f64())
        && n < min
    {
        return Err(Misfit(format!("{n} is below the minimum {min}")));
    }
    if let (Some(max), Some(n)) = (schema.get("maximum").and_then(Value::as_f64), v.as_f64())
        && n > max
    {
        return Err(Misfit(format!("{n} is above the maximum {max}")));
    }
    if let Some(obj) = v.as_object() {
        if let Some(required) = schema.get("required").and_then(Value::as_array) {
            for r in required.iter().filter_map(Value::as_str) {
                if !obj.contains_key(r) {
                    return Err(Misfit(format!("{v} lacks the required {r:?}")));
                }
            }
        }
        if let Some(props) = schema.get("properties").and_then(Value::as_object) {
            for (k, s) in props {
                if let Some(x) = obj.get(k) {
                    conforms(s, file, x).map_err(|e| format!("{k}: {e}"))?;
                }
            }
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), v.as_array()) {
        for x in arr {
            conforms(items, file, x)?;
        }
    }
    Ok(())
}

/// Every property name `schema` declares (through `$ref`, `allOf`, `oneOf`, `anyOf`).
fn declared(schema: &Value, file: &Path, names: &mut Vec<String>) {
    if let Some((target, at)) = resolve(schema, file) {
        return declared(&target, &at, names);
    }
    if let Some(props) = schema.get("properties").and_then(Value::as_object) {
        names.extend(props.keys().cloned());
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        for s in schema
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            declared(s, file, names);
        }
    }
}

impl Description {
    /// The description whose index is `dir/paths.yaml`.
    pub fn load(dir: &Path) -> Description {
        let index = dir.join("paths.yaml");
        let paths = yaml(&index);
        let mut operations = Vec::new();
        for (template, entry) in paths["paths"].as_object().expect("paths") {
            let (item, file) = resolve(entry, &index).expect("each path a $ref");
            for (method, spec) in item.as_object().expect("a path item") {
                operations.push(Operation {
                    id: spec["operationId"].as_str().unwrap_or_default().to_owned(),
                    method: method.clone(),
                    template: template.clone(),
                    spec: spec.clone(),
                    file: file.clone(),
                });
            }
        }
        Description { operations }
    }

    /// The operations.
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The operation `method path` is, with its path parameters, if any.
    fn operation(&self, method: &str, path: &str) -> Option<(&Operation, Vec<(String, String)>)> {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        self.operations.iter().find_map(|op| {
            if !op.method.eq_ignore_ascii_case(method) {
                return None;
            }
            let parts: Vec<&str> = op.template.trim_start_matches('/').split('/').collect();
            if parts.len() != segments.len() {
                return None;
            }
            let mut params = Vec::new();
            for (p, s) in parts.iter().zip(&segments) {
                if let Some(name) = p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                    if s.is_empty() {
                        return None;
                    }
                    params.push((name.to_owned(), (*s).to_owned()));
                } else if p != s {
                    return None;
                }
            }
            Some((op, params))
        })
    }

    /// Checks a request; its operation's id if it is one the description allows.
    ///
    /// # Errors
    /// What in the request the description does not allow.
    pub fn check_request(
        &self,
        method: &str,
        path: &str,
        query: Option<&str>,
        bearer: Option<&str>,
        content_type: Option<&str>,
        body: &str,
    ) -> Result<String, Misfit> {
        let (op, params) = self
            .operation(method, path)
            .ok_or_else(|| format!("{method} {path}: no such operation in the description"))?;
        let at = format!("{} ({method} {path})", op.id);
        let declared_params = op.spec["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let param = |place: &str, name: &str| {
            declared_params
                .iter()
                .find(|p| p["in"] == place && p["name"] == name)
                .cloned()
        };
        for (name, value) in &params {
            let p = param("path", name).ok_or_else(|| format!("{at}: path parameter {name}"))?;
            conforms(&p["schema"], &op.file, &typed(value))
                .map_err(|e| format!("{at}: path parameter {name}: {e}"))?;
        }
        for pair in query
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let p = param("query", name).ok_or_else(|| format!("{at}: query parameter {name}"))?;
            conforms(&p["schema"], &op.file, &typed(value))
                .map_err(|e| format!("{at}: query parameter {name}: {e}"))?;
        }
        if op.spec.get("security").is_some() && bearer.is_none() {
            return Err(Misfit(format!("{at}: no bearer token")));
        }
        let content = &op.spec["requestBody"]["content"];
        if let Some(form) = content.get("application/x-www-form-urlencoded") {
            if content_type != Some("application/x-www-form-urlencoded") {
                return Err(Misfit(format!(
                    "{at}: a form body sent as {content_type:?}"
                )));
            }
            let mut names = Vec::new();
            declared(&form["schema"], &op.file, &mut names);
            let mut fields = serde_json::Map::new();
            for pair in body.split('&').filter(|p| !p.is_empty()) {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                if !names.iter().any(|n| n == name) {
                    return Err(Misfit(format!(
                        "{at}: form field {name} not in the description"
                    )));
                }
                fields.insert(name.to_owned(), typed(value));
            }
            conforms(&form["schema"], &op.file, &Value::Object(fields))
                .map_err(|e| format!("{at}: form: {e}"))?;
        } else if !body.is_empty() {
            return Err(Misfit(format!(
                "{at}: a body the description does not have"
            )));
        }
        Ok(op.id.clone())
    }

    /// Checks a reply of operation `id`: its status is one the description lists, and its
    /// body (or, for `application/x-ndjson`, each line) fits the schema of `content_type`.
    ///
    /// # Errors
    /// What does not fit.
    pub fn check_reply(
        &self,
        id: &str,
        status: u16,
        content_type: &str,
        body: &str,
    ) -> Result<(), Misfit> {
        let op = self
            .operations
            .iter()
            .find(|o| o.id == id)
            .ok_or_else(|| format!("no operation {id}"))?;
        let reply = &op.spec["responses"][status.to_string()];
        if reply.is_null() {
            // A 429 (rate limit) is Lichess's answer to any request, described in the
            // introduction, not per operation.
            return if status == 429 {
                Ok(())
            } else {
                Err(Misfit(format!(
                    "{id}: status {status} not in the description"
                )))
            };
        }
        let Some(schema) = reply["content"].get(content_type).map(|c| &c["schema"]) else {
            return Err(Misfit(format!(
                "{id} {status}: no {content_type} reply in the description"
            )));
        };
        let values: Vec<&str> = if content_type == "application/x-ndjson" {
            body.lines().filter(|l| !l.trim().is_empty()).collect()
        } else {
            vec![body]
        };
        for text in values {
            let v: Value =
                serde_json::from_str(text).map_err(|e| format!("{id} {status}: {e}: {text}"))?;
            conforms(schema, &op.file, &v).map_err(|e| format!("{id} {status}: {e}"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lichess() -> Description {
        crate::lichess::description()
    }

    #[test]
    fn the_board_apis_requests_are_judged_by_the_description() {
        let d = lichess();
        assert_eq!(d.operations().len(), 9);
        let form = Some("application/x-www-form-urlencoded");
        let token = Some("lip_x");
        let ok = |m, p, q, ct, b| d.check_request(m, p, q, token, ct, b);
        assert_eq!(
            ok("GET", "/api/stream/event", None, None, "").unwrap(),
            "apiStreamEvent"
        );
        assert_eq!(
            ok("POST", "/api/board/game/abcd1234/move/e2e4", None, None, "").unwrap(),
            "boardGameMove"
        );
        assert!(ok("POST", "/api/board/game/abcd1234/draw/yes", None, None, "").is_ok());
        assert!(
            ok(
                "POST",
                "/api/board/game/abcd1234/draw/false",
                None,
                None,
                ""
            )
            .is_ok()
        );
        assert!(
            ok(
                "POST",
                "/api/board/seek",
                None,
                form,
                "rated=true&time=15&increment=10"
            )
            .is_ok()
        );
        for (m, p, q, ct, b, why) in [
            (
                "POST",
                "/api/board/game/abcd1234/draw/no",
                None,
                None,
                "",
                "fits none of anyOf",
            ),
            (
                "GET",
                "/api/board/game/abcd1234/move/e2e4",
                None,
                None,
                "",
                "no such operation",
            ),
            (
                "POST",
                "/api/board/game/abcd1234/resign/now",
                None,
                None,
                "",
                "no such operation",
            ),
            (
                "POST",
                "/api/board/game/abcd1234/move/e2e4",
                Some("token=x"),
                None,
                "",
                "query parameter token",
            ),
            (
                "POST",
                "/api/board/seek",
                None,
                form,
                "time=15&increment=200",
                "above the maximum",
            ),
            (
                "POST",
                "/api/board/seek",
                None,
                form,
                "time=15",
                "fits 0 of oneOf",
            ),
            (
                "POST",
                "/api/board/seek",
                None,
                form,
                "time=15&increment=5&token=x",
                "form field token",
            ),
            (
                "POST",
                "/api/board/seek",
                None,
                None,
                "time=15&increment=5",
                "a form body sent as",
            ),
            (
                "POST",
                "/api/board/game/abcd1234/abort",
                None,
                None,
                "x",
                "a body",
            ),
        ] {
            let e = ok(m, p, q, ct, b).unwrap_err();
            assert!(e.0.contains(why), "{p} {b}: {e}");
        }
        let e = d
            .check_request("GET", "/api/stream/event", None, None, None, "")
            .unwrap_err();
        assert!(e.0.contains("no bearer token"), "{e}");
    }

    #[test]
    fn the_replies_and_stream_lines_are_judged_by_the_description() {
        let d = lichess();
        let state = r#"{"type":"gameState","moves":"e2e4","wtime":1,"btime":2,"winc":0,"binc":0,"status":"started"}"#;
        assert!(
            d.check_reply(
                "boardGameStream",
                200,
                "application/x-ndjson",
                &format!("{state}\n\n")
            )
            .is_ok()
        );
        let bad = [
            (
                r#"{"type":"gameState","moves":"e2e4","btime":2,"winc":0,"binc":0,"status":"started"}"#,
                "wtime",
            ),
            (
                r#"{"type":"gameState","moves":"","wtime":1,"btime":2,"winc":0,"binc":0,"status":"won"}"#,
                "status",
            ),
            (
                r#"{"type":"chatLine","room":"lobby","username":"a","text":"b"}"#,
                "oneOf",
            ),
        ];
        for (line, why) in bad {
            let e = d
                .check_reply("boardGameStream", 200, "application/x-ndjson", line)
                .unwrap_err();
            assert!(e.0.contains(why), "{line}: {e}");
        }
        assert!(
            d.check_reply("boardGameMove", 200, "application/json", r#"{"ok":true}"#)
                .is_ok()
        );
        assert!(
            d.check_reply(
                "boardGameMove",
                400,
                "application/json",
                r#"{"error":"no"}"#
            )
            .is_ok()
        );
        assert!(
            d.check_reply(
                "boardGameMove",
                400,
                "application/json",
                r#"{"reason":"no"}"#
            )
            .is_err()
        );
        assert!(
            d.check_reply(
                "boardGameMove",
                404,
                "application/json",
                r#"{"error":"no"}"#
            )
            .is_err()
        );
        assert!(
            d.check_reply("boardGameResign", 429, "application/json", "")
                .is_ok()
        );
    }
}

//! Running the code: where `bash`, `python3` or `node` are installed, the
//! snippets run against stand-in `aws`, `boto3` and SDK modules that print
//! what they were given.

use super::reading_back::*;
use super::*;

/// The generated code run by real interpreters, against stand-ins that
/// print what they were given. Each test passes without checking when its
/// interpreter is not installed.
#[cfg(not(target_arch = "wasm32"))]
mod run {
    use std::path::PathBuf;
    use std::process::Command;

    use super::*;

    fn installed(program: &str) -> bool {
        let found = Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success());
        if !found {
            eprintln!("{program} not installed: skipping");
        }
        found
    }

    /// A fresh scratch directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ddb-codegen-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        dir
    }

    fn write(path: PathBuf, text: &str) {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    fn run(command: &mut Command) -> String {
        let output = command.output().unwrap_or_else(|e| panic!("{command:?}: {e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{command:?} failed: {stderr}");
        String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("{e}"))
    }

    /// bash splits the command into exactly the words we read back.
    #[test]
    fn bash_reads_the_cli_words() {
        if !installed("bash") {
            return;
        }
        for (operation, request) in all_requests() {
            let command = aws_cli(operation, &request, Some(LOCAL_ENDPOINT));
            let script = format!("aws() {{ printf '%s\\0' aws \"$@\"; }}\n{command}\n");
            let out = run(Command::new("bash").arg("-c").arg(&script));
            let words: Vec<&str> = out.strip_suffix('\0').unwrap_or(&out).split('\0').collect();
            assert_eq!(words, shell_words(&command), "{command}");
        }
    }

    const FAKE_BOTO3: &str = r#"
import base64, json

def _plain(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value

class _Client:
    def __getattr__(self, method):
        def call(*args, **params):
            assert not args
            print(json.dumps({"method": method, "params": _plain(params)}))
            return {}
        return call

def client(service, **config):
    print(json.dumps({"service": service, "config": config}))
    return _Client()
"#;

    /// python3 runs the script; boto3 gets the request, bytes and all.
    #[test]
    fn python_sends_the_request() {
        if !installed("python3") {
            return;
        }
        let dir = scratch("python");
        write(dir.join("boto3.py"), FAKE_BOTO3);
        for (operation, request) in all_requests() {
            let code = python_boto3(operation, &request, Some(LOCAL_ENDPOINT));
            write(dir.join("snippet.py"), &code);
            let out = run(Command::new("python3").arg("snippet.py").current_dir(&dir).env("PYTHONPATH", &dir));
            let lines: Vec<Value> = out.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
            let expected_client =
                json!({"service": "dynamodb", "config": {"region_name": REGION, "endpoint_url": LOCAL_ENDPOINT}});
            assert_eq!(lines.first(), Some(&expected_client), "{code}");
            let expected_call = json!({"method": xform_name(operation, '_'), "params": sent(&request)});
            assert_eq!(lines.get(1), Some(&expected_call), "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// node runs the module; the SDK client gets the request, Buffers and all.
    #[test]
    fn node_sends_the_request() {
        if !installed("node") {
            return;
        }
        let dir = scratch("node");
        let package = dir.join("node_modules/@aws-sdk/client-dynamodb");
        write(
            package.join("package.json"),
            r#"{"name": "@aws-sdk/client-dynamodb", "type": "module", "main": "index.js"}"#,
        );
        let mut module = String::from(
            "const plain = (v) => v instanceof Uint8Array ? Buffer.from(v).toString(\"base64\")\n\
             \x20 : Array.isArray(v) ? v.map(plain)\n\
             \x20 : v !== null && typeof v === \"object\" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))\n\
             \x20 : v;\n\
             export class DynamoDBClient {\n\
             \x20 constructor(config) { this.config = config; }\n\
             \x20 async send(command) {\n\
             \x20   console.log(JSON.stringify({ config: this.config, command: command.constructor.name, input: plain(command.input) }));\n\
             \x20   return {};\n\
             \x20 }\n\
             }\n\
             class Command { constructor(input) { this.input = input; } }\n",
        );
        for (operation, _) in all_requests() {
            let class = format!("export class {operation}Command extends Command {{}}\n");
            if !module.contains(&class) {
                module.push_str(&class);
            }
        }
        write(package.join("index.js"), &module);
        for (operation, request) in all_requests() {
            let code = javascript_v3(operation, &request, Some(LOCAL_ENDPOINT));
            write(dir.join("snippet.mjs"), &code);
            let out = run(Command::new("node").arg("snippet.mjs").current_dir(&dir));
            let first: Value = out.lines().next().and_then(|l| serde_json::from_str(l).ok()).unwrap_or(Value::Null);
            let expected = json!({
                "config": {"region": REGION, "endpoint": LOCAL_ENDPOINT},
                "command": format!("{operation}Command"),
                "input": sent(&request),
            });
            assert_eq!(first, expected, "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

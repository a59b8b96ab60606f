//! `ddb-local`: the playground's engine as a local DynamoDB endpoint.
//!
//! ```text
//! cargo run --release --bin ddb-local -- --port 8000 --data playground.json
//! aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000
//! ```
//!
//! Arguments are parsed by hand with `std` (a handful of flags do not justify a
//! parser crate). With `--data FILE` the engine is loaded from FILE at start
//! (if it exists; a file that cannot be restored stops the start, so it is
//! never overwritten), and the changes in `FILE.journal` made after it are
//! replayed. Every change is then in the journal, on disk, before it is
//! answered, so a `kill -9` loses no acknowledged write; FILE is rewritten
//! atomically (a checkpoint that empties the journal) every few seconds and
//! on Ctrl-C or SIGTERM. See `ddb_playground::server` for the design.
//!
//! `--export FORMAT` does not serve: it reads the `--data` file, prints it
//! in another format (a NoSQL Workbench model, a CloudFormation template,
//! an AWS CLI script; see `ddb_playground::scenario::exchange`) and exits,
//! so a table designed against ddb-local can go to real DynamoDB.
//!
//! Tables live per access key and region, as in DynamoDB Local: the
//! request's SigV4 credential scope names its database
//! (`ddb_playground::server::databases`). `--shared-db`, like DynamoDB
//! Local's `-sharedDb`, gives every client one database; a `--data` file the
//! playground page exported holds one database and is served shared.
//!
//! GSIs are updated before the write is answered (propagation delay 0), as
//! DynamoDB Local does: SDK test suites written against it write and then
//! query an index at once. `--gsi-propagation-delay MS` brings back the
//! eventual consistency the page teaches (there, 250 ms); a `--data` file
//! that saved a delay of its own keeps it unless the flag is given.
//!
//! On wasm32 this binary is an empty `main`: there are no sockets there.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

/// mimalloc instead of the system allocator: a request allocates and frees
/// hundreds of small blocks (JSON values, items, strings), and under load
/// glibc's malloc and free were over a third of the server's CPU. Measured
/// in BENCHMARKS.md ("The endpoint against its peers").
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::Write;
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    use ddb_playground::engine::clock::ClockMode;
    use ddb_playground::engine::settings::EngineSettings;
    use ddb_playground::engine::Engine;
    use ddb_playground::scenario::exchange::{self, ExportFormat};
    use ddb_playground::scenario::Scenario;
    use ddb_playground::server::databases::Databases;
    use ddb_playground::server::{self, persist, ServerConfig};

    const USAGE: &str = "\
ddb-local: a DynamoDB-compatible HTTP endpoint over the ddb-playground engine

USAGE:
    ddb-local [--port N] [--host ADDR] [--data FILE] [--shared-db] [--clock wall|manual]
              [--gsi-propagation-delay MS] [--set NAME=VALUE]... [--allow-origin ORIGIN]...
              [--verbose]
    ddb-local --data FILE --export FORMAT

OPTIONS:
    --port N       TCP port to listen on (default 8000; 0 picks a free port)
    --host ADDR    IP address to listen on (default 127.0.0.1). There is no
                   authentication: listen elsewhere only on a network you trust
    --data FILE    load the tables from FILE at start if it exists (and replay
                   FILE.journal), keep them there: each change is on disk (in
                   FILE.journal) before it is answered, so it survives a crash;
                   FILE itself is rewritten atomically every 10 s and on exit.
                   A file exported by the playground page holds one database,
                   served as with --shared-db
    --shared-db    one database for every client, as DynamoDB Local's
                   -sharedDb. Without it, as in DynamoDB Local, each access key
                   and region (from the request's SigV4 credential scope) has
                   its own tables, and ARNs name the region
    --clock MODE   wall (default): the engine clock follows real time, so token
                   buckets refill and provisioned throughput is enforced in real
                   time. manual: time moves only through the playground's
                   AdvanceClock (X-Amz-Target: Playground_20261121.AdvanceClock),
                   so throttling is reproducible
    --gsi-propagation-delay MS
                   how long a GSI lags behind a write to its table, in
                   milliseconds of the engine clock. Default 0: indexes are
                   updated before the write is answered, as in DynamoDB Local.
                   250 is the playground page's delay, to see eventually
                   consistent GSI reads; a --data file's own delay is kept
                   unless this flag is given
    --set NAME=VALUE
                   an engine setting, for every database (repeatable; it
                   overrides a --data file's). Times in milliseconds of the
                   engine clock: gsi-backfill-base, gsi-backfill-per-mib,
                   gsi-delete, ttl-sweep-delay, vector-allocation (30000),
                   vector-backfill (30000) and vector-serve-delay (10000), the
                   phases of a vector index added by UpdateTable; set them to
                   0 for tests that should not wait. Also item-collection-limit
                   and partition-size-limit (bytes), heat-split (seconds),
                   enforce-throughput (0 or 1) and gsi-propagation-delay
    --allow-origin ORIGIN
                   a web page that may call ddb-local from a browser (CORS),
                   besides pages on this computer (http://localhost:*,
                   http://127.0.0.1:*, http://[::1]:*), which always may:
                   https://ddb.example.org, or '*' for any page. Repeatable.
                   A page from any other origin is refused (403), and so is a
                   request naming a host other than the address listened on
                   (DNS rebinding)
    --verbose      log one line per request to stderr
    --export FORMAT  do not serve: print the --data file as FORMAT and exit.
                   workbench (NoSQL Workbench model 3.0), workbench-1.0,
                   cloudformation (template of the tables), aws-cli (bash
                   script: create-table and batch-write-item), scenario.
                   What the format cannot hold is reported on stderr
    -h, --help     show this help

EXAMPLE:
    ddb-local --port 8000 --data playground.json &
    AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1 \\
        aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000
    ddb-local --data playground.json --export cloudformation > template.json
";

    /// The parsed command line.
    #[derive(Debug, PartialEq)]
    struct Options {
        port: u16,
        host: IpAddr,
        data: Option<PathBuf>,
        verbose: bool,
        clock: ClockMode,
        /// `--gsi-propagation-delay`, if given.
        gsi_propagation_delay: Option<u64>,
        export: Option<ExportFormat>,
        /// `--allow-origin`, in order.
        allowed_origins: Vec<String>,
        /// `--shared-db`.
        shared_db: bool,
        /// `--set NAME=VALUE`, in order.
        settings: Vec<(String, u64)>,
    }

    enum Parsed {
        Run(Options),
        Help,
    }

    /// `--flag value` or `--flag=value`.
    fn parse(args: impl IntoIterator<Item = String>) -> Result<Parsed, String> {
        let mut options = Options {
            port: 8000,
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            data: None,
            verbose: false,
            clock: ClockMode::Wall,
            gsi_propagation_delay: None,
            export: None,
            allowed_origins: Vec::new(),
            shared_db: false,
            settings: Vec::new(),
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag.to_string(), Some(value.to_string())),
                _ => (arg.clone(), None),
            };
            let mut value =
                |name: &str| inline.clone().or_else(|| args.next()).ok_or_else(|| format!("{name} needs a value"));
            match flag.as_str() {
                "-h" | "--help" => return Ok(Parsed::Help),
                "--verbose" => options.verbose = true,
                "--shared-db" => options.shared_db = true,
                "--port" => {
                    let text = value("--port")?;
                    options.port = text.parse().map_err(|_| format!("--port: '{text}' is not a port number"))?;
                }
                "--host" => {
                    let text = value("--host")?;
                    options.host = if text == "localhost" {
                        IpAddr::V4(Ipv4Addr::LOCALHOST)
                    } else {
                        text.parse().map_err(|_| format!("--host: '{text}' is not an IP address"))?
                    };
                }
                "--data" => options.data = Some(PathBuf::from(value("--data")?)),
                "--allow-origin" => {
                    let text = value("--allow-origin")?;
                    let plain = text == "*"
                        || ((text.starts_with("http://") || text.starts_with("https://"))
                            && !text.trim_end_matches('/').contains(|c: char| c.is_whitespace()));
                    if !plain {
                        return Err(format!(
                            "--allow-origin: '{text}' is not an origin (https://host[:port], http://host[:port], or *)"
                        ));
                    }
                    options.allowed_origins.push(text);
                }
                "--clock" => {
                    let text = value("--clock")?;
                    options.clock = ClockMode::parse(&text)
                        .ok_or_else(|| format!("--clock: '{text}' is not a clock mode (wall or manual)"))?;
                }
                "--gsi-propagation-delay" => {
                    let text = value("--gsi-propagation-delay")?;
                    options.gsi_propagation_delay = Some(text.parse().map_err(|_| {
                        format!("--gsi-propagation-delay: '{text}' is not a whole number of milliseconds")
                    })?);
                }
                "--set" => {
                    let text = value("--set")?;
                    let (name, number) = text.split_once('=').unwrap_or((&text, ""));
                    if !EngineSettings::NAMES.contains(&name) {
                        return Err(format!("--set: '{name}' is not a setting ({})", EngineSettings::NAMES.join(", ")));
                    }
                    let number =
                        number.parse().map_err(|_| format!("--set: '{text}' is not NAME=VALUE with a whole number"))?;
                    options.settings.push((name.to_string(), number));
                }
                "--export" => {
                    let text = value("--export")?;
                    let names: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.name()).collect();
                    options.export = Some(
                        ExportFormat::parse(&text)
                            .ok_or_else(|| format!("--export: '{text}' is not a format ({})", names.join(", ")))?,
                    );
                }
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        if options.export.is_some() && options.data.is_none() {
            return Err("--export needs --data FILE: the scenario to export".into());
        }
        Ok(Parsed::Run(options))
    }

    pub fn main() -> ExitCode {
        let options = match parse(std::env::args().skip(1)) {
            Ok(Parsed::Run(options)) => options,
            Ok(Parsed::Help) => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Err(message) => {
                eprintln!("ddb-local: {message}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        let outcome = match options.export {
            Some(format) => export(&options, format),
            None => run(options),
        };
        match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("ddb-local: {message}");
                ExitCode::FAILURE
            }
        }
    }

    /// `--export`: prints the data file in `format`; warnings go to stderr.
    fn export(options: &Options, format: ExportFormat) -> Result<(), String> {
        let Some(path) = &options.data else { return Err("--export needs --data FILE".into()) };
        let scenario = persist::recover(path)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{} does not exist", path.display()))?;
        let export = exchange::export(&scenario, format);
        for warning in &export.warnings {
            eprintln!("ddb-local: warning: {warning}");
        }
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(export.text.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the export: {e}"))
    }

    /// The GSI propagation delay ddb-local serves with: the flag's, else the
    /// loaded file's if it saved one, else 0 (DynamoDB Local's behaviour). A
    /// file stores only the settings that differ from the engine's defaults,
    /// so a loaded delay equal to the default (the page's 250 ms) is one the
    /// file did not name.
    fn gsi_propagation_delay(flag: Option<u64>, loaded: Option<u64>) -> u64 {
        let page_default = EngineSettings::default().gsi_propagation_delay_millis;
        flag.or(loaded.filter(|&millis| millis != page_default)).unwrap_or(0)
    }

    /// What a loaded data file is served as, said on stderr: its databases,
    /// or with `--shared-db` its one database (a file that keeps several
    /// cannot become one).
    fn databases_to_serve(
        (surroundings, databases): (Scenario, Databases),
        shared_db: bool,
        path: Option<&Path>,
    ) -> Result<(Scenario, Databases), String> {
        let file = path.map(|p| p.display().to_string()).unwrap_or_default();
        let tables = databases.table_count();
        let databases = match databases {
            Databases::Shared(engine) => {
                eprintln!("ddb-local: loaded {tables} table(s) from {file}: one database, shared by every client");
                Databases::Shared(engine)
            }
            Databases::PerCredential { engines, settings, clock } if !shared_db => {
                eprintln!("ddb-local: loaded {tables} table(s) from {file}:");
                for (namespace, engine) in &engines {
                    eprintln!("ddb-local:   {} table(s) for {namespace}", engine.tables().count());
                }
                Databases::PerCredential { engines, settings, clock }
            }
            Databases::PerCredential { mut engines, .. } => {
                if engines.len() > 1 {
                    return Err(format!(
                        "{file} keeps {} databases, one per access key and region; --shared-db cannot merge them \
                         (start without --shared-db, or use another file)",
                        engines.len()
                    ));
                }
                let engine = engines.pop_first().map(|(_, engine)| engine).unwrap_or_default();
                eprintln!("ddb-local: loaded {tables} table(s) from {file}: one database, shared by every client");
                Databases::Shared(engine)
            }
        };
        Ok((surroundings, databases))
    }

    fn run(options: Options) -> Result<(), String> {
        // The whole scenario, so that its saved operations, view and kept
        // Workbench model are written back beside the databases.
        let loaded = match &options.data {
            None => None,
            Some(path) => match persist::recover_databases(path).map_err(|e| e.to_string())? {
                Some(loaded) => Some(loaded),
                None => {
                    eprintln!("ddb-local: {} does not exist yet; it will be created", path.display());
                    None
                }
            },
        };
        let (surroundings, mut databases) = match loaded {
            Some(loaded) => databases_to_serve(loaded, options.shared_db, options.data.as_deref())?,
            None if options.shared_db => (Scenario::of_engine(Engine::new()), Databases::Shared(Engine::new())),
            None => (
                Scenario::of_engine(Engine::new()),
                Databases::per_credential(EngineSettings::default(), options.clock),
            ),
        };
        // Every database saved the same delay (the server sets them all).
        let saved_delay = databases.iter().next().map(|(_, e)| e.settings().gsi_propagation_delay_millis);
        databases.set_gsi_propagation_delay(gsi_propagation_delay(options.gsi_propagation_delay, saved_delay));
        for (name, value) in &options.settings {
            databases.set_setting(name, *value);
        }
        if !options.host.is_loopback() {
            eprintln!("ddb-local: warning: listening on {} without authentication", options.host);
        }
        let config = ServerConfig {
            addr: SocketAddr::new(options.host, options.port),
            data_file: options.data.clone(),
            verbose: options.verbose,
            clock: options.clock,
            allowed_origins: options.allowed_origins.clone(),
            ..ServerConfig::default()
        };
        let server = server::start_databases(config.clone(), surroundings, databases)
            .map_err(|e| format!("cannot start on {}: {e}", config.addr))?;
        // On stdout, flushed, so a script can wait for it and read the port.
        let clock = if options.clock == ClockMode::Wall { "wall" } else { "manual" };
        println!("ddb-local listening on http://{} ({clock} clock; Ctrl-C to stop)", server.local_addr());
        let _ = std::io::stdout().flush();

        server.wait_for_signal().map_err(|e| format!("cannot wait for Ctrl-C: {e}"))?;
        eprintln!("ddb-local: shutting down");
        let saved = server.shutdown().map_err(|e| e.to_string())?;
        if let (true, Some(path)) = (saved, &options.data) {
            eprintln!("ddb-local: saved {}", path.display());
        }
        Ok(())
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn options(args: &[&str]) -> Result<Options, String> {
            match parse(args.iter().map(|s| s.to_string()))? {
                Parsed::Run(options) => Ok(options),
                Parsed::Help => Err("help".into()),
            }
        }

        #[test]
        fn defaults_listen_on_loopback_port_8000() {
            let o = options(&[]).expect("valid");
            assert_eq!((o.port, o.host, o.data, o.verbose), (8000, IpAddr::V4(Ipv4Addr::LOCALHOST), None, false));
            assert_eq!(o.clock, ClockMode::Wall);
            assert_eq!(o.gsi_propagation_delay, None);
            assert_eq!(o.export, None);
        }

        #[test]
        fn set_names_an_engine_setting_and_a_whole_number() {
            let o = options(&["--set", "vector-allocation=0", "--set=vector-backfill=5"]).expect("valid");
            assert_eq!(o.settings, [("vector-allocation".to_string(), 0), ("vector-backfill".to_string(), 5)]);
            let unknown = options(&["--set", "nope=1"]).err().unwrap_or_default();
            assert!(unknown.starts_with("--set: 'nope' is not a setting (gsi-propagation-delay,"), "{unknown}");
            let bad = options(&["--set", "vector-backfill=soon"]).err().unwrap_or_default();
            assert_eq!(bad, "--set: 'vector-backfill=soon' is not NAME=VALUE with a whole number");
            assert!(options(&["--set", "vector-backfill"]).is_err());
        }

        #[test]
        fn gsi_propagation_delay_is_the_flags_else_the_files_else_zero() {
            assert_eq!(gsi_propagation_delay(None, None), 0);
            assert_eq!(gsi_propagation_delay(Some(250), None), 250);
            assert_eq!(gsi_propagation_delay(None, Some(5_000)), 5_000);
            assert_eq!(gsi_propagation_delay(Some(0), Some(5_000)), 0);
            assert_eq!(gsi_propagation_delay(None, Some(0)), 0);
            // A file that did not name the delay restores the page's default.
            assert_eq!(gsi_propagation_delay(None, Some(250)), 0);
        }

        #[test]
        fn flags_in_both_spellings() {
            let o = options(&["--port", "9000", "--host=0.0.0.0", "--data=x.json", "--verbose"]).expect("valid");
            assert_eq!(o.port, 9000);
            assert_eq!(o.host, "0.0.0.0".parse::<IpAddr>().expect("ip"));
            assert_eq!(o.data, Some(PathBuf::from("x.json")));
            assert!(o.verbose);
            assert_eq!(options(&["--clock", "manual"]).expect("valid").clock, ClockMode::Manual);
            assert_eq!(options(&["--clock=wall"]).expect("valid").clock, ClockMode::Wall);
            assert_eq!(options(&["--gsi-propagation-delay", "250"]).expect("valid").gsi_propagation_delay, Some(250));
            assert_eq!(options(&["--gsi-propagation-delay=0"]).expect("valid").gsi_propagation_delay, Some(0));
            assert_eq!(options(&["--host", "localhost"]).expect("valid").host, IpAddr::V4(Ipv4Addr::LOCALHOST));
            assert_eq!(options(&["--help"]), Err("help".into()));
            let o = options(&["--allow-origin", "https://ddb.example.org", "--allow-origin=*"]).expect("valid");
            assert_eq!(o.allowed_origins, ["https://ddb.example.org", "*"]);
            let refused = options(&["--allow-origin", "ddb.example.org"]).unwrap_err();
            assert!(refused.contains("is not an origin"), "{refused}");
            let o = options(&["--data", "x.json", "--export", "cloudformation"]).expect("valid");
            assert_eq!(o.export, Some(ExportFormat::CloudFormation));
            let o = options(&["--export=workbench-1.0", "--data=x.json"]).expect("valid");
            assert_eq!(o.export, Some(ExportFormat::Workbench(ddb_playground::scenario::workbench::ModelVersion::V1)));
        }

        #[test]
        fn mistakes_are_reported() {
            assert_eq!(options(&["--port"]), Err("--port needs a value".into()));
            assert_eq!(options(&["--port", "70000"]), Err("--port: '70000' is not a port number".into()));
            assert_eq!(options(&["--host", "example.com"]), Err("--host: 'example.com' is not an IP address".into()));
            assert_eq!(
                options(&["--gsi-propagation-delay", "-5"]),
                Err("--gsi-propagation-delay: '-5' is not a whole number of milliseconds".into())
            );
            assert_eq!(options(&["--gsi-propagation-delay"]), Err("--gsi-propagation-delay needs a value".into()));
            assert_eq!(options(&["--prot", "1"]), Err("unknown argument '--prot'".into()));
            assert_eq!(
                options(&["--clock", "fast"]),
                Err("--clock: 'fast' is not a clock mode (wall or manual)".into())
            );
            assert_eq!(
                options(&["--data", "x", "--export", "yaml"]),
                Err("--export: 'yaml' is not a format (scenario, workbench, workbench-1.0, cloudformation, aws-cli)"
                    .into())
            );
            assert_eq!(
                options(&["--export", "aws-cli"]),
                Err("--export needs --data FILE: the scenario to export".into())
            );
        }
    }
}

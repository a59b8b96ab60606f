//! The most any server can serve under `scripts/bench-endpoint --putitem-only`
//! on the machine it runs on: an HTTP server built like ddb-local (hyper
//! HTTP/1.1 on a tokio runtime with one worker per CPU, mimalloc, Nagle off)
//! that reads each request's body and answers what PutItem answers — `{}`
//! with DynamoDB's content type, `x-amz-crc32` and `x-amzn-RequestId` — and
//! does nothing else: no JSON, no engine, no table.
//!
//! ```text
//! cargo build --release --example bare_http
//! target/release/examples/bare_http --port 8000
//! ```
//!
//! Under that load the load generator, the kernel's loopback TCP and this
//! server share the CPUs; what this serves bounds every server's figure,
//! and the gap between it and ddb-local is what ddb-local's own work costs.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::convert::Infallible;
    use std::sync::Arc;

    use ddb_playground::server::protocol::{crc32_header, RequestIds, JSON_CONTENT_TYPE};
    use http_body_util::{BodyExt, Full};
    use hyper::body::{Bytes, Incoming};
    use hyper::header::{HeaderValue, CONTENT_TYPE};
    use hyper::server::conn::http1;
    use hyper::service::service_fn;
    use hyper::{Request, Response};
    use hyper_util::rt::TokioIo;

    #[global_allocator]
    static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

    /// PutItem's answer without `ReturnValues` or `ReturnConsumedCapacity`.
    const BODY: &[u8] = b"{}";

    async fn answer(ids: Arc<RequestIds>, request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
        // Read the whole body, as a server that parses it must.
        let _ = request.into_body().collect().await;
        let mut response = Response::new(Full::new(Bytes::from_static(BODY)));
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(JSON_CONTENT_TYPE));
        if let Ok(crc) = HeaderValue::from_str(&crc32_header(BODY)) {
            headers.insert("x-amz-crc32", crc);
        }
        if let Ok(id) = HeaderValue::from_str(&ids.next_id()) {
            headers.insert("x-amzn-requestid", id);
        }
        Ok(response)
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let port = match args.iter().position(|a| a == "--port").and_then(|i| args.get(i + 1)?.parse::<u16>().ok()) {
            Some(port) => port,
            None => {
                eprintln!("usage: bare_http --port N");
                std::process::exit(2);
            }
        };
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4));
        let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(workers).enable_all().build() {
            Ok(runtime) => runtime,
            Err(e) => {
                eprintln!("bare_http: {e}");
                std::process::exit(1);
            }
        };
        let served: std::io::Result<()> = runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
            let ids = Arc::new(RequestIds::default());
            loop {
                let (stream, _) = listener.accept().await?;
                stream.set_nodelay(true)?;
                let ids = ids.clone();
                let service = service_fn(move |request| answer(ids.clone(), request));
                tokio::spawn(async move {
                    let _ = http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
                });
            }
        });
        if let Err(error) = served {
            eprintln!("bare_http: {error}");
        }
        std::process::exit(1);
    }
}

// The client workload of scripts/bench-endpoint: the AWS SDK for JavaScript
// v3 (@aws-sdk/client-dynamodb), several concurrent clients, a mix of puts,
// gets, conditional updates and queries against one DynamoDB endpoint.
//
//   ENDPOINT=http://127.0.0.1:8000 node benches/endpoint/client.js
//
// Settings (environment): MODE (`setup`: create and preload the table and
// exit; `run`: the workload only; unset: both), CLIENTS (concurrent clients in
// this process, default 8), CUSTOMERS (partition keys, default 1000), ORDERS
// (items per partition key, default 10), WARMUP_SECONDS (default 3),
// MEASURE_SECONDS (default 15), SEED. scripts/bench-endpoint runs one setup,
// then several `run` processes at once, so one Node process (one core) is not
// the limit; each prints its latencies for the script to merge.
//
// Each client is its own DynamoDBClient with a keep-alive connection, and runs
// one request at a time in a loop: 40% GetItem, 30% PutItem, 15% UpdateItem
// with a ConditionExpression (attribute_exists, so it holds: the table is
// preloaded), 15% Query of one customer (ORDERS items). Keys are uniform. The
// table is created and preloaded (BatchWriteItem) before the warm-up; only the
// measured seconds count. The SDK retries nothing (maxAttempts 1): an error is
// counted, never hidden. Prints one JSON line: requests, errors, throughput,
// latency percentiles (ms) per operation and overall, the client's own CPU
// time and, with SERVER_PID (and CLK_TCK) set, the server's CPU time over the
// measured seconds (from /proc), so the report can show who was the
// bottleneck.

"use strict";

const fs = require("node:fs");
const http = require("node:http");
const {
  DynamoDBClient,
  CreateTableCommand,
  DescribeTableCommand,
  BatchWriteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  QueryCommand,
} = require("@aws-sdk/client-dynamodb");
const { NodeHttpHandler } = require("@smithy/node-http-handler");

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const ENDPOINT = process.env.ENDPOINT;
const CLIENTS = env("CLIENTS", 8);
const CUSTOMERS = env("CUSTOMERS", 1000);
const ORDERS = env("ORDERS", 10);
const WARMUP_SECONDS = env("WARMUP_SECONDS", 3);
const SECONDS = env("MEASURE_SECONDS", 15);
const TABLE = "Orders";

if (!ENDPOINT) {
  console.error("ENDPOINT is not set");
  process.exit(2);
}

// SplitMix64 on BigInt would be slow; a 32-bit xorshift is plenty for keys.
let seed = env("SEED", 1) >>> 0 || 1;
function random() {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed / 4294967296;
}
const below = (n) => Math.floor(random() * n);

function client() {
  return new DynamoDBClient({
    endpoint: ENDPOINT,
    region: "us-east-1",
    credentials: { accessKeyId: "x", secretAccessKey: "x" },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler({ httpAgent: new http.Agent({ keepAlive: true, maxSockets: 1 }) }),
  });
}

const customer = (c) => `customer#${String(c).padStart(7, "0")}`;
const order = (o) => `order#${String(o).padStart(6, "0")}`;
const STATUSES = ["PENDING", "SHIPPED", "DELIVERED", "RETURNED"];

// The same order item as the engine benchmarks (benches/common/mod.rs).
function item(c, o, n) {
  return {
    pk: { S: customer(c) },
    sk: { S: order(o) },
    status: { S: STATUSES[n % 4] },
    amount: { N: `${10 + (n % 1990)}.${String(n % 100).padStart(2, "0")}` },
    qty: { N: String(1 + (n % 9)) },
    email: { S: `customer${c}@example.com` },
    created: { S: `2026-03-${String(1 + (o % 28)).padStart(2, "0")}T12:00:00Z` },
    shipping: { M: { city: { S: "Berlin" }, zip: { S: String(c % 100000).padStart(5, "0") } } },
  };
}

async function setUp(ddb) {
  await ddb.send(
    new CreateTableCommand({
      TableName: TABLE,
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
      ],
      // Far above what the benchmark draws: no server throttles.
      ProvisionedThroughput: { ReadCapacityUnits: 40000, WriteCapacityUnits: 40000 },
    }),
  );
  // dynalite answers CREATING for a while (like DynamoDB); wait for ACTIVE.
  for (let i = 0; i < 300; i++) {
    const out = await ddb.send(new DescribeTableCommand({ TableName: TABLE }));
    if (out.Table.TableStatus === "ACTIVE") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const all = [];
  for (let c = 0; c < CUSTOMERS; c++) for (let o = 0; o < ORDERS; o++) all.push(item(c, o, c * ORDERS + o));
  for (let i = 0; i < all.length; i += 25) {
    let requests = { [TABLE]: all.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (Object.keys(requests).length > 0) {
      const out = await ddb.send(new BatchWriteItemCommand({ RequestItems: requests }));
      requests = out.UnprocessedItems ?? {};
    }
  }
}

// One request of the mix.
function nextCommand() {
  const r = random();
  const c = below(CUSTOMERS);
  const o = below(ORDERS);
  const Key = { pk: { S: customer(c) }, sk: { S: order(o) } };
  if (r < 0.4) return ["GetItem", new GetItemCommand({ TableName: TABLE, Key })];
  if (r < 0.7) return ["PutItem", new PutItemCommand({ TableName: TABLE, Item: item(c, o, below(1000000)) })];
  if (r < 0.85)
    return [
      "UpdateItem",
      new UpdateItemCommand({
        TableName: TABLE,
        Key,
        UpdateExpression: "SET qty = qty + :one, #s = :status",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#s": "status" },
        ExpressionAttributeValues: { ":one": { N: "1" }, ":status": { S: "SHIPPED" } },
      }),
    ];
  return [
    "Query",
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": { S: customer(c) } },
    }),
  ];
}

// CPU seconds the server process (all its threads) has used so far.
function serverCpuSeconds() {
  const pid = process.env.SERVER_PID;
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / env("CLK_TCK", 100);
  } catch {
    return null;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function main() {
  const mode = process.env.MODE ?? "all";
  const setupStarted = process.hrtime.bigint();
  if (mode !== "run") await setUp(client());
  const setupSeconds = Number(process.hrtime.bigint() - setupStarted) / 1e9;
  if (mode === "setup") {
    console.log(JSON.stringify({ setup_seconds: setupSeconds }));
    return;
  }

  const clients = Array.from({ length: CLIENTS }, client);
  let phase = "warmup";
  const latencies = { GetItem: [], PutItem: [], UpdateItem: [], Query: [] };
  let errors = 0;
  const errorNames = {};
  async function loop(ddb) {
    while (phase !== "done") {
      const [name, command] = nextCommand();
      const measured = phase === "measure";
      const started = process.hrtime.bigint();
      try {
        await ddb.send(command);
        if (measured && phase === "measure") latencies[name].push(Number(process.hrtime.bigint() - started) / 1e6);
      } catch (e) {
        if (measured) {
          errors++;
          errorNames[e.name] = (errorNames[e.name] ?? 0) + 1;
        }
      }
    }
  }
  const loops = clients.map(loop);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  const cpuBefore = process.cpuUsage();
  const serverBefore = serverCpuSeconds();
  const started = process.hrtime.bigint();
  phase = "measure";
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  phase = "done";
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = serverCpuSeconds();
  const serverCpu = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  await Promise.all(loops);

  const all = Object.values(latencies).flat();
  const overall = summary(all);
  const perOperation = Object.fromEntries(Object.entries(latencies).map(([name, l]) => [name, summary(l)]));
  const clientCpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    JSON.stringify({
      endpoint: ENDPOINT,
      clients: CLIENTS,
      items: CUSTOMERS * ORDERS,
      setup_seconds: setupSeconds,
      seconds: elapsed,
      requests: overall.count,
      errors,
      error_names: errorNames,
      throughput: overall.count / elapsed,
      p50_ms: overall.p50,
      p99_ms: overall.p99,
      per_operation: perOperation,
      client_cpu_seconds: clientCpuSeconds,
      client_cpu_share: clientCpuSeconds / elapsed,
      server_cpu_seconds: serverCpu,
      server_cpu_share: serverCpu === null ? null : serverCpu / elapsed,
      latencies_ms: process.env.LATENCIES ? latencies : undefined,
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

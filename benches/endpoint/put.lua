-- The PutItem-only workload for wrk: every request a PutItem of a new item
-- of 100 bytes (by DynamoDB's size rule) into one of the tables `Bench0` to
-- `Bench7` (partition key `pk`, a string; benches/endpoint/put_table.py
-- creates them), in turn. Keys never repeat: each wrk thread numbers its own
-- requests, `<run>t<thread>-<counter>` (the run is the script's argument, so
-- a warm-up and the measured run write different items), with the counter
-- at a fixed width so every request has the same length and only the counter
-- is formatted per request (wrk shares the CPUs with the server: it must
-- cost little).
--
-- Every response's status is counted: a server that answered errors quickly
-- would otherwise look fast. done() prints `statuses: 200=N ...` and
-- `non-200: N`, which scripts/bench-endpoint reads next to wrk's own count of
-- non-2xx responses.

local AUTH = "AWS4-HMAC-SHA256 Credential=x/20261122/us-east-1/dynamodb/aws4_request, "
  .. "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
  .. "Signature=0000000000000000000000000000000000000000000000000000000000000000"
-- 74 characters: with the key (`pk` and 14 characters, 16 bytes) and `n`
-- (3 bytes) the item is 100 bytes.
local PAYLOAD = "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789ab"

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

local TABLES = 8
local heads, tail, counter = {}, nil, 0
statuses = {}

function init(args)
  local run = args[1] or ""
  -- The body is `before .. counter .. tail`; its length never changes.
  tail = '"},"n":{"N":"42"},"payload":{"S":"' .. PAYLOAD .. '"}}}'
  for t = 0, TABLES - 1 do
    local before = '{"TableName":"Bench' .. t .. '","Item":{"pk":{"S":"' .. run .. "t" .. id .. "-"
    local length = #before + 10 + #tail
    -- wrk.format writes Content-Length from the body it is given: give it a
    -- stand-in of the right length, then cut the stand-in off.
    local request = wrk.format("POST", "/", {
      ["Content-Type"] = "application/x-amz-json-1.0",
      ["X-Amz-Target"] = "DynamoDB_20120810.PutItem",
      ["X-Amz-Date"] = "20261122T000000Z",
      ["Authorization"] = AUTH,
    }, string.rep("x", length))
    heads[t + 1] = request:sub(1, #request - length) .. before
  end
end

function request()
  counter = counter + 1
  return heads[counter % TABLES + 1] .. string.format("%010d", counter) .. tail
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total, other = {}, 0
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, n in pairs(counts) do
      total[status] = (total[status] or 0) + n
    end
  end
  local line = "statuses:"
  for status, n in pairs(total) do
    line = line .. " " .. status .. "=" .. n
    if status ~= 200 then
      other = other + n
    end
  end
  print(line)
  print("non-200: " .. other)
end

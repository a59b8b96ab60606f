-- The endpoint benchmark's workload for wrk (a C load generator that needs a
-- fraction of the CPU an SDK does, so the server, not the client, is what
-- saturates): the same requests as client.js sends through the AWS SDK, byte
-- for byte in shape — 40% GetItem, 30% PutItem, 15% UpdateItem with a
-- ConditionExpression that holds (the table is preloaded), 15% Query of one
-- customer's 10 orders — uniform keys over 1,000 customers x 10 orders.
-- Requests carry the headers the SDK sends that the servers look at
-- (X-Amz-Target, the JSON 1.0 content type, a SigV4-shaped Authorization;
-- none of the three servers checks the signature).

local CUSTOMERS, ORDERS = 1000, 10
local STATUSES = { "PENDING", "SHIPPED", "DELIVERED", "RETURNED" }
local AUTH = "AWS4-HMAC-SHA256 Credential=x/20261122/us-east-1/dynamodb/aws4_request, "
  .. "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
  .. "Signature=0000000000000000000000000000000000000000000000000000000000000000"

local function customer(c) return string.format("customer#%07d", c) end
local function order(o) return string.format("order#%06d", o) end

local function item(c, o, n)
  return string.format(
    '{"pk":{"S":"%s"},"sk":{"S":"%s"},"status":{"S":"%s"},"amount":{"N":"%d.%02d"},"qty":{"N":"%d"},'
      .. '"email":{"S":"customer%d@example.com"},"created":{"S":"2026-03-%02dT12:00:00Z"},'
      .. '"shipping":{"M":{"city":{"S":"Berlin"},"zip":{"S":"%05d"}}}}',
    customer(c), order(o), STATUSES[n % 4 + 1], 10 + n % 1990, n % 100, 1 + n % 9, c, 1 + o % 28, c % 100000)
end

-- Requests are made once, in init, and sent in turn: formatting each one as
-- it goes would make wrk, not the server, the bottleneck.
local POOL = 20000
local requests, next_request = {}, 0

local function make()
  local r = math.random()
  local c, o = math.random(0, CUSTOMERS - 1), math.random(0, ORDERS - 1)
  local key = string.format('{"pk":{"S":"%s"},"sk":{"S":"%s"}}', customer(c), order(o))
  local target, body
  if r < 0.4 then
    target, body = "GetItem", '{"TableName":"Orders","Key":' .. key .. "}"
  elseif r < 0.7 then
    target, body = "PutItem", '{"TableName":"Orders","Item":' .. item(c, o, math.random(0, 999999)) .. "}"
  elseif r < 0.85 then
    target, body = "UpdateItem", '{"TableName":"Orders","Key":' .. key
      .. ',"UpdateExpression":"SET qty = qty + :one, #s = :status","ConditionExpression":"attribute_exists(pk)",'
      .. '"ExpressionAttributeNames":{"#s":"status"},'
      .. '"ExpressionAttributeValues":{":one":{"N":"1"},":status":{"S":"SHIPPED"}}}'
  else
    target, body = "Query", '{"TableName":"Orders","KeyConditionExpression":"pk = :pk",'
      .. '"ExpressionAttributeValues":{":pk":{"S":"' .. customer(c) .. '"}}}'
  end
  return wrk.format("POST", "/", {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. target,
    ["X-Amz-Date"] = "20261122T000000Z",
    ["Authorization"] = AUTH,
  }, body)
end

function init(args)
  math.randomseed(tonumber(args[1] or "1"))
  for i = 1, POOL do
    requests[i] = make()
  end
end

function request()
  next_request = next_request % POOL + 1
  return requests[next_request]
end

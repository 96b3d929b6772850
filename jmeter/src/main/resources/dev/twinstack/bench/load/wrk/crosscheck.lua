-- The bench's cross-check load for wrk (https://github.com/wg/wrk), the same requests as the JMeter plans:
--
--   wrk -t2 -c400 -d30s --timeout 30s -s crosscheck.lua http://127.0.0.1:8080 -- \
--       POST '/profiles/${__Random(1,100000)}?fanout=sequential' <runId>
--
-- Arguments after the URL: the HTTP method, the path and query with JMeter's ${__Random(lo,hi)} for each random
-- part (drawn anew for every request, lo and hi included), and the run id. Every request carries
-- X-Request-Id: <runId>-<thread>-<n> (thread 1, 2, ...; n = 1, 2, ... per thread), unique within the run. A POST or
-- PUT sends an empty body (Content-Length: 0). wrk 4 builds one request on thread 1 to check it before the run
-- (wrk.c, script_verify_request) and never sends it: thread 1's first request sent is n = 2.
--
-- At the end it prints one line, "WRK-JSON " and a JSON object:
--   requests    responses received (wrk's count)
--   sent        requests built for sending, without wrk's check; sent - requests were in flight at the end or
--               failed
--   durationUs  the run's duration (microseconds)
--   bytes       bytes read
--   errors      {connect, read, write, status (responses with status >= 400), timeout}
--   latencyUs   {p50, p90, p99, p999, max, mean}: wrk's histogram of the responses received within --timeout (us)
--   threads     wrk's threads

local threads = {}

function setup(thread)
   table.insert(threads, thread)
   thread:set("id", #threads)
end

local RANDOM = "%${__Random%((%d+),(%d+)%)}"

-- the path as a list of literal strings and {lo, hi} ranges
local function compile(template)
   local parts = {}
   local position = 1
   while true do
      local first, last, lo, hi = string.find(template, RANDOM, position)
      if not first then
         break
      end
      table.insert(parts, string.sub(template, position, first - 1))
      table.insert(parts, { tonumber(lo), tonumber(hi) })
      position = last + 1
   end
   table.insert(parts, string.sub(template, position))
   return parts
end

local method, parts, prefix, body

-- requests built by this thread: a global, so that done() reads it with thread:get
sent = 0

function init(args)
   method = args[1]
   parts = compile(args[2])
   prefix = args[3] .. "-" .. id .. "-"
   body = (method == "POST" or method == "PUT") and "" or nil
   math.randomseed(os.time() * 1000 + id)
end

function request()
   local path = {}
   for i, part in ipairs(parts) do
      path[i] = (type(part) == "table") and tostring(math.random(part[1], part[2])) or part
   end
   sent = sent + 1
   return wrk.format(method, table.concat(path), { ["X-Request-Id"] = prefix .. sent }, body)
end

function done(summary, latency, requests)
   local total = -1 -- wrk's check
   for _, thread in ipairs(threads) do
      total = total + thread:get("sent")
   end
   local errors = summary.errors
   io.write(string.format('WRK-JSON {"requests":%d,"sent":%d,"durationUs":%d,"bytes":%d,'
         .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},'
         .. '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f},'
         .. '"threads":%d}\n',
         summary.requests, total, summary.duration, summary.bytes,
         errors.connect, errors.read, errors.write, errors.status, errors.timeout,
         latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
         latency.max, latency.mean, #threads))
end

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
-- A fourth argument, the measured window in ms, makes the run drain: run wrk for longer than the window (-d), and each
-- connection stops sending once the window is over, so the requests in flight finish instead of being dropped when
-- wrk stops (a reactive app cancels a dropped request, and the first cancellations deoptimize its compiled code).
-- Only the responses completed within the window are counted for the throughput ("measured"): wrk calls delay()
-- before each connection's first request and after each response, so the calls after the window are the responses
-- completed after it, one per connection at most. The window runs from init(), just before wrk's threads connect; the
-- clock is clock_gettime(CLOCK_MONOTONIC) through LuaJIT's FFI (wrk embeds LuaJIT).
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
--   measured    with a window: responses completed within it
--   windowUs    with a window: its length (microseconds)

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

-- responses completed after the window, by this thread (a global, as sent)
late = 0

-- a monotonic clock in ms; CLOCK_MONOTONIC is 1 on Linux, 6 on macOS
local function clock()
   local ffi = require("ffi")
   ffi.cdef [[
      typedef struct { long tv_sec; long tv_nsec; } crosscheck_timespec;
      int clock_gettime(int clock_id, crosscheck_timespec *tp);
   ]]
   local monotonic = (ffi.os == "OSX") and 6 or 1
   local now = ffi.new("crosscheck_timespec")
   return function()
      ffi.C.clock_gettime(monotonic, now)
      return tonumber(now.tv_sec) * 1000 + tonumber(now.tv_nsec) / 1e6
   end
end

function init(args)
   method = args[1]
   parts = compile(args[2])
   prefix = args[3] .. "-" .. id .. "-"
   body = (method == "POST" or method == "PUT") and "" or nil
   math.randomseed(os.time() * 1000 + id)
   -- a global, so that done() reads it with thread:get
   windowMs = tonumber(args[4])
   if windowMs then
      local now = clock()
      local deadline = now() + windowMs
      delay = function()
         if now() <= deadline then
            return 0
         end
         late = late + 1
         return 3600000 -- no more requests on this connection: wrk stops before
      end
   end
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
   local after = 0
   for _, thread in ipairs(threads) do
      total = total + thread:get("sent")
      after = after + thread:get("late")
   end
   local windowed = ""
   local windowMs = threads[1]:get("windowMs")
   if windowMs then
      windowed = string.format(',"measured":%d,"windowUs":%d', summary.requests - after, windowMs * 1000)
   end
   local errors = summary.errors
   io.write(string.format('WRK-JSON {"requests":%d,"sent":%d,"durationUs":%d,"bytes":%d,'
         .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},'
         .. '"latencyUs":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f},'
         .. '"threads":%d%s}\n',
         summary.requests, total, summary.duration, summary.bytes,
         errors.connect, errors.read, errors.write, errors.status, errors.timeout,
         latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
         latency.max, latency.mean, #threads, windowed))
end

-- wrk script: rotate over the URL paths listed one per line in $BENCH_PATHS, then print
-- one line of JSON: requests, seconds, req/s, latency percentiles (ms), errors.
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do
  if #line > 0 then paths[#paths + 1] = line end
end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.2f, "rps": %.1f, "p50": %.1f, "p95": %.1f, "p99": %.1f, '
      .. '"errors": %d, "non_2xx": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, e.connect + e.read + e.write + e.timeout, e.status))
end

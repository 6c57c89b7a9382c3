-- wrk script: rotate over the four pages of the load test, and print p50/p95/p99.
local paths = {
  "/?component=training-data-loader&symptom=nccl-timeout",
  "/?root_cause=faulty-gpu&symptom=job-crash&organisation=meta",
  "/?q=training+job+hangs%2C+then+dies+with+an+NCCL+watchdog+timeout",
  "/cases/acme-datacenter-llm-pretraining-failures/",
  "/graph/?symptom=nccl-timeout",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("requests %d in %.1f s: %.1f req/s\n", summary.requests, seconds,
    summary.requests / seconds))
  io.write(string.format("latency p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms\n",
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
  local e = summary.errors
  io.write(string.format("errors: connect %d, read %d, write %d, timeout %d, non-2xx %d\n",
    e.connect, e.read, e.write, e.timeout, e.status))
end

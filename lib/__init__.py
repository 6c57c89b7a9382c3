"""Site-wide helpers without models: Markdown rendering (``text``), field validators,
HTTP and ETag helpers, rate limits, middleware, database resilience, the trusted-proxy
client address and the resilient cache. Imports nothing of ours, so every app may use it
(like healthchecks' ``hc/lib``)."""

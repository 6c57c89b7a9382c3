"""One structured log line per request: a JSON object on the ``incidents.requests`` logger."""

import json
import logging
import time

logger = logging.getLogger("incidents.requests")


class RequestLogMiddleware:
    """Log ``{"method", "path", "status", "duration_ms", "query_length"}`` per request.

    The query string itself is not logged (it can hold anything a visitor typed); its
    length is. Health checks are not logged.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        if request.path != "/healthz":
            logger.info(
                json.dumps(
                    {
                        "method": request.method,
                        "path": request.path[:300],
                        "status": response.status_code,
                        "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                        "query_length": len(request.META.get("QUERY_STRING", "")),
                    }
                )
            )
        return response

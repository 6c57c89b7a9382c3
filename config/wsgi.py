"""The WSGI application gunicorn serves (``config.wsgi:application``).

Refuses to start, with a message naming what is missing, when DEBUG is off and
``SECRET_KEY`` or ``ALLOWED_HOSTS`` is unset (``config.settings.require_serving_settings``).
Bounds every database statement of a web request (``REQUEST_STATEMENT_TIMEOUT_MS``,
``REQUEST_LOCK_TIMEOUT_MS``; ``lib.resilience.bound_request_statements``): only the
web process imports this module, so management commands run without those bounds.
"""

import os

from django.core.wsgi import get_wsgi_application

from config.settings import require_serving_settings
from lib.resilience import bound_request_statements

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()
require_serving_settings()
bound_request_statements()

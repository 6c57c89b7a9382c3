"""The WSGI application gunicorn serves (``config.wsgi:application``).

Refuses to start, with a message naming what is missing, when DEBUG is off and
``SECRET_KEY`` or ``ALLOWED_HOSTS`` is unset (``config.settings.require_serving_settings``).
"""

import os

from django.core.wsgi import get_wsgi_application

from config.settings import require_serving_settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()
require_serving_settings()

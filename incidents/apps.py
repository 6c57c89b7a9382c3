from django.apps import AppConfig


class IncidentsConfig(AppConfig):
    """Cases, their sources and organisations; the case list and case pages."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "incidents"

    def ready(self):
        from . import signals  # noqa: F401 - connects the receivers

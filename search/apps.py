from django.apps import AppConfig


class SearchConfig(AppConfig):
    """Sentence search and suggested filters: reading people's words and log lines,
    ranking cases by them, and recognising the vocabulary's values in them."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "search"
    verbose_name = "Search"

    def ready(self):
        from . import signals

        signals.connect()

from django.apps import AppConfig


class TaxonomyConfig(AppConfig):
    """The taxonomy: root causes, components, symptoms, contributing factors and categories."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "taxonomy"

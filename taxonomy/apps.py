from django.apps import AppConfig


class TaxonomyConfig(AppConfig):
    """The taxonomy: root causes, components, symptoms, contributing factors and categories."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "taxonomy"

    def ready(self):
        """Harden the admin site's model admins that are not the project's own (Django's
        users and groups, django-axes' logs): every app's admin module is loaded by now,
        ``django.contrib.admin`` being the first installed app."""
        from django.contrib import admin

        from lib.admin_tools import harden_admin_site

        harden_admin_site(admin.site)

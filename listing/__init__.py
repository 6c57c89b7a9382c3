"""The list/query layer every surface calls (``listing/query.py``)."""

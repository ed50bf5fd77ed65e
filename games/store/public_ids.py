"""What a game's public id looks like, and the path converter that lets no other id reach a view.

Ids are made by ``models.new_public_id`` (URL-safe base64: 16 characters); the pattern allows a little
more, so that ids of another length still resolve. A path whose id does not match is a 404 before any
query: a NUL, which daphne decodes from ``%00``, would make PostgreSQL refuse the query (a 500).
"""

import re

from django.urls import register_converter

PATTERN = r"[A-Za-z0-9_-]{1,32}"
PUBLIC_ID = re.compile(PATTERN)


class PublicIdConverter:
    """``<public_id:…>`` in a route: a string matching ``PATTERN``."""

    regex = PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PublicIdConverter, "public_id")

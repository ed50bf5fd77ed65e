"""An answer written while it is sent: a long document's pieces, read from the database as they go out."""

import logging
from collections.abc import AsyncIterator, Generator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError
from django.http import HttpRequest

logger = logging.getLogger(__name__)

# About how many bytes go out at a time: few hops to the request's thread, few writes to the socket.
BLOCK = 64 * 1024


def streamed(request: HttpRequest, pieces: Iterator[str]) -> Iterator[bytes] | AsyncIterator[bytes]:
    """``pieces`` as a ``StreamingHttpResponse``'s content, in blocks: under ASGI, each block read on the request's
    own thread (a sync iterator there would be read whole first, in memory)."""
    blocks = _blocks(pieces, request.path)
    return _read_on_request_thread(blocks) if isinstance(request, ASGIRequest) else blocks


def _blocks(pieces: Iterator[str], path: str) -> Generator[bytes]:
    """``pieces`` encoded and joined in blocks of about ``BLOCK`` bytes. A database error ends the answer where it is,
    logged once: its status and first blocks are sent, so it can only stop short, and a document cut short is no
    valid JSON, which no reader takes for whole."""
    block: list[bytes] = []
    size = 0
    try:
        for piece in pieces:
            block.append(piece.encode())
            size += len(block[-1])
            if size >= BLOCK:
                yield b"".join(block)
                block, size = [], 0
    except DatabaseError:
        logger.exception("%s cut short by a database error", path)
    if block:
        yield b"".join(block)


async def _read_on_request_thread(blocks: Generator[bytes]) -> AsyncIterator[bytes]:
    try:
        while block := await sync_to_async(_next_block, thread_sensitive=True)(blocks):
            yield block
    finally:  # the answer's end, or its abandon: the cursor closed on the thread that opened it
        await sync_to_async(blocks.close, thread_sensitive=True)()


def _next_block(blocks: Generator[bytes]) -> bytes:
    """The next block, or none (``b""``: ``_blocks`` never yields an empty one) once they are all read."""
    return next(blocks, b"")

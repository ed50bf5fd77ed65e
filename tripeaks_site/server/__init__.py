"""The server's wing: patches to the libraries the site is served with, each one replacing a named
method of Twisted (under daphne) or Django for a gain measured against the stock library; and
``round_trips.py``, which adds to daphne's WebSocket protocol what it does not do (measure each socket's
round trip with pings, through autobahn's public hooks).

A patch stays only while it gains at least 20% on the figure it targets (bench/watch.py,
bench/http_load.py; docs/benchmarks.md, Server patches). tests/web/test_server_patches.py fails,
naming the library and what changed, when an upgrade breaks what a patch relies on.
"""

"""Settings for TriPeaks, read from environment variables with small helpers (as healthchecks does).

SQLite and the in-memory channel layer are the embedded default; DATABASE_URL (PostgreSQL) and
REDIS_URL (channels-redis) switch to the setup that scales across machines.
"""

import hmac
import ipaddress
import os
import re
from pathlib import Path

import dj_database_url
import django_stubs_ext
import redis
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from tripeaks_site import secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
django_stubs_ext.monkeypatch()  # Django's generic classes subscriptable at run time, as the type hints write them


TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")


def envbool(name: str, default: str) -> bool:
    """A yes or a no; anything else (a typo: ``DEBUG=ture``) stops the start, naming the variable."""
    given = os.getenv(name, default).strip().lower()
    if given not in TRUE_WORDS + FALSE_WORDS:
        raise ImproperlyConfigured(f"{name}={given!r}: write 1, true, yes or on; or 0, false, no, off or nothing")
    return given in TRUE_WORDS


def envint(name: str, default: str) -> int:
    return int(os.getenv(name, default))


def envpositive(name: str, default: str) -> int:
    """A whole number of 1 or more; anything else (``0``, ``7.5``, ``seven``) stops the start, naming the variable."""
    given = os.getenv(name, default).strip()
    if not re.fullmatch(r"[1-9][0-9]*", given):
        raise ImproperlyConfigured(f"{name}={given!r}: write a whole number, 1 or more")
    return int(given)


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


def envnetworks(name: str, default: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """Networks as ``10.0.0.0/8,::1/128`` (an address alone is its own network); a typo stops the start."""
    try:
        return [ipaddress.ip_network(item, strict=False) for item in envlist(name, default)]
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}: {error}") from None


def envurl(name: str, default: str) -> str:
    """A site's address, ``scheme://host[:port]``, with no path: what links in mails are made from."""
    given = os.getenv(name, default).strip()
    url = given.removesuffix("/")
    if not re.fullmatch(r"https?://[^/\s?#]+", url):
        raise ImproperlyConfigured(f"{name}={given!r}: write the site's address as https://host or http://host:port")
    return url


def envrate(name: str, default: str) -> str | None:
    """A rate as django-ratelimit writes it, ``COUNT/PERIOD`` (``60/10m``: 60 in 10 minutes); empty: no limit.

    Both numbers are positive: django-ratelimit refuses a zero period (``60/0m``) on every limited request
    (500s), and a zero count would refuse every request; either stops the start instead."""
    rate = os.getenv(name, default).strip()
    if rate and not re.fullmatch(r"[1-9][0-9]*/([1-9][0-9]*)?[smhd]", rate):
        raise ImproperlyConfigured(
            f"{name}={rate!r}: write a rate as COUNT/PERIOD, e.g. 60/10m (s, m, h or d; both numbers above 0)"
        )
    return rate or None


DEBUG = envbool("DEBUG", "False")
# What the server keeps besides the database: the secrets it made, when SECRET_KEY or DAILY_SECRET is not set.
DATA_DIR = Path(os.getenv("DATA_DIR", "") or BASE_DIR / "var")
# Set SECRET_KEY when several machines serve the site (they must share it); otherwise the first start makes a
# random one and keeps it in DATA_DIR/secret_key, readable by the server's user alone (secret_key.py).
SECRET_KEY = os.getenv("SECRET_KEY", "") or secret_key.kept(DATA_DIR / "secret_key")
# The daily deal comes from the day and this secret (games/store/daily.py): the same on every process and after a
# restart, and not computable by players. Kept like the secret key, and independent of it: rotating SECRET_KEY
# leaves the day's deal alone. Its first value is derived from the key: a site whose file is not made yet keeps
# the deal its players have today.
DAILY_SECRET = os.getenv("DAILY_SECRET", "") or secret_key.kept(
    DATA_DIR / "daily_secret",
    "DAILY_SECRET",
    first=hmac.new(SECRET_KEY.encode(), b"tripeaks daily deal", "sha256").hexdigest(),
)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

# Behind a TLS proxy (TLS_PROXY=1): HTTPS ends at a proxy in front (nginx, deploy/), which passes the Host and
# tells each request's scheme in X-Forwarded-Proto. Set it only when the proxy always sets (overwrites) that
# header, or a client could claim HTTPS. Then plain HTTP is redirected to HTTPS (but the health checks,
# which the proxy and the process manager make over the loopback), cookies are sent over HTTPS only, and
# browsers are told to use nothing but HTTPS for HSTS_SECONDS (a year; 0 turns HSTS off).
TLS_PROXY = envbool("TLS_PROXY", "False")
if TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = TLS_PROXY
SECURE_REDIRECT_EXEMPT = [r"^health/", r"^metrics$"]
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = TLS_PROXY
if TLS_PROXY:  # __Host- cookies: only this host may set them, so no sibling subdomain plants a session in a browser
    SESSION_COOKIE_NAME, CSRF_COOKIE_NAME = "__Host-sessionid", "__Host-csrftoken"
SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", "31536000" if TLS_PROXY else "0")
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", str(TLS_PROXY))
SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", str(TLS_PROXY))  # allows asking browsers to preload it, asks nothing

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "games",
]

MIDDLEWARE = [
    "tripeaks_site.request_log.RequestLog",  # first: it times the others and logs the status sent
    # Before anything asks for the host (the redirect to HTTPS, CommonMiddleware) or reads the form: an
    # unreadable form is a 400, never a 500 from the CSRF check that Django's error pages make.
    "games.web.failures.ReadBodyFirstMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.web.middleware.PlayerMiddleware",
    "games.web.limits.PageReadsLimit",  # in the reader's language, counted by their player (their session read)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.web.failures.FailureMiddleware",
    "games.web.middleware.PlayerTimeZoneMiddleware",
    "games.base.announcements.AnnounceAfterResponse",
]

# A form sent back refused opens at its error (games/web/form_focus.py).
FORM_RENDERER = "games.web.form_focus.FocusingRenderer"

ROOT_URLCONF = "tripeaks_site.urls"
ASGI_APPLICATION = "tripeaks_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.first_visit.first_visit",
                "games.web.preferences.page_preferences",
            ],
        },
    },
]

# WAL lets readers go on while a move is written; IMMEDIATE takes the write lock when the
# transaction starts, so two requests for the same game queue instead of failing to upgrade. How long
# they queue at most (the busy timeout) is DATABASE_TIMEOUT, below.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
# HTTP requests run their synchronous code on this many reused threads per server process (server/threads.py),
# each keeping its database connection open for CONN_MAX_AGE seconds: so a process holds at most this
# many connections. (Django's thread per request piles persistent connections up, one per dead thread: 50
# players exhaust PostgreSQL's 100; and opening one per request costs more than a move: docs/benchmarks.md,
# "Server patches".)
REQUEST_THREADS = envint("REQUEST_THREADS", "16")
CONN_MAX_AGE = envint("CONN_MAX_AGE", "600")
if os.getenv("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=CONN_MAX_AGE)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.getenv("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "CONN_MAX_AGE": CONN_MAX_AGE,
            "TEST": {"NAME": os.getenv("SQLITE_TEST_PATH", str(BASE_DIR / "test-db.sqlite3"))},
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # the default file or DATABASE_URL=sqlite:///…
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}

# /health/ready gives the database and Redis this many seconds each to answer (games/web/views/health.py).
HEALTH_TIMEOUT = float(os.getenv("HEALTH_TIMEOUT", "2"))

# The operator's counts at /metrics (games/base/metrics.py; docs/deploy.md, "Metrics"). Answered to a request
# that carries METRICS_TOKEN (Authorization: Bearer …) or comes from one of METRICS_NETWORKS (behind nginx, the
# client's own address: daphne --proxy-headers), and refused 403 to any other. METRICS=0: nothing counted, 404.
# Several processes sum their counts through the directory PROMETHEUS_MULTIPROC_DIR names (the library's own
# variable, read as it is imported).
METRICS = envbool("METRICS", "True")
if os.environ.get("PROMETHEUS_MULTIPROC_DIR") == "":  # set but empty: the library would write in the working folder
    del os.environ["PROMETHEUS_MULTIPROC_DIR"]
METRICS_TOKEN = os.getenv("METRICS_TOKEN", "")
METRICS_NETWORKS = envnetworks("METRICS_NETWORKS", "127.0.0.0/8,::1/128")

# Failed requests (games/web/failures.py). A database that is down, locked or stalled answers 503 with Retry-After
# within seconds instead of holding every request thread for the whole stall: short waits for a connection and
# a lock, and a bound on a statement (PostgreSQL; 0 for none, e.g. for a long migration). A stale CSRF token
# (a log-in in another tab) is told as such, and static/js/errors.js brings the page's token up to date.
DATABASE_TIMEOUT = envint("DATABASE_TIMEOUT", "3")  # seconds
DATABASE_STATEMENT_TIMEOUT = envint("DATABASE_STATEMENT_TIMEOUT", "10")  # seconds
_database_options = DATABASES["default"].setdefault("OPTIONS", {})
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _database_options["timeout"] = DATABASE_TIMEOUT  # SQLite's busy timeout: the wait for the write lock
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _database_options.setdefault("connect_timeout", max(2, DATABASE_TIMEOUT))  # libpq counts 2 s at least
    _database_options.setdefault("tcp_user_timeout", 1000 * max(2, DATABASE_TIMEOUT))  # ms: a lost server
    _database_options["options"] = " ".join(
        part
        for part in (
            _database_options.get("options", ""),
            f"-c lock_timeout={DATABASE_TIMEOUT}s",
            f"-c statement_timeout={DATABASE_STATEMENT_TIMEOUT}s",
        )
        if part
    )
CSRF_FAILURE_VIEW = "games.web.failures.csrf_failure"

# Redis carries the live events between server processes and keeps who is watching (games/live/presence.py).
# Watching never holds up the game: what a move asks of Redis gives up after REDIS_TIMEOUT seconds
# (games/live/events.py). The channel layer's receive waits on Redis for up to 5 s (channels-redis's
# BZPOPMIN): its connections wait longer for an answer, and as little as the others for a connection.
REDIS_URL = os.getenv("REDIS_URL", "")
REDIS_TIMEOUT = float(os.getenv("REDIS_TIMEOUT", "0.5"))
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_connect_timeout": REDIS_TIMEOUT,
                        "socket_timeout": 10,
                        # A connection kept from before Redis restarted fails its first command: once more
                        # (games/base/trouble.py says why not after a timeout).
                        "retry": Retry(NoBackoff(), 1, (redis.ConnectionError,)),
                    }
                ]
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}  # one process

# The cache holds what may be lost, with a short life: for now the counters of the abuse limits below. In
# Redis with REDIS_URL, so that every process counts together; each call gives up after REDIS_TIMEOUT seconds.
# Otherwise in this process's memory (one process: the embedded default), LIMIT_COUNTERS_KEPT of them (27 MB
# for 100,000): one address within its limits makes at most some 1,500 counters in a window, so it cannot push
# out another counter (its own failed log-ins among them) by making new ones; full, the least used go first.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.getenv("CACHE_KEY_PREFIX", "") or "tripeaks",  # sites sharing one Redis keep apart
            "OPTIONS": {"socket_timeout": REDIS_TIMEOUT, "socket_connect_timeout": REDIS_TIMEOUT},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": envint("LIMIT_COUNTERS_KEPT", "100000")},
        }
    }

# Abuse limits (games/web/limits.py), counted by django-ratelimit in the cache above: past one, a request is answered
# 429 with Retry-After. Each is COUNT/PERIOD in fixed windows, per player, game, account or client address
# (REMOTE_ADDR: behind nginx, daphne --proxy-headers takes it from the X-Forwarded-For that nginx overwrites;
# Django never reads that header itself). Far above what a player does: docs/configuration.md says why.
# While the cache is unavailable the limits let everything through (fail open: the game goes on).
# Most come in pairs: a player's (their account or token, else their address), then a looser bound of their address,
# whatever its players (a school, an office, a mobile carrier). Each _PER_IP is at least twice its _PER_PLAYER and a
# player's own besides: one neighbour refused on and on, up to twice their rate in one of the address's windows
# (the windows of different keys do not begin together), never has the others refused.
LIMIT_NEW_GAMES_PER_PLAYER = envrate("LIMIT_NEW_GAMES_PER_PLAYER", "100/10m")
LIMIT_NEW_GAMES_PER_IP = envrate("LIMIT_NEW_GAMES_PER_IP", "300/10m")
LIMIT_ACTIONS_PER_PLAYER = envrate("LIMIT_ACTIONS_PER_PLAYER", "40/10s")
LIMIT_ACTIONS_PER_IP = envrate("LIMIT_ACTIONS_PER_IP", "120/10s")
LIMIT_HINTS_PER_GAME = envrate("LIMIT_HINTS_PER_GAME", "120/10m")
LIMIT_HINTS_PER_IP = envrate("LIMIT_HINTS_PER_IP", "600/10m")
LIMIT_ROOMS_PER_PLAYER = envrate("LIMIT_ROOMS_PER_PLAYER", "20/10m")
LIMIT_ROOMS_PER_IP = envrate("LIMIT_ROOMS_PER_IP", "60/10m")
LIMIT_JOINS_PER_PLAYER = envrate("LIMIT_JOINS_PER_PLAYER", "30/10m")
LIMIT_JOINS_PER_IP = envrate("LIMIT_JOINS_PER_IP", "120/10m")
LIMIT_JOIN_CODES_PER_PLAYER = envrate("LIMIT_JOIN_CODES_PER_PLAYER", "20/10m")
LIMIT_JOIN_CODES_PER_IP = envrate("LIMIT_JOIN_CODES_PER_IP", "60/10m")
LIMIT_SOCKETS_PER_PLAYER = envrate("LIMIT_SOCKETS_PER_PLAYER", "120/m")
LIMIT_SOCKETS_PER_IP = envrate("LIMIT_SOCKETS_PER_IP", "360/m")
LIMIT_OPEN_SOCKETS_PER_PLAYER = envpositive("LIMIT_OPEN_SOCKETS_PER_PLAYER", "32")  # at once, in one process
LIMIT_OPEN_SOCKETS_PER_IP = envpositive("LIMIT_OPEN_SOCKETS_PER_IP", "64")  # at once, in one process
LIMIT_PAGES_PER_PLAYER = envrate("LIMIT_PAGES_PER_PLAYER", "120/m")
LIMIT_PAGES_PER_IP = envrate("LIMIT_PAGES_PER_IP", "360/m")
LIMIT_SIGN_INS_PER_ACCOUNT = envrate("LIMIT_SIGN_INS_PER_ACCOUNT", "10/15m")  # per account, from one address
LIMIT_SIGN_INS_PER_IP = envrate("LIMIT_SIGN_INS_PER_IP", "60/15m")
CHALLENGE_COUNTDOWN = envint("CHALLENGE_COUNTDOWN", "5")  # seconds from a challenge's Start to its first instant
# The most moves a second a person plays: a daily game finished faster ranks after the others, flagged
# (docs/levels.md "A person's pace").
HUMAN_MOVES_PER_SECOND = envpositive("HUMAN_MOVES_PER_SECOND", "5")
# The solver's own processes per server process (games/solver/pool.py; 0: on the request's thread), and how long
# a request waits for its answer before it answers 503.
SOLVER_PROCESSES = envint("SOLVER_PROCESSES", "1")
SOLVER_TIMEOUT = envint("SOLVER_TIMEOUT", "5")
# A deal's par, in processes of their own, and how long the end card's request waits for it (it asks again after).
PAR_PROCESSES = envpositive("PAR_PROCESSES", "1")
PAR_TIMEOUT = envpositive("PAR_TIMEOUT", "10")
# The solver's CPU time for one player and one address (games/solver/budget.py), SECONDS/PERIOD: Teach me and
# the analysis of a game's end. 20 s in 10 minutes is a thirtieth of a core; a player asking Teach me at every
# move spends about 8 (docs/configuration.md).
SOLVER_SECONDS_PER_PLAYER = envrate("SOLVER_SECONDS_PER_PLAYER", "20/10m")
SOLVER_SECONDS_PER_IP = envrate("SOLVER_SECONDS_PER_IP", "30/10m")
# The pars' CPU time (a deal's par found, where a game's points went), a budget of its own: a few seconds each.
PAR_SECONDS_PER_PLAYER = envrate("PAR_SECONDS_PER_PLAYER", "60/10m")
PAR_SECONDS_PER_IP = envrate("PAR_SECONDS_PER_IP", "120/10m")
RATELIMIT_ENABLE = envbool("RATE_LIMITS", "True")  # False: every limit off (load tests from one address)
RATELIMIT_CACHE_PREFIX = "rl:"  # the counters' keys begin so (the solver's time too: games/solver/budget.py)
RATELIMIT_FAIL_OPEN = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Password reset links go out by e-mail: printed on the console unless EMAIL_BACKEND names another
# backend; for SMTP, the EMAIL_* variables below configure it.
EMAIL_BACKEND_CLASS = os.getenv("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
SMTP_OPTIONS = {
    "host": os.getenv("EMAIL_HOST", "localhost"),
    "port": envint("EMAIL_PORT", "25"),
    "username": os.getenv("EMAIL_HOST_USER", ""),
    "password": os.getenv("EMAIL_HOST_PASSWORD", ""),
    "use_tls": envbool("EMAIL_USE_TLS", "False"),
    "timeout": envint("EMAIL_TIMEOUT", "10"),  # seconds: a slow mail server must not hold a request thread
}
MAILERS = {
    "default": {
        "BACKEND": EMAIL_BACKEND_CLASS,
        "OPTIONS": SMTP_OPTIONS if EMAIL_BACKEND_CLASS.endswith("smtp.EmailBackend") else {},
    }
}
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "TriPeaks <tripeaks@localhost>")
# The site's address as players reach it: the links in mails are made from it, never from a request's Host.
SITE_URL = envurl("SITE_URL", "http://127.0.0.1:8000")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "history"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
FORMAT_MODULE_PATH = ["tripeaks_site.formats"]  # what Django's locales leave out (formats/)
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("es", _("Spanish")),
    ("bg", _("Bulgarian")),
    ("fr", _("French")),
]
# The project's texts, then corrections to Django's own catalogs (read before them).
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "tripeaks_site" / "corrections"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365  # a language switched to stays chosen, not only until the browser closes
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tripeaks_site.storage.StaticStorage"},
}

# Action POSTs are a few bytes; anything large is refused with 400 before a view runs.
DATA_UPLOAD_MAX_MEMORY_SIZE = 16 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 50

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],  # the live socket too: CSP3's 'self' covers ws(s) to this host (test_watch.py)
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
# Sessions hold who is signed in, the anonymous player's token (games/players.py) and settings. They are
# kept in the database, so that logging out ends a session for good: a signed cookie stays valid after
# logout for whoever copied it. Not in Redis, even when REDIS_URL is set: an anonymous player's games hang on
# the token in their session, so a session must be as durable as the games (Redis here holds what may be
# lost: who watches, live events), and every request reads its session, so a frozen Redis would hold every
# move. The cost is one read by primary key per request that carries a session cookie. Expired sessions are
# deleted by the engine itself, once an hour per process (tripeaks_site/sessions.py).
SESSION_ENGINE = "tripeaks_site.sessions"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # anonymous players keep their games for a year

# Logs go to the standard error, each record once: through one handler, on the root logger (which replaces
# the one daphne's command line puts there). Each request's line comes from tripeaks_site/request_log.py;
# Django's own lines about requests are kept for server errors, which carry their traceback.
LOG_LEVEL = os.getenv("LOG_LEVEL", "INFO")  # WARNING leaves out the request lines
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "filters": {"client_faults": {"()": "tripeaks_site.request_log.ClientFaults"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line", "filters": ["client_faults"]}},
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {
        "games": {"level": LOG_LEVEL},
        "tripeaks_site": {"level": LOG_LEVEL},
        "django": {"handlers": [], "level": "INFO"},  # without Django's console handler (DEBUG): root writes
        "django.request": {"level": "ERROR"},  # 4xx are in the request lines
    },
}

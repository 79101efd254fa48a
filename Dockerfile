# Warband: the Discord bot in one small image.
#   docker build -t warband .
#   docker run -d --name warband -e DISCORD_TOKEN=... -v warband-data:/data warband
# The games live in the SQLite file on the /data volume; back that up, nothing else.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# A user without a login shell or rights outside /data.
RUN groupadd --system --gid 10001 warband \
 && useradd --system --uid 10001 --gid warband --home-dir /app --shell /usr/sbin/nologin warband

WORKDIR /app

# Dependencies first, so a code change doesn't reinstall them: the exact versions the tests
# passed with (requirements.lock, written by scripts/lock.py).
COPY pyproject.toml README.md requirements.lock ./
RUN pip install -r requirements.lock

# The source tree stays at /app: the store finds migrations/ next to the bot package
# (bot/store/sqlite.py: MIGRATIONS_DIR), so install in editable mode.
COPY engine ./engine
COPY renderers ./renderers
COPY bot ./bot
COPY migrations ./migrations
COPY locales ./locales
RUN pip install --no-deps -e . \
 && mkdir -p /data \
 && chown warband:warband /data

ENV WARBAND_DB=/data/warband.sqlite3
VOLUME ["/data"]

USER warband

# Unhealthy when the gateway connection is lost (no fresh heartbeat file beside the database)
# or the games database can't be read (a lost volume, wrong permissions).
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 \
  CMD ["warband", "health"]

CMD ["warband", "bot"]

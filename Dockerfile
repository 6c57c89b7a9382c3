# Production image: gunicorn + WhiteNoise, non-root, static files collected at build,
# migrations applied on start (scripts/start, the same entry point CI runs).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 app

# Dependencies first, so code changes reuse this layer.
COPY pyproject.toml ./
RUN pip install .
COPY . .
RUN DEBUG=false SECRET_KEY=collectstatic-only ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput

USER app
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
CMD ["scripts/start"]

# Production image: gunicorn + WhiteNoise, migrations applied on start.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 app

COPY pyproject.toml ./
COPY . .
RUN pip install .  \
 && DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

USER app
EXPOSE 8000
CMD ["scripts/start"]

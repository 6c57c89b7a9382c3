"""Dates known to a precision, and durations, as editors type them and readers read them.

Reports give "April 2024", "Q2 2024", "2016" or a full date, and durations as "about
3 hours" or "two days". A partial date is stored as the first day of its period plus a
precision; a duration as a :class:`datetime.timedelta`.

Accepted partial dates (:func:`parse_partial_date`): ``2024``, ``2024-04``, ``2024-Q2``
(also ``Q2 2024``), ``2024-04-12``; with :func:`parse_partial_datetime` also
``2024-04-12 14:03`` (UTC). Accepted durations (:func:`parse_duration_text`): ``90 s``,
``45 min``, ``3 h``, ``3 h 30 min``, ``2 days``, ``1 week``, ``1 d 4 h``, ``3.5 h`` and
ISO 8601 (``PT3H30M``, ``P2D``).
"""

import datetime
import re

from django.db import models
from django.utils.dateparse import parse_duration


class DatePrecision(models.TextChoices):
    """How much of a date is known: the minute (timeline events), the day, the month,
    the quarter or only the year."""

    MINUTE = "minute", "Minute"
    DAY = "day", "Day"
    MONTH = "month", "Month"
    QUARTER = "quarter", "Quarter"
    YEAR = "year", "Year"


# The earliest and latest years a date may name: the first public reports of GPU
# clusters are far later than 1990, and nothing is dated after next year.
EARLIEST_YEAR = 1990


def latest_year():
    """The latest year a date may name: ``int``, next year (a report may be dated ahead)."""
    return datetime.date.today().year + 1


_YEAR = r"(?P<year>\d{4})"
# English month names and their usual abbreviations, as reports write them.
MONTHS = {
    name: number
    for number, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
         ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
         ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
         ("december", "dec")],
        start=1,
    )
    for name in names
}  # fmt: skip
_NAME = r"(?P<name>[A-Za-z]{3,9})\.?"
_PATTERNS = [
    (re.compile(rf"^{_YEAR}$"), DatePrecision.YEAR),
    (re.compile(rf"^{_YEAR}[\s/-]*[Qq](?P<quarter>[1-4])$"), DatePrecision.QUARTER),
    (re.compile(rf"^[Qq](?P<quarter>[1-4])[\s/-]+{_YEAR}$"), DatePrecision.QUARTER),
    (re.compile(rf"^{_YEAR}[-/](?P<month>\d{{1,2}})$"), DatePrecision.MONTH),
    (re.compile(rf"^{_YEAR}[-/](?P<month>\d{{1,2}})[-/](?P<day>\d{{1,2}})$"), DatePrecision.DAY),
    # "July 2023", "Jul. 2023", "2023 July"
    (re.compile(rf"^{_NAME},?\s+{_YEAR}$"), DatePrecision.MONTH),
    (re.compile(rf"^{_YEAR}\s+{_NAME}$"), DatePrecision.MONTH),
    # "12 July 2023", "July 12, 2023"
    (re.compile(rf"^(?P<day>\d{{1,2}})\s+{_NAME},?\s+{_YEAR}$"), DatePrecision.DAY),
    (re.compile(rf"^{_NAME}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}$"), DatePrecision.DAY),
]
# A half year, "mid-2016" or "early 2023": no precision holds it; the message says what to type.
_VAGUE = re.compile(
    r"^(?:{y}[\s-]*[Hh][12]|[Hh][12][\s/-]*{y}|(?:mid|early|late|summer|winter|spring|"
    r"autumn|fall)[\s-]+{y})$".format(y=r"\d{4}"),
    re.IGNORECASE,
)
_TIME = re.compile(
    rf"^{_YEAR}-(?P<month>\d{{1,2}})-(?P<day>\d{{1,2}})[ T](?P<hour>\d{{1,2}}):(?P<minute>\d{{2}})"
    r"(?::(?P<second>\d{2}))?\s*(?:Z|UTC)?$",
    re.IGNORECASE,
)

DATE_HELP = (
    "Type 2024, 2024-Q2, 2024-04 (or April 2024) or 2024-04-12: the precision is read "
    "from what you type."
)


def parse_partial_date(text):
    """Read a date typed to any precision.

    Input: ``str`` such as ``"2024"``, ``"2024-Q2"``, ``"Q2 2024"``, ``"2024 Q2"``,
    ``"2024-04"``, ``"2024/04"``, ``"April 2024"``, ``"Apr. 2024"``, ``"2024-04-12"``,
    ``"12 April 2024"`` or ``"April 12, 2024"`` (English month names and abbreviations;
    surrounding spaces ignored). Output: ``(datetime.date first day of
    the period, DatePrecision)``. Raises ``ValueError`` with a message for readers for
    anything else (a half year or "mid-2016" with a message of its own: no precision
    holds it), an impossible date (``2024-02-30``) or a year outside
    :data:`EARLIEST_YEAR` to :func:`latest_year`.
    """
    text = (text or "").strip()
    for pattern, precision in _PATTERNS:
        match = pattern.match(text)
        if not match:
            continue
        parts = match.groupdict()
        year = int(parts["year"])
        if parts.get("name"):
            month = MONTHS.get(parts["name"].casefold())
            if month is None:
                raise ValueError(f"“{parts['name']}” is not a month. {DATE_HELP}")
            parts["month"] = month
        month = int(parts.get("month") or 1)
        if parts.get("quarter"):
            month = 3 * (int(parts["quarter"]) - 1) + 1
        day = int(parts.get("day") or 1)
        _check_year(year)
        try:
            return datetime.date(year, month, day), precision
        except ValueError:
            raise ValueError(f"“{text}” is not a date in the calendar.") from None
    if _VAGUE.match(text):
        raise ValueError(
            f"“{text[:40]}” is vaguer than a quarter: type the year (2016), or the quarter "
            "or month the source gives."
        )
    raise ValueError(f"“{text[:40]}” is not a date. {DATE_HELP}")


def parse_partial_datetime(text):
    """:func:`parse_partial_date`, or a UTC time to the minute: ``"2024-04-12 14:03"``.

    Output: ``(datetime.datetime in UTC, DatePrecision)``. Raises ``ValueError``.
    """
    match = _TIME.match((text or "").strip())
    if match:
        parts = {key: int(value) for key, value in match.groupdict().items() if value}
        if parts.pop("second", 0):
            # Kept to the minute: "14:03:99" was saved as 14:03, "14:03:45" would be too
            # (a fresh helper's attack). Nothing typed is dropped without a word.
            raise ValueError(
                f"“{text.strip()}”: times are kept to the minute; type it without the "
                "seconds (2024-04-12 14:03)."
            )
        _check_year(parts["year"])
        try:
            moment = datetime.datetime(**parts, tzinfo=datetime.UTC)
        except ValueError:
            raise ValueError(f"“{text.strip()}” is not a time in the calendar.") from None
        return moment, DatePrecision.MINUTE
    try:
        day, precision = parse_partial_date(text)
    except ValueError as error:
        message = str(error).replace(DATE_HELP, DATE_HELP[:-1] + ", or 2024-04-12 14:03 (UTC).")
        raise ValueError(message) from None
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC), precision


def _check_year(year):
    if not EARLIEST_YEAR <= year <= latest_year():
        raise ValueError(f"{year} is outside {EARLIEST_YEAR} to {latest_year()}.")


def period_end(value, precision):
    """The last day of the period a partial date names: 31 December for a year, the
    quarter's or month's last day, the day itself. An end of "2024" after a start of
    "2024-06-12" does not end before it starts: the comparison uses this (issue 22).
    Input: ``datetime.date`` and a :class:`DatePrecision` value. Output: ``datetime.date``."""
    if precision == DatePrecision.YEAR:
        return datetime.date(value.year, 12, 31)
    if precision in (DatePrecision.QUARTER, DatePrecision.MONTH):
        months = 3 if precision == DatePrecision.QUARTER else 1
        first_month = value.month if months == 1 else 3 * ((value.month - 1) // 3) + 1
        following = datetime.date(value.year, first_month, 1) + datetime.timedelta(days=31 * months)
        return following.replace(day=1) - datetime.timedelta(days=1)
    return value


def typed_partial_date(value, precision):
    """What an editor would type for a stored partial date: ``"2024-Q2"``; ``""`` for
    ``None``. Inverse of :func:`parse_partial_date` and :func:`parse_partial_datetime`."""
    if value is None:
        return ""
    if precision == DatePrecision.YEAR:
        return f"{value.year}"
    if precision == DatePrecision.QUARTER:
        return f"{value.year}-Q{(value.month - 1) // 3 + 1}"
    if precision == DatePrecision.MONTH:
        return f"{value.year}-{value.month:02d}"
    if precision == DatePrecision.MINUTE and isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M")
    return f"{value.year}-{value.month:02d}-{value.day:02d}"


def format_partial_date(value, precision):
    """A partial date for readers.

    Input: a ``datetime.date`` (or ``datetime``) or ``None``, and a :class:`DatePrecision`.
    Output: "14 March 2023", "March 2023", "Q1 2023", "2023", "14 March 2023, 09:30 UTC",
    or "" for ``None``.
    """
    if value is None:
        return ""
    if precision == DatePrecision.YEAR:
        return f"{value.year}"
    if precision == DatePrecision.QUARTER:
        return f"Q{(value.month - 1) // 3 + 1} {value.year}"
    if precision == DatePrecision.MONTH:
        return value.strftime("%B %Y")
    text = f"{value.day} {value.strftime('%B %Y')}"
    if precision == DatePrecision.MINUTE and isinstance(value, datetime.datetime):
        text += value.astimezone(datetime.UTC).strftime(", %H:%M UTC")
    return text


def format_period(started_on, started_precision, ended_on, ended_precision):
    """An incident's period as text, from its start and end known to a precision.

    Output: "March 2023 – August 2023", "14 March 2023", "from March 2023" (the start known
    to the month only and no end: not "lasting" the month), "until May 2023", or "" when
    neither is known.
    """
    start = format_partial_date(started_on, started_precision)
    end = format_partial_date(ended_on, ended_precision)
    if start and end and start != end:
        return f"{start} – {end}"
    if start and not end and started_precision != DatePrecision.DAY:
        return f"from {start}"
    return start or (f"until {end}" if end else "")


_UNITS = {
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "d": 86400, "day": 86400, "days": 86400,
    "w": 604800, "wk": 604800, "week": 604800, "weeks": 604800,
}  # fmt: skip
_AMOUNT = re.compile(r"(\d+(?:\.\d+)?)\s*([a-z]+)")
# The longest duration accepted: no incident in the notes lasted a year.
LONGEST = datetime.timedelta(days=3650)
DURATION_HELP = "Type 45 min, 3 h, 3 h 30 min, 2 days or 1 week (or ISO 8601, PT3H30M)."


def parse_duration_text(text):
    """Read a duration as editors type it.

    Input: ``str`` (see the module docstring; ``"and"`` and commas between amounts are
    allowed). Output: ``datetime.timedelta`` (positive, at most :data:`LONGEST`). Raises
    ``ValueError`` with a message for readers.
    """
    cleaned = (text or "").strip().lower()
    if not cleaned:
        raise ValueError(f"Type a duration. {DURATION_HELP}")
    if cleaned.startswith("p"):
        try:
            found = parse_duration(cleaned.upper())
        except (OverflowError, ValueError):
            found = None
        if found is None:
            raise ValueError(f"“{text.strip()[:40]}” is not an ISO 8601 duration.")
        return _bounded(found.total_seconds(), text)
    rest = re.sub(r"\band\b|,", " ", cleaned)
    total, seen = 0.0, 0
    for match in _AMOUNT.finditer(rest):
        unit = _UNITS.get(match.group(2))
        if unit is None:
            raise ValueError(f"“{match.group(2)}” is not a unit of time. {DURATION_HELP}")
        total += float(match.group(1)) * unit
        seen += 1
    if not seen or _AMOUNT.sub("", rest).strip():
        raise ValueError(f"“{text.strip()[:40]}” is not a duration. {DURATION_HELP}")
    return _bounded(total, text)


def _bounded(seconds, text):
    """Whole seconds (rounded) as a ``timedelta``, between one second and :data:`LONGEST`;
    ``ValueError`` otherwise: "PT0.5S" is refused rather than saved as a zero that blocks
    every later save, and "99999999999999999999 days" rather than overflowing (issue 22)."""
    if not 1 <= seconds <= LONGEST.total_seconds():  # NaN and infinity fail too
        raise ValueError(f"“{text.strip()[:40]}” is not between one second and ten years.")
    return datetime.timedelta(seconds=round(seconds))


def exact_duration(value):
    """A duration for the form, to the second, so saving a form again loses nothing:
    "2 days 0 h 22 min" is never shown as "2 days" (issue 22: "48 h 22 min" came back as
    "2 days" and the next save dropped the minutes). Output: "2 days 5 h 10 min 3 s"
    with the zero parts left out; "" for ``None``."""
    if value is None:
        return ""
    seconds = int(round(value.total_seconds()))
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    parts = [f"{days} day" + ("s" if days != 1 else "")] if days else []
    parts += [f"{n} {unit}" for n, unit in ((hours, "h"), (minutes, "min"), (seconds, "s")) if n]
    return " ".join(parts) or "0 s"


def format_duration(value):
    """A duration for readers: "3 h 30 min", "2 days 4 h", "45 min", "90 s"; "" for
    ``None``. Rounded to minutes above an hour, to hours above two days (the form shows
    :func:`exact_duration`)."""
    if value is None:
        return ""
    seconds = int(value.total_seconds())
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes = round(seconds / 60)
    if minutes == 60:
        hours, minutes = hours + 1, 0
    parts = []
    if days:
        parts.append(f"{days} day" + ("s" if days > 1 else ""))
    if hours:
        parts.append(f"{hours} h")
    if minutes and days < 2:
        parts.append(f"{minutes} min")
    return " ".join(parts)


def in_time_order(events):
    """Timeline events in the order readers expect: by time, and by the editor's order
    (``position``) where two events' periods overlap.

    An event known to the year is stored at 1 January and one known to the day at
    midnight, so ordering by the stored instant put "the paper is presented at SC24"
    (2024) before "the paper is posted in August 2024", and "about half of traffic was
    back an hour later" (that day) before the outage's start at 16:05 that day. Input:
    objects with ``at`` (``datetime``), ``at_precision`` and ``position``. Output: a new
    ``list`` of them. Events whose periods do not overlap keep their time order.
    """
    import functools

    def span(event):
        start = event.at.date() if isinstance(event.at, datetime.datetime) else event.at
        if event.at_precision == DatePrecision.MINUTE:
            return event.at, event.at
        end = period_end(start, event.at_precision)
        tz = event.at.tzinfo if isinstance(event.at, datetime.datetime) else None
        first = datetime.datetime.combine(start, datetime.time.min, tzinfo=tz)
        last = datetime.datetime.combine(end, datetime.time.max, tzinfo=tz)
        return first, last

    spans = {id(event): span(event) for event in events}

    def compare(a, b):
        (a_start, a_end), (b_start, b_end) = spans[id(a)], spans[id(b)]
        if a_end < b_start:
            return -1
        if b_end < a_start:
            return 1
        return (a.position > b.position) - (a.position < b.position)

    by_time = sorted(events, key=lambda event: (spans[id(event)][0], event.position))
    return sorted(by_time, key=functools.cmp_to_key(compare))

"""The metrics page (games/base/metrics.py) read back as numbers, and what moved between two readings."""

from prometheus_client.parser import text_string_to_metric_families

type Sample = tuple[str, tuple[tuple[str, str], ...]]  # a sample's name and its labels, sorted


def read(text: str) -> dict[Sample, float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name.startswith("tripeaks_") and not sample.name.endswith(("_bucket", "_sum"))
    }


def moved(
    before: dict[Sample, float], after: dict[Sample, float], *, leave_out: str = "metrics"
) -> dict[Sample, float]:
    """Every count that changed, but those of the metrics page's own requests (``leave_out``, a view's name)."""
    return {
        sample: value - before.get(sample, 0.0)
        for sample, value in after.items()
        if value != before.get(sample, 0.0) and ("view", leave_out) not in sample[1]
    }


def sample(name: str, **labels: str) -> Sample:
    return name, tuple(sorted(labels.items()))


SUFFIXES = {"counter": ("_total",), "gauge": ("",), "histogram": ("_bucket", "_count", "_sum")}


def sample_names(text: str) -> dict[str, str]:
    """Each sample name the site's metrics may give, with its metric's name (from their TYPE lines)."""
    return {
        family.name + suffix: family.name
        for family in text_string_to_metric_families(text)
        if family.name.startswith("tripeaks_")
        for suffix in SUFFIXES[family.type]
    }

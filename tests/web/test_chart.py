"""The history charts: well-formed SVG, each score on an axis from 0 and the running win rate where they belong;
free and level games apart, on /history/."""

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from games.drawing import chart
from games.drawing.chart import PLOT_BOTTOM, PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, axis_top, history_charts
from games.store.history import FinishedGame

from .conftest import start_game
from .test_history import finish

SVG = "{http://www.w3.org/2000/svg}"
START = datetime(2025, 3, 1, 12, tzinfo=UTC)


def games(*results: tuple[int, bool]) -> list[FinishedGame]:
    return [FinishedGame(START + timedelta(days=day), score, won) for day, (score, won) in enumerate(results)]


def score_chart(shown: list[FinishedGame]) -> str:
    return chart.score_chart(shown, "Scores", "test-chart")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # noqa: S314 (the app's own chart) raises on anything that is not well-formed XML


def dots(root: ET.Element) -> list[tuple[float, float, str]]:
    return [
        (float(c.get("cx", "")), float(c.get("cy", "")), c.get("class", ""))
        for c in root.iter(f"{SVG}circle")
        if c.get("class") in ("chart-won", "chart-blocked")
    ]


def rate_points(root: ET.Element) -> list[tuple[float, float]]:
    line = root.find(f"{SVG}polyline[@class='chart-rate']")
    assert line is not None
    return [(float(x), float(y)) for x, y in (point.split(",") for point in line.get("points", "").split())]


def rate_at(y: float) -> float:
    return (PLOT_BOTTOM - y) / (PLOT_BOTTOM - PLOT_TOP)


def score_at(y: float, top: int) -> float:
    return rate_at(y) * top


def labels(root: ET.Element) -> dict[str, float]:
    """Each label's text, by its height."""
    return {str(text.text): float(text.get("y", "")) for text in root.iter(f"{SVG}text")}


def test_no_finished_games_draw_no_chart() -> None:
    assert score_chart([]) == ""


def test_an_accessible_scalable_svg_with_a_summary_in_words() -> None:
    root = parse(score_chart(games((500, True), (812, True), (312, False), (650, False))))
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("width") == "100%"
    assert root.get("viewBox") == f"0 0 {chart.WIDTH} {chart.HEIGHT}"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert desc.text == (
        "Scores of your last 4 finished games, from 312 to 812."
        " Win rate over all your finished games of this kind: 50%."
    )
    assert not any(element.get("style") for element in root.iter())  # the CSP allows no inline styles


def test_each_score_in_order_on_an_axis_from_0_labelled_at_each_grid_line() -> None:
    results = [(500, True), (812, True), (312, False), (650, True), (562, False)]
    root = parse(score_chart(games(*results)))
    placed = dots(root)
    xs = [x for x, _y, _class in placed]
    assert xs == sorted(xs) and len(set(xs)) == len(results)
    assert PLOT_LEFT < xs[0] < xs[1] - 10 and xs[-1] < PLOT_RIGHT
    assert pytest.approx(xs[1] - xs[0], abs=0.1) == xs[-1] - xs[-2]  # evenly spaced, one step per game
    for (score, _won), (_x, y, _class) in zip(results, placed, strict=True):
        assert score_at(y, 1000) == pytest.approx(score, abs=0.5)  # 812 rounds the axis up to 1,000
    assert [css for _x, _y, css in placed] == ["chart-won", "chart-won", "chart-blocked", "chart-won", "chart-blocked"]
    said = labels(root)
    for score in (0, 250, 500, 750, 1000):
        assert score_at(said[str(score)], 1000) == pytest.approx(score, abs=0.5)


@pytest.mark.parametrize(
    ("highest", "top"), [(0, 100), (99, 100), (100, 100), (101, 200), (772, 800), (1_770, 2_000), (6_335, 8_000)]
)
def test_the_score_axis_ends_at_a_round_number_at_or_above_the_highest_score(highest: int, top: int) -> None:
    assert axis_top(highest) == top


def test_the_win_rate_line_runs_through_the_share_won_after_each_game() -> None:
    root = parse(score_chart(games((500, True), (400, False), (450, False), (700, True))))
    points = rate_points(root)
    assert [x for x, _y in points] == [x for x, _y, _class in dots(root)]
    assert [rate_at(y) for _x, y in points] == pytest.approx([1, 1 / 2, 1 / 3, 1 / 2], abs=0.001)
    labels = {text.text: float(text.get("y", "")) for text in root.iter(f"{SVG}text") if text.get("class")}
    assert rate_at(labels["0%"]) == 0 and rate_at(labels["50%"]) == 0.5 and rate_at(labels["100%"]) == 1


def test_only_the_latest_games_are_drawn_but_the_win_rate_counts_the_earlier_ones() -> None:
    earlier = [(300, True)] * 50  # all won before the window
    latest = [(400 + n, False) for n in range(100)]  # none won inside it
    root = parse(score_chart(games(*earlier, *latest)))
    placed = dots(root)
    assert len(placed) == 100 and all(css == "chart-blocked" for _x, _y, css in placed)
    assert score_at(placed[0][1], 600) == pytest.approx(400, abs=0.5)  # 400 to 499 drawn, not 300
    rates = [rate_at(y) for _x, y in rate_points(root)]
    assert rates[0] == pytest.approx(50 / 51, abs=0.001) and rates[-1] == pytest.approx(50 / 150, abs=0.001)
    desc = root.find(f"{SVG}desc")
    assert desc is not None and "last 100 finished games, from 400 to 499" in str(desc.text)
    assert "finished games of this kind: 33%." in str(desc.text)


def test_a_single_game_sits_in_the_middle_with_its_win_rate_marked() -> None:
    root = parse(score_chart(games((640, False))))
    ((x, y, css),) = dots(root)
    assert (x, css) == ((PLOT_LEFT + PLOT_RIGHT) / 2, "chart-blocked")
    assert score_at(y, 800) == pytest.approx(640, abs=0.5)
    end = root.find(f"{SVG}circle[@class='chart-rate-end']")
    assert end is not None and float(end.get("cy", "")) == PLOT_BOTTOM  # 0 % won
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert texts.count("03/01/2025") == 1
    desc = root.find(f"{SVG}desc")
    assert desc is not None
    assert desc.text == ("Score of your finished game: 640. Win rate over all your finished games of this kind: 0%.")


def test_every_text_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = '<script>alert("x")</script> & '
    monkeypatch.setattr(chart, "_", lambda message: hostile + message)
    ((_caption, svg),) = history_charts(games((500, True), (600, False)))
    assert "<script>" not in svg
    title = parse(svg).find(f"{SVG}title")
    assert title is not None and str(title.text).startswith(hostile)


@pytest.mark.django_db
def test_history_charts_the_players_finished_games_only(player: Client) -> None:
    for minutes, (status, score) in enumerate([("won", 720), ("blocked", 410), ("won", 655)]):
        finish(start_game(player), status, score, minutes)
    start_game(player)  # in progress: not drawn
    finish(start_game(Client()), "won", 999, 5)  # someone else's
    html = player.get("/history/").content.decode()
    svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    root = parse(svg)
    assert root.get("data-chart") == "free-chart" and html.count("<svg") == 1  # no level game: no second chart
    assert [css for _x, _y, css in dots(root)] == ["chart-won", "chart-blocked", "chart-won"]
    desc = root.find(f"{SVG}desc")
    assert desc is not None and "from 410 to 720" in str(desc.text) and "67%" in str(desc.text)
    assert "999" not in svg


def test_free_and_level_games_are_charted_apart_each_on_its_own_axis() -> None:
    free = [FinishedGame(START + timedelta(hours=n), 500 + n, n % 2 == 0) for n in range(3)]
    levels = [FinishedGame(START + timedelta(hours=n, minutes=30), 3_000 * (n + 1), True, level=True) for n in range(3)]
    charts = history_charts(sorted(free + levels, key=lambda game: game.finished))
    assert [caption for caption, _svg in charts] == ["Free games", "Level games"]
    drawn = [parse(svg) for _caption, svg in charts]
    assert [root.get("data-chart") for root in drawn] == ["free-chart", "level-chart"]
    (free_root, level_root) = drawn
    assert [score_at(y, 600) for _x, y, _css in dots(free_root)] == pytest.approx([500, 501, 502], abs=0.5)
    assert [score_at(y, 10_000) for _x, y, _css in dots(level_root)] == pytest.approx([3_000, 6_000, 9_000], abs=1)
    assert (
        rate_at(rate_points(free_root)[-1][1]) == pytest.approx(2 / 3, abs=0.001)
        and rate_at(rate_points(level_root)[-1][1]) == 1
    )
    titles = [root.find(f"{SVG}title") for root in drawn]
    assert [title.text if title is not None else "" for title in titles] == [
        "Free games: your scores and win rate",
        "Level games: your scores and win rate",
    ]


@pytest.mark.django_db
def test_history_without_a_finished_game_says_so_instead_of_a_chart(player: Client) -> None:
    start_game(player)
    html = player.get("/history/").content.decode()
    assert "<svg" not in html and 'data-chart="none"' in html
    assert 'data-chart="none"' in Client().get("/history/").content.decode()


def test_the_par_chart_plots_each_games_share_of_par_on_the_percent_axis() -> None:
    shares = [(40, False), (75, True), (100, True)]
    played = [
        FinishedGame(START + timedelta(days=day), 100, won, False, share) for day, (share, won) in enumerate(shares)
    ]
    root = parse(chart.par_chart(played))
    assert [(round(rate_at(y) * 100), kind) for _, y, kind in dots(root)] == [
        (40, "chart-blocked"),
        (75, "chart-won"),
        (100, "chart-won"),
    ]
    assert labels(root)["100%"] == pytest.approx(PLOT_TOP) and labels(root)["0%"] == pytest.approx(PLOT_BOTTOM)
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text == "Share of par of your last 3 finished games: from 40% to 100%."
    assert chart.par_chart([]) == ""
    shown = [caption for caption, _ in history_charts([*played, FinishedGame(START, 300, True, False, None)])]
    assert shown == ["Free games", "Share of par"]  # a game whose par is not known has no dot

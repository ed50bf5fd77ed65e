"""Par in Chromium (docs/solver.md "Par"): a level game played to its end shows its deal's par and its share of it,
and a par line that steps through to par; nothing of par reaches the page while the game is played; a ranked
Daily's par line stays closed while its day lasts."""

import re

from playwright.sync_api import Page, expect

import engine
from tests.web.helpers_play import actions_of

from .conftest import play_line, sign_up
from .test_daily import the_day_s_deal
from .test_rooms import Seen

BY_HAND = 8  # the game's last actions, clicked: the answers in play that must carry nothing of par
STEPPED = 5  # the par line's first steps, one by one; then its last
PAR_WORDS = re.compile(r"best score possible: (\d+) points before the time bonus; you scored (\d+) \((\d+)%\)")


def played_by_hand(page: Page, actions: list[str]) -> None:
    """Each action clicked on the table, as a player plays it."""
    board = page.locator("#board")
    for version, action in enumerate(actions, start=int(board.get_attribute("data-version") or "0") + 1):
        if action == engine.log.DRAW:
            page.locator(".stock-button").click()
        else:
            page.locator(f'#board button[data-position="{action}"]').click()
        expect(board).to_have_attribute("data-version", str(version))


def shown_score(page: Page) -> int:
    return int(page.locator('[data-counter="score"]').inner_text())


def test_a_level_game_shows_par_at_its_end_and_a_par_line_that_steps_to_it(page: Page, server_url: str) -> None:
    seen = Seen()
    seen.follow(page)
    page.goto(server_url + "/new/")
    page.click('button[data-level="medium"]')
    expect(page.locator("html[data-table=ready]")).to_have_count(1)
    code = engine.GameCode.parse(page.locator("#game-code").input_value())
    actions = actions_of(engine.solve(engine.Game.new(code)).line)
    play_line(page, page.url, actions[:-BY_HAND])  # stored as if played, then the page again
    expect(page.locator("html[data-table=ready]")).to_have_count(1)
    played_by_hand(page, actions[-BY_HAND:-1])
    in_play = seen.bodies + seen.frames
    assert in_play and not [said for said in in_play if "/par/" in said or "Par for this deal" in said]
    played_by_hand(page, actions[-1:])  # the win: the end card asks for par once shown
    words = page.locator(".outcome.won .par")
    expect(words).to_contain_text("Par for this deal", timeout=15_000)  # a Medium deal's par takes seconds
    expect(page.locator(".outcome.won .verdict")).to_contain_text("You won this deal")  # asked for alike
    found = PAR_WORDS.search(words.inner_text())
    assert found, words.inner_text()
    par, mine, percent = (int(figure) for figure in found.groups())
    deal_par = engine.par(engine.Game.new(code), engine.Scoring.STREAK)
    assert par == deal_par.score * engine.Level.MEDIUM.multiplier
    assert mine <= par and percent == mine * 100 // par
    words.get_by_role("link", name="Show the par line").click()
    expect(page.locator("#replay-title")).to_contain_text("Par line")
    last = len(deal_par.line)
    scores = [shown_score(page)]
    for step in range(1, STEPPED + 1):
        page.get_by_role("link", name="Next").click()
        expect(page.locator("#replay-step")).to_contain_text(f"Action {step} of {last}")
        scores.append(shown_score(page))
    page.get_by_role("link", name="Last").click()
    expect(page.locator("#replay-step")).to_contain_text(f"Action {last} of {last}")
    scores.append(shown_score(page))
    assert scores[0] == 0 and scores == sorted(scores) and scores[-1] == par  # streak points never fall


def test_a_ranked_dailys_par_line_stays_closed_while_its_day_lasts(page: Page, server_url: str) -> None:
    sign_up(page, server_url)
    page.goto(server_url + "/new/")
    page.click('button[data-level="daily"]')
    expect(page.locator("html[data-table=ready]")).to_have_count(1)
    play_line(page, page.url, actions_of(engine.solve(the_day_s_deal(page)).line))
    words = page.locator(".outcome.won .par")
    expect(words).to_contain_text("Par for this deal", timeout=15_000)
    expect(words.get_by_role("link", name="Show the par line")).to_have_count(0)
    closed = page.request.get(page.url + "par/line/?step=1")  # as a link would ask
    assert closed.status == 403 and "The deal stays secret until its day is over" in closed.text()

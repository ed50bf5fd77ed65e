from django.contrib.auth import views as auth_views
from django.urls import path, re_path

import engine
from games.challenges import link_views
from games.challenges import views as challenges
from games.store import public_ids  # noqa: F401  # registers the <public_id:…> converter
from games.web.views import (
    account,
    accounts,
    daily,
    guide,
    health,
    hint,
    history,
    live,
    metrics,
    new,
    par,
    play,
    preferences,
    privacy,
    progress,
    replay,
    verdict,
)

urlpatterns = [
    path("", new.new_game, name="home"),
    path("new/", new.new_game, name="new"),
    path("new/code/", new.check_code, name="check_code"),  # these two before the levels' addresses
    path("new/guided/", new.start_guided, name="guided"),
    path("new/<str:level>/", new.new_level_game, name="new_level"),
    path("daily/", daily.leaderboard_page, name="daily"),
    path("daily/calendar/", daily.calendar_page, name="calendar"),  # before the days' addresses
    path("daily/<str:day>/", daily.day_page, name="daily_day"),
    path("daily/<str:day>/play/", daily.play_day, name="play_day"),
    path("medals/", progress.medals_page, name="medals"),
    path("g/<public_id:public_id>/", play.game_page, name="game"),
    path("g/<public_id:public_id>/tap/", play.act, {"action": engine.Action.TAP}, name="tap"),
    path("g/<public_id:public_id>/draw/", play.act, {"action": engine.Action.DRAW}, name="draw"),
    path("g/<public_id:public_id>/undo/", play.act, {"action": engine.Action.UNDO}, name="undo"),
    path("g/<public_id:public_id>/hint/", hint.hint, name="hint"),
    path("g/<public_id:public_id>/verdict/", verdict.verdict, name="verdict"),
    path("g/<public_id:public_id>/par/", par.par, name="par"),
    path("g/<public_id:public_id>/par/line/", replay.par_line, name="par_line"),
    path("g/<public_id:public_id>/losses/", replay.losses, name="losses"),
    path("g/<public_id:public_id>/live/", live.live_regions, name="live"),
    path("g/<public_id:public_id>/replay/", replay.replay, name="replay"),
    path("g/<public_id:public_id>/again/", new.deal_again, name="again"),
    path("g/<public_id:public_id>/guide/skip/", new.skip_guide, name="skip_guide"),
    path("g/<public_id:public_id>/challenge/", link_views.game_link, name="game_link"),
    path("c/new/", challenges.new_room, name="new_room"),
    path("c/join/", challenges.join_by_code, name="join_by_code"),  # before the rooms' addresses: "join" is none
    path("c/<public_id:public_id>/", challenges.room_page, name="room"),
    path("c/<public_id:public_id>/join/", challenges.join, name="join_room"),
    path("c/<public_id:public_id>/start/", challenges.start, name="start_room"),
    path("c/<public_id:public_id>/leave/", challenges.leave, name="leave_room"),
    path("c/<public_id:public_id>/rematch/", challenges.rematch, name="rematch"),
    path("c/<public_id:public_id>/standings/", challenges.standings_region, name="standings"),
    path("c/<public_id:public_id>/par/", challenges.room_par, name="room_par"),
    path("l/<public_id:public_id>/", link_views.link_page, name="link"),
    path("l/<public_id:public_id>/take/", link_views.take_link, name="take_link"),
    path("history/", history.history, name="history"),
    path("how-to-play/", guide.how_to_play, name="how_to_play"),
    path("how-to-play/dismiss/", guide.dismiss_first_visit, name="dismiss_first_visit"),
    path("privacy/", privacy.privacy, name="privacy"),
    path("health/", health.health, name="health"),
    re_path(r"^health/ready/?$", health.ready, name="ready"),  # as load balancers are told, with or without /
    path("metrics", metrics.metrics, name="metrics"),  # as Prometheus asks by default
    path("settings/", preferences.settings_page, name="settings"),
    path("accounts/", account.account_page, name="account"),
    path("accounts/name/", account.change_name, name="change_name"),
    path("accounts/email/", account.change_email, name="change_email"),
    path("accounts/email/<str:token>/", account.confirm_email, name="confirm_email"),
    path("accounts/data/", account.download_data, name="download_data"),
    path("accounts/delete/", account.delete_account, name="delete_account"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.log_in, name="login"),
    path("accounts/logout/", accounts.log_out, name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/reset/", accounts.password_reset, name="password_reset"),
    path("accounts/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]

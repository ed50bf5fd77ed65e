// The player's time zone, for the times the server writes (History, the leaderboard): kept in a cookie
// that games/web/middleware.py reads. Without JavaScript the times stay in UTC.
(function () {
  "use strict";
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  var cookie = "tz=" + encodeURIComponent(zone || "");
  if (zone && document.cookie.split("; ").indexOf(cookie) === -1) {
    document.cookie = cookie + "; path=/; max-age=31536000; samesite=lax";
  }
})();

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

# An outage met outside a view (in a middleware) is a 503 too (games/web/failures.py).
handler500 = "games.web.failures.server_error"

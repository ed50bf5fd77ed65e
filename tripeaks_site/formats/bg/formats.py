# Django's Bulgarian writes "02 Декември 2026"; Bulgarian writes "2 декември 2026 г." (the months' lower case is in
# tripeaks_site/corrections/).
DATE_FORMAT = "j F Y г."
# Django's Bulgarian has no short date and time, and would fall back to the American "12/01/2026 2:05 p.m.".
SHORT_DATETIME_FORMAT = "d.m.Y H:i"

# Django's Bulgarian has no short date and time, and would fall back to the American "12/01/2026 2:05 p.m.".
SHORT_DATETIME_FORMAT = "d.m.Y H:i"

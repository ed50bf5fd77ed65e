# Django's Italian writes "02 Dicembre 2026"; Italian writes "2 dicembre 2026" (the months' lower case is in
# tripeaks_site/corrections/).
DATE_FORMAT = "j F Y"

"""Date formats where Django's own locale leaves one out (``FORMAT_MODULE_PATH``): each language's module here
is read before Django's, which gives the rest."""

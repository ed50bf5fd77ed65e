"""``{{ seconds|minutes }}``: a time as every page gives it, minutes and seconds ("4:05")."""

from django import template

from games.drawing.board import minutes

register = template.Library()
register.filter("minutes", minutes)

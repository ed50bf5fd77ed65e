"""A form sent back refused opens at its error, wherever it lies on the page, without a script: its first refused
field (or, where only the form as a whole was refused, its first field) carries ``autofocus``, so the browser
focuses it and scrolls it into view, its error shown just above it and read with it (``aria-describedby``).
Every form of the site is drawn by this renderer (settings.FORM_RENDERER), Django's own forms among them."""

from typing import Any

from django.forms import BaseForm, BoundField, Widget
from django.forms.renderers import DjangoTemplates


def focused_field(form: BaseForm) -> str | None:
    """The name of the field a refused form gives the focus to; None for a form not refused."""
    if not form.is_bound or not form.errors:
        return None
    shown = [name for name, field in form.fields.items() if not field.widget.is_hidden and not field.disabled]
    return next((name for name in shown if name in form.errors), next(iter(shown), None))


class RefusalFocusedField(BoundField):
    def build_widget_attrs(self, attrs: dict[str, Any], widget: Widget | None = None) -> dict[str, Any]:
        built: dict[str, Any] = super().build_widget_attrs(attrs, widget)
        focused = focused_field(self.form)
        if focused is not None:  # refused: this field alone, not one a form focuses when it is new (a user name)
            built["autofocus"] = self.name == focused  # False: no attribute at all
        return built


class FocusingRenderer(DjangoTemplates):
    bound_field_class = RefusalFocusedField

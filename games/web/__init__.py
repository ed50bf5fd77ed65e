"""The web side: views, the answers to actions, forms, settings, the abuse limits, middleware and failure pages."""

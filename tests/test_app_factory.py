"""app.Meldbook calls every view and hook as it is (no async adapter asked for on each request): that holds only
while none of them is a coroutine function."""
from __future__ import annotations

import inspect


def test_no_view_or_hook_is_async(app):
    hooks = [f for funcs in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs,
                             app.teardown_appcontext_funcs, app.url_value_preprocessors, app.url_default_functions)
             for fs in (funcs.values() if isinstance(funcs, dict) else [funcs]) for f in fs]
    handlers = [f for by_code in app.error_handler_spec.values() for by_class in by_code.values()
                for f in by_class.values()]
    every = list(app.view_functions.values()) + hooks + handlers
    assert len(every) > 100
    assert [f for f in every if inspect.iscoroutinefunction(f)] == []

"""The web layer: blueprints for the JSON API, the pages and the printable sheets."""
from flask import Flask


def register(app: Flask) -> None:
    """Attach every blueprint and the security checks to the app."""
    from web.plumbing import backups, director, errors, hosts, language, pin, security
    from web.views import api, events, openapi

    hosts.init_app(app)  # a request for another host is refused before anything runs but choosing its language
    language.init_app(app)  # before anything answers: every refusal speaks the request's language
    errors.init_app(app)  # then an unknown address or method, before the write checks
    backups.init_app(app)
    security.init_app(app)
    pin.init_app(app)  # after the CSRF check: a forged page write is refused before any PIN work
    director.init_app(app)  # a club night's changes: its director's PIN
    app.register_blueprint(api.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(events.scales)
    app.register_blueprint(openapi.bp)
    from web.views import sheets

    app.register_blueprint(sheets.bp)
    from web import present
    from web.views import hands, pages, paper, setup

    present.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(setup.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(paper.bp)
    from web.views import (event_device, event_me, event_pages, event_results, event_slips, manifest, players,
                           rule_sets, scores_csv)

    app.register_blueprint(event_pages.bp)
    app.register_blueprint(event_me.bp)
    from web.views import event_confirm
    app.register_blueprint(event_confirm.bp)
    app.register_blueprint(event_device.bp)
    app.register_blueprint(event_results.bp)
    app.register_blueprint(event_slips.bp)
    app.register_blueprint(rule_sets.bp)

    players.init_app(app)
    from web.views import seasons

    seasons.init_app(app)
    app.register_blueprint(scores_csv.bp)
    app.register_blueprint(manifest.bp)
    from web.present import once

    once.init_app(app)  # last: it guards the template helpers the others registered
    from web.plumbing import polls

    polls.init_app(app)  # outermost: a poll's "unchanged" is answered before anything else runs

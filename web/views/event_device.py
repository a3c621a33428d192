"""A device names itself for a club night's log (web/present/device_name.py): the form on the director's page and
the table picker posts here."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for

import lang
from scoring import Refused
from service import events
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.pin import exempt
from web.present import device_name

bp = Blueprint("event_device", __name__, url_prefix="/events")
bp.register_error_handler(Refused, refused_page)


@bp.post("/<event_id>/device-name")
@exempt  # a device naming itself changes nothing of the night: a table phone may, without the director's PIN
def name_device(event_id: str):
    """This device gives itself the name the night's log calls it by (an empty name forgets it); back to the page
    it was given on (the director's page or the table picker), which says what came of it."""
    events.event_key(get_db(), event_id)  # 404 for an unknown event, from one row
    back = (url_for("event_pages.tables", event_id=event_id) if request.form.get("back") == "tables"
            else url_for("event_pages.event_page", event_id=event_id))
    try:
        name = device_name.give_name(request.form.get(device_name.NAME))
    except Refused as err:
        flash(lang._("The name was not kept: %(why)s", why=err.errors[0].message))
        return redirect(back + "#device-name", 303)
    flash(lang._("In the log this device is now “%(name)s”.", name=name) if name
          else lang._("This device has no name of its own now."))
    return redirect(back + "#device-name", 303)

"""Named rule sets (RULES.md §14): the JSON API, and the page that lists, shares and adds them (the new-game form
saves and uses them: views/setup.py)."""
from __future__ import annotations

import base64
import binascii
import json

from flask import Blueprint, Response, flash, jsonify, redirect, render_template, request, url_for

import lang
from scoring import VARIANTS, FieldError, Refused, get_variant
from scoring.rule_sets import check, sample_sides
from service import rule_sets
from scoring.rule_words import house_rule_changes
from web.forms import keys
from web.plumbing.addresses import qr_answer, reachable
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.json_api import body, idempotency_key, refused
from web.plumbing import rule_set_pin

bp = Blueprint("rule_sets", __name__)

MOST_BYTES = 20_000  # a shared set is a few hundred bytes; anything far larger is no rule set


def _refused(err: Refused):
    return refused(err) if request.path.startswith("/api/") else refused_page(err)


bp.register_error_handler(Refused, _refused)


# -- the JSON API ---------------------------------------------------------------------------------------------------

@bp.get("/api/rule-sets")
def list_sets():
    return jsonify(rule_sets.list_rule_sets(get_db(), request.args.get("variant")))


@bp.post("/api/rule-sets")
def create_set():
    found = rule_sets.create_rule_set(get_db(), body(), idempotency_key())
    return jsonify(found), 201, {"Location": f"/api/rule-sets/{found['id']}"}


@bp.get("/api/rule-sets/<set_id>")
def show_set(set_id: str):
    return jsonify(rule_sets.get_rule_set(get_db(), set_id))


@bp.put("/api/rule-sets/<set_id>")
def change_set(set_id: str):
    payload = body()
    if (refusal := rule_set_pin.api_refusal(set_id)) is not None:
        return refusal
    return jsonify(rule_sets.update_rule_set(get_db(), set_id, payload))


@bp.delete("/api/rule-sets/<set_id>")
def delete_set(set_id: str):
    if (refusal := rule_set_pin.api_refusal(set_id)) is not None:
        return refusal
    rule_sets.delete_rule_set(get_db(), set_id)
    return jsonify({"deleted": set_id})


# -- sharing: a file, or a link that carries the set ------------------------------------------------------------------

def shared(found: dict) -> dict:
    """What a shared set carries: its name, variant and options."""
    return {"name": found["name"], "variant": found["variant"], "options": found["options"]}


def share_code(found: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(shared(found), separators=(",", ":")).encode()).decode().rstrip("=")


def read_code(text: str) -> dict:
    """A shared set from its code, a link holding it (…/rule-sets/add?set=CODE) or a file's JSON; else Refused."""
    text = (text or "").strip()
    if "set=" in text:
        text = text.split("set=", 1)[1].split("&", 1)[0].split("#", 1)[0]
    if len(text) > MOST_BYTES:
        raise Refused([FieldError("set", lang._("That is far too long to be a rule set."))])
    try:
        raw = text if text.startswith("{") else base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        found = json.loads(raw)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise Refused([FieldError("set", lang._("That is not a shared rule set: paste the whole link (or open the "
                                                "file) Meldbook made when the set was shared."))]) from None
    if not isinstance(found, dict):
        raise Refused([FieldError("set", lang._("That is not a shared rule set: paste the whole link (or open the "
                                                "file) Meldbook made when the set was shared."))])
    return {k: found[k] for k in ("name", "variant", "options") if k in found}


@bp.get("/rule-sets/<set_id>.json")
def set_file(set_id: str):
    found = rule_sets.get_rule_set(get_db(), set_id)
    return Response(json.dumps(shared(found), ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="meldbook-rules-{set_id}.json"'})


@bp.get("/rule-sets/<set_id>/qr.svg")
def set_qr(set_id: str):
    found = rule_sets.get_rule_set(get_db(), set_id)
    return qr_answer(reachable(url_for("rule_sets.add_shared", set=share_code(found))))


# -- the pages ------------------------------------------------------------------------------------------------------

def described(found: dict) -> dict:
    """A set as the page shows it: its variant's name, each change from the variant's defaults, its share link."""
    variant = get_variant(found["variant"])
    options, _ = variant.build_options(found["options"], sample_sides(variant))
    changes = [(label, was, now) for label, was, now in house_rule_changes(variant, options)]
    defaults = variant.default_options()
    for key, label in (("target", lang._("Play to")), ("max_hands", lang._("Limit"))):
        if key in found["options"] and found["options"][key] != defaults[key]:
            changes.append((label, _number_or_none(defaults[key]), _number_or_none(found["options"][key])))
    link = reachable(url_for("rule_sets.add_shared", set=share_code(found)))
    return {**found, "variant_name": variant.name, "changes": changes, "link": link,
            "locked": bool(found.get("has_pin")) and not rule_set_pin.unlocked(found["id"])}


def _number_or_none(n: int | None) -> str:
    return lang._("none") if n is None else lang.number(n)


def sets_page(status: int = 200, errors=(), typed: str = ""):
    db = get_db()
    found = [described(s) for s in rule_sets.list_rule_sets(db)]
    return render_template("rule_sets.html", sets=found, errors=[e.message for e in errors], typed=typed,
                           key=keys.form_key({})), status


@bp.get("/rule-sets")
def rule_sets_page():
    return sets_page()


@bp.post("/rule-sets/<set_id>/delete")
def delete_set_page(set_id: str):
    found = rule_sets.get_rule_set(get_db(), set_id)
    problem = rule_set_pin.problem(set_id, request.form.get("pin"), api=False)
    if problem is not None:
        flash(problem.message)
        return redirect(url_for("rule_sets.rule_sets_page") + f"#set-{set_id}", 303)
    rule_sets.delete_rule_set(get_db(), set_id)
    flash(lang._("The rule set “%(name)s” is deleted; games played with it keep their rules.", name=found["name"]))
    return redirect(url_for("rule_sets.rule_sets_page"), 303)


@bp.get("/rule-sets/add")
def add_shared():
    """A shared link opened: what the set holds, and a button that keeps it here."""
    try:
        found = read_code(request.args.get("set", ""))
        variant = get_variant(found.get("variant"))
        name, variant_id, options = check(variant, found, VARIANTS)
    except Refused as err:
        return sets_page(422, err.errors, request.args.get("set", "")[:200])
    preview = described({"id": "", "name": name, "variant": variant_id, "options": options})
    return render_template("rule_set_add.html", found=preview, code=share_code(preview), key=keys.form_key({}))


@bp.post("/rule-sets/add")
def keep_shared():
    """Keep a shared set (from its link's page, a pasted link or code, or an uploaded file)."""
    upload = request.files.get("file")
    text = upload.read(MOST_BYTES + 1).decode("utf-8", "replace") if upload and upload.filename else \
        request.form.get("set", "")
    pin = request.form.get("pin", "").strip()
    try:
        found = rule_sets.create_rule_set(get_db(), {**read_code(text), **({"pin": pin} if pin else {})},
                                          keys.posted_key())
    except Refused as err:
        if err.status == 409 and any(e.field == "name" for e in err.errors):
            err = Refused(err.errors + [FieldError(None, lang._("Rename or delete the one you have, then add this one "
                                                               "again."))], status=409)
        return sets_page(err.status, err.errors, "" if upload else text[:200])
    flash(lang._("The rule set “%(name)s” is kept here: choose it on the new-game form of %(variant)s.",
                 name=found["name"], variant=get_variant(found["variant"]).name))
    return redirect(url_for("rule_sets.rule_sets_page"), 303)

#!/usr/bin/env python3
"""Record.select from Python, standard library only: sign in (a cookie jar keeps the session)
or use an API token, decode the XML envelope and print the rows and the total.
Env: PORTAL_URL, and PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD."""
import http.cookiejar
import json
import os
import sys
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

URL = os.environ.get("PORTAL_URL", "http://127.0.0.1:3000")
TOKEN = os.environ.get("PORTAL_TOKEN")
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


class RpcError(Exception):
    def __init__(self, code, message, details):
        super().__init__(f"{code}: {message}")
        self.code, self.details = code, details


def decode(value):
    """One <value> element as Python data: a list of row dicts, or a string."""
    if value.get("type") == "recordset":
        columns = [(c.get("name"), c.get("type")) for c in value.find("columns")]
        rows = []
        for row in value.find("rows"):
            cells = []
            for (name, kind), v in zip(columns, row):
                text = None if v.get("null") == "true" else (v.text or "")  # <v/> is the empty string
                if text is not None and kind == "integer":
                    text = int(text)
                elif text is not None and kind == "boolean":
                    text = text == "1"
                cells.append((name, text))
            rows.append(dict(cells))
        return rows
    return value.text or ""


def call(action, *args):
    headers = {"Content-Type": "application/json"}
    if TOKEN:
        headers["Authorization"] = f"Bearer {TOKEN}"
    body = json.dumps({"action": action, "args": list(args)}).encode()
    request = urllib.request.Request(f"{URL}/process", data=body, headers=headers, method="POST")
    try:
        with opener.open(request) as response:
            xml = response.read()
    except urllib.error.HTTPError as e:  # 413, 415, 429 still carry an XML envelope
        xml = e.read()
    values = list(ET.fromstring(xml))
    if values and values[0].get("type") == "exception":
        _, code, message = values[0].text.split(":", 2)  # text:CODE:message
        details = json.loads(values[1].text) if len(values) > 1 else None
        raise RpcError(code, message, details)
    return [decode(v) for v in values]


def main():
    if not TOKEN:
        call("User.login", {"userid": os.environ["PORTAL_USER"], "password": os.environ["PORTAL_PASSWORD"]})
    rows, total = call("Record.select", {"module": "Sector", "fields": ["id", "name"], "order": "id asc", "max": 5, "pageIndex": 1})
    for row in rows:
        print(f"{row['id']}\t{row['name']}")
    print(f"{len(rows)} of {total} rows")
    if not TOKEN:
        call("User.logout")


if __name__ == "__main__":
    try:
        main()
    except RpcError as e:
        print(e, file=sys.stderr)
        sys.exit(1)

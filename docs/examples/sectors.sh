#!/usr/bin/env bash
# Record.select with curl: sign in (a cookie jar keeps the session) or use an API token, then
# print the XML envelope. Env: PORTAL_URL, and PORTAL_TOKEN or PORTAL_USER + PORTAL_PASSWORD.
set -euo pipefail
url="${PORTAL_URL:-http://127.0.0.1:3000}"
jar="$(mktemp)"
trap 'rm -f "$jar"' EXIT

post() { # post <json body>: one call; the answer is always an XML envelope
  if [ -n "${PORTAL_TOKEN:-}" ]; then
    curl -sS -H "Authorization: Bearer $PORTAL_TOKEN" -H 'Content-Type: application/json' --data "$1" "$url/process"
  else
    curl -sS -b "$jar" -c "$jar" -H 'Content-Type: application/json' --data "$1" "$url/process"
  fi
}
fail_on_exception() { # application errors are HTTP 200 with an exception value
  if grep -q 'type="exception"' <<<"$1"; then echo "$1" >&2; exit 1; fi
}

if [ -z "${PORTAL_TOKEN:-}" ]; then
  # The password goes into a JSON string: this simple example assumes it has no " or \.
  answer="$(post "{\"action\":\"User.login\",\"args\":[{\"userid\":\"$PORTAL_USER\",\"password\":\"$PORTAL_PASSWORD\"}]}")"
  fail_on_exception "$answer"
fi

answer="$(post '{"action":"Record.select","args":[{"module":"Sector","fields":["id","name"],"order":"id asc","max":5,"pageIndex":1}]}')"
fail_on_exception "$answer"
echo "$answer"

[ -z "${PORTAL_TOKEN:-}" ] && post '{"action":"User.logout","args":[]}' >/dev/null
exit 0

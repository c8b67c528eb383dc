#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keychain
# tests use a real Secret Service. Usage: scripts/with-keyring.sh <command...>
set -euo pipefail
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "keychain tests skipped: dbus-run-session and gnome-keyring-daemon are needed (Debian: dbus gnome-keyring)"
  exit 0
fi
if [ -z "${PERCH_IN_KEYRING_SESSION:-}" ]; then
  export PERCH_IN_KEYRING_SESSION=1
  exec dbus-run-session -- "$0" "$@"
fi
# A throwaway password unlocks a throwaway keyring in a temporary folder, never the user's own.
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
eval "$(printf 'perch-test-keyring' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
export GNOME_KEYRING_CONTROL
"$@"

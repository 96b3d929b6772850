#!/usr/bin/env bash
# Installs the Debian packages a test needs when they are missing, e.g.
#   monitoring/src/test/scripts/ensure-debian-packages.sh prometheus chromium chromium-driver
# Installed packages are left alone; for missing ones it runs `apt-get update` once, then
# `apt-get install -y --no-install-recommends` for just those. Package services are not started
# (a temporary policy-rc.d denies it), so e.g. installing `prometheus` leaves no daemon running.
# Exits 0 when every package is installed; otherwise non-zero with a message on stderr saying what
# is missing and how to install it by hand.
set -euo pipefail

if [ "$#" -eq 0 ]; then
	echo "usage: $0 PACKAGE..." >&2
	exit 2
fi

missing=()
for package in "$@"; do
	if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$package")
	fi
done
if [ "${#missing[@]}" -eq 0 ]; then
	exit 0
fi

manual="install them by hand: sudo apt-get install --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
	echo "Missing Debian packages: ${missing[*]}. This is not a Debian/Ubuntu system with apt-get; $manual" \
		"(or the equivalent for your system)" >&2
	exit 3
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo=(sudo -n)
	else
		echo "Missing Debian packages: ${missing[*]}. Installing them needs root (and sudo without a password" \
			"is not available); $manual" >&2
		exit 4
	fi
fi

echo "Installing missing Debian packages: ${missing[*]}" >&2
policy=/usr/sbin/policy-rc.d
created_policy=false
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
	"${sudo[@]}" chmod 755 "$policy"
	created_policy=true
fi
cleanup() {
	if [ "$created_policy" = true ]; then
		"${sudo[@]}" rm -f "$policy"
	fi
}
trap cleanup EXIT

export DEBIAN_FRONTEND=noninteractive
apt=("${sudo[@]}" apt-get -q -o DPkg::Lock::Timeout=600)
if ! "${apt[@]}" update >&2; then
	echo "apt-get update failed; $manual" >&2
	exit 5
fi
if ! "${apt[@]}" install -y --no-install-recommends "${missing[@]}" >&2; then
	echo "apt-get install ${missing[*]} failed; $manual" >&2
	exit 6
fi

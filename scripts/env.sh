# Sourced by scripts/serve and scripts/test: finds Python >= 3.12 and keeps .venv installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

python_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; }

find_python() {
    local candidate minor version
    for candidate in python3.13 python3.12; do
        if command -v "$candidate" >/dev/null && python_ok "$candidate"; then
            command -v "$candidate"
            return
        fi
    done
    # pyenv shims for versions that are not selected refuse to run: use the build itself.
    if command -v pyenv >/dev/null; then
        for minor in 3.13 3.12; do
            version=$(pyenv versions --bare 2>/dev/null | grep -E "^${minor//./\\.}\.[0-9]+$" | sort -V | tail -n 1 || true)
            candidate="$(pyenv root)/versions/$version/bin/python$minor"
            if [ -n "$version" ] && python_ok "$candidate"; then
                echo "$candidate"
                return
            fi
        done
    fi
    echo "TriPeaks needs Python 3.13 or 3.12: neither python3.13 nor python3.12 runs here (nor a pyenv build of them)." >&2
    echo "Install one (for example 'apt-get install python3.13' or 'pyenv install 3.13') and run this command again." >&2
    return 1
}

# (Re)create .venv when missing or on an old Python; reinstall when pyproject.toml or the lock changed.
# $1: "dev" for the tests' tools too, or nothing for the game alone. The dependencies come from the lock
# (requirements/game.txt or dev.txt: exact versions and their hashes, made by scripts/lock), so that every
# machine and every CI run has the releases the tests passed with.
ensure_venv() {
    local lock=requirements/${1:-game}.txt python stamp
    if [ ! -x .venv/bin/python ] || ! python_ok .venv/bin/python; then
        python=$(find_python)
        echo "==> creating .venv with $python"
        rm -rf .venv
        "$python" -m venv .venv
    fi
    stamp=".venv/.installed-$(cat pyproject.toml "$lock" | sha1sum | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        echo "==> installing TriPeaks and its dependencies ($lock)"
        .venv/bin/python -m pip install --quiet --upgrade pip
        .venv/bin/python -m pip install --quiet --require-hashes -r "$lock"
        .venv/bin/python -m pip install --quiet --no-deps -e .
        rm -f .venv/.installed-* && touch "$stamp"
    fi
}

# (Re)installs node_modules (axe-core, for the accessibility audit) when missing or package-lock.json changed.
ensure_node_modules() {
    local stamp
    apt_need npm npm
    stamp="node_modules/.installed-$(sha1sum package-lock.json | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        echo "==> installing the npm packages of the tests (package-lock.json)"
        npm ci --no-audit --no-fund --loglevel=error
        touch "$stamp"
    fi
}

# Installs a Debian package when its command is missing: apt_need COMMAND PACKAGE
apt_need() {
    command -v "$1" >/dev/null && return
    echo "==> installing $2 (for $1)"
    if [ "$(id -u)" -eq 0 ]; then apt-get update -qq && apt-get install -y -qq "$2" >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq "$2" >/dev/null; fi
}

# Database tables, static files and compiled translations: what the server needs besides code.
prepare_site() {
    apt_need msgfmt gettext
    .venv/bin/python manage.py migrate --noinput -v 0
    .venv/bin/python manage.py collectstatic --noinput -v 0
    if compgen -G "locale/*/LC_MESSAGES/*.po" >/dev/null; then
        .venv/bin/python manage.py compilemessages -v 0 --ignore .venv
    fi
}

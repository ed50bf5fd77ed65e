"""The deployment's files are valid as shipped: nginx accepts the site file (with its proxy snippet) and
systemd the unit templates (docs/deploy.md). tests/test_cluster.py runs the same proxy settings for real."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy import cluster

DEPLOY = cluster.ROOT / "deploy"


def site_file_for_a_test(folder: Path) -> str:
    """The site file with this machine's paths: the snippet where it is here, a throw-away certificate, free ports."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=tripeaks.test",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    site = (DEPLOY / "nginx" / "tripeaks.conf").read_text()
    site = re.sub(r"include snippets/(tripeaks-\w+\.conf);", rf"include {DEPLOY}/nginx/\1;", site)
    site = re.sub(r"ssl_certificate /\S+;", f"ssl_certificate {folder}/cert.pem;", site)
    site = re.sub(r"ssl_certificate_key /\S+;", f"ssl_certificate_key {folder}/key.pem;", site)
    site = re.sub(r"listen (\[::\]:)?80;", f"listen 127.0.0.1:{cluster.free_port()};", site, count=1)
    site = re.sub(r"\n\s*listen \[::\]:80;", "", site)
    site = re.sub(r"listen 443 ssl http2;", f"listen 127.0.0.1:{cluster.free_port()} ssl http2;", site)
    return re.sub(r"\n\s*listen \[::\]:443 ssl http2;", "", site)


def test_nginx_accepts_the_site_file(tmp_path: Path) -> None:
    nginx = cluster.nginx_binary()
    if nginx is None:
        pytest.fail("nginx is missing: scripts/test installs Debian's nginx")
    (tmp_path / "site.conf").write_text(site_file_for_a_test(tmp_path))
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\n"
        f"  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path {tmp_path}/body;\n"
        f"  proxy_temp_path {tmp_path}/proxy;\n  include {tmp_path}/site.conf;\n}}\n"
    )
    checked = subprocess.run(
        [nginx, "-t", "-e", "stderr", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze is not installed")
def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    for unit in (DEPLOY / "systemd").iterdir():
        shutil.copy(unit, tmp_path)
    (tmp_path / "tripeaks@8001.service").symlink_to(tmp_path / "tripeaks@.service")
    units = [  # ./: these files
        "./tripeaks@8001.service", "./tripeaks-setup.service", "./tripeaks.target",
        "./tripeaks-prune.service", "./tripeaks-prune.timer",
    ]  # fmt: skip
    checked = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *units], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    complaints = [
        line
        for line in checked.stderr.splitlines()
        if line.strip() and "/srv/tripeaks/.venv/bin/" not in line  # the checkout is not on this machine
    ]
    assert not complaints, checked.stderr
    assert "tripeaks@8001.service: Command /srv/tripeaks/.venv/bin/daphne" in checked.stderr  # the units were read
    assert "tripeaks-prune.service: Command /srv/tripeaks/.venv/bin/python" in checked.stderr

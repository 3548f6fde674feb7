#!/bin/sh
# A rolling restart of the panel's instances behind nginx, one at a time, with no failed request:
#   deploy/rolling-restart.sh 3001 3002
# For each port: nginx stops sending to that instance (`down` on its line of the site, then a
# graceful reload: requests already passed to it are answered), the instance restarts (SIGTERM: it
# finishes what it has and exits), and once /api/health/ready answers on its port it is put back.
# Stopping an instance while nginx still sends to it is not enough: a connection nginx has just
# opened and the instance has not accepted yet is reset when it stops listening, and a POST on it
# cannot be passed on (deploy/nginx-panel.conf). scripts/reliability/faults.test.mjs runs this file.
#
# Settings (environment), with the defaults for a Debian server with deploy/panel@.service:
#   PANEL_NGINX_SITE    the site file (/etc/nginx/sites-available/panel)
#   PANEL_NGINX_RELOAD  how to reload nginx (nginx -s reload)
#   PANEL_RESTART       how to restart one instance, %s is its port (systemctl restart panel@%s)
#   PANEL_HOST          where the instances listen (127.0.0.1)
set -eu
site=${PANEL_NGINX_SITE:-/etc/nginx/sites-available/panel}
reload=${PANEL_NGINX_RELOAD:-nginx -s reload}
restart=${PANEL_RESTART:-systemctl restart panel@%s}
host=${PANEL_HOST:-127.0.0.1}
[ $# -gt 0 ] || { echo "Uso: $0 PUERTO [PUERTO…]" >&2; exit 2; }

for port in "$@"; do
  grep -q "server $host:$port " "$site" || { echo "No está en $site: server $host:$port" >&2; exit 1; }
  echo "Instancia $port: fuera de nginx"
  sed -i "s/^\( *server $host:$port [^;]*\);/\1 down;/" "$site"
  $reload
  # The old workers answer what they had; a second is enough for them to let go of this instance.
  sleep 1
  echo "Instancia $port: reiniciando"
  # shellcheck disable=SC2059
  sh -c "$(printf "$restart" "$port")"
  tries=0
  until curl -fsS -o /dev/null "http://$host:$port/api/health/ready"; do
    tries=$((tries + 1))
    [ $tries -lt 240 ] || { echo "La instancia $port no volvió en 120 s" >&2; exit 1; }
    sleep 0.5
  done
  sed -i "s/^\( *server $host:$port [^;]*\) down;/\1;/" "$site"
  $reload
  echo "Instancia $port: de vuelta en nginx"
  sleep 1
done

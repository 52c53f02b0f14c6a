# shellcheck shell=bash
# shellcheck disable=SC2154,SC2016
# The box's page as the Pi guide sets it up for the field: gpsbox-web enabled, listening on the
# box's network with a password, fetched from the host through QEMU's forwarded port ($webport →
# the guest's 8080); `gpsbox web --hash-password` prints the whole `web-password = …` line. The
# configuration is put back and the unit disabled afterwards; the logger is not reloaded, so it
# logs on untouched.
page_get() { curl -s -m 10 -u "any:$1" -o "$work/page-body" -w '%{http_code}' "http://127.0.0.1:$webport$2"; }
check_page() {
    g 'cp /etc/gpsbox/gpsbox.conf /root/gpsbox.conf.page &&
       printf "web-listen = 0.0.0.0:8080\nweb-remote = true\n" >> /etc/gpsbox/gpsbox.conf &&
       echo vm-page | gpsbox web --hash-password --iterations 50 >> /etc/gpsbox/gpsbox.conf &&
       systemctl enable --now gpsbox-web' > "$work/page-setup.log" 2>&1
    wait_for 30 bash -c '[ "$(curl -s -m 5 -o /dev/null -w "%{http_code}" "http://127.0.0.1:$1/")" = 401 ]' _ "$webport" || true
    local wrong first second gpx mine exposure
    wrong="$(page_get not-it /)"
    check "page: a wrong password refused" "HTTP $wrong from the host" test "$wrong" = 401
    first="$( [ "$(page_get vm-page /live.json)" = 200 ] && grep -o '"lat":[-0-9.]*,"lon":[-0-9.]*' "$work/page-body")"
    sleep 5
    second="$( [ "$(page_get vm-page /live.json)" = 200 ] && grep -o '"lat":[-0-9.]*,"lon":[-0-9.]*' "$work/page-body")"
    check "page: live position from the host" "${first:-none} then ${second:-none}" \
        bash -c '[ -n "$1" ] && [ -n "$2" ] && [ "$1" != "$2" ]' _ "$first" "$second"
    # The first trip's opening points: the same from the page as from gpsbox dump on the box
    # (the trip may still grow between the two reads, so its head is compared).
    gpx="$( [ "$(page_get vm-page /trip/1.gpx)" = 200 ] && grep -o '<trkpt[^>]*>' "$work/page-body" | head -20)"
    mine="$(g 'gpsbox dump --trip 1 --format gpx 2>/dev/null' | grep -o '<trkpt[^>]*>' | head -20)"
    check "page: trip 1 as GPX = gpsbox dump" "$(grep -c . <<< "$gpx") opening points compared" \
        bash -c '[ "$(grep -c . <<< "$1")" -eq 20 ] && [ "$1" = "$2" ]' _ "$gpx" "$mine"
    exposure="$(g systemd-analyze security gpsbox-web --no-pager | sed -n 's/.*Overall exposure level for gpsbox-web.service: \([0-9.]*\).*/\1/p')"
    check "page: systemd-analyze security" "exposure ${exposure:-none} (the logger's unit: see above)" \
        awk -v e="${exposure:-99}" 'BEGIN { exit !(e + 0 <= 2.0) }'
    g 'systemctl disable --now gpsbox-web && cp /root/gpsbox.conf.page /etc/gpsbox/gpsbox.conf' >> "$work/page-setup.log" 2>&1
}

# TEST ONLY (tests/vm): the VM check's changes to the installed /etc/gpsbox/gpsbox.conf: the
# module by its udev name, a sample a second synced every 2 s, 64 KiB segments with the raw
# stream so that pull-logs sees several, a free-space floor that fits the 3 GB disk.
s|^#device = /dev/serial0|device = /dev/gpsbox-gnss|
s|^#sample-interval = 10s|sample-interval = 1s|
s|^#sync-interval = 10s|sync-interval = 2s|
s|^#segment-size = 4MiB|segment-size = 64KiB|
s|^#raw = false|raw = true|
s|^#free-space-floor = 256MiB|free-space-floor = 16MiB|

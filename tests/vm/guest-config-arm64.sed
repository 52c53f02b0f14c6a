# TEST ONLY (tests/vm, arm64): QEMU's PL011 does not pass the guest's line rate to its host
# side, and the host's bridge runs at the factory 9600 Bd whatever rate the guest's port is
# at: any rate auto-baud listens at when the module is plugged in decodes clean frames, and
# the configuration then moves the module to that rate, which the bridge cannot follow. So the
# line is fixed at 9600 Bd, and no raise-baud (the x86_64 VM, whose 16550 passes the rate on,
# checks auto-baud and raise-baud).
s|^#baud = auto|baud = 9600|
s|^#line-policy = raise-baud|line-policy = trim|

import Glibc

/// Set (GPSBOX_QEMU_USER=1) when the suite runs under qemu-user: scripts/test.d/arm64 runs the
/// aarch64 build there, and qemu-user's system-call emulation lacks a few of a real kernel's serial
/// and I2C ioctls. The tests that need them are disabled there by name, with the reason
/// (docs/raspberry-pi.md lists them); they run everywhere else.
enum QEMUUser {
    static let active = getenv("GPSBOX_QEMU_USER") != nil
}

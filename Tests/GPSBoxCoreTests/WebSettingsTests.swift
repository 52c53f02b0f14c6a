import Testing
import GPSBoxCore

/// The page's settings: loopback by default; another address needs `web-remote`, and that
/// needs a hashed `web-password` (never a password in the clear).
@Suite struct WebSettingsTests {
    static let hash = "pbkdf2-sha256$20000$000102030405060708090a0b0c0d0e0f$" + String(repeating: "ab", count: 32)

    @Test func loopbackByDefault() {
        let c = GPSBoxConfiguration()
        #expect(c.webListen == .tcp(host: "127.0.0.1", port: 8080) && !c.webRemote && c.webPassword == nil)
    }

    @Test func anotherAddressNeedsWebRemote() throws {
        // A `do`/`catch`, not #expect(throws:)'s value: Swift 6.0's testing library returns none.
        do {
            _ = try GPSBoxConfiguration.resolve(fileText: "web-listen = 0.0.0.0:8080\n", path: "/etc/gpsbox/gpsbox.conf")
            Issue.record("a non-loopback web-listen was accepted without web-remote")
        } catch {
            #expect(error.description == "/etc/gpsbox/gpsbox.conf:1: web-listen: 0.0.0.0:8080 is not a loopback address: other "
                    + "machines could see the page; set web-remote = true (and web-password) to allow it")
        }
    }

    @Test func webRemoteNeedsAPassword() throws {
        do {
            _ = try GPSBoxConfiguration.resolve(fileText: "web-listen = 0.0.0.0:8080\nweb-remote = true\n", path: "/etc/gpsbox/gpsbox.conf")
            Issue.record("web-remote was accepted without web-password")
        } catch {
            #expect(error.description == "/etc/gpsbox/gpsbox.conf:2: web-remote: web-remote = true needs web-password "
                    + "(from `gpsbox web --hash-password`)")
        }
        let c = try GPSBoxConfiguration.resolve(fileText: "web-listen = 0.0.0.0:8080\nweb-remote = true\nweb-password = \(Self.hash)\n",
                                                path: "/etc/gpsbox/gpsbox.conf")
        #expect(c.webListen == .tcp(host: "0.0.0.0", port: 8080) && c.webPassword == Self.hash)
    }

    @Test(arguments: ["hunter2", "sha1$1$aa$bb", "pbkdf2-sha256$1$aa"])
    func aPasswordInTheClearIsRefused(_ text: String) {
        var c = GPSBoxConfiguration()
        #expect(throws: ConfigError.self) { try c.set("web-password", to: text, from: .flag("--web-password")) }
    }

    @Test(arguments: ["/run/gpsbox/web.sock", "8080", "127.0.0.1"])
    func webListenIsHostAndPort(_ text: String) {
        var c = GPSBoxConfiguration()
        #expect(throws: ConfigError.self) { try c.set("web-listen", to: text, from: .flag("--web-listen")) }
    }
}

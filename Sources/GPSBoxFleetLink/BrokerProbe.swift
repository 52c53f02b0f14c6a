// libmosquitto's connect with MQTT 5 properties (mosquitto_connect_bind_v5) opens its TCP
// connection blocking: with the box's link down the SYNs vanish and connect(2) waits for the
// kernel's retries (about two minutes), the upload's loop with it. So the path is tried first
// with a non-blocking connect bounded by a time-out; only an answering broker is handed over.
import Glibc

/// Tries a TCP connection to host:port for at most `timeoutMs`; the error says why not.
package func probeBroker(host: String, port: Int32, timeoutMs: Int32) throws(BrokerError) {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let rc = getaddrinfo(host, String(port), &hints, &list)
    guard rc == 0, let first = list else {
        throw BrokerError(description: "broker \(host):\(port): \(String(cString: gai_strerror(rc)))")
    }
    defer { freeaddrinfo(list) }
    var why = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let a = entry {
        entry = a.pointee.ai_next
        let fd = socket(a.pointee.ai_family, a.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                        a.pointee.ai_protocol)
        guard fd >= 0 else { why = String(cString: strerror(errno)); continue }
        defer { close(fd) }
        if connect(fd, a.pointee.ai_addr, a.pointee.ai_addrlen) == 0 { return }
        guard errno == EINPROGRESS else { why = String(cString: strerror(errno)); continue }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&p, 1, timeoutMs) > 0 else { why = "no answer within \(timeoutMs / 1000) s"; continue }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        if error == 0 { return }
        why = String(cString: strerror(error))
    }
    throw BrokerError(description: "broker \(host):\(port): \(why)")
}

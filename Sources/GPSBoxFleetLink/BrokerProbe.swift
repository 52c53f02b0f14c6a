// libmosquitto's connect with MQTT 5 properties (mosquitto_connect_bind_v5) opens its TCP
// connection blocking: with the box's link down the SYNs vanish and connect(2) waits for the
// kernel's retries (about two minutes), the upload's loop with it. So the path is tried first
// with a non-blocking connect bounded by a time-out; only an answering broker is handed over.
import GPSBoxSystem

/// Tries a TCP connection to host:port for at most `timeoutMs`; the error says why not.
package func probeBroker(host: String, port: Int32, timeoutMs: Int32) throws(BrokerError) {
    let addresses: [SocketAddress]
    do {
        addresses = try SocketAddress.resolve(host: host, port: Int(port))
    } catch {
        throw BrokerError(description: "broker \(host):\(port): \(error.reason)")
    }
    var why = "no address"
    for address in addresses {
        do {
            _ = try Socket.connected(to: address, timeoutMilliseconds: Int(timeoutMs))  // closed at once
            return
        } catch where error.call == "poll" {
            why = "no answer within \(timeoutMs / 1000) s"
        } catch {
            why = error.reason
        }
    }
    throw BrokerError(description: "broker \(host):\(port): \(why)")
}

// libmosquitto driven from our own poll loop with its non-threaded calls (mosquitto_socket,
// mosquitto_loop_read/write/misc, mosquitto_want_write). Callbacks land in this object
// through the userdata pointer; they run inside loop_read/loop_write, on this thread.
import CMosquitto
import Glibc

package struct BrokerSettings {
    package var host = "127.0.0.1"
    package var port: Int32 = 8883
    package var caFile: String?
    package var certFile: String?
    package var keyFile: String?
    package var user: String?
    package var password: String?
    package var keepAliveSeconds: Int32 = 30
    /// MQTT 5 (reason codes, session expiry, shared subscriptions) or 3.1.1 (older brokers).
    package var version5 = true
}

/// Why the broker cannot be used, in one line a person reads.
package struct BrokerError: Error, CustomStringConvertible {
    package var description: String
}

package final class MQTTClient {
    package let handle: OpaquePointer
    package let settings: BrokerSettings
    package private(set) var connected = false
    /// Set by libmosquitto's log callback: the last TLS/OpenSSL complaint, for the error line.
    package var lastLibraryError: String?
    package var onConnect: (Int32) -> Void = { _ in }
    package var onDisconnect: (Int32) -> Void = { _ in }
    package var onMessage: (String, [UInt8]) -> Void = { _, _ in }
    /// A publish finished: message id and reason code (MQTT 5: 0 or ≥ 0x80 when the broker refused it).
    package var onPublish: (Int32, Int32) -> Void = { _, _ in }
    /// Payload bytes handed to the library for publishing since start.
    package private(set) var bytesPublished = 0

    package init(clientID: String, settings: BrokerSettings) throws(BrokerError) {
        mosquitto_lib_init()
        guard let m = mosquitto_new(clientID, false, nil) else { throw BrokerError(description: "mosquitto_new failed") }
        handle = m
        self.settings = settings
        mosquitto_user_data_set(m, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_int_option(m, MOSQ_OPT_PROTOCOL_VERSION, settings.version5 ? Int32(MQTT_PROTOCOL_V5) : Int32(MQTT_PROTOCOL_V311))
        if let user = settings.user {
            try check(mosquitto_username_pw_set(m, user, settings.password), "user and password")
        }
        if let ca = settings.caFile {
            try check(mosquitto_tls_set(m, ca, nil, settings.certFile, settings.keyFile, nil),
                      "TLS files (CA \(ca)\(settings.certFile.map { ", certificate \($0)" } ?? ""))")
        }
        installCallbacks()
    }

    deinit { mosquitto_destroy(handle) }

    private func check(_ rc: Int32, _ what: String) throws(BrokerError) {
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            throw BrokerError(description: "\(what): \(String(cString: mosquitto_strerror(rc)))")
        }
    }

    /// Connects (TCP and TLS set-up; the CONNACK arrives through the loop) with a persistent
    /// session: MQTT 5 kept `sessionSeconds` by the broker, 3.1.1 clean-session off. The path is
    /// probed first (BrokerProbe.swift), so an unreachable broker costs 3 s, not minutes.
    package func connect(sessionSeconds: UInt32) throws(BrokerError) {
        lastLibraryError = nil
        try probeBroker(host: settings.host, port: settings.port, timeoutMs: 3000)
        var props: OpaquePointer?
        if settings.version5 {
            mosquitto_property_add_int32(&props, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), sessionSeconds)
        }
        defer { mosquitto_property_free_all(&props) }
        let rc = mosquitto_connect_bind_v5(handle, settings.host, settings.port, settings.keepAliveSeconds, nil, props)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            throw BrokerError(description: failure(rc))
        }
    }

    /// The words for a failed connection or loop call: the TLS library's complaint when there is one.
    package func failure(_ rc: Int32) -> String {
        let base = "broker \(settings.host):\(settings.port): "
        // A TLS complaint comes first: a handshake that fails inside a write or read (the CONNECT
        // sent before the server's answer arrived) ends as MOSQ_ERR_ERRNO with EPROTO.
        if rc == MOSQ_ERR_TLS.rawValue || lastLibraryError != nil {
            return base + "TLS failed: \(lastLibraryError ?? String(cString: mosquitto_strerror(rc)))"
                + (settings.caFile.map { " (CA file \($0))" } ?? "")
        }
        if rc == MOSQ_ERR_ERRNO.rawValue {
            return base + String(cString: strerror(errno))
        }
        // libmosquitto 2.0.11 has no words for this one ("Unknown error.").
        if rc == MOSQ_ERR_KEEPALIVE.rawValue {
            return base + "no answer within the keep-alive (\(settings.keepAliveSeconds) s): connection dropped"
        }
        return base + String(cString: mosquitto_strerror(rc))
    }

    package static func refusal(_ rc: Int32) -> String {
        String(cString: mosquitto_reason_string(rc))
    }

    package func subscribe(_ pattern: String, qos: Int32 = 1) throws(BrokerError) {
        try check(mosquitto_subscribe_v5(handle, nil, pattern, qos, 0, nil), "subscribe \(pattern)")
    }

    /// Publishes at QoS 1; returns the message id.
    @discardableResult
    package func publish(_ topic: String, _ payload: [UInt8], retain: Bool = false) throws(BrokerError) -> Int32 {
        var mid: Int32 = 0
        let rc = payload.withUnsafeBytes { b in
            mosquitto_publish_v5(handle, &mid, topic, Int32(b.count), b.baseAddress, 1, retain, nil)
        }
        try check(rc, "publish to \(topic)")
        bytesPublished += payload.count
        return mid
    }

    package var socket: Int32 { mosquitto_socket(handle) }
    package var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// One turn of the loop after poll: read and/or write as the socket allows, then the
    /// keep-alive and retry work. Returns an error text when the connection is gone.
    package func service(readable: Bool, writable: Bool) -> String? {
        var rc = MOSQ_ERR_SUCCESS.rawValue
        if readable { rc = mosquitto_loop_read(handle, 1) }
        if rc == MOSQ_ERR_SUCCESS.rawValue, writable || wantsWrite { rc = mosquitto_loop_write(handle, 1) }
        if rc == MOSQ_ERR_SUCCESS.rawValue { rc = mosquitto_loop_misc(handle) }
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            connected = false
            return failure(rc)
        }
        return nil
    }

    package func disconnect() {
        mosquitto_disconnect(handle)
        connected = false
    }

    private func installCallbacks() {
        mosquitto_connect_v5_callback_set(handle) { _, obj, rc, _, _ in
            let me = Unmanaged<MQTTClient>.fromOpaque(obj!).takeUnretainedValue()
            me.connected = rc == 0
            me.onConnect(rc)
        }
        mosquitto_disconnect_v5_callback_set(handle) { _, obj, rc, _ in
            let me = Unmanaged<MQTTClient>.fromOpaque(obj!).takeUnretainedValue()
            me.connected = false
            me.onDisconnect(rc)
        }
        mosquitto_message_v5_callback_set(handle) { _, obj, message, _ in
            guard let obj, let m = message?.pointee, let topic = m.topic else { return }
            let me = Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue()
            let bytes = m.payloadlen > 0 && m.payload != nil
                ? Array(UnsafeRawBufferPointer(start: m.payload, count: Int(m.payloadlen))) : []
            me.onMessage(String(cString: topic), bytes)
        }
        mosquitto_publish_v5_callback_set(handle) { _, obj, mid, reason, _ in
            Unmanaged<MQTTClient>.fromOpaque(obj!).takeUnretainedValue().onPublish(mid, reason)
        }
        mosquitto_log_callback_set(handle) { _, obj, level, text in
            guard let obj, let text, level & Int32(MOSQ_LOG_ERR) != 0 else { return }
            let me = Unmanaged<MQTTClient>.fromOpaque(obj).takeUnretainedValue()
            let line = String(cString: text)
            // "OpenSSL Error[0]: error:0A000086:SSL routines::certificate verify failed" (OpenSSL) or
            // "OpenSSL Error[0]: certificate verify failed" (wolfSSL): keep the reason.
            me.lastLibraryError = line.split(separator: ":").last.map { String($0.drop(while: { $0 == " " })) } ?? line
        }
    }
}

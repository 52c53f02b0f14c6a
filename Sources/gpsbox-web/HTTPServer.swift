// libmicrohttpd carries out what WebRoute, WebAccess and WebSite decide. One thread per
// connection (MHD_USE_THREAD_PER_CONNECTION): a download pulls from the log on its own thread
// while the others answer; a connection limit, a per-address limit, a 10 s idle timeout and a
// 32 KiB per-connection memory limit (request line and headers) bound what hostile clients
// can hold. The C callbacks are plain functions here, outside main.swift (PLATFORM-NOTES).
import CMicroHTTPD
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb
import Glibc

/// What every callback reaches through its `cls` pointer.
final class HTTPServer: @unchecked Sendable {
    static let connectionLimit: UInt32 = 512
    static let perAddressLimit: UInt32 = 400
    static let idleTimeoutSeconds: UInt32 = 10
    static let connectionMemoryBytes = 32 * 1024
    static let threadStackBytes = 256 * 1024
    static let maximumDownloads = 8
    /// Bytes handed to libmicrohttpd per call of the content reader.
    static let blockBytes = 32 * 1024

    let site: WebSite
    let access: WebAccess
    let trusted = TrustedCredentials()
    private let lock = ThreadLock()
    private var downloads = 0
    private(set) var daemon: OpaquePointer?

    init(site: WebSite, access: WebAccess) {
        self.site = site
        self.access = access
    }

    /// Starts listening; nil and errno when libmicrohttpd cannot (address in use, say).
    func start(host: String, port: Int) -> Bool {
        guard let address = try? SocketAddress.ip(host, port: port) else { errno = EINVAL; return false }
        let flags = UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
                           | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        daemon = address.withSockaddr { sa, _ in
            gpsbox_mhd_start(flags, UInt16(port), sa, answerRequest, me, requestCompleted,
                             Self.connectionLimit, Self.perAddressLimit, Self.idleTimeoutSeconds,
                             Self.connectionMemoryBytes, Self.threadStackBytes)
        }
        return daemon != nil
    }

    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    func claimDownload() -> Bool {
        lock.withLock {
            guard downloads < Self.maximumDownloads else { return false }
            downloads += 1
            return true
        }
    }

    func releaseDownload() {
        lock.withLock { downloads -= 1 }
    }
}

/// Authorization headers that matched the password already, so the page's poll every second
/// costs no PBKDF2 round; a handful at most, checked by exact bytes.
final class TrustedCredentials: @unchecked Sendable {
    private let lock = ThreadLock()
    private var headers: [String] = []
    init() {}
    func contains(_ h: String) -> Bool {
        lock.withLock { headers.contains(h) }
    }
    func insert(_ h: String) {
        lock.withLock {
            if !headers.contains(h) { headers.append(h); if headers.count > 8 { headers.removeFirst() } }
        }
    }
}

/// A stream's state while libmicrohttpd sends it.
final class StreamBox {
    let source: any ByteSource
    let server: HTTPServer
    init(source: any ByteSource, server: HTTPServer) {
        self.source = source
        self.server = server
    }
}

private func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

/// Collects the query's arguments (already percent-decoded by libmicrohttpd).
private final class QueryBox { var pairs: [(String, String)] = [] }

private func collectArgument(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
                             _ value: UnsafePointer<CChar>?) -> MHD_Result {
    let box = Unmanaged<QueryBox>.fromOpaque(cls!).takeUnretainedValue()
    guard box.pairs.count < 16 else { return .NO }
    box.pairs.append((string(key) ?? "", string(value) ?? ""))
    return .YES
}

private func readStream(_ cls: UnsafeMutableRawPointer?, _ pos: UInt64, _ buf: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    let box = Unmanaged<StreamBox>.fromOpaque(cls!).takeUnretainedValue()
    let n = box.source.read(into: UnsafeMutableRawBufferPointer(start: buf, count: max))
    return n == 0 ? gpsbox_mhd_end_of_stream() : n
}

private func freeStream(_ cls: UnsafeMutableRawPointer?) {
    let box = Unmanaged<StreamBox>.fromOpaque(cls!).takeRetainedValue()
    box.server.releaseDownload()
}

/// After each reply, the heap's free pages go back to the system (a page build or a map can
/// take some MiB for a moment; the idle process should not keep them).
private func requestCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                              _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                              _ reason: MHD_RequestTerminationCode) {
    gpsbox_malloc_trim()
}

/// The access handler: called first with the headers (answered at once, the body never read:
/// the page takes no uploads), then, only if a reply was not queued, once per body chunk.
private func answerRequest(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                           _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
                           _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
                           _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
    if let size = uploadSize, size.pointee > 0 {
        size.pointee = 0   // a body nobody asked for: dropped (the reply is queued already)
        return .YES
    }
    let authorization = string(MHD_lookup_connection_value(connection, .HEADER_KIND, "Authorization"))
    if server.access.password != nil && !(authorization.map(server.trusted.contains) ?? false) {
        switch server.access.decide(authorization: authorization) {
        case .allow: if let a = authorization { server.trusted.insert(a) }
        case .challenge:
            return send(.problem(401, "This box's page needs its password.",
                                 headers: [("WWW-Authenticate", WebAccess.challengeHeader)]), on: connection, server: server)
        }
    }
    let query = QueryBox()
    let unmanaged = Unmanaged.passRetained(query)
    _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectArgument, unmanaged.toOpaque())
    unmanaged.release()
    let route = WebRoute(method: string(method) ?? "", path: string(url) ?? "", query: query.pairs)
    return send(server.site.reply(route), on: connection, server: server)
}

private func send(_ reply: WebReply, on connection: OpaquePointer?, server: HTTPServer) -> MHD_Result {
    let response: OpaquePointer?
    var status: UInt32 = 200
    var headers = WebReply.commonHeaders
    switch reply {
    case .bytes(let code, let type, let body, let extra):
        status = UInt32(code)
        response = body.withUnsafeBytes { b in
            MHD_create_response_from_buffer(b.count, UnsafeMutableRawPointer(mutating: b.baseAddress), .RESPMEM_MUST_COPY)
        }
        headers += [("Content-Type", type)] + extra
    case .stream(let type, let fileName, let source):
        guard server.claimDownload() else {
            return send(.problem(503, "Too many downloads at once; try again in a moment.", headers: [("Retry-After", "5")]),
                        on: connection, server: server)
        }
        let box = Unmanaged.passRetained(StreamBox(source: source, server: server)).toOpaque()
        response = MHD_create_response_from_callback(gpsbox_mhd_size_unknown(), HTTPServer.blockBytes, readStream, box, freeStream)
        if response == nil { freeStream(box) }
        headers += [("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(fileName)\"")]
    }
    guard let response else { return .NO }
    for (name, value) in headers { _ = MHD_add_response_header(response, name, value) }
    let result = MHD_queue_response(connection, status, response)
    MHD_destroy_response(response)
    return result
}

// What the server sends back: whole bytes (pages, small JSON) or a stream pulled from the log.
import GPSBoxWeb

enum WebReply {
    case bytes(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = [])
    case stream(contentType: String, fileName: String, source: any ByteSource)

    static func page(_ body: [UInt8]) -> WebReply { .bytes(status: 200, contentType: "text/html; charset=utf-8", body: body) }

    static func problem(_ status: Int, _ message: String, headers: [(String, String)] = []) -> WebReply {
        .bytes(status: status, contentType: "text/html; charset=utf-8", body: WebPage.problem(status, message), headers: headers)
    }

    /// Sent with every reply: nothing outside the box may be loaded, nothing cached.
    static let commonHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("Referrer-Policy", "no-referrer"),
    ]
}

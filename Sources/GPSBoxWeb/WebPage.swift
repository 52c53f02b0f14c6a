// The frame every page shares: one HTML document, its style inline, no request to any other
// host (no CDN, no web font: the system's sans-serif). Large type and black on white with
// thick rules so it reads on a 360 px phone in the sun.

public enum WebPage {
    static let style = """
        :root{color-scheme:light}
        body{margin:0;font:20px/1.45 system-ui,sans-serif;color:#000;background:#fff}
        header{background:#000;color:#fff;padding:10px 14px;display:flex;gap:18px;align-items:baseline;flex-wrap:wrap}
        header b{font-size:24px}
        header a{color:#fff;font-weight:700}
        main{padding:10px 14px;max-width:1100px}
        a{color:#003a9b}
        h1{font-size:26px;margin:10px 0}
        table{border-collapse:collapse;width:100%}
        th,td{text-align:left;padding:6px 8px;border-bottom:2px solid #000;vertical-align:top}
        dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;margin:0}
        dt{font-weight:700}
        dd{margin:0;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
        .grid{display:grid;gap:14px;grid-template-columns:repeat(auto-fit,minmax(320px,1fr))}
        .map svg,.chart svg{width:100%;height:auto;border:2px solid #000}
        .big{font-size:30px;font-weight:800}
        .downloads a{display:inline-block;margin:4px 8px 4px 0;padding:8px 14px;border:2px solid #000;color:#000;font-weight:700;text-decoration:none}
        form{display:flex;flex-wrap:wrap;gap:10px;align-items:end}
        label{display:flex;flex-direction:column;font-weight:700}
        input,select,button{font:inherit;padding:6px;border:2px solid #000;background:#fff;color:#000}
        button{font-weight:800;background:#000;color:#fff}
        .scroll{overflow-x:auto}
        code{font-size:16px;word-break:break-all}
        @media (max-width:600px){
          #trips tr:first-child{display:none}
          #trips tr{display:block;border-bottom:2px solid #000;padding:6px 0}
          #trips td{display:inline-block;border:none;padding:2px 10px 2px 0}
          #trips td.n{font-size:24px;font-weight:800}
          #trips td[data-label]::before{content:attr(data-label);font-weight:700}
          #trips td.downloads{display:block}
        }
        """

    /// A whole page: `title` escaped, `body` already HTML.
    public static func document(title: String, body: String, script: String? = nil) -> [UInt8] {
        var s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        s += "<title>" + escape(title) + " — gpsbox</title>\n<style>" + style + "</style>\n</head>\n<body>\n"
        s += "<header><b>gpsbox</b><a href=\"/\">Status</a><a href=\"/trips\">Trips</a></header>\n<main>\n"
        s += body
        s += "</main>\n"
        if let script { s += "<script>\n" + script + "\n</script>\n" }
        s += "</body>\n</html>\n"
        return Array(s.utf8)
    }

    /// A short page for an error status (404, 400, 401, 503).
    public static func problem(_ status: Int, _ message: String) -> [UInt8] {
        document(title: "\(status)", body: "<h1>\(status)</h1>\n<p>" + escape(message) + "</p>\n")
    }

    /// Text escaped for HTML content and quoted attribute values.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}

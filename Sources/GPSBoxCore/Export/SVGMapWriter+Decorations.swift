// Everything on the map that is not the track: the SVG header and filters, the title, the
// background grid, the speed legend, the scale bar and the north arrow.

extension SVGMapWriter {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// "30 November 2026 · 12.34 km", or the caller's title.
    var titleText: String {
        if let title { return title }
        guard let first = extent.first, let last = extent.last else { return "gpsbox: no samples" }
        let a = first.civil, b = last.civil
        let month = Self.monthNames[a.month - 1]
        let date: String
        if a.year == b.year && a.month == b.month && a.day == b.day {
            date = "\(a.day) \(month) \(a.year)"
        } else if a.year == b.year && a.month == b.month {
            date = "\(a.day)–\(b.day) \(month) \(a.year)"
        } else {
            date = "\(a.day) \(month.prefix(3)) \(a.year) – \(b.day) \(Self.monthNames[b.month - 1].prefix(3)) \(b.year)"
        }
        return "\(date) · \(Self.distanceText(extent.distanceMetres))"
    }

    var subtitleText: String {
        guard let first = extent.first, let last = extent.last else { return "" }
        var parts: [String] = []
        if let n = extent.onlyTrip { parts.append("Trip \(n)") } else { parts.append("\(extent.tripCount) trips") }
        if first.dayNumber == last.dayNumber {
            parts.append("\(Self.clock(first))–\(Self.clock(last)) UTC")
        } else {
            parts.append("\(Self.dayMonth(first)) \(Self.clock(first)) – \(Self.dayMonth(last)) \(Self.clock(last)) UTC")
        }
        parts.append(Self.durationText(extent.durationMilliseconds))
        if extent.durationMilliseconds > 0 {
            let kmh = extent.distanceMetres / (Double(extent.durationMilliseconds) / 1000) * 3.6
            parts.append("avg " + JSONObjectWriter.format(kmh, decimals: 1) + " km/h")
        }
        if extent.maxSpeed > 0 {
            parts.append("max " + JSONObjectWriter.format(Double(extent.maxSpeed) * 0.0036, decimals: 1) + " km/h")
        }
        parts.append("\(extent.sampleCount) samples")
        return parts.joined(separator: " · ")
    }

    static func clock(_ t: UTCTime) -> String {
        let c = t.civil
        return (c.hour < 10 ? "0" : "") + "\(c.hour):" + (c.minute < 10 ? "0" : "") + "\(c.minute)"
    }

    /// "23 Nov"
    static func dayMonth(_ t: UTCTime) -> String {
        let c = t.civil
        return "\(c.day) \(monthNames[c.month - 1].prefix(3))"
    }

    static func distanceText(_ metres: Double) -> String {
        if metres < 1000 { return JSONObjectWriter.format(metres, decimals: 0) + " m" }
        return JSONObjectWriter.format(metres / 1000, decimals: metres < 100_000 ? 2 : 1) + " km"
    }

    static func durationText(_ ms: Int64) -> String {
        let s = ms / 1000
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s / 60 % 60) min"
    }

    /// A round ground distance (1, 2 or 5 × 10^n m) about `pixels` long on the map.
    var scaleStepMetres: Double {
        let target = 150 / projection.pixelsPerMetre
        var step = 1.0
        while step * 10 <= target { step *= 10 }
        if step * 5 <= target { return step * 5 }
        if step * 2 <= target { return step * 2 }
        return step
    }

    func writeHeader() {
        let f = Self.frame
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\" height=\"800\" viewBox=\"0 0 1000 800\" ")
        out.append("font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<title>")
        out.appendXMLEscaped(titleText)
        out.append("</title>\n<defs>\n<clipPath id=\"frame\"><rect x=\"")
        frameAttributes(f)
        out.append("/></clipPath>\n")
        // Halo: the track's own shape, dilated, in white over a soft shadow: it separates the
        // line from the grid and from itself where a route doubles back.
        out.append("""
            <filter id="halo" filterUnits="userSpaceOnUse" x="0" y="0" width="1000" height="800">
            <feMorphology in="SourceAlpha" operator="dilate" radius="2.2" result="thick"/>
            <feGaussianBlur in="thick" stdDeviation="1.8" result="blur"/>
            <feFlood flood-color="#000000" flood-opacity="0.28"/>
            <feComposite in2="blur" operator="in" result="shadow"/>
            <feFlood flood-color="#ffffff"/>
            <feComposite in2="thick" operator="in" result="outline"/>
            <feMerge><feMergeNode in="shadow"/><feMergeNode in="outline"/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <filter id="shadow" x="-60%" y="-60%" width="220%" height="220%">
            <feGaussianBlur in="SourceAlpha" stdDeviation="1.5"/><feOffset dy="1" result="b"/>
            <feComponentTransfer><feFuncA type="linear" slope="0.5"/></feComponentTransfer>
            <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <style>.label{font-size:13px;font-weight:bold;fill:#1b1b1b;paint-order:stroke;stroke:#ffffff;stroke-width:3px}
            .small{font-size:12px;fill:#5f6368}</style>
            </defs>
            <rect width="1000" height="800" fill="#fbfaf7"/>

            """)
        out.append("<text x=\"32\" y=\"50\" font-size=\"26\" font-weight=\"bold\" fill=\"#1b1b1b\">")
        out.appendXMLEscaped(titleText)
        out.append("</text>\n<text x=\"32\" y=\"78\" font-size=\"15\" fill=\"#5f6368\">")
        out.appendXMLEscaped(subtitleText)
        out.append("</text>\n<rect x=\"")
        frameAttributes(f)
        out.append(" fill=\"#e8ede4\" stroke=\"#c5ccc0\" stroke-width=\"1\"/>\n")
    }

    private func frameAttributes(_ f: (x: Double, y: Double, width: Double, height: Double)) {
        out.append(f.x, decimals: 1)
        out.append("\" y=\"")
        out.append(f.y, decimals: 1)
        out.append("\" width=\"")
        out.append(f.width, decimals: 1)
        out.append("\" height=\"")
        out.append(f.height, decimals: 1)
        out.append("\" rx=\"10\"")
    }

    /// Faint lines every scale step, aligned on the projection centre.
    func writeGrid() {
        let f = Self.frame
        let stepPixels = scaleStepMetres * projection.pixelsPerMetre
        guard stepPixels >= 20 else { return }
        out.append("<g stroke=\"#d6ddd1\" stroke-width=\"1\">\n")
        var x = projection.centreX - ((projection.centreX - f.x) / stepPixels).rounded(.down) * stepPixels
        while x <= f.x + f.width {
            line(x, f.y, x, f.y + f.height)
            x += stepPixels
        }
        var y = projection.centreY - ((projection.centreY - f.y) / stepPixels).rounded(.down) * stepPixels
        while y <= f.y + f.height {
            line(f.x, y, f.x + f.width, y)
            y += stepPixels
        }
        out.append("</g>\n")
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        out.append("<line x1=\"")
        out.append(x1, decimals: 1)
        out.append("\" y1=\"")
        out.append(y1, decimals: 1)
        out.append("\" x2=\"")
        out.append(x2, decimals: 1)
        out.append("\" y2=\"")
        out.append(y2, decimals: 1)
        out.append("\"/>")
    }

    func writeDecorations() {
        let f = Self.frame
        // North arrow, top right of the map: up is true north in this projection.
        let nx = f.x + f.width - 44, ny = f.y + 50
        out.append(string: "<g transform=\"translate(\(JSONObjectWriter.format(nx, decimals: 1)) \(JSONObjectWriter.format(ny, decimals: 1)))\">\n")
        out.append("""
            <circle r="26" fill="#ffffff" fill-opacity="0.88" stroke="#c5ccc0"/>
            <path d="M0 -15 L8 11 L0 5 Z" fill="#9aa09a"/><path d="M0 -15 L-8 11 L0 5 Z" fill="#1b1b1b"/>
            <text y="-17" text-anchor="middle" font-size="11" font-weight="bold" fill="#1b1b1b" dy="-1">N</text>
            </g>

            """)
        writeScaleBar(x: f.x + 20, y: f.y + f.height - 20)
        writeLegend(x: 32, y: 724)
        out.append("<text x=\"976\" y=\"788\" text-anchor=\"end\" class=\"small\">gpsbox · WGS84, local equirectangular projection · times UTC</text>\n")
    }

    private func writeScaleBar(x: Double, y: Double) {
        let metres = scaleStepMetres
        let w = metres * projection.pixelsPerMetre
        let label = metres >= 1000 ? JSONObjectWriter.format(metres / 1000, decimals: 1) + " km"
                                   : JSONObjectWriter.format(metres, decimals: 0) + " m"
        out.append(string: "<g transform=\"translate(\(JSONObjectWriter.format(x, decimals: 1)) \(JSONObjectWriter.format(y, decimals: 1)))\">\n")
        out.append(string: "<rect x=\"-10\" y=\"-30\" width=\"\(JSONObjectWriter.format(w + 20, decimals: 1))\" height=\"42\" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.88\"/>\n")
        for i in 0..<4 {
            let q = w / 4
            out.append(string: "<rect x=\"\(JSONObjectWriter.format(Double(i) * q, decimals: 1))\" y=\"-6\" width=\"\(JSONObjectWriter.format(q, decimals: 1))\" height=\"7\" ")
            out.append(i % 2 == 0 ? "fill=\"#1b1b1b\"" : "fill=\"#ffffff\"")
            out.append(" stroke=\"#1b1b1b\" stroke-width=\"1\"/>\n")
        }
        out.append("<text x=\"0\" y=\"-12\" font-size=\"12\" fill=\"#1b1b1b\">0</text>\n")
        out.append(string: "<text x=\"\(JSONObjectWriter.format(w, decimals: 1))\" y=\"-12\" font-size=\"12\" text-anchor=\"end\" fill=\"#1b1b1b\">")
        out.append(string: label)
        out.append("</text>\n</g>\n")
    }

    private func writeLegend(x: Double, y: Double) {
        let blockWidth = 46.0
        let colours = SpeedPalette.colours
        out.append(string: "<text x=\"\(JSONObjectWriter.format(x, decimals: 1))\" y=\"\(JSONObjectWriter.format(y, decimals: 1))\" font-size=\"13\" font-weight=\"bold\" fill=\"#1b1b1b\">Speed (km/h)</text>\n")
        for (i, c) in colours.enumerated() {
            out.append(string: "<rect x=\"\(JSONObjectWriter.format(x + Double(i) * blockWidth, decimals: 1))\" y=\"\(JSONObjectWriter.format(y + 10, decimals: 1))\" width=\"\(JSONObjectWriter.format(blockWidth, decimals: 1))\" height=\"14\" fill=\"")
            out.append(c)
            out.append("\"/>\n")
        }
        let total = blockWidth * Double(colours.count)
        var v = 0
        while v <= palette.maximumKilometresPerHour {
            let tx = x + total * Double(v) / Double(palette.maximumKilometresPerHour)
            out.append(string: "<line x1=\"\(JSONObjectWriter.format(tx, decimals: 1))\" y1=\"\(JSONObjectWriter.format(y + 24, decimals: 1))\" x2=\"\(JSONObjectWriter.format(tx, decimals: 1))\" y2=\"\(JSONObjectWriter.format(y + 29, decimals: 1))\" stroke=\"#1b1b1b\"/>")
            out.append(string: "<text x=\"\(JSONObjectWriter.format(tx, decimals: 1))\" y=\"\(JSONObjectWriter.format(y + 42, decimals: 1))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1b1b1b\">\(v)</text>\n")
            v += palette.stepKilometresPerHour
        }
        // Marker key.
        let kx = x + total + 48
        out.append(string: """
            <g font-size="13" fill="#1b1b1b">
            <circle cx="\(kx)" cy="\(y + 17)" r="7" fill="#1a9850" stroke="#ffffff" stroke-width="2.5" filter="url(#shadow)"/>
            <text x="\(kx + 14)" y="\(y + 22)">start</text>
            <circle cx="\(kx + 80)" cy="\(y + 17)" r="7" fill="#1b1b1b" stroke="#ffffff" stroke-width="2.5" filter="url(#shadow)"/>
            <circle cx="\(kx + 80)" cy="\(y + 17)" r="2.6" fill="#ffffff"/>
            <text x="\(kx + 94)" y="\(y + 22)">end</text>
            <circle cx="\(kx + 150)" cy="\(y + 17)" r="2.6" fill="#ffffff" stroke="#2d3436" stroke-width="0.9"/>
            <text x="\(kx + 160)" y="\(y + 22)">sample</text>
            </g>

            """)
    }
}

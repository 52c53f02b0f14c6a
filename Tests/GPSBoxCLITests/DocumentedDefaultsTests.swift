import Foundation
import Testing
import GPSBoxCore

/// Every default the documents state is the one `gpsbox config show` prints, so neither drifts: the
/// options table in docs/raspberry-pi.md, and every sentence in README.md and docs/*.md that
/// names exactly one option and a default with a quantity ("`sync-interval`, 10 s by default").
/// board/gpsbox.conf is checked line by line in ConfigCommandTests.
@Suite struct DocumentedDefaultsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.path + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func text(_ document: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    }

    /// "10 s", "512 MiB", "15 min" → "10s", "512MiB", "15m", as `config show` writes them.
    static func normalised(_ quantity: String) -> String {
        quantity.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "min", with: "m")
    }

    static let quantity = try! NSRegularExpression(
        pattern: #"\b\d+(?:\.\d+)? ?(?:ms|min|s|m|h|d|KiB|MiB|GiB|Hz|m/s|km/h)(?![A-Za-z/])"#)

    /// Options a sentence names: `key`, `key = …` or `--key`.
    static func options(in sentence: String) -> [ConfigOption] {
        ConfigOption.all.filter { o in
            sentence.contains("`\(o.key)`") || sentence.contains("`\(o.key) = ") || sentence.contains("--\(o.key) ")
                || sentence.contains("\(o.key) = ")
        }
    }

    static func quantities(in sentence: String) -> [String] {
        let range = NSRange(sentence.startIndex..., in: sentence)
        return quantity.matches(in: sentence, range: range).map { normalised(String(sentence[Range($0.range, in: sentence)!])) }
    }

    @Test(arguments: documents)
    func sentencesStateTheCodesDefaults(document: String) throws {
        let text = try Self.text(document).replacingOccurrences(of: "\n", with: " ")
        var checked = 0
        for sentence in text.components(separatedBy: ". ")
        where sentence.range(of: "default", options: .caseInsensitive) != nil {
            let named = Self.options(in: sentence)
            let stated = Self.quantities(in: sentence)
            guard named.count == 1, let option = named.first, !stated.isEmpty else { continue }
            // A sentence may mention other amounts ("every 3 s"); the default must be among them.
            #expect(stated.contains(option.defaultText),
                    "\(document): \(option.key) default is \(option.defaultText), the text says: \(sentence)")
            checked += 1
        }
        if document == "docs/raspberry-pi.md" { #expect(checked > 0) }
    }

    /// The guide's table of every option, its default and meaning.
    @Test func theGuidesOptionTableListsEveryOptionWithItsDefault() throws {
        let text = try Self.text("docs/raspberry-pi.md")
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`"), cells[1].hasPrefix("`") else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] =
                cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        for option in ConfigOption.all {
            #expect(rows[option.key] == option.defaultText, "docs/raspberry-pi.md table: \(option.key)")
        }
    }
}

/// Substring search without the `_StringProcessing` module: the shipped binary is built with
/// its implicit import disabled (Package.swift), so that a static link cannot pull the regex
/// engine in for one `firstRange(of:)`. Character-wise, as `_StringProcessing`'s is.
extension Substring {
    public func firstRange(of key: String) -> Range<Index>? {
        guard let first = key.first else { return startIndex..<startIndex }
        var start = startIndex
        while let candidate = self[start...].firstIndex(of: first) {
            var i = candidate
            var k = key.startIndex
            while k < key.endIndex, i < endIndex, self[i] == key[k] {
                formIndex(after: &i)
                key.formIndex(after: &k)
            }
            if k == key.endIndex { return candidate..<i }
            start = index(after: candidate)
        }
        return nil
    }
}
